"""A controller that goes away mid-session (a dongle reset, an emulator restarted)
is reopened by itself: the kiosk tells the coach, keeps recording, and the straps
reconnect when the controller is back — nobody touches the kiosk.

The test and the kiosk script take turns by conditions, never by the clock: the script waits
for what the kiosk's state shows (`wait until …`) and dumps it; the test waits for the dumps and
for the database, stops and restarts the radio, and gives the script its go-ahead (`wait for`)."""
import sqlite3
import subprocess
import time

from sideline_testkit.radio.straps import address
from sideline_testkit.roster import import_roster
from sideline_testkit.waiting import wait_until
from sideline_testkit.sqlite_records import readings_table


def recorded_after(db, wall_s):
    """The first names of the players with a sample of the running session later than `wall_s`."""
    try:
        with sqlite3.connect(f'file:{db}?mode=ro', uri=True) as c:
            readings_table(c)
            return {first for (first,) in c.execute(
                'SELECT DISTINCT first_name FROM sample JOIN player ON player.id = player_id '
                'JOIN session ON session.id = session_id WHERE session.started_ms + t_ms > ?', (wall_s * 1000,))}
    except sqlite3.OperationalError:  # no session table yet, or busy for a moment
        return set()


def test_lost_controller_is_reopened_and_the_session_goes_on(radio, sideline, tmp_path, wait_for_json):
    port, _ = radio([{'rr': 1}, {'rr': 1}])
    db = tmp_path / 'kiosk.sqlite'
    import_roster(sideline, db, tmp_path, 'BLE', [('Ada', 'One', address(1)), ('Ben', 'Two', address(2))])
    shots = tmp_path / 'shots'
    script = tmp_path / 'restart.kiosk'
    script.write_text('''
        tap "BLE"
        wait until streaming
        tap "Start"
        wait until signal
        dump before.json
        # The test stops the radio once both players have samples stored.
        wait until problem
        dump lost.json
        screenshot lost
        # The test starts it again.
        wait until no problem
        wait until connected
        # The test says when both players have samples stored again.
        wait for "recording-again"
        wait until signal
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
        wait_until(lambda: recorded_after(db, 0) == {'Ada', 'Ben'}, timeout=30, what='both players recorded before the loss')
        radio.stop()
        lost = wait_for_json(shots / 'lost.json')
        radio([{'rr': 1}, {'rr': 1}], port=port)
        back_at = time.time()
        wait_until(lambda: recorded_after(db, back_at) == {'Ada', 'Ben'}, timeout=30,
                   what='both players recorded again after the controller came back')
        (shots / 'recording-again').touch()
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
        assert c.execute('SELECT state FROM session').fetchall() == [('ended',)]
