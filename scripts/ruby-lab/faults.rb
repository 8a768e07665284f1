# frozen_string_literal: true
# Minor page faults of loops that make one heap string per iteration, each loop in a fresh
# `ruby --disable-gems` process: the GCs it ran (GC.stat before and after) and the minor faults
# it took (/proc/self/stat field 10) while it ran. The model's simulation of glibc's main arena is
# checked against these (model/src/test/.../MallocFaultsMeasuredTest). Fault counts do not depend
# on timing, so a busy machine does not change them.
#
# With --brk (Linux, strace installed) each run also counts the loop's brk calls, as strace
# records them between the two reads of /proc/self/stat around the loop: how often glibc grew the
# heap and how often it gave its top back to the kernel (systrim), and how many pages each way.
# A trim is one brk system call that unmaps pages, so the kernel flushes them from the TLB of every
# CPU the process ran on; counted, not timed (strace slows the calls, not their number).
#
# With --price (needs --brk) each run is also timed twice, interleaved: as it is, and with glibc's
# trimming turned off (MALLOC_TRIM_THRESHOLD_ past any heap, so freed memory stays mapped and is
# reused without faulting). The differences price what trimming costs: GC time (the sweep's frees
# call systrim) against the trims and the pages they gave back, least squares over the loops, and
# the time outside GC against the faults taken again. Timed, so take it on a quiet machine.
#
# Usage: ruby scripts/ruby-lab/faults.rb --ruby NAME=PATH [...] [--runs 3] [--brk [--price]] [--loops REGEX] --out FILE.json
require "json"
require "optparse"
require "tempfile"
require "time"

# id, iterations, prelude, body: the loop `while i < n; BODY; i += 1; end`
LOOPS = [
  ["str10000", 300_000, "", "s = X * 10000"],
  ["str10000-2arrays", 300_000, "", "s = X * 10000; a = []; b = []"],
  ["str10000-shared-suffix", 300_000, "", "s = X * 10000; s.byteslice(9984, 16)"],
  ["str10000-embedded-middle", 300_000, "", "s = X * 10000; s.byteslice(1, 16)"],
  ["str10000-2strings", 300_000, "", 's = X * 10000; a = "x".dup; b = "y".dup'],
  ["str10000-600k", 600_000, "", "s = X * 10000"],
  ["str2000", 1_000_000, "", "s = X * 2000"],
  ["str5000", 500_000, "", "s = X * 5000"],
  ["str20000", 150_000, "", "s = X * 20000"],
  ["str20000-2arrays", 150_000, "", "s = X * 20000; a = []; b = []"],
  ["str1000", 1_000_000, "", "s = X * 1000"],
  ["str1000-1array", 1_000_000, "", "s = X * 1000; a = []"],
  ["str1000-3arrays", 1_000_000, "", "s = X * 1000; a = []; b = []; c = []"],
].freeze

SCRIPT = <<~'RUBY'
  def __minflt = File.read("/proc/self/stat").split(") ", 2).last.split(" ")[7].to_i
  X = "a"
  %<prelude>s
  __n = %<n>d
  __i = 0
  while __i < __n
    __i += 1
  end
  __s0 = GC.stat
  __f0 = __minflt
  __t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
  __i = 0
  while __i < __n
    %<body>s
    __i += 1
  end
  __t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
  __f1 = __minflt
  __s1 = GC.stat
  $stdout.puts [__n, __s1[:count] - __s0[:count], __s1[:major_gc_count] - __s0[:major_gc_count], __f1 - __f0,
                __t1 - __t0, __s1[:time].to_i - __s0[:time].to_i].join(" ")
RUBY

# brk calls in a strace log (`-e trace=brk,openat`) between the first and the last open of
# /proc/self/stat: grows and trims, and the pages each added or gave back
def brk_counts(log)
  lines = File.readlines(log)
  marks = lines.each_index.select { |i| lines[i].include?('"/proc/self/stat"') }
  return nil if marks.size < 2
  value = ->(l) { l =~ /^brk\(.*\)\s*=\s*(0x[0-9a-f]+)/ ? Integer(Regexp.last_match(1)) : nil }
  last = lines[0...marks.first].map(&value).compact.last
  c = { grows: 0, grown_pages: 0, trims: 0, trimmed_pages: 0 }
  lines[marks.first..marks.last].each do |l|
    v = value.(l) or next
    if last && v > last
      c[:grows] += 1
      c[:grown_pages] += (v - last) / 4096
    elsif last && v < last
      c[:trims] += 1
      c[:trimmed_pages] += (last - v) / 4096
    end
    last = v
  end
  c
end

# Least squares of y on the columns of x (rows of equal length), by the normal equations; nil when singular.
def least_squares(x, y)
  k = x.first.size
  a = Array.new(k) { |i| Array.new(k) { |j| x.sum(0.0) { |r| r[i] * r[j] } } }
  b = Array.new(k) { |i| x.each_with_index.sum(0.0) { |r, m| r[i] * y[m] } }
  k.times do |c|
    piv = (c...k).max_by { |r| a[r][c].abs }
    return nil if a[piv][c].abs < 1e-12
    a[c], a[piv] = a[piv], a[c]
    b[c], b[piv] = b[piv], b[c]
    (c + 1...k).each do |r|
      f = a[r][c] / a[c][c]
      (c...k).each { |j| a[r][j] -= f * a[c][j] }
      b[r] -= f * b[c]
    end
  end
  sol = Array.new(k, 0.0)
  (k - 1).downto(0) { |r| sol[r] = (b[r] - (r + 1...k).sum { |j| a[r][j] * sol[j] }) / a[r][r] }
  sol
end

def median(v) = v.sort[v.size / 2]

# glibc's trim threshold past any heap this loop grows: freed memory stays mapped
UNTRIMMED = { "MALLOC_TRIM_THRESHOLD_" => (1 << 40).to_s }.freeze

opts = { rubies: [], runs: 3, out: nil, brk: false, price: false, loops: nil }
OptionParser.new do |o|
  o.on("--ruby NAME=PATH") { |v| opts[:rubies] << v.split("=", 2) }
  o.on("--runs N", Integer) { |v| opts[:runs] = v }
  o.on("--brk") { opts[:brk] = true }
  o.on("--price") { opts[:price] = true }
  o.on("--loops REGEX") { |v| opts[:loops] = Regexp.new(v) }
  o.on("--out FILE") { |v| opts[:out] = v }
end.parse!
abort "faults.rb: give --ruby NAME=PATH and --out FILE" if opts[:rubies].empty? || opts[:out].nil?
abort "faults.rb: --brk needs strace (apt-get install strace)" if opts[:brk] && !system("command -v strace >/dev/null 2>&1")
abort "faults.rb: --price needs --brk (the trims it prices are counted by strace)" if opts[:price] && !opts[:brk]
loops = opts[:loops] ? LOOPS.select { |id, *| id =~ opts[:loops] } : LOOPS
abort "faults.rb: --loops matches no loop" if loops.empty?

results = []
Dir.mktmpdir("slotlab-faults") do |dir|
  opts[:rubies].each do |name, path|
    desc = IO.popen([path, "--disable-gems", "-e", "print RUBY_DESCRIPTION"], &:read)
    loops.each do |id, n, prelude, body|
      file = File.join(dir, "#{id}.rb")
      File.write(file, format(SCRIPT, prelude: prelude, n: n, body: body))
      log = File.join(dir, "#{id}.strace")
      one = lambda do |env, traced|
        cmd = [path, "--disable-gems", file]
        cmd = ["strace", "-qq", "-o", log, "-e", "trace=brk,openat"] + cmd if traced
        out = IO.popen(env, cmd, &:read)
        n_, gcs, majors, faults, elapsed, gc_ms = out.split.map(&:to_i)
        run = { n: n_, gcs: gcs, majors: majors, minor_faults: faults }
        run.merge!(elapsed_ns: elapsed, gc_time_ms: gc_ms) unless traced
        run
      end
      runs = Array.new(opts[:runs]) do
        run = opts[:brk] ? one.({}, true).merge(brk: brk_counts(log)) : one.({}, false)
        if opts[:price]
          run[:timed] = one.({}, false)
          run[:untrimmed] = one.(UNTRIMMED, false)
        end
        run
      end
      results << { ruby: name, ruby_description: desc, id: id, body: body, runs: runs }
      $stderr.puts "#{name} #{id}: #{runs.map { |r| format('%d GCs %.4f faults/it', r[:gcs], r[:minor_faults].fdiv(r[:n])) +
        (r[:brk] ? format(' (brk: %<grows>d grows %<grown_pages>d pages, %<trims>d trims %<trimmed_pages>d pages)', r[:brk]) : '') +
        (r[:timed] ? format(' %.0f ns/it (GC %.0f), untrimmed %.0f (GC %.0f) %.4f faults/it', r[:timed][:elapsed_ns].fdiv(r[:n]),
                            r[:timed][:gc_time_ms] * 1e6 / r[:n], r[:untrimmed][:elapsed_ns].fdiv(r[:n]),
                            r[:untrimmed][:gc_time_ms] * 1e6 / r[:n], r[:untrimmed][:minor_faults].fdiv(r[:n])) : '') }.join(', ')}"
    end
  end
end
# What trimming costs, per Ruby: the GC time a run spends more than its untrimmed twin, fitted to its
# trims and trimmed pages, and the time outside GC it spends more, over the faults it takes more
# (the fastest run of each side)
prices = []
if opts[:price]
  results.group_by { |l| l[:ruby] }.each do |name, ls|
    rows = ls.map do |l|
      r = l[:runs]
      # each side's fastest run (a busy host only slows a run), as the lab takes its ratios
      gc = (r.map { |x| x[:timed][:gc_time_ms] }.min - r.map { |x| x[:untrimmed][:gc_time_ms] }.min) * 1e6
      out_of_gc = ->(t) { t[:elapsed_ns] - t[:gc_time_ms] * 1e6 }
      outside = r.map { |x| out_of_gc.(x[:timed]) }.min - r.map { |x| out_of_gc.(x[:untrimmed]) }.min
      faults = median(r.map { |x| x[:timed][:minor_faults] - x[:untrimmed][:minor_faults] })
      { trims: median(r.map { |x| x[:brk][:trims] }), pages: median(r.map { |x| x[:brk][:trimmed_pages] }), gc_ns: gc, outside_ns: outside, faults: faults }
    end
    # the loops where trimming matters (a thousand faults or more that the untrimmed twin does not
    # take): GC.stat(:time) counts whole milliseconds, so a loop that trims a few times prices nothing
    rows = rows.select { |row| row[:trims].positive? && row[:faults] >= 1000 }
    fit = rows.size >= 2 ? least_squares(rows.map { |row| [row[:trims], row[:pages]] }, rows.map { |row| row[:gc_ns] }) : nil
    faults = rows.sum { |row| row[:faults] }
    price = { ruby: name, loops: rows.size,
              trim_ns: fit && fit[0].round(0), trimmed_page_ns: fit && fit[1].round(1),
              refault_ns: faults.positive? ? (rows.sum { |row| row[:outside_ns] } / faults).round(0) : nil }
    prices << price
    $stderr.puts "#{name}: a trim costs #{price[:trim_ns] || '?'} ns + #{price[:trimmed_page_ns] || '?'} ns a page in GC; " \
                 "a page faulted again #{price[:refault_ns] || '?'} ns outside GC (#{rows.size} loops where trimming matters)"
  end
end
File.write(opts[:out], JSON.pretty_generate({ date: Time.now.utc.iso8601, uname: `uname -srm`.strip,
                                              glibc: `ldd --version 2>&1`.lines.first.to_s.strip, loops: results,
                                              trim_prices: prices }.compact) + "\n")
