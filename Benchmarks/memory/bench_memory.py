#!/usr/bin/env python3
"""`make bench-memory` (issue 34, item 4): the kiosk's peak memory, medians of a few runs.

    python3 Benchmarks/memory/bench_memory.py [--sideline BIN | --static] [--only WORDS] [--runs 3] [--minutes 180]

The binary: the dynamically linked release build (`swift build -c release`, the default), or with
--static the board's, `deploy/package/release-build.sh`'s (the Swift runtime and Foundation linked in:
their pages are the binary's own, and only those it touches are resident).

Each figure is one whole process's peak RSS (`/usr/bin/time`'s maximum resident set, which is the
kernel's VmHWM at its end):
- record + review in the kiosk: the headless kiosk (offscreen driver, software renderer, 800×480)
  records 40 simulated straps for MINUTES of its scripted clock, stops, waits out the recovery
  minute, saves and opens the session's review — as a coach does on the board (target ≤ 120 MB);
- the same from the command line: `sideline record --source sim:40 --minutes MINUTES` with its
  summary (the same analysis the review shows);
- 40 live: the headless kiosk at 1920×1080 with 40 straps, ten minutes into a session, the live
  screen drawn (target ≤ 60 MB). Three ways: the whole process with the screenshot that ends its
  script (the figure as first measured); the same without it (a headless screenshot is a second
  1920×1080 surface and the PNG encoder, which a kiosk on a display never makes); and the peak while
  live, read from /proc (VmHWM) when the script reaches the tenth minute, before the quit ends and
  saves the session (whose end is a session's end, not 40 live).
A benchmark, not a test: it prints, it does not judge. Run by the system's python3 from the checkout.
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def peak_mb(argv, env=None):
    """(peak RSS in MB, wall seconds) of one process; raises with its output if it fails."""
    with tempfile.NamedTemporaryFile("r") as out:
        started = time.monotonic()
        result = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", out.name, *argv], capture_output=True, text=True,
                                env=dict(os.environ, **(env or {})))
        seconds = time.monotonic() - started
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(map(str, argv))} failed ({result.returncode}):\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
        return int(out.read().split()[-1]) / 1024, seconds


def kiosk(binary, work, script, size, straps):
    """The headless kiosk playing `script` on a fresh database with a team of `straps` simulated players."""
    db = work / "kiosk.sqlite"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    subprocess.run([binary, "record", "--db", db, "--source", f"sim:{straps}", "--seed", "7", "--speed", "6000",
                    "--team", "Squad", "--minutes", "1", "--started-at", "2026-03-12T18:00", "--quiet"], check=True,
                   capture_output=True)
    path = work / "script.kiosk"
    path.write_text(script)
    measured = peak_mb([binary, "--headless", "--size", size, "--script", path, "--screenshots", work / "shots", "--db", db,
                        "--source", f"sim:{straps}"])
    sessions = subprocess.run([binary, "sessions", "--db", db], check=True, capture_output=True, text=True).stdout
    # The session recorded here (the set-up's is the other one).
    return measured + (next((line for line in sessions.splitlines() if "\tSquad\t" in line and "2026-03-12" not in line), "none"),)


def live_peak(binary, work, size, straps):
    """The headless kiosk's peak RSS (VmHWM) while it is live, before it quits: its script dumps its
    state at the tenth minute and waits for a file, while this reads /proc/PID/status."""
    db = work / "kiosk.sqlite"
    subprocess.run([binary, "record", "--db", db, "--source", f"sim:{straps}", "--seed", "7", "--speed", "6000",
                    "--team", "Squad", "--minutes", "1", "--started-at", "2026-03-12T18:00", "--quiet"], check=True,
                   capture_output=True)
    shots = work / "shots"
    shots.mkdir()
    path = work / "script.kiosk"
    path.write_text(LIVE + 'dump live.json\nwait for "go"\n')
    started = time.monotonic()
    process = subprocess.Popen([binary, "--headless", "--size", size, "--script", path, "--screenshots", shots, "--db", db,
                                "--source", f"sim:{straps}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        while not (shots / "live.json").exists():
            if process.poll() is not None:
                raise RuntimeError(f"the kiosk ended before its tenth minute:\n{process.stderr.read()[-2000:]}")
            time.sleep(0.05)
        status = Path(f"/proc/{process.pid}/status").read_text()
        peak = int(next(line for line in status.splitlines() if line.startswith("VmHWM:")).split()[1]) / 1024
        seconds = time.monotonic() - started
    finally:
        (shots / "go").touch()
        process.wait(timeout=600)
    return peak, seconds


def record_command(binary, work, minutes):
    """`sideline record` at 600× (faster, the simulation drops more readings than it records); what it saved."""
    measured = peak_mb([binary, "record", "--db", work / "record.sqlite", "--source", "sim:40", "--seed", "7",
                        "--speed", "600", "--team", "Squad", "--minutes", str(minutes)])
    sessions = subprocess.run([binary, "sessions", "--db", work / "record.sqlite"], check=True, capture_output=True, text=True).stdout
    return measured + (sessions.strip().splitlines()[-1],)


def record_and_review(minutes):
    return f"""tap "Squad"
tap "Open"
wait 2s
tap "Start"
expect screen live
wait {minutes}min
tap "Stop"
tap "Stop"
wait 61s
tap "Save"
expect screen review
screenshot review
"""


LIVE = """tap "Squad"
tap "Open"
wait 2s
tap "Start"
expect screen live
wait 10min
expect screen live
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sideline", default=str(ROOT / ".build/release/sideline"))
    parser.add_argument("--static", action="store_true",
                        help="the board's binary, .build-static/release/sideline (deploy/package/release-build.sh)")
    parser.add_argument("--only", help="the figures whose name contains this")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--minutes", type=int, default=180)
    args = parser.parse_args()
    if args.static:
        args.sideline = str(ROOT / ".build-static/release/sideline")
    figures = [
        (f"record {args.minutes} min x 40 + review, the kiosk (800x480)", "≤ 120 MB",
         lambda work: kiosk(args.sideline, work, record_and_review(args.minutes), "800x480", 40)),
        (f"record {args.minutes} min x 40 + its summary, sideline record", "",
         lambda work: record_command(args.sideline, work, args.minutes)),
        ("40 live, the kiosk at 1920x1080, 10 min in, screenshot", "≤ 60 MB",
         lambda work: kiosk(args.sideline, work, LIVE + "screenshot live\n", "1920x1080", 40)),
        ("40 live, the kiosk at 1920x1080, 10 min in, no screenshot", "≤ 60 MB",
         lambda work: kiosk(args.sideline, work, LIVE, "1920x1080", 40)),
        ("40 live, the kiosk at 1920x1080, 10 min in, while live (VmHWM)", "≤ 60 MB",
         lambda work: live_peak(args.sideline, work, "1920x1080", 40)),
    ]
    figures = [f for f in figures if not args.only or args.only in f[0]]
    print(f"peak RSS, medians of {args.runs} runs ({args.sideline})")
    for name, target, run in figures:
        peaks, walls, recorded = [], [], None
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as work:
                peak, wall, *rest = run(Path(work))
            peaks.append(peak)
            walls.append(wall)
            recorded = rest[0] if rest else recorded
        print(f"  {name:<58} {statistics.median(peaks):7.1f} MB  (runs {min(peaks):.1f}–{max(peaks):.1f}; "
              f"{statistics.median(walls):.0f} s a run)  {target}", flush=True)
        if recorded:
            print(f"      recorded: {recorded}", flush=True)


if __name__ == "__main__":
    main()
