"""What a user sees when a controller misbehaves, through the CLI: on bumble's emulated radio
(every strap let go at exit; a connect the controller never ends) and on fake controllers —
a TCP port that accepts and never answers, one that sends bytes that are not HCI."""
import json
import socket
import sqlite3
import subprocess
import threading
import time

import pytest

from sideline_testkit.processes import WatchedProcess, run
from sideline_testkit.radio.straps import address
from sideline_testkit.recording import record
from sideline_testkit.roster import import_roster, wearers
from sideline_testkit.waiting import wait_until


class FakeController:
    """A TCP port that accepts H4 clients, sends each `greeting` and then answers nothing."""

    def __init__(self, greeting=b''):
        self.greeting = greeting
        self.server = socket.create_server(('127.0.0.1', 0))
        self.port = self.server.getsockname()[1]
        self.label = f'hci-tcp:127.0.0.1:{self.port}'
        self.accepted = []  # wall times
        self.clients = []
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return  # closed at teardown
            self.accepted.append(time.time())
            self.clients.append(client)
            client.sendall(self.greeting)

    def close(self):
        self.server.close()
        for client in self.clients:
            client.close()


@pytest.fixture
def fake_controller():
    made = []

    def make(greeting=b''):
        made.append(FakeController(greeting))
        return made[-1]
    yield make
    for fake in made:
        fake.close()


def team(sideline, tmp_path, addresses):
    db = tmp_path / 'faults.sqlite'
    import_roster(sideline, db, tmp_path, 'BLE', wearers(addresses), sex='M', weight_kg=70)
    return db


def test_record_lets_every_strap_go_and_stops_scanning_at_exit(radio, sideline, tmp_path):
    port, sent_log = radio([{'rr': 1} for _ in range(4)])
    rec = record(sideline, tmp_path, port, [address(i + 1) for i in range(4)], 6)
    for i in range(1, 5):
        assert rec.samples.get(address(i)), f'strap {i} recorded nothing'

    def links(log, i):
        return [e['kind'] for e in log if e['strap'] == address(i) and e['kind'] in ('connected', 'disconnected')]

    def everything_let_go():
        log = sent_log()
        scans = [e['enable'] for e in log if e['kind'] == 'central-scan']
        return all(links(log, i)[-1:] == ['disconnected'] for i in range(1, 5)) and scans[-1:] == [False]
    # The straps' own logs: `record` has exited; the radio may take a moment to tell every strap.
    wait_until(everything_let_go, timeout=5, what='every strap disconnected and scanning off')
    assert all(links(sent_log(), i)[0] == 'connected' for i in range(1, 5))


def test_scan_stops_scanning_at_exit(radio, sideline, tmp_path):
    port, sent_log = radio([{'rr': 1}])
    out = run(sideline, 'scan', '--source', f'hci-tcp:127.0.0.1:{port}', '--seconds', '2')
    assert '1 strap(s) heard' in out.stdout
    wait_until(lambda: [e['enable'] for e in sent_log() if e['kind'] == 'central-scan'][-1:] == [False],
               timeout=5, what='scanning off')


def test_a_connect_the_controller_never_ends_is_reset_and_every_strap_is_connected(radio, sideline, tmp_path):
    """Strap 3 is heard once and vanishes before the connect to it completes; bumble's controller
    never ends the cancelled connect. Strap 4 turns up later and must still be connected, and
    straps 1 and 2, let go for the reset, come back. (The harness gives the emulated controller
    a Reset that ends the pending connect, as a real controller's does; bumble's is a stub.)"""
    configs = [{'rr': 1}, {'rr': 1}, {'rr': 1, 'appear_after': 3, 'vanish_after': 0.05}, {'rr': 1, 'appear_after': 14}]
    port, sent_log = radio(configs, reset_ends_connect=True)
    rec = record(sideline, tmp_path, port, [address(i + 1) for i in range(4)], 26)
    assert rec.samples.get(address(4)), 'the strap that turned up while the controller was wedged was never connected'
    label = f'hci-tcp:127.0.0.1:{port}'
    assert (f'{label}: resetting (it never ended a cancelled connect to {address(3)}, and {address(4)} is waiting)'
            in rec.stderr), rec.stderr
    assert f'{label}: back' in rec.stderr, rec.stderr
    log = sent_log()
    reset_at = next(e['t'] for e in log if e['kind'] == 'central-reset' and e['pending'])
    appeared = next(e['t'] for e in log if e['strap'] == address(4) and e['kind'] == 'appeared')
    first = {i: min((rec.wall(int(r['t_ms'])) for r in rec.samples.get(address(i), []) if rec.wall(int(r['t_ms'])) > reset_at),
                    default=None) for i in (1, 2, 4)}
    assert all(first.values()), f'every strap that answers records after the reset: {first}'
    assert not rec.samples.get(address(3))
    print(f'figure: strap 4 turned up while the controller was wedged; first sample {first[4] - appeared:.2f} s later; '
          f'straps 1, 2 back {first[1] - reset_at:.2f} / {first[2] - reset_at:.2f} s after the reset')


def test_record_on_a_controller_that_never_answers_says_so_and_keeps_no_session(sideline, tmp_path, fake_controller):
    fake = fake_controller()
    db = team(sideline, tmp_path, [address(1), address(2)])
    with WatchedProcess([sideline, 'record', '--db', str(db), '--source', fake.label, '--team', 'BLE',
                         '--minutes', '5', '--quiet']) as rec:
        # Ctrl-C once it has given up on the first try (5 s without an answer) and tried again.
        wait_until(lambda: len(fake.accepted) >= 2, timeout=30, what='a second attempt')
        rec.interrupt()
        code, _, err = rec.finish()
    assert code == 2, (code, err)
    why = 'not answering (no answer to HCI Reset in 5 s)'
    assert err.splitlines() == [
        f'sideline: {fake.label}: {why}; retrying',
        f'sideline: {fake.label} never came up: {why}; nothing was recorded',
    ], err
    with sqlite3.connect(db) as c:
        assert c.execute('SELECT count(*) FROM session').fetchone() == (0,), 'no empty session left behind'


def test_the_kiosk_shows_a_controller_that_never_answers_on_its_red_line(sideline, tmp_path, fake_controller):
    fake = fake_controller()
    db = team(sideline, tmp_path, [address(1)])
    shots = tmp_path / 'shots'
    script = tmp_path / 'silent.kiosk'
    script.write_text('tap "BLE"\nwait until problem\ndump silent.json\nscreenshot silent\n')
    result = subprocess.run([sideline, '--headless', '--script', str(script), '--screenshots', str(shots),
                             '--db', str(db), '--source', fake.label], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads((shots / 'silent.json').read_text())['sourceProblem'] == f'Bluetooth {fake.label} not answering, retrying'
    assert result.stderr.splitlines() == [f'sideline: {fake.label}: not answering (no answer to HCI Reset in 5 s); retrying'], result.stderr


def test_scan_on_a_controller_that_never_answers_says_so(sideline, tmp_path, fake_controller):
    fake = fake_controller()
    with WatchedProcess([sideline, 'scan', '--source', fake.label, '--seconds', '120']) as scan:
        # Ctrl-C once it has said the controller does not answer (after the 5 s HCI Reset timeout).
        scan.wait_for(lambda l: 'not answering' in l, 'the controller told not answering', timeout=30, stream='err')
        scan.interrupt()
        code, _, err = scan.finish()
    assert code == 2, (code, err)
    assert err.splitlines()[-1] == (f'sideline: {fake.label} never came up: not answering '
                                    '(no answer to HCI Reset in 5 s); no straps could be heard'), err


def test_a_port_that_sends_garbage_is_retried_with_backoff_and_told_once(sideline, tmp_path, fake_controller):
    """Retried with the backoff it reports (--bluetooth-verbose says each delay it chose; the unit
    test on virtual time checks it waits exactly that), told once; ended with Ctrl-C after the
    fifth attempt instead of after a fixed time."""
    fake = fake_controller(greeting=b'V1.0 ready\n')
    with WatchedProcess([sideline, 'scan', '--source', fake.label, '--seconds', '120', '--bluetooth-verbose']) as scan:
        wait_until(lambda: len(fake.accepted) >= 5, timeout=30, what='five attempts')
        scan.interrupt()
        stopped = time.time()
        code, _, err = scan.finish()
    assert code == 2, (code, err)
    why = 'not an HCI controller (it sent 0x56, which starts no HCI packet; is this an HCI H4 stream?)'
    prefix = f'sideline: {fake.label}: reopening in '
    delays = [int(l[len(prefix):-len(' ms')]) / 1000 for l in err.splitlines() if l.startswith(prefix)]
    told = [l for l in err.splitlines() if not l.startswith(prefix)]
    assert told == [
        f'sideline: {fake.label}: {why}; retrying',
        f'sideline: {fake.label} never came up: {why}; no straps could be heard',
    ], err
    # Backoff 0.25, 0.5, 1, 2, 4, then 5 s, as reported for each attempt.
    assert delays[:4] == [0.25, 0.5, 1, 2], delays
    # Not one attempt every poll: no more than that backoff lets through in the time it ran
    # (a slow machine only makes fewer; one more for the first accept's time being read late).
    elapsed = stopped - fake.accepted[0]
    allowed = 1 + sum(1 for k in range(1, 60) if sum(min(5, 0.25 * 2 ** (j - 1)) for j in range(1, k + 1)) <= elapsed)
    assert len(fake.accepted) <= allowed + 1, (len(fake.accepted), elapsed, fake.accepted)
