"""Malformed requests: each answered with a 4xx and a plain message, never a 5xx, nothing written."""
import gzip


def test_every_malformed_request_gets_a_4xx_with_a_message(club):
    club.add_club("Alpha")
    kiosk = club.kiosk("Alpha", "pitch-1")
    token = kiosk.token
    j = {"Content-Type": "application/json"}
    cases = [
        ("POST", "/api/v1/enrol", None, b"{", j, 400),
        ("POST", "/api/v1/enrol", None, b'{"code": 7}', j, 400),
        ("POST", "/api/v1/enrol", None, b'{"code": ""}', j, 400),
        ("POST", "/api/v1/enrol", None, b"[]", j, 400),
        ("POST", "/api/v1/enrol", None, b'{"code":"' + b"x" * 70_000 + b'"}', j, 413),
        ("POST", "/api/v1/enrol", None, b"\x1f\x8bnot really", {**j, "Content-Encoding": "gzip"}, 400),
        ("POST", "/api/v1/enrol", None, b'{"code":"x"}', {**j, "Content-Encoding": "br"}, 422),
        ("POST", "/api/v1/enrol", None, gzip.compress(b" " * 10_000_000), {**j, "Content-Encoding": "gzip"}, 413),
        ("POST", "/api/v1/kiosk/uploads", token, b'{"sessionUUID":"nope","sha256":"00","length":1}', j, 400),
        ("POST", "/api/v1/kiosk/uploads", token, b'{"sessionUUID":"6f1b1c2e-55a4-4c1e-9d0b-3c1e5a7d2f90","sha256":"00","length":1}', j, 400),
        ("POST", "/api/v1/kiosk/uploads", token,
         b'{"sessionUUID":"6f1b1c2e-55a4-4c1e-9d0b-3c1e5a7d2f90","sha256":"' + b"a" * 64 + b'","length":0}', j, 413),
        ("POST", "/api/v1/kiosk/uploads", token,
         b'{"sessionUUID":"6f1b1c2e-55a4-4c1e-9d0b-3c1e5a7d2f90","sha256":"' + b"a" * 64 + b'","length":99999999999}', j, 413),
        ("PATCH", "/api/v1/kiosk/uploads/not-a-uuid", token, b"abc", {"Upload-Offset": "0"}, 400),
        ("PATCH", "/api/v1/kiosk/uploads/6f1b1c2e-55a4-4c1e-9d0b-3c1e5a7d2f90", token, b"abc", {}, 400),
        ("PATCH", "/api/v1/kiosk/uploads/6f1b1c2e-55a4-4c1e-9d0b-3c1e5a7d2f90", token, b"abc", {"Upload-Offset": "-1"}, 400),
        ("PATCH", "/api/v1/kiosk/uploads/6f1b1c2e-55a4-4c1e-9d0b-3c1e5a7d2f90", token, b"abc", {"Upload-Offset": "0"}, 404),
        ("POST", "/api/v1/kiosk/uploads/6f1b1c2e-55a4-4c1e-9d0b-3c1e5a7d2f90/commit", token, None, {}, 404),
        ("DELETE", "/api/v1/kiosk/sessions/12", token, None, {}, 400),
        ("GET", "/api/v1/kiosk/roster/changes?since=-1", token, None, {}, 400),
        ("GET", "/api/v1/kiosk/roster/changes?since=abc", token, None, {}, 400),
        ("GET", "/api/v1/kiosk/roster/changes?limit=0", token, None, {}, 400),
        ("GET", "/api/v1/kiosk/roster/changes?limit=1001", token, None, {}, 400),
        ("POST", "/api/v1/kiosk/roster/edits", token, b'{"edits": [{"entity": "wizard"}]}', j, 400),
        ("POST", "/api/v1/kiosk/roster/edits", token, b'{"edits": "all"}', j, 400),
        ("GET", "/api/v1/kiosk/status", "kiosk_wrong", None, {}, 401),
        ("GET", "/api/v1/kiosk/status", None, None, {"Authorization": "Basic YTpi"}, 401),
        ("GET", "/api/v1/sessions/not-a-uuid", club.api_token("Alpha"), None, {}, 400),
        ("GET", "/api/v1/nothing-here", token, None, {}, 404),
    ]
    for method, path, tok, body, headers, expected in cases:
        r = club.request(method, path, tok, body, headers)
        assert r.status == expected, (method, path, body[:60] if body else None, r)
        assert r.json()["error"], (path, r)
    assert club.owner_sql("SELECT count(*) FROM upload") == "0"
    assert club.owner_sql("SELECT count(*) FROM roster_field") == "0"
    assert kiosk.request("GET", "/api/v1/kiosk/status").status == 200, "the server is still there"
