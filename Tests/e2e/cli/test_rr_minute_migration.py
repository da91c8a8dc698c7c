"""Decision 098 (store v32): RR intervals kept a row a player and minute. A store the v30 binary wrote
(Tests/Fixtures/rr-minute-v30: beats at a minute's edges, ties, the u16 extremes, a beat placed back across an edge,
an erased player, a session left recording) is migrated, and the CSV and JSON exports and a player's data give,
byte for byte, what the v30 binary gave from it (its files kept beside the store). Killed mid-migration, the store
is v30 as it was."""
import shutil
import signal
import sqlite3
import subprocess
import zipfile

from sideline_testkit.paths import ROOT
from sideline_testkit.sqlite_records import query, rr_beats
from sideline_testkit.waiting import wait_until

FIXTURE = ROOT / "Tests/Fixtures/rr-minute-v30"
EXPECTED = FIXTURE / "expected"


def v30_store(sideline):
    shutil.copyfile(FIXTURE / "v30.sqlite", sideline.db)
    shutil.copyfile(FIXTURE / "v30.sqlite.erasures", str(sideline.db) + ".erasures")
    return query(sideline.db, "SELECT session_id, player_id, t_ms, rr_1024 FROM rr ORDER BY session_id, player_id, t_ms, rr_1024")


def test_a_v30_store_exports_byte_for_byte_what_v30_gave(sideline, tmp_path):
    before = v30_store(sideline)
    for session in (1, 2):
        for fmt in ("csv", "json"):
            out = tmp_path / f"{fmt}{session}"
            for path in sideline("export", "--session", str(session), "--format", fmt, "--out", str(out)).stdout.split():
                name = path.rsplit("/", 1)[1]
                if (EXPECTED / name).exists():
                    assert open(path, "rb").read() == (EXPECTED / name).read_bytes(), name
        assert (tmp_path / f"csv{session}").exists()
    zipped = sideline("player-data", "--team", "Edges", "--number", "88", "--out", str(tmp_path / "pd")).stdout.strip()
    with zipfile.ZipFile(zipped) as z:
        sessions = {n.rsplit("/", 1)[1]: z.read(n) for n in z.namelist() if "/sessions/" in n}
    assert sessions == {p.name: p.read_bytes() for p in (EXPECTED / "player-data").iterdir()}

    assert query(sideline.db, "SELECT name FROM sqlite_master WHERE name IN ('rr', 'rr_by_player')") == []
    after = [(s, p, t, rr) for s, p in query(sideline.db, "SELECT DISTINCT session_id, player_id FROM rr_minute ORDER BY 1, 2")
             for t, rr in rr_beats(sideline.db, s, p)]
    assert after == before, "every beat of v30 read back from rr_minute, decoded here"
    assert 3 not in {p for _, p, _, _ in after}, "the erased player has no row"


def test_a_migration_killed_halfway_leaves_v30_as_it_was(sideline):
    before = v30_store(sideline)
    # The sessions' beats copied under 400 more session ids (about 800 000 rows): the migration's transaction outgrows
    # SQLite's page cache and spills into the write-ahead log while it packs, uncommitted — that is when it is killed.
    con = sqlite3.connect(sideline.db)
    con.execute("WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 400) "
                "INSERT INTO rr SELECT r.session_id + 100 * k.n, r.player_id, r.t_ms, r.rr_1024 FROM rr r, k")
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    rows = query(sideline.db, "SELECT count(*) FROM rr")[0][0]
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
    assert query(sideline.db, "SELECT identifier FROM grdb_migrations ORDER BY rowid DESC LIMIT 1") == [("v31-club-problem-message",)]
    assert query(sideline.db, "SELECT count(*) FROM sqlite_master WHERE name = 'rr_minute'") == [(0,)]
    assert query(sideline.db, "SELECT count(*) FROM rr")[0][0] == rows
    assert query(sideline.db, "SELECT * FROM rr WHERE session_id < 100 ORDER BY session_id, player_id, t_ms, rr_1024") == before
    # And the next start migrates it whole.
    sideline("migrate")
    assert sum(len(rr_beats(sideline.db, s, p)) for s, p in
               query(sideline.db, "SELECT DISTINCT session_id, player_id FROM rr_minute")) == rows
