#!/usr/bin/env bash
# Prints the validation lab's scoreboard (docs/FIT.md's lab section) from the committed results:
# every patched build predicted from the unpatched build's calibration alone, and the GC counts of
# single-heap loops on 3.4.5 and 3.1.2. Usage: scripts/ruby-lab/scoreboard.sh [--write] [--paired] [LAB.json.gz ...]
# Without files it prints first each same-hour group (a calibration and the lab files measured around it,
# scripts/ruby-lab/same-hour.sh), predicted from that calibration, then every other lab file predicted
# from the first calibration.
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
# Same-hour groups: a calibration of the unpatched build and the lab files measured on the same machine
# in the same state around it (scripts/ruby-lab/same-hour.sh), each predicted from its own calibration.
# One line per group: TAG, then its lab files' tags.
groups=("20261202d bare-20261202c bare-20261202d harness-20261202"
  "20261204a harness-20261204a bare-20261204a"
  "20261205a harness-20261205a bare-20261205a"
  "20261205b harness-20261205b bare-20261205b"
  "20261206a harness-20261206a bare-20261206a"
  "20261206b harness-20261206b bare-20261206b"
  "20261206c harness-20261206c bare-20261206c"
  "20261207a bare-20261207a"
  "20261207b harness-20261207b ips-20261207b bare-20261207b"
  "20261207c harness-20261207c bare-20261207c"
  "20261207d harness-20261207d bare-20261207d"
  "20261207e harness-20261207e bare-20261207e"
  "20261207f harness-20261207f bare-20261207f"
  "20261207g harness-20261207g bare-20261207g"
  "20261208a harness-20261208a bare-20261208a")
# Same-hour sessions taken while the host was too noisy to test the model: their identical-code rows
# (both builds run the same code) land within ±10% of 1.00 in too few rows. Printed apart, as a record.
noisy=("20261203a harness-20261203a bare-20261203a"
  "20261203b harness-20261203b bare-20261203b"
  "20261203v harness-20261203v bare-20261203v"
  "20261207d harness-20261207dn bare-20261207dn")
grouped=()
for g in "${groups[@]}" "${noisy[@]}"; do
  for t in ${g#* }; do grouped+=("$lab/lab-3.4.5-variants-$t.json.gz"); done
done
beside=0
if [ ${#files[@]} -eq 0 ]; then
  beside=1
  for f in "$lab"/lab-*.json.gz; do [[ " ${grouped[*]} " == *" $f "* ]] || files+=("$f"); done
fi
# prints one group: its heading, then its lab files predicted from its calibration
run_group() {
  local g=$1 tag=${1%% *} labs=() t
  for t in ${g#* }; do labs+=("$lab/lab-3.4.5-variants-$t.json.gz"); done
  local when
  when=$(sed -n 's/^| `calibration-ruby-3.4.5-base-'"$tag"'.json.gz` | (\([^)]*\)).*/\1/p' "$lab/README.md" | head -1)
  printf '%s\n' "## From \`calibration-ruby-3.4.5-base-$tag\`${when:+ ($when)}" "" \
    "Its lab files: $(printf '`lab-3.4.5-variants-%s` ' ${g#* })(all taken on the same machine within the hour around it)." ""
  java -cp "model/target/classes:$(cat model/target/lab.cp)" org.slotlab.model.lab.LabTool "${paired[@]}" \
    --readings "base=$lab/calibration-ruby-3.4.5-base-$tag.json.gz" "${labs[@]}"
  echo
}
run_beside() {
  local g
  for g in "${groups[@]}"; do run_group "$g"; done
}
run_noisy() {
  local g
  printf '%s\n' "## Same-hour sessions on a noisy host (a record, not a test of the model)" "" \
    "Each calibration came out untrusted for its noise, and the lab files' identical-code rows (both builds run the same" \
    "code, so 1.00 is the truth) show how far the measurement itself strays; see \`sample-data/measured/lab/README.md\`." ""
  for g in "${noisy[@]}"; do run_group "$g" | sed 's/^## /### /; s/^### lab-/#### lab-/'; done
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
      "the unpatched build alone (the one of their hour for the files of a same-hour group, \`calibration-ruby-3.4.5-base.json.gz\`" \
      "for the rest; each fitted again with the model as it is now). \`docs/FIT.md\` explains the columns and" \
      "the failures. GC counts are those of the timed loop, except under benchmark-ips: there they are the" \
      "whole report's, its warm-up included, less its two \`GC.start\` (measured), and the simulation runs as" \
      "many iterations from the heap the harness hands the block (simulated)." ""
    if [ $beside = 1 ]; then
      run_beside
      run_noisy
      printf '%s\n' "## Every other lab file, predicted from the first calibration" ""
    fi
    run; } > docs/lab-scoreboard.md
  echo "scoreboard.sh: wrote docs/lab-scoreboard.md"
else
  [ $beside = 0 ] || { run_beside; run_noisy; }
  run
fi
