#!/usr/bin/env bash
# deploy/scripts/instruction-counts.sh: make bench-instructions' table on both architectures, from the builds
# make test has made (issue 33's "the instruction counts for both architectures"): x86-64's under callgrind
# on this machine's release-build.sh binaries (.build-static: static like the board's, where make
# bench-instructions counts its dynamically linked .build/release for every row but the launch), then
# AArch64's under qemu-user's counting plugin on the arm64 cross build's (.build-arm64), on the x86-64 run's
# fixtures (the same SQLite files; written under qemu-user they would take minutes). One job each: make
# test runs it beside the arm64 board's VM. Prints the two tables; judges nothing (a figure over its
# target is docs/BENCHMARKS.md's matter, not a test's), but fails when a count cannot be taken.
set -euo pipefail
cd "$(dirname "$0")/../.."
STATIC=.build-static/release
WORK=$PWD/.build/instructions
echo "== instructions per unit, x86-64 (callgrind; $STATIC)"
python3 Benchmarks/instructions/bench_instructions.py --release "$STATIC" --static-release "$STATIC" --jobs 1 --work "$WORK/x86-64"
eval "$(./deploy/package/arm64/toolchain.sh)"
echo "== instructions per unit, AArch64 (qemu-user's plugin; .build-arm64)"
python3 Benchmarks/instructions/bench_instructions.py --arch arm64 --root "$TRIXIE_ROOT" --jobs 1 --work "$WORK/arm64" \
  --fixtures "$WORK/x86-64/fixtures" --reuse-fixtures
