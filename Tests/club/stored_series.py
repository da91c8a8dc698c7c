"""The readings a session's participant has in the database (`session_participant.samples` and `.rr`),
decoded independently of the server's SeriesCodec: a version byte, the count, then each column as
LEB128 varints — heart rates and RR values as zig-zag differences from the one before, energy + 1
(0 for none). The fault tests compare them with the bundle the kiosk sent: nothing lost, nothing mixed."""

VERSION = 1


class Reader:
    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def varint(self) -> int:
        value, shift = 0, 0
        while True:
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 0x7F) << shift
            if byte < 0x80:
                return value - (1 << 64) if value >= 1 << 63 else value
            shift += 7

    def column(self, n: int) -> list:
        return [self.varint() for _ in range(n)]

    def differences(self, n: int) -> list:
        out, previous = [], 0
        for _ in range(n):
            z = self.varint() & (2 ** 64 - 1)
            previous += (z >> 1) ^ -(z & 1)
            out.append(previous)
        return out


def decode_samples(data: bytes) -> dict:
    r = Reader(data)
    assert r.varint() == VERSION
    n = r.varint()
    columns = {"tMsDeltas": r.column(n), "bpm": r.differences(n), "contact": r.column(n), "strap": r.column(n),
               "energyKJ": [None if v == 0 else v - 1 for v in r.column(n)]}
    assert r.at == len(data), "bytes after the last column"
    return columns


def decode_rr(data: bytes) -> dict:
    r = Reader(data)
    assert r.varint() == VERSION
    n = r.varint()
    columns = {"tMsDeltas": r.column(n), "rr1024": r.differences(n)}
    assert r.at == len(data), "bytes after the last column"
    return columns


def stored_participants(owner_sql, session_uuid: str) -> list:
    """[(samples, rr)] of the session's participants in their order, as the database has them."""
    rows = owner_sql(f"SELECT encode(samples, 'hex') || ' ' || encode(rr, 'hex') FROM session_participant "
                     f"WHERE session_uuid = '{session_uuid.lower()}' ORDER BY ordinal").split()
    return [(decode_samples(bytes.fromhex(rows[i])), decode_rr(bytes.fromhex(rows[i + 1]))) for i in range(0, len(rows), 2)]
