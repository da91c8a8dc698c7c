"""What is left of rows in a SQLite file, found by their bytes: the oracle of the erasure tests (issue 37).
A row is written as a record in SQLite's documented file format (https://www.sqlite.org/fileformat.html#record_format):
encoded here from the values Python's own sqlite3 reads, it is searched for in the raw file and its
write-ahead log, free pages and old frames included."""
import pathlib
import sqlite3


def query(db, sql, *args):
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        readings_table(con, sql)
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def varint(n: int) -> bytes:
    """SQLite's big-endian base-128 varint (values below 2**56 here)."""
    out = [n & 0x7F]
    n >>= 7
    while n:
        out.append(0x80 | (n & 0x7F))
        n >>= 7
    return bytes(reversed(out))


def record(values) -> bytes:
    """A row's record (integers, blobs and NULLs): its header (size, a serial type per column), then the body."""
    types, body = [], b""
    for v in values:
        if isinstance(v, bytes):
            types.append(12 + 2 * len(v))
            body += v
        elif v is None:
            types.append(0)
        elif v == 0:
            types.append(8)
        elif v == 1:
            types.append(9)
        else:
            for serial, size in ((1, 1), (2, 2), (3, 3), (4, 4), (5, 6), (6, 8)):
                if -(1 << (8 * size - 1)) <= v < (1 << (8 * size - 1)):
                    types.append(serial)
                    body += v.to_bytes(size, "big", signed=True)
                    break
    header = b"".join(varint(t) for t in types)
    return varint(len(header) + 1) + header + body


def sample_records(db, player_id) -> list:
    """A player's readings as the file stores them (store v33, decision 108): each `sample_minute` row's record (a
    WITHOUT ROWID table: the record is the row, no index beside it), and each reading's 10 bytes within it — its
    strap's id is in them, so no other player's reading is the same bytes."""
    rows = query(db, "SELECT session_id, player_id, minute, readings, wide FROM sample_minute WHERE player_id = ?", player_id)
    return [record(r) for r in rows] + [r[3][i:i + READING] for r in rows for i in range(0, len(r[3]), READING)]


def raw_files(db) -> bytes:
    """The database and its write-ahead log, byte for byte."""
    db = pathlib.Path(db)
    wal = db.with_name(db.name + "-wal")
    return db.read_bytes() + (wal.read_bytes() if wal.exists() else b"")


def minute_beats(minute, blob) -> list:
    """One `rr_minute` row's beats (store v32, decision 098), decoded here in Python: 4 bytes a beat, little-endian u16 ms
    into the minute and u16 RR in 1/1024 s; as (t_ms, rr_1024) in time order, ties by RR."""
    assert len(blob) % 4 == 0, (minute, len(blob))
    return sorted((minute * 60_000 + int.from_bytes(blob[i:i + 2], "little"), int.from_bytes(blob[i + 2:i + 4], "little"))
                  for i in range(0, len(blob), 4))


def rr_beats(db, session_id, player_id) -> list:
    """A player's beats of a session as (t_ms, rr_1024), in time order."""
    return [beat for minute, blob in query(db, "SELECT minute, beats FROM rr_minute WHERE session_id = ? AND player_id = ? ORDER BY minute",
                                           session_id, player_id)
            for beat in minute_beats(minute, blob)]


READING, WIDE = 10, 32


def minute_readings(minute, readings, wide) -> list:
    """One `sample_minute` row's readings (store v33, decision 108), decoded here in Python: 10 bytes a reading,
    little-endian u16 ms into the minute, u16 bpm, u16 strap id, u16 energy (kJ), u8 contact, u8 flags (1: energy,
    2: wide — the exact bpm, strap, energy and contact are the next 32 bytes of `wide`, i64 each). As (t_ms, bpm,
    contact, strap_id, energy_kj) in v32's index order: time, bpm, contact, strap, energy (NULL first)."""
    assert len(readings) % READING == 0, (minute, len(readings))
    out, w = [], 0
    for i in range(0, len(readings), READING):
        t, bpm, strap, energy = (int.from_bytes(readings[i + k:i + k + 2], "little") for k in (0, 2, 4, 6))
        contact, flags = readings[i + 8], readings[i + 9]
        assert t < 60_000 and flags & ~3 == 0, (minute, i)
        if flags & 2:
            bpm, strap, energy, contact = (int.from_bytes(wide[w + k:w + k + 8], "little", signed=True) for k in (0, 8, 16, 24))
            w += WIDE
        out.append((minute * 60_000 + t, bpm, contact, strap, energy if flags & 1 else None))
    assert w == len(wide), (minute, len(wide))
    return sorted(out, key=lambda r: r[:4] + ((0, 0) if r[4] is None else (1, r[4]),))


def readings_table(con, sql=None):
    """Gives `con` a TEMP table `sample` with v32's columns, decoded from `sample_minute` in Python, so that a
    test's SQL about readings asks what it asked before v33 (temp: nothing is written to the file). Nothing when
    `sql` does not name `sample`, or when the file still has its own `sample` (a store older than v33)."""
    import re
    if sql is not None and not re.search(r"\bsample\b", sql):
        return
    tables = {name for name, in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "sample" in tables or "sample_minute" not in tables:
        return
    con.execute("CREATE TEMP TABLE IF NOT EXISTS sample(session_id INTEGER, player_id INTEGER, strap_id INTEGER, t_ms INTEGER, "
                "bpm INTEGER, contact INTEGER, energy_kj INTEGER)")
    # v32's covering index too: the same plans, so rows tied on what a query orders by come in the same order.
    con.execute("CREATE INDEX IF NOT EXISTS temp.sample_by_player ON sample(session_id, player_id, t_ms, bpm, contact, strap_id, energy_kj)")
    con.execute("DELETE FROM temp.sample")
    rows = con.execute("SELECT session_id, player_id, minute, readings, wide FROM sample_minute ORDER BY session_id, player_id, minute").fetchall()
    con.executemany("INSERT INTO temp.sample VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(s, p, strap, t, bpm, contact, energy) for s, p, m, readings, wide in rows
                     for t, bpm, contact, strap, energy in minute_readings(m, readings, wide)])
