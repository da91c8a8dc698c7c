# Sourced by the VM stages (test-vm.sh, test-appliance-arm64.sh): `step COMMAND…` runs COMMAND and says
# on stderr what it took, after $STAGE (the stage's name), so CI's log shows where the stage's
# minutes go; COMMAND's exit status is step's.
step() {
  local start=$SECONDS rc=0
  "$@" || rc=$?
  echo "$STAGE: $* took $((SECONDS - start)) s" >&2
  return "$rc"
}
