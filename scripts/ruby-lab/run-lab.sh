#!/usr/bin/env bash
# Runs Slotlab's validation lab on this machine and writes its results under sample-data/measured/lab/:
#   1. builds CRuby 3.4.5 and its Feature #22186 variants if they are not there (build-rubies.sh);
#   2. calibrates the unpatched build (thorough) and Debian's ruby 3.1.2, keeping the readings;
#   3. times the thread's loops on all five 3.4.5 builds, interleaved, in fresh processes (lab.rb),
#      and the GC-count loops on 3.1.2.
# The patched builds are never calibrated: the model predicts them from the unpatched calibration.
# Usage: scripts/ruby-lab/run-lab.sh [--runs N] [--quick]   (about 2 hours on an idle 2-core machine; run nothing else meanwhile:
# other work on the machine slows memory-bound loops by up to 2x)
# Needs: JDK 17 and Maven (the model is built first), Debian's ruby, benchmark-ips and ruby-bench
# checkouts for their harnesses (IPS_LIB, RUBY_BENCH; default /work/ext/...; left out when absent).
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=7
mode=thorough
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --quick) mode=quick; shift ;;
    *) echo "run-lab.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
prefix=${SLOTLAB_RUBIES:-/opt/slotlab-rubies}
ips_lib=${IPS_LIB:-/work/ext/evanphx+benchmark-ips/lib}
ruby_bench=${RUBY_BENCH:-/work/ext/ruby+ruby-bench}
out=sample-data/measured/lab
mkdir -p "$out"
scripts/ruby-lab/build-rubies.sh --prefix "$prefix"
command -v ruby >/dev/null || { echo "run-lab.sh: Debian's ruby is needed (apt-get install ruby)" >&2; exit 2; }

mvn -B -q -pl model compile dependency:build-classpath -Dmdep.outputFile=target/lab.cp
cp="model/target/classes:$(cat model/target/lab.cp)"
libs=()
[ -f "$ips_lib/benchmark/ips.rb" ] && libs+=("$ips_lib") || libs+=("")
[ -f "$ruby_bench/harness/harness.rb" ] && libs+=("$ruby_bench")
pin=(); command -v taskset >/dev/null && pin=(taskset -c 1)

calibrate() { # NAME RUBY
  "${pin[@]}" java -cp "$cp" org.slotlab.model.calibrate.CalibrationTool "$2" "$mode" "$out/calibration-$1.json" "$out/profile-$1.json" "${libs[@]}" \
    > "$out/calibration-$1.txt"
  gzip -9nf "$out/calibration-$1.json"
}
calibrate ruby-3.4.5-base "$prefix/base/bin/ruby"
calibrate ruby-3.1.2 "$(command -v ruby)"

stamp=$(date -u +%Y%m%d)
rubies=()
for v in base always-embed cutoff-256 cutoff-128 frozen-rule-128; do rubies+=(--ruby "$v=$prefix/$v/bin/ruby"); done
# every policy row, bare loop, all five builds
ruby scripts/ruby-lab/lab.rb "${rubies[@]}" --runs "$runs" --cpu 1 --harness bare \
  --rows '^(subseq|split)-' --out "$out/lab-3.4.5-variants-bare-$stamp.json"
# the same loops as benchmark-ips times them and with RubyGems loaded: the frozen sweep and fresh sources
ruby scripts/ruby-lab/lab.rb "${rubies[@]}" --runs "$runs" --cpu 1 --harness rubygems,benchmark-ips --ips-lib "$ips_lib" \
  --rows '^subseq-(frozen-suffix-(16|50|100|200|231|250|500|615)|fresh1000-suffix-(50|200|500))$' \
  --out "$out/lab-3.4.5-variants-harness-$stamp.json"
# GC counts of single-heap loops, unpatched 3.4.5 and Debian's 3.1.2, bare and with RubyGems
ruby scripts/ruby-lab/lab.rb --ruby "3.4.5=$prefix/base/bin/ruby" --ruby "3.1.2=$(command -v ruby)" --runs 3 --cpu 1 \
  --harness bare,rubygems --rows '^(new-ivars-[0-9]+|strmul-[0-9]+)$' --out "$out/lab-gc-$stamp.json"
gzip -9nf "$out"/lab-*-"$stamp".json
echo "run-lab.sh: results in $out"
