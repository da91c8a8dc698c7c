#!/usr/bin/env bash
# libFuzzer targets for the Bluetooth codecs, the host's receive path and every path a USB stick
# reaches (not part of make test).
#   deploy/scripts/fuzz.sh [seconds-per-target] [target…]     default 180 s each, every target
# Builds with swiftc -sanitize=fuzzer,address into .build-fuzz/, keeps each target's corpus in
# .build-fuzz/corpus/<target>, and crash inputs in .build-fuzz/crashes/<target>/.
# Exit status is non-zero when any target crashed.
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_EACH=${1:-180}
shift || true
ALL=(HeartRateMeasurement BatteryLevel BodySensorLocation ManufacturerName AdvertisingData PolarBroadcast HostEngine
     PictureHeader PhotoDecode RosterCSV BackupCheck)
TARGETS=("${@:-${ALL[@]}}")
SWIFTC=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
OUT=.build-fuzz
export SWIFT_BACKTRACE=enable=no # its crash handler trips ASan while reporting a finding
mkdir -p "$OUT/lib"
FLAGS=(-swift-version 6 -O -g -sanitize=fuzzer,address -parse-as-library)
# Module maps of the system libraries the stick's paths use (SDL_image, the helper's sandbox, SQLite for GRDB).
GRDB_DIR=.build/checkouts/GRDB.swift
INCLUDES=(-I "$OUT/lib" -I Sources/CSDL2 -I Sources/CSDLImage/include -I Sources/CSandbox -I "$GRDB_DIR/Sources/GRDBSQLite")

# The libraries, instrumented for coverage, as static archives with their modules; each once per run.
built=" "
build_lib() { # name extra-flags… -- sources… (the rest import what was built before)
  local name=$1; shift
  case "$built" in *" $name "*) return ;; esac
  local extra=()
  while [ "$1" != "--" ]; do extra+=("$1"); shift; done; shift
  echo "fuzz: building $name"
  "$SWIFTC" "${FLAGS[@]}" "${extra[@]}" -module-name "$name" -emit-library -static -emit-module \
    -emit-module-path "$OUT/lib/$name.swiftmodule" "${INCLUDES[@]}" "$@" -o "$OUT/lib/lib$name.a" 2> >(grep -v 'ld.gold: warning' >&2)
  built+="$name "
}
swift_sources() { find "$1" -name '*.swift' | sort; }

# What each target needs: its libraries (built in order), what it links, its longest input.
prepare() { # target → sets LIBS, LINK, MAX_LEN
  LINK=(); MAX_LEN=512
  case "$1" in
    PictureHeader|PhotoDecode)
      build_lib Appliance -- Sources/Appliance/*.swift
      build_lib PlayerPhotos -- Sources/PlayerPhotos/*.swift
      # SDL_image through CSDLImage's loader (opened with dlopen; decision 109), compiled as SwiftPM compiles it.
      cc -O2 -g -c Sources/CSDLImage/sdl_image_loader.c -I Sources/CSDLImage/include -o "$OUT/lib/sdl_image_loader.o"
      LIBS=(PlayerPhotos Appliance); LINK=("$OUT/lib/sdl_image_loader.o" $(pkg-config --libs sdl2 SDL2_image SDL2_ttf))
      MAX_LEN=$([ "$1" = PhotoDecode ] && echo 16384 || echo 4096) ;;
    RosterCSV)
      build_lib Localization -- $(swift_sources Sources/Localization)
      build_lib TeamCore -- $(swift_sources Sources/TeamCore)
      LIBS=(TeamCore Localization); MAX_LEN=4096 ;;
    BackupCheck)
      [ -d "$GRDB_DIR/GRDB" ] || swift package resolve
      # GRDB is pinned and takes the longest: built again only when its checkout changed.
      [ "$OUT/lib/libGRDB.a" -nt "$GRDB_DIR/GRDB" ] && built+="GRDB "
      build_lib GRDB -D SQLITE_ENABLE_FTS5 -D SQLITE_ENABLE_SNAPSHOT -D SQLITE_DISABLE_SNAPSHOT -- $(swift_sources "$GRDB_DIR/GRDB")
      build_lib Localization -- $(swift_sources Sources/Localization)
      build_lib TeamCore -- $(swift_sources Sources/TeamCore)
      # The store names straps and erasures with ClubIdentity's hashes (swift-crypto): swift-crypto as SwiftPM
      # builds it (not instrumented — it is not what is fuzzed), ClubIdentity over it.
      swift build --target ClubIdentity > /dev/null
      CRYPTO_OBJECTS=($(find .build/debug/{Crypto,CryptoBoringWrapper,CCryptoBoringSSL,CCryptoBoringSSLShims}.build -name '*.o'))
      CRYPTO_INCLUDES=(-I .build/debug/Modules -Xcc -I.build/checkouts/swift-crypto/Sources/CCryptoBoringSSL/include
                       -Xcc -I.build/checkouts/swift-crypto/Sources/CCryptoBoringSSLShims/include)
      INCLUDES+=("${CRYPTO_INCLUDES[@]}") # whoever imports ClubIdentity sees Crypto too
      build_lib ClubIdentity -- $(swift_sources Sources/ClubIdentity)
      build_lib Store -- $(swift_sources Sources/Store)
      LIBS=(Store ClubIdentity TeamCore Localization GRDB); LINK=(-lsqlite3 "${CRYPTO_OBJECTS[@]}"); MAX_LEN=65536 ;;
    *)
      build_lib HeartRateProtocol -- Sources/HeartRateProtocol/*.swift
      build_lib BLEHost -- Sources/BLEHost/*.swift
      LIBS=(BLEHost HeartRateProtocol) ;;
  esac
}

echo "fuzz: building with $SWIFTC"
crashed=()
for target in "${TARGETS[@]}"; do
  prepare "$target"
  echo "fuzz: building $target"
  "$SWIFTC" "${FLAGS[@]}" -module-name "Fuzz$target" "${INCLUDES[@]}" -L "$OUT/lib" "${LIBS[@]/#/-l}" "${LINK[@]}" \
    Fuzz/Support.swift "Fuzz/$target.swift" -o "$OUT/fuzz-$target" 2> >(grep -v 'ld.gold: warning' >&2)
  corpus=$OUT/corpus/$target crashes=$OUT/crashes/$target
  mkdir -p "$corpus" "$crashes"
  [ -d "Fuzz/seeds/$target" ] && cp -n Fuzz/seeds/$target/* "$corpus"/ 2>/dev/null || true
  echo "fuzz: running $target for ${SECONDS_EACH}s"
  # An input that takes 10 s is a finding too (a decoder that a small file keeps busy).
  if "$OUT/fuzz-$target" -max_total_time="$SECONDS_EACH" -max_len="$MAX_LEN" -timeout=10 -print_final_stats=1 \
       -artifact_prefix="$crashes/" "$corpus" > "$OUT/$target.log" 2>&1; then
    echo "fuzz: $target clean — $(grep -E '^stat::number_of_executed_units' "$OUT/$target.log" | awk '{print $2}') runs, corpus $(ls "$corpus" | wc -l) inputs"
  else
    echo "fuzz: $target CRASHED — input in $crashes/, log $OUT/$target.log"
    grep -m3 -E 'Fatal error|ERROR:|property violated' "$OUT/$target.log" || true
    crashed+=("$target")
  fi
done
[ ${#crashed[@]} -eq 0 ] || { echo "fuzz: crashes in ${crashed[*]}"; exit 1; }
echo "fuzz: no crashes"
