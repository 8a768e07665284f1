#!/usr/bin/env bash
# The lab's fresh 1,000 B source with a 500 B suffix, against the calibration's probe of the same work
# (`cycle_copy_N`: a 500 B middle slice of a frozen constant copied into a 640 B slot), each in a fresh
# process under --disable-gems, interleaved, pinned to CPU 1: does the probe's heap setting
# (RUBY_GC_HEAP_0_INIT_SLOTS=40000 and the 640 B heap's init slots) change what the copy costs?
#
# Usage: scripts/ruby-lab/copy-into-640.sh [ROUNDS] [PREFIX]
#   PREFIX holds base/ and always-embed/ as scripts/ruby-lab/build-rubies.sh installs them
#   (default /opt/slotlab-rubies). Prints one line per run: round, loop, build, ns per iteration,
#   the empty loop's ns, GCs, GC ms, minor faults per iteration, each heap's pages after the loop.
set -euo pipefail
rounds=${1:-7}
prefix=${2:-/opt/slotlab-rubies}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
loop() { # FILE BODY
  cat > "$1" <<RUBY
X = "a"
SRC = ("a" * 1000).freeze
n = 1_000_000
i = 0
e0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
while i < n
  i += 1
end
e1 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
g0 = GC.count
gt0 = GC.stat(:time)
flt0 = File.read("/proc/self/stat").split(") ", 2).last.split(" ")[7].to_i
i = 0
t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
while i < n
  $2
  i += 1
end
t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
flt1 = File.read("/proc/self/stat").split(") ", 2).last.split(" ")[7].to_i
pages = GC.stat_heap.sort.map { |_, h| h[:heap_eden_pages] }
puts format("%.1f %.1f %d %d %.4f %s", (t1 - t0).to_f / n, (e1 - e0).to_f / n, GC.count - g0, GC.stat(:time) - gt0,
            (flt1 - flt0).to_f / n, pages.join(","))
RUBY
}
loop "$dir/lab.rb" 's = X * 1000; s.byteslice(500, 500)'
loop "$dir/probe.rb" 's = X * 1000; SRC.byteslice(1, 500)'
pin=()
command -v taskset >/dev/null && pin=(taskset -c 1)
echo "# round loop build ns/iteration empty-loop-ns gcs gc-ms faults/iteration pages-per-heap"
for r in $(seq 1 "$rounds"); do
  echo "$r lab-suffix always-embed $("${pin[@]}" "$prefix/always-embed/bin/ruby" --disable-gems "$dir/lab.rb")"
  echo "$r lab-suffix base $("${pin[@]}" "$prefix/base/bin/ruby" --disable-gems "$dir/lab.rb")"
  echo "$r probe-copy base $("${pin[@]}" "$prefix/base/bin/ruby" --disable-gems "$dir/probe.rb")"
  echo "$r probe-copy-640init5200 base $(RUBY_GC_HEAP_4_INIT_SLOTS=5200 "${pin[@]}" "$prefix/base/bin/ruby" --disable-gems "$dir/probe.rb")"
  echo "$r probe-copy-probe-env-6000 base $(RUBY_GC_HEAP_0_INIT_SLOTS=40000 RUBY_GC_HEAP_4_INIT_SLOTS=6000 "${pin[@]}" "$prefix/base/bin/ruby" --disable-gems "$dir/probe.rb")"
  echo "$r probe-copy-40init40000 base $(RUBY_GC_HEAP_0_INIT_SLOTS=40000 "${pin[@]}" "$prefix/base/bin/ruby" --disable-gems "$dir/probe.rb")"
done
