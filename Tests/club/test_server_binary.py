"""The club server is the kiosk's analysis and exports without the kiosk: `sideline-club` links the pure
`Exports` module, and with it no SQLite, no SDL, no Bluetooth or D-Bus library."""
import subprocess


def test_the_server_links_no_sqlite_sdl_bluetooth_or_dbus(club_bin):
    libraries = subprocess.run(["ldd", club_bin], capture_output=True, text=True, check=True).stdout
    for name in ("sqlite", "SDL", "bluetooth", "dbus"):
        assert name.lower() not in libraries.lower(), libraries
    symbols = subprocess.run(["nm", "--defined-only", club_bin], capture_output=True, text=True, check=True).stdout
    assert "JSONSummaryEncoder" in symbols, "the exports are the kiosk's module"
    assert "sqlite3_" not in symbols and "GRDB" not in symbols
