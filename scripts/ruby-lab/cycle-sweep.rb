# frozen_string_literal: true
# The memory a GC cycle runs through, varied with the work per iteration held fixed: the lab's
# `s = X * 1000; s.byteslice(500, 500)` loop (a fresh 1,000 B source, its 500 B suffix), each run in a
# fresh `ruby --disable-gems` process, pinned, with the 40 B heap given room
# (RUBY_GC_HEAP_0_INIT_SLOTS) so that the 640 B heap's init slots (RUBY_GC_HEAP_4_INIT_SLOTS) set how
# many iterations a GC cycle holds on a build that embeds the suffix. Per run: ns per iteration, GCs,
# GC time, minor faults and each heap's pages after the loop. How the time per iteration grows with the
# cycle's bytes is the machine's cache capacity as an allocating loop feels it (docs/FIT.md).
#
# --loops takes other loops too, to tell apart what the cycle's cost needs (each one a 640 B slot per
# iteration on an embedding build): suffix-of-frozen (the slot written, no buffer), buffer-and-allocate
# (a 1,000 B buffer and a 640 B object whose header alone is written), buffer-and-frozen-suffix (both
# written, the copy from another string), and copy-1000/2000/4000-and-frozen-suffix (the same, but the
# fresh buffer of 1,000, 2,000 or 4,000 B written by one memcpy, String#+ of a long string and an empty
# one, where `x * 1000` doubles in eleven memcpys: how the cost of a byte cycled depends on the length
# of the write). --glibc-tunables STRING runs every Ruby a second time with GLIBC_TUNABLES=STRING, as
# another build interleaved with the first (for example glibc.cpu.x86_rep_movsb_threshold=512: whether
# the cost follows memcpy's switch to `rep movsb`).
#
# Usage: ruby scripts/ruby-lab/cycle-sweep.rb --ruby NAME=PATH [...] [--runs 3] [--cpu 1]
#          [--slots 2000,4000,...] [--loops own-suffix,suffix-of-frozen,...]
#          [--glibc-tunables STRING] --out FILE.json
require "json"
require "optparse"
require "tempfile"
require "time"

LOOPS = {
  "own-suffix" => "s = x * 1000; s.byteslice(500, 500)",
  "suffix-of-frozen" => "SRC.byteslice(500, 500)",
  "buffer-and-allocate" => "s = x * 1000; K.allocate",
  "buffer-and-frozen-suffix" => "s = x * 1000; SRC.byteslice(500, 500)",
  "copy-1000-and-frozen-suffix" => "s = Y1000 + E; SRC.byteslice(500, 500)",
  "copy-2000-and-frozen-suffix" => "s = Y2000 + E; SRC.byteslice(500, 500)",
  "copy-4000-and-frozen-suffix" => "s = Y4000 + E; SRC.byteslice(500, 500)",
}.freeze

LOOP = <<~'RUBY'
  n = Integer(ENV.fetch("SWEEP_N"))
  x = "a"
  SRC = ("a" * 1000).freeze
  E = ""
  Y1000 = "a" * 1000
  Y2000 = "a" * 2000
  Y4000 = "a" * 4000
  K = Class.new # sized by one instance with 78 ivars: later instances take 640 B slots
  o = K.new
  78.times { |k| o.instance_variable_set(:"@v#{k}", k) }
  o = nil
  i = 0
  while i < n
    i += 1
  end
  stat = ->() { File.read("/proc/self/stat").split(") ", 2).last.split(" ")[7].to_i }
  g0 = GC.stat
  f0 = stat.()
  t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
  i = 0
  while i < n
    BODY
    i += 1
  end
  t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
  f1 = stat.()
  g1 = GC.stat
  pages = GC.stat_heap.sort.map { |_, h| h[:heap_eden_pages] }
  require "json"
  puts JSON.generate(n: n, elapsed_ns: t1 - t0, gcs: g1[:count] - g0[:count], majors: g1[:major_gc_count] - g0[:major_gc_count],
                     gc_time_ms: g1[:time] - g0[:time], minflt: f1 - f0, pages_after: pages)
RUBY

opts = { rubies: [], runs: 3, cpu: nil, tunables: nil, slots: [2000, 4000, 6000, 8000, 10000, 12000], loops: ["own-suffix"], n: 2_000_000, out: nil }
OptionParser.new do |o|
  o.banner = "usage: ruby cycle-sweep.rb --ruby NAME=PATH [...] --out FILE.json [options]"
  o.on("--ruby NAME=PATH") { |v| n, pth = v.split("=", 2); opts[:rubies] << [n, pth] }
  o.on("--runs N", Integer) { |v| opts[:runs] = v }
  o.on("--cpu N", Integer) { |v| opts[:cpu] = v }
  o.on("--slots LIST") { |v| opts[:slots] = v.split(",").map { |s| Integer(s) } }
  o.on("--iterations N", Integer) { |v| opts[:n] = v }
  o.on("--loops LIST") { |v| opts[:loops] = v.split(",") }
  o.on("--glibc-tunables STRING") { |v| opts[:tunables] = v }
  o.on("--out FILE") { |v| opts[:out] = v }
end.parse!
abort "cycle-sweep.rb: give at least one --ruby NAME=PATH" if opts[:rubies].empty?
abort "cycle-sweep.rb: give --out FILE" unless opts[:out]
opts[:rubies].each { |n, pth| abort "cycle-sweep.rb: --ruby #{n}: #{pth} is not an executable" unless pth && File.executable?(pth) }
abort "cycle-sweep.rb: --slots must be positive numbers" if opts[:slots].empty? || opts[:slots].any? { |s| s <= 0 }
unknown = opts[:loops] - LOOPS.keys
abort "cycle-sweep.rb: --loops: unknown #{unknown.join(", ")} (known: #{LOOPS.keys.join(", ")})" unless unknown.empty?
tunables = {}
if opts[:tunables]
  opts[:rubies] = opts[:rubies].flat_map do |n, pth|
    tunables["#{n}+tunables"] = opts[:tunables]
    [[n, pth], ["#{n}+tunables", pth]]
  end
end
taskset = opts[:cpu] && system("command -v taskset >/dev/null 2>&1") ? ["taskset", "-c", opts[:cpu].to_s] : []

scripts = opts[:loops].to_h do |name|
  f = Tempfile.new(["cycle-sweep-#{name}", ".rb"])
  f.write(LOOP.sub("BODY", LOOPS.fetch(name)))
  f.flush
  [name, f]
end
results = []
opts[:runs].times do |run|
  opts[:loops].product(opts[:slots]).each do |loop_name, slots|
    script = scripts.fetch(loop_name)
    # rotate which Ruby goes first, so that no build always runs right after another
    opts[:rubies].rotate(run % opts[:rubies].size).each do |name, path|
      env = { "RUBY_GC_HEAP_0_INIT_SLOTS" => "40000", "RUBY_GC_HEAP_4_INIT_SLOTS" => slots.to_s, "SWEEP_N" => opts[:n].to_s }
      env["GLIBC_TUNABLES"] = tunables[name] if tunables[name]
      out = IO.popen(env, taskset + [path, "--disable-gems", script.path], err: [:child, :out], &:read)
      line = out.lines.last
      unless $?.success? && line&.start_with?("{")
        abort "cycle-sweep.rb: #{loop_name} on #{name} with #{slots} init slots failed: #{out.lines.last(3).join.strip}"
      end
      results << { loop: loop_name, ruby: name, heap_4_init_slots: slots, run: run + 1 }.merge(JSON.parse(line, symbolize_names: true))
      r = results.last
      $stderr.puts format("run %d %-24s %-14s %6d init slots: %6.1f ns/op %5d GCs %4d faults pages %s",
                          run + 1, loop_name, name, slots, r[:elapsed_ns].fdiv(r[:n]), r[:gcs], r[:minflt], r[:pages_after].join("/"))
    end
  end
end

rubies = opts[:rubies].map do |name, path|
  desc = IO.popen([path, "--disable-gems", "-e", "print RUBY_DESCRIPTION"], &:read)
  { name: name, path: path, description: desc, glibc_tunables: tunables[name] }.compact
end
cpu = File.exist?("/proc/cpuinfo") ? File.read("/proc/cpuinfo")[/^model name\s*:\s*(.+)$/, 1] : nil
caches = `getconf -a 2>/dev/null`.lines.grep(/^LEVEL\d_D?CACHE_SIZE/).to_h { |l| k, v = l.split; [k, v.to_i] }
File.write(opts[:out], JSON.pretty_generate(
  date: Time.now.utc.iso8601, machine: { uname: `uname -srm`.strip, cpu: cpu, cores: `nproc`.to_i, caches: caches,
                                          pinned_cpu: taskset.empty? ? nil : opts[:cpu] },
  loops: opts[:loops].to_h { |l| [l, LOOPS.fetch(l)] }, iterations: opts[:n],
  env: { "RUBY_GC_HEAP_0_INIT_SLOTS" => 40000, "RUBY_GC_HEAP_4_INIT_SLOTS" => "per run" },
  rubies: rubies, runs: results) + "\n")
puts "wrote #{opts[:out]}: #{results.size} runs"
