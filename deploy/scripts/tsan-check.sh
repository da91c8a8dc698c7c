#!/usr/bin/env bash
# Runs the ring's stress test under ThreadSanitizer, and proves the check is live:
# a deliberately racy canary ring must make TSan report a data race.
set -euo pipefail
cd "$(dirname "$0")/../.."
SCRATCH=$PWD/.build-tsan
# The ring's tests and what they need alone (Package.swift's SIDELINE_TEST_TARGETS: the ring, TeamCore and its
# Localization), so TSan's release build is of them and not of the club server's SwiftNIO.
export SIDELINE_TEST_TARGETS=SPSCRingTests
cd "$(./deploy/scripts/subset-package.sh "$SCRATCH/package")"
# Release + TSan as DESIGN.md advises; -enable-testing because test targets use @testable imports.
FLAGS=(-c release --sanitize=thread --scratch-path "$SCRATCH/build" -Xswiftc -enable-testing)
swift build "${FLAGS[@]}" --build-tests
swift test "${FLAGS[@]}" --skip-build --filter SPSCRingStressTests
if SIDELINE_TSAN_CANARY=1 TSAN_OPTIONS=halt_on_error=1 swift test "${FLAGS[@]}" --skip-build --filter CanaryRingTests > "$SCRATCH/canary.log" 2>&1; then
  echo "tsan-check: the canary ring's race was NOT reported — ThreadSanitizer is not live" >&2
  exit 1
fi
# TSan names the race "data race" or, when Swift's exclusivity instrumentation sees it first, "Swift access race".
grep -qE "WARNING: ThreadSanitizer: (data race|Swift access race)" "$SCRATCH/canary.log" || { cat "$SCRATCH/canary.log" >&2; echo "tsan-check: canary failed without a TSan report" >&2; exit 1; }
echo "tsan-check: SPSCRing clean; canary race reported (check is live)"
