"""Issue 24 by touch, headless, on the real binary: the docs' flows deploy/scripts/kiosk/flows/season.kiosk
(Review → Season: 40 players, the list scrolls, sorted by a column, a player's history) and
readiness-check.kiosk (lobby → Readiness → a check that keeps still → the team's results on the coach's
screen and the wall, saved into the season; the wall in privacy). Their state dumps are checked against the
command line's season and readiness (one analysis: the same numbers), and their pixels: every word on its
colour, the wall's grid without words or colours in privacy."""
import json

import pytest

from sideline_testkit.kiosk import FLOWS, Kiosk, small_targets
from sideline_testkit.paths import ROOT
from sideline_testkit.pictures import near
from sideline_testkit.png import read_png

# The season words' colours (KioskUI Theme.seasonTone), by tone.
TONES = {"unknown": (0x4A, 0x52, 0x5E), "low": (0x1F, 0x62, 0xB8), "steady": (0x0E, 0x6B, 0x73),
         "good": (0x1C, 0x7A, 0x36), "caution": (0xB0, 0x4E, 0x08), "high": (0xC0, 0x1B, 0x1B)}
SURFACE_HIGH = (0x3A, 0x42, 0x4E)
GOOD = (0x1E, 0x8A, 0x3C)  # Theme.good: a tile whose player is done
SHARES = [("player", 11), ("today", 9), ("srpe", 9), ("strain", 9), ("tolerance", 10), ("status", 15), ("acwr", 9), ("readiness", 10),
          ("wellness", 9), ("last", 9)]


def column(row_rect, name, scale=1.0):
    """Where a column of a season row is drawn (SeasonScreen.seasonColumns over the row less its padding)."""
    x, y, w, h = row_rect
    pad = round(12 * scale)
    inner_x, inner_w = x + pad, w - 2 * pad
    for key, share in SHARES:
        width = inner_w * share // 100
        if key == name:
            return inner_x, y, width - 6, h
        inner_x += width
    raise KeyError(name)


def cli_json(kiosk, *args):
    import subprocess
    result = subprocess.run([kiosk.binary, *args, "--db", str(kiosk.db), "--json"], capture_output=True, text=True, timeout=300, check=True)
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def season(sideline_bin, tmp_path_factory):
    kiosk = Kiosk(sideline_bin, tmp_path_factory.mktemp("season"))
    kiosk.play_flow(FLOWS / "season.kiosk")
    return kiosk


def test_the_season_table_is_the_command_lines_for_forty_players(season):
    table = season.dump("season.json")["season"]
    assert season.dump("season.json")["screen"] == "season"
    assert table["day"]["label"] == "Sat 14 Mar" and len(table["lines"]) == 40
    cli = {p["playerID"]: p for p in cli_json(season, "season", "--team", "Demo", "--on", "2026-03-14")["players"]}
    for line in table["lines"]:
        want = cli[line["playerID"]]
        assert (line["name"], line["number"]) == (want["name"], want["number"])
        for key, other in (("loadToday", "loadToday"), ("strain", "strain"), ("tolerance", "tolerance"), ("acwr", "acwrEwma")):
            assert line[key] == want[other], (line["name"], key)
        assert line["status"]["text"] == want["loadStatus"], line["name"]
        assert line["readiness"]["text"] == (want["readiness"] or "–"), line["name"]
        assert (line["lastSession"] or {}).get("dayNumber") is not None or want["lastSession"] is None
    words = {line["status"]["text"] for line in table["lines"]}
    assert {"building baseline", "detraining", "productive", "overreaching"} <= words, words
    assert {line["readiness"]["text"] for line in table["lines"]} >= {"within", "building baseline"}
    assert table["shown"] == [line["playerID"] for line in sorted(table["lines"], key=lambda l: l["number"])]


def test_a_heading_sorts_and_each_word_is_drawn_on_its_colour(season):
    dump = season.dump("season-by-status.json")
    shown = dump["season"]["shown"]
    lines = {line["playerID"]: line for line in dump["season"]["lines"]}
    order = ["overreaching", "productive", "maintaining", "detraining", "building baseline"]
    ranks = [order.index(lines[pid]["status"]["text"]) for pid in shown]
    assert ranks == sorted(ranks), "the words that need attention first"
    _, _, pixels = read_png(season.shots / "season-sorted-by-status.png")
    clipped = {t[0] for t in dump["clippedTargets"]}
    names = [line["name"] for line in lines.values()]
    rows = {t[0]: t[1:] for t in dump["targets"]}
    checked = 0
    for pid in shown:
        line = lines[pid]
        if line["name"] not in rows or line["name"] in clipped or names.count(line["name"]) > 1:
            continue  # out of sight, partly, or a name two players share
        x, y, w, h = column(rows[line["name"]], "status")
        assert near(pixels[y + h // 2][x + 3], TONES[line["status"]["tone"]]), (line["name"], line["status"])
        if line["readiness"]["text"] != "–":
            rx, ry, rw, rh = column(rows[line["name"]], "readiness")
            assert near(pixels[ry + rh // 2][rx + 3], TONES[line["readiness"]["tone"]]), (line["name"], line["readiness"])
        checked += 1
    assert checked >= 3, "the rows on screen"
    by_number = season.dump("season-by-number.json")["season"]
    assert by_number["sort"] == "player" and not by_number["descending"]


def test_forty_players_scroll(season):
    _, _, before = read_png(season.shots / "season-table.png")
    _, _, after = read_png(season.shots / "season-table-scrolled.png")
    assert before[300] != after[300], "the rows moved"


def test_a_players_history_has_every_session_and_the_charts_figures(season):
    dump = season.dump("player-history.json")
    assert dump["screen"] == "season"
    history = dump["season"]["history"]
    assert history["line"]["name"] == "Ben Ivanova"
    assert len(history["days"]) == 42 and len(history["weeks"]) == 6
    days = {d["day"]: d for d in history["days"]}
    # Today's row is the last day of the chart and the table's.
    last = history["days"][-1]
    assert (last["strain"], last["tolerance"], last["load"]) == (history["line"]["strain"], history["line"]["tolerance"],
                                                                 history["line"]["loadToday"])
    assert all(d["strain"] >= 0 and d["tolerance"] >= 0 for d in days.values())
    sessions = history["sessions"]
    with_player = season.sql("SELECT COUNT(*) FROM session_player sp JOIN player p ON p.id = sp.player_id "
                             "WHERE p.first_name = 'Ben' AND p.last_name = 'Ivanova'")[0][0]
    assert len(sessions) == with_player, "every session of theirs"
    assert [s["day"]["dayNumber"] for s in sessions] == sorted((s["day"]["dayNumber"] for s in sessions), reverse=True)
    checks = [s for s in sessions if "readiness" in s["tags"]]
    assert checks and all(s["load"] is None and s["lnRMSSD"] is not None for s in checks)
    assert history["checkPosture"] == "lying" and len(history["checks"]) == len(checks)
    assert all(c["normalLow"] is None or c["normalLow"] < c["normalHigh"] for c in history["checks"])
    assert len(history["recoveries"]) >= 5
    assert sum(history["weeks"][-1]["zoneMs"]) > 0
    _, _, pixels = read_png(season.shots / "season-player-history.png")
    strain_line = sum(1 for row in pixels[130:300] for p in row[10:280] if near(p, (0xF2, 0xB7, 0x05), 40))
    assert strain_line > 50, "the Strain line is drawn"


@pytest.fixture(scope="module")
def readiness(sideline_bin, tmp_path_factory):
    kiosk = Kiosk(sideline_bin, tmp_path_factory.mktemp("readiness"))
    kiosk.play_flow(FLOWS / "readiness-check.kiosk", size="1920x1080")
    return kiosk


def test_a_readiness_check_by_touch(readiness):
    sheet = readiness.dump("readiness-sheet.json")
    assert sheet["lobby"]["readinessCheck"] == {"lengthMs": 120_000, "posture": "sitting"}
    running = readiness.dump("readiness-running.json")["live"]
    assert running["phase"] == "running" and running["readinessCheck"] == {"lengthMs": 120_000, "posture": "sitting"}
    assert running["remainingMs"] == 80_000 and running["readinessResults"] is None
    _, _, wall = read_png(readiness.shots / "readiness-keep-still-wall.png")
    assert near(wall[20][20], (0x3F, 0x3A, 0x8F)), "the wall's band says keep still"

    results = readiness.dump("readiness-results.json")
    live = results["live"]
    assert live["phase"] == "finished" and len(live["readinessResults"]) == 12
    session = live["sessionID"]
    assert readiness.sql("SELECT tags, planned_ms, effort_end_ms FROM session WHERE id = ?", session) == [("readiness,sitting", 120_000, 120_000)]
    listed = cli_json(readiness, "readiness", "--team", "Demo", "--last", "1")["checks"][0]
    assert listed["sessionID"] == session, "saved"
    by_id = {p["playerID"]: p for p in listed["players"]}
    for r in live["readinessResults"]:
        want = by_id[r["playerID"]]
        assert r["lnRMSSD"] == pytest.approx(want["lnRMSSD"], rel=1e-12) and r["status"]["text"] == want["status"], r["name"]
        for key in ("normalLow", "baseline"):
            assert r[key] == pytest.approx(want[key], rel=1e-12), (r["name"], key)
    assert {r["status"]["text"] for r in live["readinessResults"]} - {"building baseline"}, "four weeks sitting: a baseline"
    # Coach's screen and wall: each player's word on its colour.
    for picture, tiles in (("readiness-results.png", live["tiles"]), ("readiness-results-wall.png", live["wallTiles"])):
        _, _, pixels = read_png(readiness.shots / picture)
        tones = {r["playerID"]: r["status"]["tone"] for r in live["readinessResults"]}
        for tile in tiles:
            x, y, w, h = tile["rect"]
            assert near(pixels[y + h // 2][x + 6], TONES[tones[tile["playerID"]]]), (picture, tile["playerID"])

    saved = readiness.dump("readiness-saved.json")
    assert saved["screen"] == "season" and saved["notice"] == "Readiness check saved · Check-in for the morning questions"
    words = {line["playerID"]: line["readiness"]["text"] for line in saved["season"]["lines"]}
    assert words == {r["playerID"]: r["status"]["text"] for r in live["readinessResults"]}


def test_the_wall_keeps_a_check_private_when_told(readiness):
    private = readiness.dump("readiness-private.json")
    assert private["settings"]["wallPrivacy"] == "1"
    live = private["live"]
    assert live["phase"] == "finished" and len(live["readinessResults"]) == 12
    _, _, wall = read_png(readiness.shots / "readiness-results-private-wall.png")
    for tile in live["wallTiles"]:
        x, y, w, h = tile["rect"]
        assert near(wall[y + h // 2][x + 6], SURFACE_HIGH), "no colour that tells a result"
    # The coach's screen keeps the words.
    _, _, coach = read_png(readiness.shots / "readiness-results-private.png")
    tones = {r["playerID"]: r["status"]["tone"] for r in live["readinessResults"]}
    for tile in live["tiles"]:
        x, y, w, h = tile["rect"]
        assert near(coach[y + h // 2][x + 6], TONES[tones[tile["playerID"]]])
    assert readiness.sql("SELECT COUNT(*) FROM session WHERE tags = 'readiness,sitting'")[0][0] == 15, "the second check was discarded"


def test_the_morning_check_in_by_touch(readiness):
    """Issue 36, item 2, in the same flow: #13 checks in from the readiness sheet before the check, #19 and #24 from
    the season table after it — a tile, one of 1–5 on each of five rows, Save (7 taps a player). What the database keeps
    is what was tapped, for the kiosk's day; the sheet says who, never what; the season table and #13's history show
    the total, its z against the eight mornings before (the CLI's numbers) and the drop."""
    open_ = readiness.dump("checkin-open.json")
    assert open_["screen"] == "checkIn" and open_["checkIn"]["returnTo"] == "lobby" and len(open_["checkIn"]["lines"]) == 12
    assert small_targets(open_) == [] and small_targets(readiness.dump("checkin-questions.json")) == []
    assert readiness.dump("checkin-questions.json")["checkIn"]["draft"] == [2, 2, 2, 4, 3]
    assert readiness.dump("checkin-one.json")["checkIn"]["answered"] == 1
    three = readiness.dump("checkin-three.json")["checkIn"]
    assert three["returnTo"] == "season" and three["answered"] == 3 and three["choosing"] is None
    # The wall: who has checked in (green), never what; the others grey.
    _, _, wall = read_png(readiness.shots / "checkin-three-wall.png")
    answered = {str(l["playerID"]) for l in three["lines"] if l["answered"]}
    assert len(three["wallTiles"]) == 12
    for player, (x, y, w, h) in three["wallTiles"].items():
        assert near(wall[y + 4][x + w // 2], GOOD if player in answered else SURFACE_HIGH), player
    rows = readiness.sql("SELECT p.first_name, a.fatigue, a.sleep, a.soreness, a.stress, a.mood FROM wellness_answer a "
                         "JOIN player p ON p.id = a.player_id WHERE a.day = '2026-03-14' ORDER BY p.first_name, p.last_name")
    assert rows == [("Finn", 4, 4, 4, 4, 4), ("Ida", 2, 2, 2, 4, 3), ("Max", 3, 5, 3, 3, 4)]
    season = readiness.dump("wellness-season.json")["season"]
    cli = {p["playerID"]: p for p in cli_json(readiness, "season", "--team", "Demo", "--on", "2026-03-14")["players"]}
    shown = {l["number"]: l["wellness"] for l in season["lines"]}
    for line in season["lines"]:
        want, got = cli[line["playerID"]], line["wellness"] or {"total": None, "z": None, "flagged": None}
        assert (got["total"], got["flagged"]) == (want["wellnessTotal"], want["wellnessFlagged"]), line["name"]
        assert got["z"] == (None if want["wellnessZ"] is None else pytest.approx(want["wellnessZ"], rel=1e-12)), line["name"]
    assert shown[13]["flagged"] and shown[13]["z"] < -1 and shown[19]["flagged"] is False and shown[24]["z"] is None
    history = readiness.dump("wellness-history.json")["season"]["history"]
    assert [w["total"] for w in history["wellness"]][-1] == 13 and len(history["wellness"]) == 9
    assert "Total" in history["wellness"][-1]["dropped"]
    taps = [l for l in (FLOWS / "readiness-check.kiosk").read_text().splitlines() if l.startswith('tap "')]
    first = taps.index('tap "checkin:13"')
    assert taps[first:first + 7][-1] == 'tap "Save"', "a player: tile, five answers, Save"


def test_needs_attention_in_the_lobby_by_touch(readiness):
    """Issue 36, item 6, in the same flow: back in the lobby after #13's bad morning, "Needs attention" counts today's
    flags and opens the list — #13's wellness drop among them, with the command line's numbers — every target big
    enough for gloves; Dismiss for today takes a row away and the database keeps it for that day only."""
    lobby = readiness.dump("attention-lobby.json")["lobby"]
    listed = readiness.dump("attention-list.json")
    assert listed["lobby"]["showingAttention"] and small_targets(listed) == []
    lines = {l["key"]: l for l in lobby["attention"]}
    assert len(lines) == len(lobby["attention"]) >= 3
    cli = {f["key"]: f for f in cli_json(readiness, "flags", "--team", "Demo", "--on", "2026-03-14")["flags"]}
    drop = next(l for l in lines.values() if l["title"] == "Wellness drop")
    assert drop["subject"] == "#13 Ida Fischer" and drop["reason"] == cli[drop["key"]]["reason"]
    assert {l["title"] for l in lines.values()} >= {"Wellness drop", "No HRmax set"}
    after = readiness.dump("attention-dismissed.json")["lobby"]["attention"]
    gone = set(lines) - {l["key"] for l in after}
    assert len(gone) == 1 and len(after) == len(lines) - 1
    (key,) = gone
    assert readiness.sql("SELECT day FROM flag_dismissal WHERE flag_key = ?", key) == [("2026-03-14",)]
    assert cli[key]["dismissed"] is True
    assert cli_json(readiness, "flags", "--team", "Demo", "--on", "2026-03-15")["flags"], "another day lists it again"
    assert not any(f["dismissed"] for f in cli_json(readiness, "flags", "--team", "Demo", "--on", "2026-03-15")["flags"])


def test_a_fitness_test_by_touch(readiness):
    """Issue 36, item 4, in the same flow: from the readiness sheet, "Fitness test" at 4 min and 12 km/h; the run under
    its band (the countdown, the shuttle under way: a beep every 6 s) on the coach's screen and the wall, then "Stand
    still" for the recovery minute; Save → the review's HRex and HRR60 per player, the CLI's numbers; `sideline
    fitness` reads it against the test a week before at the same pace."""
    sheet = readiness.dump("fitness-sheet.json")
    assert sheet["lobby"]["fitnessTest"] == {"runMs": 240_000, "speedKmh": 12, "shuttleMetres": 20, "beepIntervalMs": 6_000}
    assert sheet["lobby"]["readinessCheck"] is None and small_targets(sheet) == []
    running = readiness.dump("fitness-running.json")["live"]
    assert running["phase"] == "running" and running["fitnessTest"]["runMs"] == 240_000
    assert running["remainingMs"] == 140_000 and running["shuttleBeeps"] == 100_000 // 6_000
    _, _, wall = read_png(readiness.shots / "fitness-run-wall.png")
    assert near(wall[20][20], (0x1D, 0x6F, 0xD6)), "the wall's band is the run's"
    still = readiness.dump("fitness-stand-still.json")["live"]
    assert still["phase"] == "recovery" and still["effortEndMs"] == 240_000 and still["recoveryRemainingMs"] == 40_000
    _, _, wall = read_png(readiness.shots / "fitness-stand-still-wall.png")
    assert near(wall[20][20], (0x0E, 0x6B, 0x73)), "standing still: the recovery minute's band"

    review = readiness.dump("fitness-review.json")
    assert review["screen"] == "review"
    session = running["sessionID"]
    assert readiness.sql("SELECT tags, planned_ms, effort_end_ms FROM session WHERE id = ?", session) == [("fitness-test,12kmh-20m", 240_000, 240_000)]
    listed = cli_json(readiness, "fitness", "--team", "Demo")["players"]
    tests = {p["playerID"]: p["tests"] for p in listed}
    measured = 0
    for p in review["review"]["players"]:
        mine = [t for t in tests[p["playerID"]] if t["sessionID"] == session]
        assert len(mine) == 1, p["name"]
        if mine[0]["hrex"] is None:  # a strap that dropped out in the run's last 30 s: no HRex, on either side
            assert "HRex" not in p["figures"], p["name"]
            continue
        measured += 1
        assert p["figures"]["HRex"] == f"{mine[0]['hrex']:.1f} % HRmax", p["name"]
        assert mine[0]["previousSessionID"] is not None and mine[0]["change"] in ("better", "within", "worse"), "read against the week before"
        assert "Recovery 1 min" in p["figures"], p["name"]
    assert measured >= 9, measured
    history = readiness.dump("fitness-history.json")["season"]["history"]
    ida = next(p for p in review["review"]["players"] if p["name"] == "Ida Fischer")
    want = next(t for t in tests[ida["playerID"]] if t["sessionID"] == session)
    row = next(s for s in history["sessions"] if s["sessionID"] == session)
    assert row["load"] is None and row["hrex"] == pytest.approx(want["hrex"], rel=1e-12), "a test is no load; its HRex is the CLI's"
    assert row["hrexChange"]["text"] == want["change"]


def test_the_lobby_flags_an_hrex_worse_than_the_test_before(sideline_bin, tmp_path):
    """Item 4 with item 6: two fitness tests a week apart at one pace, one player's resting HR raised on file between them
    (the simulation follows it, so the run costs that heart more): the lobby's "Needs attention" lists "HRex worse than
    typical error" for that player with the command line's reason."""
    import sqlite3
    import subprocess
    kiosk = Kiosk(sideline_bin, tmp_path)
    def record(when):
        subprocess.run([sideline_bin, "record", "--db", str(kiosk.db), "--source", "sim:4", "--seed", "9", "--speed", "6000",
                        "--team", "Demo", "--fitness-test", "240", "--started-at", when, "--quiet"], check=True, capture_output=True, timeout=300)
    record("2026-03-06T10:00")
    with sqlite3.connect(kiosk.db) as c:
        c.execute("UPDATE player SET resting_hr = resting_hr + 16 WHERE id = (SELECT player_id FROM membership ORDER BY shirt_number LIMIT 1)")
    record("2026-03-13T10:00")
    kiosk.play('tap "Demo"\nwait 2s\ntap "Needs attention"\nwait 1s\ndump attention.json\nscreenshot fitness-attention-list\n')
    lines = kiosk.dump("attention.json")["lobby"]["attention"]
    cli = {f["key"]: f for f in cli_json(kiosk, "flags", "--team", "Demo", "--on", "2026-03-14")["flags"]}
    hrex = [l for l in lines if l["title"] == "HRex worse than typical error"]
    assert len(hrex) == 1 and hrex[0]["reason"] == cli[hrex[0]["key"]]["reason"], lines
    assert "% HRmax on 2026-03-13, was" in hrex[0]["reason"] and "typical error 1.0" in hrex[0]["reason"]
    # The reason's day is ISO for the command line's JSON; drawn, it is the language's short day (English's, then German's).
    drawn = kiosk.dump("attention.json")["texts"]
    assert any("on Fri 13 Mar, was" in t for t in drawn) and not any("2026-03-13" in t for t in drawn), drawn
    subprocess.run([str(ROOT / "deploy/scripts/i18n/compile.sh"), str(ROOT / ".build/locale")], check=True)
    kiosk.play('tap "Demo"\nwait 2s\ntap "Needs attention"\nwait 1s\ndump attention-de.json\n', extra=("--language", "de"),
               env={"SIDELINE_LOCALEDIR": str(ROOT / ".build/locale")})
    drawn = kiosk.dump("attention-de.json")["texts"]
    assert any("am Fr. 13. März, vorher" in t for t in drawn) and not any("2026-03-13" in t for t in drawn), drawn
