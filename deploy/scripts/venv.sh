#!/usr/bin/env bash
# Creates .venv with the pinned test peers (bumble, dbusmock, HRV/FIT/TCX decoders) once, and again
# only when Tests/e2e/requirements.txt changes; and puts the test kit (Tests/kit: every suite and
# benchmark imports sideline_testkit) on its path, as the VM image puts it on the guests'.
set -euo pipefail
cd "$(dirname "$0")/../.."
REQ=Tests/e2e/requirements.txt
STAMP=.venv/.requirements.sha
want=$(sha256sum "$REQ" | cut -d' ' -f1)
if [ ! -x .venv/bin/python ] || [ "$(cat "$STAMP" 2>/dev/null)" != "$want" ]; then
  echo "venv: installing test peers from $REQ"
  python3 -m venv .venv
  .venv/bin/pip install -q --upgrade pip
  .venv/bin/pip install -q -r "$REQ"
  echo "$want" > "$STAMP"
fi
# A path install: the kit is used where it is (a change is live at once); written every time, so a
# checkout that moved finds its own kit.
echo "$PWD/Tests/kit" > "$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')/sideline-testkit.pth"
# Garmin's TCX schema, which no PyPI package ships (from a Debian package's files).
./deploy/scripts/tcx-schema.sh
