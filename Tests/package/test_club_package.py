"""The club server's package (sideline-club), beside the kiosk's: its contents and conffile, a unit that
systemd accepts and rates well, and a clean chroot of each release (the kiosk tests' minimal root and
dependency repository, reused) in which it installs, serves a throwaway PostgreSQL as its own user,
upgrades with the admin's settings kept, is removed and purged. The checks both packages share
(NEEDED against Depends, each release's packages, lintian) are in test_package.py. Each chroot run
prints its time."""
import re
import time

import pytest

from conftest import Chroot, check_unit
from sideline_testkit.postgres import Postgres
from sideline_testkit.processes import WatchedProcess, run

UNIT = "sideline-club.service"
CONF = "/etc/sideline-club/sideline-club.conf"


def control(deb, field):
    return run("dpkg-deb", "-f", str(deb), field).stdout.strip()


def test_name_version_and_recommends(deb, club_deb):
    arch = run("dpkg", "--print-architecture").stdout.strip()
    assert club_deb.name == f"sideline-club_{control(deb, 'Version')}_{arch}.deb"
    assert control(club_deb, "Package") == "sideline-club" and control(club_deb, "Version") == control(deb, "Version")
    assert control(club_deb, "Recommends") == "postgresql"
    assert "postgresql" not in control(club_deb, "Depends"), "the database may be on another machine"


def test_contents_conffile_and_scripts(club_deb, tmp_path):
    listing = run("dpkg-deb", "--contents", str(club_deb)).stdout
    for path in ["./usr/bin/sideline-club", f"/systemd/system/{UNIT}", "./usr/lib/sysusers.d/sideline-club.conf", f".{CONF}",
                 "./usr/share/man/man1/sideline-club.1.gz", "./usr/share/doc/sideline-club/CLUB-OPERATIONS.md.gz",
                 "./usr/share/doc/sideline-club/club-api.yaml", "./usr/share/doc/sideline-club/copyright",
                 # The web's catalogs (decision 084); the kiosk's sideline.mo belongs to the kiosk's package alone.
                 *(f"./usr/share/locale/{lang}/LC_MESSAGES/sideline-club.mo" for lang in ("de", "fr", "es", "nl"))]:
        assert path in listing, f"{path} missing"
    assert "LC_MESSAGES/sideline.mo" not in listing, "the kiosk's catalogs are in the club server's package"
    run("dpkg-deb", "-e", str(club_deb), str(tmp_path / "DEBIAN"))
    assert (tmp_path / "DEBIAN/conffiles").read_text().split() == [CONF]
    for script in ["postinst", "postrm", "prerm"]:
        text = (tmp_path / "DEBIAN" / script).read_text()
        run("sh", "-n", str(tmp_path / "DEBIAN" / script))
        # No maintainer script touches a database: the set-up is the admin's (docs/CLUB-OPERATIONS.md).
        assert not re.search(r"psql|pg_|createdb|createuser|sideline-club (migrate|add-)", text), f"{script} touches the database"
    # Enabled at install, started only by the admin; restarted on upgrade only when it runs.
    postinst = (tmp_path / "DEBIAN/postinst").read_text()
    assert "deb-systemd-helper" in postinst and f"try-restart {UNIT}" in postinst
    assert not re.search(rf"deb-systemd-invoke \$_dh_action '?{UNIT}", postinst), "the first install must not start it"


@pytest.fixture
def club_chroot(chroot_base, repo, tmp_path):
    c = Chroot(chroot_base, repo, tmp_path / "root")
    yield c
    c.close()


@pytest.fixture
def postgres():
    pg = Postgres.create()
    pg.psql("CREATE ROLE sideline_club LOGIN")
    pg.psql("CREATE DATABASE sideline_club")
    yield pg
    pg.destroy()


def serve_in_chroot(chroot, url: str) -> WatchedProcess:
    """The installed binary as the service runs it, as its own user, on the host's throwaway PostgreSQL
    (a chroot shares the host's network); returns once it listens."""
    # chroot sets the user itself and execs the server (runuser would fork it, and a kill of runuser leave it running).
    uid, gid = chroot.sh("getent passwd sideline_club").stdout.split(":")[2:4]
    server = WatchedProcess(["chroot", f"--userspec={uid}:{gid}", str(chroot.path), "/usr/bin/sideline-club", "serve",
                             "--database-url", url, "--listen", "127.0.0.1:0"], env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin"})
    server.wait_for(lambda line: line.startswith("listening on http://127.0.0.1:"), "the installed server listening", timeout=30)
    return server


def test_install_serve_upgrade_remove_purge_in_a_clean_chroot(club_chroot, club_deb, club_upgrade_deb, release, postgres):
    started = time.monotonic()
    chroot = club_chroot
    chroot.install(club_deb)
    assert chroot.sh("dpkg-query -W -f='${Status}' sideline-club").stdout == "install ok installed"
    passwd = chroot.sh("getent passwd sideline_club").stdout.strip().split(":")
    assert passwd[6] == "/usr/sbin/nologin", passwd
    assert chroot.sh(f"readlink -f /etc/systemd/system/multi-user.target.wants/{UNIT}").stdout.strip().endswith(f"/systemd/system/{UNIT}")
    exposure, rating = check_unit(chroot, UNIT)
    # The settings file the unit reads is what a local database needs as shipped.
    settings = chroot.sh(f"cat {CONF}").stdout
    assert "SIDELINE_CLUB_DATABASE_URL=postgres://sideline_club@/sideline_club?host=/run/postgresql" in settings

    # It runs there: migrate as the owner, serve as its own user, a kiosk enrolled through it.
    owner_url, app_url = postgres.url("postgres", "sideline_club"), postgres.url("sideline_club", "sideline_club")
    chroot.sh(f"sideline-club migrate --app-role sideline_club --database-url {owner_url}")
    chroot.sh(f"sideline-club add-club 'Riverside FC' --database-url {owner_url}")
    code = chroot.sh(f"sideline-club add-kiosk --club 'Riverside FC' pitch-1 --database-url {owner_url}").stdout.strip().splitlines()[-1]
    with serve_in_chroot(chroot, app_url) as server:
        port = next(line for line in server.lines["out"] if line.startswith("listening on")).rsplit(":", 1)[1]
        enrolled = run("curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Content-Type: application/json",
                       "-d", f'{{"code": "{code}"}}', f"http://127.0.0.1:{port}/api/v1/enrol").stdout
        assert enrolled == "201", (enrolled, server.lines["err"][-20:])

    # Upgrade: the admin's settings are kept, the user stays.
    chroot.sh(f"sed -i 's/^SIDELINE_CLUB_LISTEN=.*/SIDELINE_CLUB_LISTEN=0.0.0.0:443/' {CONF}")
    chroot.install(club_upgrade_deb)
    assert chroot.sh("dpkg-query -W -f='${Version}' sideline-club").stdout == control(club_upgrade_deb, "Version")
    assert "SIDELINE_CLUB_LISTEN=0.0.0.0:443" in chroot.sh(f"cat {CONF}").stdout
    chroot.sh("getent passwd sideline_club")

    # Remove keeps the settings; purge deletes them and the enablement. The database is never the package's.
    chroot.sh("apt-get remove -y -q sideline-club")
    chroot.sh(f"test -f {CONF} && ! test -e /usr/bin/sideline-club")
    chroot.sh("apt-get purge -y -q sideline-club")
    assert chroot.sh("test -e /etc/sideline-club", check=False).returncode != 0
    assert chroot.sh(f"test -e /etc/systemd/system/multi-user.target.wants/{UNIT}", check=False).returncode != 0
    assert postgres.psql("SELECT count(*) FROM club", db="sideline_club").stdout.strip() == "1"
    print(f"\nsideline-club on {release}: unit exposure {exposure} {rating}; install, serve, upgrade, remove, purge in "
          f"{time.monotonic() - started:.1f} s")
