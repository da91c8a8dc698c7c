#!/usr/bin/env bash
# Compiles po/<lang>.po to DIR/<lang>/LC_MESSAGES/sideline.mo (default DIR: .build/locale), checking each
# (msgfmt --check: headers, plural forms, {placeholders} kept). The package installs DIR under
# /usr/share/locale; tests and screenshots point SIDELINE_LOCALEDIR at it.
set -euo pipefail
cd "$(dirname "$0")/../../.."
out="${1:-.build/locale}"
for po in po/*.po; do
  lang="$(basename "$po" .po)"
  mkdir -p "$out/$lang/LC_MESSAGES"
  msgfmt --check -o "$out/$lang/LC_MESSAGES/sideline.mo" "$po"
done
