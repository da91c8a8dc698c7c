"""One simulated session exported by this machine's binary (x86-64) and by the arm64 package's binary
(AArch64 through qemu-user, on an arm64 trixie root): CSV, TCX, FIT and JSON, byte for byte the same.
Float formatting, integer bit patterns in the FIT encoder and the analysis's arithmetic all go
through them; a difference between the architectures shows here as a differing byte. Then the same
session recorded by each (the simulation is deterministic from its seed, on virtual time), so the
simulated physiology and the recorder are compared too."""
import filecmp
import shutil

import pytest

from conftest import SCRATCH, in_root
from sideline_testkit.processes import run

FORMATS = ("csv", "tcx", "fit", "json")
# A session with everything an export carries: a countdown, a recovery minute (HRR60, the rest lap),
# tags, RR intervals (HRV) from the simulated straps.
RECORD = ("record", "--source", "sim:6", "--seed", "7", "--speed", "600", "--team", "Arm", "--minutes", "3",
          "--recovery", "60", "--tag", "match", "--started-at", "2026-03-14T10:00", "--quiet")
EXPORT = ("export", "--session", "1", "--format")
HOST_ENV = {"TZ": "UTC", "PATH": "/usr/bin:/bin"}


@pytest.fixture(scope="module")
def folder():
    path = SCRATCH / "exports"
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


@pytest.fixture(scope="module")
def recorded(folder, amd64_binary, binaries, toolchain):
    """The session recorded by each architecture's binary: {"x86_64": db, "aarch64": db}."""
    x86, arm = folder / "x86_64.sqlite", folder / "aarch64.sqlite"
    run(str(amd64_binary), *RECORD, "--db", str(x86), env=HOST_ENV, timeout=300)
    in_root(toolchain["TRIXIE_ROOT"], "env", "TZ=UTC", binaries["sideline"], *RECORD, "--db", arm, timeout=600)
    return {"x86_64": x86, "aarch64": arm}


def export_x86(binary, db, fmt, out):
    run(str(binary), *EXPORT, fmt, "--db", str(db), "--out", str(out), env=HOST_ENV)
    return out


def export_arm(toolchain, binary, db, fmt, out):
    in_root(toolchain["TRIXIE_ROOT"], "env", "TZ=UTC", binary, *EXPORT, fmt, "--db", db, "--out", out, timeout=300)
    return out


def assert_same_files(a, b, fmt):
    names = sorted(p.name for p in a.iterdir())
    assert names, f"the {fmt} export wrote nothing"
    assert names == sorted(p.name for p in b.iterdir())
    _, mismatch, errors = filecmp.cmpfiles(a, b, names, shallow=False)
    assert not mismatch and not errors, f"{fmt}: {mismatch + errors} differ between {a.name} and {b.name}"


@pytest.mark.parametrize("fmt", FORMATS)
def test_one_session_exported_by_both_architectures(fmt, folder, recorded, amd64_binary, binaries, toolchain):
    db = recorded["x86_64"]
    x86 = export_x86(amd64_binary, db, fmt, folder / f"x86_64-exports-{fmt}")
    arm = export_arm(toolchain, binaries["sideline"], db, fmt, folder / f"aarch64-exports-x86_64-session-{fmt}")
    assert_same_files(x86, arm, fmt)


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_session_recorded_and_exported_on_each_architecture(fmt, folder, recorded, amd64_binary, binaries, toolchain):
    x86 = export_x86(amd64_binary, recorded["x86_64"], fmt, folder / f"x86_64-own-{fmt}")
    arm = export_arm(toolchain, binaries["sideline"], recorded["aarch64"], fmt, folder / f"aarch64-own-{fmt}")
    assert_same_files(x86, arm, fmt)
