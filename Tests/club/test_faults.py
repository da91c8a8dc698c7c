"""The real kiosk client through real network faults: `sideline club sync` in a kiosk's network namespace,
on its own SQLite with a recorded session, over TLS to the rig's server (club_rig: network namespaces,
nftables, tbf, a delay relay, a replaying relay): a link cut mid-upload, 30 % loss with 300 ms delay, the
server killed with -9, PostgreSQL restarted, the kiosk's pass killed with -9, requests replayed. A pass that
stops short exits 2 and the next goes on from where the server stands, as the kiosk's background worker does.
After each: the session stored exactly once, under the hash the kiosk sent, every reading and beat as the
kiosk's SQLite holds them, no upload left, and the read API's document equal to the kiosk's `sideline export
--format json`. Each test prints what it measured."""
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from club_rig import Rig, SyncPasses
from kiosk_cli import without_ids
from sideline_testkit.faketime import skewed
from webclub import http, login_http
from sideline_testkit.netns import available
from sideline_testkit.sqlite_records import minute_beats
from stored_series import stored_participants
from sideline_testkit.waiting import wait_until

UNAVAILABLE = available()
pytestmark = pytest.mark.skipif(bool(UNAVAILABLE), reason=UNAVAILABLE or "")

CLUB = "Faults FC"
CHUNK = "32768"  # small chunks over a slow link: the fault lands between acknowledged chunks and inside one


@pytest.fixture(scope="module")
def rig(club_bin, sideline_bin, tmp_path_factory):
    rig = Rig(club_bin, sideline_bin, tmp_path_factory.mktemp("rig"), CLUB)
    yield rig
    rig.close()


@pytest.fixture
def healed(rig):
    rig.heal()
    yield rig
    rig.heal()


def recorded(rig, host, name: str, seed: int, url: str = None, players: int = 8, minutes: int = 20):
    """A kiosk in `host`'s namespace that recorded one simulated session (its team named after it) and joined the club."""
    kiosk = rig.kiosk(host, name)
    kiosk.record(team=name, players=players, minutes=minutes, speed=6000, seed=seed)
    rig.join(kiosk, url)
    return kiosk


def only_session(kiosk) -> tuple:
    (session_id, uuid), = kiosk.sql("SELECT id, uuid FROM session")
    return session_id, uuid


def kiosk_series(kiosk, session_id: int) -> dict:
    """player UUID → (reading times, heart rates, beat times, RR values), from the kiosk's SQLite."""
    out = {}
    for (player,) in kiosk.sql("SELECT DISTINCT p.uuid FROM session_player sp JOIN player p ON p.id = sp.player_id WHERE sp.session_id = ?", session_id):
        samples = kiosk.sql("SELECT s.t_ms, s.bpm FROM sample s JOIN player p ON p.id = s.player_id WHERE s.session_id = ? AND p.uuid = ? "
                            "ORDER BY s.t_ms", session_id, player)
        beats = [beat for minute, blob in kiosk.sql("SELECT r.minute, r.beats FROM rr_minute r JOIN player p ON p.id = r.player_id "
                                                    "WHERE r.session_id = ? AND p.uuid = ? ORDER BY r.minute", session_id, player)
                 for beat in minute_beats(minute, blob)]
        out[player] = ([t for t, _ in samples], [b for _, b in samples], [t for t, _ in beats], [v for _, v in beats])
    return out


def club_series(rig, uuid: str) -> dict:
    """The same, decoded from the club's database apart from the server's codec (stored_series)."""
    players = rig.club.owner_sql(f"SELECT player_uuid FROM session_participant WHERE session_uuid = '{uuid}' ORDER BY ordinal").split()
    out = {}
    for player, (samples, rr) in zip(players, stored_participants(rig.club.owner_sql, uuid)):
        def times(deltas):
            total, at = 0, []
            for d in deltas:
                total += d
                at.append(total)
            return at
        out[player] = (times(samples["tMsDeltas"]), samples["bpm"], times(rr["tMsDeltas"]), rr["rr1024"])
    return out


def assert_stored_once(rig, kiosk, folder):
    """One session under the kiosk's UUID, with the hash the kiosk's outbox noted as stored and its number of
    readings; every participant's readings and beats as the kiosk holds them; no upload left over; the read
    API's document equal to the kiosk's own JSON export of the session."""
    session_id, uuid = only_session(kiosk)
    (sha,), = kiosk.sql("SELECT sha256 FROM club_session_upload WHERE session_uuid = ? AND stored_ms IS NOT NULL", uuid)
    (readings,), = kiosk.sql("SELECT count(*) FROM sample WHERE session_id = ?", session_id)
    rows = rig.club.owner_sql(f"SELECT count(*), min(sha256), min(sample_count) FROM session WHERE uuid = '{uuid}'").split("|")
    assert rows == ["1", sha, str(readings)], rows
    assert club_series(rig, uuid) == kiosk_series(kiosk, session_id), "readings changed on the way"
    assert rig.received(uuid) == 0 and rig.club.owner_sql(f"SELECT count(*) FROM upload WHERE session_uuid = '{uuid}'") == "0"
    document = rig.club.request("GET", f"/api/v1/sessions/{uuid}", rig.club.api_token(CLUB))
    assert document.status == 200, document
    assert document.json()["sessionUUID"] == uuid
    assert without_ids(document.json()) == without_ids(kiosk.export_json(session_id, folder / f"export-{kiosk.name}"))


def mid_upload(rig, uuid: str, process) -> tuple:
    """Waits until the server holds part of the upload, not all of it; (held, length) in bytes of gzip."""
    def under_way():
        assert process.poll() is None, f"the pass ended before its upload was under way: {process.communicate()}"
        return rig.received(uuid)
    held = wait_until(under_way, 60, what="the upload under way")
    length = rig.upload_length(uuid)
    assert held < length, "the whole upload arrived before the fault: slow the link"
    return held, length


def upload_through(rig, host, name: str, seed: int, fault, what: str, folder):
    """A session of 8 players × 20 minutes synced over 500 kbit/s with `fault(passes, first pass)` done
    mid-upload (it may return the pass to go on with); passes until one goes through; stored once.
    Prints where the fault struck and what it cost."""
    kiosk = recorded(rig, host, name, seed)
    _, uuid = only_session(kiosk)
    host.rate(500)  # slow enough that the fault lands mid-upload
    passes = SyncPasses(kiosk, "--chunk-bytes", CHUNK)
    first = passes.start()
    held, length = mid_upload(rig, uuid, first)
    passes.until_done(fault(passes, first) or first)
    print(f"\n{what} at {held} of {length} bytes: stored once in {passes.seconds():.1f} s, {len(passes.ended)} passes "
          f"(stopped short: {passes.stopped()})")
    assert_stored_once(rig, kiosk, folder)
    return kiosk, passes


def test_the_link_cut_mid_upload_and_restored_resumes_and_stores_once(healed, tmp_path):
    host = healed.kiosks[0]

    def cut(passes, first):
        host.cut()
        # The cable stays out until the kiosk has given up its request (libcurl: under 100 B/s for 30 s) and the
        # next pass tries a new connection into the dead link: what comes back is a new pass resuming the
        # upload, not TCP's own retransmission.
        assert passes.finish(first) == 2
        before = host.connections_opened()
        second = passes.start()
        wait_until(lambda: host.connections_opened() > before, 30, what="the next pass trying a new connection into the cut link")
        host.restore()
        return second
    _, passes = upload_through(healed, host, "pitch-1", 101, cut, "link cut and restored", tmp_path)
    assert len(passes.ended) >= 2


def test_thirty_percent_loss_with_300_ms_delay_completes_once(healed, tmp_path):
    rig = healed
    host = rig.kiosks[1]
    kiosk = recorded(rig, host, "pitch-2", 102, url=rig.relay_url())
    rig.delay(300)
    host.loss(30)
    passes = SyncPasses(kiosk)
    passes.until_done(deadline=180)
    dropped = host.dropped()
    assert dropped > 0, "no packet was lost"
    print(f"\n30 % loss both ways, 300 ms round trip, TLS: the session stored once in {passes.seconds():.1f} s "
          f"({dropped} packets dropped, {len(passes.ended)} passes; stopped short: {passes.stopped()})")
    assert_stored_once(rig, kiosk, tmp_path)


def test_the_server_killed_mid_upload_and_restarted_stores_once(healed, tmp_path):
    def kill_and_restart(passes, first):
        healed.server.kill()
        healed.server.start()
    upload_through(healed, healed.kiosks[2], "pitch-3", 103, kill_and_restart, "server killed -9 and restarted", tmp_path)


def test_postgresql_restarted_mid_upload_stores_once(healed, tmp_path):
    def restart(passes, first):
        started_at = healed.club.owner_sql("SELECT pg_postmaster_start_time()")
        healed.pg.restart()
        assert healed.club.owner_sql("SELECT pg_postmaster_start_time()") != started_at
    upload_through(healed, healed.kiosks[0], "pitch-4", 104, restart, "PostgreSQL restarted", tmp_path)


def test_the_kiosk_killed_mid_sync_is_finished_by_its_next_pass_once(healed, tmp_path):
    rig = healed
    state = {}

    def kill_the_kiosk(passes, first):
        passes.killed(first)
        kiosk = passes.kiosk
        _, uuid = only_session(kiosk)
        state["held"] = rig.received(uuid)
        assert rig.club.owner_sql(f"SELECT count(*) FROM session WHERE uuid = '{uuid}'") == "0"
        (upload_id,), = kiosk.sql("SELECT upload_id FROM club_session_upload WHERE session_uuid = ?", uuid)
        assert upload_id, "the outbox kept the upload's id through kill -9"
        return passes.start()
    kiosk, passes = upload_through(rig, rig.kiosks[1], "pitch-5", 105, kill_the_kiosk, "the kiosk's pass killed -9", tmp_path)
    assert passes.ended[0] == (-signal.SIGKILL, "killed -9") and len(passes.ended) == 2
    assert state["held"] > 0


def test_replayed_requests_store_nothing_twice(healed, tmp_path):
    rig = healed
    host = rig.kiosks[2]
    log = tmp_path / "replays.jsonl"
    kiosk = recorded(rig, host, "pitch-6", 106, url=rig.replaying_url(host, log), players=4, minutes=5)
    # A backup taken before the sync: restored, it holds the session as not uploaded, as a kiosk that lost the answer.
    before = tmp_path / "before-sync.sqlite"
    with sqlite3.connect(kiosk.db) as source, sqlite3.connect(before) as copy:
        source.backup(copy)
    shutil.copy(kiosk.db + ".club", str(before) + ".club")
    passes = SyncPasses(kiosk, "--chunk-bytes", "4096")
    passes.until_done()
    replays = [json.loads(line) for line in log.read_text().splitlines()]
    patches = [r for r in replays if r["method"] == "PATCH"]
    commits = [r for r in replays if r["path"].endswith("/commit")]
    edits = [r for r in replays if r["path"].endswith("/roster/edits")]
    enrolments = [r for r in replays if r["path"] == "/api/v1/enrol"]
    creates = [r for r in replays if r["path"] == "/api/v1/kiosk/uploads"]
    assert len(patches) >= 2 and len(commits) == 1 and edits and len(enrolments) == 1 and len(creates) == 1, replays
    # The enrolment code works once; the upload asked for again is the same upload, where it stands.
    assert enrolments[0]["status"] == 401, enrolments
    assert creates[0]["status"] in (200, 201) and all(r["path"].split("/")[-1].lower() in creates[0]["body"].lower() for r in patches), (creates, patches)
    # A chunk sent again is refused for its offset (the server stands past it); a commit again finds nothing to
    # commit; the roster's edits again change nothing (their stamps are no later than what they set).
    assert all(r["status"] == 409 and "not where the upload stands" in r["body"] for r in patches), patches
    assert commits[0]["status"] in (404, 409), commits
    assert all(r["status"] == 200 for r in edits), edits
    # The whole upload again from the restored backup: stored already, nothing changes.
    again = type(kiosk)(kiosk.bin, before, kiosk.name, prefix=kiosk.prefix)
    again.sync()
    print(f"\nreplayed {len(patches)} chunks, the commit and {len(edits)} roster requests: answered "
          f"{sorted({r['status'] for r in replays})}; the session again from a backup: stored once")
    assert_stored_once(rig, kiosk, tmp_path)


SCRIPT_WRITE = "import json, sqlite3, sys\nwith sqlite3.connect(sys.argv[1]) as c:\n    c.execute(sys.argv[2], json.loads(sys.argv[3]))\n"


def script_write(kiosk, clock: str, sql: str, *args):
    """A script's write into the kiosk's SQLite by the kiosk's (wrong) clock: the capture triggers stamp it
    with SQLite's 'now' inside the writing process, which libfaketime skews like every process on that kiosk."""
    subprocess.run([sys.executable, "-c", SCRIPT_WRITE, kiosk.db, sql, json.dumps(args)], check=True, env={**os.environ, **skewed(clock)})


def web_edit(rig, cookie: str, team: str, player: str, **fields):
    """A player's form on the club's web page sent back with `fields` changed, as a browser sends it."""
    page = http(rig.club, "GET", f"/teams/{team}/players/{player}", cookie=cookie)
    assert page.status == 200, page
    form = dict(re.findall(r'name="(\w+)" value="([^"]*)"', page.body.decode()))
    form["sex"] = re.search(r'<option value="([FM])" selected', page.body.decode()).group(1)
    answer = http(rig.club, "POST", f"/teams/{team}/players/{player}", cookie=cookie, form={**form, **fields})
    assert answer.status == 303, answer


def weight_stamp(kiosk, player: str) -> int:
    (stamp,), = kiosk.sql("SELECT stamp_wall_ms FROM club_roster_edit WHERE entity = 'player' AND key = ? AND field = 'weightKg'", player)
    return stamp


def test_three_kiosks_a_slow_and_a_fast_clock_sync_at_once_and_the_later_roster_edit_wins(healed, tmp_path):
    rig = healed
    clocks = {None: 0, "-10m": -600_000, "+10m": 600_000}
    kiosks = []
    for number, (host, clock) in enumerate(zip(rig.kiosks, clocks), start=1):
        kiosk = rig.kiosk(host, f"side-{number}", clock)
        asked = time.time() * 1000
        kiosk.record(team=f"Side {number}", players=4, minutes=10, speed=6000, seed=110 + number)
        (started,), = kiosk.sql("SELECT started_ms FROM session")
        assert abs(started - asked - clocks[clock]) < 30_000, f"{kiosk.name}'s clock is {started - asked:.0f} ms off, not {clocks[clock]}"
        rig.join(kiosk)
        kiosks.append(kiosk)
    _, slow, fast = kiosks

    # Three kiosks in their own namespaces, all syncing at once: each session once, equal to its kiosk's export.
    passes = [SyncPasses(kiosk) for kiosk in kiosks]
    for each, process in zip(passes, [each.start() for each in passes]):
        each.until_done(process)
    for kiosk in kiosks:
        assert_stored_once(rig, kiosk, tmp_path)
    offsets = {kiosk.name: kiosk.sql("SELECT offset_ms FROM club_state")[0][0] for kiosk in kiosks}
    for kiosk, clock in zip(kiosks, clocks):
        assert abs(offsets[kiosk.name] + clocks[clock]) < 5_000, offsets  # server time minus the kiosk's

    password = tmp_path / "password"
    password.write_text("correct horse battery\n")
    rig.club.run("add-user", "--club", CLUB, "admin@faults.example", "--role", "admin", "--password-file", str(password))
    cookie = login_http(rig.club, "admin@faults.example", "correct horse battery")

    def a_player(kiosk) -> tuple:
        return kiosk.sql("SELECT t.uuid, p.uuid FROM membership m JOIN team t ON t.id = m.team_id JOIN player p ON p.id = m.player_id "
                         "ORDER BY m.shirt_number LIMIT 1")[0]

    # A kiosk's clock, corrected by its last sync, is right to within the half round trip it measured by
    # (the TLS handshake makes that up to a few hundred ms here); ten minutes out would be the bug.
    def server_ms() -> float:
        return time.time() * 1000  # the server runs on this machine's clock

    def after(stamp: int):
        """Waits until the server's clock is past `stamp`: what "a moment later" means to the club."""
        wait_until(lambda: server_ms() > stamp + 1, 5, what=f"the server's clock past {stamp}")

    # The fast kiosk edits a weight; the web edits the same a moment later and must win, although the
    # kiosk's clock says its edit came ten minutes after.
    fast_team, fast_player = a_player(fast)
    script_write(fast, "+10m", "UPDATE player SET weight_kg = 61.5 WHERE uuid = ?", fast_player)
    fast_stamp, fast_edited = weight_stamp(fast, fast_player), server_ms()
    assert abs(fast_stamp - fast_edited) < 1_000, f"the fast kiosk stamped its edit {fast_stamp - fast_edited:.0f} ms from the server's time"
    after(fast_stamp)
    web_edit(rig, cookie, fast_team, fast_player, weightKg="62.5")
    # The slow kiosk's edit made a moment after the web's must win, although its clock says ten minutes before.
    slow_team, slow_player = a_player(slow)
    web_edit(rig, cookie, slow_team, slow_player, weightKg="70.5")
    web_stamp = int(rig.club.owner_sql(f"SELECT stamp_wall_ms FROM roster_field WHERE entity = 'player' AND key = '{slow_player}' AND field = 'weightKg'"))
    after(web_stamp + 1_000)
    script_write(slow, "-10m", "UPDATE player SET weight_kg = 71.5 WHERE uuid = ?", slow_player)
    slow_stamp, slow_edited = weight_stamp(slow, slow_player), server_ms()
    assert abs(slow_stamp - slow_edited) < 1_000, f"the slow kiosk stamped its edit {slow_stamp - slow_edited:.0f} ms from the server's time"

    for _ in range(2):  # the edits up, then everyone's down
        for each, process in zip(passes, [each.start() for each in passes]):
            each.until_done(process)
    weights = {kiosk.name: dict(kiosk.sql("SELECT uuid, weight_kg FROM player WHERE uuid IN (?, ?)", fast_player, slow_player)) for kiosk in kiosks}
    assert all(w == {fast_player: 62.5, slow_player: 71.5} for w in weights.values()), weights
    club = dict(line.split("|") for line in rig.club.owner_sql(
        f"SELECT key, value FROM roster_field WHERE entity = 'player' AND field = 'weightKg' AND key IN ('{fast_player}', '{slow_player}')").splitlines())
    assert club == {fast_player: "62.5", slow_player: "71.5"}, club
    # The edit that arrived and lost is logged (the web's, overwritten by a later one, is not a conflict).
    losers = rig.club.owner_sql(f"SELECT key || '=' || losing_value FROM roster_conflict WHERE field = 'weightKg' "
                                f"AND key IN ('{fast_player}', '{slow_player}')").splitlines()
    assert losers == [f"{fast_player}=61.5"], losers
    rosters = [kiosk.roster() for kiosk in kiosks]
    differ = {k: [r.get(k) for r in rosters] for k in set().union(*rosters) if len({repr(r.get(k)) for r in rosters}) > 1}
    assert not differ, differ
    assert {f"Side {n}" for n in (1, 2, 3)} <= {v for (entity, _, field), v in rosters[0].items() if entity == "team" and field == "name"}
    print(f"\nthree kiosks at once (clocks 0, −10, +10 min; offsets measured {sorted(offsets.values())} ms): three sessions "
          f"stored once in {max(each.seconds() for each in passes):.1f} s with the roster; the fast kiosk's edit stamped "
          f"{fast_stamp - fast_edited:+.0f} ms from the server's time lost to the web's a moment later, the slow kiosk's "
          f"({slow_stamp - slow_edited:+.0f} ms) won over the web's a moment before")


def test_a_resumed_upload_whose_held_bytes_are_not_this_streams_is_sent_again_once(healed, tmp_path):
    """What a kiosk whose zlib changed between two passes would resume — the same bundle gzipped to the same length
    but other bytes — made here by altering the bytes the server holds after the first pass is killed: the commit
    refuses the splice (422) and drops the upload, and the kiosk sends the whole upload again from its first byte
    once, rather than giving the session up as one the club can never store."""
    rig = healed

    def kill_and_alter(passes, first):
        passes.killed(first)
        _, uuid = only_session(passes.kiosk)
        altered = rig.pg.psql(f"""UPDATE upload_chunk SET bytes = overlay(bytes placing decode(repeat('5a', 64), 'hex') from 200 for 64)
                                  WHERE "offset" = 0 AND upload_id IN (SELECT id FROM upload WHERE session_uuid = '{uuid}')
                                  RETURNING 1""", db=rig.club.db).stdout.split()
        assert altered == ["1"], altered
        return passes.start()
    kiosk, passes = upload_through(rig, rig.kiosks[0], "pitch-7", 107, kill_and_alter,
                                   "the held bytes altered after the kiosk's pass was killed -9", tmp_path)
    _, uuid = only_session(kiosk)
    said = rig.server.process.lines["out"] + rig.server.process.lines["err"]  # the namespaced server the kiosk syncs with
    refusals = [line for line in said if f"of session {uuid.lower()}" in line and " refused: " in line]
    assert len(refusals) == 1, refusals  # the splice, once; then the whole upload again, stored
