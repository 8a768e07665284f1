#!/usr/bin/env bash
# Drives the real workbench under Xvfb through File > Import measured results, Tools > Calibrate
# against a Ruby, Tools > Measure on this Ruby and the predicted vs measured window, and writes a
# PNG of each (ScreenshotTour in app's test sources), for a person to look at.
# Needs: xvfb xauth imagemagick, and a ruby (default: ruby on PATH; the calibration takes a few minutes).
# Usage: scripts/screenshot-dialogs.sh [OUT_DIR] [RUBY]   (default target/dialog-screenshots, ruby)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-target/dialog-screenshots}
RUBY=${2:-ruby}
mvn -B -q -pl app -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$PWD/app/target/tour-classpath.txt"
CP="$PWD/app/target/test-classes:$PWD/app/target/classes:$(cat app/target/tour-classpath.txt)"
mkdir -p "$OUT"
xvfb-run -a -s "-screen 0 1600x1000x24" java -Dprism.order=sw -cp "$CP" org.slotlab.app.workbench.ScreenshotTour \
    "$OUT" "$PWD/model/src/test/resources/measured" "$RUBY"
