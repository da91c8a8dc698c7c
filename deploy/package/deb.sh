#!/usr/bin/env bash
# `make deb`: out/sideline_<version>_<arch>.deb from the release build (deploy/package/release-build.sh),
# packaged by debhelper from deploy/package/debian/ in a staging folder (.build-deb/). The version is the
# binary's own (`sideline --version`); DEB_VERSION overrides it (the upgrade tests build two).
# Prints the package's path on its last line.
set -euo pipefail
cd "$(dirname "$0")/../.."
./deploy/package/release-build.sh >&2
BIN=.build-static/release/sideline
VERSION=${DEB_VERSION:-$("$BIN" --version)}
ARCH=$(dpkg --print-architecture)
STAGE=.build-deb/sideline-$VERSION
rm -rf "$STAGE" && mkdir -p "$STAGE" out
cp -r deploy/package/debian "$STAGE/debian"
cp "$BIN" "$STAGE/sideline"
cp README.md "$STAGE/README.md"
echo README.md > "$STAGE/debian/sideline.docs"
# The manual page is the binary's own --help (help2man), so it never disagrees with it.
help2man --no-info --no-discard-stderr --name "team heart-rate kiosk" --version-string "$VERSION" "$BIN" > "$STAGE/debian/sideline.1"
echo debian/sideline.1 > "$STAGE/debian/sideline.manpages"
# The changelog carries the version; one entry per build is enough for a package built from a checkout.
cat > "$STAGE/debian/changelog" <<CHANGES
sideline ($VERSION) unstable; urgency=medium

  * Built from the Sideline checkout ($(git rev-parse --short HEAD 2>/dev/null || echo unknown)).

 -- Sideline developers <sideline@example.org>  $(date -R)
CHANGES
(cd "$STAGE" && dpkg-buildpackage -b -uc -us --no-check-builddeps >&2)
DEB="out/sideline_${VERSION}_${ARCH}.deb"
mv ".build-deb/sideline_${VERSION}_${ARCH}.deb" "$DEB"
rm -f .build-deb/sideline_"${VERSION}"_*.buildinfo .build-deb/sideline_"${VERSION}"_*.changes
echo "$DEB"
