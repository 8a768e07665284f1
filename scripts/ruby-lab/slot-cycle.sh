#!/usr/bin/env bash
# Times the calibration's cycle_copy loop (a fresh 1,000 B string, then a middle slice of a frozen
# 1,000 B constant copied into an embedded string) with the slice in 320 B slots (200 and 295 B) and
# in 640 B slots (296 and 615 B), the slot's heap given N init slots so that a GC cycle holds about N
# iterations: the same malloc'd bytes a cycle for both slot sizes, twice the slot bytes for 640 B.
# Whether the step in time follows the bytes a cycle runs through, the slot bytes, or the slot size.
#
# Usage: scripts/ruby-lab/slot-cycle.sh RUBY [PROCESSES] [OUT.txt]
#   PROCESSES: fresh processes per setting (default 3); each prints ns per iteration (1,000,000 after a
#   200,000 warm-up), GCs and each heap's pages. Pinned to CPU 1 where taskset exists.
set -euo pipefail
ruby=${1:?usage: slot-cycle.sh RUBY [PROCESSES] [OUT.txt]}
procs=${2:-3}
out=${3:-/dev/stdout}
[ -x "$ruby" ] || { echo "slot-cycle.sh: $ruby is not an executable Ruby" >&2; exit 2; }
case "$procs" in ''|*[!0-9]*) echo "slot-cycle.sh: PROCESSES must be a whole number, not '$procs'" >&2; exit 2 ;; esac
. "$(dirname "$0")/machine-header.sh"
pin=(); command -v taskset >/dev/null && pin=(taskset -c 1)
loop=$(mktemp --suffix=.rb)
trap 'rm -f "$loop"' EXIT
cat >"$loop" <<'RUBY'
X = "a"
SRC = ("b" * 1000).freeze
L = Integer(ENV.fetch("SLOTLAB_LEN"))
n = 1_000_000
200_000.times { s = X * 1000; SRC.byteslice(1, L) }
g0 = GC.count
i = 0
t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
while i < n
  s = X * 1000; SRC.byteslice(1, L)
  i += 1
end
t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
pages = GC.stat_heap.sort.map { |_, h| h[:heap_eden_pages] }
printf("%.0f %d %s\n", (t1 - t0).to_f / n, GC.count - g0, pages.join(","))
RUBY
{
  echo "# slot-cycle.sh, $(date -u +%Y-%m-%dT%H:%M:%SZ), $("$ruby" -v)"
  machine_header
  echo "# RUBY_GC_HEAP_0_INIT_SLOTS=40000 for every run; N init slots for the slice's heap; $procs fresh processes per setting, interleaved"
  echo "# columns: N, slice length, slot size, then per process: ns per iteration, GCs, eden pages per heap (40/80/160/320/640 B)"
  for n in 4000 8000 16000 24000; do
    declare -A runs=()
    for p in $(seq "$procs"); do
      for len in 200 295 296 615; do
        if [ "$len" -le 295 ]; then heap=3; else heap=4; fi
        r=$(env SLOTLAB_LEN="$len" RUBY_GC_HEAP_0_INIT_SLOTS=40000 "RUBY_GC_HEAP_${heap}_INIT_SLOTS=$n" "${pin[@]}" "$ruby" --disable-gems "$loop")
        runs[$len]="${runs[$len]:-} | $r"
      done
    done
    for len in 200 295 296 615; do
      if [ "$len" -le 295 ]; then slot=320; else slot=640; fi
      echo "$n $len $slot${runs[$len]}"
    done
    unset runs
  done
} >"$out"
