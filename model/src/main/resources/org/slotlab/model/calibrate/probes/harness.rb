# frozen_string_literal: false
# Slotlab calibration probe: the heap a benchmark harness hands a loop, and what the harness
# itself costs per iteration.
#
#   ruby --disable-gems harness.rb bare
#   ruby harness.rb rubygems | benchmark-driver
#   ruby [-I BENCHMARK_IPS/lib] harness.rb benchmark-ips
#   ruby harness.rb ruby-bench RUBY_BENCH_CHECKOUT
#
# It loads what the harness loads before the first iteration of a benchmark's body (nothing; or
# RubyGems; `require "benchmark/ips"`; ruby-bench's harness/harness.rb), reads the heap at that
# moment (pages per heap, objects allocated and not yet freed, old objects, the GC's state), then
# runs each heap's dying loop through a few GCs to learn what a GC keeps in it (as layout.rb does
# after boot), times what a GC costs in this heap (GC.stat(:time) per GC of a dying Object.new
# loop), and times the harness's own loop with an empty body. Prints one JSON object.
# Runs on CRuby 2.7 through master.
START_STAT = {}
GC.stat(START_STAT)

harness = ARGV[0] || "bare"
case harness
when "bare", "rubygems", "benchmark-driver"
  nil
when "benchmark-ips"
  begin
    require "benchmark/ips"
  rescue LoadError
    $stderr.puts "harness.rb: benchmark-ips is not installed for this Ruby (gem install benchmark-ips, or give its lib directory)"
    exit 3
  end
when "ruby-bench"
  dir = ARGV[1]
  path = dir && File.join(dir, "harness", "harness.rb")
  unless path && File.file?(path)
    $stderr.puts "harness.rb: ruby-bench needs the path of a ruby-bench checkout (with harness/harness.rb)"
    exit 3
  end
  $stdout = File.open(File::NULL, "w") # the harness prints RUBY_DESCRIPTION when it loads
  require path
  $stdout = STDOUT
else
  $stderr.puts "harness.rb: unknown harness '#{harness}' (bare, rubygems, benchmark-driver, benchmark-ips, ruby-bench)"
  exit 2
end

# The heap the body's first iteration finds.
STAT_HEAP = GC.respond_to?(:stat_heap) && !GC.stat_heap.empty?
at_start = GC.stat
heaps_at_start = STAT_HEAP ? GC.stat_heap.sort.map { |_, h| h.dup } : nil
info_at_start = GC.latest_gc_info
# (objspace is not loaded: its ~100 objects in the 40 B heap and ~25 in the 80 B one are not in the
# heap a benchmark finds, and a GC would count them as kept)

# What one GC costs in the heap this harness leaves: a dying Object.new loop (one 40 B slot per
# iteration, as in the bare probes) timed by GC.stat(:time) (ms, lazy sweep steps included) over
# a few hundred GCs. Every GC marks the harness's roots and sweeps every page its objects hold, in
# every heap, so the same loop's GCs cost more here than in a --disable-gems boot. GC.stat(:time)
# exists from Ruby 3.1. It runs before anything else allocates: the heap is the one the body finds
# (the kept-slot loops below take pages in every heap, which a 40 B loop never would).
def gc_cycles(n)
  s0 = GC.stat
  i = 0
  while i < n
    Object.new
    i += 1
  end
  s1 = GC.stat
  { n: n, gcs: s1[:count] - s0[:count], minor_gcs: s1[:minor_gc_count] - s0[:minor_gc_count],
    time_ms: s1[:time] - s0[:time], sweeping_ms: s1[:sweeping_time] && s1[:sweeping_time] - s0[:sweeping_time],
    heap_eden_pages: s1[:heap_eden_pages] }
end
# A busy host only slows a repeat, so the fastest steady repeat is the reading (the first starts
# mid-cycle from the harness's heap and is left out); on a noisy host one fast repeat may be luck:
# repeat, 7 to 21 times, until two more repeats land within 5% of the fastest.
gc_cost = nil
if GC.stat.key?(:time)
  gc_cost = []
  loop do
    gc_cost << gc_cycles(3_000_000)
    break if gc_cost.size >= 21
    next if gc_cost.size < 7
    per_gc = gc_cost.drop(1).select { |c| c[:gcs] > 0 }.map { |c| c[:time_ms].to_f / c[:gcs] }
    break if per_gc.empty?
    best = per_gc.min
    break if per_gc.count { |x| x <= best * 1.05 } >= 3
  end
end

consts = GC::INTERNAL_CONSTANTS
old_age = consts[:RVALUE_OLD_AGE] || 3
slot_sizes = STAT_HEAP ? heaps_at_start.map { |h| h[:slot_size] } : [consts[:BASE_SLOT_SIZE] || consts[:RVALUE_SIZE]]
slots_of = STAT_HEAP ? ->(i) { GC.stat_heap(i, :heap_eden_slots) } : ->(_) { GC.stat(:heap_available_slots) }

# What a GC keeps in each heap: a loop whose objects die at once and land only in that heap runs
# through old_age + 4 GCs; the most slots the heap held minus the mean free slots of the last
# four cycles is what its GCs keep.
A = "a".freeze
def run_to_gc(heap, len, slots_of)
  c = GC.count
  most = 0
  a0 = GC.stat(:total_allocated_objects)
  while GC.count == c
    s = slots_of.(heap)
    most = s if s > most
    len ? A * len : Object.new
  end
  [GC.stat(:total_allocated_objects) - a0, most]
end
# The first String#* length that lands in heap i: by the heap's allocation count where GC.stat_heap
# has one, else by ObjectSpace.memsize_of (Rubies before 3.2, loading objspace only there).
def landing_len(i, slot)
  if STAT_HEAP
    (0..1100).find do |l|
      a = GC.stat_heap(i, :total_allocated_objects)
      A * l
      GC.stat_heap(i, :total_allocated_objects) == a + 1
    end
  else
    require "objspace"
    (0..1100).find { |l| ObjectSpace.memsize_of(A * l) == slot }
  end
end
kept = slot_sizes.each_with_index.map do |slot, i|
  len = i.zero? ? nil : landing_len(i, slot)
  next nil if i.positive? && len.nil?
  cycles = Array.new(old_age + 4) { run_to_gc(i, len, slots_of) }
  steady = cycles.drop(old_age)
  most = steady.map { |_, m| m }.max
  free = (steady.sum { |a, _| a - 1 } / steady.size.to_f).round
  [most - free, 0].max
end

# The harness's own cost per iteration, with an empty body: the while loop, or a block call per
# iteration as benchmark-ips makes one (its x.report runs the block in a while loop).
def time_loop(n)
  t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
  i = 0
  while i < n
    i += 1
  end
  Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond) - t0
end

def time_block_calls(n)
  body = proc {}
  t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
  i = 0
  while i < n
    body.call
    i += 1
  end
  Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond) - t0
end
N = 3_000_000
time_loop(N / 10)
time_block_calls(N / 10)
loops = Array.new(5) { time_loop(N) }.min
blocks = Array.new(5) { time_block_calls(N) }.min

# the JSON writer is loaded last: its code is the probe's, not the harness's, and must not count as kept
require_relative "_common"
SlotlabJson.write({
  probe: "harness", probe_version: 2, harness: harness, ruby_version: RUBY_VERSION, ruby_description: RUBY_DESCRIPTION,
  gems_loaded: defined?(Gem) ? true : false,
  at_start: {
    gc_count: at_start[:count], minor_gc_count: at_start[:minor_gc_count], major_gc_count: at_start[:major_gc_count],
    old_objects: at_start[:old_objects], heap_live_slots: at_start[:heap_live_slots],
    heap_eden_pages: at_start[:heap_eden_pages], total_allocated_objects: at_start[:total_allocated_objects],
    total_freed_objects: at_start[:total_freed_objects], malloc_increase_bytes: at_start[:malloc_increase_bytes],
    state: info_at_start[:state].to_s, last_major_by: info_at_start[:major_by].to_s,
    heaps: heaps_at_start ? heaps_at_start.map { |h| { slot_size: h[:slot_size], pages: h[:heap_eden_pages], allocated: h[:total_allocated_objects], freed: h[:total_freed_objects] } } : nil,
  },
  gc_count_at_script_start: START_STAT[:count],
  kept_by_heap: kept,
  gc_cycles: gc_cost,
  slot_sizes: slot_sizes,
  loop_ns: loops.fdiv(N),
  block_call_loop_ns: blocks.fdiv(N),
})
