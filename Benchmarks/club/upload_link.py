"""The issue's upload figure, measured on a shaped link rather than computed (make bench-club-upload):
one 90-minute session of 24 players (bundles.make(realistic=True): heart rates that wander, RR beat by
beat, so it compresses as a real one) uploaded by the kiosk's client from a kiosk namespace to the
club server over 1 Mbit/s each way (tbf) with 100 ms added to every round trip (the delay relay: no
netem here), on the fault tests' rig (Tests/club/club_rig.py). Goal: ≤ 20 s. Root only.

    .venv/bin/python Benchmarks/club/upload_link.py [--kbit 1000] [--delay-ms 100] [--chunk-kb 256 1024]"""
import argparse
import gzip
import os
import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests/club"))

import bundles  # noqa: E402
from club_rig import Rig, finished, upload_process, write_bundle  # noqa: E402
from sideline_testkit.netns import available  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kbit", type=int, default=1000)
    parser.add_argument("--delay-ms", type=int, default=100)
    parser.add_argument("--chunk-kb", type=int, nargs="+", default=[256, 1024])
    parser.add_argument("--players", type=int, default=24)
    parser.add_argument("--minutes", type=int, default=90)
    arguments = parser.parse_args()
    if why := available():
        sys.exit(f"upload_link: {why}")
    binary = os.environ.get("SIDELINE_CLUB_BIN") or str(ROOT / ".build/release/sideline-club")
    folder = pathlib.Path(tempfile.mkdtemp(prefix="sideline-club-upload-"))
    rig = Rig(binary, folder, kiosks=1)
    try:
        rig.club.add_club("Bench FC")
        kiosk = rig.kiosks[0]
        kiosk.rate(arguments.kbit)
        url = rig.delayed_url(arguments.delay_ms)
        print(f"link: {arguments.kbit} kbit/s each way (tbf), {arguments.delay_ms} ms added to every round trip (relay)")
        for n, chunk_kb in enumerate(arguments.chunk_kb):
            bundle = bundles.make(seed=900 + n, players=arguments.players, minutes=arguments.minutes, realistic=True)
            data = bundles.canonical(bundle)
            packed = len(gzip.compress(data, mtime=0))
            path = write_bundle(folder, data)
            token = rig.club.kiosk("Bench FC", f"pitch-{n}").token
            started = time.monotonic()
            events = finished(upload_process(kiosk, url, token, path, "--chunk", str(chunk_kb * 1024), "--timeout", "30"), 600)
            seconds = time.monotonic() - started
            assert events[-1]["event"] == "stored" and events[-1]["created"] is True, events[-3:]
            line_rate = packed * 8 / (arguments.kbit * 1000)
            sent = next(e["t"] for e in events if e["event"] == "offset" and e["offset"] == packed)
            print(f"{arguments.players} players × {arguments.minutes} min: {len(data) / 1e6:.2f} MB canonical, {packed / 1e6:.2f} MB gzip "
                  f"({len(data) / packed:.1f}×); {chunk_kb} kB chunks: uploaded and stored in {seconds:.1f} s "
                  f"(sent in {sent:.1f} s, the commit {events[-1]['t'] - sent:.1f} s; the bytes alone at line rate: {line_rate:.1f} s; goal ≤ 20 s)")
    finally:
        rig.close()


if __name__ == "__main__":
    main()
