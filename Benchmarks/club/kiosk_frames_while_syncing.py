"""Issue 23 item 5's figure (make bench-club-kiosk): the live screen's frame time and ring-to-frame latency are
unchanged with a club sync running. A throwaway PostgreSQL and the real `sideline-club` (as Tests/club starts
them), a kiosk database joined to it with `sideline club join`, then `sideline --bench` on that database
(SIDELINE_BENCH_CLUB_DB): it records a season of sessions that wait for the club, measures the live screen of
40 players (frames at 1920×1080 and 800×480, then 40 straps notifying in real time) with no sync, then again with
the kiosk's background worker uploading the season beside it, and prints medians, p95s and their ratios.

    .venv/bin/python Benchmarks/club/kiosk_frames_while_syncing.py [--sessions 120]"""
import argparse
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests/club"))

from conftest import throwaway_club  # noqa: E402  (the tests' server, as they start it)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=120, help="sessions of 24 players × 60 min waiting (default 120)")
    arguments = parser.parse_args()
    sideline = os.environ.get("SIDELINE_BIN") or str(ROOT / ".build/release/sideline")
    club_bin = os.environ.get("SIDELINE_CLUB_BIN") or str(ROOT / ".build/release/sideline-club")
    folder = pathlib.Path(tempfile.mkdtemp(prefix="sideline-bench-club-kiosk-"))
    with throwaway_club(club_bin, folder) as club:
        club.add_club("Bench FC")
        kiosk_db = folder / "kiosk.sqlite"
        subprocess.run([sideline, "club", "join", f"http://127.0.0.1:{club.port}", club.enrolment_code("Bench FC", "pitch-1"),
                        "--db", str(kiosk_db)], check=True, capture_output=True, text=True, timeout=120)
        env = {**os.environ, "SIDELINE_BENCH_CLUB_DB": str(kiosk_db), "SIDELINE_BENCH_CLUB_SESSIONS": str(arguments.sessions)}
        result = subprocess.run([sideline, "--bench"], env=env, cwd=folder, text=True, timeout=3600)
    sys.exit(result.returncode)


if __name__ == "__main__":
    main()
