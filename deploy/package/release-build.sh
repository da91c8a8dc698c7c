#!/usr/bin/env bash
# The one release build of `sideline` for boards: optimised, the Swift runtime linked in
# (--static-swift-stdlib), so a board needs no Swift toolchain — only Debian's libraries (the
# .deb's Depends). The package (deploy/package/deb.sh) and the VM suites (Tests/vm) use this binary, in
# its own scratch folder so the debug and benchmark builds in .build are never relinked:
#   .build-static/release/sideline
# Arguments name other products to build the same way (deb.sh adds sideline-club, the club server's
# package); without any, only `sideline`, which is all the VM suites need.
set -euo pipefail
cd "$(dirname "$0")/../.."
# `-j N` first limits the build's jobs (make test builds on one core beside its end-to-end tests).
JOBS=()
if [ "${1:-}" = -j ]; then JOBS=(-j "$2"); shift 2; fi
for product in "${@:-sideline}"; do
    swift build -c release --static-swift-stdlib --product "$product" --scratch-path .build-static "${JOBS[@]}"
done
