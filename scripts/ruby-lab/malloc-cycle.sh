#!/usr/bin/env bash
# Times the lab's fresh 10,000 B source loop (s = "a" * 10000; s.byteslice(9950, 50): the 50 B suffix)
# on two builds with malloc_limit held at one size (RUBY_GC_MALLOC_LIMIT and RUBY_GC_MALLOC_LIMIT_MAX),
# so that a GC cycle writes about that many bytes of 10 KB buffers: whether the embedding build's loss
# follows the malloc'd bytes a GC cycle runs through. Without a setting ("default") CRuby raises the
# limit to 32 MiB for the embedding build's loop, whose GCs malloc starts, while the unpatched build's
# 40 B heap starts its GCs at about 17 MB a cycle.
#
# Usage: scripts/ruby-lab/malloc-cycle.sh BASE_RUBY OTHER_RUBY [PROCESSES] [OUT.txt]
#   PROCESSES: fresh processes per setting and build, interleaved (default 3); each prints ns per
#   iteration (300,000 after a 100,000 warm-up), GCs, majors and the malloc limit at the end.
#   Pinned to CPU 1 where taskset exists.
set -euo pipefail
base=${1:?usage: malloc-cycle.sh BASE_RUBY OTHER_RUBY [PROCESSES] [OUT.txt]}
other=${2:?usage: malloc-cycle.sh BASE_RUBY OTHER_RUBY [PROCESSES] [OUT.txt]}
procs=${3:-3}
out=${4:-/dev/stdout}
for r in "$base" "$other"; do
  [ -x "$r" ] || { echo "malloc-cycle.sh: $r is not an executable Ruby" >&2; exit 2; }
done
case "$procs" in ''|*[!0-9]*) echo "malloc-cycle.sh: PROCESSES must be a whole number, not '$procs'" >&2; exit 2 ;; esac
. "$(dirname "$0")/machine-header.sh"
pin=(); command -v taskset >/dev/null && pin=(taskset -c 1)
loop=$(mktemp --suffix=.rb)
trap 'rm -f "$loop"' EXIT
cat >"$loop" <<'RUBY'
X = "a"
n = 300_000
100_000.times { s = X * 10000; s.byteslice(9950, 50) }
g0 = GC.count
m0 = GC.stat(:major_gc_count)
t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
i = 0
while i < n
  s = X * 10000; s.byteslice(9950, 50)
  i += 1
end
t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
printf("%.0f %d %d %d\n", (t1 - t0).to_f / n, GC.count - g0, GC.stat(:major_gc_count) - m0, GC.stat(:malloc_increase_bytes_limit))
RUBY
{
  echo "# malloc-cycle.sh, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# base: $base ($("$base" -v)); other: $other"
  machine_header
  echo "# $procs fresh processes per setting and build, interleaved"
  echo "# columns: malloc limit (bytes), build, then per process: ns per iteration, GCs, majors, malloc limit at the end"
  for lim in default 8000000 12000000 16000000 20000000 24000000 32000000 40000000; do
    env=()
    [ "$lim" = default ] || env=(RUBY_GC_MALLOC_LIMIT="$lim" RUBY_GC_MALLOC_LIMIT_MAX="$lim")
    b=""; o=""
    for p in $(seq "$procs"); do
      b="$b | $(env "${env[@]}" "${pin[@]}" "$base" --disable-gems "$loop")"
      o="$o | $(env "${env[@]}" "${pin[@]}" "$other" --disable-gems "$loop")"
    done
    echo "$lim base$b"
    echo "$lim other$o"
  done
} >"$out"
