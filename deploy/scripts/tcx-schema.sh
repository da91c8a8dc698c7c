#!/usr/bin/env bash
# Garmin's TCX v2 schema (TrainingCenterDatabasev2.xsd) for Tests/e2e/analytics, which validate every
# exported TCX against it. No PyPI package ships it; Debian's pytrainer does (as
# GarminTrainingCenterDatabase_v2.xsd). Only that file is unpacked from the package (apt-get download,
# nothing installed) into .venv/share/garmin/, and it must match the pinned checksum.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=.venv/share/garmin/TrainingCenterDatabasev2.xsd
PACKAGE=pytrainer VERSION=2.1.0-2
MEMBER=./usr/share/pytrainer/schemas/GarminTrainingCenterDatabase_v2.xsd
SHA256=d64d687488dfe429ea3ce2ac4f1fbc7c333d80776a478b2b6843c7cc0403cda9
[ -f "$OUT" ] && echo "$SHA256  $OUT" | sha256sum -c --status && exit 0
echo "tcx-schema: unpacking $MEMBER from Debian's $PACKAGE"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
chmod 755 "$work" # apt's download user writes there
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
fetch() { (cd "$work" && apt-get download -qq "$PACKAGE=$VERSION" 2>/dev/null || apt-get download -qq "$PACKAGE" 2>/dev/null); }
fetch || { $SUDO apt-get update -qq && fetch; } || { echo "tcx-schema: cannot download $PACKAGE" >&2; exit 1; }
dpkg-deb --fsys-tarfile "$work"/"$PACKAGE"_*.deb | tar -x -O "$MEMBER" > "$work/schema.xsd"
echo "$SHA256  $work/schema.xsd" | sha256sum -c --status || { echo "tcx-schema: $PACKAGE's schema is not the pinned one" >&2; exit 1; }
mkdir -p "$(dirname "$OUT")"
mv "$work/schema.xsd" "$OUT"
