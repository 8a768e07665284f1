# frozen_string_literal: true
# Slotlab measurement probe: master's str_subseq on this Ruby, for overlaying on the model's curve.
# Run as `ruby --disable-gems measure.rb SOURCE SOURCE_LEN COUNT REPEATS LEN...` with SOURCE one of
#   frozen             SRC.byteslice(SOURCE_LEN - len, len), SRC a frozen string built once
#   unfrozen-unshared  s = A * SOURCE_LEN; s.byteslice(SOURCE_LEN - len, len), a fresh source each time
# (the suffix loop of the Feature #22186 thread and of Slotlab's SliceLoop). Each length runs COUNT slices in a
# method compiled with eval, once to warm up and then REPEATS times, recording the monotonic time,
# GC.count and total_allocated_objects deltas; an empty loop of COUNT iterations gives the loop
# overhead. Prints one JSON object on stdout; progress lines on stderr, each
#   slotlab-progress DONE TOTAL NAME
# Must run on CRuby 2.7 through master.
require "objspace"

require_relative "_common"

usage = "usage: measure.rb frozen|unfrozen-unshared SOURCE_LEN COUNT REPEATS LEN..."
abort usage if ARGV.size < 5
source = ARGV[0]
abort "measure.rb: unknown source '#{source}'; #{usage}" unless %w[frozen unfrozen-unshared].include?(source)
source_len, count, repeats = ARGV[1..3].map { |a| Integer(a) }
lens = ARGV[4..].map { |a| Integer(a) }
abort "measure.rb: every LEN must be between 0 and SOURCE_LEN (#{source_len})" unless lens.all? { |l| l >= 0 && l <= source_len }
abort "measure.rb: COUNT and REPEATS must be > 0" unless count.positive? && repeats.positive?

A = "a"
SRC = (A * source_len).freeze
SOURCE_LEN = source_len

def slotlab_empty(n)
  i = 0
  while i < n
    i += 1
  end
  nil
end

lens.each do |len|
  body = source == "frozen" ? "SRC.byteslice(#{source_len - len}, #{len})" : "s = A * #{source_len}; s.byteslice(#{source_len - len}, #{len})"
  eval("def slotlab_len_#{len}(n)\n  i = 0\n  while i < n\n    #{body}\n    i += 1\n  end\n  nil\nend\n")
end

def slotlab_time(meth, n)
  before = {}
  after = {}
  GC.stat(before)
  t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
  send(meth, n)
  t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
  GC.stat(after)
  { elapsed_ns: t1 - t0, gc_count: after[:count] - before[:count],
    allocated_objects: after[:total_allocated_objects] - before[:total_allocated_objects] }
end

total = (lens.size + 1) * repeats
step = 0
progress = lambda do |name|
  SlotlabProgress.report(step, total, name)
  step += 1
end

send(:slotlab_empty, [count / 10, 1].max)
empty = Array.new(repeats) do
  progress.("empty_loop")
  slotlab_time(:slotlab_empty, count)
end
rows = lens.map do |len|
  meth = :"slotlab_len_#{len}"
  send(meth, [count / 10, 1].max)
  reps = Array.new(repeats) do
    progress.("len #{len}")
    slotlab_time(meth, count)
  end
  sample = source == "frozen" ? SRC.byteslice(source_len - len, len) : (A * source_len).byteslice(source_len - len, len)
  { len: len, repeats: reps, sample_memsize: ObjectSpace.memsize_of(sample) }
end
SlotlabProgress.report(total, total, "done")

out = {
  probe: "measure",
  probe_version: 1,
  ruby_version: RUBY_VERSION,
  ruby_description: RUBY_DESCRIPTION,
  source: source,
  source_len: source_len,
  count: count,
  empty_loop: empty,
  rows: rows,
}
SlotlabJson.write(out)
