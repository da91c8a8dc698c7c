#!/usr/bin/env bash
# deploy/package/deb-repo.sh [--release RELEASE [--arch ARCH]] DEB DIR [PACKAGE…]: a flat apt
# repository in DIR holding everything DEB (and any PACKAGE named) depends on, transitively (Depends
# and Pre-Depends; no Recommends), as the Debian release RELEASE has them for ARCH (bookworm, trixie;
# this machine's architecture, or arm64 for an arm64 DEB: apt's private view of it,
# deploy/scripts/apt-release.sh; without --release, this machine's own apt sources), downloaded
# with `apt-get download`. A machine without the internet (the VM, a chroot test) then installs
# DEB with `apt install ./DEB` against `deb [trusted=yes] file:DIR ./` alone, so apt resolves the
# package's Depends for real. Idempotent: packages already in DIR are kept.
set -euo pipefail
if [ "${1:-}" = --release ]; then
    RELEASE=$2
    shift 2
    ARCH=()
    if [ "${1:-}" = --arch ]; then ARCH=("$2"); shift 2; fi
    export APT_CONFIG
    APT_CONFIG=$("$(dirname "$0")/../scripts/apt-release.sh" "$RELEASE" "${ARCH[@]}")
fi
DEB=$(realpath "$1")
DIR=$2
shift 2
EXTRA=("$@")
mkdir -p "$DIR"
DIR=$(realpath "$DIR")
[ -n "${APT_CONFIG:-}" ] || [ -n "$(ls /var/lib/apt/lists/*Packages 2>/dev/null | head -1)" ] || apt-get update -qq

# The package's own dependency names, then their closure as apt sees it. Of a group of alternatives,
# the first this release knows (libcurl4t64 | libcurl4: trixie's name, else bookworm's); `apt-cache
# policy` lists a known name, virtual ones included, and says nothing of an unknown one.
groups=$( (dpkg-deb -f "$DEB" Depends; dpkg-deb -f "$DEB" Pre-Depends) | tr ',' '\n' | sed 's/([^)]*)//g; s/:any//g' | awk 'NF')
known=$(apt-cache policy $(echo "$groups" | tr '|' '\n') 2>/dev/null | awk '/^[^ ].*:$/ {sub(":$", ""); print}')
roots=$( (echo "$groups" | while read -r group; do
              for name in $(echo "$group" | tr '|' ' '); do
                  if echo "$known" | grep -qx "$name"; then echo "$name"; break; fi
              done
          done; printf '%s\n' "${EXTRA[@]}") | awk 'NF' | sort -u)
closure=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances \
              $roots | awk '/^[a-z0-9]/ {print $1}' | sort -u)
want=()
# Each package's candidate version, from one `apt-cache policy` call; virtual packages have none
# (what provides them is in the closure already).
while read -r p v; do
    [ -n "$v" ] && [ "$v" != "(none)" ] || continue
    ls "$DIR/${p}_$(echo "$v" | sed 's/:/%3a/')_"*.deb >/dev/null 2>&1 || want+=("$p")
done < <(apt-cache policy $closure | awk '/^[^ ].*:$/ {sub(":$", ""); p=$0} /Candidate:/ {print p, $2}')
if [ ${#want[@]} -gt 0 ]; then
    echo "deb-repo: downloading ${#want[@]} packages into $DIR" >&2
    (cd "$DIR" && apt-get download -q "${want[@]}" 2>&1 | grep -v -e unsandboxed -e '^Get:' >&2 || true)
fi
(cd "$DIR" && dpkg-scanpackages -m . 2>/dev/null > Packages)
echo "deb-repo: $(grep -c '^Package:' "$DIR/Packages") packages in $DIR" >&2
