"""Inside the VM: the sideline binary as a user runs it — import a roster, record, export, scan —
with every command's output kept in the scenario's folder."""
import subprocess
import time

from sideline_testkit.realstack.stack import status_and_output
from sideline_testkit.roster import roster_csv


class Sideline:
    def __init__(self, binary, folder):
        self.binary = binary
        self.folder = folder

    def command(self, name, *args, timeout=120):
        """Runs `sideline ARGS`; its output goes to NAME.txt. Returns (exit status, stdout, stderr)."""
        try:
            p = subprocess.run([self.binary, *args], capture_output=True, text=True, timeout=timeout)
            status, out, err = p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired as e:
            status, out, err = 124, str(e.stdout or ''), f'{e.stderr or ""}\n[no end within {timeout} s]'
        (self.folder / f'{name}.txt').write_text(f'$ sideline {" ".join(args)}\nexit {status}\n--- stdout\n{out}--- stderr\n{err}')
        return status, out, err

    def import_team(self, db, team, players):
        """`players`: (first, last, strap address or '') in shirt-number order."""
        roster = self.folder / f'{team}.csv'
        roster.write_text(roster_csv(players))
        status, _, err = self.command('import-roster', 'import-roster', str(roster), '--team', team, '--db', str(db))
        if status != 0:
            raise RuntimeError(f'import-roster failed: {err.strip()}')

    def record(self, db, source, team, seconds, *extra, during=None):
        """`sideline record` for `seconds`; `during(launched)` runs while it records (the test's
        interventions). Returns a RecordRun; the session is exported to FOLDER/export."""
        args = ['record', '--db', str(db), '--source', source, '--team', team, '--minutes', f'{seconds / 60:.5f}',
                '--quiet', '--bluetooth-verbose', *extra]
        out_file, err_file = self.folder / 'record.stdout', self.folder / 'record.stderr'
        with open(out_file, 'w') as out, open(err_file, 'w') as err:
            launched = time.time()
            proc = subprocess.Popen([self.binary, *args], stdout=out, stderr=err, stdin=subprocess.DEVNULL)
            try:
                interventions = during(launched) if during else {}
                status = proc.wait(timeout=max(0.0, launched + seconds - time.time()) + 60)
            finally:  # a scenario cut short (its time limit) leaves no recorder behind
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
            finished = time.time()
        export_status, _, export_err = self.command('export', 'export', '--db', str(db), '--session', '1',
                                                    '--format', 'csv', '--out', str(self.folder / 'export'))
        return RecordRun(status, out_file.read_text(), err_file.read_text(), launched, finished, interventions,
                         export_status == 0, export_err)

    def scan(self, source, seconds):
        status, out, err = self.command('scan', 'scan', '--source', source, '--seconds', str(seconds), timeout=seconds + 60)
        return status, out, err

    def missing_libraries(self):
        """Shared libraries the binary needs that the image lacks (ldd's 'not found')."""
        _, out = status_and_output(['ldd', self.binary])
        return [line.split()[0] for line in out.splitlines() if 'not found' in line]


class RecordRun:
    def __init__(self, status, stdout, stderr, launched, finished, interventions, exported, export_error):
        self.status, self.stdout, self.stderr = status, stdout, stderr
        self.launched, self.finished = launched, finished
        self.interventions = interventions
        self.exported, self.export_error = exported, export_error
