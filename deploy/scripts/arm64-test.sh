#!/usr/bin/env bash
# `make test-arm64` (arm64-test.sh [--kiosk-only]): the arm64 build checked from a fresh clone, on this amd64 machine.
#   1. both arm64 packages (make deb ARCH=arm64: Debian's Swift, cross-compiled; deploy/package/arm64/);
#      with --kiosk-only the kiosk's alone: no club server's cross build, its cold half hour (decision 102)
#   2. this machine's own release binary (deploy/package/release-build.sh), to compare exports with
#   3. the test bundle cross-compiled for aarch64 (deploy/package/arm64/build.sh --tests)
#   4. Tests/arm64 (pytest): the packages' binaries (AArch64, static Swift runtime, nothing above
#      GLIBC_2.36, every versioned symbol defined by bookworm's libraries) run and record on an arm64
#      trixie and an arm64 bookworm root (unpacked, decision 102) through qemu-user; one session's
#      CSV, TCX, FIT and JSON byte for byte the same from both architectures; the core test targets
#      run as aarch64 code; without --kiosk-only, the club server's binary migrating, serving and
#      enrolling a kiosk against a throwaway PostgreSQL.
# Installs what it needs (qemu-user-static, debootstrap; binfmt_misc registration) through
# deploy/package/arm64/toolchain.sh, which caches the toolchain, the roots and the Swift SDK in
# ~/.cache/sideline/arm64 by their inputs; the builds are in .build-arm64*, .build-static, out/.
# Prints what each step cost, as deploy/scripts/test.sh's ledger does. `make test` runs the same checks but
# the club server's (deploy/scripts/arm64-prepare.sh and arm64-check.sh, decision 113), with the arm64 board in
# a VM (Tests/arm64/test_appliance_vm.py), which is `make test-appliance ARCH=arm64`'s here, not this run's.
set -euo pipefail
cd "$(dirname "$0")/../.."
ONLY=()
if [ "${1:-}" = --kiosk-only ]; then ONLY=(--kiosk-only); export SIDELINE_ARM64_KIOSK_ONLY=1; fi
STAGES=()
stage() { STAGES+=("$SECONDS $1"); }
ledger() {
  local code=$? i start name next
  echo "== arm64 stages (s): $(for i in "${!STAGES[@]}"; do
    read -r start name <<< "${STAGES[$i]}"; next=${STAGES[$((i + 1))]:-$SECONDS}; printf '%s %d · ' "$name" $((${next%% *} - start)); done)total $SECONDS"
  return $code
}
trap ledger EXIT
echo "== load at start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"

stage toolchain; echo "== the toolchain, the arm64 roots and the Swift SDK (cached by their inputs)"
./deploy/package/arm64/toolchain.sh > /dev/null

stage "deb arm64"; echo "== make deb ARCH=arm64"
DEB=$(./deploy/package/deb.sh --arch arm64 "${ONLY[@]}" | tail -1)
echo "$DEB"

stage "amd64 release"; echo "== this machine's release binary, for the exports' comparison"
./deploy/package/release-build.sh sideline

stage "test bundle arm64"; echo "== the test targets cross-compiled for aarch64"
TESTS=$(./deploy/package/arm64/build.sh --tests | tail -1)

stage "pytest arm64"; echo "== Tests/arm64: the packages on arm64 trixie and bookworm, exports across architectures, the core tests as aarch64 code"
./deploy/scripts/venv.sh > /dev/null
SIDELINE_ARM64_DEB="$PWD/$DEB" SIDELINE_ARM64_TESTS="$TESTS" SIDELINE_BIN="$PWD/.build-static/release/sideline" \
  .venv/bin/python -m pytest -q -rfEs --durations=10 Tests/arm64 --ignore=Tests/arm64/test_appliance_vm.py
