"""The Debian package, checked from outside (its control data, contents and lintian) and by
installing it into a clean chroot of each release it is proven on (trixie, bookworm) whose only apt
source is a local repository of its dependency closure there: install (apt resolves Depends), run,
upgrade (backup + migration), remove (data kept), purge (data gone). The one package, built here
on bookworm's toolchain with the Swift runtime linked in, serves both."""
import os
import pathlib
import re
import shutil
import sqlite3
import subprocess

import pytest

from conftest import check_unit
from sideline_testkit.paths import ROOT, STATIC_BINARY
from sideline_testkit.glibc import glibc_release_needed, libc6_bound
from sideline_testkit.processes import run


def control(deb, field):
    return run("dpkg-deb", "-f", str(deb), field).stdout.strip()


def depends_names(deb):
    names = set()
    for alternative in control(deb, "Depends").split(","):
        for option in alternative.split("|"):
            names.add(option.strip().split(" ")[0].split(":")[0])
    return names


LOADER_TAG = {"amd64": "x86-64", "arm64": "AArch64"}  # ldconfig -p's word for each architecture


def test_name_version_and_arch(deb):
    version = run(str(STATIC_BINARY), "--version").stdout.strip()
    arch = run("dpkg", "--print-architecture").stdout.strip()
    assert deb.name == f"sideline_{version}_{arch}.deb"
    assert (control(deb, "Package"), control(deb, "Version"), control(deb, "Architecture")) == ("sideline", version, arch)


def library_owner(library):
    """(path, the package that owns it) of a library the loader's cache finds by its soname, on this
    machine's own architecture (not a multiarch neighbour's)."""
    cache = run("ldconfig", "-p").stdout
    tag = LOADER_TAG[run("dpkg", "--print-architecture").stdout.strip()]
    match = re.search(rf"^\s+{re.escape(library)} \(libc6,{tag}.*\) => (\S+)$", cache, re.M)
    assert match, f"{library} is not in the loader's cache"
    path = pathlib.Path(match.group(1))
    for candidate in [path, path.resolve(), pathlib.Path("/usr") / path.relative_to("/") if not str(path).startswith("/usr") else path]:
        found = subprocess.run(["dpkg", "-S", str(candidate)], capture_output=True, text=True)
        if found.returncode == 0:
            return path, found.stdout.split(":")[0].strip()
    raise AssertionError(f"no package owns {path}")


def test_every_library_the_binary_needs_comes_from_a_package_in_depends(package, tmp_path):
    """objdump's NEEDED list, each library found by the loader's cache and its package by dpkg -S —
    independent of dpkg-shlibdeps, which wrote Depends. Both packages' binaries."""
    name, deb = package
    run("dpkg-deb", "-x", str(deb), str(tmp_path))
    binary = tmp_path / "usr/bin" / name
    needed = re.findall(r"NEEDED\s+(\S+)", run("objdump", "-p", str(binary)).stdout)
    assert needed and not [n for n in needed if "swift" in n.lower() or "Foundation" in n], \
        f"the Swift runtime is linked in, not needed at run time: {needed}"
    depends = depends_names(deb)
    for library in needed:
        _, owner = library_owner(library)
        essential = run("dpkg-query", "-W", "-f=${Essential}", owner).stdout.strip() == "yes"
        assert owner in depends or owner == "libc6" or essential, f"{library} comes from {owner}, which Depends does not name: {sorted(depends)}"


def test_depends_asks_libc6_for_the_glibc_the_binary_needs(package, tmp_path):
    """Depends' libc6 bound is no lower than the newest glibc the binary asks for (readelf -V), GLIBC_ABI_DT_RELR's
    2.36 for the packed relocations included: dpkg-shlibdeps counts symbols only (it wrote libc6 (>= 2.34)), and a
    lower bound installs the package where the loader then refuses to start it. Both packages' binaries."""
    name, deb = package
    run("dpkg-deb", "-x", str(deb), str(tmp_path))
    needed = glibc_release_needed(tmp_path / "usr/bin" / name)
    assert libc6_bound(control(deb, "Depends")) >= needed, (needed, control(deb, "Depends"))


@pytest.mark.parametrize("header, macro", [("Sources/CCurl/include/CCurl.h", "SIDELINE_LIBCURL"),
                                           ("Sources/CSDLImage/include/CSDLImage.h", "SIDELINE_SDL_IMAGE")])
def test_libraries_the_kiosk_opens_when_first_needed_are_in_depends(deb, tmp_path, header, macro):
    """libcurl (when a sync first sends) and SDL_image (when a picture is first decoded) are opened with dlopen by
    their sonames (decisions 078, 109), so dpkg-shlibdeps never sees them: the binary names them nowhere in
    NEEDED, carries the soname, and its package is in Depends by hand."""
    soname = re.search(rf'#define {macro} "([^"]+)"', (ROOT / header).read_text()).group(1)
    run("dpkg-deb", "-x", str(deb), str(tmp_path))
    binary = tmp_path / "usr/bin/sideline"
    needed = re.findall(r"NEEDED\s+(\S+)", run("objdump", "-p", str(binary)).stdout)
    assert soname not in needed, needed
    assert soname.encode() in binary.read_bytes(), f"{soname} is not in the binary: CCurl.h is not what was built"
    _, owner = library_owner(soname)
    assert owner in depends_names(deb), f"{soname} comes from {owner}, which Depends does not name"


def test_contents_conffiles_and_units(deb, tmp_path):
    listing = run("dpkg-deb", "--contents", str(deb)).stdout
    for path in ["./usr/bin/sideline", "./lib/systemd/system/sideline.service", "./lib/systemd/system/sideline-backup.timer",
                 "./lib/systemd/system/sideline-retention.timer", "./lib/systemd/system/sideline-retention.service",
                 *(f"./lib/systemd/system/sideline-club-sync.{kind}" for kind in ("service", "timer", "path")),
                 "./usr/lib/sysusers.d/sideline.conf", "./usr/lib/tmpfiles.d/sideline.conf", "./lib/udev/rules.d/90-sideline.rules",
                 "./etc/sideline/sideline.conf", "./etc/sideline/bluetooth/main.conf",
                 "./lib/systemd/system/bluetooth.service.d/sideline-le.conf", "./usr/share/man/man1/sideline.1.gz",
                 *(f"./usr/share/locale/{lang}/LC_MESSAGES/sideline.mo" for lang in ("de", "fr", "es", "nl"))]:
        assert f" {path}\n" in listing + "\n" or listing.count(path) == 1, f"{path} missing"
    assert "sideline-club.mo" not in listing, "the club web's catalogs are in the kiosk's package"
    run("dpkg-deb", "-e", str(deb), str(tmp_path / "DEBIAN"))
    assert (tmp_path / "DEBIAN/conffiles").read_text().split() == ["/etc/sideline/bluetooth/main.conf", "/etc/sideline/sideline.conf"]
    for script in ["postinst", "postrm", "prerm", "preinst"]:
        run("sh", "-n", str(tmp_path / "DEBIAN" / script))


@pytest.mark.skipif(shutil.which("lintian") is None, reason="lintian not installed (deploy/scripts/setup.sh installs it)")
def test_lintian_is_clean(package):
    _, deb = package
    result = run("lintian", "--fail-on", "error,warning", str(deb), check=False, timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr


def release_apt(release):
    """The environment in which apt sees `release` (deploy/scripts/apt-release.sh)."""
    config = run(str(ROOT / "deploy/scripts/apt-release.sh"), release, timeout=900).stdout.strip()
    return {**os.environ, "APT_CONFIG": config}


def test_every_dependency_is_a_package_of_the_release(package, release):
    """Each name in Depends (each alternative) is a real package of the release, not only a name
    another package provides: trixie renamed libraries for 64-bit time (t64), keeping the old name
    as a Provides where the ABI did not change (amd64, arm64). A name kept alive only so would still
    install, but names what no longer exists."""
    _, deb = package
    env = release_apt(release)
    names = sorted(depends_names(deb) - {"${misc:Depends}"})
    shown = run("apt-cache", "show", "--no-all-versions", *names, env=env, check=False).stdout
    real = set(re.findall(r"^Package: (\S+)$", shown, re.M))
    # A group of alternatives names one release's package and the other's (libcurl4t64 | libcurl4):
    # at least one of each group must be a real package of this release.
    groups = [[option.strip().split(" ")[0].split(":")[0] for option in group.split("|")]
              for group in control(deb, "Depends").split(",")]
    virtual = [" | ".join(g) for g in groups if not any(name in real for name in g)]
    assert not virtual, f"in {release}, Depends names packages that exist only as what others provide: {virtual}"


def test_install_run_upgrade_remove_purge_in_a_clean_chroot(chroot, deb, upgrade_deb, release):
    # Install: apt resolves every dependency from the local repository alone.
    chroot.install(deb)
    assert chroot.sh("dpkg-query -W -f='${Status} ${Version}' sideline").stdout == f"install ok installed {control(deb, 'Version')}"
    passwd = chroot.sh("getent passwd sideline").stdout.strip().split(":")
    assert passwd[5] == "/var/lib/sideline" and passwd[6] == "/usr/sbin/nologin"
    groups = set(chroot.sh("id -nG sideline").stdout.split())
    assert {"video", "input", "render", "bluetooth"} <= groups, groups
    assert chroot.sh("stat -c '%a %U %G' /var/lib/sideline").stdout.strip() == "700 sideline sideline"
    # bookworm's helper links /lib/systemd/system/…, trixie's (merged /usr) may link /usr/lib/…: the same file.
    assert chroot.sh("readlink -f /etc/systemd/system/multi-user.target.wants/sideline.service").stdout.strip() \
        in ("/lib/systemd/system/sideline.service", "/usr/lib/systemd/system/sideline.service")
    assert chroot.sh("readlink /etc/systemd/system/timers.target.wants/sideline-backup.timer").stdout.strip()
    # The club sync, outside the kiosk's network-less sandbox: its timer and its path unit enabled,
    # the oneshot service only ever started by them; systemd's checks of all three.
    assert chroot.sh("readlink /etc/systemd/system/timers.target.wants/sideline-club-sync.timer").stdout.strip()
    assert chroot.sh("readlink /etc/systemd/system/paths.target.wants/sideline-club-sync.path").stdout.strip()
    exposure, rating = check_unit(chroot, "sideline-club-sync.service")
    check_unit(chroot, "sideline-club-sync.timer", rate=False)
    check_unit(chroot, "sideline-club-sync.path", rate=False)
    print(f"\nsideline-club-sync.service on {release}: exposure {exposure} {rating}")

    # It runs there, as its user: a recording, a backup, and the kiosk drawing a frame (SDL, fonts).
    db = "/var/lib/sideline/sideline.sqlite"
    as_user = "runuser -u sideline -- /usr/bin/sideline"
    chroot.sh(f"{as_user} record --db {db} --source sim:3 --speed 600 --team U17 --minutes 1 --quiet")
    chroot.sh(f"echo 'wait 1s\\nscreenshot picker' > /tmp/s.kiosk && cd /var/lib/sideline && "
              f"SDL_VIDEODRIVER=offscreen {as_user} --headless --db {db} --script /tmp/s.kiosk --screenshots /var/lib/sideline/shots")
    assert chroot.sh("stat -c %s /var/lib/sideline/shots/picker.png").stdout.strip() != "0"

    # Upgrade from a database an older Sideline wrote (schema v1): backed up as it was, then migrated.
    old = chroot.path / "var/lib/sideline/old.sqlite"
    chroot.sh(f"{as_user} migrate --db /var/lib/sideline/old.sqlite --up-to v1")
    with sqlite3.connect(old) as con:
        con.execute("INSERT INTO team(name, colour, created_ms) VALUES ('Kept through the upgrade', '#224466', 1)")
    chroot.sh(f"mv /var/lib/sideline/old.sqlite {db} && rm -f {db}-wal {db}-shm && chown sideline:sideline {db}")
    upgraded = chroot.install(upgrade_deb)
    assert "backing up" in upgraded.stdout, upgraded.stdout
    assert chroot.sh("dpkg-query -W -f='${Version}' sideline").stdout == control(upgrade_deb, "Version")
    backups = sorted((chroot.path / "var/lib/sideline/backups").iterdir())
    assert len(backups) == 1
    with sqlite3.connect(backups[0]) as con:
        assert con.execute("SELECT COUNT(*) FROM grdb_migrations").fetchone() == (1,), "the backup is the database before migrating"
    with sqlite3.connect(chroot.path / db.lstrip("/")) as con:
        assert con.execute("SELECT COUNT(*) FROM grdb_migrations").fetchone()[0] >= 5
        assert con.execute("SELECT name FROM team").fetchall() == [("Kept through the upgrade",)]
    chroot.sh("test -f /etc/sideline/sideline.conf")

    # Remove keeps the data and the settings; purge deletes both.
    chroot.sh("apt-get remove -y -q sideline")
    chroot.sh(f"test -f {db} && test -d /var/lib/sideline/backups && test -f /etc/sideline/sideline.conf && ! test -e /usr/bin/sideline")
    chroot.sh("apt-get purge -y -q sideline")
    assert chroot.sh("test -e /var/lib/sideline", check=False).returncode != 0, "purge deletes the data"
    assert chroot.sh("test -e /etc/sideline", check=False).returncode != 0
    assert chroot.sh("test -e /etc/systemd/system/multi-user.target.wants/sideline.service", check=False).returncode != 0
