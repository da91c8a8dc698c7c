#!/usr/bin/env bash
# libFuzzer targets for the Bluetooth codecs and the host's receive path (not part of make test).
#   deploy/scripts/fuzz.sh [seconds-per-target] [target…]     default 180 s each, every target
# Builds with swiftc -sanitize=fuzzer,address into .build-fuzz/, keeps each target's corpus in
# .build-fuzz/corpus/<target>, and crash inputs in .build-fuzz/crashes/<target>/.
# Exit status is non-zero when any target crashed.
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_EACH=${1:-180}
shift || true
ALL=(HeartRateMeasurement BatteryLevel BodySensorLocation ManufacturerName AdvertisingData PolarBroadcast HostEngine)
TARGETS=("${@:-${ALL[@]}}")
SWIFTC=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
OUT=.build-fuzz
export SWIFT_BACKTRACE=enable=no # its crash handler trips ASan while reporting a finding
mkdir -p "$OUT/lib"
FLAGS=(-swift-version 6 -O -g -sanitize=fuzzer,address -parse-as-library)

# The libraries, instrumented for coverage, as static archives with their modules.
build_lib() { # name sources… (the rest import what was built before)
  local name=$1; shift
  "$SWIFTC" "${FLAGS[@]}" -module-name "$name" -emit-library -static -emit-module \
    -emit-module-path "$OUT/lib/$name.swiftmodule" -I "$OUT/lib" "$@" -o "$OUT/lib/lib$name.a" 2> >(grep -v 'ld.gold: warning' >&2)
}
echo "fuzz: building libraries with $SWIFTC"
build_lib HeartRateProtocol Sources/HeartRateProtocol/*.swift
build_lib BLEHost Sources/BLEHost/*.swift

crashed=()
for target in "${TARGETS[@]}"; do
  echo "fuzz: building $target"
  "$SWIFTC" "${FLAGS[@]}" -module-name "Fuzz$target" -I "$OUT/lib" -L "$OUT/lib" -lBLEHost -lHeartRateProtocol \
    Fuzz/Support.swift "Fuzz/$target.swift" -o "$OUT/fuzz-$target" 2> >(grep -v 'ld.gold: warning' >&2)
  corpus=$OUT/corpus/$target crashes=$OUT/crashes/$target
  mkdir -p "$corpus" "$crashes"
  [ -d "Fuzz/seeds/$target" ] && cp -n Fuzz/seeds/$target/* "$corpus"/ 2>/dev/null || true
  echo "fuzz: running $target for ${SECONDS_EACH}s"
  if "$OUT/fuzz-$target" -max_total_time="$SECONDS_EACH" -max_len=512 -print_final_stats=1 \
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
