#!/usr/bin/env bash
# deploy/package/arm64/binfmt.sh: arm64 code runs on this amd64 machine through qemu-user — installs
# qemu-user-static (and qemu-user, the dynamic qemu-aarch64 that loads TCG plugins: make
# bench-instructions ARCH=arm64 counts with one) if missing, and registers qemu-aarch64 with
# binfmt_misc, mounting it if needed. The F flag opens the interpreter now, so chroots need no copy
# of it. Used by deploy/package/arm64/toolchain.sh (the cross build's roots) and
# deploy/scripts/vm/build-image.sh (an arm64 VM image's root); the aarch64 binutils it installs are
# deploy/package/deb.sh's (the arm64 package, made with this machine's tools). Needs root.
set -euo pipefail
# One at a time: make test builds the arm64 toolchain and the arm64 board's image side by side, and two
# apt-get installs or two registrations at once fail.
exec 9> /run/lock/sideline-binfmt.lock
flock 9
missing=()
command -v debootstrap >/dev/null || missing+=(debootstrap)
command -v mmdebstrap >/dev/null || missing+=(mmdebstrap arch-test)  # an arm64 VM image's root
[ -x /usr/bin/qemu-aarch64-static ] || missing+=(qemu-user-static)
[ -x /usr/bin/qemu-aarch64 ] || missing+=(qemu-user)
# aarch64's strip and objdump: debhelper strips, and dpkg-shlibdeps reads, the arm64 binaries here (deb.sh).
command -v aarch64-linux-gnu-objdump >/dev/null || missing+=(binutils-aarch64-linux-gnu)
if [ ${#missing[@]} -gt 0 ]; then
  echo "binfmt.sh: installing ${missing[*]}" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2
fi
[ -f /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
if [ ! -f /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
  echo "binfmt.sh: registering qemu-aarch64 with binfmt_misc" >&2
  cat /usr/lib/binfmt.d/qemu-aarch64.conf > /proc/sys/fs/binfmt_misc/register
fi
