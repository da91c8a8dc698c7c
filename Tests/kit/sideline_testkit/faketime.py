"""A process's clock set wrong with Debian's libfaketime (`faketime` package), by LD_PRELOAD: Sideline's debug
binary is dynamically linked, so its wall clock (and SQLite's `'now'` inside it) reads `offset` away from the
machine's. The monotonic clock stays true: timeouts and the kiosk's own timing are not what is skewed."""
import glob


def library() -> str:
    found = sorted(glob.glob("/usr/lib/*/faketime/libfaketimeMT.so.1"))
    assert found, "libfaketime not found (deploy/scripts/setup.sh installs the faketime package)"
    return found[0]


def skewed(offset: str) -> dict:
    """Environment for a process whose clock is `offset` away (libfaketime's syntax: "-10m", "+10m")."""
    return {"LD_PRELOAD": library(), "FAKETIME": offset, "FAKETIME_DONT_FAKE_MONOTONIC": "1"}
