"""One VM boot for the whole real-stack suite: the boot runs exactly the scenarios pytest selected,
on the release $SIDELINE_VM_RELEASE (trixie when unset). Its first-sample figures and the guest
kernel's oopses go to the run's figures (sideline_testkit.figures)."""
import sys

import pytest

from sideline_testkit.figures import record
from sideline_testkit.realstack.vm_run import run_in_vm


def record_figures(result):
    scenarios = result.results['scenarios']
    for transport in ('bluez', 'hci_user'):
        firsts = scenarios.get(f'{transport}_team', {}).get('figures', {}).get('launch_to_first_sample_s')
        if firsts:
            record(result.release, f'{transport}_first_sample_s', firsts)
    oopsed = result.results.get('oopsed', {})
    again = [name for name, verdict in scenarios.items() if verdict.get('kernel_oops')]
    record(result.release, 'kernel_oopses', len(oopsed) + len(again), note=str(len(scenarios) + len(oopsed)))


@pytest.fixture(scope='session')
def vm(request):
    """The VM run of every selected `test_scenario[NAME]`; boots once, on first use."""
    names = [item.callspec.params['name'] for item in request.session.items
             if getattr(item, 'callspec', None) and 'name' in item.callspec.params]
    result = run_in_vm(names)
    print(f'\nVM ({result.release}: {" ".join(result.results["guest"].get("versions", []))}): image ready in '
          f'{result.image_seconds:.0f} s; {len(names)} scenarios in {result.seconds:.0f} s of VM time', file=sys.stderr)
    record_figures(result)
    return result
