"""Uploads through real network faults (club_rig: network namespaces, nftables, tbf, a delay relay):
a link cut mid-upload, 30 % loss with 300 ms delay, the server killed with -9, PostgreSQL restarted,
requests replayed. After each: the session stored exactly once, under the hash of the bytes the kiosk
sent, with every reading. Each test prints what it measured."""
import gzip
import hashlib
import time

import pytest

import bundles
from club_rig import Rig, finished, upload_process, write_bundle
from sideline_testkit.netns import available
from stored_series import stored_participants
from sideline_testkit.waiting import wait_until

UNAVAILABLE = available()
pytestmark = pytest.mark.skipif(bool(UNAVAILABLE), reason=UNAVAILABLE or "")

CLUB = "Faults FC"


@pytest.fixture(scope="module")
def rig(club_bin, tmp_path_factory):
    rig = Rig(club_bin, tmp_path_factory.mktemp("rig"))
    rig.club.add_club(CLUB)
    yield rig
    rig.close()


@pytest.fixture
def healed(rig):
    rig.heal()
    yield rig
    rig.heal()


def kiosk_token(rig, name: str) -> str:
    return rig.club.kiosk(CLUB, name).token


def session(seed: int, players: int, minutes: float) -> tuple:
    bundle = bundles.make(seed=seed, players=players, minutes=minutes, realistic=True)
    return bundle, bundles.canonical(bundle)


def assert_stored_once(rig, bundle: dict, data: bytes):
    """One session under the UUID, with the uploaded bytes' hash; every participant's readings and beats
    as sent, decoded from the database; no upload left over; the read API's document agrees."""
    uuid = bundle["session"]["uuid"].lower()
    rows = rig.club.owner_sql(f"SELECT count(*), min(sha256), min(sample_count) FROM session WHERE uuid = '{uuid}'").split("|")
    readings = sum(len(p["samples"]["bpm"]) for p in bundle["participants"])
    assert rows == ["1", hashlib.sha256(data).hexdigest(), str(readings)], rows
    stored = stored_participants(rig.club.owner_sql, uuid)
    assert [(samples, rr) for samples, rr in stored] == [(p["samples"], p["rr"]) for p in bundle["participants"]], "readings changed on the way"
    assert rig.received(uuid) == 0 and rig.club.owner_sql(f"SELECT count(*) FROM upload WHERE session_uuid = '{uuid}'") == "0"
    token = rig.club.api_token(CLUB)
    document = rig.club.request("GET", f"/api/v1/sessions/{uuid}", token)
    assert document.status == 200, document
    players = {p["shirtNumber"]: p for p in document.json()["players"]}
    for participant in bundle["participants"]:
        shown = players[participant["shirtNumber"]]["session"]
        assert (shown["samples"], shown["maxBPM"], shown["minBPM"]) == \
            (len(participant["samples"]["bpm"]), max(participant["samples"]["bpm"]), min(participant["samples"]["bpm"]))


def packed_length(data: bytes) -> int:
    return len(gzip.compress(data, mtime=0))


def mid_upload(rig, bundle: dict, data: bytes) -> int:
    """Waits until the server holds part of the upload, not all of it; how much."""
    held = wait_until(lambda: rig.received(bundle["session"]["uuid"]), 60, what="the upload under way")
    assert held < packed_length(data), "the whole upload arrived before the fault: slow the link"
    return held


def upload_through(rig, kiosk, name: str, seed: int, fault, what: str, tmp_path):
    """A session of 8 players × 20 minutes uploaded over 500 kbit/s with `fault` done mid-upload; it must
    come through stored once. Prints where the fault struck and what it cost."""
    bundle, data = session(seed=seed, players=8, minutes=20)
    kiosk.rate(500)  # slow enough that the fault lands mid-upload
    started = time.monotonic()
    client = upload_process(kiosk, rig.direct_url(), kiosk_token(rig, name), write_bundle(tmp_path, data), "--chunk", "32768")
    held = mid_upload(rig, bundle, data)
    fault()
    events = finished(client, 120)
    assert events[-1]["event"] == "stored" and events[-1]["created"] is True
    print(f"\n{what} at {held} of {packed_length(data)} bytes: stored once in {time.monotonic() - started:.1f} s "
          f"({sum(e['event'] == 'retry' for e in events)} retries)")
    assert_stored_once(rig, bundle, data)


def test_the_link_cut_mid_upload_and_restored_resumes_and_stores_once(healed, tmp_path):
    kiosk = healed.kiosks[0]

    def cut():
        before = kiosk.connections_opened()
        kiosk.cut()
        # The cable stays out until the kiosk has given up its request and tries a new connection into
        # the dead link: what comes back is a new request resuming the upload, not TCP's own retransmission.
        wait_until(lambda: kiosk.connections_opened() > before, 60, what="the kiosk trying a new connection into the cut link")
        kiosk.restore()
    upload_through(healed, kiosk, "pitch-1", 101, cut, "link cut and restored", tmp_path)


def test_thirty_percent_loss_with_300_ms_delay_completes_once(healed, tmp_path):
    rig = healed
    kiosk = rig.kiosks[1]
    bundle, data = session(seed=102, players=8, minutes=20)
    url = rig.delayed_url(300)
    kiosk.loss(30)
    started = time.monotonic()
    client = upload_process(kiosk, url, kiosk_token(rig, "pitch-2"), write_bundle(tmp_path, data), "--chunk", "32768", "--timeout", "10",
                            "--deadline", "150")
    events = finished(client, 180)
    seconds = time.monotonic() - started
    assert events[-1]["event"] == "stored" and events[-1]["created"] is True
    dropped = kiosk.dropped()
    assert dropped > 0, "no packet was lost"
    print(f"\n30 % loss both ways, 300 ms round trip: {packed_length(data) / 1024:.0f} kB gzip stored once in "
          f"{seconds:.1f} s ({dropped} packets dropped, {sum(e['event'] == 'retry' for e in events)} retries)")
    assert_stored_once(rig, bundle, data)


def test_the_server_killed_mid_upload_and_restarted_stores_once(healed, tmp_path):
    def kill_and_restart():
        healed.server.kill()
        healed.server.start()
    upload_through(healed, healed.kiosks[2], "pitch-3", 103, kill_and_restart, "server killed -9 and restarted", tmp_path)


def test_postgresql_restarted_mid_upload_stores_once(healed, tmp_path):
    def restart():
        started_at = healed.club.owner_sql("SELECT pg_postmaster_start_time()")
        healed.pg.restart()
        assert healed.club.owner_sql("SELECT pg_postmaster_start_time()") != started_at
    upload_through(healed, healed.kiosks[0], "pitch-1", 104, restart, "PostgreSQL restarted", tmp_path)


def test_replayed_chunks_and_commits_store_nothing_twice(healed, tmp_path):
    rig = healed
    kiosk = rig.kiosks[1]
    bundle, data = session(seed=105, players=4, minutes=5)
    client = upload_process(kiosk, rig.direct_url(), kiosk_token(rig, "pitch-2"), write_bundle(tmp_path, data), "--chunk", "4096", "--replay")
    events = finished(client, 120)
    replays = [e for e in events if e["event"] == "replayed"]
    patches = [e for e in replays if e["request"] == "PATCH"]
    commits = [e for e in replays if e["request"] == "commit"]
    assert len(patches) >= 2 and len(commits) == 1
    # A chunk sent again is refused for its offset (the server stands past it); a commit again finds nothing to commit.
    assert all(e["status"] == 409 and "not where the upload stands" in e["body"] for e in patches), patches
    assert commits[0]["status"] in (404, 409), commits
    assert events[-1]["event"] == "stored" and events[-1]["created"] is True
    # The whole upload again, as a kiosk that lost the answer would: stored already, nothing changes.
    again = finished(upload_process(kiosk, rig.direct_url(), kiosk_token(rig, "pitch-2b"), write_bundle(tmp_path, data)), 60)
    assert again[-1]["event"] == "stored" and again[-1]["created"] is False
    print(f"\nreplayed {len(patches)} chunks and the commit: answered {sorted({e['status'] for e in replays})}, stored once")
    assert_stored_once(rig, bundle, data)
