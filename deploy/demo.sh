#!/usr/bin/env bash
# The README's first command: a 1-minute simulated 12-player session recorded at
# high speed into a demo database, then its per-player summary.
set -euo pipefail
cd "$(dirname "$0")/.."
DB="${SIDELINE_DB:-$PWD/out/demo.sqlite}"
mkdir -p "$(dirname "$DB")"
.build/release/sideline record --db "$DB" --source sim:12 --seed 7 --speed 600 --team Demo --minutes 1
echo
echo "database: $DB   (try: .build/release/sideline sessions --db $DB)"
