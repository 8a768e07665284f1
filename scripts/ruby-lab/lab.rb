# frozen_string_literal: true
# Slotlab's validation lab: times the Feature #22186 micro-benchmarks
# (https://bugs.ruby-lang.org/issues/22186) on several Rubies, each loop in a fresh process,
# the Rubies interleaved (run 1 of every configuration, then run 2, ...), and writes one JSON file
# with every run and its provenance. The model replays the file: each patched build is predicted
# from a calibration of the unpatched one alone.
#
# Usage (any Ruby >= 2.7 runs the driver; the measured Rubies run the loops):
#   ruby scripts/ruby-lab/lab.rb --ruby base=/opt/slotlab-rubies/base/bin/ruby \
#        --ruby cutoff-256=/opt/slotlab-rubies/cutoff-256/bin/ruby [--ruby ...] \
#        [--runs 5] [--harness bare,rubygems,benchmark-ips] [--rows REGEX] [--scale 1.0] \
#        [--cpu 1] [--ips-lib DIR] --out sample-data/measured/lab/FILE.json
#
#   --harness  bare: `ruby --disable-gems`, the body inlined in a `while` loop (benchmark-driver's
#              shape: an empty loop is timed first and reported apart);
#              rubygems: the same with RubyGems loaded (a plain `ruby script.rb`);
#              benchmark-ips: benchmark-ips's `x.report { body }` (a block call per iteration),
#              from the benchmark-ips checkout given by --ips-lib (its lib/ directory).
#   --cpu N    pin every loop to CPU N with taskset (when available), away from other work.
#   --gc-sequence  (bare only) record every GC of the timed loop instead of timing it alone: the
#              iteration it came in, what started it (GC.latest_gc_info's :gc_by, :major_by) and
#              each heap's pages after it (where they changed). The loop then checks GC.count after every iteration
#              (no allocation: the records go into an Array made before the loop), so its times are
#              not the lab's; the file is for comparing the simulation's GCs with CRuby's, one by one.
#   --scale    multiply every row's iteration count (0.1 for a quick look).
require "json"
require "optparse"
require "tempfile"
require "rbconfig"
require "time"

LAB_VERSION = 1

# The rows: one loop body each. kind + params are what the model reads to rebuild the workload.
ROWS = []
def row(id, kind, n, env: nil, **params)
  ROWS << { id: id, kind: kind, n: n, params: params, env: env }.compact
end

SUFFIX_LENS = [1, 15, 16, 23, 50, 55, 56, 100, 135, 136, 200, 231, 232, 250, 295, 296, 500, 615, 616, 999, 1000]
SUFFIX_LENS.each do |len|
  row("subseq-frozen-suffix-#{len}", "subseq", 3_000_000, len: len, src_len: 10_000, source: "frozen", position: "suffix")
end
[16, 50, 100, 200, 231, 250, 500, 615].each do |len|
  row("subseq-fresh1000-suffix-#{len}", "subseq", 1_000_000, len: len, src_len: 1_000, source: "fresh", position: "suffix")
  row("subseq-fresh10000-suffix-#{len}", "subseq", 300_000, len: len, src_len: 10_000, source: "fresh", position: "suffix")
end
[50, 100, 200, 500].each do |len|
  row("subseq-shared-suffix-#{len}", "subseq", 3_000_000, len: len, src_len: 10_000, source: "shared", position: "suffix")
  row("subseq-frozen-middle-#{len}", "subseq", 3_000_000, len: len, src_len: 10_000, source: "frozen", position: "middle")
end
[10, 30, 60, 100, 200, 300].each do |len|
  row("split-fresh-#{len}", "split", 1_000_000, key_len: 4, value_len: len, receiver: "fresh")
  row("split-reuse-#{len}", "split", 1_000_000, key_len: 4, value_len: len, receiver: "reuse")
end
# byroot's slot-size benchmark (Class#new of a class sized to each slot) and String#* per slot.
[0, 3, 8, 18, 38, 78].each do |ivars|
  row("new-ivars-#{ivars}", "new", 10_000_000, ivars: ivars)
end
[1, 15, 16, 55, 56, 135, 136, 295, 296, 615, 616, 1000, 10_000].each do |len|
  row("strmul-#{len}", "strmul", len > 615 ? 1_000_000 : 3_000_000, len: len)
end

# The same allocations with more room in one heap (its init slots raised): as many slots
# allocated, fewer GCs, more memory cycled per GC cycle.
[[0, 0, [10_000, 100_000, 1_000_000]], [18, 2, [3_000, 30_000, 300_000]], [78, 4, [2_000, 10_000, 50_000, 200_000]]].each do |ivars, heap, inits|
  inits.each do |init|
    row("new-ivars-#{ivars}-heap#{heap}-init#{init}", "new", ivars == 78 ? 1_000_000 : 3_000_000,
        env: { "RUBY_GC_HEAP_#{heap}_INIT_SLOTS" => init.to_s }, ivars: ivars)
  end
end

# Embedded strings in the same big heaps: as many slots, more of each slot written.
[[296, 4, [2_000, 10_000, 50_000, 200_000]], [615, 4, [2_000, 10_000, 50_000, 200_000]], [136, 3, [3_000, 100_000]], [295, 3, [3_000, 100_000]]].each do |len, heap, inits|
  inits.each do |init|
    row("strmul-#{len}-heap#{heap}-init#{init}", "strmul", 1_000_000, env: { "RUBY_GC_HEAP_#{heap}_INIT_SLOTS" => init.to_s }, len: len)
  end
end

# ------------------------------------------------------------------ the loop of one row

def body_of(r)
  p = r[:params]
  case r[:kind]
  when "subseq"
    off = p[:position] == "suffix" ? p[:src_len] - p[:len] : 1
    case p[:source]
    when "frozen"
      [%(SRC = ("a" * #{p[:src_len]}).freeze), "SRC.byteslice(#{off}, #{p[:len]})"]
    when "shared"
      # a shared (not frozen) source: the suffix of a longer string, which now shares a root
      [%(SRC_BASE = "a" * #{p[:src_len] + 1}\nSRC = SRC_BASE.byteslice(1, #{p[:src_len]})), "SRC.byteslice(#{off}, #{p[:len]})"]
    when "fresh"
      [%(X = "a"), "s = X * #{p[:src_len]}; s.byteslice(#{off}, #{p[:len]})"]
    else raise "unknown source #{p[:source]}"
    end
  when "split"
    key = "k" * p[:key_len]
    case p[:receiver]
    when "fresh" then [%(K = "#{key}:"\nV = "v" * #{p[:value_len]}), 's = K + V; s.split(":", 2)']
    when "reuse" then [%(S = "#{key}:" + "v" * #{p[:value_len]}), 'S.split(":", 2)']
    when "frozen" then [%(S = ("#{key}:" + "v" * #{p[:value_len]}).freeze), 'S.split(":", 2)']
    else raise "unknown receiver #{p[:receiver]}"
    end
  when "new"
    # byroot's make_size: give one instance k ivars so that later instances are sized for them
    ["K = Class.new\no = K.new\n#{p[:ivars]}.times { |i| o.instance_variable_set(:\"@v\#{i}\", i) }", "K.new"]
  when "strmul"
    [%(X = "a"), "X * #{p[:len]}"]
  else raise "unknown kind #{r[:kind]}"
  end
end

SNAPSHOT = <<~'RUBY'
  def __slotlab_proc
    stat = File.read("/proc/self/stat").split(") ", 2).last.split(" ")
    status = File.read("/proc/self/status")
    { minflt: stat[7].to_i, majflt: stat[9].to_i,
      rss_kb: status[/^VmRSS:\s+(\d+)/, 1].to_i, hwm_kb: status[/^VmHWM:\s+(\d+)/, 1].to_i }
  end
  def __slotlab_snapshot
    pr = __slotlab_proc
    st = GC.stat
    heaps = GC.respond_to?(:stat_heap) ? GC.stat_heap.sort.map { |_, h| h.slice(:slot_size, :heap_eden_pages, :heap_eden_slots, :total_allocated_objects, :total_freed_objects, :force_major_gc_count, :force_incremental_marking_finish_count) } : []
    info = GC.latest_gc_info
    pr.merge(gc: st, heaps: heaps, state: info[:state].to_s, last_major_by: info[:major_by].to_s, last_gc_by: info[:gc_by].to_s)
  end
  def __slotlab_clock = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
  def __slotlab_out(h)
    require "json" # after the loop: loading it must not change the heap the loop finds
    $stdout.puts JSON.generate(h)
  end
RUBY

# The loop as --gc-sequence runs it: after every iteration, if GC.count moved, one record per GC
# (iteration, gc_by, major_by, then each heap's pages) into an Array allocated before the loop.
GC_RECORD = 8
def gc_sequence_script(r, n)
  prelude, body = body_of(r)
  <<~RUBY
    #{SNAPSHOT}
    #{prelude}
    __heaps = GC.respond_to?(:stat_heap) ? GC.stat_heap.size : 0
    __log = Array.new(#{GC_RECORD} * 20_000, 0)
    __k = 0
    __n = #{n}
    __before = __slotlab_snapshot
    __c = GC.count
    __i = 0
    while __i < __n
      #{body}
      __i += 1
      if GC.count != __c
        __c = GC.count
        if __k + #{GC_RECORD} <= __log.size
          __log[__k] = __i
          __log[__k + 1] = GC.latest_gc_info(:gc_by)
          __log[__k + 2] = GC.latest_gc_info(:major_by)
          __h = 0
          while __h < __heaps && __h < #{GC_RECORD - 3}
            __log[__k + 3 + __h] = GC.stat_heap(__h, :heap_eden_pages)
            __h += 1
          end
          __k += #{GC_RECORD}
        end
      end
    end
    __after = __slotlab_snapshot
    __last = nil
    __gcs = (0...(__k / #{GC_RECORD})).map do |g|
      rec = __log[g * #{GC_RECORD}, #{GC_RECORD}]
      pages = rec[3, [__heaps, #{GC_RECORD - 3}].min]
      # each heap's pages only where they changed since the GC before
      h = { iteration: rec[0], gc_by: rec[1].to_s, major_by: rec[2].to_s }
      h[:pages] = pages if pages != __last
      __last = pages
      h
    end
    __slotlab_out({ n: __n, elapsed_ns: 0, empty_loop_ns: 0, gc_sequence: __gcs, before: __before, after: __after })
  RUBY
end

def script_for(r, harness, n)
  prelude, body = body_of(r)
  case harness
  when "bare", "rubygems"
    <<~RUBY
      #{SNAPSHOT}
      #{prelude}
      __n = #{n}
      __i = 0
      __e0 = __slotlab_clock
      while __i < __n
        __i += 1
      end
      __e1 = __slotlab_clock
      __before = __slotlab_snapshot
      __i = 0
      __t0 = __slotlab_clock
      while __i < __n
        #{body}
        __i += 1
      end
      __t1 = __slotlab_clock
      __after = __slotlab_snapshot
      __slotlab_out({ n: __n, elapsed_ns: __t1 - __t0, empty_loop_ns: __e1 - __e0, before: __before, after: __after })
    RUBY
  when "benchmark-ips"
    <<~RUBY
      #{SNAPSHOT}
      require "benchmark/ips"
      #{prelude}
      __before = __slotlab_snapshot
      __report = Benchmark.ips(quiet: true) do |x|
        x.config(warmup: 1, time: 3)
        x.report("row") { #{body} }
      end
      __after = __slotlab_snapshot
      __e = __report.entries.first
      __slotlab_out({ n: __e.iterations, elapsed_ns: (__e.microseconds * 1000).round, ips: __e.ips, before: __before, after: __after })
    RUBY
  else
    raise "unknown harness #{harness}"
  end
end

# ------------------------------------------------------------------ the driver

opts = { rubies: [], runs: 5, harness: %w[bare], rows: nil, scale: 1.0, cpu: nil, ips_lib: nil, out: nil, gc_sequence: false }
OptionParser.new do |o|
  o.banner = "usage: ruby lab.rb --ruby NAME=PATH [...] --out FILE [options]"
  o.on("--ruby NAME=PATH") { |v| n, pth = v.split("=", 2); opts[:rubies] << [n, pth] }
  o.on("--runs N", Integer) { |v| opts[:runs] = v }
  o.on("--harness LIST") { |v| opts[:harness] = v.split(",") }
  o.on("--rows REGEX") { |v| opts[:rows] = Regexp.new(v) }
  o.on("--scale X", Float) { |v| opts[:scale] = v }
  o.on("--cpu N", Integer) { |v| opts[:cpu] = v }
  o.on("--ips-lib DIR") { |v| opts[:ips_lib] = v }
  o.on("--out FILE") { |v| opts[:out] = v }
  o.on("--gc-sequence") { opts[:gc_sequence] = true }
  o.on("--list") { ROWS.each { |r| puts "#{r[:id]}  #{r[:kind]} n=#{r[:n]} #{r[:params]}" }; exit }
end.parse!
abort "lab.rb: give at least one --ruby NAME=PATH" if opts[:rubies].empty?
abort "lab.rb: give --out FILE" unless opts[:out]
opts[:rubies].each { |n, pth| abort "lab.rb: --ruby #{n}: #{pth} is not an executable" unless pth && File.executable?(pth) }
if opts[:harness].include?("benchmark-ips") && !(opts[:ips_lib] && File.file?(File.join(opts[:ips_lib], "benchmark", "ips.rb")))
  abort "lab.rb: the benchmark-ips harness needs --ips-lib DIR (a benchmark-ips checkout's lib/ directory)"
end
abort "lab.rb: --gc-sequence records bare loops only (--harness bare)" if opts[:gc_sequence] && opts[:harness] != %w[bare]
rows = opts[:rows] ? ROWS.select { |r| r[:id] =~ opts[:rows] } : ROWS
abort "lab.rb: --rows matches no row (see --list)" if rows.empty?
taskset = opts[:cpu] && system("command -v taskset >/dev/null 2>&1") ? ["taskset", "-c", opts[:cpu].to_s] : []

def capture(cmd, env = {})
  out = IO.popen(env, cmd, err: [:child, :out], &:read)
  [out, $?.success?]
end

# Busy and total jiffies of every CPU but `mine`, from /proc/stat (nil where there is none).
def other_cpu_jiffies(mine)
  return nil unless File.readable?("/proc/stat")
  File.foreach("/proc/stat").grep(/^cpu\d+ /).each_with_object([0, 0]) do |line, acc|
    f = line.split
    next if mine && f[0] == "cpu#{mine}"
    v = f[1..].map(&:to_i)
    idle = v[3] + v[4].to_i
    acc[0] += v.sum - idle
    acc[1] += v.sum
  end
end

# Runs one loop; on a machine shared with other work, a run during which the other CPUs were
# busy (their load slows this one: SMT siblings or a shared host) is repeated, up to QUIET_TRIES
# times, and the busy share is recorded with the run either way.
QUIET_LIMIT = 0.10
QUIET_TRIES = 8
def quiet_run(cmd, env, mine)
  tries = 0
  loop do
    tries += 1
    j0 = other_cpu_jiffies(mine)
    out, ok = capture(cmd, env)
    j1 = other_cpu_jiffies(mine)
    busy = j0 && j1 && (j1[1] - j0[1]).positive? ? (j1[0] - j0[0]).fdiv(j1[1] - j0[1]) : 0.0
    return [out, ok, busy, tries] if busy <= QUIET_LIMIT || tries >= QUIET_TRIES || !ok
    sleep 2
  end
end

def file_or_nil(path) = File.exist?(path) ? File.read(path) : nil

rubies = opts[:rubies].map do |name, path|
  desc, = capture([path, "--disable-gems", "-e", "print RUBY_DESCRIPTION"])
  build = file_or_nil(File.expand_path("../../.slotlab-build", path))
  info = build ? build.lines.to_h { |l| l.chomp.split("=", 2) } : {}
  { name: name, path: path, description: desc, build: info }
end

caches = Dir.glob("/sys/devices/system/cpu/cpu0/cache/index*").sort.map do |d|
  { level: File.read("#{d}/level").to_i, type: File.read("#{d}/type").strip, size: File.read("#{d}/size").strip }
end
cpu_model = (file_or_nil("/proc/cpuinfo") || "")[/^model name\s*:\s*(.+)$/, 1]
machine = { uname: `uname -srm`.strip, cpu: cpu_model, cores: `nproc`.to_i, caches: caches,
            mem_total_kb: (file_or_nil("/proc/meminfo") || "")[/^MemTotal:\s+(\d+)/, 1].to_i,
            pinned_cpu: taskset.empty? ? nil : opts[:cpu] }

results = {}
configs = rows.product(opts[:harness])
total = opts[:runs] * configs.size * rubies.size
step = 0
Dir.mktmpdir("slotlab-lab") do |dir|
  opts[:runs].times do |run|
    configs.each_with_index do |(r, harness), ci|
      n = [(r[:n] * opts[:scale]).round, 1000].max
      path = File.join(dir, "#{r[:id]}-#{harness}.rb")
      File.write(path, opts[:gc_sequence] ? gc_sequence_script(r, n) : script_for(r, harness, n))
      # rotate which Ruby goes first, so that no build always runs right after another
      order = rubies.rotate((run + ci) % rubies.size)
      order.each do |rb|
        step += 1
        cmd = taskset + [rb[:path]]
        cmd << "--disable-gems" if harness == "bare"
        cmd += ["-I", opts[:ips_lib]] if harness == "benchmark-ips"
        cmd << path
        # a GC sequence is a count, not a time: it needs no quiet machine
        out, ok, busy, tries = opts[:gc_sequence] ? [*capture(cmd, r[:env] || {}), 0.0, 1] : quiet_run(cmd, r[:env] || {}, opts[:cpu])
        key = [r[:id], harness]
        res = (results[key] ||= Hash.new { |h, k| h[k] = [] })
        if ok && (line = out.lines.last) && line.start_with?("{")
          res[rb[:name]] << JSON.parse(line).merge("other_cpu_busy" => busy.round(3), "tries" => tries)
        else
          res[rb[:name]] << { "error" => out.lines.last(3).join.strip }
        end
        $stderr.print "\r[#{step}/#{total}] run #{run + 1} #{r[:id]} #{harness} #{rb[:name]}          "
      end
    end
  end
end
$stderr.puts

out = {
  lab_version: LAB_VERSION,
  date: Time.now.utc.iso8601,
  machine: machine,
  rubies: rubies,
  runs: opts[:runs],
  gc_sequence: opts[:gc_sequence],
  rows: configs.map do |r, harness|
    { id: r[:id], kind: r[:kind], params: r[:params], env: r[:env] || {}, harness: harness, results: results[[r[:id], harness]] }
  end,
}
File.write(opts[:out], JSON.generate(out) + "\n")
puts "wrote #{opts[:out]}: #{configs.size} configurations x #{rubies.size} Rubies x #{opts[:runs]} runs"
