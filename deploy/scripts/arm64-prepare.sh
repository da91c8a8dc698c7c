#!/usr/bin/env bash
# deploy/scripts/arm64-prepare.sh: the part of make test's arm64 stages (issue 33; docs/TESTING.md "The
# arm64 build") that needs nothing of the amd64 stages, run by deploy/scripts/test.sh in the background
# under nice while its end-to-end and club tests leave cores idle. In order:
#   1. the toolchain, the arm64 roots and the Swift SDK (deploy/package/arm64/toolchain.sh);
#   2. the kiosk and sideline-bench cross-compiled (deploy/package/arm64/build.sh), and the kiosk's
#      arm64 package (deb.sh --arch arm64 --kiosk-only: the club server's cross build is make
#      test-arm64's and make deb ARCH=arm64's);
#   3. the core test targets' bundle, and those tests run as aarch64 code under qemu-user
#      (Tests/arm64/test_core_as_aarch64.py);
#   4. beside them from the start (downloads and one core of qemu-user when cold), the arm64 board's VM
#      image (deploy/scripts/vm/build-image.sh trixie arm64), its output in .build/arm64-image.log.
# Writes the package's path to .build/arm64-deb for the stage that boots it. Each step's time on stderr.
# The toolchain, the build folders and the image are kept in ~/.cache by their inputs: on a machine that
# has run it once, steps 1, 2 and 4 are a few minutes at most and step 3 is the tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
export STAGE="arm64 (background)"
source deploy/scripts/vm/step.sh
mkdir -p .build
rm -f .build/arm64-deb
step ./deploy/scripts/vm/build-image.sh trixie arm64 > .build/arm64-image.log 2>&1 &
image=$!
step ./deploy/package/arm64/toolchain.sh > /dev/null
step ./deploy/package/arm64/build.sh sideline sideline-bench > /dev/null
step ./deploy/package/deb.sh --arch arm64 --kiosk-only | tail -1 > .build/arm64-deb.new
mv .build/arm64-deb.new .build/arm64-deb
TESTS=$(step ./deploy/package/arm64/build.sh --tests | tail -1)
SIDELINE_ARM64_TESTS=$TESTS step .venv/bin/python -m pytest -q -rfEs --durations=5 Tests/arm64/test_core_as_aarch64.py
wait "$image" || { cat .build/arm64-image.log; echo "the arm64 board's image failed" >&2; exit 1; }
