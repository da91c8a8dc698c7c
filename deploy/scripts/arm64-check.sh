#!/usr/bin/env bash
# deploy/scripts/arm64-check.sh: make test's arm64 checks, after deploy/scripts/arm64-prepare.sh (the kiosk's
# arm64 package, named in .build/arm64-deb) and the amd64 stages' release build (.build-static: the exports'
# comparison, the board's reference screens, x86-64's instruction counts). Run by deploy/scripts/test.sh in
# the background beside the real stack's and the appliance's VMs:
#   - Tests/arm64 but the core tests (arm64-prepare.sh ran them) and the club server's (make test-arm64's):
#     the package's binaries on arm64 trixie and bookworm roots, one session's exports byte for byte on both
#     architectures, and the arm64 board in a VM in one boot (Tests/arm64/test_appliance_vm.py);
#   - beside them, the instruction counts of both architectures (deploy/scripts/instruction-counts.sh,
#     printed after the tests' output).
set -euo pipefail
cd "$(dirname "$0")/../.."
DEB=$(cat .build/arm64-deb)
COUNTS_LOG=.build/instruction-counts.log
./deploy/scripts/instruction-counts.sh > "$COUNTS_LOG" 2>&1 &
counts=$!
status=0
SIDELINE_ARM64_KIOSK_ONLY=1 SIDELINE_ARM64_DEB="$PWD/$DEB" SIDELINE_BIN="$PWD/.build-static/release/sideline" \
  .venv/bin/python -m pytest -q -rfEP --durations=10 Tests/arm64 \
  --ignore=Tests/arm64/test_core_as_aarch64.py --ignore=Tests/arm64/test_club_server_as_aarch64.py || status=$?
counts_status=0
wait "$counts" || counts_status=$?
cat "$COUNTS_LOG"
[ "$counts_status" -eq 0 ] || { echo "the instruction counts failed (their log: $COUNTS_LOG)" >&2; exit 1; }
exit "$status"
