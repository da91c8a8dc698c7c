"""A throwaway PostgreSQL 15 cluster (Debian's), for the club server's tests and the package's: run as
the postgres user in a temporary directory of its own, on a port and socket directory of its own,
trust authentication, no fsync. In a network namespace when given one (the fault tests' server
namespace, sideline_testkit.netns): its TCP address is then that namespace's, while its Unix socket —
a path, which no network namespace hides — stays reachable from the host for psql."""
import os
import pathlib
import shutil
import socket
import subprocess
import tempfile

PG_BIN = pathlib.Path(os.environ.get("SIDELINE_PG_BIN", "/usr/lib/postgresql/15/bin"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Postgres:
    """One cluster. `psql` talks to it over TCP on `host` when it listens there, else over its socket."""

    def __init__(self, root: pathlib.Path, port: int, prefix: list, listen: str = "127.0.0.1", netns: str = None):
        self.root, self.port, self.prefix, self.listen, self.netns = root, port, prefix, listen, netns

    @classmethod
    def create(cls, listen: str = "127.0.0.1", netns: str = None, port: int = None) -> "Postgres":
        """initdb and start. `listen`: the TCP address ('' for the socket alone); `netns`: the network
        namespace the server runs in."""
        if not (PG_BIN / "initdb").exists():
            raise AssertionError(f"PostgreSQL 15 not found at {PG_BIN} (deploy/scripts/setup.sh installs postgresql-15)")
        root = pathlib.Path(tempfile.mkdtemp(prefix="sideline-club-pg-"))
        prefix = []
        if os.geteuid() == 0:  # initdb refuses root: the cluster is the postgres user's
            shutil.chown(root, "postgres", "postgres")
            prefix = ["runuser", "-u", "postgres", "--"]
        subprocess.run(prefix + [str(PG_BIN / "initdb"), "-D", str(root / "data"), "-A", "trust", "-U", "postgres", "-E", "UTF8",
                                 "--no-sync"], check=True, capture_output=True, timeout=120)
        # A namespace has ports of its own, and a socket directory of its own needs no other port.
        pg = cls(root, port or (5432 if netns or not listen else free_port()), prefix, listen, netns)
        pg.start()
        return pg

    @property
    def socket_dir(self) -> str:
        return str(self.root)

    def start(self):
        self.pg_ctl("-l", str(self.root / "log"), "-w", "-t", "60", "-o",
                    f"-p {self.port} -k {self.root} -c listen_addresses='{self.listen}' -c fsync=off -c full_page_writes=off", "start")

    def restart(self):
        """A fast shutdown (every connection cut, as a crash or an upgrade would) and a start."""
        self.pg_ctl("-m", "fast", "-w", "-t", "60", "stop")
        self.start()

    def destroy(self):
        self.pg_ctl("-m", "immediate", "stop", check=False)
        shutil.rmtree(self.root, ignore_errors=True)

    def psql(self, sql: str, user: str = "postgres", db: str = "postgres", check: bool = True) -> subprocess.CompletedProcess:
        """Runs SQL through psql as `user` (no superuser unless asked): stdout is the rows, `|`-separated."""
        host = self.listen if self.listen and not self.netns else self.socket_dir
        result = subprocess.run(["psql", "-h", host, "-p", str(self.port), "-U", user, "-d", db, "-v", "ON_ERROR_STOP=1",
                                 "-X", "-tAq", "-c", sql], capture_output=True, text=True, timeout=60)
        if check and result.returncode != 0:
            raise AssertionError(f"psql as {user}: {sql}\n{result.stderr}")
        return result

    def url(self, user: str, db: str) -> str:
        """The URL `sideline-club` takes: over TCP on the listen address, else the socket (port 5432:
        a socket directory of its own needs no other)."""
        if self.listen:
            return f"postgres://{user}@{self.listen}:{self.port}/{db}"
        return f"postgres://{user}@/{db}?host={self.socket_dir}"

    def pg_ctl(self, *args: str, check: bool = True):
        command = self.prefix + [str(PG_BIN / "pg_ctl"), "-D", str(self.root / "data"), *args]
        if self.netns:
            command = ["ip", "netns", "exec", self.netns] + command
        subprocess.run(command, check=check, capture_output=True, timeout=120)
