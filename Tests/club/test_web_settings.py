"""The club's shared settings on the web (issue 24): the load status thresholds and the season's start, beside
the zone model and HRmax formula, edited by an admin on /settings and synced both ways through the roster's change
feed with the real `sideline` — a web edit reaches a kiosk (`sideline settings` shows it and `sideline season`'s
words move with it, as do the web's), a kiosk's edit shows on the page, a bad value is a 400 with a plain sentence
that writes nothing, a coach finds no such page, and a form without the session's token is refused."""
import csv
import datetime as dt
import io
import json

from kiosk_cli import KioskCLI
from sideline_testkit import season_oracle as oracle
from webclub import ADMIN, COACH_A, PASSWORD, csrf_of, http, login_http

TEAM = "Load"
START = dt.date(2026, 2, 2)
DAY = (START + dt.timedelta(days=30)).isoformat()
POLAR = {"zoneModel": "percentOfMax", "maxHRFormula": "tanaka", "maintainingFrom": "0.8", "productiveFrom": "1.0",
         "overreachingAbove": "1.5", "seasonStartMonth": "8", "seasonStartDay": "1"}


def season(kiosk) -> dict:
    """{name: (strain, tolerance, status)} of `sideline season --json` on DAY."""
    players = json.loads(kiosk.run("season", "--team", TEAM, "--on", DAY, "--json").stdout)["players"]
    return {p["name"]: (p["strain"], p["tolerance"], p["loadStatus"]) for p in players}


def test_the_clubs_settings_sync_both_ways_and_move_the_season(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    kiosk = KioskCLI(sideline_bin, tmp_path / "pitch-1.sqlite", "pitch-1")
    for k, offset in enumerate([0, 3, 7, 10, 14, 17, 21, 24, 28, 29, 30]):
        kiosk.run("record", "--source", "sim:3", "--seed", str(k + 1), "--speed", "6000", "--team", TEAM, "--minutes", str(5 + (k * 3) % 7),
                  "--started-at", f"{START + dt.timedelta(days=offset)}T18:30", "--quiet")
    kiosk.join(club, "Alpha")
    kiosk.sync()
    before = season(kiosk)
    assert all(status != "building baseline" for _, _, status in before.values())
    (tmp_path / "password").write_text(PASSWORD)
    club.run("add-user", "--club", "Alpha", ADMIN, "--role", "admin", "--password-file", str(tmp_path / "password"))
    club.run("add-user", "--club", "Alpha", COACH_A, "--role", "coach", "--team", TEAM, "--password-file", str(tmp_path / "password"))
    admin, coach = login_http(club, ADMIN), login_http(club, COACH_A)
    probe = club.kiosk("Alpha", "probe")

    def settings_feed():
        return [(c["field"], c["value"], c["stamp"]["origin"]) for c in probe.changes()["changes"] if c["entity"] == "settings"]

    # A coach finds no such page, by link or by a crafted request; an admin's bar links it.
    assert b'href="/settings"' not in http(club, "GET", "/teams", cookie=coach).body
    assert b'href="/settings"' in http(club, "GET", "/teams", cookie=admin).body
    assert http(club, "GET", "/settings", cookie=coach).status == 404
    coach_token = csrf_of(http(club, "GET", "/teams", cookie=coach).body)
    assert http(club, "POST", "/settings", cookie=coach, form=dict(POLAR, csrf=coach_token, maintainingFrom="0.1")).status == 404
    page = http(club, "GET", "/settings", cookie=admin)
    assert page.status == 200 and b'name="maintainingFrom" value="0.8"' in page.body and b'<option value="8" selected>August' in page.body
    token = csrf_of(page.body)
    # Bad values: a 400 with a sentence, the form as typed, nothing written; no token: 403.
    feed = settings_feed()
    for bad, sentence in [({"maintainingFrom": "1.2"}, "do not fall"), ({"productiveFrom": "abc"}, "do not fall"),
                          ({"overreachingAbove": "-1"}, "positive"), ({"seasonStartMonth": "2", "seasonStartDay": "29"}, "February 29"),
                          ({"seasonStartMonth": "13"}, "Season start"), ({"zoneModel": "<b>zones</b>"}, "Zone model")]:
        r = http(club, "POST", "/settings", cookie=admin, form=dict(POLAR, csrf=token, **bad))
        assert r.status == 400 and sentence.encode() in r.body and b"<b>zones</b>" not in r.body, (bad, r)
        assert settings_feed() == feed, bad
    assert http(club, "POST", "/settings", cookie=admin, form=dict(POLAR, csrf="forged", maintainingFrom="0.5")).status == 403
    assert settings_feed() == feed

    # Thresholds around the first player's ratio, so that their word must change.
    name, (strain, tolerance, status) = sorted(before.items())[0]
    ratio = strain / tolerance
    scale = (0.5, 0.6, 0.7) if status == "detraining" else (1.1, 1.2, 1.3)
    ratios = [round(ratio * f, 3) for f in scale]
    r = http(club, "POST", "/settings", cookie=admin, form=dict(POLAR, csrf=token, maintainingFrom=str(ratios[0]), productiveFrom=str(ratios[1]),
                                                                  overreachingAbove=str(ratios[2]), seasonStartMonth="7", seasonStartDay="15",
                                                                  requireConsent="on"))
    assert r.status == 303 and r.headers["location"] == "/settings?saved=1", r
    written = {field: value for field, value, origin in settings_feed() if origin.startswith("web:")}
    assert written == {"loadStatusRatios": ",".join(str(x) for x in ratios), "seasonStart": "07-15", "requireConsent": "1"}, \
        "only the fields that changed"
    assert b"Saved" in http(club, "GET", "/settings?saved=1", cookie=admin).body

    # The kiosk pulls them: its settings say so, and its season's words follow the new thresholds.
    kiosk.sync()
    shown = kiosk.run("settings").stdout
    assert f"maintaining from {ratios[0]}, productive from {ratios[1]}, overreaching above {ratios[2]}\n" in shown, shown
    assert "season start\t07-15 (month-day)\n" in shown, shown
    assert "consent\trequired before a player's sessions sync" in shown, shown
    after = season(kiosk)
    expected = {n: oracle.status(s, t, 31, tuple(ratios)) for n, (s, t, _) in before.items()}
    assert {n: st for n, (_, _, st) in after.items()} == expected
    assert after[name][2] != status, "the first player's word moved with the thresholds"
    # The web's season table uses the club's thresholds too.
    team = kiosk.sql("SELECT uuid FROM team WHERE name = ?", TEAM)[0][0]
    table = http(club, "GET", f"/teams/{team}/season.csv?on={DAY}", cookie=admin).body.decode("utf-8-sig")
    assert {row["name"]: row["loadStatus"] for row in csv.DictReader(io.StringIO(table))} == expected

    # A kiosk's edit reaches the page after its sync.
    kiosk.run("settings", "--load-status", "0.7,0.9,1.3", "--season-start", "09-01", "--require-consent", "off")
    kiosk.sync()
    page = http(club, "GET", "/settings", cookie=admin).body
    assert b'name="requireConsent">' in page and b"Consent is not required before sessions sync" in page
    for field, value in (("maintainingFrom", "0.7"), ("productiveFrom", "0.9"), ("overreachingAbove", "1.3"), ("seasonStartDay", "1")):
        assert f'name="{field}" value="{value}"'.encode() in page, field
    assert b'<option value="9" selected>September' in page
    final = {field: (value, origin.split(":")[0]) for field, value, origin in settings_feed()}
    assert final["loadStatusRatios"] == ("0.7,0.9,1.3", "kiosk") and final["seasonStart"] == ("09-01", "kiosk")


def test_retention_deletes_exactly_the_sessions_older_than_the_window_and_the_players_who_left(club, tmp_path):
    """Item 3 on the club (decision 072): "keep sessions for 12 months", applied as of a chosen day (never by waiting):
    a session that started a millisecond before the cutoff goes with a tombstone every kiosk pulls, one at the cutoff
    stays; players with no team, no session and no roster edit left in the window are erased (decision 068), a member, a
    player with a recent session or one edited lately is not; access-log lines older than the period expire, by the
    database's clock."""
    import hashlib
    import bundles
    club.add_club("Alpha")
    kiosk = club.kiosk("Alpha", "pitch-1")
    today = dt.datetime(2026, 6, 1, tzinfo=dt.timezone.utc)
    cutoff_ms = int(dt.datetime(2025, 6, 1, tzinfo=dt.timezone.utc).timestamp() * 1000)
    sessions = {}
    for name, seed, started in (("old", 1, cutoff_ms - 1), ("edge", 2, cutoff_ms), ("recent", 3, cutoff_ms + 300 * 86_400_000)):
        b = bundles.make(seed=seed, players=2, minutes=0.1)
        b["session"]["startedMs"], b["session"]["endedMs"] = started, started + 6_000
        sessions[name] = b
    players = lambda name: [p["playerUUID"].lower() for p in sessions[name]["participants"]]
    member, left_old = players("old")  # both only in the old session; the first still on a team
    left_recent = players("recent")[0]
    left_never = "9b2f4f4e-2c3a-4c41-9a55-0d1f5b7c0a11"  # on the roster, on no team, in no session
    left_lately = "9b2f4f4e-2c3a-4c41-9a55-0d1f5b7c0a12"  # the same, but edited within the window
    team = sessions["old"]["session"]["teamUUID"].lower()
    stamp = {"wallMs": 1_760_000_000_000, "counter": 0, "origin": kiosk.origin}  # 2025-10: in the window
    before = dict(stamp, wallMs=1_740_000_000_000)  # 2025-02: before it
    edits = [{"entity": "team", "key": team, "field": "name", "value": "U17", "stamp": stamp},
             {"entity": "membership", "key": f"{team}/{member}", "field": "shirtNumber", "value": 7, "stamp": before}]
    for p, when in ((member, before), (left_old, before), (left_recent, before), (left_never, before), (left_lately, stamp)):
        edits.append({"entity": "player", "key": p, "field": "firstName", "value": "P" + p[:4], "stamp": when})
    assert all(o["accepted"] for o in kiosk.edits(*edits).json()["outcomes"])
    for b in sessions.values():
        assert kiosk.upload(bundles.canonical(b)).status == 201
    club.owner_sql("SELECT set_config('sideline.club_id', id::text, false) FROM club; INSERT INTO access_log(club_id, at, kind, action, actor, address) SELECT id, now() - interval '13 months', 'view', "
                   "'session page', 'old@alpha.example', '192.0.2.1' FROM club; "
                   "INSERT INTO access_log(club_id, at, kind, action, actor, address) SELECT id, now() - interval '11 months', 'view', "
                   "'session page', 'newer@alpha.example', '192.0.2.1' FROM club")
    # Kept for good by default: nothing happens.
    assert "kept for good" in club.last_line("settings", "--club", "Alpha")
    assert "nothing deleted" in club.last_line("apply-retention", "--club", "Alpha", "--today", today.isoformat())
    assert club.run("settings", "--club", "Alpha", "--retention-months", "601", check=False).returncode == 2
    assert "kept for 12 months" in club.last_line("settings", "--club", "Alpha", "--retention-months", "12")
    # The admin's settings page shows the rule and refuses what is not one.
    (tmp_path / "password").write_text(PASSWORD)
    club.run("add-user", "--club", "Alpha", ADMIN, "--role", "admin", "--password-file", str(tmp_path / "password"))
    admin = login_http(club, ADMIN)
    page = http(club, "GET", "/settings", cookie=admin).body
    assert b'name="retentionMonths" value="12"' in page and b"Sessions are kept for 12 months" in page
    refused = http(club, "POST", "/settings", cookie=admin, form=dict(POLAR, csrf=csrf_of(page), retentionMonths="a year"))
    assert refused.status == 400 and b"Keep sessions for" in refused.body
    out = club.run("apply-retention", "--club", "Alpha", "--today", today.isoformat().replace("+00:00", "Z")).stdout.splitlines()
    old_uuid = sessions["old"]["session"]["uuid"].lower()
    assert out[:-1] == [f"deleted session {old_uuid}"]
    assert out[-1].endswith("1 sessions deleted, 2 players erased, 1 access-log lines expired"), out
    assert set(club.owner_sql("SELECT uuid FROM session").split()) == {sessions[n]["session"]["uuid"].lower() for n in ("edge", "recent")}
    feed = kiosk.changes()["changes"]
    assert [(c["key"], c["value"], c["stamp"]["origin"]) for c in feed if c["entity"] == "session"] == [(old_uuid, True, "club:retention")]
    assert {c["field"]: c["value"] for c in feed if c["entity"] == "settings"} == {"retentionMonths": "12"}
    digest = lambda p: hashlib.sha256(f"sideline player erasure 1:{p}".encode()).hexdigest()
    assert set(club.owner_sql("SELECT player_digest FROM player_erasure").split()) == {digest(left_old), digest(left_never)}
    assert set(club.owner_sql("SELECT DISTINCT key FROM roster_field WHERE entity = 'player'").split()) == {member, left_recent, left_lately}
    log = club.owner_sql("SELECT actor, action FROM access_log ORDER BY id")
    assert "old@alpha.example" not in log and "newer@alpha.example" in log
    assert "|retention (12 months): 1 sessions deleted, 2 players erased" in log and "|settings edited: retentionMonths" in log
    # Again on the same day: nothing more to do.
    assert club.last_line("apply-retention", "--club", "Alpha", "--today", "2026-06-01").endswith("0 sessions deleted, 0 players erased, 0 access-log lines expired")


def test_quarantined_sessions_go_when_a_kiosk_deletes_them_and_with_the_retention_period(club):
    """A session `check` quarantined is hidden from the server's role, which once meant its rows stayed for good: a
    kiosk's delete found nothing to delete, and retention never saw it. Now a delete takes it, and retention takes one
    that started before the cutoff or was quarantined before it (its start may be what is wrong); a recent one stays."""
    import bundles
    club.add_club("Alpha")
    kiosk = club.kiosk("Alpha", "pitch-1")
    today = dt.datetime(2026, 6, 1, tzinfo=dt.timezone.utc)
    cutoff_ms = int(dt.datetime(2025, 6, 1, tzinfo=dt.timezone.utc).timestamp() * 1000)
    sessions = {}
    for name, seed, started in (("deleted", 1, cutoff_ms + 100 * 86_400_000), ("old", 2, cutoff_ms - 1),
                                ("far", 3, cutoff_ms + 200 * 86_400_000), ("recent", 4, cutoff_ms + 300 * 86_400_000)):
        b = bundles.make(seed=seed, players=1, minutes=0.1)
        b["session"]["startedMs"], b["session"]["endedMs"] = started, started + 6_000
        assert kiosk.upload(bundles.canonical(b)).status == 201
        sessions[name] = b["session"]["uuid"].lower()
    alpha = club.owner_sql("SELECT id FROM club WHERE name = 'Alpha'")

    def as_owner(sql):
        club.pg.psql(f"SET sideline.club_id = '{alpha}'; {sql}", user="sideline_owner", db=club.db)

    as_owner("UPDATE session_participant SET weight_kg = 1e300")
    assert club.run("check").stdout.splitlines()[-1] == "4 sessions checked: 4 quarantined (4 now), 0 served again"
    # "far" has been held since before the window: its start is inside it, its quarantine is not.
    as_owner(f"UPDATE session SET quarantined_at = '2025-05-31T00:00:00Z' WHERE uuid = '{sessions['far']}'")
    held = lambda: set(club.owner_sql("SELECT uuid FROM session WHERE quarantine_reason IS NOT NULL").split())
    assert held() == set(sessions.values())
    # A kiosk's delete (the coach deleted it there): gone here too, its rows with it.
    assert kiosk.request("DELETE", f"/api/v1/kiosk/sessions/{sessions['deleted']}").status in (200, 204)
    assert held() == {sessions[n] for n in ("old", "far", "recent")}
    assert club.owner_sql(f"SELECT count(*) FROM session_participant WHERE session_uuid = '{sessions['deleted']}'") == "0"
    # The server's role (the daily job's) sees none of them; the owner's function names the two the period has passed.
    as_app = lambda sql: club.app_sql(f"SET sideline.club_id = '{alpha}'; {sql}").stdout.split()
    assert as_app("SELECT uuid FROM session") == []
    assert as_app(f"SELECT uuid FROM sideline_held_sessions_before({cutoff_ms})") == [sessions["old"], sessions["far"]]
    # Retention, as of the chosen day: the old and the long-held go, with tombstones; the recent stays.
    club.run("settings", "--club", "Alpha", "--retention-months", "12")
    out = club.run("apply-retention", "--club", "Alpha", "--today", today.isoformat()).stdout.splitlines()
    assert out[:-1] == [f"deleted session {sessions['old']}", f"deleted session {sessions['far']}"], out
    assert out[-1].endswith("2 sessions deleted, 0 players erased, 0 access-log lines expired"), out
    assert held() == {sessions["recent"]}
    feed = [(c["key"], c["stamp"]["origin"]) for c in kiosk.changes()["changes"] if c["entity"] == "session"]
    assert sorted(feed) == sorted([(sessions["deleted"], kiosk.origin), (sessions["old"], "club:retention"), (sessions["far"], "club:retention")]), feed
    assert club.last_line("apply-retention", "--club", "Alpha", "--today", today.isoformat()).endswith("0 sessions deleted, 0 players erased, 0 access-log lines expired")
