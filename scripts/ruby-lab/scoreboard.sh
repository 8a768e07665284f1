#!/usr/bin/env bash
# Prints the validation lab's scoreboard (docs/FIT.md's lab section) from the committed results:
# every patched build predicted from the unpatched build's calibration alone, and the GC counts of
# single-heap loops on 3.4.5 and 3.1.2. Usage: scripts/ruby-lab/scoreboard.sh [--write] [--paired] [LAB.json.gz ...]
# Without files it prints first the lab files taken the same hour as the latest calibration,
# predicted from that calibration (all measured on the same quiet machine), then every other lab file
# predicted from the first calibration.
# (--write replaces docs/lab-scoreboard.md with what it prints; --paired takes each measured ratio as
# the median of the interleaved run pairs' ratios instead of fastest run over fastest run)
set -euo pipefail
cd "$(dirname "$0")/../.."
lab=sample-data/measured/lab
mvn -B -q -pl model compile dependency:build-classpath -Dmdep.outputFile=target/lab.cp
write=0
if [ "${1:-}" = "--write" ]; then write=1; shift; fi
paired=()
if [ "${1:-}" = "--paired" ]; then paired=(--paired); shift; fi
files=("$@")
beside_cal=$lab/calibration-ruby-3.4.5-base-20261202d.json.gz
beside_labs=("$lab/lab-3.4.5-variants-bare-20261202c.json.gz" "$lab/lab-3.4.5-variants-bare-20261202d.json.gz"
  "$lab/lab-3.4.5-variants-harness-20261202.json.gz")
beside=0
if [ ${#files[@]} -eq 0 ]; then
  beside=1
  for f in "$lab"/lab-*.json.gz; do [[ " ${beside_labs[*]} " == *" $f "* ]] || files+=("$f"); done
fi
run_beside() {
  java -cp "model/target/classes:$(cat model/target/lab.cp)" org.slotlab.model.lab.LabTool "${paired[@]}" \
    --readings "base=$beside_cal" "${beside_labs[@]}"
}
run() {
  java -cp "model/target/classes:$(cat model/target/lab.cp)" org.slotlab.model.lab.LabTool "${paired[@]}" \
    --readings "base=$lab/calibration-ruby-3.4.5-base.json.gz" --readings "3.4.5=$lab/calibration-ruby-3.4.5-base.json.gz" \
    --readings "3.1.2=$lab/calibration-ruby-3.1.2.json.gz" "${files[@]}"
}
if [ $write = 1 ]; then
  { printf '%s\n' "# The validation lab's scoreboard, row by row" "" \
      "Printed by \`scripts/ruby-lab/scoreboard.sh\` from the measurements in \`sample-data/measured/lab/\`" \
      "(how they were made: that folder's README); every patched build predicted from a calibration of" \
      "the unpatched build alone (the latest for the files of its hour, \`calibration-ruby-3.4.5-base.json.gz\`" \
      "for the rest; each fitted again with the model as it is now). \`docs/FIT.md\` explains the columns and" \
      "the failures." ""
    if [ $beside = 1 ]; then
      printf '%s\n' "## The lab files taken the same hour as the latest calibration, predicted from it" "" \
        "\`lab-3.4.5-variants-bare-20261202c\` (measured before it), \`-20261202d\` and \`lab-3.4.5-variants-harness-20261202\`" \
        "(right after it) from \`calibration-ruby-3.4.5-base-20261202d\`, all on the same quiet machine within 80 minutes." ""
      run_beside
      printf '%s\n' "" "## Every other lab file, predicted from the first calibration" ""
    fi
    run; } > docs/lab-scoreboard.md
  echo "scoreboard.sh: wrote docs/lab-scoreboard.md"
else
  [ $beside = 0 ] || run_beside
  run
fi
