#!/usr/bin/env bash
# Prints the validation lab's scoreboard (docs/FIT.md's lab section) from the committed results:
# every patched build predicted from the unpatched build's calibration alone, and the GC counts of
# single-heap loops on 3.4.5 and 3.1.2. Usage: scripts/ruby-lab/scoreboard.sh [LAB.json.gz ...]
set -euo pipefail
cd "$(dirname "$0")/../.."
lab=sample-data/measured/lab
mvn -B -q -pl model compile dependency:build-classpath -Dmdep.outputFile=target/lab.cp
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$lab"/lab-*.json.gz)
exec java -cp "model/target/classes:$(cat model/target/lab.cp)" org.slotlab.model.lab.LabTool \
  --readings "base=$lab/calibration-ruby-3.4.5-base.json.gz" --readings "3.4.5=$lab/calibration-ruby-3.4.5-base.json.gz" \
  --readings "3.1.2=$lab/calibration-ruby-3.1.2.json.gz" "${files[@]}"
