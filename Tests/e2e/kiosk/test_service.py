"""The kiosk as a systemd service, seen from outside the process: sd_notify datagrams on a
socket standing in for systemd's (READY after the first frame, WATCHDOG from the event loop —
silent while the loop is stopped — STOPPING on SIGTERM), journald priorities on stderr, and
the options file the unit passes with --config."""
import json
import os
import signal
import socket
import subprocess
import time

import pytest


class FakeSystemd:
    """An AF_UNIX datagram socket in the abstract namespace, as systemd's notify socket."""
    def __init__(self):
        self.name = f"@sideline-e2e-{os.getpid()}-{time.monotonic_ns()}"
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind("\0" + self.name[1:])
        self.received = []  # (monotonic time, message)

    def collect(self, until, timeout):
        """Reads datagrams until `until(messages)` holds; fails after `timeout` seconds."""
        end = time.monotonic() + timeout
        while not until([m for _, m in self.received]):
            left = end - time.monotonic()
            assert left > 0, f"timed out; received {[m for _, m in self.received]}"
            self.sock.settimeout(min(left, 0.2))
            try:
                self.received.append((time.monotonic(), self.sock.recv(4096).decode()))
            except socket.timeout:
                pass

    def drain(self):
        self.sock.settimeout(0.0)
        try:
            while True:
                self.received.append((time.monotonic(), self.sock.recv(4096).decode()))
        except (BlockingIOError, socket.timeout):
            pass


@pytest.fixture
def interactive_kiosk(sideline_bin, tmp_path):
    """The kiosk's interactive loop on SDL's offscreen driver (no --headless: no script, runs until signalled)."""
    systemd = FakeSystemd()
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software",
           "NOTIFY_SOCKET": systemd.name, "WATCHDOG_USEC": "400000"}
    process = subprocess.Popen([sideline_bin, "--source", "sim:3", "--size", "800x480", "--db", str(tmp_path / "k.sqlite")],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    yield process, systemd
    if process.poll() is None:
        os.kill(process.pid, signal.SIGCONT)
        process.kill()
        process.wait(timeout=30)


def test_ready_after_the_first_frame_then_the_watchdog_from_the_loop_and_stopping_at_the_end(interactive_kiosk):
    process, systemd = interactive_kiosk
    systemd.collect(lambda m: sum(x == "WATCHDOG=1" for x in m) >= 4, timeout=60)
    messages = [m for _, m in systemd.received]
    assert messages[0].startswith("READY=1\nSTATUS=on screen; heart rates from "), messages[0]
    assert messages.count("READY=1") == 0 and sum(m.startswith("READY=1") for m in messages) == 1
    # Fed at half of WATCHDOG_USEC (0.4 s): about every 0.2 s, never more than a second apart.
    times = [t for t, m in systemd.received if m == "WATCHDOG=1"]
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert all(0.15 <= g < 1.0 for g in gaps), gaps

    # A stopped loop feeds nothing: this is what makes systemd kill a hung kiosk.
    os.kill(process.pid, signal.SIGSTOP)
    systemd.drain()
    stopped_at = time.monotonic()
    time.sleep(1.5)  # an absence window, several 0.4 s watchdog timeouts long: nothing may come in it
    systemd.drain()
    assert not [m for t, m in systemd.received if t > stopped_at + 0.1 and m == "WATCHDOG=1"]
    os.kill(process.pid, signal.SIGCONT)
    resumed = len(systemd.received)
    systemd.collect(lambda m: "WATCHDOG=1" in m[resumed:], timeout=10)

    process.send_signal(signal.SIGTERM)
    systemd.collect(lambda m: "STOPPING=1" in m, timeout=30)
    assert process.wait(timeout=30) == 0


def test_without_notify_socket_nothing_is_sent_and_lines_have_no_priority(sideline_bin, tmp_path):
    result = subprocess.run([sideline_bin, "restore", str(tmp_path / "nope.sqlite"), "--db", str(tmp_path / "x.sqlite")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.startswith("sideline: cannot restore"), result.stderr


def test_under_journald_every_line_carries_its_syslog_priority(sideline_bin, tmp_path):
    """systemd sets JOURNAL_STREAM to stderr's device:inode; stderr is a file here, named so."""
    err = tmp_path / "stderr.txt"
    with open(err, "w") as f:
        st = os.fstat(f.fileno())
        env = {**os.environ, "JOURNAL_STREAM": f"{st.st_dev}:{st.st_ino}"}
        result = subprocess.run([sideline_bin, "restore", str(tmp_path / "nope.sqlite"), "--db", str(tmp_path / "x.sqlite")],
                                stderr=f, stdout=subprocess.PIPE, env=env, timeout=60)
    assert result.returncode == 2
    assert err.read_text().startswith("<3>sideline: cannot restore"), err.read_text()
    # Inherited by a process whose stderr goes elsewhere: no prefix there.
    other = subprocess.run([sideline_bin, "restore", str(tmp_path / "nope.sqlite"), "--db", str(tmp_path / "x.sqlite")],
                           capture_output=True, text=True, env=env, timeout=60)
    assert other.stderr.startswith("sideline: cannot restore"), other.stderr


def play_with_config(sideline_bin, folder, config, *extra, script="wait 2s\nscreenshot first\ndump state.json\n"):
    folder.mkdir(exist_ok=True)
    (folder / "sideline.conf").write_text(config)
    (folder / "s.kiosk").write_text(script)
    return subprocess.run([sideline_bin, "--config", str(folder / "sideline.conf"), "--headless", "--script", str(folder / "s.kiosk"),
                           "--screenshots", str(folder / "shots"), "--db", str(folder / "c.sqlite"), *extra],
                          capture_output=True, text=True, timeout=300)


def png_size(path):
    header = path.read_bytes()[16:24]
    return int.from_bytes(header[:4], "big"), int.from_bytes(header[4:], "big")


def test_the_options_file_becomes_flags_and_the_command_line_wins(sideline_bin, tmp_path):
    config = "# the kiosk's options\nsource = sim:5\n\nsize = \"1024x600\"\nwall-display = no\n"
    result = play_with_config(sideline_bin, tmp_path / "a", config)
    assert result.returncode == 0, result.stderr
    state = json.loads((tmp_path / "a/shots/state.json").read_text())
    assert len(state["straps"]) == 5, state["source"]
    assert png_size(tmp_path / "a/shots/first.png") == (1024, 600)

    result = play_with_config(sideline_bin, tmp_path / "b", config, "--source", "sim:2", "--size", "800x480")
    assert result.returncode == 0, result.stderr
    state = json.loads((tmp_path / "b/shots/state.json").read_text())
    assert len(state["straps"]) == 2, state["source"]
    assert png_size(tmp_path / "b/shots/first.png") == (800, 480)


def test_a_bad_options_file_is_one_line_naming_the_file_and_line(sideline_bin, tmp_path):
    result = play_with_config(sideline_bin, tmp_path, "source = sim:3\nwall display 1\n")
    assert result.returncode == 2
    assert result.stderr.strip() == f"sideline: {tmp_path}/sideline.conf:2: expected NAME = VALUE, found \"wall display 1\"", result.stderr
    unknown = play_with_config(sideline_bin, tmp_path / "u", "colour = red\n")
    assert unknown.returncode != 0 and "--colour" in unknown.stderr, unknown.stderr



def test_club_sync_as_the_appliance_runs_it_only_asks_its_service(sideline_bin, tmp_path):
    """`club-sync = service`: a join typed on the screen is kept for the sync service, which the kiosk asks for a
    pass through its request file; no pass runs in the kiosk (Tests/club plays it against a real server)."""
    join = "\n".join(['tap "Settings"', *[f'tap "pin:{d}"' for d in "1234"], 'tap "Club sync"', "wait 1s",
                      'tap "Server address"', 'type "https://club.example.org"', 'tap "key:next"', 'type "enrol_abcd-efgh"',
                      'tap "Join"', "wait 3s", "dump state.json"]) + "\n"
    result = play_with_config(sideline_bin, tmp_path / "s", "club-sync = service\n", script=join)
    assert result.returncode == 0, result.stderr
    db = tmp_path / "s/c.sqlite"
    assert json.loads((tmp_path / "s/c.sqlite.club-join").read_text()) == {"url": "https://club.example.org", "code": "enrol_abcd-efgh"}
    assert (tmp_path / "s/c.sqlite.club-sync-request").stat().st_mode & 0o777 == 0o600
    state = json.loads((tmp_path / "s/shots/state.json").read_text())
    assert state["clubSync"]["membership"] == {"state": "joining", "host": "club.example.org"}, state["clubSync"]
    assert state["clubSync"]["lastProblem"] is None, "no pass ran here"
    assert db.exists()

    wrong = play_with_config(sideline_bin, tmp_path / "w", "club-sync = sideways\n")
    assert wrong.returncode != 0 and "club-sync" in wrong.stderr, wrong.stderr
