"""What the architecture tests share: Package.swift as SwiftPM itself reads it (the manifest is Swift)."""
import json
import shutil
import subprocess

import pytest

from sideline_testkit.paths import ROOT


@pytest.fixture(scope="session")
def manifest():
    """Every target of `swift package dump-package`, by name."""
    swift = shutil.which("swift")
    if swift is None:
        pytest.skip("no swift on PATH")
    dump = subprocess.run([swift, "package", "dump-package"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert dump.returncode == 0, dump.stderr
    return {t["name"]: t for t in json.loads(dump.stdout)["targets"]}
