"""A simulated session recorded and exported once through the real CLI, shared by the analytics cross-checks."""
import pytest

from sideline_testkit.processes import run


@pytest.fixture(scope="module")
def exported(sideline_bin, tmp_path_factory):
    """record sim:6 for 10 minutes → export csv, tcx, fit, json. Returns the output folder."""
    root = tmp_path_factory.mktemp("analytics")
    db = str(root / "sideline.sqlite")
    run(sideline_bin, "record", "--db", db, "--source", "sim:6", "--seed", "3", "--speed", "6000",
        "--team", "Demo Club", "--minutes", "10", timeout=300)
    out = root / "out"
    for fmt in ("csv", "tcx", "fit", "json"):
        run(sideline_bin, "export", "--db", db, "--session", "1", "--format", fmt, "--out", str(out), timeout=300)
    return out


@pytest.fixture(scope="module")
def exported_with_recovery(sideline_bin, tmp_path_factory):
    """record sim:3 for 5 minutes and a 60-s recovery minute → export tcx, fit, csv. Returns the output folder."""
    root = tmp_path_factory.mktemp("recovery")
    db = str(root / "sideline.sqlite")
    run(sideline_bin, "record", "--db", db, "--source", "sim:3", "--seed", "4", "--speed", "6000",
        "--team", "Recovery Club", "--minutes", "5", "--recovery", "60", "--quiet", timeout=300)
    out = root / "out"
    for fmt in ("tcx", "fit", "csv", "json"):
        run(sideline_bin, "export", "--db", db, "--session", "1", "--format", fmt, "--out", str(out), timeout=300)
    return out
