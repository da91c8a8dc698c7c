#!/usr/bin/env bash
# Idempotent set-up for building, running and testing Sideline on Debian.
# Installs only what is missing; uses sudo when not root.
set -euo pipefail
cd "$(dirname "$0")/../.."

APT_PACKAGES=(
  libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev   # kiosk UI
  libbluetooth-dev libdbus-1-dev                  # BlueZ transports
  libsqlite3-dev                                  # store (GRDB over system SQLite)
  fonts-dejavu-core                               # UI font
  espeak-ng                                       # the interval timer's spoken cues (Tests/e2e/kiosk/test_intervals.py hears them)
  python3-venv dbus                               # test peers: bumble, dbusmock
  libglib2.0-dev python3-dev                      # dbus-python (dbusmock's client) builds from its sdist
  pkg-config
  qemu-system-x86 busybox-static e2fsprogs xz-utils  # the real-stack VM (deploy/scripts/vm, Tests/vm)
  debhelper help2man lintian binutils             # make deb: packaging, manual page, checks, objdump
  debootstrap                                     # package tests: clean trixie and bookworm chroots; the VMs' roots
  qemu-utils dosfstools mtools                    # the appliance VM (Tests/appliance): its disk overlay, a FAT USB stick
  qemu-system-arm                                 # the arm64 appliance VM (make test-appliance ARCH=arm64): qemu-system-aarch64
  cage xwayland grim                              # the compositor of the unit, run here headless (make bench-appliance, the two-output test); grim reads its outputs
  zlib1g-dev postgresql-15 postgresql-client-15   # the club server: gzip transfers; Tests/club and make bench-club start a throwaway cluster
  iproute2 nftables                               # the club's fault tests: network namespaces, veth, tbf; packet loss (Tests/club/test_faults.py)
  faketime                                        # the club's fault tests: a kiosk whose clock is 10 minutes wrong (libfaketime by LD_PRELOAD)
  chromium chromium-driver                        # the club's web pages in a real browser (Tests/club/test_web*.py, Selenium; no driver download)
  libcurl4-openssl-dev openssl                    # the kiosk's club sync: HTTPS through libcurl (the system's TLS and CA store); Tests/club makes a self-signed certificate
  time                                            # GNU time: a command's own peak RSS, not its Python launcher's (make bench-hostile, the hostile-stick tests)
  valgrind                                        # make bench-instructions: callgrind counts instructions per unit
  unzip                                           # a player's data ZIP checked by an independent reader (`unzip -t`, Tests/kit/sideline_testkit/player_zip.py)
  gettext                                         # the translations: msgfmt compiles po/*.po to .mo (make locale, the package); xgettext-style checks in Tests
)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

command -v swift >/dev/null || { echo "setup: swift is not on PATH (need Swift 6.1+ toolchain, e.g. /opt/swift/usr/bin)" >&2; exit 1; }
