"""What is left of rows in a SQLite file, found by their bytes: the oracle of the erasure tests (issue 37).
A row is written as a record in SQLite's documented file format (https://www.sqlite.org/fileformat.html#record_format):
encoded here from the values Python's own sqlite3 reads, it is searched for in the raw file and its
write-ahead log, free pages and old frames included."""
import pathlib
import sqlite3


def query(db, sql, *args):
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
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
    """A row's record (integers and NULLs): its header (size, a serial type per column), then the body."""
    types, body = [], b""
    for v in values:
        if v is None:
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
    """A player's `sample` rows as the table stores them, and as its covering index `sample_by_player` does."""
    rows = query(db, "SELECT session_id, player_id, strap_id, t_ms, bpm, contact, energy_kj, rowid FROM sample WHERE player_id = ?",
                 player_id)
    table = [record(r[:7]) for r in rows]
    index = [record((r[0], r[1], r[3], r[4], r[5], r[2], r[6], r[7])) for r in rows]
    return table + index


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
