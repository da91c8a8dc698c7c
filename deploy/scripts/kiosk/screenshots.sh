#!/usr/bin/env bash
# Regenerates docs/screenshots: the demo flow and the feature flows in deploy/scripts/kiosk/flows at
# 800×480 (the Pi touchscreen) and 1920×1080 (with a wall display), headless, each flow on a
# database of its own (play-flow.sh, which CI uses too).
# Usage: deploy/scripts/kiosk/screenshots.sh [sideline binary] [OUT (docs/screenshots)] [flow…]
# LANGUAGES="de fr" (any of de fr es nl; en is the default and goes straight into OUT): the same flows in
# those languages, into OUT/<lang>/<size> (`make screenshots-all` makes every language).
set -euo pipefail
cd "$(dirname "$0")/../../.."
BIN="${1:-.build/release/sideline}"
OUT="${2:-docs/screenshots}"
shift $(( $# > 2 ? 2 : $# ))
FLOWS=("$@")
[ ${#FLOWS[@]} -eq 0 ] && FLOWS=(deploy/scripts/kiosk/demo-flow.kiosk deploy/scripts/kiosk/flows/*.kiosk)
# Each flow's set-up (a season of recordings, for some) recorded once for every language and size (play-flow.sh's
# cache), not ten times.
if [ -z "${SIDELINE_FLOW_SETUP_CACHE:-}" ]; then
  SIDELINE_FLOW_SETUP_CACHE="$(mktemp -d)"
  export SIDELINE_FLOW_SETUP_CACHE
  trap 'rm -rf "$SIDELINE_FLOW_SETUP_CACHE"' EXIT
fi
for language in ${LANGUAGES:-en}; do
  dir="$OUT"; [ "$language" = en ] || dir="$OUT/$language"
  for size in 800x480 1920x1080; do
    rm -rf "${dir:?}/$size"
    for flow in "${FLOWS[@]}"; do
      FLOW_LANGUAGE="$([ "$language" = en ] || echo "$language")" deploy/scripts/kiosk/play-flow.sh "$BIN" "$flow" "$size" "$dir/$size"
    done
    rm -f "$dir/$size"/*.json
  done
done
ls "$OUT"/*/ | head -200
