#!/usr/bin/env python3
"""`make bench-appliance`: how fast a crashed kiosk is back on screen, on this machine's own cores
(the VM's figures are an emulated CPU's). The unit's compositor runs the kiosk as the unit does
(cage -d, WLR_RENDERER and RestartSec read from deploy/package/debian/sideline.service), on wlroots'
headless backend instead of a GPU; this script plays systemd: it starts cage, kills the kiosk with
SIGKILL, waits RestartSec once cage has exited, starts cage again, and times kill → READY=1 (which
the kiosk sends after its first frame is presented). Medians of N rounds, and the kiosk's own
journal line saying where its start went."""
import argparse
import os
import pwd
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the checkout (run by the system's python3: no .venv, no test kit needed)
UNIT = ROOT / 'deploy/package/debian/sideline.service'


def unit_settings():
    """RestartSec and the unit's Environment= values: one place says how the service runs."""
    text = UNIT.read_text()
    restart = float(re.search(r'^RestartSec=(\S+)', text, re.M).group(1))
    env = {}
    for line in re.findall(r'^Environment=(.*)$', text, re.M):
        env.update(pair.split('=', 1) for pair in line.split())
    return restart, env


class Service:
    """cage and the kiosk in a scratch folder, as an unprivileged user (cage refuses root)."""

    def __init__(self, binary, work, user):
        self.binary, self.work, self.user = binary, work, user
        self.restart_s, unit_env = unit_settings()
        self.db = work / 'sideline.sqlite'
        self.run_as('record', '--db', self.db, '--source', 'sim:12', '--speed', '600', '--team', 'Demo',
                    '--minutes', '1', '--quiet')
        runtime = work / 'run'
        runtime.mkdir(mode=0o700)
        self.chown(runtime)
        self.notify = work / 'notify.sock'
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.socket.bind(str(self.notify))
        os.chmod(self.notify, 0o777)
        self.env = dict(os.environ, NOTIFY_SOCKET=str(self.notify), XDG_RUNTIME_DIR=str(runtime),
                        WLR_BACKENDS='headless', WLR_LIBINPUT_NO_DEVICES='1', SDL_AUDIODRIVER='dummy',
                        SDL_VIDEODRIVER=unit_env.get('SDL_VIDEODRIVER', 'wayland'),
                        WLR_RENDERER=unit_env.get('WLR_RENDERER', 'pixman'))
        self.env.pop('WAYLAND_DISPLAY', None)
        self.env.pop('DISPLAY', None)
        self.cage = None

    def chown(self, path):
        if self.user:
            os.chown(path, self.user.pw_uid, self.user.pw_gid)

    def as_user(self, argv):
        if not self.user:
            return [str(a) for a in argv]
        return ['setpriv', f'--reuid={self.user.pw_uid}', f'--regid={self.user.pw_gid}', '--clear-groups', *map(str, argv)]

    def run_as(self, *args):
        subprocess.run(self.as_user([self.binary, *args]), check=True, capture_output=True, timeout=300,
                       cwd=self.work)

    def start(self):
        """Starts cage with the kiosk; seconds until READY=1."""
        self.log = open(self.work / 'service.log', 'a')
        began = time.monotonic()
        self.cage = subprocess.Popen(self.as_user(['cage', '-d', '--', self.binary, 'kiosk', '--db', self.db,
                                                   '--source', 'sim:12']),
                                     env=self.env, cwd=self.work, stdout=self.log, stderr=self.log)
        self.wait_ready()
        return time.monotonic() - began

    def wait_ready(self, timeout=60):
        self.socket.settimeout(timeout)
        while 'READY=1' not in self.socket.recv(4096).decode(errors='replace'):
            pass

    def kiosk_pid(self):
        children = Path(f'/proc/{self.cage.pid}/task/{self.cage.pid}/children').read_text().split()
        for pid in children:
            if Path(f'/proc/{pid}/comm').read_text().strip() == 'sideline':
                return int(pid)
        raise RuntimeError(f'no kiosk under cage (children {children})')

    def crash_and_restart(self):
        """kill -9 the kiosk, then what systemd does: cage exits with it, RestartSec, start again.
        (seconds kill → READY, seconds kill → cage gone)."""
        pid = self.kiosk_pid()
        killed = time.monotonic()
        os.kill(pid, 9)
        self.cage.wait(30)
        gone = time.monotonic() - killed
        time.sleep(self.restart_s)  # systemd's RestartSec: part of what is measured, not a wait for a result
        self.start()
        return time.monotonic() - killed, gone

    def startup_line(self):
        lines = [line for line in (self.work / 'service.log').read_text().splitlines() if 'on screen' in line]
        return lines[-1].strip() if lines else 'no startup line'

    def stop(self):
        """The kiosk asked to quit (cage exits with it). Not cage: on SIGTERM Debian's cage 0.1.4
        aborts in wl_display_terminate and leaves the kiosk running; systemd kills the whole cgroup."""
        if self.cage and self.cage.poll() is None:
            os.kill(self.kiosk_pid(), 15)
            self.cage.wait(30)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--rounds', type=int, default=5)
    parser.add_argument('--binary', default=str(ROOT / '.build-static/release/sideline'))
    args = parser.parse_args()
    if not shutil.which('cage'):
        print('bench-appliance: cage is not installed (deploy/scripts/setup.sh installs it)', file=sys.stderr)
        return 1
    user = pwd.getpwnam('nobody') if os.getuid() == 0 else None
    work = Path(tempfile.mkdtemp(prefix='sideline-restart-'))
    os.chmod(work, 0o755)
    binary = work / 'sideline'
    shutil.copy(args.binary, binary)  # readable by the unprivileged user wherever the checkout is
    if user:
        os.chown(work, user.pw_uid, user.pw_gid)
    service = Service(binary, work, user)
    cold, back, gone = [], [], []
    try:
        for _ in range(args.rounds):
            cold.append(service.start())
            total, exited = service.crash_and_restart()
            back.append(total)
            gone.append(exited)
            service.stop()
    finally:
        service.stop()
    print(f'The kiosk under cage (headless wlroots, {service.env["WLR_RENDERER"]}), on this machine\'s cores, '
          f'{args.rounds} rounds, RestartSec={service.restart_s:g} s from the unit')
    print(f'  start → READY (first frame), cage and the kiosk:   median {statistics.median(cold):.2f} s '
          f'(min {min(cold):.2f}, max {max(cold):.2f})')
    print(f'  kill -9 → back on screen (READY), RestartSec in:    median {statistics.median(back):.2f} s '
          f'(min {min(back):.2f}, max {max(back):.2f})   [issue 15: within 3 s]')
    print(f'    of it, kill → cage gone: median {statistics.median(gone) * 1000:.0f} ms; RestartSec {service.restart_s:g} s')
    print(f'  the kiosk\'s last start: {service.startup_line()}')
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
