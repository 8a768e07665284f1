#!/usr/bin/env bash
# Records every malloc and free of one lab loop on a CRuby 3.4.5 build, with the program break after
# each, and writes it xz-compressed where the tests read it:
#
#   scripts/ruby-lab/malloc-trace.sh RUBY LEN [ITERATIONS] [OUT.log.xz]
#
# The loop is the lab's fresh 10,000 B source with a LEN-byte suffix (`s = X * 10000;
# s.byteslice(10000 - LEN, LEN)`, bare: `ruby --disable-gems`), 300,000 iterations by default; it
# marks each GC in the log (a write of "GCMARK<n>" to stderr that the logger keeps instead). The
# logger is scripts/ruby-lab/malloc-trace.c, built here with gcc into a temporary directory.
# MainArenaReplayTest replays such logs into the simulation of glibc's main arena and compares
# its trims with the ones the log's program break shows.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ruby=${1:?usage: malloc-trace.sh RUBY LEN [ITERATIONS] [OUT.log.xz]}
len=${2:?usage: malloc-trace.sh RUBY LEN [ITERATIONS] [OUT.log.xz]}
n=${3:-300000}
out=${4:-malloc-trace-fresh10000-suffix-$len.log.xz}
case $len in ''|*[!0-9]*) echo "malloc-trace.sh: LEN must be a number of bytes, got '$len'" >&2; exit 2 ;; esac
case $n in ''|*[!0-9]*) echo "malloc-trace.sh: ITERATIONS must be a number, got '$n'" >&2; exit 2 ;; esac
if [ "$len" -gt 10000 ]; then echo "malloc-trace.sh: LEN must be at most 10000 (the source's length)" >&2; exit 2; fi
[ -x "$ruby" ] || { echo "malloc-trace.sh: $ruby is not an executable" >&2; exit 2; }
command -v gcc >/dev/null || { echo "malloc-trace.sh: needs gcc (apt-get install gcc)" >&2; exit 2; }
command -v xz >/dev/null || { echo "malloc-trace.sh: needs xz (apt-get install xz-utils)" >&2; exit 2; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
gcc -O2 -shared -fPIC -o "$dir/malloc-trace.so" "$here/malloc-trace.c"
cat > "$dir/loop.rb" <<RUBY
X = "a"
__n = $n
__c = GC.count
\$stderr.syswrite("GCMARK#{__c}")
__i = 0
while __i < __n
  s = X * 10000; s.byteslice($((10000 - len)), $len)
  if GC.count != __c
    __c = GC.count
    \$stderr.syswrite("GCMARK#{__c}")
  end
  __i += 1
end
RUBY
MLOG="$dir/trace.log" LD_PRELOAD="$dir/malloc-trace.so" "$ruby" --disable-gems "$dir/loop.rb"
xz -9 -c "$dir/trace.log" > "$out"
echo "wrote $out ($("$ruby" --disable-gems -e 'print RUBY_DESCRIPTION'), $n iterations, suffix $len B)"
