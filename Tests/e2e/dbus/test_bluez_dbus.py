"""`sideline record/scan --source bluez:hci0` against python-dbusmock's bluez5 template on a
private bus (no bluetoothd can run here): values exact through `sideline export`, nothing
invented; and the one-line errors for no bus, no bluetoothd, no adapter, powered off.

Nothing here waits on the clock. `record --progress` says each event it takes ('heard ADDRESS
bpm N'): a value is sent once the one before it was taken (so each has its own moment, as a
strap's do), and Ctrl-C ends the session once the last one was (what is taken is kept). The
mock's call log and properties say what Sideline asked bluetoothd for (StartNotify, Connect)."""
import csv
import itertools
import os
import sqlite3
import subprocess
from collections import defaultdict

import dbusmock
import pytest

from sideline_testkit.bluez_mock import MockBluez, measurement, polar_broadcast
from sideline_testkit.processes import WatchedProcess
from sideline_testkit.roster import import_roster, wearers
from sideline_testkit.waiting import wait_until

A1, A2, A3 = 'F0:00:00:00:0D:01', 'F0:00:00:00:0D:02', 'F0:00:00:00:0D:03'


def env_for(address):
    env = dict(os.environ)
    env['SIDELINE_DBUS_ADDRESS'] = address
    return env


def start_kiosk(sideline_bin, db, script, shots, bus_address):
    """The kiosk, headless on bluez:hci0 through the mock's bus, playing `script` (a file)."""
    return subprocess.Popen([sideline_bin, '--headless', '--script', str(script), '--screenshots', str(shots),
                             '--db', str(db), '--source', 'bluez:hci0'],
                            env=env_for(bus_address), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def pairing_list_connects(bluez, shots, device, chars, wait_for_json):
    """Once the kiosk's script has opened the pairing list (dumped open.json): the strap advertises
    until the kiosk connects it (bluetoothd relays each advertisement as an RSSI change; the
    pairing screen may turn discovery on a frame after open.json), and the kiosk subscribes."""
    wait_for_json(shots / 'open.json')
    wait_until(lambda: bluez.advertise(device, rssi=-48) or bluez.calls(device, 'Connect'), timeout=15,
               what='the kiosk connecting the strap it heard')
    assert bluez.wait_notifying([chars['hr']]), 'the kiosk never subscribed to the strap it heard'


def import_team(sideline_bin, db, tmp_path, addresses):
    import_roster(sideline_bin, db, tmp_path, 'BZ', wearers(addresses), sex='M', weight_kg=70)


def import_player_without_strap(sideline_bin, db, tmp_path):
    """Team BZ with one player, Ada One, who has no strap yet."""
    roster = tmp_path / 'roster.csv'
    roster.write_text('number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap\n1,Ada,One,2000,F,60,50,,\n')
    subprocess.run([sideline_bin, 'import-roster', str(roster), '--team', 'BZ', '--db', str(db)],
                   check=True, capture_output=True, text=True, timeout=60)


RECORDING = []


@pytest.fixture(autouse=True)
def no_recorder_left():
    """A test that fails before its Ctrl-C leaves no recorder running."""
    yield
    while RECORDING:
        RECORDING.pop().proc.kill()


def start_record(sideline_bin, db, address, *extra):
    """`record --progress`, planned far longer than any test: each test ends it with Ctrl-C once
    what it checks has been taken."""
    RECORDING.append(WatchedProcess([sideline_bin, 'record', '--db', str(db), '--source', 'bluez:hci0', '--team', 'BZ',
                                     '--minutes', '5', '--quiet', '--progress', *extra], env=env_for(address)))
    return RECORDING[-1]


def export(sideline_bin, db, tmp_path):
    out = tmp_path / 'out'
    subprocess.run([sideline_bin, 'export', '--db', str(db), '--session', '1', '--format', 'csv', '--out', str(out)],
                   check=True, capture_output=True, text=True, timeout=60)
    samples = defaultdict(list)
    for row in csv.DictReader(open(next(out.glob('*_samples.csv')))):
        samples[row['strap']].append(row)
    rr = defaultdict(list)
    for row in csv.DictReader(open(next(out.glob('*_rr.csv')))):
        rr[int(row['shirt_number'])].append(int(row['rr_1024']))
    return samples, rr


def finish(proc):
    """Ctrl-C: the session ends and keeps everything taken so far."""
    proc.interrupt()
    code, out, err = proc.finish()
    assert code == 0, f'record failed ({code}): {err}'
    return out, err


def heard(proc, address, what):
    """Waits until `record --progress` has taken this event (e.g. 'bpm 120') from the strap."""
    proc.wait_for_line(f'heard {address} {what}')


def test_record_connected_straps_values_exact(bluez, sideline_bin, tmp_path):
    db = tmp_path / 'bz.sqlite'
    dev1, chars1 = bluez.add_strap(A1, 'Polar H10 A1', battery=87, battery_notify=True)
    dev2, chars2 = bluez.add_strap(A2, 'Generic HR A2', battery=None)
    import_team(sideline_bin, db, tmp_path, [A1, A2])
    proc = start_record(sideline_bin, db, bluez.address)
    assert bluez.wait_notifying([chars1['hr'], chars2['hr']]), 'sideline never called StartNotify on both straps'
    heard(proc, A1, 'battery 87')  # read on connect, before the notified level below
    sent = {A1: [], A2: []}
    for k in range(10):
        m1 = dict(bpm=120 + k, rr=[800 + k, 810 + k], contact=True)
        m2 = dict(bpm=300 + k, energy=1000 + k, rr=[], contact=(k % 2 == 0))  # uint16 bpm, energy, contact flips
        bluez.set_value(chars1['hr'], measurement(**m1))
        bluez.set_value(chars2['hr'], measurement(**m2))
        sent[A1].append(m1)
        sent[A2].append(m2)
        if k == 5:
            bluez.set_value(chars1['battery'], bytes([80]))
            heard(proc, A1, 'battery 80')
        heard(proc, A1, f'bpm {m1["bpm"]}')
        heard(proc, A2, f'bpm {m2["bpm"]}')
    bluez.set_value(chars1['hr'], b'\x10\x50\x01')  # malformed: RR flag with an odd RR byte count
    last = dict(bpm=130, rr=[], contact=True)  # taken after the malformed one: that one has been judged
    bluez.set_value(chars1['hr'], measurement(**last))
    sent[A1].append(last)
    heard(proc, A1, 'bpm 130')
    out, _ = finish(proc)
    assert ', 1 malformed (discarded)' in out, out
    samples, rr = export(sideline_bin, db, tmp_path)
    # Values exact, in order, none lost (the mock bus is lossless), nothing invented.
    assert [int(r['bpm']) for r in samples[A1]] == [m['bpm'] for m in sent[A1]]
    assert [int(r['bpm']) for r in samples[A2]] == [m['bpm'] for m in sent[A2]]
    assert {r['contact'] for r in samples[A1]} == {'yes'}
    assert [r['contact'] for r in samples[A2]] == ['yes' if m['contact'] else 'no' for m in sent[A2]]
    assert [r['energy_kj'] for r in samples[A2]] == [str(m['energy']) for m in sent[A2]]
    assert all(r['energy_kj'] == '' for r in samples[A1])
    # Every RR sent, but a beat of the first packet that ended before the session began: not the session's
    # (SessionRecording; the club refuses a row before time zero). The packets come faster than their beats,
    # so only the first one is anchored on its arrival.
    sent_rr = [v for m in sent[A1] for v in m['rr']]
    before_start = len(sent_rr) - len(rr[1])
    assert 0 <= before_start <= len(sent[A1][0]['rr']), (rr[1], sent_rr)
    assert sorted(rr[1]) == sorted(sent_rr[before_start:])
    assert rr[2] == []
    # Battery: read on connect (87), then notified (80); the strap without a battery service has none.
    con = sqlite3.connect(db)
    levels = con.execute("""SELECT s.address, e.value FROM strap_event e JOIN strap s ON s.id = e.strap_id
                            WHERE e.kind = 'battery' ORDER BY e.t_ms""").fetchall()
    assert [v for a, v in levels if a == A1] == [87, 80]
    assert not [v for a, v in levels if a == A2]


def test_reconnects_after_disconnect(bluez, sideline_bin, tmp_path):
    db = tmp_path / 'bz.sqlite'
    dev, chars = bluez.add_strap(A1, 'Polar H10 A1', battery=None)
    import_team(sideline_bin, db, tmp_path, [A1])
    proc = start_record(sideline_bin, db, bluez.address)
    assert bluez.wait_notifying([chars['hr']])
    bluez.set_value(chars['hr'], measurement(101))
    heard(proc, A1, 'bpm 101')
    # The strap walks away: bluetoothd drops the link; Notifying goes off with it.
    bluez.obj(chars['hr']).UpdateProperties('org.bluez.GattCharacteristic1', {'Notifying': False},
                                            dbus_interface='org.freedesktop.DBus.Mock')
    bluez.obj(dev).Disconnect(dbus_interface='org.bluez.Device1')
    bluez.advertise(dev, rssi=-60)  # heard again
    assert bluez.wait_notifying([chars['hr']], timeout=8), 'sideline did not reconnect and resubscribe'
    bluez.set_value(chars['hr'], measurement(102))
    heard(proc, A1, 'bpm 102')
    finish(proc)
    samples, _ = export(sideline_bin, db, tmp_path)
    assert [int(r['bpm']) for r in samples[A1]] == [101, 102]


def test_a_value_bluetoothd_renews_before_our_subscription_is_kept(bluez, sideline_bin, tmp_path):
    """bluetoothd keeps a notification session across a reconnect and enables the strap's
    notifications itself once it is back, before Sideline's StartNotify (seen on the real stack
    after a power cycle): the value it reports then is recorded, not dropped."""
    db = tmp_path / 'bz.sqlite'
    dev, chars = bluez.add_strap(A1, 'Polar H10 A1', battery=None)
    import_team(sideline_bin, db, tmp_path, [A1])
    proc = start_record(sideline_bin, db, bluez.address)
    assert bluez.wait_notifying([chars['hr']])
    bluez.set_value(chars['hr'], measurement(101))
    device = bluez.obj(dev)
    connects = len(bluez.calls(dev, 'Connect'))
    bluez.obj(chars['hr']).UpdateProperties('org.bluez.GattCharacteristic1', {'Notifying': False},
                                            dbus_interface=dbusmock.MOCK_IFACE)
    device.UpdateProperties('org.bluez.Device1', {'ServicesResolved': False}, dbus_interface=dbusmock.MOCK_IFACE)
    device.Disconnect(dbus_interface='org.bluez.Device1')
    bluez.advertise(dev, rssi=-60)
    wait_until(lambda: len(bluez.calls(dev, 'Connect')) > connects, timeout=10, what='a Connect again')
    bluez.set_value(chars['hr'], measurement(102))  # services not resolved again yet: no StartNotify from sideline
    device.UpdateProperties('org.bluez.Device1', {'ServicesResolved': True}, dbus_interface=dbusmock.MOCK_IFACE)
    assert bluez.wait_notifying([chars['hr']], timeout=8), 'sideline did not resubscribe'
    bluez.set_value(chars['hr'], measurement(103))
    heard(proc, A1, 'bpm 103')
    finish(proc)
    samples, _ = export(sideline_bin, db, tmp_path)
    assert [int(r['bpm']) for r in samples[A1]] == [101, 102, 103]


def test_a_battery_exported_after_the_subscription_is_read(bluez, sideline_bin, tmp_path):
    """bluetoothd's signals can come in any order (seen on the real stack): a Battery Level
    characteristic that appears after the heart rate was subscribed is read then."""
    db = tmp_path / 'bz.sqlite'
    dev, chars = bluez.add_strap(A1, 'Polar H10 A1', battery=None)
    import_team(sideline_bin, db, tmp_path, [A1])
    proc = start_record(sideline_bin, db, bluez.address)
    assert bluez.wait_notifying([chars['hr']])
    bluez._add_service(dev + '/service0010', dev, 0x180F)
    bluez._add_char(dev + '/service0010/char0011', dev + '/service0010', 0x2A19, ['read'], bytes([73]))
    bluez.announce(dev + '/service0010', 'org.bluez.GattService1')
    bluez.announce(dev + '/service0010/char0011', 'org.bluez.GattCharacteristic1')
    heard(proc, A1, 'battery 73')
    finish(proc)
    levels = sqlite3.connect(db).execute("SELECT e.value FROM strap_event e WHERE e.kind = 'battery'").fetchall()
    assert levels == [(73,)]


def test_broadcast_with_stale_rejection(bluez, sideline_bin, tmp_path):
    db = tmp_path / 'bz.sqlite'
    dev, _ = bluez.add_strap(A3, 'Polar H9 A3', battery=None)
    # bluetoothd already holds an advertisement of unknown age: it says the strap broadcasts,
    # but is no reading (and the same frame again is stale).
    bluez.advertise(dev, manufacturer=polar_broadcast(69, 0), rssi=-50)
    import_team(sideline_bin, db, tmp_path, [A3])
    proc = start_record(sideline_bin, db, bluez.address, '--broadcast', 'always')
    bluez.wait_discovering_started()  # the first frame was in the objects it read; this one is news, and stale
    bluez.advertise(dev, manufacturer=polar_broadcast(69, 0), rssi=-51)
    frames = [(70, 1, True), (71, 2, True), (71, 2, True),   # a repeat of the same frame is stale
              (72, 3, False),                               # strap taken off: no contact
              (73, 4, True), (74, 5, True), (74, 5, True),
              (75, 6, True)]                                # taken after every frame before it was judged
    for bpm, counter, contact in frames:
        bluez.advertise(dev, manufacturer=polar_broadcast(bpm, counter, contact), rssi=-50 - counter)
    heard(proc, A3, 'bpm 75')
    finish(proc)
    samples, _ = export(sideline_bin, db, tmp_path)
    assert [int(r['bpm']) for r in samples[A3]] == [70, 71, 73, 74, 75]
    assert not bluez.notifying(bluez.obj(dev).object_path + '/service000c/char000d'), 'broadcast straps are not connected'


def test_a_remembered_strap_is_heard_before_it_is_connected_when_broadcasts_are_read(bluez, sideline_bin, tmp_path):
    """bluetoothd keeps a strap it was once asked to connect, with no advertisement data: under
    `--broadcast always` it may yet be one to read from its broadcasts, so it is heard first."""
    db = tmp_path / 'bz.sqlite'
    dev, _ = bluez.add_strap(A3, 'Polar H9 A3', battery=None, remembered=True)
    import_team(sideline_bin, db, tmp_path, [A3])
    proc = start_record(sideline_bin, db, bluez.address, '--broadcast', 'always')
    bluez.wait_discovering_started()
    for bpm, counter in ((80, 1), (81, 2)):
        bluez.advertise(dev, manufacturer=polar_broadcast(bpm, counter), rssi=-50 - counter)
    heard(proc, A3, 'bpm 81')
    finish(proc)
    samples, _ = export(sideline_bin, db, tmp_path)
    assert [int(r['bpm']) for r in samples[A3]] == [80, 81]
    assert not bluez.calls(dev, 'Connect'), 'a strap read from its broadcasts was asked to connect'


def test_scan_lists_straps(bluez, sideline_bin, tmp_path):
    dev, _ = bluez.add_strap(A1, 'Polar H10 A1', battery=None)
    proc = subprocess.Popen([sideline_bin, 'scan', '--source', 'bluez:hci0', '--seconds', '2'],
                            env=env_for(bluez.address), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # StartDiscovery is called before the 2 s listening window opens: the advertisement comes within it.
    bluez.wait_discovering_started()
    bluez.advertise(dev, manufacturer=polar_broadcast(77, 1), rssi=-42)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    line = next(l for l in out.splitlines() if l.startswith(A1))
    assert '-42' in line and 'Polar H10 A1' in line and '77' in line
    assert '1 strap(s)' in out


def run_error(sideline_bin, address, tmp_path, source='bluez:hci0'):
    r = subprocess.run([sideline_bin, 'scan', '--source', source, '--seconds', '1'],
                       env=env_for(address), capture_output=True, text=True, timeout=30)
    assert r.returncode != 0
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    return lines[0]


def test_error_no_bus(sideline_bin, tmp_path):
    line = run_error(sideline_bin, f'unix:path={tmp_path}/no-bus-here', tmp_path)
    assert 'cannot reach the D-Bus system bus' in line and 'SIDELINE_DBUS_ADDRESS' in line


def test_error_no_bluetoothd(sideline_bin, tmp_path):
    mock = MockBluez(with_bluez=False)
    try:
        line = run_error(sideline_bin, mock.address, tmp_path)
    finally:
        mock.close()
    assert 'bluetoothd is not running' in line and 'systemctl start bluetooth' in line


def test_error_adapter_missing_and_powered_off(bluez, sideline_bin, tmp_path):
    line = run_error(sideline_bin, bluez.address, tmp_path, source='bluez:hci1')
    assert 'no adapter hci1' in line and 'hci0' in line
    bluez.add_adapter('hci2', powered=False)
    line = run_error(sideline_bin, bluez.address, tmp_path, source='bluez:hci2')
    assert 'hci2 is powered off' in line and 'bluetoothctl power on' in line


def test_error_permission_denied(sideline_bin, tmp_path):
    mock = MockBluez(deny_member='GetManagedObjects')
    try:
        mock.add_adapter('hci0')
        line = run_error(sideline_bin, mock.address, tmp_path)
    finally:
        mock.close()
    assert 'permission denied by the D-Bus policy' in line and 'bluetooth group' in line


def test_bluetoothd_restart(bluez, sideline_bin, tmp_path):
    """bluetoothd goes away mid-session and comes back with fresh objects: Sideline starts over on its own."""
    db = tmp_path / 'bz.sqlite'
    _, chars = bluez.add_strap(A1, 'Polar H10 A1', battery=None)
    import_team(sideline_bin, db, tmp_path, [A1])
    proc = start_record(sideline_bin, db, bluez.address)
    assert bluez.wait_notifying([chars['hr']])
    bluez.set_value(chars['hr'], measurement(111))
    heard(proc, A1, 'bpm 111')
    bluez.restart_bluetoothd()
    bluez.add_adapter('hci0')
    _, chars = bluez.add_strap(A1, 'Polar H10 A1', battery=None)
    assert bluez.wait_notifying([chars['hr']], timeout=10), 'sideline did not come back after bluetoothd restarted'
    bluez.set_value(chars['hr'], measurement(112))
    heard(proc, A1, 'bpm 112')
    _, err = finish(proc)
    assert 'bluetoothd stopped or restarted' in err
    samples, _ = export(sideline_bin, db, tmp_path)
    assert [int(r['bpm']) for r in samples[A1]] == [111, 112]


def test_kiosk_pairs_a_strap_it_never_saw_through_bluetoothd(bluez, sideline_bin, tmp_path, wait_for_json):
    """The kiosk on bluez:hci0: the pairing screen hears a strap bluetoothd reports, stores it
    under its name, connects it and shows its heart rate; two taps pair it."""
    db = tmp_path / 'bz.sqlite'
    import_player_without_strap(sideline_bin, db, tmp_path)
    dev, chars = bluez.add_strap(A1, 'Polar H10 A1', battery=64)
    shots = tmp_path / 'shots'
    script = tmp_path / 'pair.kiosk'
    script.write_text('''
        tap "BZ"
        tap "Setup"
        tap "Straps"
        dump open.json
        wait until streaming "Polar H10 A1"
        dump heard.json
        tap "Pair Ada One"
        tap "Polar H10 A1"
        dump paired.json
    ''')
    kiosk = start_kiosk(sideline_bin, db, script, shots, bluez.address)
    try:
        pairing_list_connects(bluez, shots, dev, chars, wait_for_json)
        bluez.set_value(chars['hr'], measurement(bpm=90))  # the script waits until it streams
        _, err = kiosk.communicate(timeout=60)
    finally:
        kiosk.kill()
    assert kiosk.returncode == 0, err
    heard = wait_for_json(shots / 'heard.json')
    strap = next(s for s in heard['straps'] if s['address'] == A1)
    assert strap['name'] == 'Polar H10 A1' and strap['link'] == 'connected' and strap['streaming'], strap
    paired = wait_for_json(shots / 'paired.json')
    con = sqlite3.connect(db)
    strap_id, = con.execute('SELECT id FROM strap WHERE address = ?', (A1,)).fetchone()
    assert next(p for p in paired['roster'] if p['name'] == 'Ada One')['strapID'] == strap_id
    assert con.execute('SELECT strap_id FROM membership').fetchone() == (strap_id,)


def test_adapter_powered_off_and_on_is_recovered(bluez, sideline_bin, tmp_path):
    """`bluetoothctl power off`, then on, while bluetoothd runs on: Sideline says so, starts its
    discovery again (bluetoothd dropped it with the power) and reconnects the strap."""
    db = tmp_path / 'bz.sqlite'
    dev, chars = bluez.add_strap(A1, 'Polar H10 A1', battery=None)
    import_team(sideline_bin, db, tmp_path, [A1])
    proc = start_record(sideline_bin, db, bluez.address)
    assert bluez.wait_notifying([chars['hr']])
    starts = len(bluez.calls('/org/bluez/hci0', 'StartDiscovery'))
    bluez.set_value(chars['hr'], measurement(121))
    heard(proc, A1, 'bpm 121')
    bluez.drop_link(dev, [chars['hr']])
    bluez.set_powered(False)
    proc.wait_for(lambda l: 'hci0 is powered off' in l, 'the power-off told', stream='err')
    bluez.set_powered(True)
    bluez.obj(dev).UpdateProperties('org.bluez.Device1', {'ServicesResolved': True}, dbus_interface='org.freedesktop.DBus.Mock')
    bluez.advertise(dev, rssi=-55)
    assert bluez.wait_notifying([chars['hr']], timeout=8), 'the strap was not reconnected after power on'
    assert len(bluez.calls('/org/bluez/hci0', 'StartDiscovery')) > starts, 'discovery was not started again after power on'
    bluez.set_value(chars['hr'], measurement(122))
    heard(proc, A1, 'bpm 122')
    _, err = finish(proc)
    assert 'hci0 is powered off' in err and 'hci0 is back' in err, err
    samples, _ = export(sideline_bin, db, tmp_path)
    assert [int(r['bpm']) for r in samples[A1]] == [121, 122]


def test_kiosk_shows_a_lost_adapter_until_it_is_back(bluez, sideline_bin, tmp_path, wait_for_json):
    """hci0 pulled while the kiosk runs on bluez:hci0 (bluetoothd removes the adapter and its
    devices): the coach's red line says so; plugged back, the line goes and the strap streams again."""
    db = tmp_path / 'bz.sqlite'
    dev, chars = bluez.add_strap(A1, 'Polar H10 A1', battery=None)
    import_team(sideline_bin, db, tmp_path, [A1])
    shots = tmp_path / 'shots'
    script = tmp_path / 'replug.kiosk'
    script.write_text('''
        tap "BZ"
        wait until connected
        dump before.json
        # The test pulls the adapter once before.json is written.
        wait until problem
        dump lost.json
        # It plugs it back and the strap streams again.
        wait until no problem
        wait until streaming
        dump back.json
    ''')
    kiosk = start_kiosk(sideline_bin, db, script, shots, bluez.address)
    try:
        assert bluez.wait_notifying([chars['hr']]), 'the kiosk never subscribed'
        wait_for_json(shots / 'before.json')
        bluez.root.RemoveAdapterWithDevices('hci0', dbus_interface='org.bluez.Mock')
        wait_for_json(shots / 'lost.json')
        bluez.add_adapter('hci0')
        dev, chars = bluez.add_strap(A1, 'Polar H10 A1', battery=None)
        bluez.advertise(dev, rssi=-50)
        assert bluez.wait_notifying([chars['hr']], timeout=8), 'the strap was not reconnected on the returned adapter'
        assert bluez.discovering(), 'discovery was not started on the returned adapter'
        bluez.set_value(chars['hr'], measurement(131))  # the script waits until it streams
        _, err = kiosk.communicate(timeout=60)
    finally:
        kiosk.kill()
    assert kiosk.returncode == 0, err
    assert wait_for_json(shots / 'lost.json')['sourceProblem'] == 'Bluetooth hci0 lost, retrying'
    back = wait_for_json(shots / 'back.json')
    assert back['sourceProblem'] is None
    assert next(s for s in back['straps'] if s['address'] == A1)['link'] == 'connected'
    assert next(s for s in back['straps'] if s['address'] == A1)['streaming']
    assert 'hci0 is gone' in err and 'hci0 is back' in err, err


def test_kiosk_shows_a_powered_off_adapter_until_it_is_on(bluez, sideline_bin, tmp_path, wait_for_json):
    """`bluetoothctl power off` while the kiosk runs on bluez:hci0: the coach's red line says the
    adapter is off; powered on, the line goes and the strap streams again."""
    db = tmp_path / 'bz.sqlite'
    dev, chars = bluez.add_strap(A1, 'Polar H10 A1', battery=None)
    import_team(sideline_bin, db, tmp_path, [A1])
    shots = tmp_path / 'shots'
    script = tmp_path / 'power.kiosk'
    script.write_text('''
        tap "BZ"
        wait until connected
        dump before.json
        # The test powers the adapter off once before.json is written.
        wait until problem
        dump off.json
        # It powers it on again and the strap streams.
        wait until no problem
        wait until streaming
        dump on.json
    ''')
    kiosk = start_kiosk(sideline_bin, db, script, shots, bluez.address)
    try:
        assert bluez.wait_notifying([chars['hr']]), 'the kiosk never subscribed'
        wait_for_json(shots / 'before.json')
        bluez.drop_link(dev, [chars['hr']])
        bluez.set_powered(False)
        off = wait_for_json(shots / 'off.json')
        bluez.set_powered(True)
        bluez.obj(dev).UpdateProperties('org.bluez.Device1', {'ServicesResolved': True}, dbus_interface=dbusmock.MOCK_IFACE)
        bluez.advertise(dev, rssi=-55)
        assert bluez.wait_notifying([chars['hr']], timeout=8), 'the strap was not reconnected after power on'
        bluez.set_value(chars['hr'], measurement(133))  # the script waits until it streams
        _, err = kiosk.communicate(timeout=60)
    finally:
        kiosk.kill()
    assert kiosk.returncode == 0, err
    assert off['sourceProblem'] == 'Bluetooth hci0 off, retrying', off['sourceProblem']
    on = wait_for_json(shots / 'on.json')
    assert on['sourceProblem'] is None
    assert next(s for s in on['straps'] if s['address'] == A1)['streaming']


def test_kiosk_waits_for_an_adapter_not_there_at_start(sideline_bin, tmp_path, wait_for_json):
    """bluetoothd runs but hci0 is not there yet when the kiosk starts (a board whose dongle or
    driver comes later): the kiosk comes up anyway and says so, and uses the adapter once it is
    there. It used to exit "no adapter hci0" and, under systemd, restart every few seconds."""
    mock = MockBluez()  # no adapter
    try:
        db = tmp_path / 'bz.sqlite'
        import_team(sideline_bin, db, tmp_path, [A1])
        shots = tmp_path / 'shots'
        script = tmp_path / 'later.kiosk'
        script.write_text('''
            wait until problem
            dump waiting.json
            # The test adds the adapter and the strap now.
            wait until no problem
            tap "BZ"
            wait until streaming
            dump streaming.json
        ''')
        kiosk = start_kiosk(sideline_bin, db, script, shots, mock.address)
        try:
            waiting = wait_for_json(shots / 'waiting.json')
            mock.add_adapter('hci0')
            dev, chars = mock.add_strap(A1, 'Polar H10 A1', battery=None)
            mock.advertise(dev, rssi=-50)
            assert mock.wait_notifying([chars['hr']], timeout=20), 'the kiosk never subscribed once the adapter was there'
            mock.set_value(chars['hr'], measurement(127))  # the script waits until it streams
            _, err = kiosk.communicate(timeout=60)
        finally:
            kiosk.kill()
    finally:
        mock.close()
    assert kiosk.returncode == 0, err
    assert waiting['screen'] == 'teamPicker'
    assert waiting['sourceProblem'] == 'Bluetooth bluez:hci0 not available, retrying', waiting['sourceProblem']
    lines = [l for l in err.splitlines() if 'bluez:hci0' in l]
    assert len(lines) == 2 and 'not available (' in lines[0] and 'no adapter hci0' in lines[0], err
    assert 'back on bluetoothd' in lines[1], err
    streaming = wait_for_json(shots / 'streaming.json')
    assert streaming['sourceProblem'] is None
    assert next(s for s in streaming['straps'] if s['address'] == A1)['streaming']


def test_services_are_judged_only_once_resolved(bluez, sideline_bin, tmp_path):
    """A device whose services bluetoothd resolved without Heart Rate is named for what it is, at
    once; one whose services never resolve is not blamed for a missing characteristic."""
    db = tmp_path / 'bz.sqlite'
    bluez.add_strap(A1, 'Battery Only A1', battery=90, heart_rate=False)
    bluez.add_strap(A2, 'Slow A2', battery=None, resolved=False)
    import_team(sideline_bin, db, tmp_path, [A1, A2])
    proc = start_record(sideline_bin, db, bluez.address)
    proc.wait_for(lambda l: f'{A1} offers no Heart Rate service (its services: 0x180F)' in l, 'A1 judged', stream='err')
    # A2 is judged once the resolve timeout (10 s) has passed; a wrong judgement (a missing
    # characteristic) would have been said before, when it was connected.
    proc.wait_for(lambda l: f"bluetoothd has not resolved or exported {A2}'s services" in l, 'A2 judged', timeout=40, stream='err')
    _, err = finish(proc)
    assert 'Measurement characteristic' not in err, err


def test_adapter_back_unpowered_then_powered_reconnects_every_strap(bluez, sideline_bin, tmp_path):
    """hci0 unplugged and plugged back under bluetoothd 5.82 (trixie; this order from the VM's
    D-Bus trace): the links down, the adapter unpowered with its PowerState left "on", the straps'
    devices and the adapter removed; then the adapter added back unpowered ("off-enabling") with the
    straps bluetoothd remembers (not heard yet), and only then powered. Sideline says so, starts
    discovery again, connects every strap once discovery hears it, and records each again."""
    db = tmp_path / 'bz.sqlite'
    straps = {address: bluez.add_strap(address, f'Strap {address[-2:]}', battery=None) for address in (A1, A2)}
    import_team(sideline_bin, db, tmp_path, list(straps))
    proc = start_record(sideline_bin, db, bluez.address)
    assert bluez.wait_notifying([chars['hr'] for _, chars in straps.values()]), 'sideline never subscribed to both straps'
    for k, (address, (_, chars)) in enumerate(straps.items()):
        bluez.set_value(chars['hr'], measurement(110 + k))
        heard(proc, address, f'bpm {110 + k}')
    bluez.unplug_adapter(list(straps.values()))
    proc.wait_for(lambda line: 'hci0 is gone' in line, 'the loss told', stream='err')
    bluez.plug_adapter_unpowered()
    back = {address: bluez.add_strap(address, f'Strap {address[-2:]}', battery=None, resolved=False, remembered=True)
            for address in straps}
    bluez.power_on()
    for dev, _ in back.values():
        bluez.advertise(dev, rssi=-50)  # discovery hears each strap again
    wait_until(lambda: all(bluez.calls(dev, 'Connect') for dev, _ in back.values()), 15,
               what='a Connect for every strap on the returned adapter')
    for dev, _ in back.values():
        bluez.announce_services(dev)
    assert bluez.wait_notifying([chars['hr'] for _, chars in back.values()], timeout=15), 'sideline did not resubscribe'
    for k, (address, (_, chars)) in enumerate(back.items()):
        bluez.set_value(chars['hr'], measurement(120 + k))
        heard(proc, address, f'bpm {120 + k}')
    _, err = finish(proc)
    said = [line.split('bluez:hci0: ')[-1] for line in err.splitlines() if 'adapter hci0' in line]
    assert said[-3:] == ['adapter hci0 is gone; waiting for it to come back',
                         'adapter hci0 is powered off; waiting for it to be powered on',
                         'adapter hci0 is back and powered; discovery and connections resumed'], err
    samples, _ = export(sideline_bin, db, tmp_path)
    assert [int(r['bpm']) for r in samples[A1]] == [110, 120] and [int(r['bpm']) for r in samples[A2]] == [111, 121]


def bus_trace(address):
    """dbus-monitor on the mock's bus: every message in the order the bus routed it, as lines
    (seen while the mock itself is busy answering a call)."""
    probe = 'org.sideline.Monitor'
    trace = WatchedProcess(['stdbuf', '-oL', 'dbus-monitor', '--address', address, "destination='org.bluez'",
                            "sender='org.bluez'", f"interface='{probe}'"])
    RECORDING.append(trace)  # killed at the test's end whatever happens

    def listening():  # a signal of our own, sent until the monitor shows it
        subprocess.run(['dbus-send', f'--bus={address}', '--type=signal', '/', f'{probe}.Listening'], timeout=10)
        return any(f'interface={probe}' in line for line in trace.lines['out'])
    wait_until(listening, 10, what='dbus-monitor listening')
    return trace


def calls_to(trace, device, member):
    """The calls of `member` on `device` the bus has routed so far: (line number, sender, serial)."""
    return [(k, line.split(' sender=')[1].split()[0], line.split(' serial=')[1].split()[0])
            for k, line in enumerate(trace.lines['out'])
            if line.startswith('method call') and f'path={device};' in line and line.endswith(f'member={member}')]


def connect_finished_at(trace, device, call):
    """The line number at which the bus routed the first sign that a call of `calls_to` to Connect
    finished: bluetoothd's Connected true for the device (sent before its answer), or the answer."""
    lines, (_, sender, serial) = trace.lines['out'], call
    for k, line in enumerate(lines):
        if line.startswith(('method return', 'error')) and f'-> destination={sender} ' in line \
                and line.endswith(f'reply_serial={serial}'):
            return k
        if line.startswith('signal') and f'path={device};' in line and line.endswith('member=PropertiesChanged'):
            body = [b.strip() for b in itertools.takewhile(lambda b: b.startswith(' '), lines[k + 1:])]
            if any(b == 'string "Connected"' and after.endswith('boolean true') for b, after in zip(body, body[1:])):
                return k
    return None


def test_a_strap_no_longer_wanted_is_let_go_only_once_its_connect_is_answered(bluez, sideline_bin, tmp_path, wait_for_json):
    """The kiosk leaves the pairing list while bluetoothd has not yet answered its Connect for a
    strap heard there: that strap is not wanted any more, but Sideline lets the Connect finish and
    only then disconnects it. A Disconnect sent while the Connect was under way raced the kernel's
    own completion of the link on trixie (6.12): the connect failed, the controller kept the link
    with no host on it, and the strap, connected, stopped advertising and was never heard again."""
    db = tmp_path / 'bz.sqlite'
    import_player_without_strap(sideline_bin, db, tmp_path)
    held, _ = bluez.add_strap(A1, 'Polar H10 A1')
    other, other_chars = bluez.add_strap(A2, 'Polar H10 A2')
    shots = tmp_path / 'shots'
    bluez.hold_connects(held, shots / 'answer')
    script = tmp_path / 'leave.kiosk'
    script.write_text('''
        tap "BZ"
        tap "Setup"
        tap "Straps"
        dump open.json
        wait for "connecting"
        tap "Roster"
        dump left.json
        wait for "done"
    ''')
    trace = bus_trace(bluez.address)
    kiosk = start_kiosk(sideline_bin, db, script, shots, bluez.address)
    try:
        # A strap connected and subscribed on the pairing list: its Disconnect, when the list
        # closes, says that Sideline has taken the new wanted set (none: Ada One has no strap).
        pairing_list_connects(bluez, shots, other, other_chars, wait_for_json)
        bluez.advertise(held, rssi=-50)  # its Connect is held: the mock answers nothing until `answer`
        wait_until(lambda: calls_to(trace, held, 'Connect'), 15, what='a Connect for the second strap')
        (shots / 'connecting').touch()
        wait_for_json(shots / 'left.json')
        wait_until(lambda: calls_to(trace, other, 'Disconnect'), 15, what='the first strap let go with the pairing list')
        (shots / 'answer').touch()
        wait_until(lambda: calls_to(trace, held, 'Disconnect'), 15, what='the second strap let go once connected')
        (shots / 'done').touch()
        _, err = kiosk.communicate(timeout=60)
    finally:
        kiosk.kill()
    assert kiosk.returncode == 0, err
    connect, = calls_to(trace, held, 'Connect')
    finished, (disconnected, _, _) = connect_finished_at(trace, held, connect), calls_to(trace, held, 'Disconnect')[0]
    assert finished is not None and finished < disconnected, 'Disconnect sent while its Connect was under way:\n' + '\n'.join(
        line for line in trace.lines['out'][connect[0]:] if not line.startswith(' '))
