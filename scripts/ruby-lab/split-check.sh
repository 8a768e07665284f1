#!/usr/bin/env bash
# Is String#split's shared value dearer than String#byteslice's? Runs split-check.rb's loops on
# the unpatched build and the always-embed build, one loop per fresh process pinned to one CPU,
# interleaved (every case on both builds, then again) ROUNDS times (default 7), and prints per case
# and build the fastest and the median run, with the GC part of the fastest.
# Usage: scripts/ruby-lab/split-check.sh [ROUNDS]   (SLOTLAB_RUBIES: where build-rubies.sh put them)
set -euo pipefail
rounds=${1:-7}
case $rounds in ''|*[!0-9]*) echo "split-check.sh: ROUNDS must be a whole number, not '$rounds'" >&2; exit 2 ;; esac
prefix=${SLOTLAB_RUBIES:-/opt/slotlab-rubies}
case $prefix in /*) ;; *) prefix=$PWD/$prefix ;; esac
cd "$(dirname "$0")"
builds=(base always-embed)
for b in "${builds[@]}"; do
  [ -x "$prefix/$b/bin/ruby" ] || { echo "split-check.sh: $prefix/$b/bin/ruby not found (build it with build-rubies.sh)" >&2; exit 2; }
done
pin=()
if command -v taskset >/dev/null && [ "$(nproc 2>/dev/null || echo 1)" -gt 1 ]; then pin=(taskset -c 1); fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for _ in $(seq 1 "$rounds"); do
  for c in split fsplit bslice fbslice; do
    for b in "${builds[@]}"; do
      if ! line=$(${pin[@]+"${pin[@]}"} "$prefix/$b/bin/ruby" --disable-gems split-check.rb "$c"); then
        echo "split-check.sh: $prefix/$b/bin/ruby failed on the $c loop" >&2
        exit 1
      fi
      echo "$b $line" >> "$out"
    done
  done
done
awk '{ key = $2 " " $1; n[key]++; t[key, n[key]] = $3; g[key, n[key]] = $4 }
  END {
    for (key in n) {
      m = n[key]; for (i = 1; i <= m; i++) v[i] = t[key, i]
      for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] < v[i]) { x = v[i]; v[i] = v[j]; v[j] = x }
      best = 1; for (i = 1; i <= m; i++) if (t[key, i] == v[1]) best = i
      printf "%-8s %-13s fastest %6.1f ns (GC %5.1f)  median %6.1f ns  (%d runs)\n", substr(key, 1, index(key, " ") - 1),
        substr(key, index(key, " ") + 1), v[1], g[key, best], v[int((m + 1) / 2)], m
    }
  }' "$out" | sort
