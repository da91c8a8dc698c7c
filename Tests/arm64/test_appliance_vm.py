"""The appliance on an arm64 board in a VM (issue 33): Debian trixie's arm64 kernel (linux-image-arm64)
with systemd as PID 1 on qemu-system-aarch64's virt board with a Cortex-A72 (a Pi 4's core) under TCG,
a virtio GPU at the Pi touchscreen's 800x480, a USB tablet; the arm64 .deb of `make deb ARCH=arm64`
installed by apt from a repository of its arm64 dependency closure alone. From outside, as in
Tests/appliance: screendumps judged against the kiosk's own headless renderings (this machine's
release binary: the same source drawn by amd64 code), taps through QEMU's absolute pointer, a USB
stick plugged in. Inside, bumble's emulated straps (its aarch64 wheels in the image) are the board's
adapter, bluetoothd and the kernel's Bluetooth stack between them and the kiosk: what the straps
logged they sent is what the session's export says was recorded, exactly. Debian's arm64 kernel has
no hci_vhci (CONFIG_BT_HCIVHCI is not set), so the emulated controller reaches the kernel as a UART
does on a Pi: hci_uart's H4 on a pseudo-terminal (btattach; sideline_testkit.appliance.steps.UART).

Every check runs in ONE boot (TCG emulating AArch64 on x86-64 is slow; CI's minutes count), the
tests in file order on one board: install → picker, a session recorded and saved, the USB stick's
backup, kill -9 → READY. The figures (power on → agent, the install, install → picker, the kiosk
launched → each strap's first sample, kill -9 → READY) are printed and recorded for the run's table
(sideline_testkit.figures, release "arm64-trixie"), never asserted. Everything (screendumps, the
console, the journal, the straps' log, the export) is kept in .build-vm/arm64-trixie/appliance/.
Run by `make test-appliance ARCH=arm64` (deploy/scripts/vm/test-appliance-arm64.sh)."""
import os
import shutil
import time
from pathlib import Path

import pytest

from sideline_testkit.appliance import guest
from sideline_testkit.appliance.board import Board, dependency_repository, image, kill_to_ready, wait_for_screen
from sideline_testkit.appliance.screens import References
from sideline_testkit.appliance.steps import (STRAPS, STRAPS_LOG, UART, samples, set_up_board, start_session,
                                              stick_backup_and_export, tap)
from sideline_testkit.figures import record
from sideline_testkit.paths import ROOT, STATIC_BINARY, cache_folder, vm_folder
from sideline_testkit.realstack.checks import Checks
from sideline_testkit.realstack.truth import compare_connected, read_sent
from sideline_testkit.recording import Recording
from sideline_testkit.sqlite_records import minute_readings
from sideline_testkit.waiting import wait_until

RELEASE, ARCH = 'trixie', 'arm64'
NAME = f'{ARCH}-{RELEASE}'  # the figures' column, .build-vm/NAME (image link, repository, results)
# Waits are longer than the amd64 suite's: the same steps take several times as long under TCG.
AGENT_S, INSTALL_PICKER_S, STREAMING_S = 900, 600, 600
RECORDED_S = 20  # seconds of every strap's samples recorded on top of the first ones


class ArmBoard(Board):
    """The arm64 board: its image, the package and its arm64 closure, and what one test leaves for a later one."""

    def __init__(self, deb, references):
        folder = vm_folder(NAME)
        results = folder / 'appliance'
        shutil.rmtree(results, ignore_errors=True)
        self.deb = deb.relative_to(ROOT)  # the guest sees the checkout at /sideline
        image_folder = image(RELEASE, ARCH)
        # The image's own packages from debootstrap's cache (no second download), then deb-repo.sh fetches the rest.
        repo = folder / 'repo'
        repo.mkdir(parents=True, exist_ok=True)
        for cached in (cache_folder() / 'vm/debs' / NAME).glob('*.deb'):
            if not (repo / cached.name).exists():
                os.link(cached, repo / cached.name)
        self.repo = dependency_repository(deb, RELEASE, repo, arch=ARCH)
        super().__init__(results, image_folder, references)
        self.facts = {}


@pytest.fixture(scope='module')
def board(debs):
    # The kiosk's own renderings of each screen, by this machine's release binary (make test-appliance builds it).
    binary = Path(os.environ.get('SIDELINE_VM_BIN') or STATIC_BINARY)
    assert binary.is_file(), f'no {binary}: deploy/package/release-build.sh builds it (the reference renderings)'
    b = ArmBoard(debs['sideline'], References(binary, vm_folder(NAME) / 'references'))
    started = time.monotonic()
    yield b
    print(f'\nthe arm64 board: one boot, {time.monotonic() - started:.0f} s from the image ready to the last check')
    b.stop()


def test_installs_on_arm64_from_its_closure(board):
    machine = board.boot()
    machine.wait_for_agent(AGENT_S)
    booted = machine.seconds()
    print(f'power on → guest agent answering: {booted:.0f} s')
    record(NAME, 'power_on_to_agent_s', round(booted, 1))
    agent = machine.agent
    _, arch = agent.sh('uname -m; dpkg --print-architecture; uname -r')
    print(f'the board: {" ".join(arch.split())}')
    assert arch.split()[:2] == ['aarch64', 'arm64'], arch
    guest.mount_shares(agent)
    began = time.monotonic()
    out = guest.install(agent, str(board.deb), str(board.repo))
    installed = time.monotonic() - began
    print(f'apt install ./{board.deb.name} (the only source: the arm64 closure): {installed:.0f} s')
    record(NAME, 'install_s', round(installed, 1))
    assert 'Setting up sideline' in out, out[-2000:]
    _, status = agent.sh("dpkg-query -W -f='${Status} ${Version} ${Architecture}' sideline")
    assert status.startswith('install ok installed') and status.endswith(' arm64'), status
    # ELF e_machine 183 (EM_AARCH64): the installed binary is the cross build's, run by the board's own CPU.
    _, machine_code = agent.sh('''python3 -c "h = open('/usr/bin/sideline', 'rb').read(20); print(h[18] | h[19] << 8)"''')
    assert machine_code.strip() == '183', machine_code
    shot, seconds = wait_for_screen(board, 'picker', INSTALL_PICKER_S, 'installed-picker')
    print(f'install done → team picker on screen: {seconds:.1f} s ({shot.name}); power on → picker with the install in '
          f'between: {machine.seconds():.0f} s')
    record(NAME, 'install_to_picker_s', round(seconds, 1))
    record(NAME, 'power_on_install_picker_s', round(machine.seconds(), 1))
    props = guest.service_show(agent, 'ExecMainStartTimestampMonotonic', 'ActiveEnterTimestampMonotonic')
    ready_s = (int(props['ActiveEnterTimestampMonotonic']) - int(props['ExecMainStartTimestampMonotonic'])) / 1e6
    print(f'sideline.service start → READY (first frame drawn): {ready_s:.1f} s')
    record(NAME, 'start_to_ready_s', round(ready_s, 1))


def first_samples(agent, session_id, launched_ms):
    """Seconds from the kiosk's launch (the guest's wall clock, ms) to each strap's first sample in the session."""
    (started,), = guest.query(agent, f'SELECT started_ms FROM session WHERE id = {session_id}')
    firsts = {}  # the readings are a minute's row a player since store v33 (decision 108): decoded here
    for player, minute, data, wide in guest.query(agent, f'SELECT player_id, minute, readings, wide FROM sample_minute '
                                                         f'WHERE session_id = {session_id}'):
        for t, *_ in minute_readings(minute, bytes.fromhex(data), bytes.fromhex(wide)):
            firsts[player] = min(firsts.get(player, t), t)
    return [round((started + firsts[player] - launched_ms) / 1000, 1) for player in sorted(firsts)]


def test_straps_recorded_exactly(board):
    """The board set up as a coach would (a roster; the straps are its adapter), the package's default
    source (auto: bluez:hci0, bluetoothd running): a session through taps, recorded, stopped and saved
    on the review screen; then its export read back against what the straps logged they sent:
    every recorded rate was sent, in order, none lost from the first sample on, energy and RR
    intervals exact."""
    agent = board.machine.agent
    set_up_board(board, UART)
    _, launched = agent.sh('date +%s%3N && systemctl start --no-block sideline')
    launched_ms = int(launched.split()[0])
    wait_for_screen(board, 'picker', INSTALL_PICKER_S)
    status = guest.service_show(agent, 'StatusText')['StatusText']
    print(f'the kiosk with source = auto and bluetoothd running: {status}')
    assert 'bluez:hci0' in status, status
    session_id = start_session(board, streaming_timeout=STREAMING_S)
    firsts = first_samples(agent, session_id, launched_ms)
    print(f'kiosk launched → each strap\'s first sample (picker, lobby and Start tapped from outside): {firsts} s')
    record(NAME, 'launch_to_first_sample_s', firsts)
    first = samples(agent, session_id)[0]
    wait_until(lambda: samples(agent, session_id)[0] >= first + RECORDED_S * len(STRAPS), 120 + 3 * RECORDED_S,
               f'{RECORDED_S} s more of every strap recorded', step=2)
    tap(board, 'stop', 'stop-dialog', 120)
    tap(board, 'confirm stop', 'recovery', 120)
    tap(board, 'skip recovery', 'stopped-dialog', 120)
    tap(board, 'save', 'review', 120)
    assert guest.query(agent, f'SELECT state FROM session WHERE id = {session_id}')[0][0] == 'ended'
    assert session_id == 1, f'a fresh board\'s first session is number 1, not {session_id}'  # Recording reads session 1
    board.facts['saved'] = session_id

    # The truth and the record, copied out of the guest: the straps' log, the export, a copy of the database.
    copy = ('import sqlite3, sys; s = sqlite3.connect("file:%s?mode=ro", uri=True); d = sqlite3.connect(sys.argv[1]); '
            's.backup(d); d.close()' % guest.DB)
    agent.sh(f'rm -rf /tmp/export && runuser -u sideline -- sideline export --db {guest.DB} --session {session_id} '
             f'--format csv --out /tmp/export && python3 -c \'{copy}\' /tmp/session.sqlite && '
             f'rm -rf /out/export && cp -r /tmp/export /tmp/session.sqlite {STRAPS_LOG} /out/', timeout=300)
    out = board.machine.folder
    rec = Recording(out / 'session.sqlite', out / 'export', 0, 0, '')
    sent = read_sent(out / Path(STRAPS_LOG).name)
    checks = Checks()
    compare_connected(checks, rec, sent, list(enumerate(STRAPS, 1)))
    # The kiosk reads each strap's battery once, when it connects in the lobby, before the session
    # exists: a session's strap events hold no level then (`sideline record`, which Tests/vm
    # judges, connects inside its session). Printed, not judged here.
    judged = [c for c in checks.items if 'battery' not in c['what']]
    for c in checks.items:
        print(f'{"ok  " if c["ok"] else "FAIL" if c in judged else "(not judged)"} {c["what"]}' + ('' if c['ok'] else f': {c["seen"]}'))
    print(f'{sum(len(rows) for rows in rec.samples.values())} samples and {sum(len(v) for v in rec.rr.values())} RR intervals '
          f'recorded, {len([e for e in sent if e["kind"] == "notify"])} notifications sent')
    assert judged and all(c['ok'] for c in judged), [c['what'] for c in judged if not c['ok']]


def test_usb_stick_gets_a_backup(board):
    """On the review screen of the saved session: a FAT stick gets a backup (the journal's line, its
    notices judged on screen) and the session's export; released, pulled, read on the host with
    mtools. The backup notice, then the "safe to remove" one, are each waited for on screen against
    their reference renderings (each distinct since 2026-11-30); the backup and the export on the stick
    are judged by the journal and mtools."""
    assert 'saved' in board.facts, 'no session was saved: the board is not on the review screen'
    stick_backup_and_export(board)


def test_killed_kiosk_comes_back(board):
    seconds, said = kill_to_ready(board.machine.agent, timeout=300)
    print(f'kill -9 → the service active again (READY after the first frame): {said}')
    record(NAME, 'kill_to_ready_s', round(seconds, 2))
    wait_for_screen(board, 'picker', 120, 'after-kill')  # a restarted kiosk opens on the team picker
