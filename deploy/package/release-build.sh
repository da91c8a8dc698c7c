#!/usr/bin/env bash
# The one release build of `sideline` for boards: optimised, the Swift runtime linked in
# (--static-swift-stdlib), so a board needs no Swift toolchain — only Debian's libraries (the
# .deb's Depends). The package (deploy/package/deb.sh) and the VM suites (Tests/vm) use this binary, in
# its own scratch folder so the debug and benchmark builds in .build are never relinked:
#   .build-static/release/sideline
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --static-swift-stdlib --product sideline --scratch-path .build-static
