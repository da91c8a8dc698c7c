"""What a hostile kiosk uploads to cost the server most, shared by Tests/club/test_bounded_resources.py and
Benchmarks/club/hostile_server.py: gzip bombs and a bundle of 10 million readings, built and compressed piece by
piece (never held whole here either), sent the way a kiosk sends (create, PATCH the chunks, commit); and the
server process's memory as the kernel counts it."""
import hashlib
import json
import zlib

import bundles


def memory_mb(pid: int) -> tuple:
    """(resident now, peak resident) of process `pid`, in MB."""
    fields = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status").read().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def streamed_gzip(pieces) -> tuple:
    """(gzip bytes, SHA-256 of the text) of a text given piece by piece."""
    out, sha = [], hashlib.sha256()
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)  # 31: a gzip header and trailer
    for piece in pieces:
        data = piece.encode() if isinstance(piece, str) else piece
        sha.update(data)
        out.append(packer.compress(data))
    out.append(packer.flush())
    return b"".join(out), sha.hexdigest()


def bomb(megabytes: int) -> tuple:
    """A bundle's opening, then `megabytes` MB of one long name: well under 1 MB of gzip that inflates past every bound."""
    return streamed_gzip(['{"format":1,"session":{"teamName":"'] + ["a" * (1 << 20)] * megabytes + ['"}}'])


def ten_million_readings(session_uuid: str) -> tuple:
    """A bundle whose one player has 10 million readings of zeros: a few tens of kB of gzip."""
    text = json.dumps(bundles.make(seed=3, players=1, minutes=1, session_uuid=session_uuid), sort_keys=True, separators=(",", ":"))
    before, after = text.split('"bpm":', 1)
    after = after.split("]", 1)[1]
    return streamed_gzip([before, '"bpm":['] + ["0," * 1_000_000] * 10 + ["0]", after])


def send(kiosk, session_uuid: str, packed: bytes, sha: str, chunk: int = 2 * 1024 * 1024):
    """Create, PATCH every chunk, commit: the commit's answer."""
    r = kiosk.request("POST", "/api/v1/kiosk/uploads", {"sessionUUID": session_uuid, "sha256": sha, "length": len(packed)})
    assert r.status == 201, r
    upload = r.json()["uploadID"]
    for offset in range(0, len(packed), chunk):
        r = kiosk.request("PATCH", f"/api/v1/kiosk/uploads/{upload}", packed[offset:offset + chunk],
                          {"Upload-Offset": str(offset), "Content-Type": "application/offset+octet-stream"})
        assert r.status == 200, r
    return kiosk.request("POST", f"/api/v1/kiosk/uploads/{upload}/commit")
