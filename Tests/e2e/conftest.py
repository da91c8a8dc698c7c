"""Shared fixtures for the end-to-end tests: the real `sideline` binary and a scratch database."""
import json
import os
import pathlib
import subprocess

import pytest

from waiting import wait_until


@pytest.fixture(scope="session")
def sideline_bin() -> str:
    path = os.environ.get("SIDELINE_BIN") or str(pathlib.Path(__file__).resolve().parents[2] / ".build/debug/sideline")
    if not os.access(path, os.X_OK):
        pytest.fail(f"sideline binary not found at {path}; build it with `swift build --product sideline`")
    return path


@pytest.fixture
def sideline(sideline_bin, tmp_path):
    """Runs `sideline ARGS --db <tmp db>` and returns the completed process."""
    db = tmp_path / "sideline.sqlite"

    def run(*args: str, check: bool = True) -> subprocess.CompletedProcess:
        result = subprocess.run([sideline_bin, *args, "--db", str(db)], capture_output=True, text=True, timeout=300)
        if check and result.returncode != 0:
            raise AssertionError(f"sideline {' '.join(args)} failed ({result.returncode}): {result.stderr}")
        return result

    run.db = db
    run.bin = sideline_bin
    return run


@pytest.fixture
def wait_for_json():
    """wait_for_json(path[, timeout]) → the JSON a kiosk script dumps there, once it exists
    (for tests that act on the outside world while a kiosk script runs)."""
    def wait(path, timeout=60):
        wait_until(path.exists, timeout, what=f'{path.name} appearing')
        return json.loads(path.read_text())
    return wait
