"""Issue 36, item 3 on the command line: `sideline drills --team T [--add NAME [--minutes M]] [--json]`, a session
recorded with `--drill NAME@FROM[-TO]`, and bad input — a drill name of 10 kB, an empty one, a twin, overlapping drills,
a drill beyond the session — as one plain line that changes nothing (the rows compared before and after). The figures
themselves are checked against the oracle in Tests/e2e/analytics/test_season_oracle.py."""
import json
import sqlite3
import zipfile

import pytest

from sideline_testkit.processes import one_line_error


def rows(db):
    with sqlite3.connect(db) as con:
        return (con.execute("SELECT team_id, name, planned_minutes FROM drill ORDER BY id").fetchall(),
                con.execute("SELECT * FROM session_drill ORDER BY 1, 2").fetchall(),
                con.execute("SELECT COUNT(*) FROM session").fetchone()[0])


def record(sideline, *extra, check=True):
    return sideline("record", "--source", "sim:3", "--seed", "5", "--speed", "6000", "--team", "U17", "--quiet",
                    "--minutes", "5", "--recovery", "60", *extra, check=check)


def test_a_session_recorded_with_drills_lists_them_and_the_library_gains_them(sideline):
    sideline("record", "--source", "sim:3", "--seed", "5", "--speed", "6000", "--team", "U17", "--minutes", "1", "--quiet")
    assert "'Rondo 5v2' added (6 min planned)" in sideline("drills", "--team", "U17", "--add", " Rondo 5v2 ", "--minutes", "6").stdout
    out = record(sideline, "--drill", "SSG 4v4@120", "--drill", "rondo 5V2@0-100").stdout
    assert "drill 'SSG 4v4' added to the team's library" in out and "Rondo 5v2" not in out.split("drills:")[0]
    library = json.loads(sideline("drills", "--team", "U17", "--json").stdout)["drills"]
    assert [(d["name"], d["plannedMinutes"]) for d in library] == [("Rondo 5v2", 6), ("SSG 4v4", None)]
    listed = json.loads(sideline("drills", "--session", "2", "--json").stdout)["drills"]
    assert [(d["name"], d["fromSeconds"], d["toSeconds"]) for d in listed] == [("Rondo 5v2", 0, 100), ("SSG 4v4", 120, 300)], \
        "the library's spelling; an open drill ends with the effort, not the recovery minute"
    assert all(len(d["players"]) == 3 and d["team"]["players"] == 3 for d in listed)
    table = sideline("drills", "--session", "2").stdout
    assert "SSG 4v4 · 2:00–5:00" in table and "team (mean of 3)" in table
    # A player's own data (one ZIP) carries the drills too: its session JSON has the same phases as the export.
    number = listed[0]["players"][0]["number"]
    path = sideline("player-data", "--team", "U17", "--number", str(number), "--out", str(sideline.db.parent / "data")).stdout.strip()
    with zipfile.ZipFile(path) as z:
        summaries = [json.loads(z.read(n)) for n in z.namelist() if n.endswith("_summary.json")]
    assert [[p["name"] for p in doc["phases"]] for doc in summaries] == [[], ["Rondo 5v2", "SSG 4v4"]]


@pytest.mark.parametrize("args, says", [
    (["--drill", "x" * 10_000 + "@0"], "more than 32 characters (10000 bytes)"),
    (["--drill", " @0"], "drill name is empty"),
    (["--drill", "A@0-200", "--drill", "B@100"], "drills 'A' and 'B' overlap"),
    (["--drill", "A@300"], "drill 'A' starts at 300 s, beyond the session's 300 s"),
    (["--drill", "A@0-400"], "beyond the session's 300 s"),
    (["--drill", "A@soon"], "not NAME@SECONDS or NAME@FROM-TO"),
])
def test_bad_drills_record_nothing(sideline, args, says):
    sideline("drills", "--team", "U17", "--add", "A", check=False)  # no team yet: refused, nothing made
    before = rows(sideline.db) if sideline.db.exists() else None
    one_line_error(record(sideline, *args, check=False), says)
    assert (rows(sideline.db) if sideline.db.exists() else None) == before


def test_a_bad_library_entry_changes_nothing(sideline):
    sideline("record", "--source", "sim:3", "--seed", "5", "--speed", "6000", "--team", "U17", "--minutes", "1", "--quiet")
    sideline("drills", "--team", "U17", "--add", "SSG 4v4")
    before = rows(sideline.db)
    for name, says in [("y" * 10_000, "more than 32 characters"), ("   ", "is empty"), ("ssg 4V4", "drill named 'SSG 4v4' already"),
                       ("a\tb", "control character")]:
        one_line_error(sideline("drills", "--team", "U17", "--add", name, check=False), says, "nothing was changed")
    one_line_error(sideline("drills", "--team", "U17", "--add", "Rondo", "--minutes", "0", check=False), "between 1 and 120")
    one_line_error(sideline("drills", "--team", "Nobody", check=False), "no team named 'Nobody'")
    one_line_error(sideline("drills", "--session", "7", check=False), "no session with id 7")
    assert rows(sideline.db) == before
