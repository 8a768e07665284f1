#!/usr/bin/env bash
# Times JSON.parse of the json-unescape scenario's documents, and Feature #12025's
# Array.new(1_000_000){ " " * i }, on real Rubies: every loop in a fresh process under plain ruby
# (RubyGems loaded), pinned to CPU 1 where there are two, RUNS rounds (default 5) with the Rubies and
# cases interleaved. Writes JSON Lines: a first line of provenance (machine, date, command, each
# Ruby's -v and json version), then one line per process (json-parse-bench.rb's output, with the Ruby).
# The documents are written by Slotlab's own generator, so the Ruby parses the bytes the model reads.
# Usage: scripts/ruby-lab/json-parse-validate.sh OUT.jsonl RUBY...   (RUNS, SECONDS per parse loop,
#        SLOTLAB_JAR: the built app/target/slotlab.jar)
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: json-parse-validate.sh OUT.jsonl RUBY..." >&2; exit 2; }
out=$1
shift
runs=${RUNS:-5}
seconds=${SECONDS_PER_LOOP:-1.5}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
jar=${SLOTLAB_JAR:-$root/app/target/slotlab.jar}
[ -f "$jar" ] || { echo "json-parse-validate.sh: $jar not found (mvn -B package -DskipTests)" >&2; exit 2; }
for r in "$@"; do
  [ -x "$r" ] || { echo "json-parse-validate.sh: $r is not an executable ruby" >&2; exit 2; }
done
docs=(generated:escaped,200x62600 generated:plain,200x62600 generated:escaped,1300x100 generated:plain,1300x100
      generated:escaped,50x250000 generated:escaped,5000x2500)
samples=(reviews_ensure_ascii.json reviews_utf8.json)
sizes=(15 100 127 128 616 1000)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
java -cp "$jar" org.slotlab.model.buffers.JsonDocumentGenerator "$dir" "${docs[@]}" > /dev/null
pin=()
if command -v taskset >/dev/null && [ "$(nproc 2>/dev/null || echo 1)" -gt 1 ]; then pin=(taskset -c 1); fi
{
  printf '{"provenance":{"date":"%s","machine":"%s","cpu":"%s","command":"%s","runs":%d,"seconds_per_loop":%s,"rubies":[' \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(uname -srm)" "$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //')" \
    "scripts/ruby-lab/json-parse-validate.sh $out $*" "$runs" "$seconds"
  sep=""
  for r in "$@"; do
    printf '%s{"ruby":"%s","ruby_v":"%s","json":"%s"}' "$sep" "$r" "$("$r" -v)" "$("$r" -rjson -e 'print JSON::VERSION')"
    sep=","
  done
  printf ']}}\n'
} > "$out"
for run in $(seq 1 "$runs"); do
  for r in "$@"; do
    for d in "${docs[@]}"; do
      f="$dir/$(echo "$d" | tr ':,' '__').json"
      line=$(${pin[@]+"${pin[@]}"} "$r" "$here/json-parse-bench.rb" parse "$d" "$f" "$seconds")
      echo "{\"ruby\":\"$r\",\"run\":$run,\"result\":$line}" >> "$out"
    done
    for s in "${samples[@]}"; do
      line=$(${pin[@]+"${pin[@]}"} "$r" "$here/json-parse-bench.rb" parse "sample:$s" "$root/sample-data/json/$s" "$seconds")
      echo "{\"ruby\":\"$r\",\"run\":$run,\"result\":$line}" >> "$out"
    done
    for i in "${sizes[@]}"; do
      line=$(${pin[@]+"${pin[@]}"} "$r" "$here/json-parse-bench.rb" strbuf "$i" 1000000)
      echo "{\"ruby\":\"$r\",\"run\":$run,\"result\":$line}" >> "$out"
    done
  done
  echo "json-parse-validate.sh: round $run of $runs done" >&2
done
