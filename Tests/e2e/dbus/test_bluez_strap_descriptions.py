"""Body Sensor Location (0x2A38) and Manufacturer Name (0x2A29) on the `bluez:` path: `sideline record
--source bluez:hci0` reads each once per connection through bluetoothd's ReadValue, after subscribing
to the heart rate, and `sideline straps` (and the database) shows what the straps said, nothing
invented; a malformed value stores nothing and costs the recording nothing (values exact)."""
import csv
import os
import signal
import sqlite3
import subprocess

import dbusmock

from sideline_testkit.bluez_mock import GATT_CHAR, measurement
from sideline_testkit.processes import run
from sideline_testkit.roster import import_roster, wearers
from sideline_testkit.waiting import wait_until
from sideline_testkit.sqlite_records import readings_table

A1, A2, A3 = 'F0:00:00:00:0D:01', 'F0:00:00:00:0D:02', 'F0:00:00:00:0D:03'


def sideline(sideline_bin, *args):
    return run(sideline_bin, *args, timeout=60).stdout


def import_team(sideline_bin, db, tmp_path, addresses):
    import_roster(sideline_bin, db, tmp_path, 'BZ', wearers(addresses), sex='M', weight_kg=70)


def stored_samples(db, address):
    with sqlite3.connect(db) as con:
        readings_table(con)
        return con.execute('SELECT COUNT(*) FROM sample s JOIN strap t ON t.id = s.strap_id WHERE t.address = ?',
                           (address,)).fetchone()[0]


def record_until_read(bluez, sideline_bin, db, straps, reads):
    """Records the straps (address → chars) until sideline has read each characteristic in `reads`,
    then sends three measurements per strap and ends the recording (Ctrl-C) once all are stored.
    The measurements follow the read replies on the bus, so once they are recorded the replies
    have been taken. Returns the measurements sent, per address."""
    # A minute at most: Ctrl-C ends it once the conditions below are met.
    proc = subprocess.Popen([sideline_bin, 'record', '--db', str(db), '--source', 'bluez:hci0', '--team', 'BZ', '--minutes', '1', '--quiet'],
                            env={**os.environ, 'SIDELINE_DBUS_ADDRESS': bluez.address},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert bluez.wait_notifying([chars['hr'] for chars in straps.values()]), 'sideline never called StartNotify'
        wait_until(lambda: all(bluez.reads(c) >= 1 for c in reads), 15, what='sideline reading what the straps say of themselves')
        sent = {}
        for n, (address, chars) in enumerate(straps.items()):
            sent[address] = [100 + 10 * n + k for k in range(3)]
            for bpm in sent[address]:
                bluez.set_value(chars['hr'], measurement(bpm))
        wait_until(lambda: all(stored_samples(db, a) == len(v) for a, v in sent.items()), 15, what='the measurements recorded')
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, f'record failed ({proc.returncode}): {err}'
    finally:  # a test cut short leaves no recorder behind
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return sent


def straps_listed(sideline_bin, db):
    return {line.split('\t')[0]: line.split('\t')[-1] for line in sideline(sideline_bin, 'straps', '--db', str(db)).splitlines()}


def stored_descriptions(db):
    with sqlite3.connect(db) as con:
        return {a: (loc, man) for a, loc, man in con.execute('SELECT address, body_location, manufacturer FROM strap')}


def assert_values_exact(sideline_bin, db, tmp_path, sent):
    out = tmp_path / 'out'
    sideline(sideline_bin, 'export', '--db', str(db), '--session', '1', '--format', 'csv', '--out', str(out))
    with open(next(out.glob('*_samples.csv'))) as f:
        rows = list(csv.DictReader(f))
    assert {a: [int(r['bpm']) for r in rows if r['strap'] == a] for a in sent} == sent


def test_straps_say_where_they_are_worn_and_who_made_them(bluez, sideline_bin, tmp_path):
    db = tmp_path / 'bz.sqlite'
    _, chars1 = bluez.add_strap(A1, 'Polar H10 A1', body_location=1, manufacturer='Polar Electro Oy')
    _, chars2 = bluez.add_strap(A2, 'Generic HR A2', battery=None)
    import_team(sideline_bin, db, tmp_path, [A1, A2])
    sent = record_until_read(bluez, sideline_bin, db, {A1: chars1, A2: chars2}, [chars1['body_location'], chars1['manufacturer']])
    # Once per connection (the one connection here), not again and again.
    assert [bluez.reads(chars1['body_location']), bluez.reads(chars1['manufacturer'])] == [1, 1]
    assert straps_listed(sideline_bin, db) == {A1: 'chest · Polar Electro Oy', A2: 'sensor –'}
    assert stored_descriptions(db) == {A1: ('chest', 'Polar Electro Oy'), A2: (None, None)}
    assert_values_exact(sideline_bin, db, tmp_path, sent)


def test_a_malformed_description_stores_nothing_and_costs_the_recording_nothing(bluez, sideline_bin, tmp_path):
    """A1: a reserved location (7) beside a good name padded with NULs and spaces (kept, trimmed);
    A2: an empty location and a blank name; A3: a location with a byte too many, and a name
    bluetoothd cannot read (an error reply)."""
    db = tmp_path / 'bz.sqlite'
    _, chars1 = bluez.add_strap(A1, 'Strap A1', body_location=b'\x07', manufacturer=b'Polar Electro Oy \x00\x00')
    _, chars2 = bluez.add_strap(A2, 'Strap A2', body_location=b'', manufacturer=b' \t\x00')
    _, chars3 = bluez.add_strap(A3, 'Strap A3', battery=None, body_location=b'\x01\x00', manufacturer='Acme')
    bluez.obj(chars3['manufacturer']).AddMethod(GATT_CHAR, 'ReadValue', 'a{sv}', 'ay',
                                                "raise dbus.exceptions.DBusException('Read not permitted', name='org.bluez.Error.NotPermitted')",
                                                dbus_interface=dbusmock.MOCK_IFACE)
    import_team(sideline_bin, db, tmp_path, [A1, A2, A3])
    reads = [chars1['body_location'], chars1['manufacturer'], chars2['body_location'], chars2['manufacturer'],
             chars3['body_location'], chars3['manufacturer']]
    sent = record_until_read(bluez, sideline_bin, db, {A1: chars1, A2: chars2, A3: chars3}, reads)
    assert [bluez.reads(c) for c in reads] == [1] * len(reads), 'a value that says nothing, or a failed read, is not asked for again'
    assert straps_listed(sideline_bin, db) == {A1: 'Polar Electro Oy', A2: 'sensor –', A3: 'sensor –'}
    assert stored_descriptions(db) == {A1: (None, 'Polar Electro Oy'), A2: (None, None), A3: (None, None)}
    assert_values_exact(sideline_bin, db, tmp_path, sent)
