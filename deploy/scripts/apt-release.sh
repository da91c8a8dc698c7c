#!/usr/bin/env bash
# deploy/scripts/apt-release.sh RELEASE [ARCH]: apt's view of one Debian release (bookworm, trixie;
# sid, which has no -updates or -security) beside this machine's own, without touching its sources: a
# private sources list (the release, -updates, -security, main), private lists under the cache
# (refreshed at most once a day) and an empty dpkg status (this machine's installed packages are no
# candidates). ARCH (default this machine's) is the architecture apt's view is of: arm64 lists
# arm64's packages (the arm64 build, deploy/package/arm64/). Prints the path of an apt configuration
# file; any apt command run with APT_CONFIG set to it sees that release:
#   APT_CONFIG=$(deploy/scripts/apt-release.sh trixie) apt-cache policy linux-image-amd64
#   APT_CONFIG=$(deploy/scripts/apt-release.sh sid arm64) apt-get download swiftlang
# Used by the VM image builder (deploy/scripts/vm/build-image.sh) and the package's dependency
# repositories (deploy/package/deb-repo.sh). The cache: $SIDELINE_CACHE (default ~/.cache/sideline).
set -euo pipefail
RELEASE=${1:?usage: apt-release.sh RELEASE [ARCH]}
HOST_ARCH=$(dpkg --print-architecture)
ARCH=${2:-$HOST_ARCH}
CACHE=${SIDELINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sideline}
DIR=$CACHE/apt/$RELEASE
[ "$ARCH" = "$HOST_ARCH" ] || DIR=$DIR-$ARCH
mkdir -p "$DIR/lists/partial" "$DIR/archives/partial"

# The Debian mirror this machine's apt uses (deb822 or one-line sources); security from its own host.
mirror() {
  local m
  m=$(awk '/^URIs:/ { for (i = 2; i <= NF; i++) if ($i ~ /\/debian\/?$/) { print $i; exit } }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
  [ -n "$m" ] || m=$(awk '$1 == "deb" && $2 ~ /\/debian\/?$/ { print $2; exit }' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true)
  echo "${m:-http://deb.debian.org/debian}"
}
MIRROR=$(mirror)
# This process's own draft: the image builder and a package test may run this together.
NEW=$DIR/sources.list.new.$$
SECURITY=${MIRROR%/debian*}/debian-security
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
if [ "$RELEASE" = sid ]; then
  echo "deb [signed-by=$KEYRING] $MIRROR $RELEASE main" > "$NEW"
else
  cat > "$NEW" <<EOF
deb [signed-by=$KEYRING] $MIRROR $RELEASE main
deb [signed-by=$KEYRING] $MIRROR $RELEASE-updates main
deb [signed-by=$KEYRING] $SECURITY $RELEASE-security main
EOF
fi
cat > "$DIR/apt.conf.$$" <<EOF
Dir::Etc::sourcelist "$DIR/sources.list";
Dir::Etc::sourceparts "-";
Dir::State::Lists "$DIR/lists";
Dir::Cache "$DIR/cache";
Dir::State::status "$DIR/status";
Dir::Cache::archives "$DIR/archives";
APT::Architecture "$ARCH";
APT::Architectures { "$ARCH"; };
APT::Sandbox::User "root";
Acquire::Languages "none";
EOF
mv -f "$DIR/apt.conf.$$" "$DIR/apt.conf"  # whole, never half-written under a reader
mkdir -p "$DIR/cache"
# An empty dpkg status: what this machine has installed is no candidate of the release.
[ -f "$DIR/status" ] || : > "$DIR/status"
fresh=$(find "$DIR/lists" -maxdepth 1 -name '*_Packages*' -mmin -1440 2>/dev/null | head -1)
if ! cmp -s "$NEW" "$DIR/sources.list" 2>/dev/null || [ -z "$fresh" ]; then
  mv "$NEW" "$DIR/sources.list"
  # One update at a time per release (the image builder and a package test may ask together).
  flock "$DIR/lock" env APT_CONFIG="$DIR/apt.conf" apt-get update -qq -o APT::Update::Error-Mode=any >&2
else
  rm -f "$NEW"
fi
echo "$DIR/apt.conf"
