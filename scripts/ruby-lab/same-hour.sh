#!/usr/bin/env bash
# Calibrates the unpatched CRuby 3.4.5 and measures the lab's loops on all five builds right after,
# in the same quiet hour, so that the scoreboard predicts lab files taken in the machine state the
# calibration saw (docs/FIT.md, "A calibration and lab runs taken the same hour"):
#   1. calibration-ruby-3.4.5-base-TAG: `calibrate --thorough`, pinned to CPU 1, readings kept;
#   2. lab-3.4.5-variants-harness-TAG: the harness subset under plain `ruby` and benchmark-ips, 7 runs
#      (HARNESS_RUNS; the files before 2026-12-06b took 5: their fastest runs missed the host's quiet moments);
#   3. lab-3.4.5-variants-bare-TAG: every policy row, bare loop, 7 runs (BARE_RUNS).
# Usage: scripts/ruby-lab/same-hour.sh TAG   (TAG: a date with a letter, 20261203a; 50 to 95 minutes;
# run nothing else on the machine meanwhile). Needs the builds of build-rubies.sh, JDK 17 and Maven,
# and a benchmark-ips checkout (IPS_LIB, default /work/ext/evanphx+benchmark-ips/lib).
set -euo pipefail
cd "$(dirname "$0")/../.."
tag=${1:?usage: same-hour.sh TAG}
prefix=${SLOTLAB_RUBIES:-/opt/slotlab-rubies}
ips_lib=${IPS_LIB:-/work/ext/evanphx+benchmark-ips/lib}
ruby_bench=${RUBY_BENCH:-/work/ext/ruby+ruby-bench}
out=sample-data/measured/lab
for v in base always-embed cutoff-256 cutoff-128 frozen-rule-128; do
  [ -x "$prefix/$v/bin/ruby" ] || { echo "same-hour.sh: $prefix/$v/bin/ruby is missing (scripts/ruby-lab/build-rubies.sh)" >&2; exit 2; }
done
[ -f "$ips_lib/benchmark/ips.rb" ] || { echo "same-hour.sh: no benchmark-ips at $ips_lib (set IPS_LIB)" >&2; exit 2; }
command -v ruby >/dev/null || { echo "same-hour.sh: Debian's ruby is needed to drive the lab (apt-get install ruby)" >&2; exit 2; }
for f in "$out/calibration-ruby-3.4.5-base-$tag.json.gz" "$out/lab-3.4.5-variants-bare-$tag.json.gz"; do
  [ ! -e "$f" ] || { echo "same-hour.sh: $f exists; choose another TAG" >&2; exit 2; }
done

mvn -B -q -pl model compile dependency:build-classpath -Dmdep.outputFile=target/lab.cp
cp="model/target/classes:$(cat model/target/lab.cp)"
libs=("$ips_lib"); [ -f "$ruby_bench/harness/harness.rb" ] && libs+=("$ruby_bench")
pin=(); command -v taskset >/dev/null && pin=(taskset -c 1)

echo "same-hour.sh: calibrating $prefix/base/bin/ruby ($(date -u +%H:%M) UTC)"
"${pin[@]}" java -cp "$cp" org.slotlab.model.calibrate.CalibrationTool "$prefix/base/bin/ruby" thorough \
  "$out/calibration-ruby-3.4.5-base-$tag.json" "$out/profile-ruby-3.4.5-base-$tag.json" "${libs[@]}" \
  > "$out/calibration-ruby-3.4.5-base-$tag.txt"
gzip -9nf "$out/calibration-ruby-3.4.5-base-$tag.json"

rubies=()
for v in base always-embed cutoff-256 cutoff-128 frozen-rule-128; do rubies+=(--ruby "$v=$prefix/$v/bin/ruby"); done
echo "same-hour.sh: harness loops ($(date -u +%H:%M) UTC)"
ruby scripts/ruby-lab/lab.rb "${rubies[@]}" --runs "${HARNESS_RUNS:-7}" --cpu 1 --harness rubygems,benchmark-ips --ips-lib "$ips_lib" \
  --rows '^subseq-(frozen-suffix-(16|50|100|200|231|250|500|615)|fresh1000-suffix-(50|200|500))$' \
  --out "$out/lab-3.4.5-variants-harness-$tag.json"
echo "same-hour.sh: bare loops ($(date -u +%H:%M) UTC)"
ruby scripts/ruby-lab/lab.rb "${rubies[@]}" --runs "${BARE_RUNS:-7}" --cpu 1 --harness bare \
  --rows '^(subseq|split)-' --out "$out/lab-3.4.5-variants-bare-$tag.json"
gzip -9nf "$out/lab-3.4.5-variants-harness-$tag.json" "$out/lab-3.4.5-variants-bare-$tag.json"
echo "same-hour.sh: done ($(date -u +%H:%M) UTC); score with scripts/ruby-lab/scoreboard.sh"
