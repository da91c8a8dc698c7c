"""Issue 36, item 3 at the club: a session's drills travel in its bundle (format 3; a session without drills keeps
format 1 and its bytes), the club's document carries each player's figures over each drill exactly as the kiosk's
own export, the session page lists the drills, and the team's "across the season" page gives the drill week by week
as `sideline drills --team --drill --json` does on the kiosk. A format 1 bundle with drills is refused. The real
`sideline` and `sideline-club` on a throwaway PostgreSQL."""
import copy
import json
import re

import bundles
from kiosk_cli import KioskCLI
from webclub import ADMIN, PASSWORD, http, login_http


def test_drills_go_up_with_their_session_and_the_club_shows_them(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    a = KioskCLI(sideline_bin, tmp_path / "pitch-1.sqlite", "pitch-1")
    a.record(players=3, minutes=1)  # no drills: format 1, as before
    for day, seed in (("2026-03-03T18:00", 2), ("2026-03-05T18:00", 3), ("2026-03-12T18:00", 4)):
        a.run("record", "--source", "sim:3", "--speed", "6000", "--team", "Demo", "--minutes", "4", "--seed", str(seed), "--quiet",
              "--recovery", "60", "--started-at", day, "--drill", "Warm-up@0-60", "--drill", "SSG 4v4@90")
    a.join(club, "Alpha")
    assert "4 sessions uploaded" in a.sync().stdout
    formats = {u: f for u, f in (line.split("|") for line in club.owner_sql("SELECT uuid, format FROM session ORDER BY started_ms").splitlines())}
    uuids = [u for (u,) in a.sql("SELECT uuid FROM session ORDER BY id")]
    assert [formats[u] for u in uuids] == ["1", "3", "3", "3"]
    token = club.api_token("Alpha")
    doc = club.request("GET", f"/api/v1/sessions/{uuids[1]}", token).json()
    assert [(p["kind"], p["name"], p["fromSeconds"], p["toSeconds"]) for p in doc["phases"]] == [
        ("drill", "Warm-up", 0, 60), ("drill", "SSG 4v4", 90, 240)], "the open SSG ends with the effort, not the recovery minute"
    local = a.export_json(2, tmp_path / "export")
    assert [p["phases"] for p in local["players"]] == [p["phases"] for p in doc["players"]], "the club's figures are the kiosk's"

    password = tmp_path / "password"
    password.write_text(PASSWORD + "\n")
    club.run("add-user", "--club", "Alpha", ADMIN, "--role", "admin", "--password-file", str(password))
    cookie = login_http(club, ADMIN)
    page = http(club, "GET", f"/sessions/{uuids[1]}", cookie=cookie).body.decode()
    assert "<h2>Drills</h2>" in page and page.count('<table class="drill"') == 2
    kiosk_listing = json.loads(a.run("drills", "--session", "2", "--json").stdout)["drills"]
    for d in kiosk_listing:
        team_row = re.search(rf'data-drill="{re.escape(d["name"])}".*?<tr class="team">(.*?)</tr>', page, re.S).group(1)
        assert f'<td class="num">{round(d["team"]["meanBPM"])}</td>' in team_row, (d["name"], team_row)
    team_uuid = doc.get("teamUUID") or a.sql("SELECT uuid FROM team")[0][0]
    season = http(club, "GET", f"/teams/{team_uuid}/drills?name=ssg%204V4", cookie=cookie).body.decode()
    kiosk_season = json.loads(a.run("drills", "--team", "Demo", "--drill", "SSG 4v4", "--json").stdout)["weeks"]
    weeks = re.findall(r'<tr class="team" data-week="([0-9-]+)"><td>[0-9-]+</td><td class="num">(\d+)</td>', season)
    assert weeks == [(w["week"], str(len(w["sessions"]))) for w in kiosk_season] and len(weeks) == 2, (weeks, kiosk_season)
    assert "SSG 4v4 across the season" in season


def test_a_format_1_bundle_with_drills_or_a_drill_beyond_the_session_is_refused(club):
    club.add_club("Alpha")
    kiosk = club.kiosk("Alpha", "pitch-1")
    old = bundles.make(seed=3, players=2, minutes=2)
    bad = copy.deepcopy(old)
    bad["drills"] = [{"name": "SSG 4v4", "startMs": 0}]
    r = kiosk.upload(bundles.canonical(bad))
    assert r.status == 422 and "carries no drills" in r.body.decode(), (r.status, r.body[:300])
    bad["format"] = 3
    bad["drills"] = [{"name": "SSG 4v4", "startMs": 3 * 3_600_000}]
    r = kiosk.upload(bundles.canonical(bad))
    assert r.status == 422 and "beyond the session" in r.body.decode(), (r.status, r.body[:300])
    bad["drills"] = [{"name": "x" * 10_000, "startMs": 0}]
    r = kiosk.upload(bundles.canonical(bad))
    assert r.status == 422 and "drill's name" in r.body.decode(), (r.status, r.body[:300])
    assert club.owner_sql("SELECT count(*) FROM session") == "0"
