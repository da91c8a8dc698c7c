#!/usr/bin/env bash
# deploy/scripts/vm/build-image.sh [RELEASE [ARCH]]: the VM image Sideline's real-stack and appliance
# tests boot (Tests/vm, Tests/appliance, Tests/arm64), for one Debian release (trixie, the default, or
# bookworm; or $SIDELINE_VM_RELEASE) and one architecture (this machine's, the default, or arm64: a
# Raspberry Pi's, booted by qemu-system-aarch64; or $SIDELINE_VM_ARCH), built once per set of inputs
# and kept in the cache:
#   vmlinuz       the release's own kernel (the linux-image-ARCH dependency; Bluetooth, hci_vhci,
#                 virtio, 9p and ext4 are modules): 6.12 on trixie, 6.1 on bookworm
#   initrd.gz     busybox-static (the architecture's own): loads virtio + ext4, mounts /dev/vda, switch_root to the init
#                 named by init= on the kernel command line (default /sbin/init: systemd)
#   root.ext4     a debootstrap'd root of the release: systemd, dbus, bluez, bluez-test-tools,
#                 python3 with bumble (pinned as in Tests/e2e/requirements.txt) at /opt/bumble, the
#                 runtime libraries sideline links, the kernel's modules, and
#                 /usr/local/sbin/sideline-vm-rig (the test rig's init: mounts the 9p shares, runs one
#                 script, powers off)
#   modules.tar   the kernel's modules as root.ext4 holds them (KVER/… for /lib/modules), for a
#                 board upgraded in place to this release (Tests/appliance's upgrade test)
#   arch          the image's Debian architecture (deploy/scripts/vm/boot.sh picks QEMU by it)
# Nothing of Sideline is in the image: the binary and the test scripts come in through 9p at boot
# (deploy/scripts/vm/boot.sh), so code changes never rebuild it. Both Pythons (python3 and bumble's)
# find the test kit there, at /sideline/Tests/kit, through a .pth file: the guest's `import
# sideline_testkit` as the host's .venv has it.
# Cached by its inputs in $SIDELINE_CACHE/vm/images/NAME-HASH (default ~/.cache/sideline, outside
# the checkout, so reruns, other checkouts and CI's fresh clones reuse it); NAME is the release
# (trixie) for this machine's architecture and ARCH-RELEASE (arm64-trixie) for another; HASH covers
# this script (the package and module lists are in it), the architecture, the bumble pin and the
# kernel package's version, so an image is rebuilt only when one of them changes.
# .build-vm/NAME/image links to the current one; the last line printed is its folder. Needs root,
# debootstrap, busybox-static, e2fsprogs (deploy/scripts/setup.sh installs them); an arm64 image
# also qemu-user-static with binfmt_misc and mmdebstrap (deploy/package/arm64/binfmt.sh installs them:
# the root's maintainer scripts and the chroot steps run arm64 code).
set -euo pipefail
cd "$(dirname "$0")/../../.."
ROOT=$PWD
SUITE=${1:-${SIDELINE_VM_RELEASE:-trixie}}
HOST_ARCH=$(dpkg --print-architecture)
ARCH=${2:-${SIDELINE_VM_ARCH:-$HOST_ARCH}}
NAME=$SUITE
[ "$ARCH" = "$HOST_ARCH" ] || NAME=$ARCH-$SUITE
CACHE=${SIDELINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sideline}/vm
BUMBLE_PIN=$(grep -E '^bumble==' Tests/e2e/requirements.txt)
log() { echo "build-image[$NAME]: $*" >&2; }
case "$SUITE" in bookworm|trixie) ;; *) echo "build-image: RELEASE is bookworm or trixie, not '$SUITE'" >&2; exit 2 ;; esac
# The wheels' platform tags (pip's names) of each architecture the images are built for.
case "$ARCH" in
  amd64) MACHINE=x86_64 ;;
  arm64) MACHINE=aarch64 ;;
  *) echo "build-image: ARCH is amd64 or arm64, not '$ARCH'" >&2; exit 2 ;;
esac

# The guest's packages. systemd-sysv makes the image bootable with systemd as PID 1 too
# (the appliance test installs Sideline's .deb in it); the rig itself boots init=sideline-vm-rig.
PACKAGES=(
  systemd-sysv dbus kmod procps busybox ca-certificates
  bluez bluez-test-tools                                   # bluetoothd (5.82 / 5.66), bluetoothctl, btmgmt, btmon
  python3 python3-venv                                     # the guest's test runner; bumble's venv
  libsdl2-2.0-0 libsdl2-ttf-2.0-0 libsdl2-image-2.0-0      # what sideline links (static Swift runtime,
  libbluetooth3 libdbus-1-3 libsqlite3-0 fonts-dejavu-core #  system libraries dynamic)
  qemu-guest-agent iproute2                                # the appliance test (Tests/appliance): commands, ss
)
# libcurl, which sideline links for the club sync, under each release's name (trixie's t64 rename).
if [ "$SUITE" = trixie ]; then PACKAGES+=(libcurl4t64); else PACKAGES+=(libcurl4); fi
# Kernel module trees the guest may load: Bluetooth and its crypto, vhci, 9p, virtio, ext4.
MODULE_TREES=(net crypto lib arch fs drivers/bluetooth drivers/virtio drivers/block drivers/char)
# Single modules (with what they depend on) for the appliance test: a virtio GPU, touch and tablet
# input (virtio and USB HID, evdev), a USB host controller and USB disks, and a USB Ethernet
# adapter (QEMU's usb-net: CDC Ethernet or RNDIS) plugged in for the club sync; hci_uart (it needs
# pwrseq-core, outside the trees above) for an emulated controller on a UART where the kernel has
# no hci_vhci (Debian's arm64 kernel).
MODULES=(virtio-gpu virtio_input evdev hid-multitouch hid-generic usbhid xhci-pci usb-storage uas sd_mod
         usbnet cdc_ether rndis_host hci_uart)

if [ "$(id -u)" -ne 0 ]; then echo "build-image: needs root (debootstrap, chroot)" >&2; exit 1; fi
for tool in debootstrap mkfs.ext4 apt-get dpkg-deb; do
  command -v "$tool" >/dev/null || { echo "build-image: $tool missing; run deploy/scripts/setup.sh" >&2; exit 1; }
done
[ -x /bin/busybox ] || { echo "build-image: busybox-static missing; run deploy/scripts/setup.sh" >&2; exit 1; }
[ "$ARCH" = "$HOST_ARCH" ] || ./deploy/package/arm64/binfmt.sh

# The release's apt lists for the architecture (a private view: deploy/scripts/apt-release.sh) tell
# which kernel linux-image-ARCH means today. SIDELINE_VM_KERNEL names another kernel package of the
# release (e.g. linux-image-6.12.100+deb12-amd64 on bookworm) to try a kernel bug elsewhere: its image
# is another cache entry, and .build-vm/NAME/image links to it until the next build.
export APT_CONFIG
APT_CONFIG=$(./deploy/scripts/apt-release.sh "$SUITE" "$ARCH")
kernel_package() { apt-cache depends "linux-image-$ARCH" 2>/dev/null | awk '/Depends: linux-image-[0-9]/ {print $2; exit}'; }
KPKG=${SIDELINE_VM_KERNEL:-$(kernel_package)}
[ -n "$KPKG" ] || { echo "build-image: apt knows no linux-image-$ARCH in $SUITE" >&2; exit 1; }
KVER=${KPKG#linux-image-}
KDEB_VERSION=$(apt-cache policy "$KPKG" | awk '/Candidate:/ {print $2}')

WANT=$( { cat "$0"; echo "$SUITE $ARCH $BUMBLE_PIN $KPKG $KDEB_VERSION"; } | sha256sum | cut -c1-16)
IMAGE=$CACHE/images/$NAME-$WANT
LINK=$ROOT/.build-vm/$NAME/image
mkdir -p "$CACHE/images" "$(dirname "$LINK")"
# One builder per image at a time (the suites may ask together): the second finds it built.
exec 9> "$IMAGE.lock"
flock 9
if [ -f "$IMAGE/stamp" ] && [ -f "$IMAGE/root.ext4" ]; then
  ln -sfn "$IMAGE" "$LINK"
  log "up to date ($KPKG $KDEB_VERSION, $BUMBLE_PIN)"
  echo "$IMAGE"
  exit 0
fi
MIRROR=$(awk '$1 == "deb" { print $3; exit }' "$(dirname "$APT_CONFIG")/sources.list")

started=$(date +%s)
WORK=$IMAGE.work
DEBS=$CACHE/debs/$SUITE
[ "$ARCH" = "$HOST_ARCH" ] || DEBS=$CACHE/debs/$NAME
rm -rf "$WORK"
mkdir -p "$WORK" "$DEBS"

log "kernel $KPKG"
(cd "$DEBS" && { ls "$KPKG"_"${KDEB_VERSION//:/%3a}"_*.deb >/dev/null 2>&1 || apt-get -q download "$KPKG" >/dev/null; })
dpkg-deb -x "$(ls "$DEBS"/"$KPKG"_"${KDEB_VERSION//:/%3a}"_*.deb | tail -1)" "$WORK/kernel"
# trixie's kernel package has its modules under /usr/lib (merged /usr), bookworm's under /lib.
if [ -d "$WORK/kernel/usr/lib/modules" ] && [ ! -d "$WORK/kernel/lib/modules" ]; then
  mkdir -p "$WORK/kernel/lib" && mv "$WORK/kernel/usr/lib/modules" "$WORK/kernel/lib/modules"
fi

if [ "$ARCH" = "$HOST_ARCH" ]; then
  log "debootstrap $SUITE from $MIRROR (a few minutes)"
  if ! debootstrap --variant=minbase --cache-dir="$DEBS" --include="$(IFS=,; echo "${PACKAGES[*]}")" \
       "$SUITE" "$WORK/root" "$MIRROR" > "$WORK/debootstrap.log" 2>&1; then
    tail -20 "$WORK/debootstrap.log" >&2
    exit 1
  fi
else
  # Another architecture's dpkg runs through qemu-user, and debootstrap's second stage calls it
  # package by package (41 of the arm64 image's 49 min cold). mmdebstrap unpacks the Essential set
  # natively and installs the rest with one apt run; the same minbase root and packages (decision 102).
  # Without documentation and manual pages (removed below anyway), and without fsync while it builds
  # (force-unsafe-io): both only while the root is made, the image's dpkg keeps its defaults.
  log "mmdebstrap $SUITE $ARCH from $MIRROR (its maintainer scripts through qemu-user: minutes)"
  if ! mmdebstrap --mode=root --arch="$ARCH" --variant=minbase --include="$(IFS=,; echo "${PACKAGES[*]}")" \
       --dpkgopt=force-unsafe-io --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
       --setup-hook='mkdir -p "$1"/var/cache/apt/archives' --setup-hook="sync-in $DEBS /var/cache/apt/archives/" \
       --customize-hook="sync-out /var/cache/apt/archives $DEBS" --customize-hook='rm -f "$1"/etc/dpkg/dpkg.cfg.d/99mmdebstrap' \
       --skip=download/empty "$SUITE" "$WORK/root" "$MIRROR" > "$WORK/debootstrap.log" 2>&1; then
    tail -20 "$WORK/debootstrap.log" >&2
    exit 1
  fi
fi
R=$WORK/root

# Wheels for the guest's own Python (3.13 on trixie, 3.11 on bookworm) and architecture (this
# machine's in py3.13, another's in py3.13-aarch64).
PYVER=$(chroot "$R" python3 -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
WHEELS=$CACHE/wheels/py$PYVER
[ "$ARCH" = "$HOST_ARCH" ] || WHEELS=$WHEELS-$MACHINE
log "$BUMBLE_PIN into /opt/bumble for Python $PYVER on $MACHINE (wheels fetched here, installed offline in the guest root)"
python3 -m pip download -q "$BUMBLE_PIN" -d "$WHEELS" --only-binary=:all: --python-version "$PYVER" --implementation cp \
  --platform "manylinux_2_28_$MACHINE" --platform "manylinux_2_17_$MACHINE" --platform "manylinux2014_$MACHINE" \
  --platform "manylinux1_$MACHINE" --platform "linux_$MACHINE"
mkdir -p "$R/tmp/wheels" && cp "$WHEELS"/*.whl "$R/tmp/wheels/"
chroot "$R" python3 -m venv /opt/bumble
chroot "$R" env -i PATH=/usr/bin:/bin /opt/bumble/bin/pip install -q --no-index --find-links /tmp/wheels "$BUMBLE_PIN"
rm -rf "$R/tmp/wheels"
for python in python3 /opt/bumble/bin/python; do
  site=$(chroot "$R" "$python" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')
  mkdir -p "$R$site" && echo /sideline/Tests/kit > "$R$site/sideline-testkit.pth"
done

log "kernel modules"
MODS=lib/modules/$KVER
mkdir -p "$R/$MODS/kernel"
for tree in "${MODULE_TREES[@]}"; do
  mkdir -p "$R/$MODS/kernel/$(dirname "$tree")"
  cp -a "$WORK/kernel/$MODS/kernel/$tree" "$R/$MODS/kernel/$tree"
done
# The package ships no modules.dep: the guest root's depmod writes one for the whole kernel.
mv "$WORK/kernel" "$R/tmp/kernel" && chroot "$R" depmod -b /tmp/kernel "$KVER" && mv "$R/tmp/kernel" "$WORK/kernel"
for m in "${MODULES[@]}"; do  # modules.dep's line for m: m itself, then what it needs
  awk -v m="/$(echo "$m" | tr _ -).ko" '{ f = $1; gsub(/_/, "-", f) } index(f, m ":") || index(f, m ".xz:") { print; exit }' "$WORK/kernel/$MODS/modules.dep"
done | tr ' ' '\n' | sed 's/:$//' | sort -u | while read -r ko; do
  [ -n "$ko" ] && [ ! -e "$R/$MODS/$ko" ] || continue
  mkdir -p "$R/$MODS/$(dirname "$ko")" && cp -a "$WORK/kernel/$MODS/$ko" "$R/$MODS/$ko"
done
cp -a "$WORK/kernel/$MODS"/modules.{order,builtin,builtin.modinfo} "$R/$MODS/" 2>/dev/null || true
# Later kernels (6.12) ship their modules xz-compressed; the initramfs's busybox loads plain ones.
find "$R/$MODS" -name '*.ko.xz' -exec xz -d {} +
chroot "$R" depmod "$KVER"

echo sideline-vm > "$R/etc/hostname"
printf '127.0.0.1 localhost\n127.0.1.1 sideline-vm\n' > "$R/etc/hosts"
# Log in as root on the console when booted with systemd (nobody types a password in a test VM).
chroot "$R" passwd -d root >/dev/null

# The rig's init (kernel command line init=/usr/local/sbin/sideline-vm-rig):
#   sideline.run=PATH      script to run, relative to the source share (required)
#   sideline.timeout=S     the script's time limit (default 1200)
# Shares (qemu -virtfs mount tags): src (read-only) at /sideline, bin (read-only) at /sideline-bin,
# out (read-write) at /out. The script's exit status goes to /out/exit-status; then power off.
cat > "$R/usr/local/sbin/sideline-vm-rig" <<'EOF'
#!/bin/sh
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8
mount -t proc proc /proc; mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null; mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts; mount -t tmpfs tmpfs /dev/shm; mount -t tmpfs tmpfs /run; mount -t tmpfs tmpfs /tmp
hostname sideline-vm; busybox ip link set lo up
modprobe 9pnet_virtio; modprobe 9p
arg() { echo " $(cat /proc/cmdline)" | sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }
for share in src:/sideline:ro bin:/sideline-bin:ro out:/out:rw; do
  tag=${share%%:*}; rest=${share#*:}; dir=${rest%%:*}; mode=${rest#*:}
  mkdir -p "$dir"
  mount -t 9p -o "trans=virtio,version=9p2000.L,msize=262144,$mode" "$tag" "$dir" 2>/dev/null || echo "sideline-vm-rig: no share '$tag'"
done
run=$(arg sideline.run); limit=$(arg sideline.timeout)
echo "sideline-vm-rig: userland up at $(cut -d' ' -f1 /proc/uptime) s; running $run (limit ${limit:-1200} s)"
if [ -n "$run" ] && [ -f "/sideline/$run" ]; then
  timeout -k 10 "${limit:-1200}" "/sideline/$run"; status=$?
else
  echo "sideline-vm-rig: nothing to run (sideline.run='$run')"; status=127
fi
echo "sideline-vm-rig: exit status $status"
echo "$status" > /out/exit-status
sync; umount /out 2>/dev/null; sync
echo o > /proc/sysrq-trigger
sleep 30
EOF
chmod 755 "$R/usr/local/sbin/sideline-vm-rig"
rm -rf "$R/var/cache/apt/archives"/*.deb "$R/var/lib/apt/lists"/* "$R/usr/share/doc" "$R/usr/share/man"

log "initramfs"
I=$WORK/initrd
mkdir -p "$I/bin" "$I/dev" "$I/proc" "$I/sys" "$I/newroot" "$I/$MODS"
# busybox-static of the image's architecture: this machine's own, or the release's package of ARCH.
if [ "$ARCH" = "$HOST_ARCH" ]; then
  cp /bin/busybox "$I/bin/busybox"
else
  (cd "$DEBS" && { ls busybox-static_*_"$ARCH".deb >/dev/null 2>&1 || apt-get -q download busybox-static >/dev/null; })
  dpkg-deb -x "$(ls "$DEBS"/busybox-static_*_"$ARCH".deb | tail -1)" "$WORK/busybox-static"
  install -m 755 "$(ls "$WORK"/busybox-static/{usr/,}bin/busybox 2>/dev/null | head -1)" "$I/bin/busybox"  # trixie's is in /usr/bin
fi
# The modules that mount the root, with everything they depend on (modules.dep of the root).
BOOT_MODULES="virtio_pci virtio_blk crc32c_generic ext4"  # ext4 checks metadata with crc32c
for m in $BOOT_MODULES; do
  awk -v m="/$m.ko" 'index($1, m ":") { print; exit }' "$R/$MODS/modules.dep"
done | tr ' ' '\n' | sed 's/:$//' | sort -u | while read -r ko; do
  [ -n "$ko" ] || continue
  mkdir -p "$I/$MODS/$(dirname "$ko")" && cp "$R/$MODS/$ko" "$I/$MODS/$ko"
done
cp "$R/$MODS/modules.dep" "$I/$MODS/"
cp "$R/$MODS/modules.builtin" "$I/$MODS/" 2>/dev/null || touch "$I/$MODS/modules.builtin"
cat > "$I/init" <<EOF
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc; mount -t sysfs sysfs /sys; mount -t devtmpfs devtmpfs /dev
case " \$(cat /proc/cmdline) " in  # deploy/scripts/vm/boot.sh's KVM probe: the kernel got this far
  *" sideline.probe "*) echo "sideline-vm: probe ok"; poweroff -f ;;
esac
for m in $BOOT_MODULES; do  # built into some kernels (6.12's virtio_pci)
  grep -q "/\$m.ko\$" /lib/modules/*/modules.builtin || modprobe \$m || echo "initrd: cannot load \$m"
done
init=\$(echo " \$(cat /proc/cmdline)" | sed -n 's/.* init=\([^ ]*\).*/\1/p')
i=0; while [ ! -b /dev/vda ] && [ \$i -lt 200 ]; do sleep 0.05; i=\$((i + 1)); done
if ! mount -t ext4 -o rw /dev/vda /newroot; then echo "initrd: cannot mount /dev/vda"; echo o > /proc/sysrq-trigger; sleep 30; fi
umount /proc /sys /dev
exec switch_root /newroot "\${init:-/sbin/init}"
EOF
chmod 755 "$I/init"
(cd "$I" && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1) > "$WORK/initrd.gz"

log "root.ext4"
size_mb=$(( $(du -sm "$R" | cut -f1) + 512 ))
mkfs.ext4 -q -F -L sideline-vm -d "$R" "$WORK/root.ext4" "${size_mb}M" > /dev/null

tar -C "$R/lib/modules" -cf "$WORK/modules.tar" "$KVER"
mkdir -p "$IMAGE"
cp "$WORK/kernel/boot/vmlinuz-$KVER" "$IMAGE/vmlinuz"
mv "$WORK/initrd.gz" "$WORK/root.ext4" "$WORK/modules.tar" "$IMAGE/"
echo "$KVER" > "$IMAGE/kernel-version"
echo "$ARCH" > "$IMAGE/arch"
echo "$SUITE $ARCH $KPKG $KDEB_VERSION $BUMBLE_PIN" > "$IMAGE/stamp"
rm -rf "$WORK"
ln -sfn "$IMAGE" "$LINK"
# Older images of this release and architecture go (each is about 1 GB), but the newest other one
# stays: two checkouts of different inputs (a branch beside main) each keep theirs, even mid-run,
# instead of deleting each other's. Another release's or architecture's stay.
for old in $(ls -1dt "$CACHE/images/$NAME"-* 2>/dev/null | grep -v -e '\.lock$' -e '\.work$' | grep -v -x -F "$IMAGE" | tail -n +2); do
  rm -rf "$old"
done
log "ready in $(( $(date +%s) - started )) s: kernel $KVER, root.ext4 $(du -h "$IMAGE/root.ext4" | cut -f1) ($IMAGE)"
echo "$IMAGE"
