#!/usr/bin/env bash
# Regenerates docs/screenshots: the demo flow and the feature flows in deploy/kiosk/flows at
# 800×480 (the Pi touchscreen) and 1920×1080 (a wall display), headless. Usage: deploy/kiosk/screenshots.sh [sideline binary]
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN="${1:-.build/release/sideline}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
for size in 800x480 1920x1080; do
  db="$WORK/$size.sqlite"
  "$BIN" record --db "$db" --source sim:12 --seed 7 --speed 600 --team Demo --minutes 1 --quiet >/dev/null
  rm -rf "docs/screenshots/$size"
  wall=(); [ "$size" = 1920x1080 ] && wall=(--wall-display 1)
  "$BIN" --headless --size "$size" "${wall[@]}" --script deploy/kiosk/demo-flow.kiosk \
    --screenshots "docs/screenshots/$size" --db "$db"
  # Each feature's flow on a database of its own, made the same way.
  for flow in deploy/kiosk/flows/*.kiosk; do
    fdb="$WORK/$size-$(basename "$flow" .kiosk).sqlite"
    "$BIN" record --db "$fdb" --source sim:12 --seed 7 --speed 600 --team Demo --minutes 1 --quiet >/dev/null
    "$BIN" --headless --size "$size" --script "$flow" --screenshots "docs/screenshots/$size" --db "$fdb"
  done
  rm -f docs/screenshots/"$size"/*.json
done
ls docs/screenshots/*/ | head -80
