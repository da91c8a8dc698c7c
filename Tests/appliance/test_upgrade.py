"""A board upgraded in place from bookworm to trixie with Sideline installed (issue 22): a bookworm
board gets the package from bookworm's dependency closure, records a session, is powered on once
more (bookworm's figures: power on → picker, kill -9 → READY), then `apt full-upgrade` takes it to
trixie from a repository of trixie's packages for everything the board has installed, trixie's
kernel goes in (its modules on the disk, its kernel and initramfs booted next, as a board's
upgrade installs them), and it reboots: the kiosk comes back on the picker with its database and
the session in it. The tests run in file order on one disk; timings are printed and recorded
(sideline_testkit.figures), never asserted."""
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from sideline_testkit.appliance import guest
from sideline_testkit.appliance.board import Board, dependency_repository, image, kill_to_ready, power_on_to_picker, wait_for_screen
from sideline_testkit.figures import record
from sideline_testkit.paths import ROOT, cache_folder
from sideline_testkit.waiting import wait_until

FROM, TO = 'bookworm', 'trixie'
FOLDER = ROOT / '.build-vm/upgrade'
DISK_GB = 4  # the image's root has 512 MB to spare; trixie's Mesa and LLVM come in beside bookworm's before autoremove
TEAM = 'Kept'
UPGRADE_LIMIT_S = 2 * 3600  # the boot that upgrades: a few hundred packages unpacked under TCG


def installed_packages(root_ext4):
    """The packages installed in an image's root, read from its dpkg status without mounting it."""
    status = subprocess.run(['debugfs', '-R', 'cat /var/lib/dpkg/status', str(root_ext4)], check=True,
                            capture_output=True, text=True).stdout
    return sorted(m.group(1) for m in re.finditer(r'^Package: (\S+)\n(?:(?!\n\n).)*?^Status: install ok installed$', status, re.M | re.S))


class Upgrade(Board):
    """A bookworm board and what its upgrade to trixie needs: both images, bookworm's closure of the
    package, trixie's closure of everything the upgraded board will hold."""

    def __init__(self, deb, references):
        shutil.rmtree(FOLDER / 'board', ignore_errors=True)
        self.deb = deb.relative_to(ROOT)
        self.old, self.new = image(FROM), image(TO)
        self.repo = dependency_repository(deb, FROM, ROOT / f'.build-vm/{FROM}/repo')
        # trixie's packages for the bookworm image's and the package's: the debootstrap cache first
        # (no second download), then deb-repo.sh fetches the rest.
        target = FOLDER / f'repo-{TO}'
        target.mkdir(parents=True, exist_ok=True)
        for cached in (cache_folder() / 'vm/debs' / TO).glob('*.deb'):
            if not (target / cached.name).exists():
                os.link(cached, target / cached.name)
        bookworm_closure = [line.split(': ', 1)[1] for line in (ROOT / self.repo / 'Packages').read_text().splitlines()
                            if line.startswith('Package: ')]
        self.upgrade_repo = dependency_repository(deb, TO, target, *sorted(set(installed_packages(self.old / 'root.ext4'))
                                                                             | set(bookworm_closure)))
        super().__init__(FOLDER / 'board', self.old, references, disk_gb=DISK_GB, limit_s=UPGRADE_LIMIT_S)
        self.facts = {}


@pytest.fixture(scope='module')
def board(deb, references):
    b = Upgrade(deb, references)
    yield b
    b.stop()


def os_release(agent):
    _, out = agent.sh('. /etc/os-release; echo $VERSION_CODENAME; uname -r; bluetoothd --version; '
                      "dpkg-query -W -f='${Version}' cage sideline libsdl2-2.0-0 systemd")
    return out.split()


def test_bookworm_board_installs_and_records(board):
    machine = board.boot()
    machine.wait_for_agent(300)
    agent = machine.agent
    guest.mount_shares(agent)
    agent.sh('resize2fs /dev/vda', timeout=120)  # the file system into the disk's room
    out = guest.install(agent, str(board.deb), str(board.repo))
    assert 'Setting up sideline' in out, out[-2000:]
    wait_for_screen(board, 'picker', 120, 'installed-picker')
    # A team and a recorded session in the kiosk's database, as the coach would leave them (the
    # kiosk stopped meanwhile: one recorder per database).
    agent.sh(f'systemctl stop sideline && runuser -u sideline -- sideline record --db {guest.DB} --source sim:3 '
             f'--speed 600 --team {TEAM} --minutes 1 --quiet && systemctl start sideline', timeout=300)
    board.facts['sessions'] = guest.query(agent, 'SELECT id, state FROM session')
    board.facts['samples'] = guest.query(agent, 'SELECT count(*) FROM sample')[0][0]
    assert board.facts['sessions'] == [[1, 'ended']] and board.facts['samples'] > 0, board.facts
    print(f'{FROM}: {os_release(agent)}; recorded {board.facts}')
    board.power_off()


def test_bookworm_board_powers_on_to_the_picker(board):
    """bookworm's own figures, from the same run as trixie's (the appliance suite)."""
    seconds = power_on_to_picker(board)
    print(f'{FROM}: power on → team picker on screen: {seconds:.1f} s')
    record(FROM, 'power_on_to_picker_s', round(seconds, 1))
    ready_s, said = kill_to_ready(board.machine.agent)
    print(f'{FROM}: kill -9 → READY: {said}')
    record(FROM, 'kill_to_ready_s', round(ready_s, 2))
    wait_for_screen(board, 'picker', 60, 'after-kill')


def test_full_upgrade_to_trixie(board):
    """`apt full-upgrade` with trixie's repository as the only source, as a club would do it with
    `sed -i s/bookworm/trixie/` on its sources: conffiles kept, nothing asked."""
    agent = board.machine.agent
    guest.mount_shares(agent)
    agent.sh(f'rm -f /etc/apt/sources.list.d/*; echo "deb [trusted=yes] file:{guest.SRC}/{board.upgrade_repo} ./" '
             '> /etc/apt/sources.list && apt-get -q update', timeout=300)
    # dpkg skips its fsyncs (--force-unsafe-io): the test proves what the upgrade leaves, not a power
    # cut during it, and under TCG the syncs of a few hundred packages are minutes of the CI's budget.
    # apt runs in a unit of its own, not under the guest agent: upgrading qemu-guest-agent restarts
    # it, which ends every process it started (apt with them, mid-upgrade) and forgets their PIDs.
    # Its end is a file on the share, read from outside; the restarted agent is connected again.
    folder = board.machine.folder
    (folder / 'full-upgrade.sh').write_text(
        'DEBIAN_FRONTEND=noninteractive apt-get -q -y -o Dpkg::Options::=--force-confdef '
        '-o Dpkg::Options::=--force-confold -o Dpkg::Options::=--force-unsafe-io full-upgrade > /out/full-upgrade.txt 2>&1\n'
        'echo $? > /out/full-upgrade.status.part && mv /out/full-upgrade.status.part /out/full-upgrade.status\n')
    began = time.monotonic()
    agent.sh('systemd-run --unit=sideline-full-upgrade --collect /bin/sh /out/full-upgrade.sh')
    wait_until(lambda: (folder / 'full-upgrade.status').exists() or board.machine.process.poll() is not None, 3600,
               'apt full-upgrade ending', step=5)
    seconds = time.monotonic() - began
    assert (folder / 'full-upgrade.status').exists(), f'QEMU exited during the upgrade\n{board.machine.console_tail()}'
    code = int((folder / 'full-upgrade.status').read_text())
    out = '\n'.join((folder / 'full-upgrade.txt').read_text(errors='replace').splitlines()[-40:])
    agent.conn.close()
    board.machine.wait_for_agent(300)
    print(f'apt full-upgrade {FROM} → {TO}: {seconds:.0f} s under TCG (exit {code})')
    assert code == 0, out
    record(TO, 'upgrade_s', round(seconds))
    # The board's new kernel: its modules on the disk now, its kernel and initramfs at the next boot.
    shutil.copy(board.new / 'modules.tar', board.machine.folder / 'modules.tar')
    agent.sh('tar -C /lib/modules -xf /out/modules.tar && rm /out/modules.tar', timeout=300)
    codename, *_ = os_release(agent)
    assert codename == TO, codename
    # Installed (ii) or removed with their conffiles kept (rc: what the upgrade replaced, such as
    # libglib2.0-0 by libglib2.0-0t64); anything else was left half-way.
    _, held = agent.sh("dpkg-query -W -f='${db:Status-Abbrev} ${Package}\\n' | grep -v -e '^ii ' -e '^rc ' || true")
    assert held.strip() == '', f'packages not fully installed after the upgrade:\n{held}'
    board.power_off()


def test_upgraded_board_comes_back_on_the_picker_with_its_session(board):
    seconds = power_on_to_picker(board, image_folder=board.new)
    agent = board.machine.agent
    versions = os_release(agent)
    print(f'{TO} (upgraded in place): {versions}; power on → team picker on screen: {seconds:.1f} s')
    assert versions[0] == TO and versions[1] == (board.new / 'kernel-version').read_text().strip(), versions
    assert guest.query(agent, 'PRAGMA integrity_check') == [['ok']]
    assert guest.query(agent, 'SELECT id, state FROM session') == board.facts['sessions']
    # Store v33 (decision 108) migrated the readings into a row a player and minute, 10 bytes a reading.
    assert guest.query(agent, 'SELECT sum(length(readings)) / 10 FROM sample_minute')[0][0] == board.facts['samples']
    assert guest.query(agent, 'SELECT name FROM team') == [[TEAM]]
    props = guest.service_show(agent, 'ActiveState', 'Result', 'NRestarts')
    assert props['ActiveState'] == 'active', props
