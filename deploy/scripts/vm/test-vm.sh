#!/usr/bin/env bash
# The real-stack stage of `make test` (deploy/scripts/test.sh) and `make test-vm`: the release binary
# (deploy/package/release-build.sh), the VM image (built from nothing on a fresh clone, cached in
# .build-vm/ after), then every scenario of Tests/vm in one boot. Prints each step's time and the
# stage's total, so CI's log shows what the VM costs.
set -euo pipefail
cd "$(dirname "$0")/../../.."
stage_start=$SECONDS
step() {
  local start=$SECONDS rc=0
  "$@" || rc=$?
  echo "vm stage: $* took $((SECONDS - start)) s" >&2
  return "$rc"
}
step ./deploy/package/release-build.sh
step ./deploy/scripts/venv.sh
step ./deploy/scripts/vm/build-image.sh
status=0
step .venv/bin/python -m pytest -q Tests/vm || status=$?
echo "vm stage: $((SECONDS - stage_start)) s in all" >&2
exit "$status"
