#!/usr/bin/env bash
# Presents the example talk (sample-data/talks/feature-22186.slotlab-talk.json) in the real
# workbench under Xvfb at one screen size, as a speaker would: F5, then Right through every step,
# B for the black screen, Esc back to the workbench, and captures the screen after each key.
# Needs: xvfb xauth imagemagick xdotool.
# Usage: scripts/talk-screenshots.sh WIDTHxHEIGHT OUT_DIR   (e.g. 1280x720 docs/talk)
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-1920x1080}
OUT=${2:-target/talk-screens}
# Seconds to let the window open and the first recompute land, and to let each step settle.
SETTLE_SECONDS=${SETTLE_SECONDS:-20}
STEP_SECONDS=${STEP_SECONDS:-3}
mkdir -p "$OUT"
if [ ! -f app/target/cp.txt ]; then
  mvn -B -q -pl app -am compile dependency:build-classpath -Dmdep.outputFile="$PWD/app/target/cp.txt"
fi
CP="$PWD/app/target/classes:$PWD/charts/target/classes:$PWD/model/target/classes:$(cat app/target/cp.txt)"
export CP OUT SIZE SETTLE_SECONDS STEP_SECONDS
xvfb-run -a -s "-screen 0 ${SIZE}x24" bash -c '
  java -Dprism.order=sw -cp "$CP" org.slotlab.app.WorkbenchMain sample-data/talks/feature-22186.slotlab-talk.json &
  app=$!
  win=$(xdotool search --sync --name "^Slotlab: " | head -1)
  sleep "$SETTLE_SECONDS"
  xdotool windowfocus --sync "$win" 2>/dev/null || true
  import -window root "$OUT/workbench-$SIZE.png"
  xdotool key F5
  sleep "$SETTLE_SECONDS"
  steps=$(grep -c "\"title\"" sample-data/talks/feature-22186.slotlab-talk.json)
  for i in $(seq 1 $((steps - 1))); do
    import -window root "$OUT/step-$i-$SIZE.png"
    xdotool key Right
    sleep "$STEP_SECONDS"
  done
  xdotool key b; sleep 1; import -window root "$OUT/black-$SIZE.png"; xdotool key b
  xdotool key 3 Return; sleep "$STEP_SECONDS"; import -window root "$OUT/jump-3-$SIZE.png"
  xdotool key Escape; sleep 2; import -window root "$OUT/after-esc-$SIZE.png"
  kill "$app"
  wait "$app" 2>/dev/null || true
'
echo "wrote $(ls "$OUT"/*-"$SIZE".png | wc -l) screenshots to $OUT"
