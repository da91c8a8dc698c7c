"""The emulated radio as the Bluetooth tests and benchmarks use it: the harness (virtual_team.py)
serving controller C0 as H4 on a TCP port of 127.0.0.1, what its straps sent read from its log,
and the process stopped."""
import json
import socket
import subprocess
import sys


def free_port():
    """A TCP port nothing listens on now."""
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


class EmulatedRadio:
    """The straps of `configs` (straps.py's settings, one object each) on a fresh radio; returns
    once they advertise. `folder` holds their settings and their log."""

    def __init__(self, configs, folder, port=None, reset_ends_connect=False):
        self.port = port or free_port()
        config = folder / f'straps-{self.port}.json'
        config.write_text(json.dumps(configs))
        self.log = folder / f'sent-{self.port}.jsonl'
        self.proc = subprocess.Popen([sys.executable, '-m', 'sideline_testkit.radio.virtual_team', '--port', str(self.port),
                                      '--config', str(config), '--log', str(self.log)]
                                     + (['--reset-ends-connect'] if reset_ends_connect else []),
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        line = self.proc.stdout.readline()
        if not line.startswith('ready'):
            self.stop()
            raise RuntimeError(f'the emulated radio did not start: {line}{self.proc.stdout.read()}')

    def sent(self):
        """What every strap logged so far, one dict an event (virtual_team.py says which)."""
        return [json.loads(line) for line in self.log.read_text().splitlines()] if self.log.exists() else []

    def stop(self):
        """The radio gone at once, as a controller that goes away."""
        self.proc.kill()
        self.proc.wait(timeout=10)

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()
