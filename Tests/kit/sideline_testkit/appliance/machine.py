"""The appliance VM from outside, as a person with a screen, a finger and a power switch would see it:
QEMU's monitor (QMP: screendump, input-send-event taps, USB hot-plug, the power cut) and the guest
agent (guest-exec: what an installer or a technician types in the guest). One `Machine` is one boot
of deploy/scripts/vm/boot.sh --appliance."""
import base64
import json
import socket
import subprocess
import time
from pathlib import Path

from sideline_testkit.paths import VM_SCRIPTS
from sideline_testkit.waiting import TimedOut, wait_until

ABS_MAX = 0x7FFF  # QEMU's absolute pointer range (input-send-event abs values)
SCREEN = (800, 480)  # deploy/scripts/vm/boot.sh's virtio-gpu mode: the Raspberry Pi 7" touchscreen's


class Failed(Exception):
    """A command or wait in the guest did not do what it had to."""


class JSONSocket:
    """One QEMU JSON protocol connection (QMP and the guest agent speak the same framing)."""

    def __init__(self, path, timeout):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(str(path))
        self.buffer = b''

    def send(self, message):
        self.sock.sendall(json.dumps(message).encode() + b'\n')

    def receive(self):
        while b'\n' not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Failed('QEMU closed the connection')
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b'\n', 1)
        return json.loads(line.lstrip(b'\xff'))  # the agent's sync delimiter byte

    def close(self):
        self.sock.close()


class Monitor:
    """QMP: the commands a test needs, events ignored."""

    def __init__(self, path):
        self.conn = JSONSocket(path, timeout=60)
        self.conn.receive()  # greeting
        self.execute('qmp_capabilities')

    def execute(self, command, **arguments):
        self.conn.send({'execute': command, 'arguments': arguments} if arguments else {'execute': command})
        while True:
            reply = self.conn.receive()
            if 'return' in reply:
                return reply['return']
            if 'error' in reply:
                raise Failed(f'QMP {command}: {reply["error"].get("desc")}')

    def screendump(self, path):
        """What the virtio GPU scans out, as a PNG."""
        self.execute('screendump', filename=str(path), format='png')
        return Path(path)

    def tap(self, x, y):
        """A finger down and up at screen pixel (x, y) through the absolute pointer."""
        ax = round(x * ABS_MAX / (SCREEN[0] - 1))
        ay = round(y * ABS_MAX / (SCREEN[1] - 1))
        move = [{'type': 'abs', 'data': {'axis': 'x', 'value': ax}}, {'type': 'abs', 'data': {'axis': 'y', 'value': ay}}]
        self.execute('input-send-event', events=move + [{'type': 'btn', 'data': {'down': True, 'button': 'left'}}])
        time.sleep(0.15)  # a finger rests on the glass for a moment; the kiosk reacts on release
        self.execute('input-send-event', events=move + [{'type': 'btn', 'data': {'down': False, 'button': 'left'}}])


class Agent:
    """The guest agent: runs a shell command in the guest and returns its status and output."""

    def __init__(self, path):
        self.path = path
        self.conn = None

    def connect(self, timeout, alive=lambda: True):
        """Waits until the guest's agent answers (it starts with the guest's systemd); TimedOut if it
        never does, Failed at once if `alive` says QEMU is gone."""
        def answers():
            if not alive():
                raise Failed('QEMU exited before the guest agent answered')
            try:
                conn = JSONSocket(self.path, timeout=3)
                token = int(time.monotonic() * 1000) % 2**31
                conn.send({'execute': 'guest-sync-delimited', 'arguments': {'id': token}})
                while conn.receive().get('return') != token:
                    pass
                conn.sock.settimeout(120)
                self.conn = conn
                return True
            except (OSError, Failed, ValueError):
                return False
        wait_until(answers, timeout, "the guest agent answering", step=1)

    def call(self, command, **arguments):
        self.conn.send({'execute': command, 'arguments': arguments})
        reply = self.conn.receive()
        if 'error' in reply:
            raise Failed(f'guest agent {command}: {reply["error"].get("desc")}')
        return reply['return']

    def sh(self, script, timeout=120, check=True):
        """Runs `script` with /bin/sh in the guest (as root); (exit status, stdout + stderr)."""
        pid = self.call('guest-exec', path='/bin/sh', arg=['-c', script], **{'capture-output': True})['pid']

        def ended():
            status = self.call('guest-exec-status', pid=pid)
            return status if status['exited'] else None
        try:
            status = wait_until(ended, timeout, f'the end of {script!r} in the guest', step=0.3)
        except TimedOut:
            self.call('guest-exec', path='/bin/kill', arg=['-9', str(pid)])
            raise Failed(f'guest: no end within {timeout} s: {script}') from None
        out = ''.join(base64.b64decode(status.get(k, '')).decode(errors='replace') for k in ('out-data', 'err-data'))
        code = status.get('exitcode', -1)
        if check and code != 0:
            raise Failed(f'guest: exit {code}: {script}\n{out[-3000:]}')
        return code, out


class Machine:
    """One boot of the appliance VM (deploy/scripts/vm/boot.sh --appliance) in the background: the
    kernel and initramfs of `image` (deploy/scripts/vm/build-image.sh's folder), the root in `disk`."""

    def __init__(self, folder, disk, limit_s, image):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.sockets = self.folder / 'sockets'
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [str(VM_SCRIPTS / 'boot.sh'), '--image', str(image), '--appliance', str(self.sockets), '--out', str(self.folder),
             '--disk', str(disk), '--timeout', str(limit_s)],
            stdout=open(self.folder / 'boot.txt', 'w'), stderr=subprocess.STDOUT)
        try:
            wait_until(lambda: (self.sockets / 'qmp.sock').exists() or self.process.poll() is not None, 60,
                       "QEMU's monitor socket", step=0.2)
        except TimedOut:
            pass  # said below, with what boot.sh printed
        if self.process.poll() is not None or not (self.sockets / 'qmp.sock').exists():
            raise Failed(f'QEMU did not start: {(self.folder / "boot.txt").read_text()}')
        self.monitor = Monitor(self.sockets / 'qmp.sock')
        self.agent = Agent(self.sockets / 'qga.sock')

    def wait_for_agent(self, timeout):
        """Waits until the guest agent answers; fails with the serial console's tail if it never does."""
        try:
            self.agent.connect(timeout, alive=lambda: self.process.poll() is None)
        except (TimedOut, Failed) as e:
            raise Failed(f'{e}\n{(self.folder / "boot.txt").read_text()[-600:]}\n{self.console_tail()}') from None

    def seconds(self):
        """Seconds since power on (QEMU's start)."""
        return time.monotonic() - self.started

    def power_cut(self):
        """Pulls the plug: QEMU quits at once, nothing in the guest is told."""
        try:
            self.monitor.execute('quit')
        except (Failed, OSError):
            pass
        self.process.wait(30)

    def console_tail(self, lines=40):
        console = self.folder / 'console.txt'
        return '\n'.join(console.read_text(errors='replace').splitlines()[-lines:]) if console.exists() else ''

    def stop(self):
        if self.process.poll() is None:
            self.power_cut()
