"""How `bluez:hci0` keeps bluetoothd's discovery (issue 32), against python-dbusmock's bluez5
template on a private bus: a strap bluetoothd already knows is connected without being heard and
with no discovery at all; discovery bluetoothd stopped is started again; a scan
reads what a busy bluetoothd held back until the end of its discovery; a scan whose discovery
bluetoothd ended says so; `record` names the straps it never heard.

Each test waits for what Sideline did (the mock's call log, `record --progress`), never on the
clock; the longest wait is Sideline's own threshold (discovery restarted after 10 s without a
device heard while it should run)."""
import subprocess

import dbus
import dbusmock

from sideline_testkit.bluez_mock import ADAPTER, DEVICE, measurement
from sideline_testkit.waiting import wait_until
from test_bluez_dbus import A1, A2, env_for, export, finish, heard, import_team, start_record

HCI0 = '/org/bluez/hci0'


def test_a_strap_bluetoothd_knows_is_connected_unheard_without_discovery(bluez, sideline_bin, tmp_path):
    """bluetoothd holds the strap's device (an earlier discovery's, or kept from before) but sends
    no advertisement for it — as a bluetoothd too busy to send its signals: Sideline connects it all
    the same and records it, and never starts a discovery nothing needs."""
    db = tmp_path / 'bz.sqlite'
    _, chars = bluez.add_strap(A1, 'Strap A1', battery=None)
    import_team(sideline_bin, db, tmp_path, [A1])
    proc = start_record(sideline_bin, db, bluez.address)
    assert bluez.wait_notifying([chars['hr']]), 'the known strap was never subscribed'
    bluez.set_value(chars['hr'], measurement(bpm=111))
    heard(proc, A1, 'bpm 111')
    assert not bluez.calls(HCI0, 'StartDiscovery') and not bluez.discovering()
    out, _ = finish(proc)
    samples, _ = export(sideline_bin, db, tmp_path)
    assert [int(r['bpm']) for r in samples[A1]] == [111]
    assert 'never heard' not in out, out


def test_discovery_that_bluetoothd_stopped_is_started_again(bluez, sideline_bin, tmp_path):
    """A wanted strap bluetoothd does not know yet needs discovery; when bluetoothd says it is not
    discovering any more (another client's stop, an adapter reset) Sideline stops and starts its
    own again, and the strap, found then, is recorded."""
    db = tmp_path / 'bz.sqlite'
    import_team(sideline_bin, db, tmp_path, [A1])
    proc = start_record(sideline_bin, db, bluez.address)
    bluez.wait_discovering_started()
    bluez.obj(HCI0).UpdateProperties(ADAPTER, {'Discovering': dbus.Boolean(False)}, dbus_interface=dbusmock.MOCK_IFACE)
    wait_until(lambda: len(bluez.calls(HCI0, 'StartDiscovery')) >= 2, timeout=30,
               what='discovery started again after bluetoothd stopped it')
    assert bluez.calls(HCI0, 'StopDiscovery'), 'a restart stops first, so bluetoothd starts afresh'
    # Found now: bluetoothd announces the device, and its services once Sideline has connected it.
    dev, chars = bluez.add_strap(A1, 'Strap A1', battery=None)
    bluez.announce(dev, DEVICE)
    wait_until(lambda: bluez.calls(dev, 'Connect'), timeout=15, what='the strap found connected')
    bluez.announce_services(dev)
    assert bluez.wait_notifying([chars['hr']])
    bluez.set_value(chars['hr'], measurement(bpm=99))
    heard(proc, A1, 'bpm 99')
    finish(proc)


def test_scan_lists_what_a_busy_bluetoothd_sends_only_when_discovery_stops(bluez, sideline_bin, tmp_path):
    """bluetoothd too busy with advertising reports to send its signals sends them all before it
    answers the next call: here its StopDiscovery announces the strap first. The scan lists it."""
    path = f'{HCI0}/dev_{A1.replace(":", "_")}'
    bluez.root.AddObject(path, DEVICE, {
        'Address': dbus.String(A1), 'AddressType': dbus.String('random'), 'Name': dbus.String('Strap A1'),
        'Alias': dbus.String('Strap A1'), 'Connected': dbus.Boolean(False), 'Paired': dbus.Boolean(False),
        'Adapter': dbus.ObjectPath(HCI0), 'RSSI': dbus.Int16(-47),
        'UUIDs': dbus.Array(['0000180d-0000-1000-8000-00805f9b34fb'], signature='s'),
    }, [], dbus_interface=dbusmock.MOCK_IFACE)
    props = ("{'Address': '%s', 'Name': 'Strap A1', 'RSSI': dbus.Int16(-47), "
             "'UUIDs': dbus.Array(['0000180d-0000-1000-8000-00805f9b34fb'], signature='s')}" % A1)
    held_back = (f"self.EmitSignal('org.freedesktop.DBus.ObjectManager', 'InterfacesAdded', 'oa{{sa{{sv}}}}', "
                 f"[dbus.ObjectPath('{path}'), {{'{DEVICE}': {props}}}])\n"
                 f"self.UpdateProperties('{ADAPTER}', {{'Discovering': dbus.Boolean(False)}})")
    bluez.obj(HCI0).AddMethod(ADAPTER, 'StopDiscovery', '', '', held_back, dbus_interface=dbusmock.MOCK_IFACE)
    r = subprocess.run([sideline_bin, 'scan', '--source', 'bluez:hci0', '--seconds', '1'],
                       env=env_for(bluez.address), capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    line = next((l for l in r.stdout.splitlines() if l.startswith(A1)), None)
    assert line and '-47' in line and 'Strap A1' in line, r.stdout
    assert '1 strap(s)' in r.stdout


def test_scan_says_when_bluetoothd_ended_its_discovery(bluez, sideline_bin, tmp_path):
    """bluetoothd ended the scan's discovery on its own (its StopDiscovery then answers "No
    discovery started"): the scan, which heard nothing, says that rather than "0 straps"."""
    bluez.obj(HCI0).AddMethod(ADAPTER, 'StopDiscovery', '', '',
                              "raise dbus.exceptions.DBusException('No discovery started', name='org.bluez.Error.Failed')",
                              dbus_interface=dbusmock.MOCK_IFACE)
    r = subprocess.run([sideline_bin, 'scan', '--source', 'bluez:hci0', '--seconds', '1'],
                       env=env_for(bluez.address), capture_output=True, text=True, timeout=60)
    assert r.returncode != 0, r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and 'ended this scan' in lines[0] and 'No discovery started' in lines[0], r.stderr


def test_record_names_the_straps_it_never_heard(bluez, sideline_bin, tmp_path):
    """One strap of the roster records; the other is nowhere (bluetoothd never finds it): the
    session's end says so by address and player, one line, and not of the strap that recorded."""
    db = tmp_path / 'bz.sqlite'
    _, chars = bluez.add_strap(A1, 'Strap A1', battery=None)
    import_team(sideline_bin, db, tmp_path, [A1, A2])
    proc = start_record(sideline_bin, db, bluez.address)
    assert bluez.wait_notifying([chars['hr']])
    bluez.set_value(chars['hr'], measurement(bpm=120))
    heard(proc, A1, 'bpm 120')
    out, _ = finish(proc)
    unheard = [line for line in out.splitlines() if 'never heard' in line]
    assert len(unheard) == 1 and unheard[0].startswith(f'strap {A2} (') and '#2' in unheard[0], out
