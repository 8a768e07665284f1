#!/usr/bin/env bash
# Builds CRuby 3.4.5 from Debian's source package (ruby3.4 3.4.5-1~exp1, upstream .orig.tar.xz
# only, none of Debian's patches) and the Feature #22186 variants of it, each with str_subseq
# edited by patch-str-subseq.pl. Nothing of CRuby's source is stored in this repository.
#
# Usage: scripts/ruby-lab/build-rubies.sh [--prefix DIR] [--work DIR] [VARIANT ...]
#   VARIANT: base (unpatched), always-embed, cutoff-256, cutoff-128, frozen-rule-128,
#            or any policy the edit script takes written with '-' for ':' (cutoff-192).
#   Default: base always-embed cutoff-256 cutoff-128 frozen-rule-128
#   Rubies land in PREFIX/<variant>/bin/ruby (default PREFIX /opt/slotlab-rubies).
# Needs root for apt (build dependencies and the deb-src entry); about 5 minutes per build on 2 cores.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
prefix=/opt/slotlab-rubies
work=${SLOTLAB_LAB_WORK:-/var/tmp/slotlab-ruby-build}
variants=()
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) variants+=("$1"); shift ;;
  esac
done
[ ${#variants[@]} -gt 0 ] || variants=(base always-embed cutoff-256 cutoff-128 frozen-rule-128)

version=3.4.5
debver=3.4.5-1~exp1
orig="ruby3.4_${version}.orig.tar.xz"
configure_flags=(--disable-install-doc)

mkdir -p "$work" "$prefix"
if [ ! -f "$work/$orig" ]; then
  if ! grep -rqs 'experimental' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    cat > /etc/apt/sources.list.d/slotlab-experimental.sources <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: experimental
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends build-essential libssl-dev libyaml-dev zlib1g-dev libffi-dev libgmp-dev xz-utils >/dev/null
  (cd "$work" && apt-get source --download-only "ruby3.4=$debver")
fi

for v in "${variants[@]}"; do
  dest="$prefix/$v"
  if [ -x "$dest/bin/ruby" ] && [ -f "$dest/.slotlab-build" ]; then
    echo "== $v: already built ($("$dest/bin/ruby" -v))"
    continue
  fi
  echo "== $v: building into $dest"
  src="$work/build-$v"
  rm -rf "$src"
  mkdir -p "$src"
  tar -xJf "$work/$orig" -C "$src" --strip-components=1
  if [ "$v" != base ]; then
    policy=$(echo "$v" | sed -E 's/^(cutoff|frozen-rule)-/\1:/; s/^(frozen-rule:[0-9]+)-([0-9]+)$/\1:\2/')
    perl "$here/patch-str-subseq.pl" "$policy" "$src/string.c"
  fi
  (
    cd "$src"
    ./configure --prefix="$dest" "${configure_flags[@]}" >"$src/configure.log" 2>&1
    make -j"$(nproc)" >"$src/make.log" 2>&1
    # The orig tarball has no gems/*.gem: a plain 'make install' would try to download them.
    make install -o update-gems -o extract-gems >"$src/install.log" 2>&1
  )
  {
    echo "variant=$v"
    echo "source=debian ruby3.4 $debver ($orig)"
    echo "configure=--prefix=$dest ${configure_flags[*]}"
    echo "str_subseq=${policy:-unpatched}"
    echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "machine=$(uname -srm); $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  } >"$dest/.slotlab-build"
  unset policy
  rm -rf "$src"
  echo "== $v: $("$dest/bin/ruby" -v)"
done
