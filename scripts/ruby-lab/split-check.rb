# frozen_string_literal: false
# One loop of the split check per process: the same 35-byte "key:value" receiver split at ":"
# (String#split) or sliced (String#byteslice) a million times, the receiver unfrozen (sharing its
# 30-byte value makes a frozen root copy of it every call on the unpatched build) or frozen (the
# receiver is its own root). Prints "CASE ns_per_iteration gc_ns_per_iteration" for the fastest of
# 5 repeats, GC.stat(:time) giving the GC part. Run by split-check.sh, which interleaves builds.
#
# Usage: ruby --disable-gems scripts/ruby-lab/split-check.rb split|fsplit|bslice|fbslice|empty
N = 1_000_000
S = "kkkk:" + "v" * 30
FS = ("kkkk:" + "v" * 30).freeze
body = case ARGV[0]
       when "split" then -> { i = 0; while i < N; S.split(":", 2); i += 1; end }
       when "fsplit" then -> { i = 0; while i < N; FS.split(":", 2); i += 1; end }
       when "bslice" then -> { i = 0; while i < N; S.byteslice(5, 30); i += 1; end }
       when "fbslice" then -> { i = 0; while i < N; FS.byteslice(5, 30); i += 1; end }
       when "empty" then -> { i = 0; while i < N; i += 1; end }
       else abort "split-check.rb: unknown case #{ARGV[0].inspect} (split, fsplit, bslice, fbslice, empty)"
       end
best = nil
best_gc = nil
5.times do
  g0 = GC.stat(:time)
  t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
  body.call
  dt = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond) - t0
  g = GC.stat(:time) - g0
  if best.nil? || dt < best
    best = dt
    best_gc = g
  end
end
printf("%s %.1f %.1f\n", ARGV[0], best.to_f / N, best_gc * 1e6 / N)
