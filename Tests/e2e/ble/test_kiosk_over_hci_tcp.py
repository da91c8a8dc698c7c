"""The kiosk itself on Bluetooth: a coach pairs a strap the club has never seen by
tapping a player and then the strap the scan found, starts a session, and the tiles
and the database carry exactly what the emulated straps sent."""
import json
import sqlite3
import subprocess

from sideline_testkit.kiosk import open_settings
from sideline_testkit.radio.straps import address
from sideline_testkit.recording import is_subsequence
from sideline_testkit.roster import import_roster
from sideline_testkit.waiting import wait_until
from sideline_testkit.sqlite_records import readings_table


def test_pair_a_new_strap_and_record_a_session(radio, sideline, tmp_path):
    port, sent_log = radio([{'rr': 1, 'body_location': 2, 'manufacturer': 'Polar Electro Oy'}, {'rr': 1}, {'rr': 1}])
    db = tmp_path / 'kiosk.sqlite'
    # Ada wears strap 1 already (a wrist sensor, it says); Ben has none; straps 2 and 3 are new to the club.
    import_roster(sideline, db, tmp_path, 'BLE', [('Ada', 'One', address(1)), ('Ben', 'Two', '')])
    shots = tmp_path / 'shots'
    script = tmp_path / 'pair.kiosk'
    script.write_text(f'''
        tap "BLE"
        tap "Setup"
        tap "Straps"
        wait until connected "{address(1)}"
        wait until connected "{address(2)}"
        wait until connected "{address(3)}"
        dump scan.json
        screenshot pairing
        tap "Pair Ben Two"
        tap "Strap 2"
        dump paired.json
        tap "Lobby"
        wait until disconnected "{address(3)}"
        dump lobby.json
        # Start takes a strap with a heart rate; connected is not yet streaming.
        wait until streaming "{address(1)}"
        wait until streaming "{address(2)}"
        tap "Start"
        wait until signal
        # The test says when both players have four samples stored.
        wait for "recorded"
        dump live.json
        tap "Stop"
        tap "Stop"
        tap "Skip recovery"
        tap "Save"
        expect screen review
        tap "Lobby"
        tap "Teams"
        {open_settings()}
        tap "Straps"
        dump straps.json
        screenshot strap-list
    ''')
    kiosk = subprocess.Popen([sideline, '--headless', '--size', '800x480', '--script', str(script),
                              '--screenshots', str(shots), '--db', str(db),
                              '--source', f'hci-tcp:127.0.0.1:{port}'],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_until(lambda: min(samples_per_player(db, ('Ada', 'Ben'))) >= 4, timeout=60, what='four samples of each player stored')
        (shots / 'recorded').touch()
        _, stderr = kiosk.communicate(timeout=120)
    finally:
        kiosk.kill()
    assert kiosk.returncode == 0, stderr

    scan = json.loads((shots / 'scan.json').read_text())
    assert scan['screen'] == 'teamSetup'
    assert scan['source'] == f'Bluetooth hci-tcp:127.0.0.1:{port}'
    with sqlite3.connect(db) as c:
        straps = dict(c.execute('SELECT address, name FROM strap').fetchall())
    assert straps == {address(1): straps[address(1)], address(2): 'Strap 2', address(3): 'Strap 3'}, \
        'the scan remembered both new straps under their advertised names'

    paired = json.loads((shots / 'paired.json').read_text())
    ben = next(p for p in paired['roster'] if p['name'] == 'Ben Two')
    with sqlite3.connect(db) as c:
        strap2 = c.execute('SELECT id FROM strap WHERE address = ?', (address(2),)).fetchone()[0]
        assert ben['strapID'] == strap2
        assert c.execute('SELECT strap.address FROM membership JOIN strap ON strap.id = membership.strap_id '
                         'JOIN player ON player.id = membership.player_id WHERE player.first_name = ?',
                         ('Ben',)).fetchone() == (address(2),), 'the pairing is stored as Ben\'s default strap'

    # While pairing every strap heard is connected; back in the lobby only the team's stay.
    links = {s['address']: s['link'] for s in scan['straps']}
    assert links == {address(1): 'connected', address(2): 'connected', address(3): 'connected'}, links
    links = {s['address']: s['link'] for s in json.loads((shots / 'lobby.json').read_text())['straps']}
    assert links == {address(1): 'connected', address(2): 'connected', address(3): 'disconnected'}, links

    # What each strap said of itself on connecting, in the club's strap list.
    strap_list = json.loads((shots / 'straps.json').read_text())['club']['straps']
    listed = {s['address']: (s['bodyLocation'], s['manufacturer']) for s in strap_list}
    assert listed == {address(1): ('wrist', 'Polar Electro Oy'), address(2): ('chest', None), address(3): ('chest', None)}, listed
    # Heard minutes ago, not "never": what the kiosk heard is noted when the list opens.
    assert all(s['lastSeenMs'] is not None and s['battery'] == 90 for s in strap_list), strap_list

    tiles = json.loads((shots / 'live.json').read_text())['live']['tiles']
    assert {t['name'] for t in tiles} == {'Ada One', 'Ben Two'}
    assert all(t['signal'] for t in tiles), tiles

    sent = sent_log()
    with sqlite3.connect(db) as c:
        readings_table(c)
        for first, i in (('Ada', 1), ('Ben', 2)):
            got = [bpm for (bpm,) in c.execute(
                'SELECT bpm FROM sample JOIN player ON player.id = sample.player_id WHERE player.first_name = ? ORDER BY t_ms',
                (first,))]
            notified = [e['bpm'] for e in sent if e['strap'] == address(i) and e['kind'] == 'notify']
            assert len(got) >= 4, (first, got)
            assert is_subsequence(got, notified), (first, got, notified)
        assert c.execute('SELECT state FROM session').fetchall() == [('ended',)]
    # The kiosk has exited: every strap it connected is let go, and scanning is off.
    wait_until(lambda: all(last_link(sent_log(), address(i)) == 'disconnected' for i in (1, 2, 3))
               and [e['enable'] for e in sent_log() if e['kind'] == 'central-scan'][-1:] == [False],
               timeout=5, what='every strap disconnected and scanning off after the kiosk exits')


def samples_per_player(db, firsts):
    """How many samples of the running session each player has in the database so far."""
    try:
        with sqlite3.connect(f'file:{db}?mode=ro', uri=True) as c:
            readings_table(c)
            return [c.execute('SELECT count(*) FROM sample JOIN player ON player.id = player_id WHERE first_name = ?',
                              (first,)).fetchone()[0] for first in firsts]
    except sqlite3.OperationalError:  # busy for a moment
        return [0]


def last_link(log, addr, before=float('inf')):
    """The strap's last link event ('connected' / 'disconnected') logged before `before`, if any."""
    events = [e['kind'] for e in log if e['strap'] == addr and e['kind'] in ('connected', 'disconnected') and e['t'] < before]
    return events[-1] if events else None


def test_switching_between_bluetooth_and_simulated_on_the_settings_screen(radio, sideline, tmp_path):
    port, sent_log = radio([{'rr': 1}])
    db = tmp_path / 'kiosk.sqlite'
    import_roster(sideline, db, tmp_path, 'BLE', [('Ada', 'One', address(1))])
    shots = tmp_path / 'shots'
    script = tmp_path / 'switch.kiosk'
    script.write_text(f'''
        tap "BLE"
        wait until connected "{address(1)}"
        dump bt1.json
        tap "Teams"
        {open_settings()}
        tap "Simulated"
        wait until disconnected "{address(1)}"
        {chr(10).join(f'wait until streaming "SimStrap {i}"' for i in range(1, 13))}
        dump sim.json
        screenshot settings-sim
        tap "Bluetooth"
        tap "‹ Done"
        tap "BLE"
        wait until connected "{address(1)}"
        dump bt2.json
    ''')
    result = subprocess.run([sideline, '--headless', '--script', str(script), '--screenshots', str(shots), '--db', str(db),
                             '--source', f'hci-tcp:127.0.0.1:{port}'], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr

    def dump(name):
        return json.loads((shots / name).read_text())

    def link(d, addr):
        return next(s['link'] for s in d['straps'] if s['address'] == addr)

    bt1, sim, bt2 = dump('bt1.json'), dump('sim.json'), dump('bt2.json')
    assert bt1['source'] == f'Bluetooth hci-tcp:127.0.0.1:{port}' and link(bt1, address(1)) == 'connected'
    assert sim['source'] == '12 simulated straps (seed 7)' and sim['settings']['sensor'] == 'simulated'
    streaming = [s for s in sim['straps'] if s['streaming']]
    assert len(streaming) == 12 and all(s['name'].startswith('SimStrap') for s in streaming), streaming
    assert link(sim, address(1)) == 'disconnected', 'the Bluetooth source was stopped'
    # The strap itself was let go by the switch (its own log), and again when the kiosk exited.
    assert last_link(sent_log(), address(1), before=(shots / 'sim.json').stat().st_mtime) == 'disconnected'
    wait_until(lambda: last_link(sent_log(), address(1)) == 'disconnected', timeout=5, what='strap let go at exit')
    assert bt2['source'] == f'Bluetooth hci-tcp:127.0.0.1:{port}' and bt2['settings']['sensor'] == 'bluetooth'
    assert link(bt2, address(1)) == 'connected', 'the strap reconnects on the reopened controller'
    assert bt2['nowMs'] > sim['nowMs'] > bt1['nowMs'], 'the app clock runs on across switches'
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT value FROM setting WHERE key = 'kiosk.sensor'").fetchone() == ('bluetooth',)
