"""Issue 35's bounded-resources figures (make bench-club-hostile), printed, never asserted: the club server's
resident memory through the hostile cases (target: peak ≤ 150 MB), and a normal page's p95 while 1,000 idle
connections are held (target ≤ 100 ms). A throwaway PostgreSQL and the release `sideline-club serve`, as
Tests/club starts them; the hostile uploads are Tests/club/hostile_uploads.py's.

    .venv/bin/python Benchmarks/club/hostile_server.py [--idle 1000] [--requests 200]"""
import argparse
import concurrent.futures
import os
import pathlib
import resource
import socket
import statistics
import sys
import tempfile
import time
import uuid

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests/club"))

import bundles  # noqa: E402
from conftest import throwaway_club  # noqa: E402  (the tests' server, as they start it)
from hostile_uploads import bomb, memory_mb, send, ten_million_readings  # noqa: E402
from webclub import PASSWORD, http, login_http  # noqa: E402

MEMORY_TARGET_MB, P95_TARGET_MS = 150, 100


def timings_ms(club, path: str, cookie: str, n: int) -> list:
    out = []
    for _ in range(n):
        started = time.perf_counter()
        r = http(club, "GET", path, cookie=cookie)
        out.append((time.perf_counter() - started) * 1000)
        assert r.status == 200, (path, r)
    return out


def p95(values: list) -> float:
    return sorted(values)[max(0, int(round(0.95 * len(values))) - 1)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--idle", type=int, default=1000, help="idle connections held (default 1000)")
    parser.add_argument("--requests", type=int, default=200, help="page requests timed each way (default 200)")
    arguments = parser.parse_args()
    # The server inherits this process's descriptor limit, as the unit's LimitNOFILE=8192 gives it.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(8192, hard), hard))
    club_bin = os.environ.get("SIDELINE_CLUB_BIN") or str(ROOT / ".build/release/sideline-club")
    folder = pathlib.Path(tempfile.mkdtemp(prefix="sideline-bench-club-hostile-"))
    with throwaway_club(club_bin, folder) as club:
        pg, db = club.pg, club.db
        club.add_club("Bench FC")
        kiosk = club.kiosk("Bench FC", "pitch-1")
        pid = club.server.pid
        rows = []

        def measure(case: str, seconds: float, answers):
            now, peak = memory_mb(pid)
            rows.append((case, answers, seconds, now, peak))

        measure("started", 0, "")
        session = bundles.make(seed=1, players=24, minutes=90)
        started = time.monotonic()
        r = kiosk.upload(bundles.canonical(session), chunk=1 << 20)
        measure("a real session, 24 players × 90 min", time.monotonic() - started, r.status)

        packed, sha = bomb(600)
        started = time.monotonic()
        r = send(kiosk, str(uuid.uuid4()).upper(), packed, sha)
        measure(f"gzip bomb ({len(packed) // 1024} kB → 600 MB)", time.monotonic() - started, r.status)
        started = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            answers = list(pool.map(lambda _: send(kiosk, str(uuid.uuid4()).upper(), packed, sha).status, range(4)))
        measure("four gzip bombs at once", time.monotonic() - started, answers)

        ten = str(uuid.uuid4()).upper()
        packed, sha = ten_million_readings(ten)
        started = time.monotonic()
        r = send(kiosk, ten, packed, sha)
        measure(f"10 million readings ({len(packed) // 1024} kB)", time.monotonic() - started, r.status)

        # Unfinished uploads to the quota, the largest chunks sixteen at a time (one lands, the rest are stale: 409).
        started = time.monotonic()
        statuses = []
        chunk = os.urandom(2 * 1024 * 1024)
        for _ in range(5):
            r = kiosk.request("POST", "/api/v1/kiosk/uploads", {"sessionUUID": str(uuid.uuid4()).upper(), "sha256": "0" * 64,
                                                                "length": 32 * 1024 * 1024})
            statuses.append(r.status)
            if r.status != 201:
                continue
            upload = r.json()["uploadID"]
            with concurrent.futures.ThreadPoolExecutor(16) as pool:
                list(pool.map(lambda i: kiosk.request("PATCH", f"/api/v1/kiosk/uploads/{upload}", chunk,
                                                      {"Upload-Offset": "0"}).status, range(16)))
        measure("unfinished uploads to the quota (2 MB chunks × 16)", time.monotonic() - started, statuses)

        # PostgreSQL stopped while the session's document is computed for 8 readers at once.
        path = f"/api/v1/sessions/{session['session']['uuid'].lower()}"
        token = club.api_token("Bench FC")
        pg.psql("DELETE FROM session_document", db=db)
        started = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            readers = [pool.submit(lambda: club.request("GET", path, token=token).status) for _ in range(8)]
            time.sleep(0.3)
            pg.pg_ctl("-m", "immediate", "-w", "stop")
            answers = sorted(set(f.result() for f in readers))
        pg.start()
        while club.request("GET", path, token=token).status != 200:
            time.sleep(0.5)
        measure("PostgreSQL stopped under 8 documents", time.monotonic() - started, answers)

        print(f"sideline-club serve (release), peak resident memory through the hostile cases (target ≤ {MEMORY_TARGET_MB} MB)")
        print(f"{'case':48} {'answers':>22} {'s':>6} {'RSS MB':>7} {'peak MB':>8}")
        for case, answers, seconds, now, peak in rows:
            print(f"{case:48} {str(answers):>22} {seconds:6.1f} {now:7.0f} {peak:8.0f}")
        peak = rows[-1][4]
        print(f"peak {peak:.0f} MB: {'within' if peak <= MEMORY_TARGET_MB else 'OVER'} the target of {MEMORY_TARGET_MB} MB\n")

        password_file = folder / "password"
        password_file.write_text(PASSWORD + "\n")
        club.run("add-user", "--club", "Bench FC", "admin@bench.example", "--role", "admin", "--password-file", str(password_file))
        cookie = login_http(club, "admin@bench.example")
        pages = {"the sessions list": "/sessions", "a session's page (24 × 90 min)": f"/sessions/{session['session']['uuid'].lower()}"}
        for path in pages.values():
            timings_ms(club, path, cookie, 10)  # warm: the document kept, the connection pool filled
        quiet = {name: timings_ms(club, path, cookie, arguments.requests) for name, path in pages.items()}
        held = [socket.create_connection(("127.0.0.1", club.port), timeout=10) for _ in range(arguments.idle)]
        try:
            busy = {name: timings_ms(club, path, cookie, arguments.requests) for name, path in pages.items()}
        finally:
            for s in held:
                s.close()
        print(f"{arguments.requests} requests of each page, one at a time (target p95 ≤ {P95_TARGET_MS} ms with {arguments.idle} idle connections)")
        print(f"{'':34} {'idle connections':>18} {'median ms':>10} {'p95 ms':>8}")
        for name in pages:
            for held_now, times in ((0, quiet[name]), (arguments.idle, busy[name])):
                print(f"{name:34} {held_now:18} {statistics.median(times):10.1f} {p95(times):8.1f}")
        print(f"load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
