"""Inside the VM: the real Linux Bluetooth stack and what drives it — the kernel's hci_vhci,
dbus-daemon, bluetoothd (5.82 on trixie, 5.66 on bookworm), btmon, dbus-monitor, and the emulated straps (sideline_testkit.radio.virtual_team
with C0 on /dev/vhci, under bumble's Python). Every process started here is stopped by
`Processes.stop_all`."""
import os
import re
import signal
import subprocess
from pathlib import Path

from sideline_testkit.waiting import TimedOut, wait_until

BUMBLE_PYTHON = '/opt/bumble/bin/python'
BLUETOOTHD = '/usr/libexec/bluetooth/bluetoothd'
HCI0 = Path('/sys/class/bluetooth/hci0')
# docs/OPERATIONS.md "Bluetooth on the board": the [LE] settings that let straps' long connection intervals through.
LE_SETTINGS = {'MinConnectionInterval': '24', 'MaxConnectionInterval': '400', 'ConnectionLatency': '0',
               'ConnectionSupervisionTimeout': '720'}


STEP_S = 0.1  # how often the guest polls (a poll may run btmgmt or dbus-send)


def status_and_output(args, timeout=30):
    """Runs a command to the end; (exit status, stdout + stderr). A timeout counts as status 124."""
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors='replace') if isinstance(e.stdout, bytes) else (e.stdout or '')
        return 124, out + f'\n[{" ".join(args)}: no end within {timeout} s]'


class Processes:
    """Background processes by name, each with its output in a file."""

    def __init__(self):
        self.running = {}

    def start(self, name, args, output, env=None):
        self.stop(name)
        log = open(output, 'a')
        proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True, env=env)
        log.close()
        self.running[name] = proc
        return proc

    def signal(self, name, sig):
        self.running[name].send_signal(sig)

    def is_running(self, name):
        return name in self.running and self.running[name].poll() is None

    def stop(self, name, timeout=10):
        proc = self.running.pop(name, None)
        if proc is None:
            return None
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        return proc.returncode

    def stop_all(self):
        for name in list(self.running):
            self.stop(name)


class Stack:
    """The guest's Bluetooth stack, set up once per boot."""

    def __init__(self, processes):
        self.processes = processes

    def boot(self):
        """Kernel modules, the system bus, bluetoothd's [LE] settings."""
        for module in ('bluetooth', 'hci_vhci'):
            status, out = status_and_output(['modprobe', module])
            if status != 0:
                raise RuntimeError(f'modprobe {module}: {out.strip()}')
        status_and_output(['dbus-uuidgen', '--ensure=/etc/machine-id'])
        Path('/run/dbus').mkdir(parents=True, exist_ok=True)
        status, out = status_and_output(['dbus-daemon', '--system', '--fork'])
        if status != 0:
            raise RuntimeError(f'dbus-daemon: {out.strip()}')
        conf = Path('/etc/bluetooth/main.conf')
        text = conf.read_text()
        settings = ''.join(f'{k}={v}\n' for k, v in LE_SETTINGS.items())
        conf.write_text(text.replace('[LE]\n', '[LE]\n' + settings, 1))

    # ------------------------------------------------------------------ bluetoothd

    def start_bluetoothd(self, log, busy=False):
        """bluetoothd in the foreground; returns once it has powered hci0. Not with --debug, unless
        `busy`: on the emulated CPU its logging of every advertisement keeps bluetoothd so busy that
        its D-Bus signals (sent when its main loop is idle) stop going out — what a bluetoothd that
        cannot keep up with a team's advertisements on a slow board does, which `busy` scenarios
        make on purpose."""
        self.processes.start('bluetoothd', [BLUETOOTHD, '--nodetach'] + (['--debug'] if busy else []), log)
        wait_until(lambda: self.bluez_on_bus() and self.powered(), 30, 'bluetoothd powering hci0', STEP_S, OSError)

    def stop_bluetoothd(self):
        self.processes.stop('bluetoothd')

    def other_client_discovers(self, seconds):
        """Another D-Bus client (bluetoothctl) discovers for `seconds` and exits, as a phone app or
        an earlier pairing would: bluetoothd keeps the devices it found, and its discovery ends
        with the client."""
        status_and_output(['bluetoothctl', '--timeout', str(seconds), 'scan', 'on'], timeout=seconds + 30)

    def bluez_on_bus(self):
        _, out = status_and_output(['dbus-send', '--system', '--print-reply', '--dest=org.freedesktop.DBus', '/',
                      'org.freedesktop.DBus.NameHasOwner', 'string:org.bluez'], timeout=10)
        return 'boolean true' in out

    def powered(self):
        """Whether hci0 is up (the kernel's own flag, whoever powered it)."""
        _, out = status_and_output(['btmgmt', '--index', '0', 'info'], timeout=10)
        m = re.search(r'current settings: (.*)', out)
        return m is not None and 'powered' in m.group(1).split()

    def power_off_for_user_channel(self):
        """hci0 down and left alone, so an HCI user channel may take it."""
        self.stop_bluetoothd()
        status_and_output(['btmgmt', '--index', '0', 'power', 'off'], timeout=15)
        wait_until(lambda: not self.powered(), 10, 'hci0 going down', STEP_S, OSError)

    # ------------------------------------------------------------------ the straps and C0

    def start_straps(self, configs_file, sent_log, output):
        """virtual_team.py with C0 on /dev/vhci; returns once the straps advertise and hci0 exists."""
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE='1')
        self.processes.start('straps', [BUMBLE_PYTHON, '-m', 'sideline_testkit.radio.virtual_team', '--vhci', '/dev/vhci',
                                        '--config', str(configs_file), '--log', str(sent_log)], output, env=env)
        try:
            wait_until(lambda: 'ready' in Path(output).read_text() and self.set_up(), 120, 'the strap harness starting', 0.25, OSError)
        except TimedOut:
            raise RuntimeError(f'the strap harness did not start:\n{Path(output).read_text()[-2000:]}') from None

    def set_up(self):
        """Whether the kernel finished bringing hci0 up (management then knows its address)."""
        _, out = status_and_output(['btmgmt', '--index', '0', 'info'], timeout=10)
        return HCI0.exists() and re.search(r'addr [0-9A-F:]{17}', out) is not None

    def stop_straps(self):
        self.processes.stop('straps')
        try:
            wait_until(lambda: not HCI0.exists(), 20, 'hci0 going away with the straps', STEP_S, OSError)
        except TimedOut:
            pass  # the next scenario's bring-up starts a fresh hci0 either way

    def unplug(self):
        """C0 leaves the kernel (hci0 unregistered, as a pulled dongle); waits until it is gone."""
        self.processes.signal('straps', signal.SIGUSR1)
        wait_until(lambda: not HCI0.exists(), 20, 'hci0 going away', STEP_S, OSError)

    def plug(self):
        """A fresh C0 registers with the kernel again; waits for hci0."""
        self.processes.signal('straps', signal.SIGUSR2)
        wait_until(self.set_up, 30, 'hci0 coming back', STEP_S, OSError)

    # ------------------------------------------------------------------ btmon

    def start_btmon(self, log):
        """btmon decoding every HCI packet and management event to a text file (line-buffered,
        so the file is current whenever a check reads it)."""
        self.processes.start('btmon', ['stdbuf', '-oL', 'btmon', '--time'], log)
        wait_until(lambda: 'Bluetooth monitor' in Path(log).read_text(), 10, 'btmon starting', STEP_S, OSError)

    def stop_btmon(self):
        self.processes.stop('btmon')

    # ------------------------------------------------------------------ D-Bus

    def start_dbus_monitor(self, log):
        """What passes between Sideline and bluetoothd on the system bus — the signals bluetoothd
        sends, in their order, and every call to it (Device1.Connect…) — to a text file."""
        probe = 'org.sideline.Monitor'
        self.processes.start('dbus-monitor', ['stdbuf', '-oL', 'dbus-monitor', '--system', "sender='org.bluez'",
                                              "destination='org.bluez'", f"interface='{probe}'"], log)

        def listening():  # a signal of our own, sent until the monitor shows it
            status_and_output(['dbus-send', '--system', '--type=signal', '/', f'{probe}.Listening'], timeout=10)
            return f'interface={probe}' in Path(log).read_text()
        wait_until(listening, 10, 'dbus-monitor listening', STEP_S, OSError)

    def stop_dbus_monitor(self):
        self.processes.stop('dbus-monitor')
