#!/usr/bin/env bash
# `make deb` (deb.sh [--arch ARCH]): both packages of the checkout from the release build
# (deploy/package/release-build.sh), packaged by debhelper from deploy/package/debian/ in a staging
# folder (.build-deb/):
#   out/sideline_<version>_<arch>.deb       the kiosk appliance
#   out/sideline-club_<version>_<arch>.deb  the club server (docs/CLUB-OPERATIONS.md)
# --arch arm64 (`make deb ARCH=arm64`, on an amd64 machine): the binaries cross-compiled with Debian's
# own Swift (deploy/package/arm64/build.sh), run (--version, help2man) and packaged in the cached arm64
# bookworm root through qemu-user (deploy/package/arm64/run.sh): bookworm's debhelper and
# dpkg-shlibdeps, as the amd64 package has on this bookworm machine.
# One source, one version: the kiosk binary's own (`sideline --version`); DEB_VERSION overrides it (the
# upgrade tests build two). Prints the club server's package's path, then on its last line the kiosk's
# (what the appliance suites and `tail -1` callers take).
set -euo pipefail
cd "$(dirname "$0")/../.."
ARCH=$(dpkg --print-architecture)
if [ "${1:-}" = --arch ]; then ARCH=$2; shift 2; fi
# IN: how a command of the target's runs (nothing for this machine's own architecture).
IN=()
if [ "$ARCH" = "$(dpkg --print-architecture)" ]; then
  ./deploy/package/release-build.sh sideline sideline-club >&2
  BIN=.build-static/release/sideline
  CLUB_BIN=.build-static/release/sideline-club
elif [ "$ARCH" = arm64 ]; then
  BIN_DIR=$(./deploy/package/arm64/build.sh sideline sideline-club)
  BIN=${BIN_DIR#"$PWD/"}/sideline
  CLUB_BIN=${BIN_DIR#"$PWD/"}/sideline-club
  eval "$(./deploy/package/arm64/toolchain.sh | grep '^BOOKWORM_ROOT=')"
  IN=(./deploy/package/arm64/run.sh "$BOOKWORM_ROOT" sh -c 'cd "$0" && exec "$@"' "$PWD")
else
  echo "deb.sh: builds for $(dpkg --print-architecture) or arm64, not $ARCH" >&2; exit 2
fi
VERSION=${DEB_VERSION:-$("${IN[@]}" "$BIN" --version)}
STAGE=.build-deb/sideline-$VERSION
rm -rf "$STAGE" && mkdir -p "$STAGE" out
cp -r deploy/package/debian "$STAGE/debian"
cp "$BIN" "$STAGE/sideline"
cp "$CLUB_BIN" "$STAGE/sideline-club"
cp README.md "$STAGE/README.md"
# The translations (decision 080): po/<lang>.po compiled to <lang>/LC_MESSAGES/sideline.mo, installed under
# /usr/share/locale (sideline.install), where the binary looks for them.
./deploy/scripts/i18n/compile.sh "$STAGE/locale" >&2
# The club web's own domain (decision 084): <lang>/LC_MESSAGES/sideline-club.mo, in the club server's package.
./deploy/scripts/i18n/compile.sh "$STAGE/club-locale" --domain club >&2
# Its command line's (decision 087): <lang>/LC_MESSAGES/sideline-club-admin.mo, in the same package.
./deploy/scripts/i18n/compile.sh "$STAGE/club-locale" --domain club-admin >&2
echo README.md > "$STAGE/debian/sideline.docs"
# The manual page is the binary's own --help (help2man), so it never disagrees with it.
"${IN[@]}" help2man --no-info --no-discard-stderr --name "team heart-rate kiosk" --version-string "$VERSION" "$BIN" > "$STAGE/debian/sideline.1"
echo debian/sideline.1 > "$STAGE/debian/sideline.manpages"
mkdir -p "$STAGE/docs"
cp docs/CLUB-OPERATIONS.md docs/CLUB.md docs/club-api.yaml "$STAGE/docs/"
printf '%s\n' docs/CLUB-OPERATIONS.md docs/CLUB.md docs/club-api.yaml > "$STAGE/debian/sideline-club.docs"
"${IN[@]}" help2man --no-info --no-discard-stderr --name "club server for Sideline heart-rate kiosks" --version-string "$VERSION" \
    "$CLUB_BIN" > "$STAGE/debian/sideline-club.1"
echo debian/sideline-club.1 > "$STAGE/debian/sideline-club.manpages"
# The changelog carries the version; one entry per build is enough for a package built from a checkout.
cat > "$STAGE/debian/changelog" <<CHANGES
sideline ($VERSION) unstable; urgency=medium

  * Built from the Sideline checkout ($(git rev-parse --short HEAD 2>/dev/null || echo unknown)).

 -- Sideline developers <sideline@example.org>  $(date -R)
CHANGES
"${IN[@]}" sh -c 'cd "$0" && dpkg-buildpackage -b -uc -us --no-check-builddeps' "$STAGE" >&2
DEB="out/sideline_${VERSION}_${ARCH}.deb"
CLUB_DEB="out/sideline-club_${VERSION}_${ARCH}.deb"
mv ".build-deb/sideline_${VERSION}_${ARCH}.deb" "$DEB"
mv ".build-deb/sideline-club_${VERSION}_${ARCH}.deb" "$CLUB_DEB"
rm -f .build-deb/sideline_"${VERSION}"_*.buildinfo .build-deb/sideline_"${VERSION}"_*.changes
echo "$CLUB_DEB"
echo "$DEB"
