"""Fixtures for the Debian package tests (deploy/scripts/test.sh runs them after `make deb`):
the built .deb, its local apt repository, and a clean bookworm chroot to install it in."""
import os
import pathlib
import shutil
import subprocess

import pytest

from sideline_testkit.paths import PACKAGING, ROOT
from sideline_testkit.processes import run

CACHE = ROOT / ".build-deb"
LONG_S = 900  # a package build, an apt download, a chroot unpacked


@pytest.fixture(scope="session")
def deb() -> pathlib.Path:
    path = os.environ.get("SIDELINE_DEB")
    if not path or not pathlib.Path(path).is_file():
        pytest.fail("SIDELINE_DEB must name the package built by `make deb` (deploy/scripts/test.sh sets it)")
    return pathlib.Path(path).resolve()


@pytest.fixture(scope="session")
def upgrade_deb(deb) -> pathlib.Path:
    """The same build packaged again under a higher version, to upgrade to."""
    version = run("dpkg-deb", "-f", str(deb), "Version").stdout.strip() + "+upgrade1"
    out = run(str(PACKAGING / "deb.sh"), env={**os.environ, "DEB_VERSION": version}, cwd=ROOT, timeout=LONG_S).stdout.strip().splitlines()[-1]
    return (ROOT / out).resolve()


@pytest.fixture(scope="session")
def repo(deb) -> pathlib.Path:
    """Every package the .deb needs, transitively, as a flat apt repository (deploy/package/deb-repo.sh)."""
    folder = CACHE / "repo"
    run(str(PACKAGING / "deb-repo.sh"), str(deb), str(folder), timeout=LONG_S)
    return folder


def mirror() -> str:
    for sources in pathlib.Path("/etc/apt/sources.list.d").glob("*.sources"):
        for line in sources.read_text().splitlines():
            if line.startswith("URIs:") and line.rstrip("/").endswith("/debian"):
                return line.split()[1]
    for line in pathlib.Path("/etc/apt/sources.list").read_text().splitlines() if pathlib.Path("/etc/apt/sources.list").exists() else []:
        parts = line.split()
        if len(parts) >= 3 and parts[0] == "deb" and parts[2] == "bookworm":
            return parts[1]
    pytest.fail("no Debian mirror in the apt sources")


@pytest.fixture(scope="session")
def chroot_base() -> pathlib.Path:
    """A minimal bookworm (debootstrap --variant=minbase), made once and kept as a tarball."""
    tarball = CACHE / "chroot-minbase.tar"
    if not tarball.exists():
        build = CACHE / "chroot-build"
        shutil.rmtree(build, ignore_errors=True)
        CACHE.mkdir(exist_ok=True)
        run("debootstrap", "--variant=minbase", "bookworm", str(build), mirror(), timeout=1200)
        run("tar", "-C", str(build), "-cf", str(tarball) + ".tmp", ".", timeout=LONG_S)
        os.replace(str(tarball) + ".tmp", tarball)
        shutil.rmtree(build, ignore_errors=True)
    return tarball


class Chroot:
    """A fresh chroot from the base tarball whose only apt source is the local repository."""
    def __init__(self, base, repo, path):
        self.path = path
        path.mkdir()
        run("tar", "-C", str(path), "-xf", str(base), timeout=LONG_S)
        (path / "repo").mkdir()
        run("mount", "--bind", "-o", "ro", str(repo), str(path / "repo"))
        run("mount", "-t", "proc", "proc", str(path / "proc"))
        (path / "etc/apt/sources.list").write_text("deb [trusted=yes] file:/repo ./\n")
        for extra in (path / "etc/apt/sources.list.d").glob("*"):
            extra.unlink()
        # No service starts in a chroot (policy-rc.d, as Debian's build chroots do).
        policy = path / "usr/sbin/policy-rc.d"
        policy.write_text("#!/bin/sh\nexit 101\n")
        policy.chmod(0o755)
        self.sh("apt-get update -q -o APT::Update::Error-Mode=any")

    def sh(self, command, check=True, timeout=900):
        result = run("chroot", str(self.path), "/bin/sh", "-c", command, check=False, timeout=timeout,
                     env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "DEBIAN_FRONTEND": "noninteractive", "LANG": "C.UTF-8"})
        if check and result.returncode != 0:
            raise AssertionError(f"in chroot: {command} → {result.returncode}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
        return result

    def install(self, deb):
        target = self.path / "tmp" / deb.name
        shutil.copy(deb, target)
        return self.sh(f"apt-get install -y -q --no-install-recommends /tmp/{deb.name}")

    def close(self):
        mounts = [self.path / "repo", self.path / "proc"]
        for m in mounts:
            subprocess.run(["umount", str(m)], check=False)
        # Never delete through a mount that is still there.
        if not any(os.path.ismount(m) for m in mounts):
            shutil.rmtree(self.path, ignore_errors=True)


@pytest.fixture
def chroot(chroot_base, repo, tmp_path):
    if os.geteuid() != 0:
        pytest.skip("a chroot needs root")
    c = Chroot(chroot_base, repo, tmp_path / "root")
    yield c
    c.close()
