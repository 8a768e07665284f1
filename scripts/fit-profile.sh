#!/usr/bin/env bash
# Re-runs the default cost profile's fit to Feature #22186 and prints the residual table (docs/FIT.md).
# Usage: scripts/fit-profile.sh [--write model/src/main/resources/org/slotlab/model/cost/default-profile.json]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -pl model compile dependency:build-classpath -Dmdep.outputFile=target/fit.cp
exec java -cp "model/target/classes:$(cat model/target/fit.cp)" org.slotlab.model.fit.FitTool "$@"
