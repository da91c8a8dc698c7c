#!/usr/bin/env bash
# The README's second command: every test. Called by `make test` and by CI.
set -euo pipefail
cd "$(dirname "$0")/../.."

echo "== unit and end-to-end tests (swift test)"
swift build --build-tests
swift test --skip-build

echo "== end-to-end tests against independent peers (pytest in .venv)"
./deploy/scripts/venv.sh
swift build --product sideline
SIDELINE_BIN="$PWD/.build/debug/sideline" .venv/bin/python -m pytest -q Tests/e2e

echo "== the club server against a throwaway PostgreSQL 15: schema, row-level security, enrolment, uploads, tombstones, rosters, schemathesis; the kiosk's \`sideline club\` against it, and the convergence property test"
swift build --product sideline-club
SIDELINE_BIN="$PWD/.build/debug/sideline" SIDELINE_CLUB_BIN="$PWD/.build/debug/sideline-club" .venv/bin/python -m pytest -q Tests/club

echo "== Debian package: make deb, its Depends against the binary's NEEDED and each release's packages, lintian, install/upgrade/remove/purge in a clean trixie and a clean bookworm"
DEB=$(./deploy/package/deb.sh | tail -1)
SIDELINE_DEB="$PWD/$DEB" .venv/bin/python -m pytest -q Tests/package

echo "== ThreadSanitizer: the ring's two-thread stress must be clean, the broken canary ring must be caught"
./deploy/scripts/tsan-check.sh

# The VM suites' figures (boot → picker, kill → READY, first samples, kernel oopses) per release, printed at the end.
.venv/bin/python -m sideline_testkit.figures --reset

echo "== the real Linux Bluetooth stack in a VM: trixie's kernel 6.12 and bluetoothd 5.82, emulated straps on /dev/vhci"
./deploy/scripts/vm/test-vm.sh trixie

echo "== the appliance in a VM (trixie): the .deb installed by apt, boot to the kiosk (bluez, hci-user), taps, power cut, USB sticks, daily backup, no blanking, kill -9 and watchdog, no adapter at start; then a bookworm board with Sideline upgraded in place to trixie"
SIDELINE_VM_RELEASE=trixie SIDELINE_DEB="$PWD/$DEB" .venv/bin/python -m pytest -q -rP Tests/appliance

.venv/bin/python -m sideline_testkit.figures
