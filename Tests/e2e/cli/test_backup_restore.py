"""`sideline backup` and `sideline restore` through the CLI, checked with Python's own sqlite3:
a consistent copy while `record` writes, the last N kept, and restores that refuse what they
cannot use (a live recorder, a damaged file, a newer schema) without changing anything."""
import pathlib
import re
import signal
import sqlite3
import subprocess
import time

import pytest

from sideline_testkit.sqlite_records import readings_table
from sideline_testkit.waiting import wait_until

NAME = re.compile(r"^sideline-\d{8}-\d{6}Z(-\d+)?\.sqlite$")


def query(db, sql, *args):
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        readings_table(con, sql)  # `sample` as v32 had it, decoded from store v33's minutes
        return con.execute(sql, args).fetchall()


def integrity(db):
    return query(db, "PRAGMA integrity_check")


@pytest.fixture
def live_record(sideline_bin, tmp_path):
    """A `record` of 4 simulated straps that runs until stopped; yields (process, db)."""
    db = tmp_path / "live.sqlite"
    process = subprocess.Popen([sideline_bin, "record", "--db", str(db), "--source", "sim:4", "--speed", "20",
                                "--team", "Live", "--minutes", "600", "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def samples():
        try:
            return query(db, "SELECT COUNT(*) FROM sample")[0][0]
        except sqlite3.Error:
            return 0
    wait_until(lambda: samples() > 200, timeout=60, what="the recording committing samples")
    yield process, db
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=60)


def test_backups_while_recording_are_consistent_and_the_folder_keeps_the_last_n(sideline_bin, live_record, tmp_path):
    process, db = live_record
    folder = tmp_path / "backups"
    counts, snapshots = [], []
    for _ in range(3):
        before = query(db, "SELECT COUNT(*) FROM sample")[0][0]
        out = subprocess.run([sideline_bin, "backup", "--db", str(db), "--to", str(folder), "--keep", "2"],
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        assert out.stdout.startswith("backup written: "), out.stdout
        path = pathlib.Path(out.stdout.split("backup written: ")[1].split(" (")[0])
        assert NAME.match(path.name), path.name
        assert integrity(path) == [("ok",)]
        assert query(path, "PRAGMA journal_mode") == [("delete",)]
        (state,), = query(path, "SELECT state FROM session")
        assert state == "running", "the copy caught the session mid-recording"
        n = query(path, "SELECT COUNT(*) FROM sample")[0][0]
        assert n >= before, "everything committed before the backup started is in it"
        # One snapshot: whole commits only, so each player's readings are exactly the first ones the recorder wrote
        # of them (store v33: a minute's row a player, appended to each second; no rowid order to read).
        rows = query(path, "SELECT player_id, t_ms, bpm FROM sample ORDER BY player_id, t_ms")
        snapshots.append((path, rows))
        counts.append(n)
        time.sleep(1.1)  # a new name each time (names are by the second)
    assert counts == sorted(counts)
    kept = sorted(p.name for p in folder.iterdir())
    assert len(kept) == 2 and all(NAME.match(k) for k in kept), kept
    assert process.poll() is None, "the recorder went on untouched"
    process.send_signal(signal.SIGINT)
    process.communicate(timeout=60)
    final = query(db, "SELECT player_id, t_ms, bpm FROM sample ORDER BY player_id, t_ms")
    for path, rows in snapshots:
        for player in {r[0] for r in final}:
            mine, theirs = [r for r in rows if r[0] == player], [r for r in final if r[0] == player]
            assert mine == theirs[:len(mine)], f"{path.name} holds a prefix of what was recorded of player {player}"


def test_restore_is_refused_while_the_recorder_runs(sideline_bin, live_record, tmp_path):
    process, db = live_record
    backup = subprocess.run([sideline_bin, "backup", "--db", str(db), "--to", str(tmp_path / "b")],
                            capture_output=True, text=True, timeout=120, check=True).stdout.split("backup written: ")[1].split(" (")[0]
    out = subprocess.run([sideline_bin, "restore", backup, "--db", str(db)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert "stop it first" in out.stderr and "nothing was changed" in out.stderr, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert not list(tmp_path.glob("*.before-restore-*"))
    assert process.poll() is None


def test_restore_puts_a_backup_back_keeps_the_old_database_aside_and_marks_a_caught_session_interrupted(sideline_bin, live_record, sideline, tmp_path):
    process, db = live_record
    out = subprocess.run([sideline_bin, "backup", "--db", str(db), "--to", str(tmp_path / "b")], capture_output=True, text=True, timeout=120, check=True)
    backup = out.stdout.split("backup written: ")[1].split(" (")[0]
    in_backup = query(backup, "SELECT COUNT(*) FROM sample")[0][0]
    process.send_signal(signal.SIGINT)
    process.communicate(timeout=60)
    after = query(db, "SELECT COUNT(*) FROM sample")[0][0]
    assert after > in_backup

    restored = subprocess.run([sideline_bin, "restore", backup, "--db", str(db)], capture_output=True, text=True, timeout=120)
    assert restored.returncode == 0, restored.stderr
    assert "1 caught recording, marked interrupted" in restored.stdout, restored.stdout
    (aside,) = [p for p in tmp_path.glob("live.sqlite.before-restore-*") if not p.name.endswith("-wal")]
    assert str(aside) in restored.stdout
    assert query(db, "SELECT COUNT(*) FROM sample")[0][0] == in_backup
    assert query(db, "SELECT state FROM session") == [("interrupted",)]
    assert integrity(db) == [("ok",)]
    # The database as it was before the restore, with the whole recording.
    assert query(aside, "SELECT COUNT(*) FROM sample")[0][0] == after
    listed = subprocess.run([sideline_bin, "sessions", "--db", str(db)], capture_output=True, text=True, timeout=60, check=True)
    assert "interrupted" in listed.stdout


def test_restore_refuses_a_damaged_file_a_newer_schema_and_a_foreign_database(sideline, sideline_bin, tmp_path):
    sideline("record", "--source", "sim:2", "--speed", "6000", "--team", "T", "--minutes", "1", "--quiet")
    out = sideline("backup", "--to", str(tmp_path / "b")).stdout
    good = pathlib.Path(out.split("backup written: ")[1].split(" (")[0])
    original = sideline.db.read_bytes()

    damaged = tmp_path / "damaged.sqlite"
    data = bytearray(good.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    data[page_size + 8: page_size + 200] = b"\xff" * 192  # the second page's cells
    damaged.write_bytes(bytes(data))
    newer = tmp_path / "newer.sqlite"
    newer.write_bytes(good.read_bytes())
    with sqlite3.connect(newer) as con:
        con.execute("INSERT INTO grdb_migrations VALUES ('v99-a-future-sideline')")
    text = tmp_path / "notes.sqlite"
    text.write_text("not a database at all\n" * 400)
    foreign = tmp_path / "foreign.sqlite"
    with sqlite3.connect(foreign) as con:
        con.execute("CREATE TABLE contacts(name TEXT)")

    for file, reason in [(damaged, "damaged"), (newer, "newer version of Sideline"), (text, "not a SQLite database"),
                         (foreign, "not a Sideline database"), (tmp_path / "missing.sqlite", "no such file")]:
        result = sideline("restore", str(file), check=False)
        assert result.returncode == 2, (file, result.stdout)
        line = result.stderr.strip()
        assert len(line.splitlines()) == 1 and reason in line and "nothing was changed" in line, (file, line)
    assert sideline.db.read_bytes() == original
    assert not list(tmp_path.glob("*.before-restore-*"))


def test_backup_errors_are_one_line(sideline, tmp_path):
    missing = sideline("backup", check=False)
    assert missing.returncode == 2 and "there is no database" in missing.stderr, missing.stderr
    sideline("teams")
    blocked = tmp_path / "a-file"
    blocked.write_text("x")
    result = sideline("backup", "--to", str(blocked / "sub"), check=False)
    assert result.returncode == 2 and "backup failed" in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr
    bad_keep = sideline("backup", "--keep", "0", check=False)
    assert bad_keep.returncode != 0 and "--keep" in bad_keep.stderr
