#!/usr/bin/env bash
# deploy/package/arm64/run.sh ROOT COMMAND…: COMMAND in the chroot ROOT (one of the roots
# deploy/package/arm64/toolchain.sh keeps: the sid compiler root, an arm64 trixie or bookworm root) with
# the checkout, the Swift package mirror (/opt/swift-packages, where git's insteadOf points) and the
# arm64 cache bind-mounted at their own paths, so a path means the same inside and out. The mounts
# are made in a private mount namespace (unshare): they vanish with the command, even when it is
# killed, and two commands in the same root never see each other's. An arm64 root runs through
# qemu-user (binfmt, toolchain.sh registers it). Caches nothing itself.
set -euo pipefail
ROOT_DIR=${1:?usage: run.sh ROOT COMMAND…}
shift
CHECKOUT=$(cd "$(dirname "$0")/../../.." && pwd)
CACHE=${SIDELINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sideline}/arm64
[ -x "$ROOT_DIR/bin/sh" ] || { echo "run.sh: $ROOT_DIR is no root (deploy/package/arm64/toolchain.sh makes them)" >&2; exit 1; }
BINDS=("$CHECKOUT" "$CACHE")
[ -d /opt/swift-packages ] && BINDS+=(/opt/swift-packages)
# A worktree's .venv is a link to the main checkout's (TESTING): its target bound at its own path, so
# the link resolves in the root too (RollingQuantilesTests reads pyhrv's real series from it).
VENV=$(readlink -f "$CHECKOUT/.venv" || true)
case $VENV in "$CHECKOUT"/*|"") ;; *) [ -d "$VENV" ] && BINDS+=("$VENV") ;; esac
exec unshare --mount --propagation private -- bash -euo pipefail -c '
  root=$1; shift
  mount -t proc proc "$root/proc"
  mount --rbind /dev "$root/dev"
  while [ "$1" != -- ]; do mkdir -p "$root$1"; mount --bind "$1" "$root$1"; shift; done
  shift
  exec chroot "$root" env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
' run.sh "$ROOT_DIR" "${BINDS[@]}" -- "$@"
