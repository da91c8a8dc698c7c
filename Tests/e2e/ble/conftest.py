"""The emulated radio (sideline_testkit.radio) on a free TCP port, always stopped."""
import os

import pytest

from sideline_testkit.radio.emulated_radio import EmulatedRadio


@pytest.fixture
def radio(tmp_path):
    """radio(configs[, port][, reset_ends_connect]) → (port, read_log); every started radio is stopped at teardown.
    radio.stop() stops the ones started so far (a controller that goes away)."""
    started = []

    def start(configs, port=None, reset_ends_connect=False):
        started.append(EmulatedRadio(configs, tmp_path, port, reset_ends_connect))
        return started[-1].port, started[-1].sent

    def stop():
        for emulated in started:
            emulated.stop()

    start.stop = stop
    yield start
    stop()


@pytest.fixture
def sideline():
    binary = os.environ.get('SIDELINE_BIN')
    if not binary:
        pytest.skip('SIDELINE_BIN not set')
    return binary
