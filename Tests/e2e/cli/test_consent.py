"""Issue 37, item 5 on the command line: `sideline consent --team T --number N --on DATE --by NAME` records consent on
file, `--clear` takes it off, `sideline consent --team T [--json]` lists who has it and who lacks it. Bad input — a
date in the future or not a date, an empty or 10 kB name, a number not in the team — is one plain line, exit 2, and
changes nothing (the player rows and the sync's outbox compared before and after, with Python's sqlite3)."""
import datetime as dt
import json
import sqlite3

from sideline_testkit.processes import one_line_error


def rows(db):
    with sqlite3.connect(db) as con:
        return (con.execute("SELECT id, consent_day, consent_by FROM player ORDER BY id").fetchall(),
                con.execute("SELECT entity, key, field FROM club_roster_edit ORDER BY 1, 2, 3").fetchall())


def test_consent_is_recorded_listed_cleared_and_bad_input_changes_nothing(sideline):
    sideline("record", "--source", "sim:2", "--seed", "4", "--speed", "6000", "--team", "U12", "--minutes", "0.2", "--quiet")
    first, second = json.loads(sideline("consent", "--team", "U12", "--json").stdout)["players"]
    assert first["consent"] is None and second["consent"] is None
    n = str(first["number"])
    out = sideline("consent", "--team", "U12", "--number", n, "--on", "2026-09-01", "--by", "Anna Berg").stdout
    assert out == f"#{n} {first['name']} of U12: consent on file: 2026-09-01, by Anna Berg\n"
    listed = json.loads(sideline("consent", "--team", "U12", "--json").stdout)
    assert listed["requireConsent"] is False
    assert [p["consent"] for p in listed["players"]] == [{"day": "2026-09-01", "givenBy": "Anna Berg"}, None]
    assert "U12: 1 of 2 with consent on file; the club does not require it" in sideline("consent", "--team", "U12").stdout

    before = rows(sideline.db)
    tomorrow_but_one = (dt.date.today() + dt.timedelta(days=2)).isoformat()
    for args, says in [(["--on", tomorrow_but_one, "--by", "Anna Berg"], "is in the future"),
                       (["--on", "2026-02-30", "--by", "Anna Berg"], "a date like 2026-09-01"),
                       (["--on", "2026-09-01", "--by", "   "], "a guardian's name, or \"the player\""),
                       (["--on", "2026-09-01", "--by", "x" * 10_000], "at most 64 characters"),
                       (["--on", "2026-09-01", "--by", "Anna\nBerg"], "line break"),
                       (["--clear", "--on", "2026-09-01", "--by", "Anna"], "--clear does not go with")]:
        line = one_line_error(sideline("consent", "--team", "U12", "--number", n, *args, check=False), says)
        assert len(line) < 200, line
    one_line_error(sideline("consent", "--team", "U12", "--number", "999", "--clear", check=False), "no player wears #999 in U12")
    one_line_error(sideline("consent", "--team", "U99", "--number", n, "--clear", check=False), "U99")
    assert rows(sideline.db) == before, "nothing changed"

    sideline("consent", "--team", "U12", "--number", n, "--clear")
    assert json.loads(sideline("consent", "--team", "U12", "--json").stdout)["players"][0]["consent"] is None
    assert ("player", first["uuid"], "consent") in rows(sideline.db)[1], "queued for the club"
