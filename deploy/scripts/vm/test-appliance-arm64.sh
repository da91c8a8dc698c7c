#!/usr/bin/env bash
# deploy/scripts/vm/test-appliance-arm64.sh (`make test-appliance ARCH=arm64`): the appliance on an arm64
# board in a VM, every check in one boot (Tests/arm64/test_appliance_vm.py): the arm64 .deb (make deb
# ARCH=arm64), this machine's release binary (the screens' reference renderings), the arm64 trixie VM
# image (built from nothing on a fresh clone, then taken from the cache), the package's arm64
# dependency closure, then the boot. Prints each step's time, the whole stage's and the figures'
# table, so CI's log shows what the arm64 VM costs. The figures go to $SIDELINE_FIGURES when a
# larger run (deploy/scripts/test.sh) gathers them, else to .build-vm/arm64-trixie/figures.jsonl,
# emptied first.
set -euo pipefail
cd "$(dirname "$0")/../../.."
stage_start=$SECONDS
STAGE="arm64 appliance stage"
source deploy/scripts/vm/step.sh
export SIDELINE_ARM64_DEB
SIDELINE_ARM64_DEB=$PWD/$(step ./deploy/package/deb.sh --arch arm64 | tail -1)
step ./deploy/package/release-build.sh
step ./deploy/scripts/venv.sh
step ./deploy/scripts/vm/build-image.sh trixie arm64 > /dev/null
if [ -z "${SIDELINE_FIGURES:-}" ]; then
  export SIDELINE_FIGURES=$PWD/.build-vm/arm64-trixie/figures.jsonl
  .venv/bin/python -m sideline_testkit.figures --reset
fi
status=0
step .venv/bin/python -m pytest -q -rfEP --durations=10 Tests/arm64/test_appliance_vm.py || status=$?
.venv/bin/python -m sideline_testkit.figures
echo "arm64 appliance stage: $((SECONDS - stage_start)) s in all" >&2
exit "$status"
