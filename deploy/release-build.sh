#!/usr/bin/env bash
# The one release build of `sideline`: optimised, the Swift runtime linked in (--static-swift-stdlib),
# so a board needs no Swift toolchain — only Debian's libraries (the .deb's Depends). The package
# (deploy/deb.sh), the VM suites, `make demo` and `make bench-ble` all use this binary:
#   .build/release/sideline
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product sideline
