"""Issue 14 over SSH: context tags (record --tag, sessions --tag, every export), delete-session,
team rename|colour|delete, straps and forget-strap. The real binary; what it stored is read back
with Python's sqlite3, the FIT file with Garmin's SDK, the TCX with lxml."""
import csv
import json
import sqlite3
import subprocess

from garmin_fit_sdk import Decoder, Stream
from lxml import etree

from sideline_testkit.processes import one_line_error
from sideline_testkit.sqlite_records import readings_table
from sideline_testkit.tcx_schema import problems

TCX = "{http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2}"
SESSION_TABLES = ["sample_minute", "rr_minute", "strap_event", "lap", "nn_cache", "session_summary", "session_load", "session_player"]


def query(db, sql, *args):
    with sqlite3.connect(db) as con:
        readings_table(con, sql)  # `sample` as v32 had it, decoded from store v33's minutes
        return con.execute(sql, args).fetchall()


def rows_of_session(db, session):
    counts = {t: query(db, f"SELECT COUNT(*) FROM {t} WHERE session_id = ?", session)[0][0] for t in SESSION_TABLES}
    counts["session"] = query(db, "SELECT COUNT(*) FROM session WHERE id = ?", session)[0][0]
    return counts


def record(sideline, team, *tags, minutes="1", recovery="0", quiet=True):
    args = ["record", "--source", "sim:3", "--seed", "2", "--speed", "6000", "--team", team, "--minutes", minutes,
            "--recovery", recovery] + (["--quiet"] if quiet else [])
    for tag in tags:
        args += ["--tag", tag]
    return sideline(*args)


def run_with_input(sideline, text, *args):
    return subprocess.run([sideline.bin, *args, "--db", str(sideline.db)], input=text, capture_output=True, text=True, timeout=120)


def test_record_takes_the_kiosks_words_and_sessions_filters_by_them(sideline):
    record(sideline, "U17", "Match", "seated", "Derby")
    record(sideline, "U17", "before", "training", minutes="2", recovery="60")
    record(sideline, "U19")
    assert query(sideline.db, "SELECT id, tags FROM session ORDER BY id") == [
        (1, "match,sitting,derby"), (2, "before-training,training"), (3, "")]
    assert query(sideline.db, "SELECT name, last_tags FROM team ORDER BY name") == [
        ("U17", "before-training,training"), ("U19", "")], "the team remembers its last choice"

    by_id = {int(line.split("\t")[0]): line.split("\t") for line in sideline("sessions").stdout.splitlines()}
    assert sorted(by_id) == [1, 2, 3]
    assert by_id[1][-1] == "match,sitting,derby" and by_id[3][-1] == "no tags"
    # The effort's length leaves the recovery minute out; the recording's length keeps it.
    assert by_id[2][3] == "3:00" and by_id[2][7] == "effort 2:00", by_id[2]
    assert by_id[1][8].startswith("avg ") and by_id[1][8].endswith(" bpm") and 60 < int(by_id[1][8].split()[1]) < 200, by_id[1]

    def listed(*args):
        return [int(line.split("\t")[0]) for line in sideline("sessions", *args).stdout.splitlines() if line[0].isdigit()]
    assert listed("--tag", "sitting") == [1]
    assert listed("--tag", "Seated") == [1], "the alias finds the stored word"
    assert listed("--tag", "before") == [2]
    assert listed("--tag", "derby", "--team", "U17") == [1]
    assert listed("--tag", "derby", "--team", "U19") == []
    assert "no sessions tagged test" in sideline("sessions", "--tag", "test").stdout


def test_bad_tags_are_refused_and_record_nothing(sideline):
    one_line_error(record_bad(sideline, "match", "training"), "--tag", "a session is one kind: match or training")
    one_line_error(record_bad(sideline, "a,b"), "only letters, digits and hyphens")
    one_line_error(record_bad(sideline, "derby", "cup"), "one free word per session")
    assert not sideline.db.exists(), "refused before anything was opened"
    one_line_error(sideline("sessions", "--tag", "x" * 17, check=False), "longer than 16 characters")


def record_bad(sideline, *tags):
    args = ["record", "--source", "sim:2", "--speed", "6000", "--team", "T", "--minutes", "1", "--quiet"]
    for tag in tags:
        args += ["--tag", tag]
    return sideline(*args, check=False)


def test_every_export_carries_the_tags(sideline, tmp_path):
    record(sideline, "Tagged", "after", "test", "lying", "hill-sprints")
    out = tmp_path / "out"
    for fmt in ("csv", "tcx", "fit", "json"):
        sideline("export", "--session", "1", "--format", fmt, "--out", str(out))
    want = "after-training test lying hill-sprints"
    assert json.loads(next(out.glob("*_summary.json")).read_text())["tags"] == want.split()
    for name in ("_summary.csv", "_samples.csv", "_rr.csv"):
        with open(next(out.glob(f"*{name}")), newline="", encoding="utf-8-sig") as f:
            rows = list(csv.DictReader(f))
        assert rows and all(r["tags"] == want for r in rows), (name, rows[0])
    tcxs = sorted(out.glob("*.tcx"))
    assert len(tcxs) == 3
    for path in tcxs:
        assert problems(path) == [], path.name  # the tags in the Activity's Notes keep it valid
        notes = etree.parse(str(path)).getroot().find(f"{TCX}Activities/{TCX}Activity/{TCX}Notes").text
        assert notes.endswith(" · tags: " + want), notes
    fits = sorted(out.glob("*.fit"))
    assert len(fits) == 3
    for path in fits:
        assert Decoder(Stream.from_file(str(path))).check_integrity()
        messages, errors = Decoder(Stream.from_file(str(path))).read()
        assert errors == []
        (description,) = messages["field_description_mesgs"]
        assert description["field_name"] == "session_tags" and description["fit_base_type_id"] == 7
        assert messages["session_mesgs"][0]["developer_fields"] == {description["key"]: want}


def test_delete_session_asks_and_takes_everything_of_it(sideline):
    record(sideline, "D", quiet=False)  # its summary analyses the session: the caches are filled
    record(sideline, "D", minutes="1", recovery="60", quiet=False)
    with sqlite3.connect(sideline.db) as con:  # record marks no laps and sends no strap events; the kiosk does
        for session in (1, 2):
            con.execute("INSERT INTO lap(session_id, t_ms) VALUES (?, 30000)", (session,))
            con.execute("INSERT INTO strap_event(session_id, strap_id, t_ms, kind, value) VALUES (?, 1, 0, 'battery', 90)", (session,))
    before = rows_of_session(sideline.db, 1)
    assert all(count > 0 for count in before.values()), before

    declined = run_with_input(sideline, "n\n", "delete-session", "1")
    assert declined.returncode == 0 and "Delete session 1 of D (" in declined.stdout and "nothing changed" in declined.stdout
    assert rows_of_session(sideline.db, 1) == before
    no_terminal = run_with_input(sideline, "", "delete-session", "1")
    assert no_terminal.returncode == 0 and "nothing changed (answer y, or add --yes)" in no_terminal.stdout
    assert rows_of_session(sideline.db, 1) == before

    other = rows_of_session(sideline.db, 2)
    confirmed = run_with_input(sideline, "y\n", "delete-session", "1")
    assert confirmed.returncode == 0 and "deleted session 1 of D" in confirmed.stdout, confirmed
    assert set(rows_of_session(sideline.db, 1).values()) == {0}
    assert rows_of_session(sideline.db, 2) == other, "the other session is untouched"
    one_line_error(sideline("delete-session", "1", "--yes", check=False), "no session with id 1")
    assert sideline("delete-session", "2", "--yes").stdout.strip() == "deleted session 2 of D"
    assert query(sideline.db, "SELECT COUNT(*) FROM sample")[0][0] == 0


def test_a_session_being_recorded_is_not_deleted(sideline):
    recorder = subprocess.Popen([sideline.bin, "record", "--db", str(sideline.db), "--source", "sim:2", "--speed", "1",
                                 "--team", "Live", "--minutes", "5", "--quiet"], stdout=subprocess.PIPE, text=True)
    try:
        assert "recording session 1" in recorder.stdout.readline() + recorder.stdout.readline()
        one_line_error(sideline("delete-session", "1", "--yes", check=False), "session 1 is being recorded", "nothing was deleted")
        one_line_error(sideline("team", "delete", "Live", "--yes", check=False), "a session of Live is being recorded")
        assert query(sideline.db, "SELECT state FROM session") == [("running",)]
    finally:
        recorder.terminate()
        recorder.wait(timeout=30)


def test_team_rename_colour_and_delete(sideline):
    record(sideline, "Old name", "match")
    record(sideline, "Old name")
    record(sideline, "Other")
    # A player of "Old name" is also on "Other" (the same person, added there).
    with sqlite3.connect(sideline.db) as con:
        player = con.execute("SELECT m.player_id FROM membership m JOIN team t ON t.id = m.team_id WHERE t.name = 'Old name' LIMIT 1").fetchone()[0]
        other = con.execute("SELECT id FROM team WHERE name = 'Other'").fetchone()[0]
        con.execute("INSERT INTO membership(team_id, player_id, shirt_number) VALUES (?, ?, 50)", (other, player))

    assert sideline("team", "rename", "Old name", "U17 Girls").stdout.strip() == "renamed Old name to U17 Girls"
    one_line_error(sideline("team", "rename", "U17 Girls", "other", check=False), "a team named 'other' already exists")
    one_line_error(sideline("team", "rename", "Nobody", "X", check=False), "no team named 'Nobody'")
    one_line_error(sideline("team", "rename", "U17 Girls", " ", check=False), "a team needs a name")
    assert sideline("team", "colour", "U17 Girls", "#43a047").stdout.strip() == "U17 Girls is now #43A047"
    one_line_error(sideline("team", "colour", "U17 Girls", "green", check=False), "'green' is not a colour like #43A047")
    assert query(sideline.db, "SELECT name, colour FROM team ORDER BY id") == [("U17 Girls", "#43A047"), ("Other", "#E53935")]

    declined = run_with_input(sideline, "no\n", "team", "delete", "U17 Girls")
    assert "Delete the team U17 Girls and its 2 sessions with everything recorded in them? Its 3 players stay (2 on no team then)." \
        in declined.stdout, declined.stdout
    assert query(sideline.db, "SELECT COUNT(*) FROM team")[0][0] == 2
    deleted = sideline("team", "delete", "U17 Girls", "--yes")
    assert deleted.stdout.strip() == "deleted the team U17 Girls and 2 sessions"
    assert query(sideline.db, "SELECT name FROM team") == [("Other",)]
    assert query(sideline.db, "SELECT COUNT(*) FROM session")[0][0] == 1
    for table in ["sample_minute", "rr_minute", "strap_event", "session_player"]:
        assert query(sideline.db, f"SELECT COUNT(*) FROM {table} WHERE session_id IN (1, 2)")[0][0] == 0, table
    assert query(sideline.db, "SELECT COUNT(*) FROM player")[0][0] == 6, "its players stay"


def test_straps_and_forget_strap(sideline):
    record(sideline, "S")
    listed = sideline("straps").stdout.splitlines()
    assert len(listed) == 3
    first = listed[0].split("\t")
    address = first[0]
    assert first[2].startswith("last seen 20") and first[3].startswith("battery "), first
    assert first[4].startswith("worn by #") and first[4].endswith("(S)"), first

    one_line_error(sideline("forget-strap", "nonsense", "--yes", check=False), "'nonsense' is not a strap address")
    one_line_error(sideline("forget-strap", "00:11:22:33:44:55", "--yes", check=False), "no strap with address 00:11:22:33:44:55")
    declined = run_with_input(sideline, "\n", "forget-strap", address.lower())
    assert "will have no strap" in declined.stdout and "nothing changed" in declined.stdout
    assert len(sideline("straps").stdout.splitlines()) == 3
    forgot = sideline("forget-strap", address.lower(), "--yes").stdout.strip()
    assert forgot.startswith(f"forgot {first[1]} ({address}); no strap now: #"), forgot
    assert [line.split("\t")[0] for line in sideline("straps").stdout.splitlines()] == [line.split("\t")[0] for line in listed[1:]]
    assert "no strap" in sideline("players", "--team", "S").stdout
    # The session that recorded it still names it in its export.
    out = sideline.db.parent / "x"
    sideline("export", "--session", "1", "--format", "csv", "--out", str(out))
    with open(next(out.glob("*_samples.csv")), newline="", encoding="utf-8-sig") as f:
        assert address in {r["strap"] for r in csv.DictReader(f)}
    one_line_error(sideline("forget-strap", address, "--yes", check=False), f"no strap with address {address}")


def test_record_started_at_dates_a_scripted_set_up(sideline):
    """Flow set-ups (deploy/scripts/kiosk/flows) date their sessions before the kiosk's scripted clock."""
    sideline("record", "--source", "sim:2", "--speed", "6000", "--team", "T", "--minutes", "1", "--started-at", "2026-03-14T10:00", "--quiet")
    (line,) = [l for l in sideline("sessions").stdout.splitlines() if l[:1].isdigit()]
    assert line.split("\t")[2] == "2026-03-14 10:00", line
    bad = sideline("record", "--source", "sim:2", "--speed", "6000", "--team", "U", "--minutes", "1", "--started-at", "14.3.2026 10:00",
                   "--quiet", check=False)
    one_line_error(bad, "--started-at", "is not a local time like 2026-03-14T17:30")
    assert [r[0] for r in query(sideline.db, "SELECT name FROM team")] == ["T"], "refused before anything was recorded"
