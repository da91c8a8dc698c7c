"""A kiosk told to use a controller that is not there yet — a board whose Bluetooth dongle is
plugged in later, or whose driver comes up after the service — comes up anyway on the team
picker, says so on every screen, keeps trying, and uses the controller once it is there. It used
to exit at once ("cannot connect"), and under systemd that meant a restart every few seconds with
nothing on screen.

The test and the kiosk script take turns by conditions (see test_controller_comes_back.py)."""
import socket
import subprocess

from sideline_testkit.radio.straps import address
from sideline_testkit.roster import import_roster


def test_a_controller_not_there_at_start_is_waited_for_then_used(radio, sideline, tmp_path, wait_for_json):
    with socket.socket() as s:  # a port nothing listens on yet
        s.bind(('127.0.0.1', 0))
        port = s.getsockname()[1]
    label = f'hci-tcp:127.0.0.1:{port}'
    db = tmp_path / 'kiosk.sqlite'
    import_roster(sideline, db, tmp_path, 'BLE', [('Ada', 'One', address(1))])
    shots = tmp_path / 'shots'
    script = tmp_path / 'later.kiosk'
    script.write_text('''
        wait until problem
        dump waiting.json
        screenshot waiting-for-the-controller
        # The test starts the controller now.
        wait until no problem
        tap "BLE"
        wait until streaming
        dump streaming.json
    ''')
    kiosk = subprocess.Popen([sideline, '--headless', '--script', str(script), '--screenshots', str(shots),
                              '--db', str(db), '--source', label],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        waiting = wait_for_json(shots / 'waiting.json')
        radio([{'rr': 1}], port=port)
        streaming = wait_for_json(shots / 'streaming.json')
        _, stderr = kiosk.communicate(timeout=60)
    finally:
        kiosk.kill()
    assert kiosk.returncode == 0, stderr

    assert waiting['screen'] == 'teamPicker', waiting['screen']
    assert waiting['sourceProblem'] == f'Bluetooth {label} not available, retrying', waiting['sourceProblem']
    assert streaming['sourceProblem'] is None
    assert [(r['link'], r['streaming']) for r in streaming['straps']] == [('connected', True)], streaming['straps']
    # One line when it was not there (with why), one when it came; never one per retry.
    lines = [l for l in stderr.splitlines() if label in l]
    assert len(lines) == 2, stderr
    assert lines[0].startswith(f'sideline: {label}: not available (cannot connect (') and lines[0].endswith('retrying'), stderr
    assert lines[1] == f'sideline: {label}: available', stderr
