#!/usr/bin/env bash
# How long each scenario takes to recompute in a fresh JVM, from its first run on (RecomputeHarness):
# once with the launcher's JVM options (the slotlab script's) and once with the JIT's optimizing
# compiler on as well, each in its own JVM, on the machine's cores as a user's launch gets them
# (CPU=N pins both to that one CPU). The figures in the README's start-up section come from it.
# Usage: scripts/recompute-time.sh [SCENARIO ...]   (default: every scenario; about a minute)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -pl app -am test-compile -DskipTests
mvn -B -q -pl app dependency:build-classpath -Dmdep.outputFile=target/recompute.cp -Dmdep.includeScope=test
cp="app/target/test-classes:app/target/classes:$(cat app/target/recompute.cp)"
launcher=$(sed -n 's/^opts=\${SLOTLAB_JAVA_OPTS-\(.*\)}$/\1/p' slotlab)
[ -n "$launcher" ] || { echo "recompute-time.sh: could not read the launcher's options from ./slotlab" >&2; exit 1; }
pin=(); [ -n "${CPU:-}" ] && pin=(taskset -c "$CPU")
for opts in "$launcher" "-XX:+UseSerialGC -XX:CompileThresholdScaling=3"; do
  echo "== JVM options: $opts"
  # shellcheck disable=SC2086
  "${pin[@]}" java $opts -Djava.awt.headless=true -cp "$cp" org.slotlab.app.bench.RecomputeHarness "$@"
done
