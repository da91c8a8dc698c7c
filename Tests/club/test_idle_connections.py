"""Connections that hold a descriptor and send nothing (issue 35, bounded resources): the server closes
a silent connection, a kept-alive one gone quiet, and one dribbling its request's headers a byte at a
time, each within its idle timeout (`serve --idle-timeout`) plus a margin — and answers a normal request
while 200 of them are held."""
import http.client
import select
import socket
import time

from sideline_testkit.waiting import wait_until

IDLE_S = 4          # the test's `--idle-timeout`; the default is 60
MARGIN_S = 6        # scheduling, a debug build, a loaded CI host
HELD = 200


def closed_by_peer(s: socket.socket) -> bool:
    """True once the server has closed `s` (end of stream or reset); False while it is open and silent."""
    if not select.select([s], [], [], 0)[0]:
        return False
    try:
        return s.recv(4096, socket.MSG_PEEK) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True


def test_idle_connections_are_closed_within_the_timeout_while_requests_still_answer(club):
    club.stop()
    club.start(args=("--idle-timeout", str(IDLE_S)))
    club.add_club("Harbour")
    token = club.api_token("Harbour")

    opened = time.monotonic()
    held = [socket.create_connection(("127.0.0.1", club.port), timeout=5) for _ in range(HELD)]
    dribbler = socket.create_connection(("127.0.0.1", club.port), timeout=5)
    dribble = iter(b"GET /api/v1/sessions HTTP/1.1\r\nHost: club\r\nX-Slow: " + b"a" * 10_000)
    try:
        # A normal request, with its database query, answers while the 200 are held.
        r = club.request("GET", "/api/v1/sessions", token=token)
        assert r.status == 200, r
        answered = time.monotonic() - opened
        assert answered < IDLE_S, f"a normal request took {answered:.1f} s with {HELD} idle connections held"
        still_open = [s for s in held if not closed_by_peer(s)]
        assert len(still_open) == HELD, f"{HELD - len(still_open)} idle connections closed before the timeout"

        # A kept-alive connection that asked once and went quiet.
        kept = http.client.HTTPConnection("127.0.0.1", club.port, timeout=5)
        kept.request("GET", "/api/v1/sessions", headers={"Authorization": f"Bearer {token}"})
        reply = kept.getresponse()
        assert reply.status == 200 and reply.read() is not None
        kept_quiet_since = time.monotonic()

        dribbler_closed = None

        def everything_closed():
            nonlocal dribbler_closed
            if dribbler_closed is None:
                try:
                    dribbler.send(bytes([next(dribble)]))
                except (BrokenPipeError, ConnectionResetError):
                    dribbler_closed = time.monotonic()
                else:
                    if closed_by_peer(dribbler):
                        dribbler_closed = time.monotonic()
            return (dribbler_closed is not None and closed_by_peer(kept.sock)
                    and all(closed_by_peer(s) for s in held))

        wait_until(everything_closed, IDLE_S + MARGIN_S - (time.monotonic() - opened), step=0.25,
                   what=f"the server closing {HELD} idle connections, a quiet kept-alive one and a dribbling one")
        # Bounded from the connection's start, however many header bytes it sent meanwhile.
        assert dribbler_closed - opened < IDLE_S + MARGIN_S
        assert time.monotonic() - kept_quiet_since < IDLE_S + MARGIN_S

        # And the server is still there for the next client.
        assert club.request("GET", "/api/v1/sessions", token=token).status == 200
    finally:
        for s in [*held, dribbler]:
            s.close()


def test_serve_refuses_an_idle_timeout_out_of_range(club):
    for value in ("0", "3601"):
        result = club.run("serve", "--listen", "127.0.0.1:0", "--idle-timeout", value, url=club.app_url, check=False)
        assert result.returncode != 0 and "--idle-timeout" in result.stderr, result
