"""Fixtures for the arm64 build's checks (deploy/scripts/arm64-test.sh, `make test-arm64`): the cached
toolchain's roots (deploy/package/arm64/toolchain.sh), the two arm64 packages `make deb ARCH=arm64`
built, their binaries unpacked where the roots see them, and commands run in an arm64 root through
qemu-user (deploy/package/arm64/run.sh)."""
import os
import pathlib
import re
import shutil

import pytest

from sideline_testkit.paths import PACKAGING, ROOT, STATIC_BINARY
from sideline_testkit.processes import run

LONG_S = 3600  # the toolchain made cold, a cross build of the test bundle
SCRATCH = ROOT / ".build-arm64-check"  # in the checkout: run.sh binds it into the roots at the same path
# SIDELINE_ARM64_KIOSK_ONLY=1: the kiosk's package alone was built (deb.sh --kiosk-only, arm64-test.sh --kiosk-only).
KIOSK_ONLY = os.environ.get("SIDELINE_ARM64_KIOSK_ONLY") == "1"
PACKAGES = ("sideline",) if KIOSK_ONLY else ("sideline", "sideline-club")


@pytest.fixture(scope="session")
def toolchain() -> dict:
    """SWIFT_VERSION, SID_ROOT, TRIXIE_ROOT, BOOKWORM_ROOT, SDKS: the cached pieces (made if missing)."""
    out = run(str(PACKAGING / "arm64/toolchain.sh"), timeout=LONG_S).stdout
    return dict(line.split("=", 1) for line in out.splitlines() if re.match(r"^[A-Z_]+=", line))


def in_root(root, *args, timeout=600, check=True):
    """A command in an arm64 root (or the sid root), with only the environment the command names."""
    return run(str(PACKAGING / "arm64/run.sh"), str(root), *map(str, args), timeout=timeout, check=check)


@pytest.fixture(scope="session")
def debs() -> dict:
    """Each package's arm64 .deb: $SIDELINE_ARM64_DEB is the kiosk's, the club server's is beside it."""
    path = os.environ.get("SIDELINE_ARM64_DEB")
    if not path or not pathlib.Path(path).is_file():
        pytest.fail("SIDELINE_ARM64_DEB must name the package `make deb ARCH=arm64` built (deploy/scripts/arm64-test.sh sets it)")
    kiosk = pathlib.Path(path).resolve()
    if KIOSK_ONLY:
        return {"sideline": kiosk}
    club = kiosk.with_name(kiosk.name.replace("sideline_", "sideline-club_", 1))
    assert club.is_file(), f"{club.name} was not built beside {kiosk.name}"
    return {"sideline": kiosk, "sideline-club": club}


@pytest.fixture(scope="session")
def binaries(debs) -> dict:
    """Each package's binary as the package installs it, unpacked in the checkout (the roots see it)."""
    folder = SCRATCH / "debs"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)  # dpkg-deb -x makes the last folder only
    found = {}
    for name, deb in debs.items():
        run("dpkg-deb", "-x", str(deb), str(folder / name))
        found[name] = folder / name / "usr/bin" / name
        assert found[name].is_file(), f"{deb.name} has no /usr/bin/{name}"
    return found


@pytest.fixture(scope="session")
def amd64_binary() -> pathlib.Path:
    """This machine's own release binary (deploy/package/release-build.sh), to compare with."""
    path = pathlib.Path(os.environ.get("SIDELINE_BIN") or STATIC_BINARY)
    if not path.is_file():
        pytest.fail(f"{path} is missing: deploy/package/release-build.sh builds it (arm64-test.sh runs it)")
    return path.resolve()
