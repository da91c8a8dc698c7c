"""Sessions go up once: idempotent by UUID and content hash, refused when other content claims a stored
UUID, resumable after a cut link, checked whole before anything is stored."""
import gzip
import hashlib
import json
import re
import socket

import bundles
from sideline_testkit.waiting import wait_until


def start(kiosk, bundle: bytes, packed: bytes = None):
    packed = packed if packed is not None else gzip.compress(bundle)
    r = kiosk.request("POST", "/api/v1/kiosk/uploads", {"sessionUUID": json.loads(bundle)["session"]["uuid"],
                                                        "sha256": hashlib.sha256(bundle).hexdigest(), "length": len(packed)})
    return r, packed


def test_the_same_bundle_twice_is_stored_once(club):
    club.add_club("Alpha")
    kiosk = club.kiosk("Alpha", "pitch-1")
    bundle = bundles.make(seed=3, players=6, minutes=5)
    data = bundles.canonical(bundle)
    first = kiosk.upload(data)
    assert first.status == 201 and first.json() == {"sessionUUID": bundle["session"]["uuid"], "sha256": hashlib.sha256(data).hexdigest(),
                                                    "created": True}
    again = kiosk.upload(data)
    assert again.status == 200 and again.json()["created"] is False
    # Another kiosk of the club offering it too: stored already.
    assert club.kiosk("Alpha", "pitch-2").upload(data).json()["created"] is False
    assert club.owner_sql("SELECT count(*) FROM session") == "1"
    assert club.owner_sql("SELECT count(*) FROM session_participant") == "6"
    assert club.request("GET", "/api/v1/kiosk/status", kiosk.token).json()["sessionsStored"] == 1
    # The read API: the list and the session's document from the analysis.
    token = club.api_token("Alpha")
    listed = club.request("GET", "/api/v1/sessions", token).json()
    assert listed == [{"uuid": bundle["session"]["uuid"], "team": "U17 Girls", "start": "2026-03-17T10:00:00.000Z", "players": 6}]
    # The document is computed once, right after the upload, and kept.
    from sideline_testkit.waiting import wait_until
    wait_until(lambda: club.owner_sql("SELECT count(*) FROM session_document") == "1", 30, what="the document computed ahead")
    first = club.request("GET", f"/api/v1/sessions/{listed[0]['uuid']}", token)
    again = club.request("GET", f"/api/v1/sessions/{listed[0]['uuid'].lower()}", token)
    assert again.body == first.body
    doc = first.json()
    assert doc["team"] == "U17 Girls" and doc["durationSeconds"] == 300 and doc["tags"] == ["match"]
    assert sorted(p["shirtNumber"] for p in doc["players"]) == [1, 2, 3, 4, 5, 6]
    # The kiosk's `sideline export --format json` document, with the UUIDs a bundle carries beside the numbers.
    assert doc["format"] == "sideline-session-summary/1" and doc["sessionUUID"] == bundle["session"]["uuid"].lower()
    for p in doc["players"]:
        participant = bundle["participants"][p["shirtNumber"] - 1]
        expected = participant["samples"]["bpm"]
        assert p["playerUUID"] == participant["playerUUID"].lower()
        assert p["session"]["samples"] == len(expected) and p["session"]["maxBPM"] == max(expected) and p["session"]["minBPM"] == min(expected)


def test_other_content_under_a_stored_uuid_is_refused(club):
    club.add_club("Alpha")
    kiosk = club.kiosk("Alpha", "pitch-1")
    bundle = bundles.make(seed=4)
    assert kiosk.upload(bundles.canonical(bundle)).status == 201
    bundle["participants"][0]["samples"]["bpm"][0] += 1
    refused = kiosk.upload(bundles.canonical(bundle))
    assert refused.status == 409 and "other content" in refused.json()["error"]
    # Two uploads of different content begun before either is committed (by two kiosks: one kiosk's second
    # replaces its first): the second commit is refused.
    other = bundles.make(seed=5)
    changed = json.loads(json.dumps(other))
    changed["session"]["tags"] = ["training"]
    second = club.kiosk("Alpha", "pitch-2")
    r1, p1 = start(kiosk, bundles.canonical(other))
    r2, p2 = start(second, bundles.canonical(changed))
    assert r1.status == 201 and r2.status == 201 and r1.json()["uploadID"] != r2.json()["uploadID"]
    for sender, r, packed in [(kiosk, r1, p1), (second, r2, p2)]:
        assert sender.request("PATCH", f"/api/v1/kiosk/uploads/{r.json()['uploadID']}", packed, {"Upload-Offset": "0"}).status == 200
    assert kiosk.request("POST", f"/api/v1/kiosk/uploads/{r1.json()['uploadID']}/commit").status == 201
    late = second.request("POST", f"/api/v1/kiosk/uploads/{r2.json()['uploadID']}/commit")
    assert late.status == 409, late
    assert club.owner_sql(f"SELECT tags FROM session WHERE uuid = '{other['session']['uuid'].lower()}'") == "{match}"
    assert "refused other content" in club.log.read_text()


def test_an_upload_resumes_after_the_link_is_cut_mid_chunk(club):
    club.add_club("Alpha")
    kiosk = club.kiosk("Alpha", "pitch-1")
    data = bundles.canonical(bundles.make(seed=6, players=8, minutes=20))
    r, packed = start(kiosk, data)
    assert r.status == 201
    upload = r.json()["uploadID"]
    half = len(packed) // 2
    assert kiosk.request("PATCH", f"/api/v1/kiosk/uploads/{upload}", packed[:half], {"Upload-Offset": "0"}).json()["offset"] == half
    # The next chunk: its headers and a part of it, then the link drops.
    with socket.create_connection(("127.0.0.1", club.port)) as s:
        s.sendall((f"PATCH /api/v1/kiosk/uploads/{upload} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {kiosk.token}\r\n"
                   f"Upload-Offset: {half}\r\nContent-Type: application/offset+octet-stream\r\n"
                   f"Content-Length: {len(packed) - half}\r\n\r\n").encode() + packed[half:half + (len(packed) - half) // 2])
    # The client went away: a notice with the time and level (a plain log), not a server error with a 500 nobody receives.
    went = wait_until(lambda: [line for line in club.log.read_text().splitlines() if "the client went away" in line], 10, what="the cut logged")
    assert len(went) == 1 and re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z notice sideline: PATCH /api/v1/kiosk/uploads/", went[0]), went
    assert " error sideline: " not in club.log.read_text()
    # After the cut: the server holds what it acknowledged, nothing of the broken chunk.
    head = kiosk.request("HEAD", f"/api/v1/kiosk/uploads/{upload}")
    assert head.status == 200 and head.headers["upload-offset"] == str(half) and head.headers["upload-length"] == str(len(packed))
    # The kiosk lost the upload's id too (killed): asking for the upload again finds it where it stands.
    again, _ = start(kiosk, data, packed)
    assert again.status == 200 and again.json()["uploadID"] == upload and again.json()["offset"] == half
    wrong = kiosk.request("PATCH", f"/api/v1/kiosk/uploads/{upload}", packed[5:], {"Upload-Offset": "5"})
    assert wrong.status == 409 and f"({half})" in wrong.json()["error"]
    early = kiosk.request("POST", f"/api/v1/kiosk/uploads/{upload}/commit")
    assert early.status == 409 and "send the rest" in early.json()["error"]
    assert kiosk.request("PATCH", f"/api/v1/kiosk/uploads/{upload}", packed[half:], {"Upload-Offset": str(half)}).json()["offset"] == len(packed)
    done = kiosk.request("POST", f"/api/v1/kiosk/uploads/{upload}/commit")
    assert done.status == 201, done
    assert kiosk.request("GET", f"/api/v1/kiosk/uploads/{upload}").status == 404, "a committed upload is gone"
    assert club.owner_sql("SELECT sample_count FROM session") == str(8 * 20 * 60)


def test_bytes_that_are_no_bundle_are_refused_and_the_upload_discarded(club):
    club.add_club("Alpha")
    kiosk = club.kiosk("Alpha", "pitch-1")
    good = bundles.make(seed=7)
    data = bundles.canonical(good)
    pretty = json.dumps(good, indent=2, sort_keys=True, ensure_ascii=False).encode()
    unsorted = json.dumps(good, separators=(",", ":"), ensure_ascii=False).encode()  # keys in the order made, not sorted
    invalid = json.loads(json.dumps(good))
    invalid["session"]["state"] = "lost"
    other_uuid = json.loads(json.dumps(good))
    other_uuid["session"]["uuid"] = "6F1B1C2E-55A4-4C1E-9D0B-3C1E5A7D2F91"
    cases = [
        (data, b"not gzip at all", "not a gzip stream"),
        (data, gzip.compress(data + b"0"), "SHA-256"),
        (pretty, gzip.compress(pretty), "whitespace"),  # refused by its shape before it is decoded (decision 069)
        (unsorted, gzip.compress(unsorted), "canonical"),
        (bundles.canonical(invalid), gzip.compress(bundles.canonical(invalid)), "state 'lost'"),
        (b'{"format":1}', gzip.compress(b'{"format":1}'), "not a session bundle"),
    ]
    for announced, packed, message in cases:
        sha = hashlib.sha256(announced).hexdigest()
        r = kiosk.request("POST", "/api/v1/kiosk/uploads", {"sessionUUID": good["session"]["uuid"], "sha256": sha, "length": len(packed)})
        assert r.status == 201, r
        upload = r.json()["uploadID"]
        assert kiosk.request("PATCH", f"/api/v1/kiosk/uploads/{upload}", packed, {"Upload-Offset": "0"}).status == 200
        refused = kiosk.request("POST", f"/api/v1/kiosk/uploads/{upload}/commit")
        assert refused.status == 422 and message in refused.json()["error"], (message, refused)
        assert kiosk.request("HEAD", f"/api/v1/kiosk/uploads/{upload}").status == 404
    # A bundle of another session than announced.
    mismatched = bundles.canonical(other_uuid)
    packed = gzip.compress(mismatched)
    r = kiosk.request("POST", "/api/v1/kiosk/uploads", {"sessionUUID": good["session"]["uuid"], "sha256": hashlib.sha256(mismatched).hexdigest(),
                                                        "length": len(packed)})
    kiosk.request("PATCH", f"/api/v1/kiosk/uploads/{r.json()['uploadID']}", packed, {"Upload-Offset": "0"})
    refused = kiosk.request("POST", f"/api/v1/kiosk/uploads/{r.json()['uploadID']}/commit")
    assert refused.status == 422 and "not" in refused.json()["error"]
    assert club.owner_sql("SELECT count(*) FROM session") == "0"
    # A chunk past the announced length, and another kiosk's upload.
    r, packed = start(kiosk, data)
    upload = r.json()["uploadID"]
    assert kiosk.request("PATCH", f"/api/v1/kiosk/uploads/{upload}", packed + b"xx", {"Upload-Offset": "0"}).status == 413
    assert club.kiosk("Alpha", "pitch-2").request("HEAD", f"/api/v1/kiosk/uploads/{upload}").status == 404


def test_a_deleted_session_is_gone_everywhere_and_never_comes_back(club):
    club.add_club("Alpha")
    a, b = club.kiosk("Alpha", "pitch-1"), club.kiosk("Alpha", "pitch-2")
    bundle = bundles.make(seed=8)
    uuid = bundle["session"]["uuid"].lower()
    assert a.upload(bundles.canonical(bundle)).status == 201
    token = club.api_token("Alpha")
    assert club.request("GET", f"/api/v1/sessions/{uuid}", token).status == 200
    assert b.request("DELETE", f"/api/v1/kiosk/sessions/{uuid}").status == 204
    assert club.request("GET", f"/api/v1/sessions/{uuid}", token).status == 404
    assert club.request("GET", "/api/v1/sessions", token).json() == []
    assert club.owner_sql("SELECT count(*) FROM session_participant") == "0"
    assert club.owner_sql("SELECT count(*) FROM session_document") == "0"
    # Every kiosk learns it from the change feed.
    tombstones = [c for c in a.changes()["changes"] if c["entity"] == "session"]
    assert [(c["key"], c["field"], c["value"], c["stamp"]["origin"]) for c in tombstones] == [(uuid, "deleted", True, b.origin)]
    # A kiosk that had not heard yet and uploads it again: refused for good.
    gone = a.upload(bundles.canonical(bundle))
    assert gone.status == 410 and "deleted" in gone.json()["error"]
    assert a.request("DELETE", f"/api/v1/kiosk/sessions/{uuid}").status == 204, "deleting twice is deleting once"
    # A session deleted on a kiosk before it was ever uploaded is refused too.
    unsent = bundles.make(seed=9)
    assert a.request("DELETE", f"/api/v1/kiosk/sessions/{unsent['session']['uuid'].lower()}").status == 204
    assert a.upload(bundles.canonical(unsent)).status == 410
