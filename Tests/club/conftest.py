"""Fixtures for the club server's end-to-end tests: a throwaway PostgreSQL 15 cluster
(sideline_testkit.postgres), a fresh database per test migrated by the real `sideline-club`, and the real server on it."""
import contextlib
import gzip
import hashlib
import http.client
import json
import os
import pathlib
import select
import subprocess
import uuid

import pytest

from sideline_testkit.paths import ROOT
from sideline_testkit.postgres import Postgres
from sideline_testkit.waiting import wait_until

# The tests read English unless one names a language: the command line speaks the terminal's (decision 087), so
# a machine whose LANG is German would otherwise turn every English assertion into a failure.
os.environ["LANG"] = "C.UTF-8"
for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)

OWNER, APP = "sideline_owner", "sideline_app"


@pytest.fixture(scope="session")
def postgres():
    try:
        pg = Postgres.create()
    except AssertionError as error:
        pytest.fail(str(error))
    pg.psql(f"CREATE ROLE {OWNER} LOGIN; CREATE ROLE {APP} LOGIN")
    yield pg
    pg.destroy()


@pytest.fixture(scope="session")
def club_bin() -> str:
    path = os.environ.get("SIDELINE_CLUB_BIN") or str(ROOT / ".build/debug/sideline-club")
    if not os.access(path, os.X_OK):
        pytest.fail(f"sideline-club not found at {path}; build it with `swift build --product sideline-club`")
    return path


@pytest.fixture(scope="session")
def sideline_bin() -> str:
    """The kiosk's binary, for its side of the sync (`sideline club …`)."""
    path = os.environ.get("SIDELINE_BIN") or str(ROOT / ".build/debug/sideline")
    if not os.access(path, os.X_OK):
        pytest.fail(f"sideline not found at {path}; build it with `swift build --product sideline`")
    return path


class Response:
    def __init__(self, status: int, headers: dict, body: bytes):
        self.status, self.headers, self.body = status, headers, body

    def json(self):
        return json.loads(self.body)

    def __repr__(self):
        return f"<{self.status} {self.body[:300]!r}>"


class Club:
    """One database with the club schema, the admin commands on it, and the server serving it."""

    def __init__(self, pg: Postgres, binary: str, db: str, log: pathlib.Path):
        self.pg, self.bin, self.db, self.log = pg, binary, db, log
        self.owner_url, self.app_url = pg.url(OWNER, db), pg.url(APP, db)
        self.server = None
        self.port = None

    def run(self, *args: str, url: str = None, check: bool = True) -> subprocess.CompletedProcess:
        result = subprocess.run([self.bin, *args, "--database-url", url or self.owner_url], capture_output=True, text=True, timeout=120)
        if check and result.returncode != 0:
            raise AssertionError(f"sideline-club {' '.join(args)} failed ({result.returncode}): {result.stderr}")
        return result

    def last_line(self, *args: str) -> str:
        return self.run(*args).stdout.strip().splitlines()[-1]

    def start(self, env: dict = None, port: int = 0, args: tuple = ()):
        """Starts `serve` (with `env` added to the environment: a time zone, say, and `args` to its
        options: a short `--idle-timeout`, say), on `port` (0: any free one)."""
        self.server = subprocess.Popen([self.bin, "serve", "--database-url", self.app_url, "--listen", f"127.0.0.1:{port}", *args],
                                       stdout=subprocess.PIPE, stderr=open(self.log, "ab"), text=True,
                                       env={**os.environ, **(env or {})})
        line = ""

        def listening():
            nonlocal line
            if self.server.poll() is not None:
                raise AssertionError(f"serve exited {self.server.returncode}: {self.log.read_text()[-2000:]}")
            if select.select([self.server.stdout], [], [], 0.05)[0]:
                line = self.server.stdout.readline()
            return line.startswith("listening on http://127.0.0.1:")
        wait_until(listening, 30, what="the server listening")
        self.port = int(line.strip().rsplit(":", 1)[1])

    def stop(self):
        if self.server and self.server.poll() is None:
            self.server.terminate()
            self.server.wait(timeout=30)

    def add_club(self, name: str) -> str:
        return self.run("add-club", name).stdout

    def enrolment_code(self, club: str, kiosk: str) -> str:
        return self.last_line("add-kiosk", "--club", club, kiosk)

    def kiosk_token(self, club: str, kiosk: str) -> str:
        r = self.request("POST", "/api/v1/enrol", body={"code": self.enrolment_code(club, kiosk)})
        assert r.status == 201, r
        return r.json()["token"]

    def kiosk(self, club: str, name: str) -> "Kiosk":
        r = self.request("POST", "/api/v1/enrol", body={"code": self.enrolment_code(club, name)})
        assert r.status == 201, r
        e = r.json()
        return Kiosk(self, e["token"], "kiosk:" + e["kioskID"].lower())

    def api_token(self, club: str) -> str:
        return self.last_line("add-token", "--club", club)

    def request(self, method: str, path: str, token: str = None, body=None, headers: dict = None) -> Response:
        headers = dict(headers or {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if body is not None and not isinstance(body, (bytes, bytearray)):
            body = json.dumps(body).encode()
            headers.setdefault("Content-Type", "application/json")
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=headers)
            r = connection.getresponse()
            return Response(r.status, {k.lower(): v for k, v in r.getheaders()}, r.read())
        finally:
            connection.close()

    def owner_sql(self, sql: str) -> str:
        """SQL as the schema's owner, reading across clubs (the owner's lookup)."""
        return self.pg.psql(f"SET sideline.lookup = 'on'; {sql}", user=OWNER, db=self.db).stdout.strip()

    def app_sql(self, sql: str, check: bool = True) -> subprocess.CompletedProcess:
        return self.pg.psql(sql, user=APP, db=self.db, check=check)


class Kiosk:
    def __init__(self, club: Club, token: str, origin: str):
        self.club, self.token, self.origin = club, token, origin

    def request(self, method, path, body=None, headers=None) -> Response:
        return self.club.request(method, path, token=self.token, body=body, headers=headers)

    def upload(self, bundle: bytes, chunk: int = 64 * 1024, readings: str = None) -> Response:
        """Uploads a bundle's canonical bytes the way a kiosk does: create, PATCH chunks, commit. `readings`: the
        SHA-256 of the bundle without its ratings, as a kiosk since format 2 announces it."""
        packed = gzip.compress(bundle)
        announce = {"sessionUUID": json.loads(bundle)["session"]["uuid"], "sha256": hashlib.sha256(bundle).hexdigest(), "length": len(packed)}
        if readings:
            announce["readingsSHA256"] = readings
        r = self.request("POST", "/api/v1/kiosk/uploads", announce)
        if r.status != 201 and not (r.status == 200 and "uploadID" in r.json()):
            return r
        state = r.json()
        offset = state["offset"]
        while offset < len(packed):
            r = self.request("PATCH", f"/api/v1/kiosk/uploads/{state['uploadID']}", packed[offset:offset + chunk],
                             {"Upload-Offset": str(offset), "Content-Type": "application/offset+octet-stream"})
            assert r.status == 200, r
            offset = r.json()["offset"]
        return self.request("POST", f"/api/v1/kiosk/uploads/{state['uploadID']}/commit")

    def edits(self, *edits) -> Response:
        return self.request("POST", "/api/v1/kiosk/roster/edits", {"edits": list(edits)})

    def changes(self, since: int = 0) -> dict:
        r = self.request("GET", f"/api/v1/kiosk/roster/changes?since={since}")
        assert r.status == 200, r
        return r.json()


def new_club(pg: Postgres, club_bin: str, folder: pathlib.Path) -> Club:
    """A fresh database on `pg` migrated by the real `sideline-club`, and the server serving it."""
    db = "club_" + uuid.uuid4().hex[:10]
    pg.psql(f"CREATE DATABASE {db} OWNER {OWNER}")
    c = Club(pg, club_bin, db, folder / "serve.log")
    c.run("migrate", "--app-role", APP)
    c.start()
    return c


@contextlib.contextmanager
def throwaway_club(club_bin: str, folder: pathlib.Path):
    """A throwaway PostgreSQL with a club database and the server serving it, outside pytest (the benchmarks)."""
    pg = Postgres.create()
    club = None
    try:
        pg.psql(f"CREATE ROLE {OWNER} LOGIN; CREATE ROLE {APP} LOGIN")
        club = new_club(pg, club_bin, folder)
        yield club
    finally:
        if club:
            club.stop()
        pg.destroy()


@pytest.fixture
def club(postgres, club_bin, tmp_path):
    c = new_club(postgres, club_bin, tmp_path)
    yield c
    c.stop()
    postgres.psql(f"DROP DATABASE {c.db} WITH (FORCE)")


@pytest.fixture(scope="module")
def module_club(postgres, club_bin, tmp_path_factory):
    """One club for a whole test file whose tests only read what its fixture stored (the web pages')."""
    c = new_club(postgres, club_bin, tmp_path_factory.mktemp("club"))
    yield c
    c.stop()
    postgres.psql(f"DROP DATABASE {c.db} WITH (FORCE)")
