"""The administrator's commands: last lines scripts can take, one-line refusals with exit status 2."""

from conftest import APP


def test_add_kiosk_prints_a_one_time_code_valid_a_day(club):
    club.add_club("Alpha")
    out = club.run("add-kiosk", "--club", "Alpha", "pitch-1").stdout.strip().splitlines()
    assert "valid" in out[0] or "until" in out[0]
    code = out[-1]
    assert len(code.replace("-", "")) == 52
    first = club.request("POST", "/api/v1/enrol", body={"code": code})
    assert first.status == 201
    e = first.json()
    assert e["clubName"] == "Alpha" and e["kioskName"] == "pitch-1" and e["token"].startswith("kiosk_")
    # The code is spent; typed again, in capitals with spaces, it opens nothing.
    assert club.request("POST", "/api/v1/enrol", body={"code": code}).status == 401
    assert club.request("POST", "/api/v1/enrol", body={"code": code.upper().replace("-", " ")}).status == 401
    assert club.request("GET", "/api/v1/kiosk/status", e["token"]).json()["kioskName"] == "pitch-1"
    # Enrolling the kiosk again (a new board) ends the old token.
    new = club.kiosk("Alpha", "pitch-1")
    assert club.request("GET", "/api/v1/kiosk/status", e["token"]).status == 401
    assert new.request("GET", "/api/v1/kiosk/status").status == 200
    # The code expires after 24 h.
    club.owner_sql("SELECT 1")  # the owner can read; expiry is stored with the code
    code = club.enrolment_code("Alpha", "pitch-2")
    expires = club.owner_sql("SELECT extract(epoch FROM enrolment_expires_at - now())::int FROM kiosk WHERE name = 'pitch-2'")
    assert 86_300 <= int(expires) <= 86_400
    club.pg.psql("UPDATE kiosk SET enrolment_expires_at = now() - interval '1 second' WHERE name = 'pitch-2'", db=club.db)
    assert club.request("POST", "/api/v1/enrol", body={"code": code}).status == 401


def test_codes_and_tokens_are_stored_hashed(club):
    club.add_club("Alpha")
    code = club.enrolment_code("Alpha", "pitch-1")
    token = club.api_token("Alpha")
    dump = club.owner_sql("SELECT encode(enrolment_code_hash, 'hex') FROM kiosk") + club.owner_sql("SELECT encode(token_hash, 'hex') FROM api_token")
    assert code.replace("-", "") not in dump and token not in dump
    assert len(club.owner_sql("SELECT encode(token_hash, 'hex') FROM api_token")) == 64


def test_add_user_hashes_the_password_and_knows_the_teams(club, tmp_path):
    club.add_club("Alpha")
    password = tmp_path / "password"
    password.write_text("correct horse battery\n")
    club.run("add-user", "--club", "Alpha", "ada@example.org", "--role", "admin", "--password-file", str(password))
    stored = club.owner_sql("SELECT password_hash FROM club_user WHERE email = 'ada@example.org'")
    assert stored.startswith("scrypt$15$8$1$") and "correct" not in stored
    refused = club.run("add-user", "--club", "Alpha", "coach@example.org", "--role", "coach", "--team", "U17",
                       "--password-file", str(password), check=False)
    assert refused.returncode == 2 and "no team 'U17'" in refused.stderr
    kiosk = club.kiosk("Alpha", "pitch-1")
    team = "a8d0c7a4-5f0e-4d7e-9c7e-6a1f3f7e2b11"
    assert kiosk.edits({"entity": "team", "key": team, "field": "name", "value": "U17",
                        "stamp": {"wallMs": 1_700_000_000_000, "counter": 0, "origin": kiosk.origin}}).status == 200
    club.run("add-user", "--club", "Alpha", "coach@example.org", "--role", "coach", "--team", "u17", "--password-file", str(password))
    assert club.owner_sql("SELECT role, team_uuid FROM club_user WHERE email = 'coach@example.org'") == f"coach|{team}"
    twice = club.run("add-user", "--club", "Alpha", "COACH@example.org", "--role", "admin", "--password-file", str(password), check=False)
    assert twice.returncode == 2 and "exists already" in twice.stderr


def test_mistakes_are_one_line_and_exit_2(club, tmp_path):
    club.add_club("Alpha")
    short = tmp_path / "short"
    short.write_text("hunter2\n")
    cases = [
        (["add-club", "Alpha"], "exists already"),
        (["add-kiosk", "--club", "Nobody", "pitch-1"], "no club named 'Nobody'"),
        (["add-token", "--club", "Nobody"], "no club named"),
        (["add-user", "--club", "Alpha", "not-an-address", "--role", "admin", "--password-file", str(short)], "not an e-mail"),
        (["add-user", "--club", "Alpha", "a@b.org", "--role", "admin", "--password-file", str(short)], "at least 10"),
        (["add-user", "--club", "Alpha", "a@b.org", "--role", "king", "--password-file", str(short)], "admin or coach"),
        (["add-user", "--club", "Alpha", "a@b.org", "--role", "coach", "--password-file", str(short)], "needs --team"),
        (["add-user", "--club", "Alpha", "a@b.org", "--role", "admin", "--password-file", "/nonexistent"], "cannot read"),
        (["migrate"], "--app-role"),
    ]
    for args, message in cases:
        r = club.run(*args, check=False)
        assert r.returncode == 2, (args, r)
        assert len(r.stderr.strip().splitlines()) == 1 and message in r.stderr, (args, r.stderr)
    import subprocess
    for url, message in [("mysql://x@y/z", "is not postgres://"),
                         (f"postgres://{APP}@127.0.0.1:1/{club.db}", "cannot reach PostgreSQL")]:
        r = subprocess.run([club.bin, "add-club", "X", "--database-url", url], capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and message in r.stderr, r.stderr
    r = subprocess.run([club.bin, "add-club", "X"], capture_output=True, text=True, timeout=60, env={"PATH": "/usr/bin"})
    assert r.returncode == 2 and "SIDELINE_CLUB_DATABASE_URL" in r.stderr


def test_serve_refuses_a_role_row_security_would_not_hold(club):
    import subprocess
    for url, message in [(club.owner_url, "owns"), (club.pg.url("postgres", club.db), "superuser")]:
        r = subprocess.run([club.bin, "serve", "--listen", "127.0.0.1:0", "--database-url", url], capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and message in r.stderr, r.stderr
