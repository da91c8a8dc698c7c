#!/usr/bin/env bash
# Boots the image of deploy/scripts/vm/build-image.sh once, runs one script inside, and returns when the
# guest has powered off (or the time limit killed it).
#
#   deploy/scripts/vm/boot.sh [--image DIR] --run PATH --out DIR [--bin FILE] [--timeout SECONDS]
#
#   --image    the image folder (deploy/scripts/vm/build-image.sh prints it); default
#              .build-vm/$SIDELINE_VM_RELEASE/image (trixie when unset)
#   --run      the script the guest runs, relative to the checkout (shared read-only at /sideline)
#   --out      a folder shared read-write at /out: the guest's results; the serial console is
#              written to DIR/console.txt, the script's exit status to DIR/exit-status
#   --bin      the sideline binary (its folder is shared read-only at /sideline-bin)
#   --timeout  the script's limit inside the guest (default 1200 s); qemu gets 120 s more
#   --cpu-limit CORES  caps the whole VM (every QEMU thread) at CORES of the host's CPU time (e.g. 1.0)
#              in a cgroup of its own (cgroup v2 cpu.max, or v1 cpu.cfs_quota_us): a slow board that
#              stays slow whatever else the host runs (Tests/vm's throttled scenarios)
#
#   deploy/scripts/vm/boot.sh [--image DIR] --appliance SOCKETS --out DIR --disk FILE [--timeout SECONDS]
#
#   The appliance as a board boots it: systemd as PID 1 (no script), a virtio GPU at 800x480 (no
#   VGA), a USB host controller with a USB tablet, and two sockets in the folder SOCKETS through
#   which the caller drives it: qmp.sock (QEMU's monitor: screendump, input-send-event,
#   device_add, quit) and qga.sock (the guest agent: guest-exec). The shares are there; the guest
#   mounts them itself. --disk is a qcow2 overlay over the image (made when missing) that keeps
#   what the guest writes, so a second boot sees the first one's; the run ends when the caller
#   powers the guest off (or quits QEMU), or after --timeout + 120 s. An existing --disk keeps its
#   own backing image, so a disk made over one release's image boots on with another's kernel
#   and initramfs (--image): a board upgraded in place (Tests/appliance's upgrade test).
#
# The guest's root is the image with snapshot=on: every boot starts clean, nothing is written back.
# The image's architecture (its arch file; this machine's when it has none) picks the machine: q35
# for amd64; for arm64 (a Raspberry Pi's) qemu-system-aarch64's virt board with a Cortex-A72 (a Pi
# 4's core), the console on its PL011 (ttyAMA0), always TCG (no KVM runs arm64 code on x86).
# Accelerator: KVM when a 10-second probe boots the kernel with it, else TCG (multi-threaded).
# SIDELINE_VM_ACCEL=kvm|tcg skips the probe; SIDELINE_VM_CPUS (2), SIDELINE_VM_MEM (2G).
# Exit status: the guest script's, or 124 when a limit was hit, or 1 when the guest said nothing.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
IMAGE=$ROOT/.build-vm/${SIDELINE_VM_RELEASE:-trixie}/image
RUN="" OUT="" BIN="" LIMIT=1200 SOCKETS="" DISK="" CPU_LIMIT=""
while [ $# -gt 0 ]; do
  case "$1" in
    --image) IMAGE=$2; shift 2 ;;
    --run) RUN=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --bin) BIN=$2; shift 2 ;;
    --timeout) LIMIT=$2; shift 2 ;;
    --appliance) SOCKETS=$2; shift 2 ;;
    --disk) DISK=$2; shift 2 ;;
    --cpu-limit) CPU_LIMIT=$2; shift 2 ;;
    *) echo "boot: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -n "$OUT" ] && { [ -n "$RUN" ] || [ -n "$SOCKETS" ]; } || {
  echo "usage: $0 [--image DIR] --run PATH --out DIR [--bin FILE] [--timeout S] | [--image DIR] --appliance SOCKETS --out DIR --disk FILE" >&2; exit 2; }
[ -f "$IMAGE/root.ext4" ] || { echo "boot: no image in $IMAGE; run deploy/scripts/vm/build-image.sh" >&2; exit 2; }
[ -z "$RUN" ] || [ -f "$ROOT/$RUN" ] || { echo "boot: $RUN is not in the checkout" >&2; exit 2; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
rm -f "$OUT/exit-status" "$OUT/console.txt"
BINDIR=$OUT
if [ -n "$BIN" ]; then
  [ -x "$BIN" ] || { echo "boot: $BIN is not an executable" >&2; exit 2; }
  BINDIR=$(cd "$(dirname "$BIN")" && pwd)
fi

ARCH=$(cat "$IMAGE/arch" 2>/dev/null || dpkg --print-architecture)
case "$ARCH" in
  amd64) QEMU=(qemu-system-x86_64 -machine q35) CONSOLE=ttyS0 ;;
  arm64) QEMU=(qemu-system-aarch64 -machine virt) CONSOLE=ttyAMA0 ACCEL=(-accel tcg,thread=multi -cpu cortex-a72) ;;
  *) echo "boot: $IMAGE is an image for $ARCH, which this script does not boot" >&2; exit 2 ;;
esac
command -v "${QEMU[0]}" >/dev/null || { echo "boot: ${QEMU[0]} missing; run deploy/scripts/setup.sh" >&2; exit 2; }
QEMU+=(-m "${SIDELINE_VM_MEM:-2G}" -smp "${SIDELINE_VM_CPUS:-2}"
       -nographic -no-reboot -nic none -kernel "$IMAGE/vmlinuz" -initrd "$IMAGE/initrd.gz")

# /dev/kvm can be there and still not boot a stock kernel (a paravirtual KVM aborts on
# -cpu host or hangs after "Booting from ROM"): only a kernel that reaches the initramfs counts.
kvm_boots() {
  [ -w /dev/kvm ] || return 1
  timeout -k 2 10 "${QEMU[@]}" -accel kvm -cpu host -append "console=ttyS0 quiet sideline.probe" 2>&1 \
    | grep -q -m1 'sideline-vm: probe ok'
}
[ "$ARCH" != amd64 ] || case "${SIDELINE_VM_ACCEL:-auto}" in
  kvm) ACCEL=(-accel kvm -cpu host) ;;
  tcg) ACCEL=(-accel tcg,thread=multi -cpu max) ;;
  *) if kvm_boots; then ACCEL=(-accel kvm -cpu host); else ACCEL=(-accel tcg,thread=multi -cpu max); fi ;;
esac

DRIVE="file=$IMAGE/root.ext4,format=raw,if=virtio,snapshot=on"
if [ -n "$SOCKETS" ]; then
  [ -n "$DISK" ] || { echo "boot: --appliance needs --disk" >&2; exit 2; }
  [ -f "$DISK" ] || qemu-img create -q -f qcow2 -b "$IMAGE/root.ext4" -F raw "$DISK"
  mkdir -p "$SOCKETS" && rm -f "$SOCKETS/qmp.sock" "$SOCKETS/qga.sock"
  DRIVE="file=$DISK,format=qcow2,if=virtio"
  # Mesa's llvmpipe (the kiosk's GL under cage) compiles to the CPU's widest vectors; with -cpu max
  # QEMU 7.2's TCG ran it into segfaults at AVX2 gathers (vpgatherdd) in 2 of 3 starts, and with
  # only avx2=off other programs died of SIGILL. A CPU model without AVX (SSE4.2) avoids both.
  [ "$ARCH" != amd64 ] || [ "${ACCEL[1]}" != "tcg,thread=multi" ] || ACCEL=(-accel tcg,thread=multi -cpu Nehalem)
  APPEND="console=$CONSOLE root=/dev/vda quiet loglevel=4 panic=-1"
  QEMU+=(-vga none -device virtio-gpu-pci,xres=800,yres=480
         -device qemu-xhci,id=xhci -device "${SIDELINE_VM_POINTER:-usb-tablet},bus=xhci.0"
         -qmp "unix:$SOCKETS/qmp.sock,server=on,wait=off"
         -chardev "socket,id=qga,path=$SOCKETS/qga.sock,server=on,wait=off"
         -device virtio-serial-pci -device virtserialport,chardev=qga,name=org.qemu.guest_agent.0)
  echo "boot: ${ACCEL[*]}, the appliance (systemd), sockets in $SOCKETS (limit $LIMIT s)" >&2
else
  APPEND="console=$CONSOLE root=/dev/vda quiet loglevel=4 panic=-1 init=/usr/local/sbin/sideline-vm-rig sideline.run=$RUN sideline.timeout=$LIMIT"
  echo "boot: ${ACCEL[*]}, running $RUN (limit $LIMIT s)" >&2
fi

# The CPU cap: a cgroup of this boot's own, QEMU started inside it (a shell that moves itself in
# and execs QEMU), removed when QEMU has ended.
LAUNCH=()
CGROUP=""
if [ -n "$CPU_LIMIT" ]; then
  QUOTA=$(awk -v c="$CPU_LIMIT" 'BEGIN { q = int(c * 100000); if (q < 1000) exit 1; print q }') \
    || { echo "boot: --cpu-limit takes a number of cores like 1.0, not '$CPU_LIMIT'" >&2; exit 2; }
  if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
    CGROUP=/sys/fs/cgroup/sideline-vm-$$
    mkdir "$CGROUP" && echo "$QUOTA 100000" > "$CGROUP/cpu.max"
  else
    CGROUP=/sys/fs/cgroup/cpu/sideline-vm-$$
    mkdir "$CGROUP" && echo 100000 > "$CGROUP/cpu.cfs_period_us" && echo "$QUOTA" > "$CGROUP/cpu.cfs_quota_us"
  fi || { echo "boot: cannot make a cgroup for --cpu-limit under /sys/fs/cgroup (needs root and the cpu controller)" >&2; exit 2; }
  trap 'rmdir "$CGROUP" 2>/dev/null || true' EXIT
  LAUNCH=(sh -c 'echo $$ > "$0/cgroup.procs" && exec "$@"' "$CGROUP")
  echo "boot: the VM capped at $CPU_LIMIT of the host's cores" >&2
fi

run_qemu() {
  status=0
  timeout -k 10 $((LIMIT + 120)) \
    "${LAUNCH[@]}" "${QEMU[@]}" "${ACCEL[@]}" \
      -append "$APPEND" -drive "$DRIVE" \
      -virtfs "local,path=$ROOT,mount_tag=src,security_model=none,readonly=on" \
      -virtfs "local,path=$BINDIR,mount_tag=bin,security_model=none,readonly=on" \
      -virtfs "local,path=$OUT,mount_tag=out,security_model=none" \
      < /dev/null > "$OUT/console.txt" 2>&1 || status=$?
}
run_qemu
# A guest kernel that panics before the rig's userland is up ran nothing of ours: CI met one
# (enqueue_timer jumping into the middle of a just-patched jump label, 1.3 s into boot under
# multi-threaded TCG). Such a boot says nothing about the software under test, so it is booted
# once more, and the first console is kept beside the second. A panic after the rig started is a
# result like any other and is never retried.
if [ -z "$SOCKETS" ] && [ ! -f "$OUT/exit-status" ] && grep -q 'Kernel panic' "$OUT/console.txt" \
   && ! grep -q 'sideline-vm-rig: userland up' "$OUT/console.txt"; then
  mv "$OUT/console.txt" "$OUT/console-panicked-boot.txt"
  echo "boot: the guest kernel panicked before the rig started (see $OUT/console-panicked-boot.txt); booting once more" >&2
  run_qemu
fi
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
  echo "boot: the VM did not power off within $((LIMIT + 120)) s" >&2
  exit 124
fi
[ -z "$SOCKETS" ] || exit "$status"  # the appliance: QEMU's own status (0 after a power-off or quit)
[ -f "$OUT/exit-status" ] || { echo "boot: the guest wrote no exit status (see $OUT/console.txt)" >&2; exit 1; }
exit "$(cat "$OUT/exit-status")"
