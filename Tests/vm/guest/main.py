#!/usr/bin/python3
"""The real-stack suite inside the VM: the image's rig init runs this (deploy/scripts/vm/boot.sh
--run Tests/vm/guest/main.py); the test kit's guest runner runs the plan's scenarios and bench
rounds (scenarios.py) and writes /out/results.json. The kit is on the guest's path (the image's
.pth file)."""
import sys

from scenarios import BENCH, EXTRA, SCENARIOS, THROTTLED

from sideline_testkit.realstack.guest_runner import run_plan

if __name__ == '__main__':
    sys.exit(run_plan({**SCENARIOS, **THROTTLED, **EXTRA, **BENCH}))
