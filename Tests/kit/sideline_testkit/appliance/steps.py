"""What a coach and a technician do on an appliance board, for every suite that boots one (Tests/appliance
on amd64, Tests/arm64's board): the board set up with its roster and its radio (bumble's emulated
straps on /dev/vhci), taps through a session, the kiosk's journal read, a USB stick plugged in for
its backup. Each takes the suite's board (sideline_testkit.appliance.board.Board, with `references`)
or its guest agent."""
import json
import subprocess
import time

from sideline_testkit.appliance import guest
from sideline_testkit.appliance.board import wait_for_screen
from sideline_testkit.appliance.screens import TAPS, TEAM
from sideline_testkit.sqlite_records import minute_readings
from sideline_testkit.waiting import wait_until

STRAPS = [{'rr': 1}, {'rr': 1}, {'rr': 1}]  # sideline_testkit.radio: F0:00:00:00:00:01..03, the roster's
STRAPS_LOG = '/var/log/straps.jsonl'  # what each strap sent and when its link came and went (virtual_team.py)
# How the emulated controller reaches the kernel (virtual_team.py): (the module it needs, its option).
# /dev/vhci where the kernel has hci_vhci; else hci_uart's H4 on a pseudo-terminal (btattach) —
# Debian's arm64 kernel is built without hci_vhci (CONFIG_BT_HCIVHCI is not set in 6.12).
VHCI = ('hci_vhci', '--vhci /dev/vhci')
UART = ('hci_uart', '--uart /run/sideline-test-uart')


def straps_unit(radio=VHCI):
    """The appliance test's radio: bumble's emulated controller with the straps, attached to the
    kernel as `radio` says, started before the kiosk at every boot (a board's adapter is there at
    power on)."""
    module, option = radio
    return f"""[Unit]
Description=Emulated heart-rate straps on {option.split()[1]} (the appliance test's radio)
Before=sideline.service
RequiresMountsFor={guest.SRC}
[Service]
ExecStartPre=/sbin/modprobe {module}
ExecStart=/opt/bumble/bin/python -m sideline_testkit.radio.virtual_team {option} --config /etc/sideline-test/straps.json --log {STRAPS_LOG}
ExecStartPost=/bin/sh -c 'for i in $(seq 900); do [ -e /sys/class/bluetooth/hci0 ] && exit 0; sleep 0.2; done; exit 1'
TimeoutStartSec=240
[Install]
WantedBy=multi-user.target
"""


SHARES = ('src /sideline 9p trans=virtio,version=9p2000.L,msize=262144,ro,nofail 0 0\n'
          'out /out 9p trans=virtio,version=9p2000.L,msize=262144,nofail 0 0\n')


def set_up_board(appliance, radio=VHCI):
    """The board as a coach would set it up, the kiosk stopped meanwhile: the shares in fstab, the
    roster imported, the straps' unit (`radio`: how it reaches the kernel) enabled and started (hci0
    there). The caller starts the kiosk."""
    appliance.machine.agent.sh(
        'systemctl stop sideline && mkdir -p /etc/sideline-test && '
        f"printf '%s' '{json.dumps(STRAPS)}' > /etc/sideline-test/straps.json && "
        f"printf '%s' '{SHARES}' >> /etc/fstab && "
        f"cat > /etc/systemd/system/sideline-test-straps.service <<'EOF'\n{straps_unit(radio)}EOF\n"
        'systemctl daemon-reload && '
        f"printf '%s' '{appliance.references.folder.joinpath('roster.csv').read_text()}' > /tmp/roster.csv && "
        f'runuser -u sideline -- sideline import-roster /tmp/roster.csv --team {TEAM} --db {guest.DB} && '
        'systemctl enable --now sideline-test-straps && sync', timeout=300)


def tap(appliance, target, then, timeout=60):
    """Taps a target and waits for the screen it leads to; prints the tap → screen time."""
    appliance.machine.monitor.tap(*TAPS[target])
    shot, seconds = wait_for_screen(appliance, then, timeout)
    print(f'tap {target} → {then} on screen: {seconds:.1f} s (screendump every second)')
    return shot


def session(agent, sql_where='1'):
    rows = guest.query(agent, f'SELECT id, state, committed_t_ms FROM session WHERE {sql_where} ORDER BY id DESC LIMIT 1')
    return rows[0] if rows else None


def samples(agent, session_id):
    """(readings, the last one's t_ms, players) of a session: its `sample_minute` rows (store v33) decoded here."""
    rows = guest.query(agent, f'SELECT player_id, minute, readings, wide FROM sample_minute WHERE session_id = {session_id}')
    times = [t for _, minute, data, wide in rows for t, *_ in minute_readings(minute, bytes.fromhex(data), bytes.fromhex(wide))]
    return [len(times), max(times, default=None), len({player for player, *_ in rows})]


def start_session(appliance, streaming_timeout=180):
    """Picker → the team → lobby → open-ended → Start → live, with the straps' heart rates recorded.
    `streaming_timeout`: how long the straps may take to stream (Start is enabled then)."""
    agent = appliance.machine.agent
    tap(appliance, 'team', 'lobby')
    # Start is enabled once the straps stream (they connect over the emulated radio first).
    appliance.machine.monitor.tap(*TAPS['open'])

    def started():
        appliance.machine.monitor.tap(*TAPS['start'])
        return appliance.references.shows(appliance.screendump('live'), 'live')[0]
    begun = time.monotonic()
    wait_until(started, streaming_timeout, 'the lobby starting a session (the straps streaming)', step=3)
    print(f'lobby → live (straps connected and streaming, Start tapped): {time.monotonic() - begun:.1f} s')
    row = session(agent)
    assert row and row[1] == 'running', f'no running session in the database: {row}'
    wait_until(lambda: samples(agent, row[0])[2] == len(STRAPS), 90, f'heart rates from all {len(STRAPS)} straps in the session',
               step=2)
    return row[0]


def journal_has(agent, text, timeout, after=None, invocation=None):
    """Waits for a line of the kiosk's journal containing `text` (after the last line containing
    `after`, when given; of one start of the unit, `invocation`, when given); the line. Fails if none comes."""
    where = f'_SYSTEMD_INVOCATION_ID={invocation}' if invocation else '-u sideline'

    def seen():
        _, out = agent.sh(f'journalctl {where} -b --no-pager -o cat', check=False)
        lines = out.splitlines()
        if after:
            marks = [i for i, line in enumerate(lines) if after in line]
            lines = lines[marks[-1] + 1:] if marks else []
        return next((line for line in lines if text in line), None)
    return wait_until(seen, timeout, f'a journal line with {text!r}', step=1)


def stick_backup_and_export(appliance):
    """On the review screen a FAT stick is plugged in: a backup lands on it with a notice, Export
    writes the session there, the stick is released ("safe to remove") and pulled; then its files
    are read on the host with mtools, not with Sideline."""
    agent, monitor = appliance.machine.agent, appliance.machine.monitor
    stick = appliance.results / 'stick.img'
    subprocess.run(['truncate', '-s', '64M', str(stick)], check=True)
    subprocess.run(['mkfs.vfat', '-n', 'STICK', str(stick)], check=True, capture_output=True)
    monitor.execute('blockdev-add', **{'node-name': 'stick', 'driver': 'raw',
                                       'file': {'driver': 'file', 'filename': str(stick)}})
    plugged = time.monotonic()
    monitor.execute('device_add', driver='usb-storage', id='stick', drive='stick', bus='xhci.0')
    # The notices show for 4 s: screendumps twice a second, judged against the kiosk's own
    # rendering of each notice (screens.py), then the journal.
    wait_for_screen(appliance, 'stick-backup-notice', 120, step=0.5)
    print(f'USB stick plugged → "Backup written to the USB stick (…)" on screen: {time.monotonic() - plugged:.1f} s')
    journal_has(agent, 'backup written to /media/sideline/', 60)  # a backup on the stick
    monitor.tap(*TAPS['export'])
    exported = journal_has(agent, 'Exported ', 120)
    appliance.screendump('stick-export-notice')
    print(exported)
    wait_for_screen(appliance, 'stick-safe-to-remove', 120, step=0.5)
    journal_has(agent, 'released: safe to remove', 60, after='Exported ')
    monitor.execute('device_del', id='stick')
    journal_has(agent, 'removed', 60, after='released: safe to remove')
    listing = subprocess.run(['mdir', '-/', '-b', '-i', str(stick), '::'], capture_output=True, text=True).stdout
    print(listing)
    assert '::/sideline-backup/sideline-' in listing and '.sqlite' in listing, listing
    assert '.csv' in listing, f'no export on the stick:\n{listing}'
