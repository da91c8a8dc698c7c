"""One board under test in the appliance VM, as the suites see it (Tests/appliance): a release's
image, a disk that keeps what the guest writes from one boot to the next, its boots, screendumps
judged against the kiosk's own renderings, and what a technician reads of the service: how long
a restart took by the guest's own clocks."""
import subprocess
import time
from pathlib import Path

from sideline_testkit.appliance import guest
from sideline_testkit.appliance.machine import Failed, Machine
from sideline_testkit.appliance.screens import colours
from sideline_testkit.paths import PACKAGING, ROOT, VM_SCRIPTS
from sideline_testkit.waiting import TimedOut, wait_until

LIMIT_S = 3600  # each boot's hard limit (deploy/scripts/vm/boot.sh adds 120 s); the suites' own waits are shorter


def image(release, arch=None):
    """The release's VM image folder (deploy/scripts/vm/build-image.sh builds it when its inputs changed);
    `arch`: another architecture's (arm64), else this machine's."""
    out = subprocess.run([str(VM_SCRIPTS / 'build-image.sh'), release, *([arch] if arch else [])], check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    return Path(out.split()[-1])


def dependency_repository(deb, release, folder, *extra, arch=None):
    """The package's dependency closure in `release` (and `extra` packages'), of `arch` (else this
    machine's architecture), as a flat apt repository in `folder` inside the checkout, where the
    guest sees it; its path in the checkout."""
    subprocess.run([str(PACKAGING / 'deb-repo.sh'), '--release', release, *(['--arch', arch] if arch else []), str(deb), str(folder),
                    *extra], check=True)
    return Path(folder).resolve().relative_to(ROOT)


class Board:
    """A board: its disk (a qcow2 overlay over `image`'s root, grown to `disk_gb` when given) in
    `results`, each boot's folder beside it, numbered screendumps."""

    def __init__(self, results, image_folder, references, disk_gb=None, limit_s=LIMIT_S):
        self.results, self.image, self.references, self.limit_s = Path(results), image_folder, references, limit_s
        self.results.mkdir(parents=True, exist_ok=True)
        self.disk = self.results / 'disk.qcow2'
        if disk_gb:  # room for a release upgrade: the guest grows its file system into it (resize2fs)
            subprocess.run(['qemu-img', 'create', '-q', '-f', 'qcow2', '-b', str(image_folder / 'root.ext4'), '-F', 'raw',
                            str(self.disk), f'{disk_gb}G'], check=True)
        self.machine = None
        self.boots = 0
        self.shots = 0

    def boot(self, image_folder=None):
        """Powers the board on; `image_folder`: another image's kernel and initramfs (an upgraded board's).
        A boot a failed test left running has its plug pulled first: QEMU cannot open a disk another holds."""
        if self.machine and self.machine.process.poll() is None:
            self.stop()
        self.boots += 1
        self.machine = Machine(self.results / f'boot{self.boots}', self.disk, self.limit_s, image_folder or self.image)
        return self.machine

    def screendump(self, name):
        self.shots += 1
        return self.machine.monitor.screendump(self.results / f'{self.shots:02d}-{name}.png')

    def stop(self):
        """Keeps the boot's journal and pulls the plug."""
        if self.machine:
            try:
                self.machine.agent.sh('journalctl -b --no-pager > /out/journal.txt', check=False, timeout=60)
            except Exception:  # noqa: BLE001 — the guest may be gone; the console is kept anyway
                pass
            self.machine.stop()

    def power_off(self, timeout=300):
        """A clean shutdown from inside (systemctl poweroff); returns once QEMU has exited."""
        self.machine.agent.sh('journalctl -b --no-pager > /out/journal.txt; sync', check=False, timeout=60)
        try:
            self.machine.agent.sh('systemctl poweroff --no-block', check=False)
        except (OSError, Failed):
            pass  # the guest went down before its agent told the command's end
        self.machine.process.wait(timeout)


def wait_for_screen(board, screen, timeout, name=None, step=1):
    """Screendumps until the kiosk shows `screen`; (the dump, seconds waited). Fails with the last dump."""
    start = time.monotonic()
    last = {}

    def shown():
        last['shot'] = board.screendump(name or screen)
        return board.references.shows(last['shot'], screen)[0]
    try:
        wait_until(shown, timeout, f'{screen} on screen', step=step)
    except TimedOut as e:
        raise AssertionError(f'{e}; last screendump {last.get("shot")} ({colours(last["shot"])} colours)\n'
                             f'{board.machine.console_tail(15)}') from None
    return last['shot'], time.monotonic() - start


def restarted(agent, old_pid, timeout, what):
    """Waits until the service is active again with a new kiosk (`what` brought it back). Polled once
    a second: each poll runs a shell in the guest, and polling harder slows the emulated CPU the restart needs."""
    def back():
        props = guest.service_show(agent, 'ActiveState', 'MainPID')
        return props['ActiveState'] == 'active' and int(props['MainPID']) not in (0, old_pid)
    wait_until(back, timeout, what, step=1)


def kiosk_pid(agent):
    _, out = agent.sh('pgrep -u sideline -x sideline')
    return int(out.split()[0])


def kill_kiosk(agent, signal):
    """Sends the signal and returns the guest's monotonic clock (µs, systemd's) just before it."""
    pid = kiosk_pid(agent)
    _, out = agent.sh(f'python3 -c "import os, time; print(time.monotonic_ns() // 1000, flush=True); os.kill({pid}, {signal})"')
    return int(out.split()[0])


def startup_line(agent):
    """The kiosk's last journal line saying where its start went (StartupTimeline)."""
    _, line = agent.sh('journalctl -u sideline -b --no-pager -o cat | grep "on screen .* after launch" | tail -1')
    return line.strip() or 'no startup line'


def restart_figures(agent, killed_us):
    """Where a restart's seconds went, from the guest's own clocks: (seconds to READY, the sentence)
    — systemd's restart (RestartSec, cage starting the kiosk), then the kiosk's own start as it
    tells the journal."""
    props = guest.service_show(agent, 'ExecMainStartTimestampMonotonic', 'ActiveEnterTimestampMonotonic')
    started, active = int(props['ExecMainStartTimestampMonotonic']), int(props['ActiveEnterTimestampMonotonic'])
    ready_s = (active - killed_us) / 1e6
    return ready_s, (f'{ready_s:.1f} s to READY by the guest\'s clock '
                     f'(unit started again after {(started - killed_us) / 1e6:.1f} s; the kiosk: {startup_line(agent)})')


def kill_to_ready(agent, timeout=60):
    """kill -9 of the kiosk → the unit active again (READY after the first frame): (seconds, the sentence)."""
    service_pid = guest.main_pid(agent)
    killed_us = kill_kiosk(agent, 9)
    restarted(agent, service_pid, timeout, 'the service coming back after kill -9')
    return restart_figures(agent, killed_us)


def power_on_to_picker(board, timeout=300, image_folder=None):
    """Powers the board on and waits for the team picker; seconds from power on (QEMU's start)."""
    machine = board.boot(image_folder)
    wait_for_screen(board, 'picker', timeout, 'power-on-picker')
    seconds = machine.seconds()
    machine.wait_for_agent(120)
    return seconds

