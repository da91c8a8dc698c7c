"""A controller that goes away mid-session (a dongle reset, an emulator restarted)
is reopened by itself: the kiosk tells the coach, keeps recording, and the straps
reconnect when the controller is back — nobody touches the kiosk."""
import sqlite3
import subprocess
import time

from blehelpers import address, kiosk_team


def test_lost_controller_is_reopened_and_the_session_goes_on(radio, sideline, tmp_path, wait_for_json):
    port, _ = radio([{'rr': 1}, {'rr': 1}])
    db = tmp_path / 'kiosk.sqlite'
    kiosk_team(sideline, db, tmp_path, [('Ada', 'One', address(1)), ('Ben', 'Two', address(2))])
    shots = tmp_path / 'shots'
    script = tmp_path / 'restart.kiosk'
    # The test kills the radio once before.json is written and restarts it once lost.json is.
    script.write_text('''
        tap "BLE"
        wait 3s
        tap "Start"
        wait 4s
        dump before.json
        wait 4s
        dump lost.json
        screenshot lost
        wait 15s
        dump back.json
        tap "Stop"
        tap "Stop"
        tap "Skip recovery"
        tap "Save"
    ''')
    kiosk = subprocess.Popen([sideline, '--headless', '--script', str(script), '--screenshots', str(shots),
                              '--db', str(db), '--source', f'hci-tcp:127.0.0.1:{port}'],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        before = wait_for_json(shots / 'before.json')
        radio.stop()
        killed_at = time.time()
        lost = wait_for_json(shots / 'lost.json')
        radio([{'rr': 1}, {'rr': 1}], port=port)
        back_at = time.time()
        back = wait_for_json(shots / 'back.json')
        _, stderr = kiosk.communicate(timeout=60)
    finally:
        kiosk.kill()
    assert kiosk.returncode == 0, stderr

    assert all(t['signal'] for t in before['live']['tiles'])
    problem = lost['sourceProblem']
    assert problem and 'lost' in problem and f'127.0.0.1:{port}' in problem and 'retrying' in problem, problem
    assert lost['live']['phase'] == 'running', 'the session goes on'
    assert back['sourceProblem'] is None
    assert all(t['signal'] for t in back['live']['tiles']), back['live']['tiles']
    # One line when it went, one when it was back up (not one per retry).
    label = f'hci-tcp:127.0.0.1:{port}'
    lines = [l for l in stderr.splitlines() if label in l]
    assert lines[0].startswith(f'sideline: {label}: lost ('), stderr
    assert lines[-1] == f'sideline: {label}: back', stderr
    assert len(lines) <= 3, stderr  # lost, perhaps once more in other words while down, back

    with sqlite3.connect(db) as c:
        started_ms, = c.execute('SELECT started_ms FROM session').fetchone()
        for first in ('Ada', 'Ben'):
            times = [t for (t,) in c.execute('SELECT t_ms FROM sample JOIN player ON player.id = player_id '
                                             'WHERE first_name = ? ORDER BY t_ms', (first,))]
            gap_start = (killed_at * 1000) - started_ms
            back_ms = (back_at * 1000) - started_ms
            assert any(t < gap_start for t in times), (first, 'recorded before the loss')
            assert any(t > back_ms for t in times), (first, 'recorded again after the controller came back')
