"""The one way tests wait: poll something they can observe (a file, a database row, a mock's call
log, a line the binary printed, a screendump, the guest's hci0) until it holds, within a bound.
Never a sleep that hopes. Standard library only: the VM guests use it too."""
import time

POLL_S = 0.05


class TimedOut(AssertionError):
    """What was waited for did not happen in time (an AssertionError: in a test, a failure)."""


def wait_until(condition, timeout, what, step=POLL_S, ignoring=()):
    """Polls `condition` every `step` s until it returns something truthy, and returns that; after
    `timeout` s raises TimedOut saying that `what` did not happen. An exception of a type in
    `ignoring` from the condition counts as "not yet" (a guest's file that is not readable yet).
    Where a timeout is an outcome to report rather than a failure, catch TimedOut."""
    end = time.monotonic() + timeout
    while True:
        try:
            value = condition()
        except ignoring:
            value = None
        if value:
            return value
        if time.monotonic() >= end:
            raise TimedOut(f'{what} did not happen within {timeout} s')
        time.sleep(step)
