# frozen_string_literal: true
# Minor page faults of loops that make one heap string per iteration, each loop in a fresh
# `ruby --disable-gems` process: the GCs it ran (GC.stat before and after) and the minor faults
# it took (/proc/self/stat field 10) while it ran. The model's simulation of glibc's main arena is
# checked against these (model/src/test/.../MallocFaultsMeasuredTest). Fault counts do not depend
# on timing, so a busy machine does not change them.
#
# Usage: ruby scripts/ruby-lab/faults.rb --ruby NAME=PATH [...] [--runs 3] --out FILE.json
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
  __i = 0
  while __i < __n
    %<body>s
    __i += 1
  end
  __f1 = __minflt
  __s1 = GC.stat
  $stdout.puts [__n, __s1[:count] - __s0[:count], __s1[:major_gc_count] - __s0[:major_gc_count], __f1 - __f0].join(" ")
RUBY

opts = { rubies: [], runs: 3, out: nil }
OptionParser.new do |o|
  o.on("--ruby NAME=PATH") { |v| opts[:rubies] << v.split("=", 2) }
  o.on("--runs N", Integer) { |v| opts[:runs] = v }
  o.on("--out FILE") { |v| opts[:out] = v }
end.parse!
abort "faults.rb: give --ruby NAME=PATH and --out FILE" if opts[:rubies].empty? || opts[:out].nil?

results = []
Dir.mktmpdir("slotlab-faults") do |dir|
  opts[:rubies].each do |name, path|
    desc = IO.popen([path, "--disable-gems", "-e", "print RUBY_DESCRIPTION"], &:read)
    LOOPS.each do |id, n, prelude, body|
      file = File.join(dir, "#{id}.rb")
      File.write(file, format(SCRIPT, prelude: prelude, n: n, body: body))
      runs = Array.new(opts[:runs]) do
        out = IO.popen([path, "--disable-gems", file], &:read)
        n_, gcs, majors, faults = out.split.map(&:to_i)
        { n: n_, gcs: gcs, majors: majors, minor_faults: faults }
      end
      results << { ruby: name, ruby_description: desc, id: id, body: body, runs: runs }
      $stderr.puts "#{name} #{id}: #{runs.map { |r| format('%d GCs %.4f faults/it', r[:gcs], r[:minor_faults].fdiv(r[:n])) }.join(', ')}"
    end
  end
end
File.write(opts[:out], JSON.pretty_generate({ date: Time.now.utc.iso8601, uname: `uname -srm`.strip,
                                              glibc: `ldd --version 2>&1`.lines.first.to_s.strip, loops: results }) + "\n")
