"""The schema: versioned migrations run twice change nothing; the server's role owns nothing, bypasses
nothing, and sees no row of any table unless its transaction names the club; clubs see only their own."""
import subprocess
import uuid

import bundles
from conftest import APP, OWNER


def test_migrate_twice_is_idempotent(club):
    again = club.run("migrate", "--app-role", APP)
    assert "nothing to do" in again.stdout
    assert club.pg.psql("SELECT version, name FROM sideline_migrations ORDER BY version", user=OWNER, db=club.db).stdout.split() == [
        "1|club-schema", "2|session-document-cache", "3|web", "4|session-quarantine", "5|revocation-and-sign-in",
        "6|upload-quota-and-sweep", "7|session-rpe", "8|player-erasure", "9|wellness", "10|access-log", "11|retention",
        "12|flag-dismissal", "13|fitness-test", "14|web-language", "15|held-session-hash",
        "16|held-session-deletion"]
    # Every table of the schema but the migrations' own has row-level security on and forced.
    tables = club.pg.psql("""SELECT relname, relrowsecurity AND relforcerowsecurity FROM pg_class
                             WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace ORDER BY relname""", db=club.db).stdout.split()
    assert "sideline_migrations|f" in tables
    assert [t for t in tables if t.endswith("|f")] == ["sideline_migrations|f"], tables
    assert len(tables) == 20  # flag_dismissal (migration 13) among them
    # The app role owns nothing and bypasses nothing.
    assert club.pg.psql(f"SELECT count(*) FROM pg_tables WHERE tableowner = '{APP}'", db=club.db).stdout.strip() == "0"
    assert club.pg.psql(f"SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = '{APP}'").stdout.strip() == "f|f"
    # It reads the migrations' versions (serve checks the schema) and may change none of them.
    newest = club.pg.psql("SELECT max(version) FROM sideline_migrations", user=OWNER, db=club.db).stdout.strip()
    assert club.app_sql("SELECT max(version) FROM sideline_migrations").stdout.strip() == newest
    denied = club.app_sql("DELETE FROM sideline_migrations", check=False)
    assert denied.returncode != 0 and "permission denied" in denied.stderr


def test_migrate_refuses_a_role_that_sees_past_row_security(club):
    r = club.run("migrate", "--app-role", "postgres", check=False)
    assert r.returncode == 2
    assert r.stdout == "" and len(r.stderr.strip().splitlines()) == 1 and "superuser or has BYPASSRLS" in r.stderr
    r = club.run("migrate", "--app-role", "nobody_here", check=False)
    assert r.returncode == 2 and "does not exist" in r.stderr


def test_a_query_without_the_club_returns_nothing(club):
    club.add_club("Alpha")
    kiosk = club.kiosk("Alpha", "pitch-1")
    assert kiosk.upload(bundles.canonical(bundles.make(seed=1))).status == 201
    kiosk.edits({"entity": "team", "key": "a8d0c7a4-5f0e-4d7e-9c7e-6a1f3f7e2b11", "field": "name", "value": "U17",
                 "stamp": {"wallMs": 1_700_000_000_000, "counter": 0, "origin": kiosk.origin}})
    assert club.request("GET", f"/api/v1/sessions/{bundles.make(seed=1)['session']['uuid']}", club.api_token("Alpha")).status == 200
    for table in ["club", "kiosk", "session", "session_participant", "session_document", "session_load", "roster_field", "api_token"]:
        # As the server's role, no club set: nothing, even where rows exist.
        assert club.app_sql(f"SELECT count(*) FROM {table}").stdout.strip() == "0", table
        # Setting the owner's lookup switch does nothing for the app role.
        assert club.app_sql(f"SET sideline.lookup = 'on'; SELECT count(*) FROM {table}").stdout.strip() == "0", table
        assert int(club.owner_sql(f"SELECT count(*) FROM {table}")) > 0, table
    alpha = club.owner_sql("SELECT id FROM club WHERE name = 'Alpha'")
    assert club.app_sql(f"SELECT set_config('sideline.club_id', '{alpha}', false); SELECT count(*) FROM session").stdout.split()[-1] == "1"
    # Writes are checked too: the app role cannot put a row into another club.
    other = "00000000-0000-4000-8000-000000000001"
    refused = club.app_sql(f"SELECT set_config('sideline.club_id', '{alpha}', false); "
                           f"INSERT INTO api_token(club_id, id, token_hash) VALUES ('{other}', gen_random_uuid(), 'x')", check=False)
    assert refused.returncode != 0 and ("row-level security" in refused.stderr or "permission denied" in refused.stderr)


def test_club_a_sees_nothing_of_club_b(club):
    club.add_club("Alpha")
    club.add_club("Beta")
    a, b = club.kiosk("Alpha", "pitch-1"), club.kiosk("Beta", "pitch-1")
    a_bundle, b_bundle = bundles.make(seed=1, team="Alpha U17"), bundles.make(seed=2, team="Beta U15")
    assert a.upload(bundles.canonical(a_bundle)).status == 201
    assert b.upload(bundles.canonical(b_bundle)).status == 201
    token_a, token_b = club.api_token("Alpha"), club.api_token("Beta")
    listed = club.request("GET", "/api/v1/sessions", token_a).json()
    assert [s["uuid"].lower() for s in listed] == [a_bundle["session"]["uuid"].lower()]
    assert [s["team"] for s in club.request("GET", "/api/v1/sessions", token_b).json()] == ["Beta U15"]
    b_uuid = b_bundle["session"]["uuid"].lower()
    assert club.request("GET", f"/api/v1/sessions/{b_uuid}", token_a).status == 404
    assert club.request("GET", f"/api/v1/sessions/{b_uuid}", token_b).status == 200
    # B's kiosk cannot delete A's session, nor see A's roster.
    a.edits({"entity": "team", "key": "a8d0c7a4-5f0e-4d7e-9c7e-6a1f3f7e2b11", "field": "name", "value": "Alpha U17",
             "stamp": {"wallMs": 1_700_000_000_000, "counter": 0, "origin": a.origin}})
    assert [c for c in b.changes()["changes"] if c["entity"] == "team"] == []
    b.request("DELETE", f"/api/v1/kiosk/sessions/{a_bundle['session']['uuid'].lower()}")
    assert len(club.request("GET", "/api/v1/sessions", token_a).json()) == 1
    # Tokens of the wrong kind are refused.
    assert club.request("GET", "/api/v1/sessions", a.token).status == 403
    assert club.request("GET", "/api/v1/kiosk/status", token_a).status == 403
    assert club.request("GET", "/api/v1/sessions", "api_nonsense").status == 401
    assert club.request("GET", "/api/v1/sessions").status == 401


def test_serve_refuses_a_schema_it_does_not_match(club, postgres, club_bin):
    """A server started before `migrate`, or one instance left behind when another was upgraded, says
    so in one line at start instead of failing at the first request that meets a missing column."""
    fresh = "club_" + uuid.uuid4().hex[:10]
    postgres.psql(f"CREATE DATABASE {fresh} OWNER {OWNER}")
    try:
        serve = [club_bin, "serve", "--listen", "127.0.0.1:0", "--database-url"]
        r = subprocess.run(serve + [postgres.url(APP, fresh)], capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and r.stdout == "", r
        assert len(r.stderr.strip().splitlines()) == 1 and "run `sideline-club migrate --app-role sideline_app`" in r.stderr, r.stderr
        # Migrated, then a newer server's migration recorded: this (older) server refuses too.
        club.run("migrate", "--app-role", APP, url=postgres.url(OWNER, fresh))
        postgres.psql("INSERT INTO sideline_migrations(version, name) VALUES (999, 'from-the-future')", user=OWNER, db=fresh)
        r = subprocess.run(serve + [postgres.url(APP, fresh)], capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and "newer than this server's" in r.stderr and "upgrade this one too" in r.stderr, r.stderr
    finally:
        postgres.psql(f"DROP DATABASE {fresh} WITH (FORCE)")


def test_version_is_the_kiosks(club_bin, sideline_bin):
    club_version = subprocess.run([club_bin, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    kiosk_version = subprocess.run([sideline_bin, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    assert club_version == kiosk_version and club_version.count(".") == 2, (club_version, kiosk_version)


def test_the_access_log_is_only_added_to_and_read_by_the_app_role(club):
    """The access log (decision 071): the server's role adds lines (not their time) and reads them; an UPDATE,
    a DELETE or a TRUNCATE of it is refused, and what was logged stays as it was."""
    club.add_club("Alpha")
    club.kiosk("Alpha", "pitch-1")  # add-kiosk logs a change by the command that ran it
    alpha = club.owner_sql("SELECT id FROM club WHERE name = 'Alpha'")
    scoped = f"SELECT set_config('sideline.club_id', '{alpha}', false); "
    added = club.app_sql(scoped + f"INSERT INTO access_log(club_id, kind, action, actor, address) "
                                  f"VALUES ('{alpha}', 'view', 'session page', 'someone@alpha.example', '192.0.2.1') RETURNING id")
    assert added.returncode == 0
    before = club.owner_sql("SELECT id, at, kind, action, actor, address FROM access_log ORDER BY id")
    assert "kiosk added: pitch-1" in before and "someone@alpha.example" in before
    assert club.app_sql(scoped + "SELECT count(*) FROM access_log").stdout.split()[-1] == "2"
    for sql in ("UPDATE access_log SET actor = 'nobody'", "UPDATE access_log SET at = now() - interval '1 year'",
                "DELETE FROM access_log", "DELETE FROM access_log WHERE kind = 'view'", "TRUNCATE access_log",
                # Its time is the database's: a line cannot be backdated.
                f"INSERT INTO access_log(club_id, at, kind, action, actor, address) VALUES ('{alpha}', '2020-01-01', 'view', 'x', 'y', 'z')"):
        refused = club.app_sql(scoped + sql, check=False)
        assert refused.returncode != 0 and "permission denied" in refused.stderr, (sql, refused.stderr)
    assert club.owner_sql("SELECT id, at, kind, action, actor, address FROM access_log ORDER BY id") == before


def test_a_kiosk_however_busy_adds_one_access_log_line_a_day_for_each_kind_of_work(club):
    """A hostile kiosk cannot grow the access log (decision 071): its pulls, edits, erasures and deletions are
    logged once a day each, whatever it sends."""
    club.add_club("Alpha")
    kiosk = club.kiosk("Alpha", "pitch-1")
    team = "a8d0c7a4-5f0e-4d7e-9c7e-6a1f3f7e2b11"
    for i in range(20):
        kiosk.changes()
        assert kiosk.edits({"entity": "team", "key": team, "field": "name", "value": f"U{i}",
                            "stamp": {"wallMs": 1_700_000_000_000 + i, "counter": 0, "origin": kiosk.origin}}).status == 200
        assert kiosk.request("POST", "/api/v1/kiosk/erasures", {"erasures": [
            {"playerDigest": f"{i:064x}", "erasedMs": 1_700_000_000_000, "by": "kiosk settings (PIN)"}]}).status == 204
        assert kiosk.request("DELETE", f"/api/v1/kiosk/sessions/{uuid.UUID(int=i + 1, version=4)}").status == 204
    lines = club.owner_sql("SELECT kind, action, actor FROM access_log WHERE kind = 'sync' ORDER BY id").splitlines()
    assert lines == ["sync|roster pulled|kiosk pitch-1", "sync|roster edited|kiosk pitch-1", "sync|players erased|kiosk pitch-1",
                     "sync|sessions deleted|kiosk pitch-1"], lines
