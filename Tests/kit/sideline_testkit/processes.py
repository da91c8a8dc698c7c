"""Processes a test starts: `run`, one command to its end; `WatchedProcess`, one whose output a test
reads while it runs (its stdout and stderr lines collected as they come, so the test can wait for
the line that says something happened: `record --progress`); `one_line_error`, what a command a user
got wrong must answer."""
import signal
import subprocess
import threading

from sideline_testkit.waiting import wait_until


def run(*args, timeout=180, check=True, **options):
    """Runs a command to its end with its output captured as text; the CompletedProcess. Fails,
    with the command's stderr, when it exits non-zero (unless check=False). `timeout` bounds a
    hang; a package build or an apt download asks for more."""
    result = subprocess.run(args, capture_output=True, text=True, timeout=timeout, **options)
    if check and result.returncode != 0:
        raise AssertionError(f'{" ".join(map(str, args))} failed ({result.returncode}): {result.stderr[-3000:]}')
    return result


def one_line_error(result, *parts):
    """Asserts that a command the user got wrong said so as Sideline does: exit status 2 and one line
    "sideline: …" on stderr containing every one of `parts`. Returns that line."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sideline: "), result.stderr
    for part in parts:
        assert part in lines[0], (part, lines[0])
    return lines[0]


class WatchedProcess:
    def __init__(self, args, env=None):
        self.proc = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines = {'out': [], 'err': []}
        self.readers = [threading.Thread(target=self._collect, args=(stream, self.lines[name]), daemon=True)
                        for name, stream in (('out', self.proc.stdout), ('err', self.proc.stderr))]
        for reader in self.readers:
            reader.start()

    @staticmethod
    def _collect(stream, lines):
        for line in stream:
            lines.append(line.rstrip('\n'))

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.proc.kill()
        self.proc.wait(timeout=30)

    def wait_for(self, predicate, what, timeout=15, stream='out'):
        """Waits until a line of `stream` ('out' or 'err') satisfies `predicate`; fails if the process exits first."""
        def seen():
            if any(predicate(l) for l in self.lines[stream]):
                return True
            if self.proc.poll() is not None:
                for reader in self.readers:
                    reader.join(timeout=10)
                assert any(predicate(l) for l in self.lines[stream]), \
                    f'exited ({self.proc.returncode}) before {what}: {self.lines["err"]}'
                return True
            return False
        wait_until(seen, timeout, what=what)

    def wait_for_line(self, line, timeout=15):
        """Waits until stdout has printed exactly `line`."""
        self.wait_for(lambda l: l == line, f'the line {line!r}', timeout)

    def interrupt(self):
        """Ctrl-C: `record` ends its session there and keeps it."""
        self.proc.send_signal(signal.SIGINT)

    def finish(self, timeout=60):
        """Waits for the exit; returns (returncode, stdout text, stderr text)."""
        self.proc.wait(timeout=timeout)
        for reader in self.readers:
            reader.join(timeout=10)
        return self.proc.returncode, '\n'.join(self.lines['out']), '\n'.join(self.lines['err'])
