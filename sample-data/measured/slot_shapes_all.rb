# frozen_string_literal: true
# Driver of the slot-size shape measurements: for every shape (the class's ivars 3, 8, 18, 38, 78,
# byroot's classes for CRuby 3.4's five heaps; klass.new writing none, klass.allocate, klass.new with
# an initialize writing all of them; the interpreter and YJIT) it runs slot_shapes.rb once in
# "counts" mode and RUNS times in "time" mode, each a fresh `ruby --disable-gems [--yjit]` process
# pinned to one core (taskset -c CPU), the timed runs round-robin over the shapes, and writes one
# JSON file with RUBY_DESCRIPTION, the host, the date, the commands, the scripts and every reading.
#
#   ruby slot_shapes_all.rb RUBY OUT.json [RUNS] [N] [CPU]
#   COUNTS_ONLY=1 ruby slot_shapes_all.rb RUBY OUT.json   # run the counts again into an existing OUT.json
require "json"
require "open3"
require "etc"
require "time"

ruby, out_path, runs, n, cpu = ARGV
abort "usage: ruby slot_shapes_all.rb RUBY OUT.json [RUNS] [N] [CPU]" unless ruby && out_path
runs = Integer(runs || 5)
n = Integer(n || 10_000_000)
cpu = cpu || "1"
script = File.join(__dir__, "slot_shapes.rb")

shapes = []
[false, true].each do |yjit|
  [3, 8, 18, 38, 78].each do |ivars|
    [["new", 0], ["allocate", 0], ["new", ivars]].each do |call, written|
      shapes << { yjit: yjit, ivars: ivars, call: call, written: written }
    end
  end
end

def command(ruby, cpu, shape, mode, n, script)
  ["taskset", "-c", cpu, ruby, "--disable-gems", *(shape[:yjit] ? ["--yjit"] : []), script, mode,
   shape[:ivars].to_s, shape[:call], shape[:written].to_s, n.to_s]
end

def run(cmd)
  stdout, stderr, status = Open3.capture3(*cmd)
  raise "#{cmd.join(' ')} failed: #{stderr}" unless status.success?
  JSON.parse(stdout)
end

counts_only = ENV["COUNTS_ONLY"] == "1"
result = counts_only ? JSON.parse(File.read(out_path), symbolize_names: true) : {
  ruby_description: `#{ruby} --disable-gems -e 'print RUBY_DESCRIPTION'`,
  host: { nprocessors: Etc.nprocessors, uname: `uname -srm`.strip, cpu: File.read("/proc/cpuinfo")[/model name\s*:\s*(.*)/, 1] },
  date: Time.now.utc.iso8601,
  command: "ruby slot_shapes_all.rb #{ruby} #{File.basename(out_path)} #{runs} #{n} #{cpu}",
  notes: "Each reading is a separate process pinned to CPU #{cpu}. ns_per_alloc = (timed loop - mean of the two empty loops " \
         "around it) / N. gc_count is GC.count over the timed loop. No GC.start anywhere.",
  scripts: %w[slot_shapes.rb slot_shapes_all.rb].to_h { |f| [f, File.read(File.join(__dir__, f))] },
  counts: [],
  runs: [],
}
if counts_only
  result[:counts] = []
  result[:counts_note] = "counts run again on #{Time.now.utc.iso8601} with the slot_shapes.rb in scripts " \
                         "(count_objects read outside the GC.stat pair); the timed runs are unchanged"
  result[:scripts] = %w[slot_shapes.rb slot_shapes_all.rb].to_h { |f| [f.to_sym, File.read(File.join(__dir__, f))] }
end
shapes.each do |s|
  r = run(command(ruby, cpu, s, "counts", 10_000, script))
  warn format("counts %-5s ivars %2d %-8s written %2d: memsize %4d objects/call %.3f malloc_increase/object %.1f",
              s[:yjit] ? "yjit" : "interp", s[:ivars], s[:call], s[:written], r["memsize"], r["objects_per_call"],
              r["malloc_increase_bytes_per_object"])
  result[:counts] << r
end
(counts_only ? 0 : runs).times do |k|
  shapes.each do |s|
    load = File.read("/proc/loadavg").split.first(3).map(&:to_f)
    r = run(command(ruby, cpu, s, "time", n, script)).merge("run" => k, "loadavg_before" => load)
    warn format("run %d %-5s ivars %2d %-8s written %2d: %6.2f ns/alloc, %5d GCs (%d minor, %d major), yjit %s",
                k, s[:yjit] ? "yjit" : "interp", s[:ivars], s[:call], s[:written], r["ns_per_alloc"], r["gc_count"],
                r["minor_gc_count"], r["major_gc_count"], r["yjit"])
    result[:runs] << r
  end
end
File.write(out_path, JSON.pretty_generate(result) + "\n")
