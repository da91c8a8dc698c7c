"""A kiosk that sends what costs the server most (issue 35, bounded resources), with a real enrolled kiosk's token
on a real PostgreSQL: gzip bombs (one, and four at once), an upload of 10 million readings (the issue's took 0.4 MB; zeros take tens of kB), unfinished
uploads past the kiosk's quota, connections past the cap, and PostgreSQL stopped at any moment — while a large
result streams, under a commit, between requests. Each is answered as docs/CLUB-OPERATIONS.md says (a final 422,
a 429 that frees itself, a wait for a place, a 503), and after each the same server process still answers with
its peak memory within a bound. SIGTERM ends the server within 10 s with requests in flight."""
import concurrent.futures
import http.client
import signal
import socket
import time
import uuid

import pytest

import bundles
from hostile_uploads import bomb, memory_mb, send, ten_million_readings
from sideline_testkit.waiting import wait_until

# Peak resident memory the debug server may reach in any of these (the release figure is the benchmark's:
# Benchmarks/club/hostile_server.py); before the bounds a bomb took 1.1 GB and 10 million readings 2 GB.
PEAK_RSS_MB = 300


def assert_up_and_bounded(club, token: str, pid: int):
    assert club.server.poll() is None and club.server.pid == pid, f"the server ended: {club.log.read_text()[-3000:]}"
    r = club.request("GET", "/api/v1/kiosk/status", token=token)
    assert r.status == 200, r
    now, peak = memory_mb(club.server.pid)
    print(f"server memory: {now:.0f} MB resident, {peak:.0f} MB peak")
    assert peak < PEAK_RSS_MB, f"the server's peak memory was {peak:.0f} MB"


def test_bombs_and_ten_million_readings_are_refused_for_good_and_cheaply(club):
    club.add_club("Harbour")
    kiosk = club.kiosk("Harbour", "pitch-1")
    pid = club.server.pid

    packed, sha = bomb(600)
    assert len(packed) < 1_000_000, len(packed)
    r = send(kiosk, str(uuid.uuid4()).upper(), packed, sha)
    assert r.status == 422 and "bytes of text" in r.json()["error"], r
    assert_up_and_bounded(club, kiosk.token, pid)

    # Four at once (before the bounds: 1.1 GB, and sign-in took 6 s).
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: send(kiosk, str(uuid.uuid4()).upper(), packed, sha), range(4)))
    assert [a.status for a in answers] == [422] * 4, answers
    assert_up_and_bounded(club, kiosk.token, pid)

    session = str(uuid.uuid4()).upper()
    packed, sha = ten_million_readings(session)
    assert len(packed) < 500_000, len(packed)
    started = time.monotonic()
    r = send(kiosk, session, packed, sha)
    print(f"10 million readings ({len(packed)} bytes of gzip): {r.status} in {time.monotonic() - started:.1f} s")
    assert r.status == 422 and "more than 2000000 values" in r.json()["error"], r
    assert_up_and_bounded(club, kiosk.token, pid)

    # Nothing of them is kept, and a real session of 24 players × 90 minutes is still stored.
    assert club.owner_sql("SELECT count(*) FROM upload") == "0"
    assert club.owner_sql("SELECT count(*) FROM session") == "0"
    r = kiosk.upload(bundles.canonical(bundles.make(seed=4, players=24, minutes=90)), chunk=1 << 20)
    assert r.status == 201, r
    assert_up_and_bounded(club, kiosk.token, pid)


def create(kiosk, length: int, session: str = None):
    return kiosk.request("POST", "/api/v1/kiosk/uploads", {"sessionUUID": session or str(uuid.uuid4()).upper(),
                                                           "sha256": "0" * 64, "length": length})


def test_unfinished_uploads_have_a_quota_per_kiosk_and_the_sweep_frees_it(club):
    club.add_club("Harbour")
    kiosk, other, third = club.kiosk("Harbour", "pitch-1"), club.kiosk("Harbour", "pitch-2"), club.kiosk("Harbour", "pitch-3")
    pid = club.server.pid
    for _ in range(4):
        assert create(kiosk, 1000).status == 201
    r = create(kiosk, 1000)
    assert r.status == 429 and "at most 4" in r.json()["error"], r
    # Another kiosk of the club has a quota of its own.
    assert create(other, 1000).status == 201
    # The same session asked again with other content replaces its unfinished upload rather than adding one.
    session = str(uuid.uuid4()).upper()
    assert create(other, 1000, session).status == 201
    assert create(other, 2000, session).status == 201
    assert club.owner_sql("SELECT count(*) FROM upload WHERE length = 1000 AND session_uuid = '%s'" % session.lower()) == "0"

    # Bytes: two of the largest fill it.
    for _ in range(2):
        assert create(third, 64 * 1024 * 1024).status == 201
    r = create(third, 1)
    assert r.status == 429 and "bytes" in r.json()["error"], r

    # Expired uploads go with the sweep, which `serve` runs when it starts and then on a timer.
    club.pg.psql("UPDATE upload SET expires_at = now() - interval '1 second'", db=club.db)  # the superuser: every club's
    club.stop()
    club.start()
    wait_until(lambda: club.owner_sql("SELECT count(*) FROM upload") == "0", 30, what="the sweep deleting expired uploads")
    assert create(kiosk, 1000).status == 201
    assert club.server.pid != pid  # restarted on purpose, for the sweep's first tick


def test_connections_past_the_cap_wait_for_a_place(club):
    club.stop()
    club.start(args=("--max-connections", "16", "--idle-timeout", "60"))
    club.add_club("Harbour")
    token = club.api_token("Harbour")
    # More than the cap: the server accepts up to a few past it in one read of its listening socket.
    held = [socket.create_connection(("127.0.0.1", club.port), timeout=5) for _ in range(24)]
    waiting = http.client.HTTPConnection("127.0.0.1", club.port, timeout=30)
    try:
        # Every held connection is accepted (a request on one answers), so the cap is full.
        held[0].sendall(f"GET /api/v1/sessions HTTP/1.1\r\nHost: club\r\nAuthorization: Bearer {token}\r\n\r\n".encode())
        held[0].settimeout(10)
        assert held[0].recv(64).startswith(b"HTTP/1.1 200"), "a held connection is served"
        waiting.connect()
        waiting.sock.sendall(f"GET /api/v1/sessions HTTP/1.1\r\nHost: club\r\nAuthorization: Bearer {token}\r\n\r\n".encode())
        waiting.sock.settimeout(2)
        with pytest.raises(socket.timeout):
            waiting.sock.recv(64)
        for s in held:
            s.close()
        held = []
        waiting.sock.settimeout(10)
        assert waiting.sock.recv(64).startswith(b"HTTP/1.1 200"), "answered once a place was free"
    finally:
        waiting.close()
        for s in held:
            s.close()


def test_serve_refuses_limits_out_of_range(club):
    for flag, value in (("--max-connections", "15"), ("--max-connections", "60001"), ("--shutdown-grace", "0"),
                        ("--database-deadline", "0"), ("--database-deadline", "301")):
        result = club.run("serve", "--listen", "127.0.0.1:0", flag, value, url=club.app_url, check=False)
        assert result.returncode != 0 and flag in result.stderr, result


def stop_postgres(club):
    club.pg.pg_ctl("-m", "immediate", "-w", "stop")


def start_postgres(club):
    club.pg.start()


def serve_with_a_short_database_deadline(club):
    """The server again with `--database-deadline 4`: while PostgreSQL is down every request waits out the
    deadline before its 503, and the default's 15 s, a dozen times over, would be most of these tests' minutes.
    The kill below lands 0.3-0.7 s into the work, well inside the 4 s."""
    club.stop()
    club.start(args=("--database-deadline", "4"))
    return club.server.pid


def test_postgresql_stopped_answers_503_and_the_server_recovers(club):
    club.add_club("Harbour")
    kiosk = club.kiosk("Harbour", "pitch-1")
    token = club.api_token("Harbour")
    assert kiosk.upload(bundles.canonical(bundles.make(seed=5, players=4, minutes=10))).status == 201
    pid = serve_with_a_short_database_deadline(club)
    stop_postgres(club)
    try:
        for path, who in (("/api/v1/sessions", token), ("/api/v1/kiosk/status", kiosk.token)):
            started = time.monotonic()
            r = club.request("GET", path, token=who)
            print(f"{path} while PostgreSQL is down: {r.status} in {time.monotonic() - started:.1f} s")
            assert r.status == 503 and "database" in r.json()["error"], r
            assert time.monotonic() - started < 10, "the 503 waited well past the 4-s deadline"
        r = club.request("GET", "/sessions", headers={"Cookie": "sideline_session=" + "0" * 64})
        assert r.status in (303, 503), r  # the web: a session cookie cannot be checked either
    finally:
        start_postgres(club)
    wait_until(lambda: club.request("GET", "/api/v1/sessions", token=token).status == 200, 60,
               what="the server answering again once PostgreSQL is back")
    assert_up_and_bounded(club, kiosk.token, pid)


def test_postgresql_killed_while_large_results_stream_and_under_commits_is_answered_503(club):
    """The kill test: PostgreSQL stopped (immediate: every backend gone at once) while documents of a large session
    stream to 8 readers and 2 commits are in flight, three times over (the process ended in 5 of 5 such rounds before
    the rows were collected; three keep the suite's minutes). Every request is answered — 200/201 or 503,
    never a hang, a 500 or a crash — and the same process serves again once PostgreSQL is back."""
    club.add_club("Harbour")
    kiosk = club.kiosk("Harbour", "pitch-1")
    token = club.api_token("Harbour")
    big = bundles.make(seed=6, players=24, minutes=90)
    assert kiosk.upload(bundles.canonical(big), chunk=1 << 20).status == 201
    path = f"/api/v1/sessions/{big['session']['uuid'].lower()}"
    assert club.request("GET", path, token=token).status == 200
    pid = serve_with_a_short_database_deadline(club)

    def read_document(_):
        try:
            return club.request("GET", path, token=token).status
        except (ConnectionError, http.client.HTTPException) as error:
            return f"no answer: {error!r}"

    def commit(seed):
        try:
            return kiosk.upload(bundles.canonical(bundles.make(seed=seed, players=24, minutes=30)), chunk=1 << 20).status
        except (ConnectionError, http.client.HTTPException, AssertionError) as error:
            # A PATCH refused with 503 before the commit is the kiosk's ordinary retry, not this test's concern.
            return 503 if "503" in str(error) else f"no answer: {error!r}"

    for round_ in range(3):
        # The documents are computed again, each from the stored rows (as the superuser: the kept ones are the club's).
        club.pg.psql("DELETE FROM session_document", db=club.db)
        # A round's commits are new sessions, so those the stop cut short stay unfinished; a real kiosk resumes its
        # own, and the per-kiosk quota (4) would answer a third round's 429. Each round starts from none.
        club.pg.psql("DELETE FROM upload", db=club.db)
        with concurrent.futures.ThreadPoolExecutor(10) as pool:
            readers = [pool.submit(read_document, i) for i in range(8)]
            commits = [pool.submit(commit, 100 + 2 * round_ + i) for i in range(2)]
            time.sleep(0.3 + 0.2 * round_)  # land the stop at a different point of the work each round
            stop_postgres(club)
            try:
                answers = [f.result(timeout=40) for f in readers + commits]
            finally:
                start_postgres(club)
        print(f"round {round_}: {answers}")
        assert all(a in (200, 201, 503) for a in answers), answers
        assert club.server.poll() is None and club.server.pid == pid, f"the server ended: {club.log.read_text()[-3000:]}"
        wait_until(lambda: club.request("GET", path, token=token).status == 200, 60, what="the server answering again")
    assert_up_and_bounded(club, kiosk.token, pid)


def test_sigterm_ends_the_server_within_10_s_with_requests_in_flight(club):
    club.add_club("Harbour")
    kiosk = club.kiosk("Harbour", "pitch-1")
    token = club.api_token("Harbour")
    big = bundles.make(seed=7, players=24, minutes=90)
    assert kiosk.upload(bundles.canonical(big), chunk=1 << 20).status == 201
    path = f"/api/v1/sessions/{big['session']['uuid'].lower()}"
    idle = [socket.create_connection(("127.0.0.1", club.port), timeout=5) for _ in range(20)]
    # Requests in flight: documents streaming, and requests waiting on a PostgreSQL that has gone away.
    pool = concurrent.futures.ThreadPoolExecutor(8)
    try:
        in_flight = [pool.submit(lambda: club.request("GET", path, token=token)) for _ in range(4)]
        stop_postgres(club)
        in_flight += [pool.submit(lambda: club.request("GET", "/api/v1/sessions", token=token)) for _ in range(4)]
        time.sleep(0.5)
        started = time.monotonic()
        club.server.send_signal(signal.SIGTERM)
        club.server.wait(timeout=30)
        took = time.monotonic() - started
        print(f"SIGTERM with 8 requests in flight and 20 idle connections: ended in {took:.1f} s (exit {club.server.returncode})")
        assert took < 10, took
    finally:
        start_postgres(club)
        for s in idle:
            s.close()
        pool.shutdown(wait=False, cancel_futures=True)
