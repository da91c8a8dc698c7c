"""`sideline record --recovery 60`: the recorder runs on for the minute after the effort, the
simulated players rest, and the review numbers show each player's heart-rate recovery."""
import csv
import json
import signal
import sqlite3
import subprocess
from sideline_testkit.sqlite_records import readings_table


def session_row(db):
    with sqlite3.connect(db) as con:
        return con.execute("SELECT state, planned_ms, effort_end_ms, ended_ms - started_ms FROM session ORDER BY id DESC LIMIT 1").fetchone()


def test_recovery_minute_is_recorded_and_reviewed(sideline, tmp_path):
    out = sideline("record", "--source", "sim:4", "--speed", "60", "--team", "R", "--minutes", "2", "--recovery", "60").stdout
    assert "effort over" in out and "HRR60" in out, out
    assert session_row(sideline.db) == ("ended", 120_000, 120_000, 180_000)
    with sqlite3.connect(sideline.db) as con:
        readings_table(con)
        last = con.execute("SELECT MAX(t_ms) FROM sample").fetchone()[0]
    assert 178_000 <= last < 180_000, "samples through the recovery minute"

    folder = tmp_path / "export"
    sideline("export", "--session", "1", "--format", "json", "--out", str(folder))
    sideline("export", "--session", "1", "--format", "csv", "--out", str(folder))
    (summary_json,) = folder.glob("*_summary.json")
    summary = json.loads(summary_json.read_text())
    assert summary["durationSeconds"] == 180 and summary["effortEndSeconds"] == 120
    assert len(summary["players"]) == 4
    for player in summary["players"]:
        session = player["session"]
        # Resting after a work bout, with the simulation's recovery kinetics: a big, positive drop.
        assert session["recovery60sBPM"] is not None and session["recovery60sBPM"] > 20, player["name"]
        assert "recovery60sBPM" not in player["notEnoughData"]
        # The totals are the effort: the recovery minute is not counted as work.
        assert session["signalSeconds"] <= 120.5, session["signalSeconds"]

    (summary_csv,) = folder.glob("*_summary.csv")
    with open(summary_csv, newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["lap"] == "all"]
    assert len(rows) == 4
    assert all(float(r["to_s"]) == 120 and float(r["recovery_60s_bpm"]) > 20 for r in rows), rows


def test_without_recovery_nothing_changes(sideline):
    out = sideline("record", "--source", "sim:2", "--speed", "6000", "--team", "Q", "--minutes", "1").stdout
    assert "effort over" not in out and "HRR60" not in out
    assert session_row(sideline.db) == ("ended", 60_000, 60_000, 60_000)


def record_until_the_effort_ends(sideline_bin, db):
    process = subprocess.Popen([sideline_bin, "record", "--db", str(db), "--source", "sim:3", "--speed", "10", "--team", "C",
                                "--minutes", "0.5", "--recovery", "60", "--quiet"], stdout=subprocess.PIPE, text=True)
    for line in process.stdout:
        if line.startswith("effort over"):
            return process
    raise AssertionError(f"no 'effort over' line; exit {process.wait()}")


def test_ctrl_c_in_the_recovery_minute_ends_cleanly(sideline_bin, tmp_path):
    db = tmp_path / "c.sqlite"
    process = record_until_the_effort_ends(sideline_bin, db)
    process.send_signal(signal.SIGINT)
    rest, _ = process.communicate(timeout=60)
    assert process.returncode == 0
    assert "saved" in rest, rest
    state, _, effort_end, duration = session_row(db)
    assert (state, effort_end) == ("ended", 30_000)
    assert 30_000 <= duration < 90_000, duration


def test_kill_in_the_recovery_minute_keeps_the_effort_end(sideline_bin, tmp_path):
    db = tmp_path / "k.sqlite"
    process = record_until_the_effort_ends(sideline_bin, db)
    process.kill()
    process.wait(timeout=30)
    # `sessions` only reads: it shows the session as interrupted; the next recording marks it so.
    listed = subprocess.run([sideline_bin, "sessions", "--db", str(db)], check=True, capture_output=True, text=True, timeout=60)
    assert "\tinterrupted\t" in listed.stdout, listed.stdout
    subprocess.run([sideline_bin, "record", "--db", str(db), "--source", "sim:3", "--speed", "6000", "--team", "C",
                    "--minutes", "0.1", "--quiet"], check=True, capture_output=True, timeout=60)
    with sqlite3.connect(db) as con:
        state, effort_end = con.execute("SELECT state, effort_end_ms FROM session WHERE id = 1").fetchone()
    assert (state, effort_end) == ("interrupted", 30_000)
