#!/usr/bin/env python3
"""`make bench-vm`: Sideline's Bluetooth delays on the real Linux stack (TCG-emulated VM: slow CPU,
real kernel and bluetoothd), per transport, medians of N rounds (default 3). Each round records
4 emulated straps for 40 s: launch → first sample of each strap, a strap that drops and returns →
its first sample again, the adapter unplugged and back → first sample of the straps. Prints the
figures; the guest's logs stay in .build-vm/results/ (bench_TRANSPORT-ROUND/)."""
import argparse
import statistics
import sys

from sideline_testkit.realstack.vm_run import run_in_vm

TRANSPORTS = ('bluez', 'hci_user')  # a round each: the guest's BENCH rounds bench_TRANSPORT (Tests/vm/guest/scenarios.py)


def median(values):
    values = [v for v in values if v is not None]
    return f'{statistics.median(values):.2f} s' if values else 'none'


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--rounds', type=int, default=3)
    args = parser.parse_args()
    run = run_in_vm([f'bench_{transport}' for transport in TRANSPORTS], rounds=args.rounds)
    results = run.results['scenarios']
    if not results:
        print(f'the VM ran no round (exit {run.status}):\n{run.console_tail()}', file=sys.stderr)
        return 1
    print(f'Sideline on the real stack in a TCG-emulated VM ({args.rounds} rounds per transport, '
          f'{run.seconds:.0f} s of VM time; {", ".join(run.results["guest"].get("versions", []))})')
    print(f'{"figure":58} {"bluez:hci0":>12} {"hci-user:hci0":>14}')
    rows = [('launch → first sample, each of 4 straps (median of all)', 'launch_to_first_sample_s', True),
            ('launch → first sample of the last of the 4 straps', 'launch_to_all_straps_s', False),
            ("a strap's return → its first sample", 'return_to_first_sample_s', False),
            ('adapter back → first sample, each strap (median of all)', 'adapter_back_to_first_sample_s', True)]
    failed = 0
    for label, key, per_strap in rows:
        cells = []
        for transport in TRANSPORTS:
            values = []
            for round_ in range(1, args.rounds + 1):
                result = results.get(f'bench_{transport}/{round_}', {})
                value = result.get('figures', {}).get(key)
                values += value if per_strap and isinstance(value, list) else [value]
            cells.append(median(values))
        print(f'{label:58} {cells[0]:>12} {cells[1]:>14}')
    for key, first in sorted(run.results.get('oopsed', {}).items()):
        print(f'{key}: the guest kernel oopsed (docs/DESIGN.md); the round ran again in a fresh boot:\n'
              f'{first["kernel_oops"]}', file=sys.stderr)
    for key, result in sorted(results.items()):
        if not result['passed']:
            failed += 1
            print(f'{key}: a round did not record every strap: '
                  f'{[c["what"] for c in result["checks"] if not c["ok"]]} {result.get("error") or ""}', file=sys.stderr)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
