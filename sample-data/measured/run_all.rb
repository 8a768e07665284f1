# frozen_string_literal: true
# Driver of the GC-count measurements: runs boot_state.rb once and gc_loop.rb once per case and N,
# each in a fresh process, with `ruby --disable-gems` and with gems enabled, and writes one JSON
# file holding RUBY_DESCRIPTION, the exact scripts and every raw reading.
# Usage: ruby run_all.rb [RUBY] [OUT.json]
require "json"
require "open3"
require "etc"

ruby = ARGV[0] || "ruby"
out_path = ARGV[1] || File.join(__dir__, "ruby-3.1.2-debian12-x86_64.json")
dir = __dir__
ns = [100_000, 1_000_000, 10_000_000]

def run(cmd)
  stdout, stderr, status = Open3.capture3(*cmd)
  raise "#{cmd.join(' ')} failed: #{stderr}" unless status.success?
  JSON.parse(stdout)
end

# Case names: ask the loop script itself (unknown case -> it aborts listing the known ones).
_o, err, _s = Open3.capture3(ruby, "--disable-gems", File.join(dir, "gc_loop.rb"), "?", "1")
case_names = err[/known: (.*)$/, 1].split

modes = { "disable_gems" => ["--disable-gems"], "gems_enabled" => [] }
result = {
  ruby_description: `#{ruby} -e 'print RUBY_DESCRIPTION'`,
  host: { nprocessors: Etc.nprocessors, uname: `uname -srm`.strip },
  notes: "Each reading is a separate process. No GC.start anywhere: gc_stat_before is the heap the " \
         "loop starts from. ns_per_iter is wall time on a shared 2-core machine: a sanity check, not a benchmark.",
  scripts: %w[boot_state.rb gc_loop.rb gc_reasons.rb run_all.rb].to_h { |f| [f, File.read(File.join(dir, f))] },
  modes: {},
}
modes.each do |mode, flags|
  boot = run([ruby, *flags, File.join(dir, "boot_state.rb")])
  runs = []
  case_names.each do |c|
    ns.each do |n|
      r = run([ruby, *flags, File.join(dir, "gc_loop.rb"), c, n.to_s])
      warn format("%-13s %-34s %9d gc=%4d (minor %4d major %3d) pages %d->%d %7.1f ns/iter objs/iter %.2f memsize %d",
                  mode, c, n, r["gc_count"], r["minor_gc_count"], r["major_gc_count"],
                  r["heap_allocated_pages_before"], r["heap_allocated_pages_after"], r["ns_per_iter"],
                  r["allocated_objects_per_iter"], r["sample_memsize"])
      runs << r
    end
  end
  reasons = %w[object_new str_times_15 str_times_100 str_times_10000].map do |c|
    r = run([ruby, *flags, File.join(dir, "gc_reasons.rb"), c, "1000000"])
    warn format("%-13s gc reasons %-16s %s", mode, c, r["summary"].inspect)
    r
  end
  result[:modes][mode] = { flags: flags, boot_state: boot, runs: runs, gc_reasons: reasons }
end
File.write(out_path, JSON.pretty_generate(result) + "\n")
warn "wrote #{out_path}"
