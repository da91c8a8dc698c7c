#!/usr/bin/env bash
# deploy/package/arm64/build.sh [-j N] [--tests] [PRODUCT…]: Sideline cross-compiled for aarch64 with
# Debian's own Swift (swiftlang from sid: its amd64 compiler in the sid root, the Swift SDK of
# deploy/package/arm64/ with an arm64 trixie sysroot; deploy/package/arm64/toolchain.sh makes and caches
# them). Without --tests: each PRODUCT (default sideline) as a release build with the Swift runtime
# linked in (--static-swift-stdlib) and the compile and link flags of release-flags.sh (lld, from the SDK's
# toolset.json, with packed relative relocations), as release-build.sh builds amd64's, in
#   .build-arm64/aarch64-unknown-linux-gnu/release/PRODUCT
# With --tests: the test targets Tests/arm64/core-test-targets names, and only what they need (Package.swift's
# SIDELINE_TEST_TARGETS, over deploy/scripts/subset-package.sh's folder), as one test bundle (the shared runtime
# of libswiftlang:arm64 beside it in the Swift SDK), optimised as the board's code is (-enable-testing for the
# tests' @testable imports): under qemu-user that runs them in less than half the CPU debug code takes, for about
# 190 CPU-s more of compiling (docs/TESTING.md). In
#   .build-arm64-tests/aarch64-unknown-linux-gnu/release/SidelinePackageTests.xctest
# Each scratch folder is its own, so amd64's .build and .build-static are never touched. Prints the
# folder the binaries are in. `-j N` limits the build's jobs.
set -euo pipefail
cd "$(dirname "$0")/../../.."
CHECKOUT=$PWD
JOBS=()
if [ "${1:-}" = -j ]; then JOBS=(-j "$2"); shift 2; fi
TESTS=false
if [ "${1:-}" = --tests ]; then TESTS=true; shift; fi
eval "$(./deploy/package/arm64/toolchain.sh)"
. deploy/package/release-flags.sh
# SwiftPM reads the .pc files of the bluez, dbus-1, zlib and libcurl system-library targets itself:
# the sysroot's, on PKG_CONFIG_PATH, their paths prefixed with the sysroot.
PC_PATH="$TRIXIE_ROOT/usr/lib/aarch64-linux-gnu/pkgconfig:$TRIXIE_ROOT/usr/share/pkgconfig"
ENV=(PKG_CONFIG_SYSROOT_DIR="$TRIXIE_ROOT" PKG_CONFIG_PATH="$PC_PATH" PKG_CONFIG_LIBDIR="$PC_PATH")
build() {  # build PACKAGE_FOLDER SWIFT_BUILD_ARGUMENT…
  local package=$1; shift
  ./deploy/package/arm64/run.sh "$SID_ROOT" env "${ENV[@]}" \
    swift build --package-path "$package" --swift-sdks-path "$SDKS" --swift-sdk sideline-arm64 "${JOBS[@]}" "$@" >&2
}
# SwiftPM does not see the glibc shim (toolchain.sh) as an input: a binary older than it is linked again.
SHIM=$TRIXIE_ROOT/usr/lib/aarch64-linux-gnu/sideline-glibc-2.36.o
relink_if_stale() { if [ -f "$1" ] && [ "$1" -ot "$SHIM" ]; then rm -f "$1"; fi; }
if $TESTS; then
  OUT=$CHECKOUT/.build-arm64-tests/aarch64-unknown-linux-gnu/release
  relink_if_stale "$OUT/SidelinePackageTests.xctest"
  ENV+=(SIDELINE_TEST_TARGETS="$(grep -v '^#' Tests/arm64/core-test-targets | paste -sd, -)")
  build "$(./deploy/scripts/subset-package.sh "$CHECKOUT/.build-arm64-tests/package")" -c release -Xswiftc -enable-testing --build-tests --scratch-path "$CHECKOUT/.build-arm64-tests"
else
  OUT=$CHECKOUT/.build-arm64/aarch64-unknown-linux-gnu/release
  for product in "${@:-sideline}"; do
    relink_if_stale "$OUT/$product"
    build "$CHECKOUT" -c release --static-swift-stdlib "${RELEASE_SWIFT_FLAGS[@]}" "${RELEASE_LINK_FLAGS[@]}" --product "$product" --scratch-path "$CHECKOUT/.build-arm64"
  done
fi
echo "$OUT"
