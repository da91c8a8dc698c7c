"""The club server's arm64 package serving (decision 111): its binary, as the package installs it, run
through qemu-user on the arm64 bookworm root's libraries against a throwaway PostgreSQL 15 on this
machine (sideline_testkit.postgres, as Tests/club's; the root shares this machine's network), does
what a club's first day asks of it: the schema migrated, a club and a kiosk added, the server
listening, and a kiosk's enrolment answered with a token once and refused the second time. That is
SwiftNIO, PostgresNIO and Hummingbird as aarch64 code; Tests/club holds the amd64 binary to the rest.
Skipped when only the kiosk's package was built (SIDELINE_ARM64_KIOSK_ONLY=1)."""
import http.client
import json
import select
import subprocess
import time

import pytest

from conftest import KIOSK_ONLY, in_root
from sideline_testkit.paths import PACKAGING
from sideline_testkit.postgres import Postgres

pytestmark = pytest.mark.skipif(KIOSK_ONLY, reason="only the kiosk's package was built (--kiosk-only)")
OWNER, APP, DB = "sideline_owner", "sideline_app", "club_arm64"
LISTEN_S = 120  # a 177 MB binary started under qemu-user, its first connections to PostgreSQL


@pytest.fixture
def postgres():
    pg = Postgres.create()
    try:
        pg.psql(f"CREATE ROLE {OWNER} LOGIN; CREATE ROLE {APP} LOGIN")
        pg.psql(f"CREATE DATABASE {DB} OWNER {OWNER}")  # not inside the roles' transaction
        yield pg
    finally:  # a failed set-up leaves no cluster running
        pg.destroy()


def enrol(port, code):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("POST", "/api/v1/enrol", body=json.dumps({"code": code}), headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_migrates_enrols_a_kiosk_and_serves_it(postgres, binaries, toolchain):
    root, club = toolchain["BOOKWORM_ROOT"], binaries["sideline-club"]
    owner_url, app_url = postgres.url(OWNER, DB), postgres.url(APP, DB)

    def admin(*args):
        return in_root(root, "env", "LD_BIND_NOW=1", club, *args, "--database-url", owner_url, timeout=300).stdout

    admin("migrate", "--app-role", APP)
    admin("add-club", "Alpha")
    code = admin("add-kiosk", "--club", "Alpha", "pitch-1").strip().splitlines()[-1]
    server = subprocess.Popen([str(PACKAGING / "arm64/run.sh"), root, "env", "LD_BIND_NOW=1", str(club), "serve",
                               "--database-url", app_url, "--listen", "127.0.0.1:0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line, deadline = "", time.monotonic() + LISTEN_S
        while not line.startswith("listening on http://127.0.0.1:"):
            assert server.poll() is None, f"serve exited {server.returncode}: {server.stderr.read()[-2000:]}"
            assert time.monotonic() < deadline, f"serve not listening after {LISTEN_S} s"
            if select.select([server.stdout], [], [], 0.5)[0]:
                line = server.stdout.readline()
        port = int(line.strip().rsplit(":", 1)[1])
        status, body = enrol(port, code)
        assert status == 201, body
        assert json.loads(body)["token"], body
        assert enrol(port, code)[0] == 401, "an enrolment code is good once"
    finally:
        server.terminate()
        server.wait(timeout=60)
