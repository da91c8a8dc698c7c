"""Starts the emulated radio (virtual_team.py) on a free TCP port and always stops it."""
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


@pytest.fixture
def radio(tmp_path):
    """radio(configs[, port][, reset_ends_connect]) → (port, read_log); every started harness is killed at teardown.
    radio.stop() kills the ones started so far (a controller that goes away)."""
    started = []

    def start(configs, port=None, reset_ends_connect=False):
        port = port or free_port()
        config = tmp_path / f'straps-{port}.json'
        config.write_text(json.dumps(configs))
        log = tmp_path / f'sent-{port}.jsonl'
        proc = subprocess.Popen([sys.executable, str(HERE / 'virtual_team.py'), '--port', str(port),
                                 '--config', str(config), '--log', str(log)]
                                + (['--reset-ends-connect'] if reset_ends_connect else []),
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        started.append(proc)
        line = proc.stdout.readline()
        assert line.startswith('ready'), f'harness did not start: {line}{proc.stdout.read() if proc.poll() is not None else ""}'

        def read_log():
            return [json.loads(l) for l in log.read_text().splitlines()] if log.exists() else []
        return port, read_log

    def stop():
        for proc in started:
            proc.kill()
            proc.wait(timeout=10)

    start.stop = stop
    yield start
    for proc in started:
        proc.kill()
        proc.wait(timeout=10)


@pytest.fixture
def sideline():
    binary = os.environ.get('SIDELINE_BIN')
    if not binary:
        pytest.skip('SIDELINE_BIN not set')
    return binary
