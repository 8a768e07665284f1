#!/usr/bin/env bash
# JMH benchmarks of the model (SweepBenchmark): builds the test classes, then runs JMH pinned to one core.
# Usage: scripts/bench-model.sh [JMH args, e.g. -wi 2 -i 3]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -pl model test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test
cp="model/target/test-classes:model/target/classes:$(cat model/target/bench.cp)"
exec taskset -c 0 java -cp "$cp" org.openjdk.jmh.Main SweepBenchmark "$@"
