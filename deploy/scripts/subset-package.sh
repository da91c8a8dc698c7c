#!/usr/bin/env bash
# deploy/scripts/subset-package.sh FOLDER [FROM]: FOLDER made a package of this checkout's manifest and source
# folders (links; or FROM's, a copy of them: deploy/package/arm64/build.sh's kept mirror), for a build of some test targets alone: run `swift build --package-path FOLDER` with
# SIDELINE_TEST_TARGETS set (Package.swift keeps those targets and what they need). Its own folder, so the
# subset's Package.resolved (the few packages it uses) never replaces the checkout's. Prints FOLDER.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
FOLDER=${1:?usage: subset-package.sh FOLDER [FROM]}
FROM=${2:-$ROOT}
mkdir -p "$FOLDER"
# .venv too: tests find the test tooling beside the package they were built from (AnalyticsTests' pyhrv series).
for entry in Package.swift Sources Tests .venv; do ln -sfn "$FROM/$entry" "$FOLDER/$entry"; done
echo "$FOLDER"
