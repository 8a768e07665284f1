#!/usr/bin/env bash
# Makes docs/screenshot.png, the README's picture of the workbench: the real app under Xvfb,
# opened on scripts/screenshot.slotlab.json (the settings of Feature #22186, master vs cutoff:256,
# with the thread's first patch "no cutoff" pinned next to it), captured with ImageMagick.
# Needs: xvfb xauth imagemagick (apt-get install -y --no-install-recommends xvfb xauth libgtk-3-0 imagemagick).
# Usage: scripts/screenshot.sh [OUT.png]   (default docs/screenshot.png)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-docs/screenshot.png}
# Seconds to let the window open and the first recompute land (JavaFX start + JIT warm-up).
SETTLE_SECONDS=${SETTLE_SECONDS:-12}
# The screen: a common laptop size; the window (1560 x 960) fits with a margin.
SCREEN="1600x1000x24"

mvn -B -q -pl app -am compile dependency:build-classpath -Dmdep.outputFile="$PWD/app/target/screenshot-classpath.txt"
CP="$PWD/app/target/classes:$(cat app/target/screenshot-classpath.txt)"
RAW=$(mktemp --suffix=.png)
trap 'rm -f "$RAW"' EXIT

export CP RAW SETTLE_SECONDS
xvfb-run -a -s "-screen 0 $SCREEN" bash -c '
  java -Dprism.order=sw -cp "$CP" org.slotlab.app.WorkbenchMain scripts/screenshot.slotlab.json &
  app=$!
  sleep "$SETTLE_SECONDS"
  import -window root "$RAW"
  kill "$app"
  wait "$app" 2>/dev/null || true
'
# No window manager under Xvfb: the window sits centred on a black root; keep only the window.
convert "$RAW" -bordercolor black -border 1 -trim +repage "$OUT"
echo "wrote $OUT ($(identify -format '%wx%h' "$OUT"))"
