"""Fixtures of the kiosk suites."""
import subprocess

import pytest


@pytest.fixture
def stick(tmp_path):
    """A stand-in USB stick: a tmpfs mounted under a media folder of its own (root only)."""
    media = tmp_path / "media"
    mount_point = media / "sdb1"
    mount_point.mkdir(parents=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64m", "stick", str(mount_point)], check=True)
    yield media, mount_point
    # Fails (busy) if anything — the kiosk, a test's own connection — still holds a file on it.
    subprocess.run(["umount", str(mount_point)], check=True)


@pytest.fixture(scope="session", autouse=True)
def flow_setups_recorded_once(tmp_path_factory):
    """Each flow's set-up (a season of recordings, for some) is recorded the first time any test plays that
    flow and copied for every later play of it, at either size, by any test of this folder (play-flow.sh's
    SIDELINE_FLOW_SETUP_CACHE; keyed by the binary and the set-up lines, so a flow's own test still starts
    from exactly what the flow sets up)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SIDELINE_FLOW_SETUP_CACHE", str(tmp_path_factory.mktemp("flow-setups")))
        yield
