#!/usr/bin/env bash
# The README's second command: every test. Called by `make test` and by CI.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== unit and end-to-end tests (swift test)"
swift build --build-tests
swift test --skip-build 2>&1 | tee .build/swift-test.log

echo "== ThreadSanitizer: the ring's two-thread stress must be clean, the broken canary ring must be caught"
./deploy/tsan-check.sh
