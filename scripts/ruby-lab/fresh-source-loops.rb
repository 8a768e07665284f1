# frozen_string_literal: true
# Times the lab's fresh-source loop and the loops it is made of, each in fresh processes pinned to
# CPU 1, interleaved: the unpatched loop (a fresh 10,000 B source and a 100 B suffix, which makes a
# new root that takes over the buffer) with glibc's trims on and off, the same source without the
# suffix, and both with CRuby's malloc limit held at 8 or 17 MB (the 40 B heap given 40,000 slots, so
# that malloc starts every GC), plus the same root and suffix over 1,000 and 2,000 B sources and over a
# frozen source (no new root). What the differences tell apart: the cost of the root and the suffix,
# of glibc's trims, and of the bytes a GC cycle runs through.
#
# Usage: ruby scripts/ruby-lab/fresh-source-loops.rb RUBY [PROCESSES]
#   PROCESSES: fresh processes per loop (default 5). Prints, per loop, the fastest and median ns an
#   iteration (300,000 after a 100,000 warm-up), the same outside GC, GC ns an iteration, GCs, majors
#   and minor page faults an iteration.
require "rbconfig"

ruby = ARGV[0] or abort("usage: fresh-source-loops.rb RUBY [PROCESSES]")
abort("fresh-source-loops.rb: #{ruby} is not an executable Ruby") unless File.executable?(ruby)
procs = Integer(ARGV[1] || 5, exception: false)
abort("fresh-source-loops.rb: PROCESSES must be a whole number above 0, not '#{ARGV[1]}'") unless procs&.positive?
pin = system("command -v taskset >/dev/null 2>&1") ? ["taskset", "-c", "1"] : []

NOTRIM = { "GLIBC_TUNABLES" => "glibc.malloc.trim_threshold=4294967295" }.freeze
def held(mb)
  { "RUBY_GC_MALLOC_LIMIT" => (mb * 1_000_000).to_s, "RUBY_GC_MALLOC_LIMIT_MAX" => (mb * 1_000_000).to_s,
    "RUBY_GC_HEAP_0_INIT_SLOTS" => "40000" }.merge(NOTRIM)
end
UNPATCHED = "s = X * 10000; s.byteslice(9900, 100)"
LOOPS = {
  "unpatched loop, trims on" => [UNPATCHED, {}],
  "unpatched loop, trims off" => [UNPATCHED, NOTRIM],
  "source alone, trims on" => ["X * 10000", {}],
  "unpatched loop, 8 MB a cycle" => [UNPATCHED, held(8)],
  "source alone, 8 MB a cycle" => ["X * 10000", held(8)],
  "source alone, 17 MB a cycle" => ["X * 10000", held(17)],
  "1,000 B source and suffix, 8 MB" => ["s = X * 1000; s.byteslice(800, 200)", held(8)],
  "1,000 B source alone, 8 MB" => ["X * 1000", held(8)],
  "2,000 B source and suffix, 8 MB" => ["s = X * 2000; s.byteslice(1800, 200)", held(8)],
  "2,000 B source alone, 8 MB" => ["X * 2000", held(8)],
  "frozen 10,000 B source and suffix, 8 MB" => ["s = (X * 10000).freeze; s.byteslice(9800, 200)", held(8)],
  "frozen 10,000 B source alone, 8 MB" => ["(X * 10000).freeze", held(8)],
}.freeze

def script(body)
  <<~RUBY
    X = "a"
    def run(n) = (i = 0; while i < n; #{body}; i += 1; end)
    def faults = File.read("/proc/self/stat").split(") ", 2).last.split(" ")[7].to_i
    run(100_000)
    f0 = faults; g0 = GC.stat; t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
    run(300_000)
    t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond); g1 = GC.stat; f1 = faults
    puts [(t1 - t0) / 300_000.0, (g1[:time] - g0[:time]) * 1e6 / 300_000, g1[:count] - g0[:count],
          g1[:major_gc_count] - g0[:major_gc_count], (f1 - f0) / 300_000.0].join(" ")
  RUBY
end

runs = Hash.new { |h, k| h[k] = [] }
procs.times do
  LOOPS.each do |name, (body, env)|
    out = IO.popen(env, pin + [ruby, "--disable-gems", "-e", script(body)], &:read)
    abort("fresh-source-loops.rb: '#{name}' failed under #{ruby}") unless $?.success?
    runs[name] << out.split.map(&:to_f)
  end
end
puts "#{`#{ruby} -v`.strip}, #{procs} processes a loop, #{Time.now.utc.strftime('%Y-%m-%d %H:%M UTC')}"
puts "| loop | fastest ns | median ns | outside GC, fastest | GC ns | GCs | majors | faults/iteration |"
puts "|---|--:|--:|--:|--:|--:|--:|--:|"
runs.each do |name, rs|
  best = rs.min_by(&:first)
  median = rs.map(&:first).sort[rs.size / 2]
  outside = rs.map { |r| r[0] - r[1] }.min
  printf("| %s | %.1f | %.1f | %.1f | %.1f | %d | %d | %.4f |\n", name, best[0], median, outside, best[1], best[2], best[3], best[4])
end
