#!/usr/bin/env bash
# The README's first command: a 1-minute simulated 12-player session recorded at
# high speed into a demo database, its per-player summary, then the kiosk — in a
# window when there is a display (on the Bluetooth adapter if there is one, else
# on simulated straps), else the scripted demo flow headless on simulated straps,
# with screenshots of every screen in out/screenshots.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN="${SIDELINE_BIN:-.build/release/sideline}"
DB="${SIDELINE_DB:-$PWD/out/demo.sqlite}"
mkdir -p "$(dirname "$DB")"
"$BIN" record --db "$DB" --source sim:12 --seed 7 --speed 600 --team Demo --minutes 1
echo
echo "database: $DB   (try: $BIN sessions --db $DB)"
echo

if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  # No display: play the demo flow (every screen, by touch) on a fresh copy, headless.
  KIOSK_DB="$PWD/out/kiosk-demo.sqlite"
  SHOTS="$PWD/out/screenshots"
  rm -f "$KIOSK_DB" "$KIOSK_DB"-wal "$KIOSK_DB"-shm
  rm -rf "$SHOTS"
  "$BIN" record --db "$KIOSK_DB" --source sim:12 --seed 7 --speed 600 --team Demo --minutes 1 --quiet >/dev/null
  "$BIN" --headless --size 800x480 --wall-display 1 --script deploy/scripts/kiosk/demo-flow.kiosk --screenshots "$SHOTS" --db "$KIOSK_DB"
  echo "kiosk (no display, so headless): $(ls "$SHOTS"/*.png | wc -l) screenshots of the demo flow in $SHOTS"
else
  echo "kiosk: tap a team, Start, … (close the window to quit)"
  # auto: the Bluetooth adapter when the machine has one (pair real straps in team setup),
  # else the simulated team that plays the Demo squad's straps.
  "$BIN" --size 800x480 --source auto --seed 7 --db "$DB"
fi
