"""The club on a real network (sideline_testkit.netns): a server namespace with PostgreSQL and
`sideline-club serve` on its veth address, a relay namespace for delay, and kiosk namespaces, each
with its own address. The tests' own requests (enrolment, the read API, admin commands) go to a second
`serve` in the host's namespace on the same database — the server is stateless, so any number of
instances serve one database — and psql reaches PostgreSQL through its Unix socket."""
import hashlib
import json
import pathlib
import subprocess
import sys
import uuid

from conftest import APP, OWNER, Club
from sideline_testkit.netns import Network
from sideline_testkit.postgres import Postgres
from sideline_testkit.processes import WatchedProcess

SERVER_PORT = 8080
CLIENT = pathlib.Path(__file__).with_name("club_upload.py")


class NamespacedServer:
    """`sideline-club serve` inside the server's namespace, listening on its veth address."""

    def __init__(self, host, binary: str, url: str):
        self.host, self.binary, self.url = host, binary, url
        self.process = None

    def start(self):
        self.process = WatchedProcess(self.host.command(self.binary, "serve", "--database-url", self.url,
                                                        "--listen", f"{self.host.address}:{SERVER_PORT}"))
        self.process.wait_for(lambda line: line.startswith("listening on"), "the namespaced server listening", timeout=30)

    def running(self) -> bool:
        return self.process.proc.poll() is None

    def kill(self):
        """kill -9: no goodbye to any connection."""
        self.process.proc.kill()
        self.process.proc.wait(timeout=10)

    def stop(self):
        if self.process and self.running():
            self.process.proc.terminate()
            self.process.finish(timeout=30)


class Rig:
    def __init__(self, binary: str, folder: pathlib.Path, kiosks: int = 3):
        self.folder = folder
        self.network = Network()
        self.pg = self.server = self.club = None
        try:
            self.server_host = self.network.add("srv", 1)
            self.relay_host = self.network.add("relay", 2)
            self.kiosks = [self.network.add(f"k{i + 1}", 11 + i) for i in range(kiosks)]
            self.pg = Postgres.create(listen="", netns=self.server_host.ns)
            self.pg.psql(f"CREATE ROLE {OWNER} LOGIN; CREATE ROLE {APP} LOGIN")
            db = "club_" + uuid.uuid4().hex[:10]
            self.pg.psql(f"CREATE DATABASE {db} OWNER {OWNER}")
            self.club = Club(self.pg, binary, db, folder / "serve-host.log")
            self.club.run("migrate", "--app-role", APP)
            self.club.start()
            self.server = NamespacedServer(self.server_host, binary, self.pg.url(APP, db))
            self.server.start()
            self.network.relay(self.relay_host, SERVER_PORT, f"{self.server_host.address}:{SERVER_PORT}", delay_ms=0)
        except BaseException:
            self.close()
            raise

    def direct_url(self) -> str:
        return f"http://{self.server_host.address}:{SERVER_PORT}"

    def delayed_url(self, delay_ms: int) -> str:
        """The server through the relay, which now holds every chunk for delay_ms per round trip."""
        for process in self.network.relays:
            process.kill()
            process.wait(timeout=10)
        self.network.relays.clear()
        self.network.relay(self.relay_host, SERVER_PORT, f"{self.server_host.address}:{SERVER_PORT}", delay_ms=delay_ms)
        return f"http://{self.relay_host.address}:{SERVER_PORT}"

    def received(self, session_uuid: str) -> int:
        """How many bytes of the session's upload the server holds (0 before it starts or after its commit)."""
        value = self.club.owner_sql(f"SELECT coalesce(max(received), 0) FROM upload WHERE session_uuid = '{session_uuid.lower()}'")
        return int(value or 0)

    def heal(self):
        """Every fault off, the server running: what each test starts from."""
        for host in self.network.hosts.values():
            host.clear()
        if not self.server.running():
            self.server.start()

    def close(self):
        if self.club:
            self.club.stop()
        if self.server:
            self.server.stop()
        if self.pg:
            self.pg.destroy()
        self.network.close()


def write_bundle(folder: pathlib.Path, data: bytes) -> pathlib.Path:
    path = folder / f"bundle-{hashlib.sha256(data).hexdigest()[:12]}.json"
    path.write_bytes(data)
    return path


def upload_process(kiosk, server_url: str, token: str, bundle: pathlib.Path, *extra: str) -> subprocess.Popen:
    """The kiosk's client uploading one bundle, inside the kiosk's namespace: the Python uploader
    (club_upload.py) until `sideline club sync` replaces it here — the one place that names the client."""
    return kiosk.popen(sys.executable, str(CLIENT), "--server", server_url, "--token", token, "--bundle", str(bundle), *extra,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finished(process: subprocess.Popen, timeout: float) -> list:
    """Waits for the client's end; its JSON lines. Fails unless it exited 0."""
    out, err = process.communicate(timeout=timeout)
    events = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert process.returncode == 0, f"the client exited {process.returncode}: {events[-5:]} {err[-2000:]}"
    return events
