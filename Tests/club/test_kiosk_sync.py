"""The kiosk's side of the club with the real `sideline` and `sideline-club`: joining with a code, a recorded
session synced exactly once (also when the pass is killed mid-upload), tombstones both ways, roster edits from
one kiosk reaching another, and the transport's rules (no plain http:// off the machine, the server's
certificate verified, a club's own CA accepted, libcurl opened only by a pass and missed in one line)."""
import contextlib
import json
import os
import pathlib
import re
import signal
import socket
import subprocess
import sys
import threading

import pytest

import bundles
from kiosk_cli import KioskCLI, without_ids
from sideline_testkit.postgres import free_port
from sideline_testkit.waiting import wait_until


def kiosk(sideline_bin, tmp_path, name) -> KioskCLI:
    return KioskCLI(sideline_bin, tmp_path / f"{name}.sqlite", name)


def one_line_refusal(result, *words):
    assert result.returncode == 2, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and result.stdout == "", result
    for word in words:
        assert word in lines[0], (word, lines[0])


def test_join_with_a_code_once(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    a, b = kiosk(sideline_bin, tmp_path, "pitch-1"), kiosk(sideline_bin, tmp_path, "pitch-2")
    url = f"http://127.0.0.1:{club.port}"
    one_line_refusal(a.club("join", url, "NOT-A-CODE", check=False), "refused the code")
    code = club.enrolment_code("Alpha", "pitch-1")
    joined = a.club("join", url, code)
    assert "joined the club Alpha" in joined.stdout
    link = json.loads(open(a.db + ".club").read())
    assert link["clubName"] == "Alpha" and link["server"] == url and oct(os.stat(a.db + ".club").st_mode & 0o777) == "0o600"
    # A used code, and an expired one, are refused in one line.
    one_line_refusal(b.club("join", url, code, check=False), "refused the code")
    expired = club.enrolment_code("Alpha", "pitch-2")
    alpha = club.owner_sql("SELECT id FROM club WHERE name = 'Alpha'")
    club.pg.psql(f"SET sideline.club_id = '{alpha}'; UPDATE kiosk SET enrolment_expires_at = now() - interval '1 minute' WHERE name = 'pitch-2'",
                 user="sideline_owner", db=club.db)
    one_line_refusal(b.club("join", url, expired, check=False), "refused the code")
    # Joined twice, or a flag mistake: one line, exit 2.
    one_line_refusal(a.club("join", url, "X", check=False), "already")
    one_line_refusal(a.club("sync", "--chunk-bytes", "0", check=False), "chunk-bytes")
    # Joining queued the kiosk's roster (here only the club's shared settings); a pass sends it.
    assert a.club("status").stdout == "6 roster edits waiting · last sync never · 127.0.0.1\n"
    a.sync()
    status = a.club("status").stdout
    assert status.startswith("nothing waiting · last sync ") and status.endswith(" · 127.0.0.1\n") and "never" not in status
    # Leaving forgets the token, keeps the data.
    assert "left the club Alpha" in a.club("leave").stdout
    assert not os.path.exists(a.db + ".club")
    one_line_refusal(a.club("sync", check=False), "in no club")


def test_a_recorded_session_reaches_the_club_exactly_once(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    a = kiosk(sideline_bin, tmp_path, "pitch-1")
    a.record(players=3, minutes=1)
    a.join(club, "Alpha")
    assert a.club("status").stdout.startswith("1 session and ")
    assert "up to date: 1 session uploaded" in a.sync().stdout
    assert a.sync().stdout.startswith("up to date: 0 sessions uploaded")
    assert club.owner_sql("SELECT count(*) FROM session") == "1"
    (uuid,), = a.sql("SELECT uuid FROM session")
    token = club.api_token("Alpha")
    doc = club.request("GET", f"/api/v1/sessions/{uuid}", token).json()
    local = dict(a.sql("SELECT p.first_name || CASE p.last_name WHEN '' THEN '' ELSE ' ' || p.last_name END, COUNT(*) "
                       "FROM sample s JOIN player p ON p.id = s.player_id GROUP BY s.player_id"))
    assert {p["name"]: p["session"]["samples"] for p in doc["players"]} == local
    status = json.loads(a.club("status", "--json").stdout)
    assert status["sessionsWaiting"] == 0 and status["rosterEditsWaiting"] == 0 and status["lastSyncMs"] > 0
    # The session stays on the kiosk.
    assert a.sql("SELECT count(*) FROM session") == [(1,)]
    # The commit's answer lost (the outbox as it stands then), and meanwhile the player, team and strap renamed and
    # the strap's battery changed: the session's bundle is fixed since it ended (decision 074), so the next pass
    # finds it stored — no 409, not dropped — and both sides name the session as it was recorded.
    (sha,), = a.sql("SELECT sha256 FROM club_session_upload")
    a.write("UPDATE club_session_upload SET stored_ms = NULL")
    a.run("team", "rename", "Demo", "Demo Renamed")
    a.write("UPDATE player SET first_name = first_name || ' Renamed'")
    a.write("UPDATE strap SET label = 'Box A 7', last_battery = 3")
    passed = a.sync()
    assert "up to date: 1 session uploaded" in passed.stdout and "other content" not in passed.stdout + passed.stderr, passed
    assert "other content" not in club.log.read_text()
    assert a.sql("SELECT sha256, stored_ms IS NOT NULL, refused_ms FROM club_session_upload") == [(sha, 1, None)]
    assert club.owner_sql("SELECT count(*), min(sha256) FROM session") == f"1|{sha}"
    renamed = club.request("GET", f"/api/v1/sessions/{uuid}", token).json()
    assert {p["name"] for p in renamed["players"]} == set(local), "the club names the session as it was recorded"
    assert without_ids(renamed) == without_ids(a.export_json(1, tmp_path / "export")), "the kiosk's export agrees"


def a_pass_killed_mid_upload(club, sideline_bin, tmp_path) -> KioskCLI:
    """A kiosk of the club Alpha with a recorded session, whose first pass was killed half-way through its upload."""
    club.add_club("Alpha")
    a = kiosk(sideline_bin, tmp_path, "pitch-1")
    a.record(players=16, minutes=6)
    a.join(club, "Alpha")
    # 256-byte chunks: a thousand requests and more, so the pass is caught half-way.
    slow = subprocess.Popen([a.bin, "club", "sync", "--chunk-bytes", "256", "--db", a.db], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_until(lambda: int(club.owner_sql("SELECT coalesce(max(received), 0) FROM upload") or 0) > 0 or slow.poll() is not None,
               60, what="the upload under way")
    assert slow.poll() is None, slow.communicate()
    slow.send_signal(signal.SIGKILL)
    slow.wait()
    return a


def test_a_pass_killed_mid_upload_is_finished_by_the_next_exactly_once(club, sideline_bin, tmp_path):
    a = a_pass_killed_mid_upload(club, sideline_bin, tmp_path)
    half = int(club.owner_sql("SELECT max(received) FROM upload"))
    length = int(club.owner_sql("SELECT max(length) FROM upload"))
    assert 0 < half < length
    assert club.owner_sql("SELECT count(*) FROM session") == "0"
    (upload_id, sha), = a.sql("SELECT upload_id, sha256 FROM club_session_upload")
    assert upload_id, "the outbox kept the upload's id"
    # A rename and a new battery between the passes change nothing of the session's bytes: the next pass
    # goes on with the same upload (the same hash) from where the server stands.
    a.write("UPDATE player SET first_name = 'Renamed' WHERE id = (SELECT min(id) FROM player)")
    a.write("UPDATE strap SET last_battery = 3")
    assert "1 session uploaded" in a.sync().stdout
    assert club.owner_sql("SELECT count(*), min(sha256) FROM session") == f"1|{sha}"
    assert club.owner_sql("SELECT count(*) FROM upload") == "0"
    a.sync()
    assert club.owner_sql("SELECT count(*) FROM session") == "1"


def test_a_cut_upload_whose_gzip_is_another_length_now_starts_again_rather_than_splice(club, sideline_bin, tmp_path):
    """A kiosk resumes a cut upload only when it sends the same bundle (its hash) gzipped to the same length: the
    hash is of the canonical text, so a zlib whose output changed between the passes would otherwise splice two
    streams into one the commit refuses. The server's upload is given another length here, as if it had."""
    a = a_pass_killed_mid_upload(club, sideline_bin, tmp_path)
    (upload_id, sha), = a.sql("SELECT upload_id, sha256 FROM club_session_upload")
    assert upload_id, "the outbox kept the upload's id"
    alpha = club.owner_sql("SELECT id FROM club WHERE name = 'Alpha'")
    club.pg.psql(f"SET sideline.club_id = '{alpha}'; UPDATE upload SET length = length + 7", user="sideline_owner", db=club.db)
    assert "1 session uploaded" in a.sync().stdout
    assert club.owner_sql("SELECT count(*), min(sha256) FROM session") == f"1|{sha}"
    assert club.owner_sql("SELECT count(*) FROM upload") == "0", "the other-length upload was replaced, not left"


def test_a_session_the_server_cannot_read_yet_waits_for_a_newer_server_and_goes_up_once(club, sideline_bin, tmp_path):
    """Decision 082: a kiosk newer than its club server. A drill session (bundle format 3) offered to a server standing
    in for a release before format 3 (SIDELINE_CLUB_TEST_BUNDLE_FORMATS: formats 1-2, unlisted, refused as those releases
    did) stays in the outbox as waiting, said once; it is not sent again while nothing changed; a server listing 1-2 is
    sent nothing of format 3; the full server stores it once, with the hash the kiosk computed."""
    club.add_club("Alpha")
    club.stop()
    club.start(env={"SIDELINE_CLUB_TEST_BUNDLE_FORMATS": "1-2,unlisted"})
    assert "bundleFormats" not in club.request("GET", "/api/v1/kiosk/status", club.kiosk_token("Alpha", "probe")).json()
    a = kiosk(sideline_bin, tmp_path, "pitch-1")
    a.record(players=2, minutes=1)  # no drills: format 1, which every server takes
    a.run("record", "--source", "sim:2", "--speed", "6000", "--team", "Demo", "--minutes", "2", "--seed", "2", "--quiet",
          "--drill", "Warm-up@0-60")
    (plain,), (drills,) = a.sql("SELECT uuid FROM session ORDER BY id")
    a.join(club, "Alpha")

    first = a.sync()
    said = [line for line in first.stdout.splitlines() if "waits for a newer club server:" in line]
    assert len(said) == 1 and drills.lower() in said[0] and "format 3" in said[0], first.stdout
    assert "newer club server" not in first.stderr, "said once: on the report, not in the log too"
    assert "up to date: 1 session uploaded" in first.stdout and "1 session waits for a newer club server" in first.stdout, first.stdout
    assert BUNDLE_NOT_CANONICAL in club.log.read_text(), "the server refused it as an older release did"
    assert club.owner_sql("SELECT uuid FROM session") == plain.lower()
    status = json.loads(a.club("status", "--json").stdout)
    assert status["sessionsWaiting"] == 0 and status["sessionsRefused"] == [], status
    assert [(w["uuid"].lower(), w["waiting"]["format"]) for w in status["sessionsWaitingForNewerServer"]] == [(drills.lower(), 3)]
    assert "1 session waits for a newer club server" in a.club("status").stdout.splitlines()[0]
    offered = a.sql("SELECT newer_server_tried_ms FROM club_session_upload WHERE session_uuid = ?", drills)

    # Nothing changed on the server: the next passes send nothing of it, and say nothing new of it.
    again = a.sync()
    assert "waits for a newer club server:" not in again.stdout and "up to date: 0 sessions uploaded" in again.stdout, again.stdout
    assert a.sql("SELECT newer_server_tried_ms FROM club_session_upload WHERE session_uuid = ?", drills) == offered
    assert club.log.read_text().count(BUNDLE_NOT_CANONICAL) == 1

    # A server that lists formats 1-2: a new drill session waits without a byte sent, the old one is not offered.
    club.stop()
    club.start(env={"SIDELINE_CLUB_TEST_BUNDLE_FORMATS": "1-2"}, port=club.port)
    a.run("record", "--source", "sim:2", "--speed", "6000", "--team", "Demo", "--minutes", "2", "--seed", "3", "--quiet",
          "--drill", "SSG@0")
    (later,), = a.sql("SELECT uuid FROM session WHERE id = 3")
    listed = a.sync()
    said = [line for line in listed.stdout.splitlines() if "waits for a newer club server:" in line]
    assert len(said) == 1 and later.lower() in said[0] and "the server takes 1,2" in said[0], listed.stdout
    assert "2 sessions wait for a newer club server" in listed.stdout
    assert club.owner_sql("SELECT count(*) FROM upload") == "0" and "format 3 and this club server takes" not in club.log.read_text()

    # The server takes format 3 now: both go up in the next pass, each stored once with the hash the kiosk computed.
    computed = dict(a.sql("SELECT session_uuid, sha256 FROM club_session_upload"))
    assert set(computed) == {plain, drills, later} and all(computed.values()), computed
    club.stop()
    club.start(port=club.port)
    done = a.sync()
    assert "up to date: 2 sessions uploaded" in done.stdout and "newer club server" not in done.stdout, done.stdout
    stored = dict(line.split("|") for line in club.owner_sql("SELECT uuid, sha256 FROM session").splitlines())
    assert stored == {u.lower(): computed[u] for u in computed}, (stored, computed)
    assert dict(a.sql("SELECT session_uuid, sha256 FROM club_session_upload WHERE stored_ms IS NOT NULL")) == computed
    assert a.club("status").stdout.startswith("nothing waiting · last sync ")
    assert "up to date: 0 sessions uploaded" in a.sync().stdout
    # This release answers a format newer than its own in words a kiosk reads as "wait", not as a fault.
    future = bundles.make(seed=5, players=2, minutes=2)
    future.update(format=4, laterField=[1])
    r = club.kiosk("Alpha", "pitch-9").upload(bundles.canonical(future))
    assert r.status == 422 and "format 4 and this club server takes formats 1 to 3: the kiosk is newer" in r.body.decode(), r


BUNDLE_NOT_CANONICAL = "the bundle is not in canonical form"


def test_a_failed_pass_says_so_once_and_a_cut_inside_the_headers_is_a_broken_connection(club, sideline_bin, tmp_path):
    """Issue 35, item 5: a pass that stops short says why in one line (the pass logs nothing of it: the command's
    exit line is the one), and an answer cut inside its headers — which libcurl ends as if it were a whole 200 — is
    a broken connection to retry, not "refused (200): an answer this kiosk cannot read"."""
    club.add_club("Alpha")
    a = kiosk(sideline_bin, tmp_path, "pitch-1")
    a.record(players=2, minutes=0.5)
    a.join(club, "Alpha")
    port = club.port
    club.stop()
    one_line_refusal(a.sync(check=False), "1 session and", "127.0.0.1 unreachable", "connection refused")
    for cut, said in ((b"HTTP/1.1 200 OK\r\nContent-Type: applica", "the connection broke inside the answer's headers"),
                      (b"HTTP/1.1 20", "the connection broke"),
                      (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 300\r\n\r\n{\"clubName\":", "unreachable")):
        with cutting_server(port, cut):
            result = a.sync(check=False)
        one_line_refusal(result, "1 session and", "127.0.0.1 unreachable", said)
        assert "refused" not in result.stderr, result.stderr
    assert a.club("status").stdout.startswith("1 session and "), "nothing lost: the session waits for the next pass"
    club.start(port=port)
    assert "1 session uploaded" in a.sync().stdout


@contextlib.contextmanager
def cutting_server(port: int, answer: bytes):
    """A server on 127.0.0.1:`port` that reads each request's head, sends the first bytes of an answer (`answer`),
    and closes the connection."""
    listener = socket.create_server(("127.0.0.1", port), reuse_port=False)
    listener.settimeout(0.1)
    stop = threading.Event()

    def serve():
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except socket.timeout:
                continue
            with connection:
                connection.settimeout(5)
                head = b""
                while b"\r\n\r\n" not in head:
                    chunk = connection.recv(65536)
                    if not chunk:
                        break
                    head += chunk
                connection.sendall(answer)
    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=5)
        listener.close()


def test_a_session_saved_during_a_pass_gets_a_pass_of_its_own(club, sideline_bin, tmp_path):
    """The appliance's .path unit folds a request the kiosk writes while the sync service runs into that
    run: `club sync` passes again when the request file changed during its pass. The pass is held at its
    first upload by a lock on the club's upload table while a second session is saved and asked for."""
    club.add_club("Alpha")
    a = kiosk(sideline_bin, tmp_path, "pitch-1")
    a.record(players=3, minutes=1)
    a.join(club, "Alpha")
    pg = club.pg
    holder = subprocess.Popen(["psql", "-h", pg.listen, "-p", str(pg.port), "-U", "sideline_owner", "-d", club.db, "-X", "-tAq",
                               "-v", "ON_ERROR_STOP=1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        holder.stdin.write("BEGIN; LOCK TABLE upload IN ACCESS EXCLUSIVE MODE; SELECT 'locked';\n")
        holder.stdin.flush()
        assert holder.stdout.readline().strip() == "locked"
        sync = a.popen("club", "sync")
        wait_until(lambda: club.owner_sql("SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = 'upload'::regclass") != "0"
                   or sync.poll() is not None, 60, what="the pass waiting for the upload table")
        assert sync.poll() is None, sync.communicate()
        # Mid-pass: a session saved and the kiosk's request written, as `--club-sync service` writes it.
        a.record(players=2, minutes=0.5, seed=2)
        (tmp_path / "pitch-1.sqlite.club-sync-request").write_text("2026-11-27T10:00:00Z\n")
        holder.stdin.write("COMMIT;\n")
        holder.stdin.flush()
        out, err = sync.communicate(timeout=120)
    finally:
        holder.kill()
        holder.wait()
    assert sync.returncode == 0, (out, err)
    lines = out.splitlines()
    assert lines[0].startswith("1 session"), lines  # the one saved mid-pass waits after the first pass
    assert lines[-1].startswith("another pass, asked for during the last: up to date: 1 session uploaded"), lines
    assert club.owner_sql("SELECT count(*) FROM session") == "2"
    # Nothing asked since: one pass.
    again = a.sync().stdout.splitlines()
    assert len(again) == 1 and again[0].startswith("up to date: 0 sessions uploaded"), again


def test_a_pass_keeps_one_connection_for_its_requests(club, sideline_bin, tmp_path):
    """A pass's requests (the server's time, the upload's chunks and commit, the roster up and the feed
    down) share one connection: counted by a relay in front of the server, which sees each one opened."""
    club.add_club("Alpha")
    a = kiosk(sideline_bin, tmp_path, "pitch-1")
    a.record(players=4, minutes=2)
    port, opened = free_port(), tmp_path / "connections.txt"
    kit = pathlib.Path(__file__).resolve().parents[1] / "kit"
    relay = subprocess.Popen([sys.executable, "-m", "sideline_testkit.delay_relay", "--listen", f"127.0.0.1:{port}",
                              "--to", f"127.0.0.1:{club.port}", "--delay-ms", "0", "--connections", str(opened)],
                             env={**os.environ, "PYTHONPATH": str(kit)}, stdout=subprocess.PIPE, text=True)
    try:
        assert relay.stdout.readline().startswith("relaying")
        a.join(club, "Alpha", f"http://127.0.0.1:{port}")
        joined = len(opened.read_text().splitlines())
        # At least eight requests: the server's time, the upload's start, its 1 kB chunks, its commit, the
        # roster edits the join queued, the feed.
        out = a.sync("--chunk-bytes", "1024").stdout
        assert "up to date: 1 session uploaded" in out and " 0 roster edits sent" not in out, out
        assert len(opened.read_text().splitlines()) - joined == 1, opened.read_text()
    finally:
        relay.kill()
        relay.wait()


def test_deleting_a_session_on_either_side_deletes_it_on_the_other(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    a = kiosk(sideline_bin, tmp_path, "pitch-1")
    a.record(players=2, minutes=0.5)
    a.record(players=2, minutes=0.5)
    a.join(club, "Alpha")
    a.sync()
    assert club.owner_sql("SELECT count(*) FROM session") == "2"
    (first, id1), (second, id2) = a.sql("SELECT uuid, id FROM session ORDER BY id")
    # Deleted on the kiosk → gone on the club.
    a.run("delete-session", str(id1), "--yes")
    assert a.club("status").stdout.startswith("1 deletion waiting")
    a.sync()
    assert club.owner_sql("SELECT count(*) FROM session") == "1"
    token = club.api_token("Alpha")
    assert club.request("GET", f"/api/v1/sessions/{first}", token).status == 404
    # Deleted on the club (another kiosk's DELETE) → gone on this kiosk after its next sync, and no tombstone sent back.
    other = club.kiosk("Alpha", "office")
    assert other.request("DELETE", f"/api/v1/kiosk/sessions/{second}").status == 204
    assert "1 session deleted by the club" in a.sync().stdout
    assert a.sql("SELECT count(*) FROM session") == [(0,)]
    assert a.sql("SELECT count(*) FROM club_session_tombstone") == [(0,)]


def test_the_kiosks_retention_deletes_exactly_the_older_sessions_and_the_club_follows(club, sideline_bin, tmp_path):
    """Item 3 on a kiosk (decision 072): `sideline retention --today` (the daily timer's command, the day driven) deletes
    the session that started a minute before the cutoff and keeps the one at it; the rule and the deletion reach the club."""
    club.add_club("Alpha")
    a = kiosk(sideline_bin, tmp_path, "pitch-1")
    for seed, started in enumerate(("2025-05-31T23:59", "2025-06-01T00:00", "2026-05-01T18:00")):
        a.run("record", "--source", "sim:2", "--seed", str(seed + 1), "--speed", "6000", "--team", "Demo", "--minutes", "0.2",
              "--started-at", started, "--quiet")
    a.join(club, "Alpha")
    a.sync()
    assert club.owner_sql("SELECT count(*) FROM session") == "3"
    old, kept = a.sql("SELECT uuid FROM session ORDER BY started_ms")[0][0], [u for (u,) in a.sql("SELECT uuid FROM session ORDER BY started_ms")[1:]]
    assert a.run("retention", "--today", "2026-06-01").stdout == "sessions are kept for good: nothing deleted\n"
    a.run("settings", "--retention-months", "12")
    assert "retention\tSessions are kept for 12 months" in a.run("settings").stdout
    out = a.run("retention", "--today", "2026-06-01").stdout
    assert out == "sessions kept 12 months: 1 sessions deleted, players who left are erased by the club\n", out
    assert [u for (u,) in a.sql("SELECT uuid FROM session ORDER BY started_ms")] == kept
    a.sync()
    assert set(club.owner_sql("SELECT uuid FROM session").split()) == {u.lower() for u in kept}
    assert club.owner_sql("SELECT value FROM roster_field WHERE entity = 'settings' AND field = 'retentionMonths'") == '"12"'
    assert old.lower() not in club.owner_sql("SELECT string_agg(uuid::text, ' ') FROM session")


def test_a_session_with_a_player_without_consent_stays_on_the_kiosk_until_the_club_records_it(club, sideline_bin, tmp_path):
    """Item 5 (decision 075): with "require consent" on, a session in which a player has no consent on file stays on the
    kiosk, whole, and the pass says who holds it back; consent and the rule travel with the roster; once the club
    records the missing consent the session goes up as it was recorded."""
    club.add_club("Alpha")
    a = kiosk(sideline_bin, tmp_path, "pitch-1")
    a.run("record", "--source", "sim:2", "--seed", "3", "--speed", "6000", "--team", "Demo", "--minutes", "0.2", "--quiet")
    players = json.loads(a.run("consent", "--team", "Demo", "--json").stdout)["players"]
    given, lacking = players
    a.run("consent", "--team", "Demo", "--number", str(given["number"]), "--on", "2026-09-01", "--by", "Anna Berg")
    a.run("settings", "--require-consent", "on")
    a.join(club, "Alpha")
    out = a.sync().stdout
    assert f"held back: 1 session of {lacking['name']} (Demo #{lacking['number']}): no consent on file, which the club requires\n" in out, out
    assert club.owner_sql("SELECT count(*) FROM session") == "0"
    status = a.club("status").stdout
    assert status.startswith("nothing waiting · sessions of 1 player held for consent · last sync ") and "held back: 1 session of" in status, status
    feed = club.kiosk("Alpha", "probe").changes()["changes"]
    assert {(c["key"], c["value"]) for c in feed if c["field"] == "consent"} == {(given["uuid"], "2026-09-01 Anna Berg"), (lacking["uuid"], None)}
    assert [c["value"] for c in feed if c["field"] == "requireConsent"] == ["1"]
    # The club records the missing consent (as the web's player page does): the next pass pulls it and sends the session.
    other = club.kiosk("Alpha", "office")
    stamp = {"wallMs": 1_900_000_000_000, "counter": 0, "origin": other.origin}
    bad = other.edits({"entity": "player", "key": lacking["uuid"], "field": "consent", "value": "2026-09-01 ", "stamp": stamp})
    assert bad.status == 400 and "consent" in bad.json()["error"], bad
    assert all(o["accepted"] for o in other.edits({"entity": "player", "key": lacking["uuid"], "field": "consent",
                                                     "value": "2026-10-02 the player", "stamp": stamp}).json()["outcomes"])
    out = a.sync().stdout
    assert "held back" not in out and "1 session uploaded" in out, out
    assert club.owner_sql("SELECT count(*) FROM session") == "1"
    assert "on file: 2026-10-02, by the player" in a.run("consent", "--team", "Demo").stdout


def test_a_roster_edit_on_one_kiosk_reaches_another(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    a, b = kiosk(sideline_bin, tmp_path, "pitch-1"), kiosk(sideline_bin, tmp_path, "pitch-2")
    roster = tmp_path / "roster.csv"
    roster.write_text("number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap\n"
                      "7,Mia,Berg,2009,F,58.5,52,,A0:9E:1A:00:00:07\n9,Ola,Nord,2008,M,71,55,199,\n")
    a.run("import-roster", str(roster), "--team", "U17")
    a.join(club, "Alpha")
    a.sync()
    b.join(club, "Alpha")
    b.sync()
    assert b.roster() == a.roster()
    assert len(b.roster()) > 0
    # Edits from the command line on A (rename, recolour) and a script on B's SQLite (a weight) cross over.
    a.run("team", "rename", "U17", "U17 Girls")
    a.run("team", "colour", "U17 Girls", "#43A047")
    b.write("UPDATE player SET weight_kg = 59.5 WHERE first_name = 'Mia'")
    a.sync(), b.sync(), a.sync()
    assert a.roster() == b.roster()
    assert a.sql("SELECT name, colour FROM team") == [("U17 Girls", "#43A047")]
    assert a.sql("SELECT weight_kg FROM player WHERE first_name = 'Mia'") == [(59.5,)]
    # The strap came with its UUID from its address, on both.
    assert a.sql("SELECT uuid FROM strap") == b.sql("SELECT uuid FROM strap")


def test_a_restored_roster_reaches_the_club_and_the_kiosk_stays_in_it(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    a = kiosk(sideline_bin, tmp_path, "pitch-1")
    a.run("import-roster", str(write_roster(tmp_path)), "--team", "U17")
    a.join(club, "Alpha")
    a.sync()
    a.run("backup", "--to", str(tmp_path / "backups"))
    backup = next((tmp_path / "backups").glob("sideline-*.sqlite"))
    a.run("team", "rename", "U17", "Renamed")
    a.sync()
    a.run("restore", str(backup))
    assert os.path.exists(a.db + ".club"), "the link is not in the database: a restore keeps it"
    a.sync()
    names = {c["value"] for c in club.kiosk("Alpha", "office").changes()["changes"] if c["entity"] == "team" and c["field"] == "name"}
    assert names == {"U17"}, "the restored roster is an edit made now"
    assert a.sql("SELECT name FROM team") == [("U17",)]


def write_roster(folder):
    roster = folder / "roster.csv"
    roster.write_text("7,Mia,Berg,2009,F,58.5,52,,\n9,Ola,Nord,2008,M,71,55,199,\n")
    return roster


def test_plain_http_off_this_machine_is_refused(sideline_bin, tmp_path):
    a = kiosk(sideline_bin, tmp_path, "pitch-1")
    for url in ["http://192.0.2.1:8080", "http://club.example.org", "ftp://127.0.0.1"]:
        one_line_refusal(a.club("join", url, "CODE", check=False), url.split(":")[0])
    assert not os.path.exists(a.db + ".club")


def test_a_self_signed_server_needs_the_clubs_ca_file(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    cert, key = tmp_path / "club.pem", tmp_path / "club.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    server = subprocess.Popen([club.bin, "serve", "--database-url", club.app_url, "--listen", "127.0.0.1:0", "--tls-cert", str(cert),
                               "--tls-key", str(key)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = server.stdout.readline()
        assert line.startswith("listening on https://127.0.0.1:"), line
        url = line.strip().split(" ")[-1]
        a = kiosk(sideline_bin, tmp_path, "pitch-1")
        one_line_refusal(a.club("join", url, club.enrolment_code("Alpha", "pitch-1"), check=False), "certificate")
        assert not os.path.exists(a.db + ".club")
        a.club("join", url, club.enrolment_code("Alpha", "pitch-1"), "--ca-file", str(cert))
        a.record(players=2, minutes=0.5)
        assert "1 session uploaded" in a.sync().stdout
        # The CA moved where the appliance keeps it: the file join kept is gone, and the pass fails until it
        # reads club-ca-file from the kiosk's config file, as the appliance's sync service does (--config).
        kept = tmp_path / "etc" / "club-ca.pem"
        kept.parent.mkdir()
        cert.rename(kept)
        a.record(players=2, minutes=0.5)
        assert a.club("sync", check=False).returncode == 2
        config = tmp_path / "etc" / "sideline.conf"
        config.write_text(f"source = sim:3\n# the club's own CA\nclub-ca-file = {kept}\n")
        assert "1 session uploaded" in a.club("sync", "--config", str(config)).stdout
    finally:
        server.terminate()
        server.wait(timeout=30)


def libcurl_path():
    """The file the loader opens for libcurl.so.4 on this machine (ldconfig's cache), its links followed."""
    cache = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    match = re.search(r"^\s+libcurl\.so\.4 \(libc6,x86-64[^)]*\) => (\S+)$", cache, re.M) or \
        re.search(r"^\s+libcurl\.so\.4 \([^)]*\) => (\S+)$", cache, re.M)
    assert match, "libcurl.so.4 is not in the loader's cache"
    return os.path.realpath(match.group(1))


@pytest.mark.skipif(os.geteuid() != 0, reason="a mount namespace of its own needs root")
def test_without_libcurl_the_kiosk_records_and_a_pass_says_so_in_one_line(club, sideline_bin, tmp_path):
    """libcurl is opened when a pass first sends a request, not linked (decision 078): the binary names no
    libcurl, a board whose libcurl is gone still starts and records, and a pass stops with one line that
    says what to install, losing nothing — the next pass with libcurl back uploads the session."""
    needed = re.findall(r"NEEDED\s+(\S+)", subprocess.run(["objdump", "-p", sideline_bin], capture_output=True, text=True,
                                                          check=True).stdout)
    assert needed and not [n for n in needed if "curl" in n], needed
    club.add_club("Alpha")
    a = kiosk(sideline_bin, tmp_path, "pitch-1")
    a.join(club, "Alpha")
    # The same kiosk in a mount namespace where libcurl's file is empty: the loader cannot open it.
    broken = KioskCLI(sideline_bin, a.db, "pitch-1",
                      prefix=("unshare", "--mount", "sh", "-c", f'mount --bind /dev/null "{libcurl_path()}" && exec "$@"', "sh"))
    broken.record(players=2, minutes=0.5)
    # Exit 2; the exit's line (the one line of any pass that stops) says what to install.
    result = broken.sync(check=False)
    assert result.returncode == 2 and result.stdout == "", result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    for line in lines:
        for words in ("1 session and", "needs libcurl", "libcurl.so.4", "install Debian's libcurl4t64 or libcurl4"):
            assert words in line, (words, line)
    assert broken.club("status").stdout.startswith("1 session and ")
    assert "1 session uploaded" in a.sync().stdout
    assert club.owner_sql("SELECT count(*) FROM session") == "1"
