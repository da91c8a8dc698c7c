#!/usr/bin/env bash
# Compiles po/<lang>.po to DIR/<lang>/LC_MESSAGES/sideline.mo (default DIR: .build/locale), checking each
# (msgfmt --check: headers, plural forms, {placeholders} kept). The package installs DIR under
# /usr/share/locale; tests and screenshots point SIDELINE_LOCALEDIR at it.
# `compile.sh DIR --domain club`: the club server's web instead (decision 084), po/club/<lang>.po to
# DIR/<lang>/LC_MESSAGES/sideline-club.mo — the sideline-club package installs those; `--domain club-admin`: the
# club server's command line (decision 087), po/club-admin/<lang>.po to DIR/<lang>/LC_MESSAGES/sideline-club-admin.mo.
set -euo pipefail
cd "$(dirname "$0")/../../.."
out="${1:-.build/locale}"
folder=po domain=sideline
if [ "${2:-}" = --domain ]; then
  case "${3:-}" in
    club) folder=po/club domain=sideline-club ;;
    club-admin) folder=po/club-admin domain=sideline-club-admin ;;
    *) echo "compile.sh: no domain '${3:-}' (club, club-admin)" >&2; exit 2 ;;
  esac
fi
for po in "$folder"/*.po; do
  lang="$(basename "$po" .po)"
  mkdir -p "$out/$lang/LC_MESSAGES"
  msgfmt --check -o "$out/$lang/LC_MESSAGES/$domain.mo" "$po"
done
