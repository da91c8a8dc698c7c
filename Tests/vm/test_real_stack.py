"""Sideline on the real Linux Bluetooth stack: Debian's kernel (hci_vhci) and bluetoothd 5.66 in a
VM, bumble's emulated straps on /dev/vhci. One boot runs every scenario (Tests/vm/guest/scenarios.py);
each is one test here. On a failure the scenario's failed checks and the tails of its logs (sideline's
output, bluetoothd, btmon, the straps) are printed; everything is kept in .build-vm/results/."""
import json

import pytest
from scenarios import SCENARIOS

LOG_TAILS = ['record.stderr', 'scan.txt', 'kiosk.txt', 'bluetoothd.txt', 'straps.txt', 'btmon.txt']


def tail(path, lines=40):
    return '\n'.join(path.read_text(errors='replace').splitlines()[-lines:])


# Known faults fixed on other branches: strict, so the test turns red when the fix lands and the mark must go.
PENDING = {'hci_user_exit_leaves_straps_free': 'issue 11 §2.2: the HCI host sends only the first Disconnect and '
                                               'leaves scanning on at exit (fixed on branch hci)'}


@pytest.mark.parametrize('name', [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=PENDING[n])) if n in PENDING else n
                                  for n in SCENARIOS])
def test_scenario(name, vm):
    guest_error = vm.results['guest'].get('error')
    assert not guest_error, f'the guest could not set up the stack:\n{guest_error}\n--- console\n{vm.console_tail()}'
    result = vm.results['scenarios'].get(name)
    assert result, f'{name} never reported (VM exit {vm.status}); console:\n{vm.console_tail()}'
    folder = vm.folder / name
    print(f'{name}: {result["seconds"]} s of VM time; figures {json.dumps(result["figures"])}')
    if result.get('kernel_oops'):
        # A guest kernel bug, not Sideline's (docs/DESIGN.md); the scenarios after it ran in a fresh boot.
        print(f'the guest kernel oopsed during {name}:\n{result["kernel_oops"]}')
    if result['passed']:
        return
    for log in LOG_TAILS:
        if (folder / log).exists():
            print(f'--- {log} (tail; all of it in {folder})\n{tail(folder / log)}')
    failed = [f'{c["what"]}: {c["seen"]}' for c in result['checks'] if not c['ok']]
    pytest.fail('\n'.join(failed + ([f'error: {result["error"]}'] if result['error'] else [])), pytrace=False)
