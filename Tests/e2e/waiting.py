"""The one way e2e tests wait: poll something they can observe (a file, a database row, a mock's
call log, a line the binary printed) until it holds, within a bound. Never a sleep that hopes."""
import time

POLL_S = 0.05


def wait_until(condition, timeout=10, what='condition'):
    """Polls `condition` until it returns something truthy, and returns that; fails after `timeout` s."""
    end = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < end, f'{what} did not happen within {timeout} s'
        time.sleep(POLL_S)  # the poll interval
