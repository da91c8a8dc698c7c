"""Issue 24 on the command line: `record --readiness SECONDS` records a readiness check (a session of its
own kind, tagged with its posture), `sideline season --team T [--on DAY] [--json]` prints the team's table,
`sideline readiness --team T` the last checks, `settings --load-status` moves the status thresholds. The real
binary; what it stored is read back with Python's sqlite3, the checks' HRV against the JSON export. That the
numbers are right is the oracle's to say (Tests/e2e/analytics/test_season_oracle.py)."""
import json
import math
import sqlite3

from sideline_testkit.processes import one_line_error
from sideline_testkit.sqlite_records import readings_table


def query(db, sql, *args):
    with sqlite3.connect(db) as con:
        readings_table(con, sql)  # `sample` as v32 had it, decoded from store v33's minutes
        return con.execute(sql, args).fetchall()


def train(sideline, day, minutes="4", team="U17"):
    return sideline("record", "--source", "sim:3", "--seed", day[-2:], "--speed", "6000", "--team", team, "--minutes", minutes,
                    "--recovery", "60", "--tag", "training", "--started-at", f"{day}T18:00", "--quiet")


def check(sideline, day, *extra, team="U17"):
    return sideline("record", "--source", "sim:3", "--seed", str(100 + int(day[-2:])), "--speed", "6000", "--team", team,
                    "--readiness", "150", "--started-at", f"{day}T08:00", *extra)


def test_record_readiness_records_a_check_of_its_own_kind(sideline, tmp_path):
    train(sideline, "2026-03-10")
    out = check(sideline, "2026-03-11", "--tag", "lying").stdout
    assert "recording readiness check 2 of U17: 3 players, 150 s, lying" in out, out
    assert "RMSSD over the last 2 min" in out, "the summary says what its HRV is over"
    assert query(sideline.db, "SELECT tags, planned_ms, effort_end_ms, state FROM session WHERE id = 2") == [
        ("readiness,lying", 150_000, 150_000, "ended")]
    assert query(sideline.db, "SELECT last_tags FROM team") == [("training",)], "a check is not what the next training is tagged with"
    last = query(sideline.db, "SELECT MAX(t_ms) FROM sample WHERE session_id = 2")[0][0]
    assert 145_000 <= last < 151_000, "no recovery minute after a check"
    # Posture sitting unless one is given; kept with every session (backed up, exported, deleted alike).
    check(sideline, "2026-03-12")
    assert query(sideline.db, "SELECT tags FROM session WHERE id = 3") == [("readiness,sitting",)]
    assert query(sideline.db, "SELECT session_id, COUNT(*) FROM session_load GROUP BY session_id") == [(1, 3), (2, 3), (3, 3)], \
        "what the season reads of each session is kept when it is saved"
    sideline("delete-session", "2", "--yes")
    assert query(sideline.db, "SELECT DISTINCT session_id FROM session_load ORDER BY session_id") == [(1,), (3,)]

    folder = tmp_path / "export"
    sideline("export", "--session", "3", "--format", "json", "--out", str(folder))
    summary = json.loads(next(folder.glob("*_summary.json")).read_text())
    assert summary["tags"] == ["readiness", "sitting"]
    for p in summary["players"]:
        assert p["reportedHRV"]["window"] == "last 2 min"
        assert (p["reportedHRV"]["fromSeconds"], p["reportedHRV"]["toSeconds"]) == (30, 150)


def test_record_refuses_what_a_check_cannot_be(sideline):
    one_line_error(sideline("record", "--source", "sim:2", "--team", "X", "--readiness", "60", check=False), "--readiness", "120", "300")
    one_line_error(sideline("record", "--source", "sim:2", "--team", "X", "--readiness", "150", "--minutes", "5", check=False), "not both")
    one_line_error(sideline("record", "--source", "sim:2", "--team", "X", "--readiness", "150", "--recovery", "60", check=False),
                   "--recovery")
    one_line_error(sideline("record", "--source", "sim:2", "--team", "X", "--readiness", "150", "--tag", "match", check=False),
                   "posture only")
    one_line_error(sideline("record", "--source", "sim:2", "--team", "X", "--minutes", "5", "--tag", "readiness", check=False),
                   "--readiness SECONDS")
    one_line_error(sideline("record", "--source", "sim:2", "--team", "X", check=False), "--minutes", "--readiness")
    assert not sideline.db.exists() or query(sideline.db, "SELECT COUNT(*) FROM session") == [(0,)]


def test_season_prints_the_table_and_its_json(sideline):
    for day in ["2026-03-02", "2026-03-05", "2026-03-09", "2026-03-12"]:
        train(sideline, day)
    for day in ["2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13"]:
        check(sideline, day, "--tag", "lying")
    table = json.loads(sideline("season", "--team", "U17", "--on", "2026-03-13", "--json").stdout)
    assert table["team"] == "U17" and table["date"] == "2026-03-13"
    players = query(sideline.db, "SELECT first_name || ' ' || last_name FROM player ORDER BY id")
    assert sorted(p["name"] for p in table["players"]) == sorted(name for (name,) in players)
    for p in table["players"]:
        assert {"name", "number", "loadToday", "strain", "tolerance", "loadStatus", "acwrEwma", "readiness"} <= set(p)
        assert p["loadStatus"] == "building baseline", "twelve days of history"
        assert p["acwrEwma"] is None
        assert p["loadToday"] == 0 and p["strain"] > 0 and p["tolerance"] > 0
        assert p["readiness"] in ("within", "below", "above"), "six mornings lying: a baseline"
        assert p["readinessCheck"]["posture"] == "lying" and p["readinessCheck"]["date"] == "2026-03-13"
        assert p["lastSession"] == "2026-03-12"
    before = json.loads(sideline("season", "--team", "U17", "--on", "2026-03-01", "--json").stdout)
    assert all(p["strain"] == 0 and p["readiness"] is None and p["lastSession"] is None for p in before["players"]), \
        "nothing after the day is seen"

    text = sideline("season", "--team", "U17", "--on", "2026-03-13").stdout.splitlines()
    assert text[0].startswith("U17 · season on 2026-03-13") and "guidance, not a diagnosis" in text[0]
    assert text[1].split()[:3] == ["#", "player", "today"]
    assert len(text) == 2 + len(players)
    assert all("building baseline" in line and "2026-03-12" in line for line in text[2:])

    one_line_error(sideline("season", "--team", "U17", "--on", "2026-02-30", check=False), "--on", "2026-02-30")
    one_line_error(sideline("season", "--team", "Nobody", check=False), "Nobody")


def test_readiness_lists_the_last_checks_each_against_its_history(sideline, tmp_path):
    train(sideline, "2026-03-01")
    days = ["2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11"]
    for day in days:
        check(sideline, day, "--tag", "sitting")
    listed = json.loads(sideline("readiness", "--team", "U17", "--last", "3", "--json").stdout)
    assert [c["date"] for c in listed["checks"]] == ["2026-03-11", "2026-03-10", "2026-03-09"], "newest first"
    newest, oldest_listed = listed["checks"][0], listed["checks"][2]
    assert all(p["status"] != "building baseline" for p in newest["players"]), "six checks sitting: a baseline"
    assert all(p["status"] == "building baseline" and p["comparableDays"] == 4 for p in oldest_listed["players"])
    folder = tmp_path / "export"
    sideline("export", "--session", str(newest["sessionID"]), "--format", "json", "--out", str(folder))
    exported = {p["playerID"]: p for p in json.loads(next(folder.glob("*_summary.json")).read_text())["players"]}
    for p in newest["players"]:
        time = exported[p["playerID"]]["reportedHRV"]["time"]
        assert p["lnRMSSD"] == math.log(time["rmssdMs"]), p["name"]
        assert p["normalLow"] < p["normalHigh"]
        assert 0 <= p["correctedShare"] < 0.2

    text = sideline("readiness", "--team", "U17", "--last", "2").stdout.splitlines()
    assert text[0].startswith(f"check {newest['sessionID']}\t2026-03-11 08:00\tsitting\t2:30\t3 players"), text[0]
    assert text[1].split()[:4] == ["#", "player", "lnRMSSD", "RMSSD"]
    assert len(text) == 2 * (2 + 3)
    train(sideline, "2026-03-01", team="U19")
    assert sideline("readiness", "--team", "U19").stdout.startswith("no readiness checks of U19 yet")
    one_line_error(sideline("readiness", "--team", "U17", "--last", "0", check=False), "--last")


def test_the_load_status_thresholds_are_a_setting(sideline):
    one_line_error(sideline("settings", "--load-status", "1.2,1.0,1.5", check=False), "--load-status")
    assert "load status\tStrain ÷ Tolerance: maintaining from 0.8, productive from 1.0, overreaching above 1.5 (Polar's)" \
        in sideline("settings").stdout
    sideline("settings", "--load-status", "0.7,0.9,1.3")
    assert query(sideline.db, "SELECT value FROM setting WHERE key = 'kiosk.loadStatusRatios'") == [("0.7,0.9,1.3",)]
    assert "maintaining from 0.7, productive from 0.9, overreaching above 1.3\n" in sideline("settings").stdout


def test_the_season_start_is_a_setting(sideline):
    assert "season start\t08-01 (month-day), the default\n" in sideline("settings").stdout
    for bad in ("02-29", "13-01", "August"):
        one_line_error(sideline("settings", "--season-start", bad, check=False), "--season-start")
    assert "begins each year on 07-15" in sideline("settings", "--season-start", "7-15").stdout
    assert query(sideline.db, "SELECT value FROM setting WHERE key = 'kiosk.seasonStart'") == [("07-15",)]
    assert "season start\t07-15 (month-day)\n" in sideline("settings").stdout
