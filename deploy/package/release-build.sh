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
# `-j N` first (or SIDELINE_RELEASE_JOBS=N) limits the build's jobs: make test builds on one core beside its
# end-to-end tests. SwiftPM writes the job count into every compile command (`-jN` to the driver), so a
# later build with another count recompiles everything: make test exports the variable, and the
# package's and the VM stages' builds of the same run find the binaries made (CI lost ~400 s to that).
JOBS_COUNT=${SIDELINE_RELEASE_JOBS:-}
if [ "${1:-}" = -j ]; then JOBS_COUNT=$2; shift 2; fi
JOBS=()
if [ -n "$JOBS_COUNT" ]; then JOBS=(-j "$JOBS_COUNT"); fi
. deploy/package/release-flags.sh
# Linked by the toolchain's lld, not gold, with packed relative relocations (release-flags.sh's
# RELEASE_LINK_FLAGS; decision 109: the launch 0.55 M instructions fewer, 40 live 2 MB smaller). -use-ld=lld
# is in every compile command too (SwiftPM passes -Xswiftc to both): every product of this folder is built
# the same way, or each switch rebuilds. (The arm64 cross build gets lld from its Swift SDK's toolset.json.)
LINKER=(-Xswiftc -use-ld=lld "${RELEASE_LINK_FLAGS[@]}")
for product in "${@:-sideline}"; do
    swift build -c release --static-swift-stdlib --product "$product" --scratch-path .build-static "${JOBS[@]}" "${RELEASE_SWIFT_FLAGS[@]}" "${LINKER[@]}"
done
