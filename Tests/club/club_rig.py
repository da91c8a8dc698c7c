"""The club on a real network (sideline_testkit.netns): a server namespace with PostgreSQL and
`sideline-club serve` on its veth address over TLS (a certificate from a throwaway CA, the club's own CA
file its kiosks join with), a relay namespace for delay, and kiosk namespaces, each with its own address,
where the real kiosk client runs: `sideline club …` against its own SQLite. The tests' own requests
(enrolment codes, the read API, the web, admin commands) go to a second `serve` in the host's namespace on
the same database — the server is stateless, so any number of instances serve one database — and psql
reaches PostgreSQL through its Unix socket."""
import os
import pathlib
import subprocess
import sys
import time
import uuid

from conftest import APP, OWNER, Club
from kiosk_cli import KioskCLI
from sideline_testkit.faketime import skewed
from sideline_testkit.netns import Network
from sideline_testkit.postgres import Postgres
from sideline_testkit.processes import WatchedProcess
from sideline_testkit.throwaway_ca import ThrowawayCA
from sideline_testkit.waiting import wait_until

SERVER_PORT = 8080


class NamespacedServer:
    """`sideline-club serve` inside the server's namespace, listening on its veth address over TLS."""

    def __init__(self, host, binary: str, url: str, tls: tuple):
        self.host, self.binary, self.url, self.tls = host, binary, url, tls
        self.process = None

    def start(self):
        cert, key = self.tls
        self.process = WatchedProcess(self.host.command(self.binary, "serve", "--database-url", self.url,
                                                        "--listen", f"{self.host.address}:{SERVER_PORT}",
                                                        "--tls-cert", cert, "--tls-key", key))
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
    def __init__(self, binary: str, sideline: str, folder: pathlib.Path, club_name: str, kiosks: int = 3):
        self.folder, self.sideline, self.club_name = folder, sideline, club_name
        self.network = Network()
        self.pg = self.server = self.club = None
        self.replay_relays = []
        try:
            self.server_host = self.network.add("srv", 1)
            self.relay_host = self.network.add("relay", 2)
            self.kiosks = [self.network.add(f"k{i + 1}", 11 + i) for i in range(kiosks)]
            self.ca = ThrowawayCA(folder)
            tls = self.ca.issue("club", [self.server_host.address, self.relay_host.address])
            self.pg = Postgres.create(listen="", netns=self.server_host.ns)
            self.pg.psql(f"CREATE ROLE {OWNER} LOGIN; CREATE ROLE {APP} LOGIN")
            db = "club_" + uuid.uuid4().hex[:10]
            self.pg.psql(f"CREATE DATABASE {db} OWNER {OWNER}")
            self.club = Club(self.pg, binary, db, folder / "serve-host.log")
            self.club.run("migrate", "--app-role", APP)
            self.club.start()
            self.club.add_club(club_name)
            self.server = NamespacedServer(self.server_host, binary, self.pg.url(APP, db), tls)
            self.server.start()
            self.network.relay(self.relay_host, SERVER_PORT, f"{self.server_host.address}:{SERVER_PORT}", delay_ms=0)
        except BaseException:
            self.close()
            raise

    def direct_url(self) -> str:
        return f"https://{self.server_host.address}:{SERVER_PORT}"

    def relay_url(self) -> str:
        """The server through the delay relay (no delay until `delay`)."""
        return f"https://{self.relay_host.address}:{SERVER_PORT}"

    def delay(self, delay_ms: int):
        """The relay from now on holds every chunk for delay_ms per round trip."""
        for process in self.network.relays:
            process.kill()
            process.wait(timeout=10)
        self.network.relays.clear()
        self.network.relay(self.relay_host, SERVER_PORT, f"{self.server_host.address}:{SERVER_PORT}", delay_ms=delay_ms)

    def replaying_url(self, host, log: pathlib.Path, port: int = 8081) -> str:
        """A relay in `host`'s namespace that sends every request that changes something twice
        (sideline_testkit.replay_relay); plain http:// on its loopback address, which a kiosk allows."""
        kit = pathlib.Path(__file__).resolve().parents[1] / "kit"
        process = host.popen(sys.executable, "-m", "sideline_testkit.replay_relay", "--listen", f"127.0.0.1:{port}",
                             "--to", f"{self.server_host.address}:{SERVER_PORT}", "--ca-file", self.ca.cert, "--log", log,
                             env={**os.environ, "PYTHONPATH": str(kit)}, stdout=subprocess.PIPE, text=True)
        self.replay_relays.append(process)
        wait_until(lambda: process.poll() is not None or process.stdout.readline().startswith("relaying"), 10, what="the replaying relay listening")
        assert process.poll() is None, f"the replaying relay exited {process.returncode}"
        return f"http://127.0.0.1:{port}"

    def kiosk(self, host, name: str, clock: str = None) -> KioskCLI:
        """A kiosk's `sideline` in `host`'s namespace on its own database; `clock` skews its clock ("-10m")."""
        return KioskCLI(self.sideline, self.folder / f"{name}.sqlite", name, prefix=host.command(),
                        env=skewed(clock) if clock else None)

    def join(self, kiosk: KioskCLI, url: str = None):
        """The kiosk enrolled with a fresh code, trusting the club's own CA."""
        kiosk.join(self.club, self.club_name, url or self.direct_url(), "--ca-file", str(self.ca.cert))

    def received(self, session_uuid: str) -> int:
        """How many bytes of the session's upload the server holds (0 before it starts or after its commit)."""
        value = self.club.owner_sql(f"SELECT coalesce(max(received), 0) FROM upload WHERE session_uuid = '{session_uuid.lower()}'")
        return int(value or 0)

    def upload_length(self, session_uuid: str) -> int:
        return int(self.club.owner_sql(f"SELECT max(length) FROM upload WHERE session_uuid = '{session_uuid.lower()}'") or 0)

    def heal(self):
        """Every fault off, the server running: what each test starts from."""
        for host in self.network.hosts.values():
            host.clear()
        if not self.server.running():
            self.server.start()

    def close(self):
        for process in self.replay_relays:
            if process.poll() is None:
                process.kill()
                process.wait(timeout=10)
        if self.club:
            self.club.stop()
        if self.server:
            self.server.stop()
        if self.pg:
            self.pg.destroy()
        self.network.close()


class SyncPasses:
    """`sideline club sync` passes of one kiosk, one after another until one goes through: what the kiosk's
    background worker does after a pass that stopped short, without its back-off. Every pass's end is kept:
    its exit status and its last line."""

    def __init__(self, kiosk: KioskCLI, *extra: str):
        self.kiosk, self.extra = kiosk, extra
        self.ended = []
        self.started = time.monotonic()

    def start(self) -> subprocess.Popen:
        return self.kiosk.popen("club", "sync", *self.extra)

    def finish(self, process: subprocess.Popen, timeout: float = 120) -> int:
        """Waits for the pass's end; its exit status (0 done, 2 stopped short with one line)."""
        out, err = process.communicate(timeout=timeout)
        lines = (out + err).strip().splitlines()
        self.ended.append((process.returncode, lines[-1] if lines else ""))
        assert process.returncode in (0, 2), f"sync exited {process.returncode}: {out[-1000:]} {err[-2000:]}"
        return process.returncode

    def killed(self, process: subprocess.Popen):
        """The pass ended by kill -9."""
        process.kill()
        process.wait(timeout=10)
        self.ended.append((process.returncode, "killed -9"))

    def until_done(self, process: subprocess.Popen = None, deadline: float = 150):
        """Finishes `process` (or starts a pass), then passes until one exits 0, within `deadline` s of the start."""
        process = process or self.start()
        while self.finish(process, timeout=max(1.0, deadline - self.seconds())) != 0:
            assert self.seconds() < deadline, f"no pass went through in {deadline} s: {self.ended}"
            process = self.start()

    def seconds(self) -> float:
        return time.monotonic() - self.started

    def stopped(self) -> list:
        """The last lines of the passes that stopped short."""
        return [line for status, line in self.ended if status != 0]
