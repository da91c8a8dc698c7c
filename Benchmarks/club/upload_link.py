"""The issue's upload figure, measured on a shaped link rather than computed (make bench-club-upload):
one 90-minute session of 24 players recorded by the real `sideline record` (simulated straps) and synced
by the real kiosk client, `sideline club sync`, from a kiosk namespace to the club server over TLS,
over 1 Mbit/s each way (tbf) with 100 ms added to every round trip (the delay relay: no netem here), on
the fault tests' rig (Tests/club/club_rig.py). Printed: the upload from its creation to the session stored
(the server's rows, polled), and the whole pass (the bundle made, the joined roster up, the feed down).
Goal: ≤ 20 s. Root only.

    .venv/bin/python Benchmarks/club/upload_link.py [--kbit 1000] [--delay-ms 100] [--chunk-kb 256 1024]"""
import argparse
import os
import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests/club"))

from club_rig import Rig, SyncPasses  # noqa: E402
from sideline_testkit.netns import available  # noqa: E402
from sideline_testkit.waiting import wait_until  # noqa: E402


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
    club = os.environ.get("SIDELINE_CLUB_BIN") or str(ROOT / ".build/release/sideline-club")
    sideline = os.environ.get("SIDELINE_BIN") or str(ROOT / ".build/release/sideline")
    folder = pathlib.Path(tempfile.mkdtemp(prefix="sideline-club-upload-"))
    rig = Rig(club, sideline, folder, "Bench FC", kiosks=1)
    try:
        host = rig.kiosks[0]
        print(f"link: {arguments.kbit} kbit/s each way (tbf), {arguments.delay_ms} ms added to every round trip (relay), TLS")
        for n, chunk_kb in enumerate(arguments.chunk_kb):
            kiosk = rig.kiosk(host, f"pitch-{n}")
            kiosk.record(team=f"Pitch {n}", players=arguments.players, minutes=arguments.minutes, speed=100_000, seed=900 + n)
            host.clear()
            rig.delay(0)
            rig.join(kiosk, rig.relay_url())
            host.rate(arguments.kbit)
            rig.delay(arguments.delay_ms)
            (uuid,), = kiosk.sql("SELECT uuid FROM session")
            passes = SyncPasses(kiosk, "--chunk-bytes", str(chunk_kb * 1024))
            process = passes.start()
            packed = wait_until(lambda: rig.upload_length(uuid), 120, what="the upload created")
            created = passes.seconds()
            wait_until(lambda: rig.club.owner_sql(f"SELECT count(*) FROM session WHERE uuid = '{uuid}'") == "1", 600, what="the session stored")
            stored = passes.seconds()
            passes.until_done(process, deadline=600)
            line_rate = packed * 8 / (arguments.kbit * 1000)
            print(f"{arguments.players} players × {arguments.minutes} min: {packed / 1e6:.2f} MB gzip; {chunk_kb} kB chunks: "
                  f"uploaded (created → stored) in {stored - created:.1f} s; the whole pass {passes.seconds():.1f} s "
                  f"({len(passes.ended)} pass(es); the bundle made in {created:.1f} s; the bytes alone at line rate: {line_rate:.1f} s; goal ≤ 20 s)")
    finally:
        rig.close()


if __name__ == "__main__":
    main()
