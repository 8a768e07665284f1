#!/usr/bin/env bash
# Launch-to-first-chart time of the workbench: launches it N times (default 7) under one Xvfb
# screen with --startup-report=exit, which prints the phases and the wall-clock time of the first
# chart drawn and quits; launch to first chart is that time minus the time this script noted just
# before starting the process. Prints every launch, the median, and the load average before and
# after (the wall-clock figures only mean something on an idle machine), and the median CPU time
# the process had used by its first chart (much less sensitive to other load).
#
# Usage: scripts/startup-time.sh [N] [-- COMMAND...]
#   default COMMAND: the jar with its AppCDS archive, as the slotlab script runs it
#   e.g.  scripts/startup-time.sh 7 -- java -jar app/target/slotlab.jar              (no archive)
#         scripts/startup-time.sh 7 -- app/target/jpackage/slotlab/bin/slotlab       (Linux app image)
#   CPU=0 pins every launch to that one CPU with taskset (default: none, the machine's cores as a
#   user's launch gets them; one core is what a start-up gets on a machine busy with other work).
# Needs: xvfb xauth (apt-get install -y --no-install-recommends xvfb xauth libgtk-3-0).
set -euo pipefail
self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/.."
N=7
if [ $# -gt 0 ] && [ "$1" != "--" ]; then N=$1; shift; fi
[ "${1:-}" = "--" ] && shift
if [ $# -eq 0 ]; then set -- ./slotlab; fi
CPU=${CPU-}
PIN=()
if [ -n "$CPU" ]; then PIN=(taskset -c "$CPU"); fi

run() {
  local times=() cpus=() fxs=() line t0 t1 i
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "command: ${PIN[*]} $* --startup-report=exit"
  for i in $(seq 1 "$N"); do
    t0=$(date +%s%3N)
    line=$("${PIN[@]}" "$@" --startup-report=exit 2>&1 >/dev/null | grep '^startup:' || true)
    if [ -z "$line" ]; then echo "launch $i: no start-up report (did the workbench open?)" >&2; exit 1; fi
    t1=${line##*epoch ms }; t1=${t1%%)*}
    times+=($((t1 - t0)))
    cpus+=("$(echo "$line" | sed -n 's/.*; cpu \([0-9]*\) ms.*/\1/p')")
    fxs+=("$(echo "$line" | sed -n 's/.*(FX thread \([0-9]*\) ms).*/\1/p')")
    echo "launch $i: $((t1 - t0)) ms  | ${line#startup: }"
  done
  echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
  median() { sort -n | awk -v what="$1" '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "median %s over %d launches: %d ms (min %d, max %d)\n", what, NR, m, a[1], a[NR]}'; }
  printf '%s\n' "${times[@]}" | median "launch to first chart"
  printf '%s\n' "${cpus[@]}" | grep . | median "CPU time to first chart (all threads; a busy machine inflates it far less)" || true
  printf '%s\n' "${fxs[@]}" | grep . | median "CPU time of the FX thread to first chart (the critical path's own work)" || true
}

# One virtual screen for every launch: this script runs itself again under xvfb-run.
if [ -z "${SLOTLAB_STARTUP_SCREEN:-}" ]; then
  export SLOTLAB_STARTUP_SCREEN=1
  exec xvfb-run -a -s "-screen 0 1600x1000x24" "$self" "$N" -- "$@"
fi
run "$@"
