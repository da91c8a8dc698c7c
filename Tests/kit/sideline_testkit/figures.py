"""The figures a run of the VM suites measures, per Debian release, gathered in one file so one run
prints them side by side (deploy/scripts/test.sh: `python -m sideline_testkit.figures` at its end).
Figures are printed, never asserted: each suite records what it measured with `record`, one JSON
line each in .build-vm/figures.jsonl ($SIDELINE_FIGURES); the file is emptied at a run's start."""
import json
import os
import statistics
import sys
import time
from pathlib import Path

from sideline_testkit.paths import RELEASES, ROOT

# What the table shows, in its order: (key, label, unit).
TABLE = [
    ('power_on_to_picker_s', 'appliance: power on → team picker on screen', 's'),
    ('kill_to_ready_s', 'appliance: kill -9 of the kiosk → READY again', 's'),
    ('upgrade_s', 'appliance: apt full-upgrade bookworm → trixie', 's'),
    ('bluez_first_sample_s', 'real stack: launch → first sample, bluez:hci0 (each strap)', 's'),
    ('hci_user_first_sample_s', 'real stack: launch → first sample, hci-user:hci0 (each strap)', 's'),
    ('slow_bluez_first_sample_s', 'real stack, slow CPU: launch → first sample, bluez:hci0', 's'),
    ('slow_bluez_after_scan_first_sample_s', 'real stack, slow CPU: the same right after a scan, bluez:hci0', 's'),
    ('slow_bluez_again_first_sample_s', 'real stack, slow CPU: the next session (straps known), bluez:hci0', 's'),
    ('slow_hci_user_first_sample_s', 'real stack, slow CPU: launch → first sample, hci-user:hci0', 's'),
    ('slow_cpu_loop_ratio', 'real stack, slow CPU: guest ÷ host time of one Python loop', 'x'),
    ('kernel_oopses', 'real stack: guest kernel oopses / scenarios run', ''),
    # The arm64 board's one boot (Tests/arm64/test_appliance_vm.py): the install comes between power on and
    # the picker. Rows of ONE_BOOT are shown only when a run measured them.
    ('power_on_to_agent_s', 'appliance: power on → guest agent answering', 's'),
    ('install_s', 'appliance: apt install of the .deb from its closure', 's'),
    ('install_to_picker_s', 'appliance: install done → team picker on screen', 's'),
    ('power_on_install_picker_s', 'appliance, one boot: power on → installed → picker', 's'),
    ('start_to_ready_s', 'appliance: sideline.service start → READY (first install)', 's'),
    ('launch_to_first_sample_s', 'appliance: kiosk launched → first sample (taps; each strap)', 's'),
]
ONE_BOOT = {'power_on_to_agent_s', 'install_s', 'install_to_picker_s', 'power_on_install_picker_s', 'start_to_ready_s',
            'launch_to_first_sample_s'}
# Targets (issue 32): a figure whose median is over its target is named under the table, so a slip
# shows in the next CI log without failing the run (figures are never asserted).
TARGETS = {'bluez_first_sample_s': 5.0, 'hci_user_first_sample_s': 3.0, 'slow_bluez_first_sample_s': 5.0,
           'slow_bluez_after_scan_first_sample_s': 5.0, 'slow_bluez_again_first_sample_s': 5.0,
           'slow_hci_user_first_sample_s': 3.0}


def path():
    return Path(os.environ.get('SIDELINE_FIGURES') or ROOT / '.build-vm/figures.jsonl')


def record(release, key, value, note=''):
    """One measured value (a number, or a list of them) of `release`."""
    path().parent.mkdir(parents=True, exist_ok=True)
    with path().open('a') as f:
        f.write(json.dumps({'release': release, 'key': key, 'value': value, 'note': note, 't': time.time()}) + '\n')


def numbers_of(values):
    return [v for value in values for v in (value if isinstance(value, list) else [value]) if isinstance(v, (int, float))]


def cell(values, unit):
    numbers = numbers_of(values)
    if not numbers:
        return '—'
    if unit == '':  # counts: summed
        return str(sum(numbers))
    if unit == 'x':
        return f'{statistics.median(numbers):.1f}×'

    low, high = min(numbers), max(numbers)
    return f'{statistics.median(numbers):.1f} s ({low:.1f}–{high:.1f}, {len(numbers)})' if len(numbers) > 1 else f'{low:.1f} s'


def table(lines):
    rows = [json.loads(line) for line in lines if line.strip()]
    # The releases' columns, then any other board's that recorded something (arm64-trixie).
    columns = list(RELEASES) + sorted({r['release'] for r in rows} - set(RELEASES))
    out = [f'{"figure":62} ' + ' '.join(f'{r:>24}' for r in columns)]
    for key, label, unit in TABLE:
        cells = []
        for release in columns:
            values = [r['value'] for r in rows if r['release'] == release and r['key'] == key]
            if key == 'kernel_oopses':
                runs = [r['note'] for r in rows if r['release'] == release and r['key'] == key]
                cells.append(f'{sum(values)} / {sum(int(n) for n in runs)}' if values else '—')
            else:
                cells.append(cell(values, unit))
        if key in ONE_BOOT and all(c == '—' for c in cells):
            continue
        out.append(f'{label:62} ' + ' '.join(f'{c:>24}' for c in cells))
    return '\n'.join(out + over_target(rows))


def over_target(rows):
    """One line per figure (and release) whose median is over its target."""
    lines = []
    for key, label, _ in TABLE:
        for release in RELEASES:
            numbers = numbers_of([r['value'] for r in rows if r['release'] == release and r['key'] == key])
            if key in TARGETS and numbers and statistics.median(numbers) > TARGETS[key]:
                lines.append(f'OVER TARGET ({release}): {label}: median {statistics.median(numbers):.1f} s, target {TARGETS[key]:.0f} s')
    return lines


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--reset':
        path().unlink(missing_ok=True)
        sys.exit(0)
    text = path().read_text().splitlines() if path().exists() else []
    print('Figures of this run, per Debian release (median (min–max, count); TCG-emulated VMs, see docs/BENCHMARKS.md):')
    print(table(text))
