"""Fixtures for the Debian package tests (deploy/scripts/test.sh runs them after `make deb`):
the built .deb, and per Debian release it is proven on (trixie, bookworm) a local apt repository of
its dependency closure and a clean chroot to install it in."""
import os
import pathlib
import re
import shutil
import subprocess
import time

import pytest

from sideline_testkit.paths import PACKAGING, RELEASES, ROOT, cache_folder
from sideline_testkit.processes import run

CACHE = ROOT / ".build-deb"
CHROOTS = cache_folder() / "chroots"  # minimal roots, outside the checkout: a fresh clone reuses them
CHROOT_DAYS = 7  # a minimal root older than this is made again (the repository brings newer libraries anyway)
LONG_S = 900  # a package build, an apt download, a chroot unpacked
EXPOSURE_AT_MOST = 2.0  # systemd-analyze security's scale: 0 (locked down) to 10 (UNSAFE); "OK" below 4.5


@pytest.fixture(scope="session")
def deb() -> pathlib.Path:
    path = os.environ.get("SIDELINE_DEB")
    if not path or not pathlib.Path(path).is_file():
        pytest.fail("SIDELINE_DEB must name the package built by `make deb` (deploy/scripts/test.sh sets it)")
    return pathlib.Path(path).resolve()


def club_package(deb: pathlib.Path) -> pathlib.Path:
    """The club server's package that deb.sh built beside the kiosk's: same version, same folder."""
    path = deb.with_name(deb.name.replace("sideline_", "sideline-club_", 1))
    assert path.is_file(), f"{path.name} was not built beside {deb.name} (deploy/package/deb.sh builds both)"
    return path


@pytest.fixture(scope="session")
def club_deb(deb) -> pathlib.Path:
    return club_package(deb)


@pytest.fixture(scope="session")
def upgrade_deb(deb) -> pathlib.Path:
    """The same build packaged again under a higher version, to upgrade to (both packages: the kiosk's is returned)."""
    version = run("dpkg-deb", "-f", str(deb), "Version").stdout.strip() + "+upgrade1"
    out = run(str(PACKAGING / "deb.sh"), env={**os.environ, "DEB_VERSION": version}, cwd=ROOT, timeout=LONG_S).stdout.strip().splitlines()[-1]
    return (ROOT / out).resolve()


@pytest.fixture(scope="session")
def club_upgrade_deb(upgrade_deb) -> pathlib.Path:
    return club_package(upgrade_deb)


@pytest.fixture(scope="session", params=["sideline", "sideline-club"])
def package(request, deb, club_deb) -> tuple:
    """(name, .deb) of each package the checkout builds, for the checks both must pass."""
    return request.param, deb if request.param == "sideline" else club_deb


@pytest.fixture(scope="session", params=RELEASES)
def release(request) -> str:
    """Each Debian release the package is proven on."""
    return request.param


@pytest.fixture(scope="session")
def repo(deb, club_deb, release) -> pathlib.Path:
    """Every package the two .debs need in `release`, transitively, as one flat apt repository
    (deploy/package/deb-repo.sh; the club server's adds nothing the kiosk's closure lacks but the odd library)."""
    folder = CACHE / f"repo-{release}"
    for package in (deb, club_deb):
        run(str(PACKAGING / "deb-repo.sh"), "--release", release, str(package), str(folder), timeout=LONG_S)
    return folder


def mirror(release) -> str:
    """The mirror the release's private apt view uses (deploy/scripts/apt-release.sh)."""
    config = pathlib.Path(run(str(ROOT / "deploy/scripts/apt-release.sh"), release, timeout=LONG_S).stdout.strip())
    return next(line.split()[2] for line in (config.parent / "sources.list").read_text().splitlines() if line.startswith("deb "))


@pytest.fixture(scope="session")
def chroot_base(release) -> pathlib.Path:
    """A minimal root of `release` (debootstrap --variant=minbase), kept as a tarball in the cache."""
    tarball = CHROOTS / f"{release}-minbase.tar"
    if not tarball.exists() or time.time() - tarball.stat().st_mtime > CHROOT_DAYS * 86400:
        build = CHROOTS / f"{release}-build"
        shutil.rmtree(build, ignore_errors=True)
        CHROOTS.mkdir(parents=True, exist_ok=True)
        run("debootstrap", "--variant=minbase", release, str(build), mirror(release), timeout=1200)
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


def unit_path(chroot, unit) -> str:
    """Where the package put `unit` (bookworm's debhelper: /lib, trixie's may use /usr/lib)."""
    return next(p for p in (f"/lib/systemd/system/{unit}", f"/usr/lib/systemd/system/{unit}")
                if chroot.sh(f"test -f {p}", check=False).returncode == 0)


def check_unit(chroot, unit, rate=True):
    """systemd's own checks of an installed unit, with the chroot's release's systemd: `verify` without
    a complaint and, for a service (`rate`), `security`'s exposure at most EXPOSURE_AT_MOST; (exposure, rating)."""
    path = unit_path(chroot, unit)
    verified = chroot.sh(f"systemd-analyze verify --man=no {path}", check=False)
    complaints = [line for line in (verified.stdout + verified.stderr).splitlines() if unit in line or "sideline" in line]
    assert verified.returncode == 0 and not complaints, verified.stdout + verified.stderr
    if not rate:
        return None
    security = chroot.sh(f"systemd-analyze security --offline=yes --no-pager {path}", check=False)
    match = re.search(r"Overall exposure level for \S+: (\d+\.\d+) (\S+)", security.stdout + security.stderr)
    assert match, security.stdout[-2000:] + security.stderr[-2000:]
    exposure = float(match.group(1))
    assert exposure <= EXPOSURE_AT_MOST, f"{unit}: exposure {exposure} {match.group(2)}:\n" + \
        "\n".join(line for line in security.stdout.splitlines() if line.startswith("✗"))
    return exposure, match.group(2)
