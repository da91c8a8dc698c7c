"""A hostile kiosk's input, field by field (issue 35, item 1), with a real enrolled kiosk's token on a real
PostgreSQL: bundles with a start near 2^63, physiology of 1e300 and 1e-300, 6 MB of combining marks in one
"character", a NUL in a name, and roster edits out of range are each refused with a 4xx and a one-line reason,
nothing of them is stored, the server stays up, and the good sessions' pages and files still render. Sessions
stored before the bounds (written here straight into the tables) are quarantined by `sideline-club check`."""
import hashlib
import html
import http.client as http_client
import json
import re
import urllib.parse

import pytest

import bundles
from kiosk_cli import KioskCLI
from webclub import ADMIN, PASSWORD, WebClub, csrf_of, http


@pytest.fixture
def web(club, tmp_path):
    return WebClub(club, tmp_path)


def admin_cookie(club) -> str:
    """The admin signed in as a browser does (the sign-in form's token, then the form), without a browser."""
    form = http(club, "GET", "/login")
    body = urllib.parse.urlencode({"csrf": csrf_of(form.body), "email": ADMIN, "password": PASSWORD}).encode()
    connection = http_client.HTTPConnection("127.0.0.1", club.port, timeout=60)
    try:
        connection.request("POST", "/login", body=body, headers={"Content-Type": "application/x-www-form-urlencoded",
                                                                  "Cookie": form.headers["set-cookie"].split(";")[0]})
        r = connection.getresponse()
        assert r.status == 303, r.status
        cookies = [v.split(";")[0].split("=", 1) for k, v in r.getheaders() if k.lower() == "set-cookie"]
    finally:
        connection.close()
    return next(value for name, value in cookies if name == "sideline_session" and value)


def assert_serving(web, cookie):
    """The server is up, and every good session's page, summary CSV and the season still render."""
    club = web.club
    assert club.server.poll() is None, club.log.read_text()[-2000:]
    assert club.request("GET", "/api/v1/kiosk/status", web.kiosk.token).status == 200
    for bundle in web.sessions_a + [web.session_b]:
        uuid = web.session_uuid(bundle)
        page = http(club, "GET", f"/sessions/{uuid}", cookie=cookie)
        assert page.status == 200 and b"bpm" in page.body, page
        # Every file the page offers: the summary CSV and JSON, the raw CSVs, each player's TCX and FIT.
        files = sorted(set(re.findall(r'href="(/sessions/[0-9a-f-]+/files/[^"]+)"', page.body.decode())))
        assert any(f.endswith("_summary.csv") for f in files) and any(f.endswith(".fit") for f in files), files
        for path in files:
            r = http(club, "GET", html.unescape(path), cookie=cookie)
            assert r.status == 200 and len(r.body) > 0, (path, r)
    for path in (f"/teams/{web.team_a}/season", f"/teams/{web.team_a}/season.csv", "/sessions"):
        assert http(club, "GET", path, cookie=cookie).status == 200, path


def crafted(seed: int, change) -> dict:
    bundle = bundles.make(seed=seed, players=2, minutes=1)
    change(bundle)
    return bundle


ZALGO = "A" + "\u0301" * 3_000_000  # one "character", 6 MB of UTF-8


HOSTILE_BUNDLES = [
    ("a start near 2^63", lambda b: b["session"].update(startedMs=2**63 - 10_000, endedMs=2**63 - 1), "startedMs"),
    ("an end 2^62 after the start", lambda b: b["session"].update(endedMs=2**62), "endedMs"),
    ("a weight of 1e300 kg", lambda b: b["participants"][0]["physiology"].update(weightKg=1e300), "weight"),
    ("a resting heart rate of 1e-300", lambda b: b["participants"][1]["physiology"].update(restingHR=1e-300), "resting and max HR"),
    ("a heart rate of 4000", lambda b: b["participants"][0]["samples"]["bpm"].__setitem__(3, 4000), "heart rate"),
    ("an RR interval of 2^40", lambda b: b["participants"][0]["rr"]["rr1024"].__setitem__(0, 2**40), "RR interval"),
    ("a reading 2^40 ms in", lambda b: b["participants"][0]["samples"]["tMsDeltas"].__setitem__(5, 2**40 - 1), "sample times"),
    ("6 MB of combining marks in the team's name", lambda b: b["session"].update(teamName=ZALGO), "bytes"),
    ("6 MB of combining marks in a player's name", lambda b: b["participants"][0].update(lastName=ZALGO), "bytes"),
    ("a NUL in the team's name", lambda b: b["session"].update(teamName="U17\u0000Girls"), "U+0000"),
    ("a NUL in a lap's label", lambda b: b["laps"][0].update(label="half\u0000"), "U+0000"),
]


def test_hostile_bundles_are_refused_with_422_and_the_good_sessions_still_render(web):
    club, kiosk = web.club, web.kiosk
    cookie = admin_cookie(club)
    assert_serving(web, cookie)
    stored = club.owner_sql("SELECT count(*) FROM session")
    for i, (what, change, reason) in enumerate(HOSTILE_BUNDLES):
        bundle = crafted(100 + i, change)
        r = kiosk.upload(bundles.canonical(bundle), chunk=1024 * 1024)
        assert r.status == 422, (what, r)
        message = r.json()["error"]
        assert reason in message and "\n" not in message and len(message) < 400, (what, message)
        assert club.owner_sql("SELECT count(*) FROM session") == stored, what
        assert club.owner_sql("SELECT count(*) FROM upload") == "0", f"{what}: the refused upload is discarded"
    assert_serving(web, cookie)
    assert "panic" not in club.log.read_text().lower() and "fatal error" not in club.log.read_text().lower()


def test_roster_edits_out_of_range_are_refused_whole_with_400(web):
    club, kiosk = web.club, web.kiosk
    cookie = admin_cookie(club)
    player = web.players_a[0]
    feed = kiosk.changes()
    good = web.edit("player", player, "firstName", "Mia", 1_770_000_000_000)
    hostile = [
        (web.edit("player", player, "weightKg", 1e300, 1_770_000_000_000), "20…250"),
        (web.edit("player", player, "weightKg", 1e-300, 1_770_000_000_000), "20…250"),
        (web.edit("player", player, "restingHR", 2**62, 1_770_000_000_000), "25…120"),
        (web.edit("player", player, "maxHR", -5, 1_770_000_000_000), "120…240"),
        # 1 MB of marks (the JSON's \u escapes make it 3 MB; 6 MB would pass the request's 16 MiB cap).
        (web.edit("player", player, "firstName", "M" + "\u0301" * 500_000, 1_770_000_000_000), "bytes"),
        (web.edit("player", player, "lastName", "Berg\u0000", 1_770_000_000_000), "U+0000"),
        (web.edit("team", web.team_a, "name", "U17\u0000", 1_770_000_000_000), "U+0000"),
        (web.edit("player", player, "firstName", "Mia", 2**63 - 1), "2000 to 2100"),
    ]
    for edit, reason in hostile:
        r = kiosk.edits(good, edit)  # one bad edit refuses the whole request: the good one is not applied either
        assert r.status == 400 and reason in r.json()["error"] and "\n" not in r.json()["error"], (edit["field"], r)
    assert kiosk.changes()["changes"] == feed["changes"], "nothing of a refused request reached the feed"
    assert_serving(web, cookie)


def test_check_quarantines_sessions_stored_before_the_bounds_and_keeps_their_data(web):
    """Sessions a server before the bounds stored (written here as its owner): `check` lists them, the server
    stops serving them (pages, files, the read API, the season), their rows stay, and they come back once fixed."""
    club = web.club
    cookie = admin_cookie(club)
    token = club.api_token("Alpha")
    far, heavy = web.session_uuid(web.sessions_a[1]), web.session_uuid(web.session_b)
    owner = "sideline_owner"
    alpha = club.owner_sql("SELECT id FROM club WHERE name = 'Alpha'")

    def as_owner(sql):
        club.pg.psql(f"SET sideline.club_id = '{alpha}'; {sql}", user=owner, db=club.db)

    as_owner(f"UPDATE session SET started_ms = {2**63 - 10_000}, ended_ms = NULL WHERE uuid = '{far}'")
    as_owner(f"UPDATE session_participant SET weight_kg = 1e300 WHERE session_uuid = '{heavy}' AND ordinal = 0")
    first = club.run("check").stdout.splitlines()
    assert first[-1] == "3 sessions checked: 2 quarantined (2 now), 0 served again", first
    assert any(line.startswith("quarantined: club 'Alpha' session " + far) and "startedMs" in line for line in first), first
    assert any(line.startswith("quarantined: club 'Alpha' session " + heavy) and "weight" in line for line in first), first
    # Not served: the read API's list and documents, the pages, the files; the season without them.
    listed = [s["uuid"].lower() for s in club.request("GET", "/api/v1/sessions", token).json()]
    assert listed == [web.session_uuid(web.sessions_a[0])]
    for uuid in (far, heavy):
        assert club.request("GET", f"/api/v1/sessions/{uuid}", token).status == 404
        assert http(club, "GET", f"/sessions/{uuid}", cookie=cookie).status == 404
        assert http(club, "GET", f"/sessions/{uuid}/files/x_summary.json", cookie=cookie).status == 404
    sessions_page = http(club, "GET", "/sessions", cookie=cookie)
    assert sessions_page.status == 200 and far.encode() not in sessions_page.body and heavy.encode() not in sessions_page.body
    for path in (f"/teams/{web.team_a}/season", f"/teams/{web.team_a}/season.csv", f"/teams/{web.team_b}/season"):
        assert http(club, "GET", path, cookie=cookie).status == 200, path
    assert club.server.poll() is None
    # Kept: every row, with the reason.
    assert club.owner_sql("SELECT count(*) FROM session") == "3" and club.owner_sql("SELECT count(*) FROM session_participant") == "11"
    assert club.owner_sql(f"SELECT quarantine_reason IS NOT NULL FROM session WHERE uuid = '{heavy}'") == "t"
    # Offered again (a kiosk restored from a backup): answered as stored, not sent whole and refused on every pass;
    # other content under its id is refused for good (the kiosk drops it), and nothing is stored twice.
    again = web.kiosk.upload(bundles.canonical(web.session_b))
    assert again.status == 200 and again.json()["sha256"] == hashlib.sha256(bundles.canonical(web.session_b)).hexdigest(), again
    other = json.loads(bundles.canonical(web.session_b))
    other["session"]["tags"] = ["match"] if other["session"].get("tags") != ["match"] else ["training"]
    refused = web.kiosk.upload(bundles.canonical(other))
    assert refused.status == 409 and "stored with other content" in refused.json()["error"], refused
    assert club.owner_sql("SELECT count(*) FROM session") == "3" and club.owner_sql("SELECT count(*) FROM upload") == "0"
    # A second check says they were quarantined before; fixed by hand, the next check serves the session again.
    again = club.run("check").stdout.splitlines()
    assert again[-1] == "3 sessions checked: 2 quarantined (0 now), 0 served again", again
    as_owner(f"UPDATE session_participant SET weight_kg = 61.5 WHERE session_uuid = '{heavy}' AND ordinal = 0")
    fixed = club.run("check").stdout.splitlines()
    assert f"served again: session {heavy} passes today's rules" in fixed and fixed[-1].endswith("1 served again"), fixed
    assert club.request("GET", f"/api/v1/sessions/{heavy}", token).status == 200
    assert http(club, "GET", f"/sessions/{heavy}", cookie=cookie).status == 200


def test_check_quarantines_a_stored_word_for_sex_the_bundle_has_no_case_for(club):
    """A participant's physiology is `TeamCore.Physiology` on the wire: a sex (or max HR source) stored before the
    bounds that it has no case for makes the stored rows no bundle; `check` quarantines the session rather than guess."""
    club.add_club("Alpha")
    bundle = bundles.make(seed=11, players=2, minutes=2)
    assert club.kiosk("Alpha", "pitch-1").upload(bundles.canonical(bundle)).status == 201
    uuid = bundle["session"]["uuid"].lower()
    alpha = club.owner_sql("SELECT id FROM club WHERE name = 'Alpha'")
    club.pg.psql(f"SET sideline.club_id = '{alpha}'; UPDATE session_participant SET sex = 'X' WHERE session_uuid = '{uuid}' AND ordinal = 1",
                 user="sideline_owner", db=club.db)
    lines = club.run("check").stdout.splitlines()
    assert lines[-1] == "1 session checked: 1 quarantined (1 now), 0 served again", lines
    assert any(line.startswith("quarantined: club 'Alpha' session " + uuid) and "sex 'X' is not M or F" in line for line in lines), lines
    assert club.request("GET", f"/api/v1/sessions/{uuid}", club.api_token("Alpha")).status == 404


def test_a_session_outside_the_bounds_is_reported_once_and_not_sent_again(club, sideline_bin, tmp_path):
    """The kiosk holds a bundle to the club's bounds before sending it: one it cannot upload leaves the outbox
    with its reason, the pass says so once, `club status` lists it, and later passes send nothing of it."""
    club.add_club("Alpha")
    kiosk = KioskCLI(sideline_bin, tmp_path / "pitch-1.sqlite", "pitch-1")
    kiosk.record(players=2, minutes=0.5, seed=3)
    kiosk.record(players=2, minutes=0.5, seed=4)
    (bad_id, bad_uuid), (good_id, good_uuid) = kiosk.sql("SELECT id, uuid FROM session ORDER BY id")
    # A strap's reading no heart can make (a value from a faulty strap, or a database edited by hand).
    # (Store v33: the session's first minute row's first reading, bytes 3-4 its bpm, little-endian: 300 = x'2C01'.)
    kiosk.write("UPDATE sample_minute SET readings = CAST(substr(readings, 1, 2) || x'2C01' || substr(readings, 5) AS BLOB) "
                "WHERE session_id = ?1 AND (player_id, minute) = "
                "(SELECT player_id, minute FROM sample_minute WHERE session_id = ?1 ORDER BY player_id, minute LIMIT 1)", bad_id)
    kiosk.join(club, "Alpha")
    first = kiosk.sync()
    refused = [line for line in first.stdout.splitlines() if "not uploaded" in line]
    assert len(refused) == 1 and bad_uuid.lower() in refused[0] and "heart rate" in refused[0], first.stdout
    assert "up to date: 1 session uploaded" in first.stdout, first.stdout
    status = kiosk.club("status").stdout.splitlines()
    assert status[0].startswith("nothing waiting · 1 session refused by the club · last sync "), status
    assert len(status) == 2 and bad_uuid.lower() in status[1] and "heart rate is outside 0…255" in status[1], status
    as_json = json.loads(kiosk.club("status", "--json").stdout)
    assert [r["uuid"].lower() for r in as_json["sessionsRefused"]] == [bad_uuid.lower()] and as_json["sessionsWaiting"] == 0
    # Later passes: nothing more is sent or said of it; the session stays on the kiosk.
    for _ in range(2):
        again = kiosk.sync()
        assert "not uploaded" not in again.stdout and "up to date: 0 sessions uploaded" in again.stdout, again.stdout
    assert club.owner_sql("SELECT count(*) FROM upload") == "0"
    assert club.owner_sql("SELECT lower(uuid::text) FROM session") == good_uuid.lower()
    assert kiosk.sql("SELECT count(*) FROM session") == [(2,)]
    assert kiosk.sql("SELECT count(*) FROM sample WHERE session_id = ?", bad_id)[0][0] > 0
