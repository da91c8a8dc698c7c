"""The arm64 cross build's kept build folder (deploy/package/arm64/build.sh): it builds a mirror of the checkout's
sources, written by deploy/package/arm64/mirror.py, so what the mirror leaves out the build never sees, and what it
rewrites the build compiles again. Both are checked here: every target's folder lies under a mirrored entry, and the
mirror rewrites exactly the files whose bytes differ, leaving the others' times and inodes as they were."""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
BUILD = ROOT / "deploy/package/arm64/build.sh"
MIRROR = ROOT / "deploy/package/arm64/mirror.py"


def mirrored_entries():
    lines = [line for line in BUILD.read_text().splitlines() if "mirror.py" in line and not line.lstrip().startswith("#")]
    assert len(lines) == 1, lines
    return lines[0].split('"$KEEP/src"', 1)[1].split()


def test_every_target_of_the_manifest_is_in_the_mirror(manifest):
    entries = mirrored_entries()
    assert "Package.swift" in entries
    outside = []
    for target in manifest.values():
        default = "Tests" if target["type"] == "test" else "Sources"
        path = target.get("path") or f"{default}/{target['name']}"
        if path.split("/", 1)[0] not in entries:
            outside.append(f"{target['name']}: {path}")
    assert not outside, f"targets whose sources build.sh's mirror ({entries}) leaves out: {outside}"


def run_mirror(origin, target, *entries):
    result = subprocess.run(["python3", str(MIRROR), str(origin), str(target), *entries], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return tuple(int(n) for n in re.search(r"(\d+) files written, (\d+) deleted", result.stderr).groups())


def test_the_mirror_rewrites_only_what_changed(tmp_path):
    origin, target = tmp_path / "checkout", tmp_path / "mirror"
    (origin / "Sources/A").mkdir(parents=True)
    (origin / "Sources/B").mkdir(parents=True)
    (origin / "Sources/A/a.swift").write_text("let a = 1\n")
    (origin / "Sources/B/b.swift").write_text("let b = 1\n")
    (origin / "Sources/B/__pycache__").mkdir()
    (origin / "Sources/B/__pycache__/x.pyc").write_bytes(b"\0")
    (origin / "Package.swift").write_text("// manifest\n")
    assert run_mirror(origin, target, "Package.swift", "Sources") == (3, 0)
    assert not (target / "Sources/B/__pycache__").exists()
    kept = {p: os.stat(target / p) for p in ("Package.swift", "Sources/A/a.swift", "Sources/B/b.swift")}

    # A fresh clone: the same bytes, every file newer. Nothing is written.
    for path in origin.rglob("*"):
        if path.is_file():
            os.utime(path, (kept["Package.swift"].st_mtime + 100,) * 2)
    assert run_mirror(origin, target, "Package.swift", "Sources") == (0, 0)
    for p, before in kept.items():
        after = os.stat(target / p)
        assert (after.st_mtime_ns, after.st_ino) == (before.st_mtime_ns, before.st_ino), p

    # One file changed (the same size), one gone, one new: those alone are touched, the emptied folder goes.
    (origin / "Sources/A/a.swift").write_text("let a = 2\n")
    shutil.rmtree(origin / "Sources/B")
    (origin / "Sources/C").mkdir()
    (origin / "Sources/C/c.swift").write_text("let c = 3\n")
    assert run_mirror(origin, target, "Package.swift", "Sources") == (2, 1)
    assert (target / "Sources/A/a.swift").read_text() == "let a = 2\n"
    assert (target / "Sources/C/c.swift").read_text() == "let c = 3\n"
    assert not (target / "Sources/B").exists()
    after = os.stat(target / "Package.swift")
    assert (after.st_mtime_ns, after.st_ino) == (kept["Package.swift"].st_mtime_ns, kept["Package.swift"].st_ino)
