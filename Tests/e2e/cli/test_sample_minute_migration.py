"""Decision 108 (store v33): heart-rate readings kept a row a player and minute. The store the v30 binary wrote
(Tests/Fixtures/rr-minute-v30: an erased player, a session left recording; test_rr_minute_migration.py compares its
exports with what v30 gave, through this migration too) is migrated, and every reading comes back from
`sample_minute`, decoded here in Python, with every column as `sample` held it, in its covering index's order.
Killed mid-migration, the store is v32 as it was, and the next start migrates it whole."""
import shutil
import signal
import sqlite3
import subprocess

from sideline_testkit.paths import ROOT
from sideline_testkit.sqlite_records import minute_readings, query
from sideline_testkit.waiting import wait_until

FIXTURE = ROOT / "Tests/Fixtures/rr-minute-v30"
COLUMNS = "session_id, player_id, t_ms, bpm, contact, strap_id, energy_kj"


def v30_store(sideline):
    shutil.copyfile(FIXTURE / "v30.sqlite", sideline.db)
    shutil.copyfile(FIXTURE / "v30.sqlite.erasures", str(sideline.db) + ".erasures")
    return query(sideline.db, f"SELECT {COLUMNS} FROM sample ORDER BY session_id, player_id, t_ms, bpm, contact, strap_id, energy_kj")


def readings(db) -> list:
    """Every reading of `sample_minute`, decoded here (not by the store), as (COLUMNS) in index order."""
    return [(s, p, t, bpm, contact, strap, energy)
            for s, p, m, data, wide in query(db, "SELECT session_id, player_id, minute, readings, wide FROM sample_minute "
                                                 "ORDER BY session_id, player_id, minute")
            for t, bpm, contact, strap, energy in minute_readings(m, data, wide)]


def test_every_reading_of_a_v30_store_comes_back_from_its_minutes(sideline):
    before = v30_store(sideline)
    assert len(before) > 500 and any(r[6] is not None for r in before) and any(r[6] is None for r in before)
    sideline("migrate")
    assert query(sideline.db, "SELECT name FROM sqlite_master WHERE name IN ('sample', 'sample_by_player')") == []
    assert readings(sideline.db) == before, "every column of every reading, in v30's index order"
    assert query(sideline.db, "SELECT DISTINCT typeof(readings), typeof(wide) FROM sample_minute") == [("blob", "blob")]
    listed = sideline("sessions").stdout
    assert str(sum(1 for r in before if r[0] == 1)) in listed, "the sessions list counts the readings from their bytes"


def test_a_migration_killed_halfway_leaves_v32_as_it_was(sideline):
    before = v30_store(sideline)
    # The sessions' readings copied under 1 100 more session ids (about a million rows): the packing's transaction
    # outgrows SQLite's page cache and spills into the write-ahead log, uncommitted — that is when it is killed.
    # (v32 before it packs the fixture's 2 081 beats alone: its commit leaves the log well under the mark.)
    con = sqlite3.connect(sideline.db)
    con.execute("WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 1100) "
                f"INSERT INTO sample({COLUMNS}) SELECT s.session_id + 100 * k.n, s.player_id, s.t_ms, s.bpm, s.contact, s.strap_id, "
                "s.energy_kj FROM sample s, k")
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    rows = query(sideline.db, "SELECT count(*) FROM sample")[0][0]
    wal = sideline.db.with_name(sideline.db.name + "-wal")
    migrate = subprocess.Popen([sideline.bin, "migrate", "--db", str(sideline.db)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: migrate.poll() is not None or (wal.exists() and wal.stat().st_size > 4 << 20), 120,
                   "the migration writing into the write-ahead log")
        assert migrate.poll() is None, "the migration ended before it could be killed: give it more rows"
        migrate.send_signal(signal.SIGKILL)
    finally:
        migrate.wait()

    # Each migration is a transaction of its own: the ones before the packing are kept, the packing is not.
    assert query(sideline.db, "SELECT identifier FROM grdb_migrations ORDER BY rowid DESC LIMIT 1") == [("v32-rr-minute",)]
    assert query(sideline.db, "SELECT count(*) FROM sqlite_master WHERE name = 'sample_minute'") == [(0,)]
    assert query(sideline.db, "SELECT count(*) FROM sample")[0][0] == rows
    assert query(sideline.db, f"SELECT {COLUMNS} FROM sample WHERE session_id < 100 "
                              "ORDER BY session_id, player_id, t_ms, bpm, contact, strap_id, energy_kj") == before
    assert query(sideline.db, "PRAGMA integrity_check") == [("ok",)]
    # And the next start migrates it whole.
    sideline("migrate")
    assert query(sideline.db, "SELECT sum(length(readings)) / 10 FROM sample_minute")[0][0] == rows
    assert [r for r in readings(sideline.db) if r[0] < 100] == before
