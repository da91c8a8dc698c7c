"""Shared by the Bluetooth e2e tests: a roster of emulated straps, `sideline record` over
hci-tcp, the export read back, and the session's clock for wall-time comparisons."""
import csv
import sqlite3
import subprocess
import time
from collections import defaultdict

from waiting import wait_until  # noqa: F401  (the Bluetooth tests import it from here)


def run(*args, timeout=180):
    return subprocess.run(args, check=True, capture_output=True, text=True, timeout=timeout)


def address(i):
    return f'F0:00:00:00:{i // 256:02X}:{i % 256:02X}'


def is_subsequence(short, long):
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


def kiosk_team(sideline, db, tmp_path, players):
    """Imports team BLE: `players` is a list of (first, last, strap address or '')."""
    roster = tmp_path / 'roster.csv'
    rows = ['number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap']
    rows += [f'{i + 1},{first},{last},2000,F,60,50,,{strap}' for i, (first, last, strap) in enumerate(players)]
    roster.write_text('\n'.join(rows) + '\n')
    run(sideline, 'import-roster', str(roster), '--team', 'BLE', '--db', str(db))


def record(sideline, tmp_path, port, addresses, seconds, *extra):
    db = tmp_path / 'ble.sqlite'
    roster = tmp_path / 'roster.csv'
    rows = ['number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap']
    rows += [f'{i + 1},P{i + 1},Strap,2000,M,70,50,,{a}' for i, a in enumerate(addresses)]
    roster.write_text('\n'.join(rows) + '\n')
    run(sideline, 'import-roster', str(roster), '--team', 'BLE', '--db', str(db))
    launched = time.time()
    out = run(sideline, 'record', '--db', str(db), '--source', f'hci-tcp:127.0.0.1:{port}', '--team', 'BLE',
              '--minutes', str(seconds / 60), '--quiet', *extra)
    finished = time.time()
    run(sideline, 'export', '--db', str(db), '--session', '1', '--format', 'csv', '--out', str(tmp_path / 'out'))
    return Recording(db, tmp_path / 'out', launched, finished, out.stdout, out.stderr)
