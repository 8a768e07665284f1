# frozen_string_literal: true
# One measured allocation loop per process.
# Usage: ruby [--disable-gems] gc_loop.rb CASE N   -> one JSON object on stdout.
# The loop body is compiled with eval so that each case runs inline (no block call per
# iteration); string literals come from frozen constants so the loop allocates only what the
# case expression allocates. GC.stat is read into hashes created before the loop; json and
# objspace are required only after the loop so that they do not disturb the measured heap.
# No GC.start: the "before" state is the heap as the script finds it, recorded in full.

X = "x"
A = "a"
SRC_BYTES = 1000
SRC = (A * SRC_BYTES).freeze

CASES = {}
CASES["object_new"] = "Object.new"
CASES["str_times_15"] = "X * 15"
CASES["str_times_100"] = "X * 100"
CASES["str_times_10000"] = "X * 10_000"
[10, 30, 100, 500].each do |len|
  CASES["middle_frozen_#{len}"] = "SRC.byteslice(1, #{len})"
  CASES["suffix_frozen_#{len}"] = "SRC.byteslice(SRC_BYTES - #{len}, #{len})"
  CASES["suffix_fresh2000_#{len}"] = "s = A * 2000; s.byteslice(s.bytesize - #{len}, #{len})"
  CASES["suffix_fresh200_#{len}"] = "s = String.new(A * 200); s.byteslice(s.bytesize - #{len}, #{len})" if len <= 200
end
[10_000, 200_000].each do |r|
  CASES["ring_object_#{r}"] = "KEEP[i % #{r}] = Object.new"
  CASES["ring_suffix_frozen_100_#{r}"] = "KEEP[i % #{r}] = SRC.byteslice(SRC_BYTES - 100, 100)"
  CASES["keep_first_object_#{r}"] = "o = Object.new; KEEP << o if i < #{r}"
  CASES["keep_first_suffix_frozen_100_#{r}"] = "o = SRC.byteslice(SRC_BYTES - 100, 100); KEEP << o if i < #{r}"
end

name = ARGV.fetch(0)
n = Integer(ARGV.fetch(1))
expr = CASES.fetch(name) { abort "unknown case #{name}; known: #{CASES.keys.join(' ')}" }
ring = name[/\Aring_.*_(\d+)\z/, 1]
KEEP = ring ? Array.new(Integer(ring)) : []

loop_src = "def measured_loop(n)\n  i = 0\n  while i < n\n    #{expr}\n    i += 1\n  end\nend\n"
eval(loop_src)

# GC.stat_heap (3.2+) allocates its result hashes, so it is read before GC.stat(before) and
# after the clock stops.
heap_before = GC.respond_to?(:stat_heap) ? GC.stat_heap : nil
before = {}
after = {}
GC.stat(before)
t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
measured_loop(n)
t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
GC.stat(after)
latest = GC.latest_gc_info
heap_after = GC.respond_to?(:stat_heap) ? GC.stat_heap : nil

require "objspace"
require "json"
# Representation check: evaluate the case expression once more and measure what it returns.
i = 0
sample = eval(expr.sub(/\AKEEP\[i % \d+\] = /, "") + (name.start_with?("keep_first") ? "; o" : ""))
probe = {}
if name.start_with?("suffix_fresh")
  len = Integer(name[/_(\d+)\z/, 1])
  s = name.include?("2000") ? A * 2000 : String.new(A * 200)
  sl = s.byteslice(s.bytesize - len, len)
  probe = { source_memsize_after_slice: ObjectSpace.memsize_of(s), source_frozen_after_slice: s.frozen? }
end

delta = ->(k) { after[k].to_i - before[k].to_i }
out = {
  case: name, expr: expr, n: n,
  elapsed_ns: t1 - t0, ns_per_iter: (t1 - t0).fdiv(n),
  gc_count: delta.(:count), minor_gc_count: delta.(:minor_gc_count), major_gc_count: delta.(:major_gc_count),
  allocated_objects_per_iter: delta.(:total_allocated_objects).fdiv(n),
  heap_allocated_pages_before: before[:heap_allocated_pages], heap_allocated_pages_after: after[:heap_allocated_pages],
  malloc_increase_bytes_after: after[:malloc_increase_bytes], malloc_increase_bytes_limit_after: after[:malloc_increase_bytes_limit],
  sample_class: sample.class.name, sample_bytesize: sample.respond_to?(:bytesize) ? sample.bytesize : nil,
  sample_memsize: ObjectSpace.memsize_of(sample),
  latest_gc_info: latest,
  gc_stat_before: before, gc_stat_after: after,
  gc_stat_heap_before: heap_before, gc_stat_heap_after: heap_after,
}.merge(probe)
puts JSON.generate(out)
