#!/usr/bin/env bash
# make club-demo: a throwaway club on this machine — PostgreSQL, sideline-club serving on loopback, two
# simulated kiosks recording and syncing — then screenshots of its web pages from headless chromium into
# out/club-demo/ (no display), or the address and the sign-in until Ctrl-C (a display). The driver:
# deploy/scripts/club_demo.py. SIDELINE_BIN / SIDELINE_CLUB_BIN choose the binaries (default: release).
set -euo pipefail
cd "$(dirname "$0")/../.."
./deploy/scripts/venv.sh >/dev/null
exec .venv/bin/python deploy/scripts/club_demo.py "$@"
