"""The database Sideline writes is plain SQLite that another SQLite client (Python's
own) reads while it is in WAL mode, consistent with `sideline export`."""
import csv
import sqlite3
from sideline_testkit.sqlite_records import readings_table


def test_recorded_session_reads_back_in_an_independent_sqlite_client(sideline, tmp_path):
    sideline("record", "--source", "sim:5", "--seed", "4", "--speed", "1000", "--team", "Peers", "--minutes", "1", "--quiet")
    out = tmp_path / "export"
    files = sideline("export", "--session", "1", "--format", "csv", "--out", str(out)).stdout.split()
    samples_csv = next(f for f in files if f.endswith("_samples.csv"))

    con = sqlite3.connect(f"file:{sideline.db}?mode=ro", uri=True)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    state, committed = con.execute("SELECT state, committed_t_ms FROM session WHERE id = 1").fetchone()
    assert state == "ended"
    assert 59_000 <= committed <= 60_000
    readings_table(con)  # the readings are a minute's blob a player since store v33: decoded by the kit, as a plain program would
    db_rows = con.execute("SELECT t_ms, bpm FROM sample WHERE session_id = 1 ORDER BY player_id, t_ms").fetchall()

    with open(samples_csv, newline="") as f:
        rows = list(csv.DictReader(f))
    assert [(int(r["t_ms"]), int(r["bpm"])) for r in rows] == db_rows
    assert len({r["player"] for r in rows}) == 5
    # Heart rates a body can have, except where the strap said it lost skin contact.
    assert all(30 <= int(r["bpm"]) <= 220 for r in rows if r["contact"] == "yes")
