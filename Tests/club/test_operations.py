"""docs/CLUB-OPERATIONS.md's procedures, as the admin types them, on a throwaway cluster: the one-time set-up
(the server's role created, a database the cluster's superuser owns, `migrate` run by that superuser,
`serve` as the server's role), a kiosk enrolled and its session uploaded, then the nightly backup
(`pg_dump -Fc`) restored into a new database that a server serves with the same session and hash."""
import hashlib
import subprocess
import uuid

import bundles
from conftest import Club

APP_ROLE = "sideline_club"  # the package's system user and its role (peer authentication on a real machine)


def as_superuser(club: Club):
    """The documented set-up: `sudo -u postgres sideline-club …` runs the owner's commands."""
    club.owner_url = club.pg.url("postgres", club.db)
    club.app_url = club.pg.url(APP_ROLE, club.db)
    return club


def test_the_documented_set_up_backup_and_restore(postgres, club_bin, tmp_path):
    postgres.psql(f"CREATE ROLE {APP_ROLE} LOGIN", check=False)  # createuser sideline_club
    db, restored_db = "sideline_club_" + uuid.uuid4().hex[:6], "sideline_club_restored_" + uuid.uuid4().hex[:6]
    postgres.psql(f"CREATE DATABASE {db}")  # createdb sideline_club: the superuser owns it
    club = as_superuser(Club(postgres, club_bin, db, tmp_path / "serve.log"))
    restored = None
    try:
        assert "schema at version" in club.run("migrate", "--app-role", APP_ROLE).stdout
        club.start()
        club.add_club("Riverside FC")
        kiosk = club.kiosk("Riverside FC", "pitch-1")
        data = bundles.canonical(bundle := bundles.make(seed=31, players=3, minutes=3))
        assert kiosk.upload(data).status == 201

        # Backup: pg_dump's custom format, as the cron line in the docs writes it.
        dump = tmp_path / "club.dump"
        subprocess.run(["runuser", "-u", "postgres", "--", "pg_dump", "-Fc", "-h", postgres.socket_dir, "-p", str(postgres.port), "-d", db],
                       stdout=open(dump, "wb"), check=True, timeout=120)
        # Restore into a new database; the roles are the cluster's and exist already.
        postgres.psql(f"CREATE DATABASE {restored_db}")
        restore = subprocess.run(["runuser", "-u", "postgres", "--", "pg_restore", "--exit-on-error", "-h", postgres.socket_dir,
                                  "-p", str(postgres.port), "-d", restored_db], stdin=open(dump, "rb"), capture_output=True, timeout=120)
        assert restore.returncode == 0, restore.stderr
        restored = as_superuser(Club(postgres, club_bin, restored_db, tmp_path / "serve-restored.log"))
        assert "nothing to do" in restored.run("migrate", "--app-role", APP_ROLE).stdout
        restored.start()
        token = restored.api_token("Riverside FC")
        listed = restored.request("GET", "/api/v1/sessions", token).json()
        assert [s["uuid"] for s in listed] == [bundle["session"]["uuid"]]
        sha = postgres.psql("SELECT sha256 FROM session", db=restored_db).stdout.strip()
        assert sha == hashlib.sha256(data).hexdigest()
        # The restored kiosk's token still works there: the same session is stored already.
        again = restored.request("POST", "/api/v1/kiosk/uploads", kiosk.token,
                                 {"sessionUUID": bundle["session"]["uuid"], "sha256": sha, "length": 1})
        assert again.status == 200 and again.json()["created"] is False
    finally:
        club.stop()
        if restored:
            restored.stop()
        for name in (db, restored_db):
            postgres.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
