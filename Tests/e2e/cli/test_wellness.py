"""Issue 36, item 2 on the command line: `sideline wellness --team T --number N --on DATE --fatigue A --sleep B
--soreness C --stress D --mood E` keeps a player's morning wellness (a second answer set the same day replaces the
first), `sideline wellness --team T [--on DATE] [--json]` lists the team's day; `sideline season --json` gains
`wellnessTotal` and `wellnessZ`. Bad input — an item of 0 or 6, a day to come, a number not in the team — is one plain
line and changes nothing (the rows compared before and after). The real binary; the rows read with Python's sqlite3."""
import datetime as dt
import json
import sqlite3

import pytest

from sideline_testkit.processes import one_line_error

ROSTER = "number,first,last,birth_year,sex,weight_kg,rest_hr\n4,Ana,Lopes,2008,F,58,55\n9,Bo,Berg,2007,M,70,52\n"
ITEMS = ("--fatigue", "--sleep", "--soreness", "--stress", "--mood")


def answers(db):
    with sqlite3.connect(db) as con:
        return con.execute("SELECT * FROM wellness_answer ORDER BY player_id, day").fetchall()


def answer(sideline, number, day, items, check=True):
    args = [a for pair in zip(ITEMS, map(str, items)) for a in pair]
    return sideline("wellness", "--team", "U17", "--number", str(number), "--on", day, *args, check=check)


@pytest.fixture
def team(sideline, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER)
    sideline("import-roster", str(roster), "--team", "U17")
    return sideline


def test_a_week_of_answers_a_drop_flagged_and_the_season_shows_it(team):
    sideline = team
    today = dt.date.today()
    days = [(today - dt.timedelta(days=k)).isoformat() for k in range(8, 0, -1)]
    for k, day in enumerate(days):  # totals 16, 17, 18, 16, 17, 18, 16, 17: mean 16.875
        answer(sideline, 4, day, [3, 3, 3 + k % 3, 4, 3])
    out = answer(sideline, 4, today.isoformat(), [2, 2, 2, 4, 3]).stdout  # total 13
    assert out.strip() == f"U17 #4 · {today}: wellness 13 of 25"
    out = answer(sideline, 4, today.isoformat(), [2, 2, 2, 3, 3]).stdout  # corrected: 12
    assert "replaces that day's earlier answers (total 13)" in out, out
    assert len(answers(sideline.db)) == 9, "replaced, not doubled"
    listed = json.loads(sideline("wellness", "--team", "U17", "--json").stdout)
    ana, bo = listed["players"]
    totals = [16, 17, 18, 16, 17, 18, 16, 17]
    mean = sum(totals) / 8
    sd = (sum((t - mean) ** 2 for t in totals) / 7) ** 0.5
    assert (ana["wellnessTotal"], ana["baselineAnswers"], ana["wellnessFlagged"]) == (12, 8, True)
    assert ana["wellnessZ"] == pytest.approx((12 - mean) / sd, rel=1e-12)
    assert ana["items"]["stress"]["value"] == 3 and ana["items"]["stress"]["z"] is None, "stress was always 4: no spread"
    assert ana["items"]["stress"]["dropped"] and ana["items"]["mood"]["dropped"] is False
    assert ana["items"]["sleep"]["words"] == "Restless sleep"
    assert bo["answered"] is False and bo["wellnessTotal"] is None
    table = sideline("wellness", "--team", "U17").stdout
    assert "1 of 2 answered" in table and "not answered" in table and "drop: total" in table, table
    season = {p["number"]: p for p in json.loads(sideline("season", "--team", "U17", "--json").stdout)["players"]}
    assert (season[4]["wellnessTotal"], season[4]["wellnessZ"]) == (12, ana["wellnessZ"])
    assert (season[9]["wellnessTotal"], season[9]["wellnessZ"]) == (None, None)
    early = {p["number"]: p for p in json.loads(sideline("season", "--team", "U17", "--on", days[5], "--json").stdout)["players"]}
    assert early[4]["wellnessTotal"] == 18 and early[4]["wellnessZ"] is None, "5 earlier answers: fewer than the minimum, no z"


@pytest.mark.parametrize("number, items, on, says", [
    (4, [0, 3, 3, 3, 3], None, "a fatigue answer of 0 is off the wellness scale"),
    (4, [3, 3, 3, 3, 6], None, "a mood answer of 6 is off the wellness scale"),
    (4, [3, 3, -1, 3, 3], None, "a soreness answer of -1"),
    (4, [3, 3, 3, 3, 3], "tomorrow", "is in the future"),
    (5, [3, 3, 3, 3, 3], None, "no player with number 5 in team 'U17'"),
])
def test_bad_input_is_one_line_and_changes_nothing(team, number, items, on, says):
    sideline = team
    today = dt.date.today()
    answer(sideline, 4, today.isoformat(), [4, 4, 4, 4, 4])
    before = answers(sideline.db)
    day = (today + dt.timedelta(days=1)).isoformat() if on == "tomorrow" else today.isoformat()
    one_line_error(answer(sideline, number, day, items, check=False), says, "nothing was changed")
    assert answers(sideline.db) == before


def test_half_an_answer_set_or_an_unknown_team_is_refused(team):
    sideline = team
    one_line_error(sideline("wellness", "--team", "U17", "--number", "4", "--fatigue", "3", check=False), "give all five items")
    one_line_error(sideline("wellness", "--team", "U17", "--mood", "3", check=False), "give --number with the five items")
    one_line_error(sideline("wellness", "--team", "U17", "--on", "2026-02-30", check=False), "is not a date")
    one_line_error(sideline("wellness", "--team", "U99", "--number", "4", *[a for i in ITEMS for a in (i, "3")], check=False),
                   "no team named 'U99'")
    assert answers(sideline.db) == []
