"""Real network faults between the club server and its kiosks, in Linux network namespaces (root only).

One namespace holds a bridge (the club's switch); every host — the server, each kiosk, the delay
relay — is a namespace of its own, joined to the bridge by a veth pair and given its own address
in 10.77.0.0/24. What a fault does is done to real packets by the kernel:

- a cut link: the host's port on the bridge set down (`ip link set … down`), as a pulled cable;
- loss: nftables in the host's namespace drops that share of its packets, both ways
  (`numgen random mod 100 < N drop`);
- a bandwidth cap: `tbf` on both ends of the host's veth pair (its uploads and its downloads);
- delay: this kernel (and CI's) has no `sch_netem` ("Specified qdisc kind is unknown", no module), so
  delay comes from a userspace TCP relay in its own namespace (sideline_testkit.delay_relay) that holds
  every chunk it forwards. The kiosk connects to the relay, the relay to the server. The relay
  delays the bytes, not TCP's own acknowledgements: each request waits for its answer one round trip
  later (what a chunked upload pays), while TCP recovers lost packets on the short hop to the relay.

Names carry the creating process's id (`sl<pid>-…`), so a run that crashed leaves nothing that blocks
the next: `sweep()` deletes the namespaces of processes that are gone. `Network.close()` kills every
process left inside its namespaces and deletes them; fixtures call it in their finalizer."""
import os
import pathlib
import re
import signal
import subprocess
import sys

from sideline_testkit.processes import run
from sideline_testkit.waiting import wait_until

SUBNET = "10.77.0"
PREFIX = "sl"


def available() -> str:
    """Why namespaces cannot be used here ('' when they can)."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    for tool in ("ip", "tc", "nft"):
        if subprocess.run(["which", tool], capture_output=True).returncode != 0:
            return f"{tool} is not installed (deploy/scripts/setup.sh installs iproute2 and nftables)"
    return ""


def namespaces() -> list:
    listing = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
    return [line.split()[0] for line in listing.splitlines() if line.strip()]


def kill_inside(ns: str):
    """Every process still running in the namespace, with SIGKILL."""
    pids = subprocess.run(["ip", "netns", "pids", ns], capture_output=True, text=True).stdout.split()
    for pid in pids:
        try:
            os.kill(int(pid), signal.SIGKILL)
        except ProcessLookupError:
            pass


def sweep():
    """Deletes the namespaces a crashed run left (their creator's process is gone)."""
    for ns in namespaces():
        match = re.fullmatch(rf"{PREFIX}(\d+)-.+", ns)
        if match and not pathlib.Path(f"/proc/{match.group(1)}").exists():
            kill_inside(ns)
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)


class Host:
    """One namespace on the bridge: `address` is its own; `port` its veth end on the bridge."""

    def __init__(self, network: "Network", name: str, address: str, port: str):
        self.network, self.name, self.address, self.port = network, name, address, port
        self.ns = network.ns_name(name)

    def command(self, *args) -> list:
        """`args` run inside this host's namespace."""
        return ["ip", "netns", "exec", self.ns, *map(str, args)]

    def run(self, *args, **options) -> subprocess.CompletedProcess:
        return run(*self.command(*args), **options)

    def popen(self, *args, **options) -> subprocess.Popen:
        return subprocess.Popen(self.command(*args), **options)

    # Faults.

    def cut(self):
        """The cable pulled: the host's port on the bridge goes down."""
        run("ip", "-n", self.network.bridge_ns, "link", "set", self.port, "down")

    def restore(self):
        run("ip", "-n", self.network.bridge_ns, "link", "set", self.port, "up")

    def loss(self, percent: int):
        """Drops `percent` % of the packets this host sends and of those it receives."""
        rules = "\n".join([
            "table inet sideline_fault {",
            "  chain egress { type filter hook output priority 0; policy accept;",
            f"    ip daddr != 127.0.0.0/8 numgen random mod 100 < {percent} counter drop; }}",
            "  chain ingress { type filter hook input priority 0; policy accept;",
            f"    ip saddr != 127.0.0.0/8 numgen random mod 100 < {percent} counter drop; }}",
            "}",
        ])
        self.run("nft", "-f", "-", input=rules)

    def dropped(self) -> int:
        """Packets the loss rules have dropped so far, both ways."""
        listing = self.run("nft", "list", "table", "inet", "sideline_fault", check=False).stdout
        return sum(int(n) for n in re.findall(r"counter packets (\d+)", listing))

    def rate(self, kbit: int):
        """Caps the link at `kbit` kbit/s each way (tbf on both ends of the veth pair)."""
        burst = max(1600, kbit * 1000 // 8 // 100)  # about 10 ms of traffic, at least one packet
        spec = ["tbf", "rate", f"{kbit}kbit", "burst", str(burst), "latency", "100ms"]
        self.run("tc", "qdisc", "replace", "dev", "eth0", "root", *spec)
        run("ip", "netns", "exec", self.network.bridge_ns, "tc", "qdisc", "replace", "dev", self.port, "root", *spec)

    def clear(self):
        """No loss, no cap, the link up."""
        self.run("nft", "delete", "table", "inet", "sideline_fault", check=False)
        self.run("tc", "qdisc", "del", "dev", "eth0", "root", check=False)
        run("ip", "netns", "exec", self.network.bridge_ns, "tc", "qdisc", "del", "dev", self.port, "root", check=False)
        self.restore()

    def tcp_counters(self) -> dict:
        """The namespace's own TCP counters (/proc/net/snmp and /proc/net/netstat): what its clients did,
        whatever the client is."""
        counters = {}
        for table in ("snmp", "netstat"):
            lines = [line.split() for line in self.run("cat", f"/proc/net/{table}").stdout.splitlines()]
            for names, values in zip(lines[::2], lines[1::2]):
                counters.update({f"{names[0]}{name}": int(value) for name, value in zip(names[1:], values[1:])})
        return counters

    def connections_opened(self) -> int:
        """Connections this host has begun (connect() sent a SYN): during a cut, a client that gave up a
        request and tried anew."""
        return self.tcp_counters()["Tcp:ActiveOpens"]


class Network:
    """The bridge and its hosts. `add` a host per machine; `close` removes everything."""

    def __init__(self):
        sweep()
        self.tag = f"{PREFIX}{os.getpid()}"
        self.hosts = {}
        self.bridge_ns = self.ns_name("br")
        self.relays = []
        if self.bridge_ns in namespaces():  # this process's earlier network, not closed
            self.close_namespace(self.bridge_ns)
        run("ip", "netns", "add", self.bridge_ns)
        run("ip", "-n", self.bridge_ns, "link", "add", "br0", "type", "bridge")
        run("ip", "-n", self.bridge_ns, "link", "set", "br0", "up")

    def ns_name(self, name: str) -> str:
        return f"{self.tag}-{name}"

    def add(self, name: str, last_octet: int) -> Host:
        ns = self.ns_name(name)
        if ns in namespaces():
            self.close_namespace(ns)
        run("ip", "netns", "add", ns)
        port = f"p{last_octet}"  # the host's end on the bridge (interface names: 15 characters at most)
        temporary = f"{self.tag[-8:]}x{last_octet}"
        run("ip", "link", "add", temporary, "type", "veth", "peer", "name", "eth0", "netns", ns)
        run("ip", "link", "set", temporary, "netns", self.bridge_ns, "name", port)
        run("ip", "-n", self.bridge_ns, "link", "set", port, "master", "br0", "up")
        address = f"{SUBNET}.{last_octet}"
        run("ip", "-n", ns, "addr", "add", f"{address}/24", "dev", "eth0")
        run("ip", "-n", ns, "link", "set", "eth0", "up")
        run("ip", "-n", ns, "link", "set", "lo", "up")
        host = Host(self, name, address, port)
        self.hosts[name] = host
        return host

    def relay(self, host: Host, listen_port: int, target: str, delay_ms: int) -> subprocess.Popen:
        """The delay relay in `host`'s namespace: connections to host:listen_port reach `target`
        (HOST:PORT) with every chunk held delay_ms / 2 each way (the round trip grows by delay_ms).
        Returns once it accepts connections."""
        kit = pathlib.Path(__file__).resolve().parents[1]
        process = host.popen(sys.executable, "-m", "sideline_testkit.delay_relay", "--listen", f"0.0.0.0:{listen_port}",
                             "--to", target, "--delay-ms", str(delay_ms), env={**os.environ, "PYTHONPATH": str(kit)},
                             stdout=subprocess.PIPE, text=True)
        self.relays.append(process)
        wait_until(lambda: process.poll() is not None or process.stdout.readline().startswith("relaying"), 10, what="the relay listening")
        if process.poll() is not None:
            raise AssertionError(f"the delay relay exited {process.returncode}")
        return process

    def close_namespace(self, ns: str):
        kill_inside(ns)
        subprocess.run(["ip", "netns", "del", ns], capture_output=True)

    def close(self):
        for process in self.relays:
            if process.poll() is None:
                process.kill()
                process.wait(timeout=10)
        for host in self.hosts.values():
            self.close_namespace(host.ns)
        self.close_namespace(self.bridge_ns)
        self.hosts = {}
