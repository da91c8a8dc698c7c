"""Shared fixtures for the end-to-end tests: the real `sideline` binary and a scratch database.
What the tests drive Sideline with is the test kit (Tests/kit, sideline_testkit)."""
import json
import os

import pytest

from sideline_testkit.paths import ROOT
from sideline_testkit.processes import run
from sideline_testkit.waiting import wait_until

# The tests read English unless one names a language: the command line speaks the terminal's (decision 087), so
# a machine whose LANG is German would otherwise turn every English assertion into a failure.
os.environ["LANG"] = "C.UTF-8"
for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)


@pytest.fixture(scope="session")
def sideline_bin() -> str:
    path = os.environ.get("SIDELINE_BIN") or str(ROOT / ".build/debug/sideline")
    if not os.access(path, os.X_OK):
        pytest.fail(f"sideline binary not found at {path}; build it with `swift build --product sideline`")
    return path


@pytest.fixture
def sideline(sideline_bin, tmp_path):
    """Runs `sideline ARGS --db <tmp db>` and returns the completed process."""
    db = tmp_path / "sideline.sqlite"

    def sideline_with_db(*args: str, check: bool = True):
        return run(sideline_bin, *args, "--db", str(db), check=check, timeout=300)

    sideline_with_db.db = db
    sideline_with_db.bin = sideline_bin
    return sideline_with_db


@pytest.fixture
def wait_for_json():
    """wait_for_json(path[, timeout]) → the JSON a kiosk script dumps there, once it exists
    (for tests that act on the outside world while a kiosk script runs)."""
    def wait(path, timeout=60):
        wait_until(path.exists, timeout, what=f'{path.name} appearing')
        return json.loads(path.read_text())
    return wait
