"""One `sideline record` session read back (its export, its strap events, its clock against the
wall's), and a recording of straps on the emulated radio over hci-tcp. Standard library only:
the real-stack VM guest reads its sessions back with it too."""
import csv
import sqlite3
import time
from collections import defaultdict

from sideline_testkit.processes import run
from sideline_testkit.roster import import_roster, wearers


def is_subsequence(short, long):
    """Whether `short` appears in `long` in order (gaps allowed): nothing invented, nothing reordered."""
    it = iter(long)
    return all(any(x == y for y in it) for x in short)


class Recording:
    """One `sideline record` session read back: export rows per strap, strap events, wall clock."""

    def __init__(self, db, out_dir, launched, finished, stdout, stderr=''):
        self.db, self.launched, self.finished, self.stdout, self.stderr = db, launched, finished, stdout, stderr
        self.samples = defaultdict(list)
        for row in csv.DictReader(open(next(out_dir.glob('*_samples.csv')))):
            self.samples[row['strap']].append(row)
        self.rr = defaultdict(list)
        for row in csv.DictReader(open(next(out_dir.glob('*_rr.csv')))):
            self.rr[int(row['shirt_number'])].append(int(row['rr_1024']))
        with sqlite3.connect(db) as c:
            self.started_ms, self.ended_ms = c.execute('SELECT started_ms, ended_ms FROM session WHERE id = 1').fetchone()
            self.events = defaultdict(list)  # address → [(wall seconds, kind, value)]
            for addr, t_ms, kind, value in c.execute(
                    'SELECT strap.address, t_ms, kind, value FROM strap_event JOIN strap ON strap.id = strap_id '
                    'WHERE session_id = 1 ORDER BY t_ms'):
                self.events[addr].append((self.wall(t_ms), kind, value))

    def wall(self, t_ms):
        """A session offset as wall-clock seconds (the straps' log uses time.time())."""
        return (self.started_ms + int(t_ms)) / 1000

    def link_times(self, addr, state=2):
        """Wall times the strap's link reached `state` (2: connected and subscribed)."""
        return [t for t, kind, value in self.events[addr] if kind == 'link' and value == state]

    def battery(self, addr):
        return [value for _, kind, value in self.events[addr] if kind == 'battery']


def record(sideline, folder, port, addresses, seconds, *extra):
    """A team wearing the straps at `addresses` recorded for `seconds` from the emulated radio's
    controller on 127.0.0.1:`port` (hci-tcp), exported and read back."""
    db = folder / 'ble.sqlite'
    import_roster(sideline, db, folder, 'BLE', wearers(addresses), sex='M', weight_kg=70)
    launched = time.time()
    out = run(sideline, 'record', '--db', str(db), '--source', f'hci-tcp:127.0.0.1:{port}', '--team', 'BLE',
              '--minutes', str(seconds / 60), '--quiet', *extra)
    finished = time.time()
    run(sideline, 'export', '--db', str(db), '--session', '1', '--format', 'csv', '--out', str(folder / 'out'))
    return Recording(db, folder / 'out', launched, finished, out.stdout, out.stderr)
