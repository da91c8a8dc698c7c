"""What a real-stack scenario works with inside the VM: the stack brought up for one transport with
its straps, the sideline binary, the scenario's own results folder, and the straps' log read back."""
import json
import sqlite3
import time
from pathlib import Path

from sideline_testkit.radio.straps import address
from sideline_testkit.realstack.truth import events, read_sent
from sideline_testkit.sqlite_records import readings_table
from sideline_testkit.recording import Recording
from sideline_testkit.waiting import TimedOut, wait_until

SOURCES = {'bluez': 'bluez:hci0', 'hci_user': 'hci-user:hci0'}


class Context:
    """What a scenario works with: the stack, the sideline binary, its own results folder."""

    def __init__(self, stack, sideline, folder, record_seconds):
        self.stack, self.sideline, self.folder = stack, sideline, folder
        self.record_seconds = record_seconds
        self.sent_log = folder / 'sent.jsonl'
        # SQLite's WAL needs shared memory that the 9p results share cannot give: the database
        # lives in the guest's /tmp and is copied to the results folder at the end.
        self.db = Path('/tmp') / folder.name / 'sideline.sqlite'
        self.db.parent.mkdir(parents=True, exist_ok=True)

    def bring_up(self, transport, configs, busy_bluetoothd=False):
        """btmon, the straps with a fresh hci0, and bluetoothd with dbus-monitor watching it (bluez)
        or hci0 left down (hci_user). `busy_bluetoothd`: one too busy to send its signals (Stack.start_bluetoothd)."""
        self.stack.start_btmon(self.folder / 'btmon.txt')
        config = self.folder / 'straps.json'
        config.write_text(json.dumps(configs))
        self.stack.start_straps(config, self.sent_log, self.folder / 'straps.txt')
        if transport == 'bluez':
            self.stack.start_dbus_monitor(self.folder / 'dbus.txt')
            self.stack.start_bluetoothd(self.folder / 'bluetoothd.txt', busy=busy_bluetoothd)
        else:
            self.stack.power_off_for_user_channel()
        return SOURCES[transport]

    def tear_down(self):
        self.stack.stop_bluetoothd()
        self.stack.stop_dbus_monitor()
        self.stack.stop_straps()
        self.stack.stop_btmon()
        self.keep_database()

    def keep_database(self):
        """The session's database copied into the results folder."""
        if self.db.exists():
            with sqlite3.connect(self.db) as source, sqlite3.connect(self.folder / 'sideline.sqlite') as copy:
                source.backup(copy)

    def btmon_text(self):
        """The HCI trace so far, decoded."""
        return (self.folder / 'btmon.txt').read_text(errors='replace')

    def sent(self):
        return read_sent(self.sent_log)

    def team(self, count):
        self.sideline.import_team(self.db, 'VM', [(f'P{i}', 'Strap', address(i)) for i in range(1, count + 1)])

    def recording(self, checks, run):
        """The export read back; None (and a failed check) when record or export failed."""
        checks.check('record exits 0', run.status == 0, run.stderr[-1500:])
        if not checks.check('export exits 0', run.exported, run.export_error):
            return None
        return Recording(self.db, self.folder / 'export', run.launched, run.finished, run.stdout)

    def at(self, launched, seconds):
        """Sleeps until `seconds` after `launched` (scheduling an intervention, not waiting for a result)."""
        time.sleep(max(0.0, launched + seconds - time.time()))

    def recorded(self):
        """Samples recorded so far per strap address, read from the session's database while
        `record` writes it (WAL: a reader beside the writer)."""
        try:
            with sqlite3.connect(f'file:{self.db}?mode=ro', uri=True, timeout=1) as c:
                readings_table(c)  # `sample` as v32 had it, decoded from store v33's minutes
                return dict(c.execute('SELECT strap.address, count(*) FROM sample JOIN strap ON strap.id = sample.strap_id '
                                      'GROUP BY strap.address').fetchall())
        except sqlite3.Error:
            return {}  # not created yet, or busy this moment

    def once_streaming(self, launched, count, notifications=3, limit=60):
        """Returns once each of straps 1…`count` has `notifications` samples recorded in the session's
        database (so Sideline has subscribed to all of them and records), or after `limit` s. An
        intervention "mid-session" waits for this, not for a fixed delay: on a loaded machine the
        emulated CPU took 12 s and more from launch to the first subscription, and bluetoothd's
        D-Bus signals reached Sideline up to 3 s after the straps sent them (load average 24): a
        wait for what the straps sent would intervene before anything was recorded."""
        def streaming():
            counts = self.recorded()
            return all(counts.get(address(i), 0) >= notifications for i in range(1, count + 1))
        try:
            wait_until(streaming, limit, f'straps 1…{count} recorded', 0.25, OSError)
        except TimedOut:
            pass  # the intervention goes ahead; the scenario's checks say what was not recorded
