#!/usr/bin/env bash
# deploy/package/arm64/build.sh [--tests] [PRODUCT…]: Sideline cross-compiled for aarch64 with
# Debian's own Swift (swiftlang from sid: its amd64 compiler in the sid root, the Swift SDK of
# deploy/package/arm64/ with an arm64 trixie sysroot; deploy/package/arm64/toolchain.sh makes and caches
# them). Without --tests: each PRODUCT (default sideline) as a release build with the Swift runtime
# linked in (--static-swift-stdlib) and the compile and link flags of release-flags.sh (lld, from the SDK's
# toolset.json, with packed relative relocations), as release-build.sh builds amd64's, copied to
#   .build-arm64/aarch64-unknown-linux-gnu/release/PRODUCT
# With --tests: the test targets Tests/arm64/core-test-targets names, and only what they need (Package.swift's
# SIDELINE_TEST_TARGETS, over deploy/scripts/subset-package.sh's folder), as one test bundle (the shared runtime
# of libswiftlang:arm64 beside it in the Swift SDK), optimised as the board's code is (-enable-testing for the
# tests' @testable imports): under qemu-user that runs them in less than half the CPU debug code takes, for about
# 190 CPU-s more of compiling (docs/TESTING.md). Copied to
#   .build-arm64-tests/aarch64-unknown-linux-gnu/release/SidelinePackageTests.xctest
# The build folders are kept in the arm64 cache, one set per toolchain (build-KEY/: KEY hashes the SDK and
# the sid root), not in the checkout: a cold cross build is 800 CPU-s for the kiosk and 400 for the test
# bundle, and a fresh clone (CI's) would pay them on every run. The checkout's Package.swift, Sources and Tests
# (and Benchmarks) are mirrored into build-KEY/src first, only the files whose bytes differ rewritten (mirror.py), so the
# build sees what changed since its last one from any checkout and recompiles those modules and what
# depends on them. One build at a time per folder (a lock); the products are copied out under it.
# amd64's .build and .build-static are never touched. Prints the folder the copies are in. No job count:
# SwiftPM writes it into every compile command, so a build with another count than the last would
# recompile everything in the kept folder; SwiftPM's own (the machine's cores) is always used.
set -euo pipefail
cd "$(dirname "$0")/../../.."
CHECKOUT=$PWD
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
    swift build --package-path "$package" --swift-sdks-path "$SDKS" --swift-sdk sideline-arm64 "$@" >&2
}
KEEP=$(dirname "$SDKS")/build-$(echo "$SDKS $SID_ROOT" | sha256sum | cut -c1-16)
mkdir -p "$KEEP"
exec 9> "$KEEP.lock"
flock 9
# Another toolchain's build folders (1-2 GB each) go, unless a build holds one now.
for other in "$(dirname "$KEEP")"/build-*/; do
  other=${other%/}
  [ -d "$other" ] || continue
  [ "$other" = "$KEEP" ] || flock -n "$other.lock" rm -rf "$other" || true
done
# Everything Package.swift names (its targets' paths are under these).
python3 deploy/package/arm64/mirror.py "$CHECKOUT" "$KEEP/src" Package.swift Sources Tests Benchmarks
# SwiftPM does not see the glibc shim (toolchain.sh) as an input: a binary older than it is linked again.
SHIM=$TRIXIE_ROOT/usr/lib/aarch64-linux-gnu/sideline-glibc-2.36.o
relink_if_stale() { if [ -f "$1" ] && [ "$1" -ot "$SHIM" ]; then rm -f "$1"; fi; }
copy_out() {  # copy_out FROM TO NAME…: the products and the resource bundles beside them
  local from=$1 to=$2 name; shift 2
  mkdir -p "$to"
  for name in "$@"; do cp -f "$from/$name" "$to/$name.new" && mv -f "$to/$name.new" "$to/$name"; done
  for name in "$from"/*.resources; do
    [ -e "$name" ] || continue
    rm -rf "$to/$(basename "$name")" && cp -a "$name" "$to/"
  done
}
TRIPLE_RELEASE=aarch64-unknown-linux-gnu/release
if $TESTS; then
  BUILT=$KEEP/build-tests/$TRIPLE_RELEASE
  OUT=$CHECKOUT/.build-arm64-tests/$TRIPLE_RELEASE
  relink_if_stale "$BUILT/SidelinePackageTests.xctest"
  ENV+=(SIDELINE_TEST_TARGETS="$(grep -v '^#' Tests/arm64/core-test-targets | paste -sd, -)")
  build "$(./deploy/scripts/subset-package.sh "$KEEP/tests-package" "$KEEP/src")" -c release -Xswiftc -enable-testing --build-tests --scratch-path "$KEEP/build-tests"
  copy_out "$BUILT" "$OUT" SidelinePackageTests.xctest
else
  BUILT=$KEEP/build/$TRIPLE_RELEASE
  OUT=$CHECKOUT/.build-arm64/$TRIPLE_RELEASE
  for product in "${@:-sideline}"; do
    relink_if_stale "$BUILT/$product"
    build "$KEEP/src" -c release --static-swift-stdlib "${RELEASE_SWIFT_FLAGS[@]}" "${RELEASE_LINK_FLAGS[@]}" --product "$product" --scratch-path "$KEEP/build"
  done
  copy_out "$BUILT" "$OUT" "${@:-sideline}"
fi
echo "$OUT"
