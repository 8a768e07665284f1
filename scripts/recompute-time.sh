#!/usr/bin/env bash
# How long each scenario takes to recompute in a fresh JVM, from its first run on (RecomputeHarness):
# every scenario in a JVM of its own, once with the launcher's JVM options (the slotlab script's) and
# once with the JIT's optimizing compiler on as well (-XX:+UseSerialGC -XX:CompileThresholdScaling=3),
# on the machine's cores as a user's launch gets them (CPU=N pins every JVM to that one CPU). The
# figures in the README's start-up section come from it.
# Usage: scripts/recompute-time.sh [SCENARIO ...]   (default: every scenario; about a minute)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -pl app -am test-compile dependency:build-classpath -DskipTests -Dmdep.includeScope=test \
  -Dmdep.outputFile="$PWD/app/target/recompute.cp" >&2
cp="app/target/test-classes:app/target/classes:$(cat app/target/recompute.cp)"
launcher=$(sed -n 's/^opts=\${SLOTLAB_JAVA_OPTS-\(.*\)}$/\1/p' slotlab)
[ -n "$launcher" ] || { echo "recompute-time.sh: could not read the launcher's options from ./slotlab" >&2; exit 1; }
pin=()
if [ -n "${CPU:-}" ]; then pin=(taskset -c "$CPU"); fi
# shellcheck disable=SC2206
ids=("$@")
if [ ${#ids[@]} -eq 0 ]; then
  # shellcheck disable=SC2207
  ids=($(java -Djava.awt.headless=true -cp "$cp" org.slotlab.app.bench.RecomputeHarness --list))
fi
for opts in "$launcher" "-XX:+UseSerialGC -XX:CompileThresholdScaling=3"; do
  echo "== JVM options: $opts"
  java -Djava.awt.headless=true -cp "$cp" org.slotlab.app.bench.RecomputeHarness --header
  for id in "${ids[@]}"; do
    # shellcheck disable=SC2086
    ${pin[@]+"${pin[@]}"} java $opts -Djava.awt.headless=true -cp "$cp" org.slotlab.app.bench.RecomputeHarness "$id"
  done
done
