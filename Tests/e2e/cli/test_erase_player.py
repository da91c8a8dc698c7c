"""Issue 37, item 1 on a kiosk: `sideline erase-player` erases a player for good. After it the
player's name, UUID and the exact bytes of their readings (each sample's SQLite record, as SQLite
writes it) are found nowhere in the database file or its write-ahead log — free pages included —
nor in the exports of the sessions they were in; the others' readings and exports are untouched.
A restore of a backup taken before the erasure brings them back only until the store opens:
the erasure log beside the database outlives the restore and erases them again.

The oracle for "the readings' bytes" is independent of Sideline: SQLite's documented record format
(sideline_testkit.sqlite_records), encoded from the rows Python's own sqlite3 reads before the
erasure; found in the file before, so the search is known to work."""
import sqlite3
import subprocess

from sideline_testkit.processes import one_line_error, run
from sideline_testkit.sqlite_records import query, raw_files, sample_records

ROSTER = ("number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap\n"
          "7,Ada,Lovelace,2001,F,60,55,,A0:00:00:00:00:01\n"
          "87,Zebulonia,Quixotterby,2002,F,61,58,,A0:00:00:00:00:02\n"
          "9,Bea,Brook,2000,M,80,60,,A0:00:00:00:00:03\n")
NAMES = [b"Zebulonia", b"Quixotterby"]


def exports(sideline, sessions, out):
    files = {}
    for s in sessions:
        for fmt in ("csv", "tcx", "fit", "json"):
            for path in sideline("export", "--session", str(s), "--format", fmt, "--out", str(out / f"{s}-{fmt}")).stdout.split():
                files[path] = open(path, "rb").read()
    return files


def setup_two_sessions(sideline, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER)
    sideline("import-roster", str(roster), "--team", "Eagles")
    for _ in range(2):
        sideline("record", "--source", "sim:3", "--speed", "6000", "--team", "Eagles", "--minutes", "2", "--quiet")
    (pid, uuid), = query(sideline.db, "SELECT id, uuid FROM player WHERE last_name = 'Quixotterby'")
    return pid, uuid


def test_an_erased_player_is_nowhere_in_the_file_nor_in_the_exports(sideline, tmp_path):
    pid, uuid = setup_two_sessions(sideline, tmp_path)
    sideline("export", "--session", "1", "--format", "csv", "--out", str(tmp_path / "warm"))  # review's caches computed
    records = sample_records(sideline.db, pid)
    assert len(records) > 200
    others_before = query(sideline.db, "SELECT session_id, player_id, strap_id, t_ms, bpm, contact FROM sample WHERE player_id != ? "
                                       "ORDER BY session_id, player_id, t_ms", pid)
    raw = raw_files(sideline.db)
    for needle in NAMES + [uuid.encode()]:
        assert needle in raw, f"{needle} is in the file before (the search works)"
    assert sum(r in raw for r in records) > len(records) // 2, "the readings' records are found before (the oracle works)"
    before = exports(sideline, [1, 2], tmp_path / "before")
    assert any(NAMES[1] in data for data in before.values())

    declined = run(sideline.bin, "erase-player", "--team", "Eagles", "--number", "87", "--db", str(sideline.db), check=False,
                   stdin=subprocess.DEVNULL)
    assert declined.returncode == 0 and "nothing changed" in declined.stdout, "no terminal: a no"
    out = sideline("erase-player", "--team", "Eagles", "--number", "87", "--yes").stdout
    assert out.startswith("erased #87 of Eagles: ") and "in 2 sessions" in out, out

    raw = raw_files(sideline.db)
    for needle in NAMES + [uuid.encode(), uuid.upper().encode()]:
        assert needle not in raw, f"{needle} is still in the database file"
    left = [r for r in records if r in raw]
    assert not left, f"{len(left)} of the player's readings are still in the file"
    assert query(sideline.db, "PRAGMA freelist_count") == [(0,)]
    assert query(sideline.db, "SELECT COUNT(*) FROM membership WHERE shirt_number = 87") == [(0,)]
    assert query(sideline.db, "PRAGMA integrity_check") == [("ok",)]
    erasures = query(sideline.db, "SELECT player_digest, erased_by FROM player_erasure")
    assert len(erasures) == 1 and erasures[0][1].startswith("sideline erase-player (user ")
    assert query(sideline.db, "SELECT session_id, player_id, strap_id, t_ms, bpm, contact FROM sample "
                              "ORDER BY session_id, player_id, t_ms") == others_before, "the others' readings are intact"
    assert query(sideline.db, "SELECT COUNT(*) FROM session") == [(2,)], "the sessions stay"

    after = exports(sideline, [1, 2], tmp_path / "after")
    for path, data in after.items():
        for needle in NAMES + [uuid.encode(), uuid.upper().encode()]:
            assert needle not in data, f"{needle} in {path}"
    # The others' own files are the same bytes as before; the team's files lost one player.
    renamed = {p.replace("/before/", "/after/"): d for p, d in before.items()}
    kept = [p for p in after if p in renamed and b"Lovelace" in after[p] and b"Brook" not in after[p]]
    assert kept and all(after[p] == renamed[p] for p in kept if not p.endswith((".json", "_summary.csv"))), "Ada's own exports unchanged"
    assert len(after) < len(before), "no file of the erased player is written"

    gone = sideline("erase-player", "--team", "Eagles", "--number", "87", "--yes", check=False)
    one_line_error(gone, "no player wears #87 in Eagles")


def test_a_restored_backup_brings_the_player_back_only_until_the_erasure_is_applied_again(sideline, tmp_path):
    pid, uuid = setup_two_sessions(sideline, tmp_path)
    backups = tmp_path / "backups"
    written = sideline("backup", "--to", str(backups)).stdout
    backup = written.split("backup written: ")[1].split(" (")[0]
    records = sample_records(sideline.db, pid)
    sideline("erase-player", "--team", "Eagles", "--number", "87", "--yes")
    assert NAMES[1] in open(backup, "rb").read(), "an erasure never edits a backup"

    out = sideline("restore", backup).stdout
    assert out.startswith("restored "), out
    raw = raw_files(sideline.db)
    for needle in NAMES + [uuid.encode()]:
        assert needle not in raw, f"{needle} is back in the database after the restore"
    assert not [r for r in records if r in raw]
    assert len(query(sideline.db, "SELECT * FROM player_erasure")) == 1, "the erasure record survives the restore"
    players = [r[0] for r in query(sideline.db, "SELECT last_name FROM player ORDER BY last_name")]
    assert players == ["Brook", "Lovelace"]
    # Nothing of them waits to go to a club either: the restore queues the roster, without them.
    assert not query(sideline.db, "SELECT * FROM club_roster_edit WHERE key LIKE ?", f"%{uuid}%")


def test_the_erasure_log_is_applied_when_the_database_lost_its_record(sideline, tmp_path):
    """The database put back by hand (a copy from before the erasure), and the log's last line torn
    by a power cut: the next open of the store erases the player again from the log alone."""
    pid, uuid = setup_two_sessions(sideline, tmp_path)
    snapshot = tmp_path / "snapshot.sqlite"
    src, dst = sqlite3.connect(sideline.db), sqlite3.connect(snapshot)
    src.backup(dst)
    src.close()
    dst.close()
    sideline("erase-player", "--team", "Eagles", "--number", "87", "--yes")
    log = sideline.db.with_name(sideline.db.name + ".erasures")
    line = log.read_bytes()
    assert line.count(b"\n") == 1 and uuid.encode() not in line and NAMES[0] not in line, line
    log.write_bytes(line + b'{"by":"torn')
    for suffix in ("-wal", "-shm"):
        sideline.db.with_name(sideline.db.name + suffix).unlink(missing_ok=True)
    sideline.db.write_bytes(snapshot.read_bytes())
    assert NAMES[1] in sideline.db.read_bytes()

    sideline("migrate")
    raw = raw_files(sideline.db)
    assert NAMES[1] not in raw and uuid.encode() not in raw
    assert [r[0] for r in query(sideline.db, "SELECT last_name FROM player ORDER BY last_name")] == ["Brook", "Lovelace"]
    assert len(query(sideline.db, "SELECT * FROM player_erasure")) == 1
    # The torn line was skipped, and the next record starts a line of its own.
    sideline("erase-player", "--team", "Eagles", "--number", "9", "--yes")
    lines = log.read_bytes().split(b"\n")
    assert lines[0] == line.rstrip(b"\n") and lines[1] == b'{"by":"torn' and lines[2].startswith(b'{"by":"sideline erase-player'), lines
