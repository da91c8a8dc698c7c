#!/usr/bin/env bash
# Plays one kiosk flow (deploy/scripts/kiosk/flows/*.kiosk) headless on a database of its own and leaves its
# screenshots (and dumps) in SHOTS. The one way flows are played: by screenshots.sh for docs and by CI.
# A flow may say what it needs at its top:
#   # setup: ARGS   run `sideline ARGS --db <its database>` first (several lines: in order);
#                   $WORK/photos holds stand-in portraits and their roster CSV (flows/portraits.py).
#                   Without a setup line: the team "Demo", 12 simulated players, one past session.
#                   Set-up sessions give --started-at before the kiosk's scripted clock (14 March 2026,
#                   17:30), so screenshots do not mix today's date with it.
#   # kiosk: ARGS   extra options for the kiosk (e.g. --source sim:40)
# At 1920×1080 the kiosk runs with a wall display (each screenshot gets its -wall twin).
# FLOW_LANGUAGE=de (fr, es, nl): the kiosk speaks that language (its catalogs from po/, compiled into
# .build/locale unless SIDELINE_LOCALEDIR names others); the flow's taps stay English (scripts find a
# label by its English words too). FLOW_DUMP_LANGUAGES="fr es nl" (tests): each of the flow's dumps (X.json)
# also in those languages (X.fr.json…), the screen drawn again in each: one play read in every catalog.
# Usage: deploy/scripts/kiosk/play-flow.sh BIN FLOW SIZE SHOTS [DB]   (DB is kept when given)
set -euo pipefail
BIN="$1" FLOW="$2" SIZE="$3" SHOTS="$4"
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
DB="${5:-$WORK/flow.sqlite}"
export WORK
python3 "$ROOT/deploy/scripts/kiosk/flows/portraits.py" "$WORK/photos"
setups=()
while IFS= read -r line; do setups+=("${line#\# setup: }"); done < <(grep '^# setup: ' "$FLOW" || true)
[ ${#setups[@]} -eq 0 ] && setups=("record --source sim:12 --seed 7 --speed 600 --team Demo --minutes 1 --started-at 2026-03-12T18:00 --quiet")
set_up() {
  for args in "${setups[@]}"; do
    # eval: a setup line is shell words (quoted team names, $WORK).
    eval "\"$BIN\" $args --db \"$DB\"" >/dev/null
  done
}
# SIDELINE_FLOW_SETUP_CACHE (tests): a folder where a flow's set-up database is kept, by the binary and
# the set-up lines, so the same flow at its second size starts from a copy instead of recording it again.
if [ -n "${SIDELINE_FLOW_SETUP_CACHE:-}" ] && [ ! -e "$DB" ]; then
  key="$( { stat -c '%n %s %Y' "$BIN"; printf '%s\n' "${setups[@]}"; } | sha256sum | cut -c1-16)"
  cached="$SIDELINE_FLOW_SETUP_CACHE/$key"
  if [ -d "$cached" ]; then
    for file in "$cached"/db*; do cp -a "$file" "$DB${file#"$cached"/db}"; done
  else
    set_up
    mkdir -p "$SIDELINE_FLOW_SETUP_CACHE"
    partial="$(mktemp -d "$SIDELINE_FLOW_SETUP_CACHE/.partial.XXXXXX")"
    for file in "$DB"*; do cp -a "$file" "$partial/db${file#"$DB"}"; done
    mv -T "$partial" "$cached" 2>/dev/null || rm -rf "$partial"  # a flow played beside it kept its copy first
  fi
else
  set_up
fi
extra="$(grep '^# kiosk: ' "$FLOW" | sed 's/^# kiosk: //' | tr '\n' ' ' || true)"
wall=(); [ "$SIZE" = 1920x1080 ] && wall=(--wall-display 1)
language=()
[ -n "${FLOW_DUMP_LANGUAGES:-}" ] && language=(--dump-languages "${FLOW_DUMP_LANGUAGES// /,}")
if [ -n "${FLOW_LANGUAGE:-}${FLOW_DUMP_LANGUAGES:-}" ]; then
  [ -n "${FLOW_LANGUAGE:-}" ] && language+=(--language "$FLOW_LANGUAGE")
  if [ -z "${SIDELINE_LOCALEDIR:-}" ]; then
    "$ROOT/deploy/scripts/i18n/compile.sh" "$ROOT/.build/locale"
    export SIDELINE_LOCALEDIR="$ROOT/.build/locale"
  fi
fi
# shellcheck disable=SC2086
"$BIN" --headless --size "$SIZE" "${wall[@]}" "${language[@]}" $extra --script "$FLOW" --screenshots "$SHOTS" --db "$DB"
