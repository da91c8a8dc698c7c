#!/usr/bin/env bash
# deploy/package/arm64/toolchain.sh: everything the arm64 build (deploy/package/arm64/build.sh) and its
# checks need, made once per set of inputs and cached in $SIDELINE_CACHE/arm64 (default
# ~/.cache/sideline/arm64, outside the checkout, so reruns, other checkouts and fresh clones reuse it):
#   debs/swiftlang/          Debian's Swift (swiftlang + libswiftlang, sid) for amd64 and arm64
#   sid-KEY/root             an amd64 sid root (debootstrap minbase) with swiftlang amd64 installed: the
#                            compiler, which needs sid's libc, so it runs in this chroot
#   trixie-arm64-KEY/root    an arm64 trixie root (debootstrap --arch=arm64 through qemu-user) with the
#                            -dev packages of Package.swift's system libraries: the sysroot the binaries
#                            link against, and a trixie board to run them on
#   bookworm-arm64-KEY/root  an arm64 bookworm root with the libraries the binaries load and debhelper:
#                            a bookworm board, and where the arm64 .debs are packaged (bookworm's
#                            dpkg-shlibdeps and debhelper, as the amd64 package is built on bookworm)
#   sdk-KEY/                 the Swift SDK (swift-sdks path): sideline-arm64.artifactbundle with this
#                            folder's swift-sdk.json and toolset.json, the trixie root as its sysroot, the
#                            aarch64 resource directories of swiftlang:arm64 (and libswiftlang:arm64's
#                            shared runtime, for the test bundles)
#   and in the trixie root's library folder, glibc-2.36.c compiled (sideline-glibc-2.36.o, .key its hash)
# KEY hashes what makes the piece: the shell function that builds it (its package list is in it) and
# its inputs (the swiftlang version, the repository's SDK files), so editing one rebuilds that one
# only. Prints, for `eval`, SID_ROOT, TRIXIE_ROOT, BOOKWORM_ROOT, SDKS (the --swift-sdks-path) and
# SWIFT_VERSION. Needs root; installs qemu-user-static and debootstrap if missing and registers
# qemu-aarch64 with binfmt_misc (mounting it if needed).
set -euo pipefail
cd "$(dirname "$0")/../../.."
ROOT=$PWD
HERE=$ROOT/deploy/package/arm64
CACHE=${SIDELINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sideline}/arm64
log() { echo "arm64-toolchain: $*" >&2; }
if [ "$(id -u)" -ne 0 ]; then echo "toolchain.sh: needs root (debootstrap, chroot, binfmt_misc)" >&2; exit 1; fi
mkdir -p "$CACHE"

# Tools from this machine's own release (debootstrap, qemu-user), arm64 code run through binfmt_misc.
./deploy/package/arm64/binfmt.sh

key() { sha256sum | cut -c1-16; }
# One builder per piece at a time (two checkouts may ask together): the second finds it made.
# $1 the piece's folder; the piece is ready when $1/stamp exists.
ready() { [ -f "$1/stamp" ]; }

SID_APT=$(./deploy/scripts/apt-release.sh sid)
SWIFT_VERSION=$(APT_CONFIG=$SID_APT apt-cache policy swiftlang | awk '/Candidate:/ {print $2}')
ARM_VERSION=$(APT_CONFIG=$(./deploy/scripts/apt-release.sh sid arm64) apt-cache policy swiftlang | awk '/Candidate:/ {print $2}')
[ -n "$SWIFT_VERSION" ] && [ "$SWIFT_VERSION" != "(none)" ] || { echo "toolchain.sh: sid has no swiftlang" >&2; exit 1; }
[ "$SWIFT_VERSION" = "$ARM_VERSION" ] || { echo "toolchain.sh: sid's swiftlang is $SWIFT_VERSION on amd64 but $ARM_VERSION on arm64" >&2; exit 1; }
DEBS=$CACHE/debs/swiftlang
deb_of() { echo "$DEBS/${1}_${SWIFT_VERSION//:/%3a}_$2.deb"; }
download_swiftlang() {
  mkdir -p "$DEBS"
  local arch
  for arch in amd64 arm64; do
    [ -f "$(deb_of swiftlang $arch)" ] && [ -f "$(deb_of libswiftlang $arch)" ] && continue
    log "downloading swiftlang $SWIFT_VERSION for $arch (about 560 MB)"
    (cd "$DEBS" && APT_CONFIG=$(cd "$ROOT" && ./deploy/scripts/apt-release.sh sid $arch) \
       apt-get download -q "swiftlang=$SWIFT_VERSION" "libswiftlang=$SWIFT_VERSION" >&2)
  done
  # Other versions' files go (over 1 GB a version).
  find "$DEBS" -name '*.deb' ! -name "*_${SWIFT_VERSION//:/%3a}_*" -delete
}

MIRROR=$(awk '$1 == "deb" { print $3; exit }' "$(dirname "$SID_APT")/sources.list")

# The compiler: an amd64 sid root with swiftlang installed from the downloaded .debs. libc6-dev and
# git: SwiftPM compiles the manifests for the build machine, and fetches the dependencies with git
# (through /etc/gitconfig's insteadOf, copied from this machine, to the mirror run.sh binds).
make_sid() {
  local dir=$1 work=$1.work
  rm -rf "$work" && mkdir -p "$work" "$CACHE/debs/sid"
  log "debootstrap sid (amd64) from $MIRROR"
  if ! debootstrap --variant=minbase --cache-dir="$CACHE/debs/sid" --include=git,ca-certificates,pkgconf,libc6-dev \
       sid "$work/root" "$MIRROR" > "$work/debootstrap.log" 2>&1; then
    tail -20 "$work/debootstrap.log" >&2; exit 1
  fi
  log "swiftlang $SWIFT_VERSION into the sid root"
  cp "$(deb_of libswiftlang amd64)" "$(deb_of swiftlang amd64)" "$work/root/tmp/"
  ./deploy/package/arm64/run.sh "$work/root" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "/tmp/$(basename "$(deb_of libswiftlang amd64)")" \
    "/tmp/$(basename "$(deb_of swiftlang amd64)")" > "$work/install.log" 2>&1 || { tail -20 "$work/install.log" >&2; exit 1; }
  rm -f "$work/root/tmp/"*.deb "$work/root/var/cache/apt/archives/"*.deb
  [ -f /etc/gitconfig ] && cp /etc/gitconfig "$work/root/etc/gitconfig"
  ./deploy/package/arm64/run.sh "$work/root" swiftc --version >&2
}

TRIXIE_DEV=(libc6-dev libstdc++-14-dev libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libbluetooth-dev libdbus-1-dev
            libsqlite3-dev libcurl4-openssl-dev zlib1g-dev)
BOOKWORM_RUN=(libsdl2-2.0-0 libsdl2-ttf-2.0-0 libsdl2-image-2.0-0 libbluetooth3 libdbus-1-3 libsqlite3-0 libcurl4 zlib1g
              libstdc++6 fonts-dejavu-core)
# An arm64 root of release $2 with packages $3… and the release's Essential set (a shell and coreutils:
# commands run in it), made natively, without qemu: this machine's apt, with the release's arm64 view
# (apt-release.sh), resolves the closure and downloads its .debs, and each is unpacked (dpkg-deb's
# data, tar) into a merged-/usr root, as debootstrap lays one out. No maintainer script runs, none is
# needed: a sysroot is files, and running a binary in it needs its libraries and the loader's cache
# (ldconfig, the one command run through qemu-user). The packages' control files go into the root's
# dpkg database (status, info/*.list, *.shlibs, *.symbols), as an unpack records them, so dpkg-query
# and dpkg-shlibdeps read it (--admindir) like an installed root's. (It was debootstrap, then apt in
# the root, every dpkg through qemu-user: 862 s for the two roots, made side by side; decision 102.)
make_arm64_root() {
  local dir=$1 release=$2 work=$1.work apt_config debs=$CACHE/debs/$2-arm64
  shift 2
  rm -rf "$work" && mkdir -p "$work/root" "$debs/partial"
  apt_config=$(./deploy/scripts/apt-release.sh "$release" arm64)
  local apt=(env APT_CONFIG="$apt_config" apt-get -q -o Debug::NoLocking=1 -o Dir::Cache::archives="$debs"
             --no-install-recommends -y install '?essential' "$@")
  log "$release arm64: downloading the closure of $* and the Essential set"
  "${apt[@]}" --download-only > "$work/apt.log" 2>&1 || { tail -20 "$work/apt.log" >&2; exit 1; }
  # The closure's file names (an empty archive folder: apt lists only what it would fetch).
  mkdir -p "$work/none/partial"
  "${apt[@]}" -o Dir::Cache::archives="$work/none" --print-uris -qq | awk '{ print $2 }' > "$work/debs.txt"
  rmdir "$work/none/partial" "$work/none"
  log "$release arm64: unpacking $(wc -l < "$work/debs.txt") packages"
  local root=$work/root admin=$work/root/var/lib/dpkg d deb name control
  mkdir -p "$root/usr/bin" "$root/usr/sbin" "$root/usr/lib" "$admin/info" "$root/proc" "$root/dev" "$root/sys" "$root/root" "$root/tmp"
  chmod 1777 "$root/tmp"
  for d in bin sbin lib; do ln -s "usr/$d" "$root/$d"; done
  : > "$admin/status" && : > "$admin/available" && echo arm64 > "$admin/arch"
  control=$work/control
  echo 1 > "$admin/info/format"  # info files of Multi-Arch: same packages are named PACKAGE:ARCH.*
  while read -r deb; do
    rm -rf "$control" && dpkg-deb -e "$debs/$deb" "$control"
    name=$(awk '/^Package:/ { print $2 }' "$control/control")
    grep -qx 'Multi-Arch: same' "$control/control" && name=$name:arm64
    { cat "$control/control"; echo "Status: install ok unpacked"; echo; } >> "$admin/status"
    for d in shlibs symbols triggers; do [ -f "$control/$d" ] && cp "$control/$d" "$admin/info/$name.$d"; done
    # --keep-directory-symlink: a package's /lib/… lands in usr/lib through the link, as on a merged
    # root; -v lists what it unpacks, the package's file list.
    dpkg-deb --fsys-tarfile "$debs/$deb" | tar -xv --keep-directory-symlink -C "$root" \
      | sed -e 's|^\./|/|' -e 's|/$||' -e 's|^$|/.|' > "$admin/info/$name.list"
  done < "$work/debs.txt"
  rm -rf "$control"
  [ -e "$root/bin/sh" ] || ln -s dash "$root/usr/bin/sh"
  ./deploy/package/arm64/run.sh "$root" /sbin/ldconfig
}

# The Swift SDK. Its sysroot is the trixie root (a link), its resources swiftlang:arm64's.
make_sdk() {
  local dir=$1 work=$1.work
  rm -rf "$work"
  local bundle=$work/sideline-arm64.artifactbundle sdk=$work/sideline-arm64.artifactbundle/sideline-arm64
  mkdir -p "$sdk/swift/usr/lib"
  cat > "$bundle/info.json" <<EOF
{
  "schemaVersion": "1.0",
  "artifacts": {
    "sideline-arm64": {
      "type": "swiftSDK",
      "version": "$SWIFT_VERSION",
      "variants": [{ "path": "sideline-arm64", "supportedTriples": ["x86_64-pc-linux-gnu", "x86_64-unknown-linux-gnu"] }]
    }
  }
}
EOF
  cp "$HERE/swift-sdk.json" "$HERE/toolset.json" "$sdk/"
  ln -s "$TRIXIE_ROOT" "$sdk/sysroot"
  log "aarch64 resource directories from swiftlang:arm64 $SWIFT_VERSION"
  # swift/clang and swift_static/clang link to ../clang/17: clang's own headers (stddef.h …).
  dpkg-deb --fsys-tarfile "$(deb_of swiftlang arm64)" | tar -x -C "$work" ./usr/libexec/swift/lib/swift ./usr/libexec/swift/lib/swift_static \
    ./usr/libexec/swift/lib/clang
  # The shared runtime (debug builds and the test bundles link it; --static-swift-stdlib builds do not).
  dpkg-deb --fsys-tarfile "$(deb_of libswiftlang arm64)" | tar -x -C "$work" ./usr/libexec/swift/lib/swift/linux
  mv "$work/usr/libexec/swift/lib/swift" "$work/usr/libexec/swift/lib/swift_static" "$work/usr/libexec/swift/lib/clang" "$sdk/swift/usr/lib/"
  rm -rf "$work/usr"
}

# glibc-2.36.c compiled into the sysroot's library folder, where toolset.json's -l: finds it; made again
# whenever the file changes (its hash beside it), on every run: not a piece of the SDK, so a change to it
# costs a relink (build.sh), not a rebuild.
make_shim() {
  local object=$TRIXIE_ROOT/usr/lib/aarch64-linux-gnu/sideline-glibc-2.36.o want
  want=$(key < "$HERE/glibc-2.36.c")
  [ -f "$object" ] && [ "$(cat "$object.key" 2>/dev/null)" = "$want" ] && return 0
  log "glibc-2.36.c into the sysroot"
  mkdir -p "$CACHE/shim" && cp "$HERE/glibc-2.36.c" "$CACHE/shim/glibc-2.36.c"
  ./deploy/package/arm64/run.sh "$SID_ROOT" /usr/libexec/swift/bin/clang --target=aarch64-linux-gnu --sysroot="$TRIXIE_ROOT" \
    -std=c11 -O2 -fPIC -fno-builtin -Wall -Werror -c "$CACHE/shim/glibc-2.36.c" -o "$object.new"
  # The shim must not itself reach for what it replaces, but for the old versions it names.
  if nm -u "$object.new" | grep -E '__isoc23|strlc|^ *U (fmod|fmodf)$'; then
    echo "toolchain.sh: glibc-2.36.c calls a GLIBC_2.38 function itself" >&2; exit 1
  fi
  mv "$object.new" "$object" && echo "$want" > "$object.key"
}

# make PIECE KEY FUNCTION ARGS…: the piece's folder in the cache, made by FUNCTION if it is not there yet.
make_piece() {
  local name=$1 k=$2 fn=$3
  shift 3
  local dir=$CACHE/$name-$k
  exec 9> "$dir.lock"
  flock 9
  if ! ready "$dir"; then
    local started
    started=$(date +%s)
    "$fn" "$dir" "$@"
    rm -rf "$dir" && mv "$dir.work" "$dir" && date -u +%FT%TZ > "$dir/stamp"
    log "$name ready in $(( $(date +%s) - started )) s ($dir)"
    # Older pieces of the same name go, but the newest other one stays (a branch beside main keeps its own).
    for old in $(ls -1dt "$CACHE/$name"-* 2>/dev/null | grep -v -e '\.lock$' -e '\.work$' | grep -v -x -F "$dir" | tail -n +2); do
      rm -rf "$old"
    done
  else
    log "$name up to date ($dir)"
  fi
  exec 9>&-
  echo "$dir"
}

download_swiftlang
SID=$(make_piece sid "$( { declare -f make_sid; echo "$SWIFT_VERSION"; } | key)" make_sid)
SID_ROOT=$SID/root
# The two arm64 roots side by side: each is mostly one emulated dpkg at a time.
TRIXIE=$CACHE/trixie-arm64-$( { declare -f make_arm64_root; echo "${TRIXIE_DEV[*]}"; } | key)
BOOKWORM=$CACHE/bookworm-arm64-$( { declare -f make_arm64_root; echo "${BOOKWORM_RUN[*]}"; } | key)
make_piece trixie-arm64 "${TRIXIE##*-}" make_arm64_root trixie "${TRIXIE_DEV[@]}" > /dev/null &
trixie_made=$!
make_piece bookworm-arm64 "${BOOKWORM##*-}" make_arm64_root bookworm "${BOOKWORM_RUN[@]}" > /dev/null &
bookworm_made=$!
wait "$trixie_made" || { echo "toolchain.sh: the arm64 trixie root failed" >&2; exit 1; }
wait "$bookworm_made" || { echo "toolchain.sh: the arm64 bookworm root failed" >&2; exit 1; }
TRIXIE_ROOT=$TRIXIE/root
BOOKWORM_ROOT=$BOOKWORM/root
SDK=$(make_piece sdk "$( { declare -f make_sdk; cat "$HERE/swift-sdk.json" "$HERE/toolset.json"; echo "$SWIFT_VERSION $TRIXIE"; } | key)" make_sdk)
make_shim
# Debian's swiftlang 6.2.3 ships the interface of _Testing_Foundation (Swift Testing's overlay for
# Foundation, which every test file importing both links through autolinking) but not its library,
# for either architecture: the test bundle's link asks for -l_Testing_Foundation. An empty stand-in
# answers it; no test uses the overlay's API (a symbol of it would stay undefined and fail the link).
testing_overlay=$SDK/sideline-arm64.artifactbundle/sideline-arm64/swift/usr/lib/swift/linux/lib_Testing_Foundation.so
if [ ! -f "$testing_overlay" ]; then
  log "an empty lib_Testing_Foundation.so for the test bundle (Debian's swiftlang lacks it)"
  ./deploy/package/arm64/run.sh "$SID_ROOT" /usr/libexec/swift/bin/clang --target=aarch64-linux-gnu -fuse-ld=lld -shared -nostdlib \
    -Wl,-soname,lib_Testing_Foundation.so -o "$testing_overlay" -x c /dev/null
fi
# libFoundationXML.so of libswiftlang (the tests' TCX checks use XMLDocument) needs sid's libxml2.so.16,
# which trixie does not have: sid's libxml2-16 (it needs only glibc 2.38 and zlib) beside the shared
# runtime the test bundle runs on. Test-only: the products import no FoundationXML.
runtime=$SDK/sideline-arm64.artifactbundle/sideline-arm64/swift/usr/lib/swift/linux
if ! ls "$runtime"/libxml2.so.16* > /dev/null 2>&1; then
  log "sid's libxml2-16 beside the shared runtime (libFoundationXML.so needs it)"
  mkdir -p "$CACHE/debs/libxml2" && rm -rf "$CACHE/debs/libxml2/x"
  (cd "$CACHE/debs/libxml2" && rm -f ./*.deb && APT_CONFIG=$(cd "$ROOT" && ./deploy/scripts/apt-release.sh sid arm64) \
     apt-get download -q libxml2-16 >&2)
  dpkg-deb -x "$CACHE"/debs/libxml2/libxml2-16_*_arm64.deb "$CACHE/debs/libxml2/x"
  cp -a "$CACHE"/debs/libxml2/x/usr/lib/aarch64-linux-gnu/libxml2.so.16* "$runtime/"
fi
# The driver links with swiftrt.o from the sysroot's usr/lib/swift_static (a --static-swift-stdlib
# build) or usr/lib/swift (a debug build and the test bundle, on the shared runtime), not from the
# SDK's resource paths: the sysroot points there at the SDK's.
for resources in swift_static swift; do
  ln -sfn "$SDK/sideline-arm64.artifactbundle/sideline-arm64/swift/usr/lib/$resources" "$TRIXIE_ROOT/usr/lib/$resources"
done
echo "SWIFT_VERSION=$SWIFT_VERSION"
echo "SID_ROOT=$SID_ROOT"
echo "TRIXIE_ROOT=$TRIXIE_ROOT"
echo "BOOKWORM_ROOT=$BOOKWORM_ROOT"
echo "SDKS=$SDK"
