#!/usr/bin/env bash
# Launch to first chart of two builds of the workbench, interleaved: one launch of A, one of B, N
# times (default 7), each through ./slotlab with its own AppCDS archive, timed by startup-time.sh.
# Interleaving is what makes two builds comparable on a machine whose speed drifts from minute to
# minute; prints each pair and both medians (first chart laid out, and on the screen).
#
# Usage: scripts/startup-ab.sh [N] JAR_A JAR_B
#   A_JAVA_OPTS / B_JAVA_OPTS: JVM options for that side (default: the launcher's own, as
#   SLOTLAB_JAVA_OPTS; set one to "" to run that side with the JVM's defaults)
# Needs: xvfb xauth (apt-get install -y --no-install-recommends xvfb xauth libgtk-3-0).
set -euo pipefail
cd "$(dirname "$0")/.."
N=7
if [ $# -eq 3 ]; then N=$1; shift; fi
if [ $# -ne 2 ]; then echo "usage: scripts/startup-ab.sh [N] JAR_A JAR_B" >&2; exit 2; fi
for j in "$1" "$2"; do
  [ -f "$j" ] || { echo "startup-ab.sh: $j not found" >&2; exit 2; }
done
jar_a=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
jar_b=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")

once() { # JAR OPTS-SET OPTS -> "laid-out-ms painted-ms" of one launch
  local line total painted
  if [ "$2" = set ]; then
    line=$(SLOTLAB_JAR="$1" SLOTLAB_JAVA_OPTS="$3" scripts/startup-time.sh 1 2>&1 | grep '^launch 1' || true)
  else
    line=$(SLOTLAB_JAR="$1" scripts/startup-time.sh 1 2>&1 | grep '^launch 1' || true)
  fi
  [ -n "$line" ] || { echo "startup-ab.sh: no start-up report from $1" >&2; exit 1; }
  total=$(echo "$line" | awk '{print $3}')
  painted=$(echo "$line" | sed -n 's/.* painted \([0-9]*\) ms.*/\1/p')
  if [ -n "$painted" ]; then echo "$((total - painted)) $total"; else echo "$total -"; fi
}
a_set=${A_JAVA_OPTS+set}; b_set=${B_JAVA_OPTS+set}
# a launch of each first: a rebuilt jar writes its archive then
once "$jar_a" "$a_set" "${A_JAVA_OPTS-}" >/dev/null
once "$jar_b" "$b_set" "${B_JAVA_OPTS-}" >/dev/null
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
al=(); bl=(); ap=(); bp=()
for i in $(seq 1 "$N"); do
  read -r la pa <<<"$(once "$jar_a" "$a_set" "${A_JAVA_OPTS-}")"
  read -r lb pb <<<"$(once "$jar_b" "$b_set" "${B_JAVA_OPTS-}")"
  al+=("$la"); bl+=("$lb"); [ "$pa" != - ] && ap+=("$pa"); [ "$pb" != - ] && bp+=("$pb")
  echo "pair $i: A laid out $la ms, on screen $pa | B laid out $lb ms, on screen $pb"
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
median() { sort -n | awk '{a[NR]=$1} END {if (NR == 0) {print "-"; exit} m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%d ms", m}'; }
echo "median to first chart laid out: A $(printf '%s\n' "${al[@]}" | median), B $(printf '%s\n' "${bl[@]}" | median)"
echo "median to first chart on screen: A $( (printf '%s\n' "${ap[@]+"${ap[@]}"}" | grep . || true) | median), B $( (printf '%s\n' "${bp[@]+"${bp[@]}"}" | grep . || true) | median)"
