"""Taking access away (issue 35, item 3) with the real `sideline-club` and `sideline` on a real PostgreSQL: a revoked
kiosk, a revoked API token and a disabled user are refused with 401 on their very next request on every route —
API and web session alike — while everything they uploaded stays; the listings show the state and since when; a
disabled user is enabled again, a revoked kiosk comes back only by enrolling anew; `sideline club leave` revokes
the kiosk's own token when the server answers and still leaves when it does not. The same on the admin's web page."""
import subprocess
import uuid

import pytest

import bundles
from kiosk_cli import KioskCLI
from sideline_testkit.paths import ROOT
from sideline_testkit.postgres import free_port
from webclub import ADMIN, COACH_A, PASSWORD, WebClub, csrf_of, http, login_http

# Every kiosk route (method, path, body): each must answer 401 to a revoked token.
KIOSK_ROUTES = [
    ("GET", "/api/v1/kiosk/status", None),
    ("POST", "/api/v1/kiosk/uploads", {"sessionUUID": str(uuid.uuid4()), "sha256": "0" * 64, "length": 10}),
    ("HEAD", f"/api/v1/kiosk/uploads/{uuid.uuid4()}", None),
    ("GET", f"/api/v1/kiosk/uploads/{uuid.uuid4()}", None),
    ("PATCH", f"/api/v1/kiosk/uploads/{uuid.uuid4()}", b"x"),
    ("POST", f"/api/v1/kiosk/uploads/{uuid.uuid4()}/commit", None),
    ("DELETE", f"/api/v1/kiosk/sessions/{uuid.uuid4()}", None),
    ("GET", "/api/v1/kiosk/roster/changes?since=0", None),
    ("POST", "/api/v1/kiosk/roster/edits", {"edits": []}),
    ("POST", "/api/v1/kiosk/leave", None),
]


def lines(club, *args) -> list:
    return club.run(*args, "--club", "Alpha").stdout.strip().splitlines()


def test_a_revoked_kiosk_is_refused_everywhere_at_once_and_its_sessions_stay(club):
    club.add_club("Alpha")
    kiosk = club.kiosk("Alpha", "pitch-1")
    other = club.kiosk("Alpha", "pitch-2")
    bundle = bundles.make(seed=3, players=2, minutes=1)
    assert kiosk.upload(bundles.canonical(bundle)).status == 201
    reader = club.api_token("Alpha")
    assert kiosk.request("GET", "/api/v1/kiosk/status").status == 200

    out = club.run("revoke-kiosk", "--club", "Alpha", "pitch-1").stdout
    assert "kiosk 'pitch-1' of club 'Alpha' revoked" in out and "sessions stay" in out
    for method, path, body in KIOSK_ROUTES:
        r = kiosk.request(method, path, body)
        assert r.status == 401, (method, path, r)
    # The other kiosk and the read API go on; the session the revoked kiosk uploaded is still served.
    assert other.request("GET", "/api/v1/kiosk/status").status == 200
    sessions = club.request("GET", "/api/v1/sessions", reader).json()
    assert [s["uuid"].lower() for s in sessions] == [bundle["session"]["uuid"].lower()]
    assert club.owner_sql("SELECT count(*) FROM session_participant") == "2"
    # The listing says so, and since when; revoking again changes nothing and says so.
    row = next(line for line in lines(club, "list-kiosks") if line.startswith("pitch-1\t"))
    assert "\trevoked 20" in row and "\t1 session\t" in row, row  # one session, said as one (a plural message since decision 087)
    assert "revoked already" in club.run("revoke-kiosk", "--club", "Alpha", "pitch-1").stdout
    refused = club.run("revoke-kiosk", "--club", "Alpha", "pitch-9", check=False)
    assert refused.returncode == 2 and "no kiosk named 'pitch-9'" in refused.stderr
    # It comes back only by enrolling again with a new code; the old token stays dead.
    again = club.kiosk("Alpha", "pitch-1")
    assert again.request("GET", "/api/v1/kiosk/status").json()["sessionsStored"] == 1
    assert kiosk.request("GET", "/api/v1/kiosk/status").status == 401
    row = next(line for line in lines(club, "list-kiosks") if line.startswith("pitch-1\t"))
    assert "\tenrolled 20" in row and "revoked" not in row, row


def test_a_revoked_api_token_is_refused_at_once_and_listed(club):
    club.add_club("Alpha")
    added = club.run("add-token", "--club", "Alpha").stdout.strip().splitlines()
    first, token_id = added[-1], added[0].split()[3]
    second = club.api_token("Alpha")
    assert uuid.UUID(token_id) and club.request("GET", "/api/v1/sessions", first).status == 200
    listed = lines(club, "list-tokens")[0]
    assert listed.startswith(f"{token_id}\tadded 20") and listed.endswith("\tactive"), listed
    assert f"API token {token_id} of club 'Alpha' revoked" in club.run("revoke-token", "--club", "Alpha", token_id).stdout
    for path in ("/api/v1/sessions", f"/api/v1/sessions/{uuid.uuid4()}"):
        assert club.request("GET", path, first).status == 401
    assert club.request("GET", "/api/v1/sessions", second).status == 200
    # By the token itself, as a leaked one is found in a script.
    assert "revoked" in club.run("revoke-token", "--club", "Alpha", second).stdout
    assert club.request("GET", "/api/v1/sessions", second).status == 401
    states = [line.split("\t")[2] for line in lines(club, "list-tokens")]
    assert len(states) == 2 and all(s.startswith("revoked 20") for s in states), states
    # The rows stay (the listing shows them); nothing else in the club is touched.
    assert club.owner_sql("SELECT count(*) FROM api_token WHERE revoked_at IS NOT NULL") == "2"


def test_a_disabled_user_is_refused_at_once_and_enabled_again(club, tmp_path):
    web = WebClub(club, tmp_path)
    cookie = login_http(club, COACH_A)
    assert http(club, "GET", "/sessions", cookie=cookie).status == 200
    settings_form = http(club, "GET", f"/teams/{web.team_a}/players/new", cookie=cookie)
    csrf = csrf_of(settings_form.body)

    assert "disabled" in club.run("disable-user", "--club", "Alpha", COACH_A.upper()).stdout
    for method, path in (("GET", "/sessions"), ("GET", f"/teams/{web.team_a}"), ("GET", "/kiosks"), ("POST", "/logout"),
                         ("POST", f"/teams/{web.team_a}/players")):
        r = http(club, method, path, cookie=cookie, form={"csrf": csrf} if method == "POST" else None)
        assert r.status == 401 and b"disabled" in r.body, (method, path, r)
    # The right password no longer signs in (said only to one who knows it); a wrong one is just wrong.
    assert sign_in_status(club, COACH_A, PASSWORD) == (401, True)
    assert sign_in_status(club, COACH_A, "not the password") == (401, False)
    row = next(line for line in lines(club, "list-users") if line.startswith(COACH_A))
    assert f"\tcoach of U17 Girls\tdisabled 20" in row, row
    # The server's role may set the mark and nothing else of a user (its grant is for that column only).
    for sql in ("UPDATE club_user SET role = 'admin'", "UPDATE club_user SET password_hash = 'x'", "UPDATE api_token SET token_hash = 'x'"):
        denied = club.app_sql(sql, check=False)
        assert denied.returncode != 0 and "permission denied" in denied.stderr, sql
    # Enabled again: the old session stays ended, a new sign-in works.
    assert "enabled" in club.run("enable-user", "--club", "Alpha", COACH_A).stdout
    assert http(club, "GET", "/sessions", cookie=cookie).status == 303
    assert http(club, "GET", "/sessions", cookie=login_http(club, COACH_A)).status == 200
    assert next(line for line in lines(club, "list-users") if line.startswith(COACH_A)).endswith("\tactive")


def sign_in_status(club, email, password) -> tuple:
    """The sign-in's status and whether its page says the account is disabled."""
    form = http(club, "GET", "/login")
    import urllib.parse
    r = club.request("POST", "/login", body=urllib.parse.urlencode({"csrf": csrf_of(form.body), "email": email, "password": password}).encode(),
                     headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": form.headers["set-cookie"].split(";")[0]})
    return r.status, b"disabled" in r.body


def test_the_admin_revokes_and_disables_on_the_web_page(club, tmp_path):
    web = WebClub(club, tmp_path)
    token = club.api_token("Alpha")
    token_id = lines(club, "list-tokens")[0].split("\t")[0]
    coach = login_http(club, COACH_A)
    admin = login_http(club, ADMIN)

    page = http(club, "GET", "/kiosks", cookie=admin)
    assert page.status == 200 and b'action="/tokens/' + token_id.encode() + b'/revoke"' in page.body
    csrf = csrf_of(page.body)
    kiosk_id = club.owner_sql("SELECT id FROM kiosk WHERE name = 'pitch-1'")
    # A coach sees the kiosks but no button, and cannot revoke by crafted POST either.
    assert b"/revoke" not in http(club, "GET", "/kiosks", cookie=coach).body
    coach_csrf = csrf_of(http(club, "GET", "/kiosks", cookie=coach).body)
    assert http(club, "POST", f"/kiosks/{kiosk_id}/revoke", cookie=coach, form={"csrf": coach_csrf}).status == 404
    assert http(club, "GET", "/users", cookie=coach).status == 404

    assert http(club, "POST", f"/kiosks/{kiosk_id}/revoke", cookie=admin, form={"csrf": csrf}).status == 303
    assert web.kiosk.request("GET", "/api/v1/kiosk/status").status == 401
    assert http(club, "POST", f"/tokens/{token_id}/revoke", cookie=admin, form={"csrf": csrf}).status == 303
    assert club.request("GET", "/api/v1/sessions", token).status == 401
    page = http(club, "GET", "/kiosks", cookie=admin).body.decode()
    assert 'data-kiosk="pitch-1"' in page and "revoked 20" in page

    users = http(club, "GET", "/users", cookie=admin)
    assert users.status == 200 and COACH_A.encode() in users.body
    coach_id = club.owner_sql(f"SELECT id FROM club_user WHERE email = '{COACH_A}'")
    admin_id = club.owner_sql(f"SELECT id FROM club_user WHERE email = '{ADMIN}'")
    assert http(club, "POST", f"/users/{coach_id}/disable", cookie=admin, form={"csrf": csrf}).status == 303
    assert http(club, "GET", "/sessions", cookie=coach).status == 401
    assert b"disabled 20" in http(club, "GET", "/users", cookie=admin).body
    # The admin cannot shut themselves out; enabling the coach lets them sign in again.
    assert http(club, "POST", f"/users/{admin_id}/disable", cookie=admin, form={"csrf": csrf}).status == 400
    assert http(club, "POST", f"/users/{coach_id}/enable", cookie=admin, form={"csrf": csrf}).status == 303
    assert http(club, "GET", "/sessions", cookie=login_http(club, COACH_A)).status == 200
    # Without the session's token, nothing is revoked.
    assert http(club, "POST", f"/users/{coach_id}/disable", cookie=admin, form={"csrf": "wrong"}).status == 403
    log = club.log.read_text()
    assert f"'{ADMIN}' revoked kiosk 'pitch-1'" in log and f"'{ADMIN}' disabled user '{COACH_A}'" in log


def test_leaving_revokes_the_kiosks_token_when_the_server_answers(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    a = KioskCLI(sideline_bin, tmp_path / "pitch-1.sqlite", "pitch-1")
    a.record(players=2, minutes=0.5)
    a.join(club, "Alpha")
    a.sync()
    import json
    token = json.loads(open(a.db + ".club").read())["token"]
    assert club.request("GET", "/api/v1/kiosk/status", token).status == 200
    out = a.club("leave").stdout
    assert out.strip().splitlines() == ["left the club Alpha (http://127.0.0.1:%d): its token is revoked there; everything recorded stays here" % club.port]
    assert club.request("GET", "/api/v1/kiosk/status", token).status == 401
    assert club.owner_sql("SELECT count(*) FROM session") == "1"
    assert "\trevoked 20" in next(line for line in lines(club, "list-kiosks") if line.startswith("pitch-1\t"))
    assert a.sql("SELECT count(*) FROM session") == [(1,)]


def test_a_revoked_kiosks_pass_says_what_to_do_in_its_language(club, sideline_bin, tmp_path):
    """A kiosk the admin revoked: its next pass says the club no longer knows it and how to come back, not the
    API's English refusal — in the kiosk's language too."""
    club.add_club("Alpha")
    k = KioskCLI(sideline_bin, tmp_path / "pitch-3.sqlite", "pitch-3")
    k.join(club, "Alpha")
    k.sync()
    club.run("revoke-kiosk", "--club", "Alpha", "pitch-3")
    refused = k.sync(check=False)
    assert refused.returncode != 0
    assert "no longer knows this kiosk (revoked by the club's admin): ask them for a new code and join again" in refused.stderr, refused.stderr
    assert "401" not in refused.stderr, refused.stderr
    locale = tmp_path / "locale"
    subprocess.run([str(ROOT / "deploy/scripts/i18n/compile.sh"), str(locale)], check=True)
    k.write("INSERT OR REPLACE INTO setting (key, value) VALUES ('kiosk.language', 'de')")
    german = KioskCLI(sideline_bin, k.db, "pitch-3", env={"SIDELINE_LOCALEDIR": str(locale)}).sync(check=False)
    assert "kennt diesen Kiosk nicht mehr" in german.stderr, german.stderr


def test_leaving_with_no_server_still_leaves_and_says_so_in_one_line(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    b = KioskCLI(sideline_bin, tmp_path / "pitch-2.sqlite", "pitch-2")
    b.join(club, "Alpha")
    token = __import__("json").loads(open(b.db + ".club").read())["token"]
    club.stop()
    # Nothing listens on the kiosk's server address any more: the local half still happens.
    result = b.club("leave")
    out = result.stdout.strip().splitlines()
    assert len(out) == 1 and out[0].startswith("left the club Alpha here only: 127.0.0.1 unreachable") and "revoke-kiosk" in out[0], out
    import os
    assert not os.path.exists(b.db + ".club")
    # The token still works on the server until the admin revokes the kiosk: the line says so, and it does.
    club.start()
    assert club.request("GET", "/api/v1/kiosk/status", token).status == 200
    club.run("revoke-kiosk", "--club", "Alpha", "pitch-2")
    assert club.request("GET", "/api/v1/kiosk/status", token).status == 401


def test_the_appliances_timer_asks_a_revoked_kiosks_club_again_after_an_hour_not_every_five_minutes(club, sideline_bin, tmp_path):
    """The board's sync service runs `sideline club sync --if-joined --when-due` every 5 minutes: after the club
    refused the kiosk's token, the timer's next starts pass quietly without a request to the club (here: the club is
    stopped, so a request would end in "unreachable"); Sync now or a saved session (the request file the kiosk
    writes), a join, or a pass typed by hand go through at once; an hour on, the timer asks again."""
    import json
    import os
    club.add_club("Alpha")
    k = KioskCLI(sideline_bin, tmp_path / "pitch-4.sqlite", "pitch-4")
    k.join(club, "Alpha")
    timed = ("--if-joined", "--when-due")
    pace_file = k.db + ".club-sync-pace"

    def minutes_on(minutes: int):
        """The timer's next start, `minutes` later: the kept wait that much nearer its end."""
        pace = json.loads(open(pace_file).read())
        with open(pace_file, "w") as f:
            json.dump({**pace, "dueMs": pace["dueMs"] - minutes * 60_000}, f)

    assert k.sync(*timed).returncode == 0
    club.run("revoke-kiosk", "--club", "Alpha", "pitch-4")
    minutes_on(5)
    refused = k.sync(*timed, check=False)
    assert refused.returncode == 2 and "no longer knows this kiosk" in refused.stderr, refused.stderr
    pace = json.loads(open(pace_file).read())
    assert pace["dueMs"] - pace["startedMs"] == 3_600_000, pace
    port = club.port
    club.stop()
    for _ in range(3):
        minutes_on(5)
        quiet = k.sync(*timed, check=False)
        assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, "", ""), quiet
    # By hand, the pass runs (and meets the stopped club).
    by_hand = k.sync(check=False)
    assert by_hand.returncode == 2 and "unreachable" in by_hand.stderr, by_hand.stderr
    # Unreachable now: the back-off's first wait is shorter than the timer's, so its next start runs.
    minutes_on(5)
    again = k.sync(*timed, check=False)
    assert again.returncode == 2 and "unreachable" in again.stderr, again.stderr
    club.start(port=port)
    minutes_on(5)
    refused = k.sync(*timed, check=False)
    assert refused.returncode == 2 and "no longer knows this kiosk" in refused.stderr, refused.stderr
    minutes_on(5)
    assert k.sync(*timed, check=False).returncode == 0
    # The kiosk asks (Sync now, a saved session): asked after the last pass began, so answered at once.
    with open(k.db + ".club-sync-request", "w") as request:
        request.write("now\n")
    asked = k.sync(*timed, check=False)
    assert asked.returncode == 2 and "no longer knows this kiosk" in asked.stderr, asked.stderr
    minutes_on(5)
    assert k.sync(*timed, check=False).returncode == 0
    # An hour on: asked again.
    minutes_on(55)
    later = k.sync(*timed, check=False)
    assert later.returncode == 2 and "no longer knows this kiosk" in later.stderr, later.stderr
    # Joined again with a new code: the old token's hour says nothing about the new one.
    os.unlink(k.db + ".club")
    k.join(club, "Alpha")
    assert not os.path.exists(pace_file)
    assert k.sync(*timed).returncode == 0
