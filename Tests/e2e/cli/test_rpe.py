"""Issue 36, item 1 on the command line: `sideline rpe --session ID --number N --value V [--coach]` sets or corrects a
player's session RPE, `sideline rpe --session ID [--json]` lists a session's ratings; `sideline season --json` gains
each player's sRPE. Bad input — off the scale, a player not in the session, a readiness check, past the players'
2-hour window — is one plain line and changes nothing (the database's rows compared before and after). The real
binary; the rows read back with Python's sqlite3."""
import datetime as dt
import json
import sqlite3

import pytest

from sideline_testkit.processes import one_line_error


def ratings(db):
    with sqlite3.connect(db) as con:
        return con.execute("SELECT session_id, player_id, rpe, rated_ms, by_coach FROM session_rating ORDER BY 1, 2").fetchall()


def record(sideline, *extra):
    return sideline("record", "--source", "sim:3", "--seed", "5", "--speed", "6000", "--team", "U17", "--quiet", *extra)


@pytest.fixture
def rated(sideline):
    """A session just saved (its window open) and the numbers of its players."""
    record(sideline, "--minutes", "4", "--recovery", "60")
    players = json.loads(sideline("rpe", "--session", "1", "--json").stdout)["players"]
    return sideline, [p["number"] for p in players]


def test_a_player_rates_and_rates_again_and_the_coach_corrects(rated):
    sideline, numbers = rated
    out = sideline("rpe", "--session", "1", "--number", str(numbers[0]), "--value", "7").stdout
    assert out.strip() == f"session 1: #{numbers[0]} rated 7 (Very hard)"
    sideline("rpe", "--session", "1", "--number", str(numbers[0]), "--value", "8")
    sideline("rpe", "--session", "1", "--number", str(numbers[1]), "--value", "3", "--coach")
    listed = json.loads(sideline("rpe", "--session", "1", "--json").stdout)
    assert listed["effortMinutes"] == 4, "the recovery minute is no effort"
    by_number = {p["number"]: p for p in listed["players"]}
    assert (by_number[numbers[0]]["rpe"], by_number[numbers[0]]["byCoach"], by_number[numbers[0]]["srpeLoad"]) == (8, False, 32)
    assert (by_number[numbers[1]]["rpe"], by_number[numbers[1]]["anchor"], by_number[numbers[1]]["byCoach"]) == (3, "Moderate", True)
    assert by_number[numbers[2]]["rpe"] is None and by_number[numbers[2]]["srpeLoad"] is None
    assert len(ratings(sideline.db)) == 2, "replaced, not doubled"
    table = sideline("rpe", "--session", "1").stdout
    assert "2 of 3 rated" in table and "(coach)" in table, table
    season = {p["number"]: p for p in json.loads(sideline("season", "--team", "U17", "--json").stdout)["players"]}
    assert season[numbers[0]]["srpeLoadToday"] == 32 and season[numbers[0]]["srpeWeek"] == 32
    assert season[numbers[2]]["srpeLoadToday"] == 0 and season[numbers[2]]["srpeUnratedSessions"] == 1


@pytest.mark.parametrize("args, says", [
    (["--value", "11"], "an RPE of 11 is off the CR-10 scale"),
    (["--value", "-1"], "an RPE of -1 is off the CR-10 scale"),
    (["--value", "11", "--coach"], "off the CR-10 scale"),
    (["--value", "seven"], "--value"),
])
def test_a_value_off_the_scale_is_refused_and_nothing_changes(rated, args, says):
    sideline, numbers = rated
    sideline("rpe", "--session", "1", "--number", str(numbers[0]), "--value", "5")
    before = ratings(sideline.db)
    one_line_error(sideline("rpe", "--session", "1", "--number", str(numbers[0]), *args, check=False), says)
    assert ratings(sideline.db) == before


def test_a_player_not_in_the_session_or_no_session_is_refused(rated):
    sideline, numbers = rated
    missing = max(numbers) + 1
    one_line_error(sideline("rpe", "--session", "1", "--number", str(missing), "--value", "5", check=False),
                   f"no player with number {missing} took part in session 1")
    one_line_error(sideline("rpe", "--session", "9", "--number", str(numbers[0]), "--value", "5", check=False), "no session with id 9")
    one_line_error(sideline("rpe", "--session", "1", "--number", str(numbers[0]), check=False), "--number and --value together")
    assert ratings(sideline.db) == []


def test_a_readiness_check_takes_no_rating(sideline):
    record(sideline, "--readiness", "120")
    number = json.loads(sideline("rpe", "--session", "1", "--json").stdout)["players"][0]["number"]
    one_line_error(sideline("rpe", "--session", "1", "--number", str(number), "--value", "2", "--coach", check=False),
                   "readiness check, not training")
    assert ratings(sideline.db) == []


def test_past_the_two_hour_window_only_the_coach_corrects(sideline):
    """A session that ended 2 h 50 min ago: the players' window has closed; the coach's correction is taken."""
    started = (dt.datetime.now() - dt.timedelta(hours=3)).strftime("%Y-%m-%dT%H:%M")
    record(sideline, "--minutes", "9", "--recovery", "60", "--started-at", started)
    listed = json.loads(sideline("rpe", "--session", "1", "--json").stdout)
    number = listed["players"][0]["number"]
    line = one_line_error(sideline("rpe", "--session", "1", "--number", str(number), "--value", "6", check=False),
                          "2-hour window to rate session 1 closed at", "--coach", "nothing was changed")
    assert listed["windowClosesAt"][:16] in line, (listed["windowClosesAt"], line)
    assert ratings(sideline.db) == []
    assert "by the coach" in sideline("rpe", "--session", "1", "--number", str(number), "--value", "6", "--coach").stdout
    assert [(r[2], r[4]) for r in ratings(sideline.db)] == [(6, 1)]
