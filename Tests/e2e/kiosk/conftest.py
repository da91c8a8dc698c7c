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
