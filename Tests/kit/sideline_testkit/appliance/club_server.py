"""The club a board syncs with, on the host (Tests/appliance): a throwaway PostgreSQL
(sideline_testkit.postgres), the real `sideline-club` migrated and serving over TLS with a certificate
from a throwaway CA (sideline_testkit.throwaway_ca: dated from yesterday, so a guest clock a little
behind the host's still finds it valid), for the address the guest reaches the host at: QEMU user
networking's 10.0.2.2, which is the host's loopback. The kiosk refuses plain http:// to any other address, and
verifies the certificate with the club's CA file, as a club with its own CA gives it."""
import http.client
import json
import os
import ssl
import subprocess
from pathlib import Path

from sideline_testkit.paths import ROOT
from sideline_testkit.postgres import Postgres
from sideline_testkit.processes import WatchedProcess
from sideline_testkit.throwaway_ca import ThrowawayCA

HOST_FROM_GUEST = '10.0.2.2'  # QEMU user networking: the host's 127.0.0.1 as the guest sees it
OWNER, APP, DATABASE = 'sideline_owner', 'sideline_app', 'club'


def club_binary():
    """The server the package build made beside the kiosk (deploy/package/deb.sh), or $SIDELINE_CLUB_BIN."""
    path = Path(os.environ.get('SIDELINE_CLUB_BIN') or ROOT / '.build-static/release/sideline-club')
    assert os.access(path, os.X_OK), f'no sideline-club at {path} (deploy/package/deb.sh builds it)'
    return path


class ClubServer:
    """One club on a fresh cluster, served over TLS on the host's loopback; `url` is the guest's address for it."""

    def __init__(self, folder, club):
        self.folder, self.club, self.bin = Path(folder), club, club_binary()
        self.folder.mkdir(parents=True, exist_ok=True)
        ca = ThrowawayCA(self.folder, 'Sideline test club CA')
        # 127.0.0.1 beside the guest's address: the test's own requests to the read API.
        cert, key = ca.issue('server', [HOST_FROM_GUEST, '127.0.0.1'])
        self.pg = Postgres.create()
        self.pg.psql(f'CREATE ROLE {OWNER} LOGIN; CREATE ROLE {APP} LOGIN')
        self.pg.psql(f'CREATE DATABASE {DATABASE} OWNER {OWNER}')  # alone: not in a transaction
        self.admin('migrate', '--app-role', APP)
        self.admin('add-club', club)
        self.token = self.admin('add-token', '--club', club)
        self.server = WatchedProcess([str(self.bin), 'serve', '--database-url', self.pg.url(APP, DATABASE), '--listen', '127.0.0.1:0',
                                      '--tls-cert', str(cert), '--tls-key', str(key)])
        self.server.wait_for(lambda line: line.startswith('listening on https://127.0.0.1:'), 'the club server listening', timeout=60)
        self.port = int(next(line for line in self.server.lines['out'] if line.startswith('listening on')).rsplit(':', 1)[1])
        self.url = f'https://{HOST_FROM_GUEST}:{self.port}'
        self.ca_file = ca.cert
        self.ca = ca.cert.read_text()

    def admin(self, *args):
        """`sideline-club ARGS` as the schema's owner; its last line."""
        result = subprocess.run([str(self.bin), *args, '--database-url', self.pg.url(OWNER, DATABASE)],
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, f'sideline-club {" ".join(args)}: {result.stderr}'
        return (result.stdout.strip().splitlines() or [''])[-1]

    def enrolment_code(self, kiosk):
        return self.admin('add-kiosk', '--club', self.club, kiosk)

    def sessions(self):
        """The read API's list of the club's sessions (the club's own scripts' view), over TLS with the CA."""
        context = ssl.create_default_context(cafile=str(self.ca_file))
        connection = http.client.HTTPSConnection('127.0.0.1', self.port, context=context, timeout=60)
        try:
            connection.request('GET', '/api/v1/sessions', headers={'Authorization': f'Bearer {self.token}'})
            response = connection.getresponse()
            body = response.read()
            assert response.status == 200, (response.status, body[:300])
            return json.loads(body)
        finally:
            connection.close()

    def stop(self):
        self.server.proc.kill()
        self.server.proc.wait(timeout=30)
        self.pg.destroy()
