#!/usr/bin/env bash
# deploy/scripts/vm/test-vm.sh [RELEASE [PYTEST-ARGS…]]: the real-stack stage of `make test`
# (deploy/scripts/test.sh) and `make test-vm [RELEASE=bookworm]`: the release binary
# (deploy/package/release-build.sh), the release's VM image (trixie by default; built from nothing on
# a fresh clone, then taken from the cache), then every scenario of Tests/vm (or those PYTEST-ARGS
# select, e.g. `-k 'not test_slow_scenario'`). Prints each step's time and the stage's total, so CI's
# log shows what the VM costs.
set -euo pipefail
cd "$(dirname "$0")/../../.."
export SIDELINE_VM_RELEASE=${1:-${SIDELINE_VM_RELEASE:-trixie}}
shift $(( $# > 0 ? 1 : 0 ))
stage_start=$SECONDS
STAGE="vm stage ($SIDELINE_VM_RELEASE)"
source deploy/scripts/vm/step.sh
step ./deploy/package/release-build.sh
step ./deploy/scripts/venv.sh
step ./deploy/scripts/vm/build-image.sh "$SIDELINE_VM_RELEASE" >/dev/null
status=0
step .venv/bin/python -m pytest -q -rfE Tests/vm "$@" || status=$?
echo "vm stage ($SIDELINE_VM_RELEASE): $((SECONDS - stage_start)) s in all" >&2
exit "$status"
