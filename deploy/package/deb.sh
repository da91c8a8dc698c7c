#!/usr/bin/env bash
# `make deb` (deb.sh [--arch ARCH] [--kiosk-only]): both packages of the checkout from the release build
# (deploy/package/release-build.sh), packaged by debhelper from deploy/package/debian/ in a staging
# folder (.build-deb/ARCH/):
#   out/sideline_<version>_<arch>.deb       the kiosk appliance
#   out/sideline-club_<version>_<arch>.deb  the club server (docs/CLUB-OPERATIONS.md)
# --arch arm64 (`make deb ARCH=arm64`, on an amd64 machine): the binaries cross-compiled with Debian's
# own Swift (deploy/package/arm64/build.sh), run (--version, help2man) through qemu-user on the cached
# arm64 bookworm root's libraries, and packaged by this machine's own debhelper (dpkg-buildpackage -a
# arm64: bookworm's, as the amd64 package's), dpkg-shlibdeps reading the bookworm root's libraries and
# their shlibs/symbols (decision 102). Only the binaries run emulated.
# One source, one version: the kiosk binary's own (`sideline --version`); DEB_VERSION overrides it (the
# upgrade tests build two). Prints the club server's package's path, then on its last line the kiosk's
# (what the appliance suites and `tail -1` callers take). --kiosk-only: the kiosk's package alone (the
# build profile pkg.sideline.noclub; the arm64 test stage's, which spares the club server's cross build).
set -euo pipefail
cd "$(dirname "$0")/../.."
ARCH=$(dpkg --print-architecture)
if [ "${1:-}" = --arch ]; then ARCH=$2; shift 2; fi
CLUB=true
if [ "${1:-}" = --kiosk-only ]; then CLUB=false; export DEB_BUILD_PROFILES=pkg.sideline.noclub; shift; fi
PRODUCTS=(sideline)
if $CLUB; then PRODUCTS+=(sideline-club); fi
# IN: how a command of the target's runs (nothing for this machine's own architecture).
IN=()
CROSS=()
PACKAGE_ARCH=()
if [ "$ARCH" = "$(dpkg --print-architecture)" ]; then
  ./deploy/package/release-build.sh "${PRODUCTS[@]}" >&2
  BIN=.build-static/release/sideline
  CLUB_BIN=.build-static/release/sideline-club
elif [ "$ARCH" = arm64 ]; then
  BIN_DIR=$(./deploy/package/arm64/build.sh "${PRODUCTS[@]}")
  BIN=${BIN_DIR#"$PWD/"}/sideline
  CLUB_BIN=${BIN_DIR#"$PWD/"}/sideline-club
  eval "$(./deploy/package/arm64/toolchain.sh | grep '^BOOKWORM_ROOT=')"
  # An arm64 binary started here runs through binfmt's qemu-aarch64, which takes its loader and
  # libraries (every absolute path it opens, first) from QEMU_LD_PREFIX: bookworm's.
  IN=(env -i HOME=/root LANG=C.UTF-8 PATH=/usr/sbin:/usr/bin:/sbin:/bin QEMU_LD_PREFIX="$BOOKWORM_ROOT")
  # dpkg-shlibdeps finds a library in the -l folders and its package with dpkg-query -S, by the path
  # as this machine sees it: the root's dpkg database with its file lists under the root's path.
  ADMIN=$PWD/.build-deb/dpkg-arm64
  rm -rf "$ADMIN" && mkdir -p "$ADMIN/info"
  cp "$BOOKWORM_ROOT/var/lib/dpkg/status" "$BOOKWORM_ROOT/var/lib/dpkg/arch" "$ADMIN/"
  for file in "$BOOKWORM_ROOT"/var/lib/dpkg/info/*; do
    case $file in
      *.list) sed "s|^|$BOOKWORM_ROOT|" "$file" > "$ADMIN/info/${file##*/}" ;;
      *) cp "$file" "$ADMIN/info/" ;;
    esac
  done
  # No C is compiled (CC only names the target's compiler for dpkg-architecture); the binaries can
  # run here (binfmt), which is what dh asks to be told before a cross build.
  CROSS=(env CC=aarch64-linux-gnu-gcc DEB_BUILD_OPTIONS=crossbuildcanrunhostbinaries)
  PACKAGE_ARCH=(-a arm64)
  export SIDELINE_SHLIBDEPS_ARGS="--admindir=$ADMIN -l$BOOKWORM_ROOT/lib/aarch64-linux-gnu -l$BOOKWORM_ROOT/usr/lib/aarch64-linux-gnu"
else
  echo "deb.sh: builds for $(dpkg --print-architecture) or arm64, not $ARCH" >&2; exit 2
fi
VERSION=${DEB_VERSION:-$("${IN[@]}" "$BIN" --version)}
# One folder an architecture: make test builds the arm64 package in the background, maybe while its package
# stage builds amd64's, and dpkg-buildpackage writes its files beside the staging folder.
BUILT=.build-deb/$ARCH
STAGE=$BUILT/sideline-$VERSION
rm -rf "$STAGE" && mkdir -p "$STAGE" out
cp -r deploy/package/debian "$STAGE/debian"
cp "$BIN" "$STAGE/sideline"
if $CLUB; then cp "$CLUB_BIN" "$STAGE/sideline-club"; fi
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
if $CLUB; then
  mkdir -p "$STAGE/docs"
  cp docs/CLUB-OPERATIONS.md docs/CLUB.md docs/club-api.yaml "$STAGE/docs/"
  printf '%s\n' docs/CLUB-OPERATIONS.md docs/CLUB.md docs/club-api.yaml > "$STAGE/debian/sideline-club.docs"
  "${IN[@]}" help2man --no-info --no-discard-stderr --name "club server for Sideline heart-rate kiosks" --version-string "$VERSION" \
      "$CLUB_BIN" > "$STAGE/debian/sideline-club.1"
  echo debian/sideline-club.1 > "$STAGE/debian/sideline-club.manpages"
fi
# The changelog carries the version; one entry per build is enough for a package built from a checkout.
cat > "$STAGE/debian/changelog" <<CHANGES
sideline ($VERSION) unstable; urgency=medium

  * Built from the Sideline checkout ($(git rev-parse --short HEAD 2>/dev/null || echo unknown)).

 -- Sideline developers <sideline@example.org>  $(date -R)
CHANGES
(cd "$STAGE" && "${CROSS[@]}" dpkg-buildpackage -b -uc -us --no-check-builddeps "${PACKAGE_ARCH[@]}") >&2
DEB="out/sideline_${VERSION}_${ARCH}.deb"
CLUB_DEB="out/sideline-club_${VERSION}_${ARCH}.deb"
mv "$BUILT/sideline_${VERSION}_${ARCH}.deb" "$DEB"
rm -f "$BUILT"/sideline_"${VERSION}"_*.buildinfo "$BUILT"/sideline_"${VERSION}"_*.changes
if $CLUB; then
  mv "$BUILT/sideline-club_${VERSION}_${ARCH}.deb" "$CLUB_DEB"
  echo "$CLUB_DEB"
fi
echo "$DEB"
