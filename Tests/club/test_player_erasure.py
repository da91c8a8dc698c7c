"""Issue 37, item 1 end to end: a player who was in sessions on two kiosks and on the club server
(real PostgreSQL, real kiosk databases, the real `sideline club sync`) is erased on one kiosk. After
the syncs nothing of them is left — not in either kiosk's database file (free pages and write-ahead log
included), not in a `pg_dump` of the club, not in the web pages, the API or the exports; the other
players' readings are intact, and each session's stored hash is the one its kiosk computes again from its own rows.
Then the same from the club's side: an admin erases a player on the web (CSRF, a ticked box), and
`sideline-club erase-player --name … --team …`; a kiosk that still offers an old hash is told
"superseded", and a restored `pg_dump` gets its erasures back from the kiosks. And item 2: the player's own
data from the club, on the command line and as the admin's download.

Oracles independent of the code under test: the raw bytes of the files (Python reads them), SQLite's
record format for the kiosks' readings (sideline_testkit.sqlite_records), the hex of the player's stored
readings as PostgreSQL itself prints them, read before the erasure (found in a dump before: the search works)."""
import csv
import hashlib
import io
import json
import os
import pathlib
import re
import subprocess
import uuid as uuidlib

from kiosk_cli import KioskCLI
from sideline_testkit.player_zip import checked_player_zip
from sideline_testkit.sqlite_records import raw_files, sample_records
from webclub import PASSWORD, csrf_of, http, login_http

ROSTER = ("number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap\n"
          "7,Ada,Lovelace,2001,F,60,55,,A0:00:00:00:00:01\n"
          "87,Zebulonia,Quixotterby,2002,F,61,58,,A0:00:00:00:00:02\n"
          "9,Bea,Brook,2000,M,80,60,,A0:00:00:00:00:03\n")
NAMES = [b"Zebulonia", b"Quixotterby", b"Vorobyev"]  # the last: her guardian, in her consent on file (item 5)
ADMIN = "admin@alpha.example"


def digest(player_uuid: str) -> str:
    return hashlib.sha256(("sideline player erasure 1:" + player_uuid.lower()).encode()).hexdigest()


def pg_dump(club) -> bytes:
    pg = club.pg
    return subprocess.run(["runuser", "-u", "postgres", "--", "pg_dump", "-h", pg.socket_dir, "-p", str(pg.port), "-d", club.db],
                          capture_output=True, check=True, timeout=120).stdout


def two_kiosks_and_a_club(club, sideline_bin, tmp_path):
    """Kiosk A imports the roster, records a session and syncs; kiosk B joins, gets the roster, records one and syncs."""
    club.add_club("Alpha")
    a = KioskCLI(sideline_bin, tmp_path / "a.sqlite", "pitch-1")
    b = KioskCLI(sideline_bin, tmp_path / "b.sqlite", "pitch-2")
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER)
    a.run("import-roster", str(roster), "--team", "Eagles")
    a.run("consent", "--team", "Eagles", "--number", "87", "--on", "2026-01-15", "--by", "Xanthippe Vorobyev")
    a.record(team="Eagles", players=3, minutes=2, speed=6000)
    a.join(club, "Alpha")
    a.sync()
    b.join(club, "Alpha")
    b.sync()
    assert b.sql("SELECT count(*) FROM player WHERE last_name = 'Quixotterby'") == [(1,)], "B has the roster"
    b.record(team="Eagles", players=3, minutes=2, speed=6000, seed=2)
    b.sync()
    assert club.owner_sql("SELECT count(*) FROM session") == "2"
    (player,), = a.sql("SELECT uuid FROM player WHERE last_name = 'Quixotterby'")
    return a, b, player


def everything_the_club_shows(club, tmp_path, token, cookie) -> dict:
    """Every page, API answer and export of the club, by name."""
    shown = {}
    sessions = club.request("GET", "/api/v1/sessions", token)
    assert sessions.status == 200
    shown["api sessions"] = sessions.body
    for s in sessions.json():
        doc = club.request("GET", f"/api/v1/sessions/{s['uuid']}", token)
        assert doc.status == 200, doc
        shown[f"api {s['uuid']}"] = doc.body
        page = http(club, "GET", f"/sessions/{s['uuid']}", cookie=cookie)
        assert page.status == 200, page
        shown[f"page {s['uuid']}"] = page.body
        for name in set(re.findall(rb'href="/sessions/[0-9a-f-]+/files/([^"]+)"', page.body)):
            f = http(club, "GET", f"/sessions/{s['uuid']}/files/{name.decode()}", cookie=cookie)
            assert f.status == 200, (name, f)
            shown[f"file {s['uuid']} {name.decode()}"] = f.body
    for path in ["/sessions", "/teams", "/kiosks"]:
        page = http(club, "GET", path, cookie=cookie)
        assert page.status == 200, (path, page)
        shown[path] = page.body
    for team in set(re.findall(rb'href="/teams/([0-9a-f-]{36})"', shown["/teams"])):
        for path in [f"/teams/{team.decode()}", f"/teams/{team.decode()}/season", f"/teams/{team.decode()}/season.csv"]:
            page = http(club, "GET", path, cookie=cookie)
            assert page.status == 200, (path, page)
            shown[path] = page.body
    return shown


def admin(club, tmp_path) -> str:
    password_file = tmp_path / "password"
    password_file.write_text(PASSWORD)
    club.run("add-user", "--club", "Alpha", ADMIN, "--role", "admin", "--password-file", str(password_file))
    return login_http(club, ADMIN)


def test_a_player_erased_on_one_kiosk_is_nowhere(club, sideline_bin, tmp_path):
    a, b, player = two_kiosks_and_a_club(club, sideline_bin, tmp_path)
    (pid_a,), = a.sql("SELECT id FROM player WHERE uuid = ?", player)
    (pid_b,), = b.sql("SELECT id FROM player WHERE uuid = ?", player)
    records = {"A": sample_records(pathlib.Path(a.db), pid_a), "B": sample_records(pathlib.Path(b.db), pid_b)}
    readings = club.owner_sql(f"SELECT string_agg(encode(samples, 'hex'), ',') FROM session_participant WHERE player_uuid = '{player}'").split(",")
    assert len(readings) == 2 and all(len(r) > 64 for r in readings)
    needles_pg = [n for n in NAMES] + [player.encode()] + [r[16:80].encode() for r in readings]
    before = pg_dump(club)
    for needle in needles_pg:
        assert needle in before, f"{needle[:40]} is in the dump before (the search works)"
    others_before = club.owner_sql("SELECT string_agg(player_uuid || ':' || md5(samples) || ':' || md5(rr), ',' ORDER BY player_uuid, session_uuid) "
                                   f"FROM session_participant WHERE player_uuid <> '{player}'")
    token, cookie = club.api_token("Alpha"), admin(club, tmp_path)
    shown = everything_the_club_shows(club, tmp_path, token, cookie)
    assert any(NAMES[1] in body for body in shown.values()), "the pages showed them before"

    # A flag about them dismissed on the web names them by UUID in its key (decision 076): the erasure takes it too.
    club.owner_sql("SELECT set_config('sideline.club_id', (SELECT id::text FROM club WHERE name = 'Alpha'), false); "
                   "INSERT INTO flag_dismissal(club_id, team_uuid, day, flag_key) SELECT id, gen_random_uuid(), '2026-03-14', "
                   f"'max-hr/player-{player}' FROM club WHERE name = 'Alpha'")
    assert club.owner_sql("SELECT count(*) FROM flag_dismissal") == "1"
    out = a.run("erase-player", "--team", "Eagles", "--number", "87", "--yes").stdout
    assert "in 1 session" in out, out
    assert "1 player erasure sent" in a.sync().stdout
    assert "1 player erased as the club asked" in b.sync().stdout

    # The kiosks' files.
    for kiosk in (a, b):
        raw = raw_files(pathlib.Path(kiosk.db))
        for needle in NAMES + [player.encode(), player.upper().encode()]:
            assert needle not in raw, f"{needle} still in {kiosk.name}'s database"
        left = [r for r in records["A" if kiosk is a else "B"] if r in raw]
        assert not left, f"{len(left)} of their readings still in {kiosk.name}'s database"
        assert kiosk.sql("SELECT count(*) FROM player_erasure WHERE player_digest = ?", digest(player)) == [(1,)]
        assert kiosk.sql("SELECT count(*) FROM session") == [(1,)], "the session stays, with the others"
    # The club's dump: no name, no UUID, none of their stored readings.
    after = pg_dump(club)
    for needle in needles_pg:
        assert needle not in after, f"{needle[:40]} still in the club's dump"
    assert digest(player).encode() in after, "the erasure record is kept"
    assert club.owner_sql("SELECT count(*) FROM flag_dismissal") == "0"
    # Pages, API, exports (the team figures computed again without them).
    shown = everything_the_club_shows(club, tmp_path, token, cookie)
    for name, body in shown.items():
        for needle in NAMES + [player.encode()]:
            assert needle not in body, f"{needle} in {name}"
    assert any(b"Lovelace" in body for body in shown.values()), "the others are still shown"
    # The kiosks' exports of the sessions they were in.
    for kiosk in (a, b):
        for (sid,) in kiosk.sql("SELECT id FROM session"):
            for fmt in ("csv", "tcx", "fit", "json"):
                folder = tmp_path / f"{kiosk.name}-{sid}-{fmt}"
                for path in kiosk.run("export", "--session", str(sid), "--format", fmt, "--out", str(folder)).stdout.split():
                    data = open(path, "rb").read()
                    for needle in NAMES + [player.encode()]:
                        assert needle not in data, f"{needle} in {path}"
    # The others' readings untouched, their sessions within the club's rules.
    assert club.owner_sql("SELECT string_agg(player_uuid || ':' || md5(samples) || ':' || md5(rr), ',' ORDER BY player_uuid, session_uuid) "
                          "FROM session_participant") == others_before
    club.run("check")
    assert club.owner_sql("SELECT count(*) FROM session WHERE quarantine_reason IS NOT NULL") == "0"
    assert club.owner_sql("SELECT count(*) FROM session_superseded") == "2"
    # Each session's hash is valid: each kiosk makes its bundle again from its own rows (without the player)
    # and offers it; the club answers that it holds exactly those bytes — the same hash, nothing refused.
    for kiosk in (a, b):
        kiosk.write("DELETE FROM club_session_upload")
        again = kiosk.sync().stdout
        assert "up to date: 1 session uploaded" in again and "settled" not in again, again
    assert club.owner_sql("SELECT count(*) FROM session") == "2"


def test_the_club_erases_and_the_kiosks_follow(club, sideline_bin, tmp_path):
    a, b, player = two_kiosks_and_a_club(club, sideline_bin, tmp_path)
    cookie = admin(club, tmp_path)
    team = club.owner_sql("SELECT DISTINCT team_uuid FROM session")
    page = http(club, "GET", f"/teams/{team}/players/{player}/erase", cookie=cookie)
    assert page.status == 200 and b"Erase Zebulonia Quixotterby everywhere" in page.body and b"2 sessions" in page.body, page
    # A coach of the team does not even learn that the page exists.
    (tmp_path / "coach-password").write_text(PASSWORD)
    club.run("add-user", "--club", "Alpha", "coach@alpha.example", "--role", "coach", "--team", "Eagles",
             "--password-file", str(tmp_path / "coach-password"))
    coach = login_http(club, "coach@alpha.example")
    assert http(club, "GET", f"/teams/{team}/players/{player}/erase", cookie=coach).status == 404
    coach_token = csrf_of(http(club, "GET", f"/teams/{team}", cookie=coach).body)
    refused = http(club, "POST", f"/teams/{team}/players/{player}/erase", cookie=coach, form={"csrf": coach_token, "confirm": "yes"})
    assert refused.status == 404, refused
    assert b"Erase this player" not in http(club, "GET", f"/teams/{team}/players/{player}", cookie=coach).body
    assert b"Erase this player" in http(club, "GET", f"/teams/{team}/players/{player}", cookie=cookie).body
    # Without the CSRF token: refused. Without the box ticked: nothing happens.
    forged = http(club, "POST", f"/teams/{team}/players/{player}/erase", cookie=cookie, form={"confirm": "yes"})
    assert forged.status == 403, forged
    token = csrf_of(page.body)
    unticked = http(club, "POST", f"/teams/{team}/players/{player}/erase", cookie=cookie, form={"csrf": token})
    assert unticked.status == 400 and b"Tick the box" in unticked.body
    assert club.owner_sql("SELECT count(*) FROM player_erasure") == "0"
    old = dict(tuple(line.split("|")) for line in club.owner_sql("SELECT uuid, sha256 FROM session").splitlines())
    done = http(club, "POST", f"/teams/{team}/players/{player}/erase", cookie=cookie, form={"csrf": token, "confirm": "yes"})
    assert done.status == 303 and done.headers["location"] == f"/teams/{team}?erased=1", done
    assert club.owner_sql("SELECT erased_by FROM player_erasure") == "club web, admin " + ADMIN
    assert b"Quixotterby" not in pg_dump(club)

    # A kiosk still offering a session's old hash is told it is superseded: stored, nothing to send, not refused.
    new = dict(tuple(line.split("|")) for line in club.owner_sql("SELECT uuid, sha256 FROM session").splitlines())
    assert set(new) == set(old) and all(new[u] != old[u] for u in old), "both sessions rewritten under new hashes"
    third = club.kiosk("Alpha", "pitch-3")
    for session, sha in old.items():
        r = third.request("POST", "/api/v1/kiosk/uploads", {"sessionUUID": session, "sha256": sha, "length": 100})
        assert r.status == 200 and {**r.json(), "sessionUUID": r.json()["sessionUUID"].lower()} == \
            {"sessionUUID": session, "sha256": new[session], "created": False, "superseded": True}, r
    # A, with its upload state lost (as after a cut), syncs: it hears of the erasure first, then offers its session without them.
    a.write("DELETE FROM club_session_upload")
    out = a.sync().stdout
    assert "1 player erased as the club asked" in out and "1 session uploaded" in out and "settled" not in out, out
    assert b"Quixotterby" not in pg_dump(club)
    assert "1 player erased as the club asked" in b.sync().stdout
    for kiosk in (a, b):
        assert kiosk.sql("SELECT count(*) FROM player WHERE uuid = ?", player) == [(0,)]
        assert NAMES[1] not in raw_files(pathlib.Path(kiosk.db))

    # By name on the command line, and the refusals: one line each.
    (ada,), = a.sql("SELECT uuid FROM player WHERE last_name = 'Lovelace'")
    missing = club.run("erase-player", "--club", "Alpha", "--name", "Nobody Here", "--team", "Eagles", "--yes", check=False)
    assert missing.returncode == 2 and "no player named 'Nobody Here'" in missing.stderr
    unknown = club.run("erase-player", "--club", "Alpha", "--player", str(uuidlib.uuid4()), "--yes", check=False)
    assert unknown.returncode == 2 and "knows no player" in unknown.stderr
    both = club.run("erase-player", "--club", "Alpha", "--player", ada, "--name", "Ada Lovelace", "--team", "Eagles", check=False)
    assert both.returncode == 2
    declined = subprocess.run([club.bin, "erase-player", "--club", "Alpha", "--name", "Ada Lovelace", "--team", "Eagles",
                               "--database-url", club.owner_url], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert declined.returncode == 0 and "nothing changed" in declined.stdout, declined
    out = club.last_line("erase-player", "--club", "Alpha", "--name", "ada lovelace", "--team", "eagles", "--yes")
    assert out.startswith(f"erased player {ada} of club 'Alpha': 2 sessions rewritten"), out
    a.sync()
    assert a.sql("SELECT count(*) FROM player WHERE uuid = ?", ada) == [(0,)]
    assert b"Lovelace" not in pg_dump(club)
    assert club.owner_sql("SELECT count(*) FROM session") == "2", "the sessions stay, with Bea"


def test_a_restored_dump_gets_its_erasures_back_from_the_kiosks(club, sideline_bin, tmp_path):
    a, b, player = two_kiosks_and_a_club(club, sideline_bin, tmp_path)
    pg = club.pg
    dump = tmp_path / "club.dump"
    with open(dump, "wb") as out:
        subprocess.run(["runuser", "-u", "postgres", "--", "pg_dump", "-Fc", "-h", pg.socket_dir, "-p", str(pg.port), "-d", club.db],
                       stdout=out, check=True, timeout=120)
    a.run("erase-player", "--team", "Eagles", "--number", "87", "--yes")
    a.sync()
    b.sync()
    assert b"Quixotterby" not in pg_dump(club)
    # The club's database put back from the dump taken before: the player is there again…
    port = club.port
    club.stop()
    pg.psql(f"DROP DATABASE {club.db} WITH (FORCE)")
    pg.psql(f"CREATE DATABASE {club.db} OWNER sideline_owner")
    with open(dump, "rb") as source:
        restore = subprocess.run(["runuser", "-u", "postgres", "--", "pg_restore", "--exit-on-error", "-h", pg.socket_dir, "-p", str(pg.port),
                                  "-d", club.db], stdin=source, capture_output=True, timeout=120)
    assert restore.returncode == 0, restore.stderr
    club.start(port=port)
    assert b"Quixotterby" in pg_dump(club)
    # …until a kiosk syncs: the club holds fewer erasures than it acknowledged, and gets them again.
    out = b.sync().stdout
    assert "1 player erasure sent" in out, out
    assert b"Quixotterby" not in pg_dump(club)
    assert club.owner_sql("SELECT count(*) FROM player_erasure") == "1"


def test_a_players_data_from_the_club_holds_every_kiosks_readings_of_theirs(club, sideline_bin, tmp_path):
    """Issue 37, item 2 on the club: `sideline-club player-data` and the admin's download give one ZIP (zipfile,
    `unzip -t`, the FIT SDK) whose CSVs are the player's rows in both kiosks' databases, nothing of the others."""
    a, b, player = two_kiosks_and_a_club(club, sideline_bin, tmp_path)
    out = tmp_path / "request"
    path = club.last_line("player-data", "--club", "Alpha", "--name", "zebulonia quixotterby", "--team", "eagles", "--out", str(out))
    assert os.listdir(out) == [os.path.basename(path)]
    files = checked_player_zip(path)
    assert json.loads(files["profile.json"])["playerUUID"] == player
    samples = sorted(n for n in files if n.endswith("_samples.csv"))
    assert len(samples) == 2
    for name in samples:
        rows = list(csv.DictReader(io.StringIO(files[name].decode("utf-8-sig"))))
        session = {r["session"] for r in rows}.pop()
        kiosk = a if a.sql("SELECT count(*) FROM session WHERE uuid = ?", session) == [(1,)] else b
        assert [(int(r["t_ms"]), int(r["bpm"])) for r in rows] == kiosk.sql(
            "SELECT s.t_ms, s.bpm FROM sample s JOIN session x ON x.id = s.session_id JOIN player p ON p.id = s.player_id "
            "WHERE x.uuid = ? AND p.uuid = ? ORDER BY s.t_ms", session, player), name
    for name, data in files.items():
        assert b"Lovelace" not in data and b"Brook" not in data, name

    # The admin's download: the same archive, streamed; a coach does not learn the address exists.
    cookie = admin(club, tmp_path)
    team = club.owner_sql("SELECT DISTINCT team_uuid FROM session")
    assert b"/data.zip" in http(club, "GET", f"/teams/{team}/players/{player}", cookie=cookie).body
    got = http(club, "GET", f"/teams/{team}/players/{player}/data.zip", cookie=cookie)
    assert got.status == 200 and got.headers.get("content-type") == "application/zip", got
    (tmp_path / "web.zip").write_bytes(got.body)
    web = checked_player_zip(tmp_path / "web.zip")
    assert {n: web[n] for n in samples} == {n: files[n] for n in samples}
    (tmp_path / "coach-password").write_text(PASSWORD)
    club.run("add-user", "--club", "Alpha", "coach@alpha.example", "--role", "coach", "--team", "Eagles",
             "--password-file", str(tmp_path / "coach-password"))
    assert http(club, "GET", f"/teams/{team}/players/{player}/data.zip", cookie=login_http(club, "coach@alpha.example")).status == 404

    unknown = club.run("player-data", "--club", "Alpha", "--player", str(uuidlib.uuid4()), "--out", str(out), check=False)
    assert unknown.returncode == 2 and "knows no player" in unknown.stderr and "nothing was written" in unknown.stderr
    assert os.listdir(out) == [os.path.basename(path)], "nothing more"
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    cannot = club.run("player-data", "--club", "Alpha", "--player", player, "--out", str(blocker / "sub"), check=False)
    assert cannot.returncode == 2 and f"cannot write into {blocker / 'sub'}" in cannot.stderr, cannot.stderr
    full = tmp_path / "full"  # a 64 KiB file system with 4 KiB free
    full.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(full)], check=True)
    try:
        (full / "filler").write_bytes(b"x" * 60 * 1024)
        refused = club.run("player-data", "--club", "Alpha", "--player", player, "--out", str(full), check=False)
        assert refused.returncode == 2 and "the disk is full" in refused.stderr and len(refused.stderr.strip().splitlines()) == 1, refused.stderr
        assert os.listdir(full) == ["filler"], "no partial file left"
    finally:
        subprocess.run(["umount", str(full)], check=True)
