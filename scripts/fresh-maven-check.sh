#!/usr/bin/env bash
# Runs the README's Maven commands as a fresh machine would: a clean clone of this repository's
# HEAD and an empty local Maven repository (every plugin and dependency downloaded from Maven
# Central, nothing cached), one command after the other. Prints each command, its exit code and
# how long it took; exits 1 when any failed. `mvn javafx:run` opens the workbench under a
# virtual display and counts as passed when the window is still up after 60 s (it is then closed).
#
# Usage: scripts/fresh-maven-check.sh [--keep]   (--keep leaves the clone and the repository in /tmp)
# Needs: git, JDK 17, Maven, network access to Maven Central; xvfb-run for javafx:run
# (apt-get install -y --no-install-recommends xvfb xauth libgtk-3-0). Takes 10 to 20 minutes.
set -uo pipefail
cd "$(dirname "$0")/.."
keep=false
[ "${1:-}" = "--keep" ] && keep=true
work=$(mktemp -d /tmp/slotlab-fresh.XXXXXX)
repo="$work/m2"
git clone -q . "$work/src" || { echo "fresh-maven-check: cannot clone $(pwd)" >&2; exit 2; }
cd "$work/src"
fail=0
check() { # NAME COMMAND...
  local name=$1; shift
  local t0=$SECONDS
  echo "== $name: $*"
  "$@" > "$work/$name.log" 2>&1
  local rc=$?
  echo "   exit $rc after $((SECONDS - t0)) s (log: $work/$name.log)"
  [ $rc -eq 0 ] || { fail=1; tail -20 "$work/$name.log" | sed 's/^/   | /'; }
}
m=(mvn -B -Dmaven.repo.local="$repo")
check package "${m[@]}" package -DskipTests
check jar-version java -jar app/target/slotlab.jar --version
check verify "${m[@]}" verify
if command -v jpackage >/dev/null; then
  check app-image "${m[@]}" -Papp-image package -DskipTests
fi
check latency "${m[@]}" -pl app -am -Platency process-test-classes
check talk-speed "${m[@]}" -pl app -am -Ptalk-speed process-test-classes
if command -v xvfb-run >/dev/null; then
  echo "== javafx-run: mvn javafx:run (under xvfb-run, 60 s)"
  t0=$SECONDS
  xvfb-run -a -s "-screen 0 1600x1000x24" timeout 60 "${m[@]}" javafx:run > "$work/javafx-run.log" 2>&1
  rc=$?
  # timeout's 124: the workbench was still running when it was stopped, which is the pass
  if [ $rc -eq 124 ] && ! grep -q "BUILD FAILURE" "$work/javafx-run.log"; then
    echo "   still running after $((SECONDS - t0)) s: passed (log: $work/javafx-run.log)"
  else
    echo "   exit $rc: failed (log: $work/javafx-run.log)"; fail=1; tail -20 "$work/javafx-run.log" | sed 's/^/   | /'
  fi
else
  echo "== javafx-run: skipped (no xvfb-run)"
fi
$keep || rm -rf "$work"
[ $fail -eq 0 ] && echo "fresh-maven-check: every README Maven command passed" || echo "fresh-maven-check: some commands failed"
exit $fail
