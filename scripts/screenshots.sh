#!/usr/bin/env bash
# Makes the workbench screenshots at the window sizes users have (1280x720, 1600x1000, 1920x1080):
# the real app under Xvfb (WorkbenchShots in app's test sources) opened on
# scripts/screenshot.slotlab.json, one PNG per scenario and size in OUT_DIR (and one with both side
# panels hidden, WIDTHxHEIGHT-ID-charts.png), and the first
# scenario at each size as OUT_DIR/screenshot-WIDTHxHEIGHT.png (the ones docs/ keeps).
# Needs: xvfb xauth.
# Usage: scripts/screenshots.sh [OUT_DIR] [SIZES...]   (default target/screenshots 1280x720 1600x1000 1920x1080)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-target/screenshots}
shift || true
SIZES=("$@")
if [ ${#SIZES[@]} -eq 0 ]; then SIZES=(1280x720 1600x1000 1920x1080); fi
mvn -B -q -pl app -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$PWD/app/target/shots-classpath.txt"
CP="$PWD/app/target/test-classes:$PWD/app/target/classes:$(cat app/target/shots-classpath.txt)"
mkdir -p "$OUT"
# The screen is as large as the largest window, so every size fits on it.
xvfb-run -a -s "-screen 0 1920x1200x24" java -Dprism.order=sw -Djava.util.prefs.userRoot="$PWD/app/target/shots-prefs" \
    -cp "$CP" org.slotlab.app.workbench.WorkbenchShots "$OUT" "$PWD/scripts/screenshot.slotlab.json" "${SIZES[@]}"
