#!/usr/bin/env python3
"""`make bench-vm`: Sideline's Bluetooth delays on the real Linux stack (TCG-emulated VM: slow CPU,
real kernel and bluetoothd), per Debian release side by side in one run (trixie: kernel 6.12,
bluetoothd 5.82; bookworm: 6.1, 5.66), per transport, medians of N rounds (default 3). Each round
records 4 emulated straps for 40 s: launch → first sample of each strap, a strap that drops and
returns → its first sample again, the adapter unplugged and back → first sample of the straps.
Then the interruptions of a session through bluetoothd (adapter unplugged and plugged back,
`bluetoothctl power off`/`on`, bluetoothd restarted) M times each (default 5): how often the guest
kernel oopsed (the hci_chan_del race of docs/BLUETOOTH.md) and whether every run recorded both straps
again. Prints the figures; the guest's logs stay in .build-vm/RELEASE/{bench,interruptions}/ (NAME-ROUND/)."""
import argparse
import statistics
import sys

from sideline_testkit.figures import record
from sideline_testkit.paths import RELEASES
from sideline_testkit.realstack.vm_run import run_in_vm

TRANSPORTS = ('bluez', 'hci_user')  # a round each: the guest's BENCH rounds bench_TRANSPORT (Tests/vm/guest/scenarios.py)
INTERRUPTIONS = ('bluez_adapter_replug', 'bluez_power_cycle', 'bluez_bluetoothd_restart')
ROWS = [('launch → first sample, each of 4 straps (median of all)', 'launch_to_first_sample_s', True),
        ('launch → first sample of the last of the 4 straps', 'launch_to_all_straps_s', False),
        ("a strap's return → its first sample", 'return_to_first_sample_s', False),
        ('adapter back → first sample, each strap (median of all)', 'adapter_back_to_first_sample_s', True)]


def median(values):
    values = [v for v in values if v is not None]
    return f'{statistics.median(values):.2f} s' if values else 'none'


def values_of(results, name, key, rounds, per_strap):
    values = []
    for round_ in range(1, rounds + 1):
        value = results.get(f'{name}/{round_}', {}).get('figures', {}).get(key)
        values += value if per_strap and isinstance(value, list) else [value]
    return values


def run_release(release, rounds, interruption_rounds):
    """Both runs of one release: (the bench rounds' results, the interruptions' run, failures)."""
    failed = 0
    bench = run_in_vm([f'bench_{t}' for t in TRANSPORTS], rounds=rounds, release=release, name='bench')
    versions = ', '.join(bench.results['guest'].get('versions', []))
    print(f'\n{release} ({versions}): {rounds} rounds per transport, {bench.seconds:.0f} s of VM time')
    results = bench.results['scenarios']
    for key, result in sorted(results.items()):
        if not result['passed']:
            failed += 1
            print(f'  {key}: a round did not record every strap: {[c["what"] for c in result["checks"] if not c["ok"]]} '
                  f'{result.get("error") or ""}', file=sys.stderr)
    for transport in TRANSPORTS:
        firsts = values_of(results, f'bench_{transport}', 'launch_to_first_sample_s', rounds, True)
        record(release, f'{transport}_first_sample_s', [v for v in firsts if v is not None])
    interruptions = None
    if interruption_rounds:
        interruptions = run_in_vm(list(INTERRUPTIONS), rounds=interruption_rounds, release=release, name='interruptions')
        for key, result in sorted(interruptions.results['scenarios'].items()):
            if not result['passed']:
                failed += 1
                print(f'  {key}: {[c["what"] for c in result["checks"] if not c["ok"]]} {result.get("error") or ""}',
                      file=sys.stderr)
    return bench, interruptions, failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--interruptions', type=int, default=5, help='runs of each interruption scenario (0: none)')
    parser.add_argument('--release', action='append', choices=RELEASES, help='only this release (repeatable)')
    args = parser.parse_args()
    releases = args.release or list(RELEASES)
    runs = {release: run_release(release, args.rounds, args.interruptions) for release in releases}
    failed = sum(f for _, _, f in runs.values())
    print(f'\nSideline on the real stack in a TCG-emulated VM, medians of {args.rounds} rounds')
    header = ''.join(f' {release + " " + t.replace("_", "-"):>22}' for release in releases for t in TRANSPORTS)
    print(f'{"figure":58}{header}')
    for label, key, per_strap in ROWS:
        cells = [median(values_of(runs[release][0].results['scenarios'], f'bench_{t}', key, args.rounds, per_strap))
                 for release in releases for t in TRANSPORTS]
        print(f'{label:58}' + ''.join(f' {c:>22}' for c in cells))
    if args.interruptions:
        print(f'\nInterruptions through bluetoothd, {args.interruptions} runs each '
              '(kernel oopses / runs; runs that recorded both straps again / runs):')
        for release in releases:
            run = runs[release][1]
            oopsed, scenarios = run.results.get('oopsed', {}), run.results['scenarios']
            cells = []
            for name in INTERRUPTIONS:
                keys = [k for k in scenarios if k.split('/')[0] == name]
                oopses = len([k for k in oopsed if k.split('/')[0] == name]) + len([k for k in keys if scenarios[k].get('kernel_oops')])
                again = len([k for k in keys if all(c['ok'] for c in scenarios[k]['checks'] if 'recorded again' in c['what'])
                             and any('recorded again' in c['what'] for c in scenarios[k]['checks'])])
                cells.append(f'{name.removeprefix("bluez_")}: {oopses} oopses / {len(keys) + len([k for k in oopsed if k.split("/")[0] == name])}, '
                             f'recorded again {again}/{len(keys)}')
            print(f'  {release}: ' + '; '.join(cells))
            record(release, 'kernel_oopses', len(oopsed) + len([k for k in scenarios if scenarios[k].get('kernel_oops')]),
                   note=str(len(scenarios) + len(oopsed)))
            for key, first in sorted(oopsed.items()):
                print(f'    {key}: the guest kernel oopsed; the run went again in a fresh boot:\n{first["kernel_oops"]}',
                      file=sys.stderr)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
