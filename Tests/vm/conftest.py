"""Two VM boots for the whole real-stack suite, each running exactly the scenarios pytest selected
of it, on the release $SIDELINE_VM_RELEASE (trixie when unset): the VM as fast as the host lets it
(`test_scenario`), and the VM capped at THROTTLED_CORES of the host's CPU, a slow board whatever
else the host runs (`test_slow_scenario`). Their first-sample figures, the slow VM's speed against
the host's, and the guest kernel's oopses go to the run's figures (sideline_testkit.figures)."""
import subprocess
import sys

import pytest
from guest.scenarios import THROTTLED_CORES

from sideline_testkit.figures import record
from sideline_testkit.realstack.guest_runner import CPU_LOOP
from sideline_testkit.realstack.vm_run import run_in_vm

# The run's figure key for each (scenario, launch → first sample figure it records), idle and throttled.
FIRST_SAMPLES = {('bluez_team', 'launch_to_first_sample_s'): 'bluez_first_sample_s',
                 ('hci_user_team', 'launch_to_first_sample_s'): 'hci_user_first_sample_s',
                 ('slow_bluez_team_again', 'launch_to_first_sample_s'): 'slow_bluez_first_sample_s',
                 ('slow_bluez_team_again', 'again_launch_to_first_sample_s'): 'slow_bluez_again_first_sample_s',
                 ('slow_hci_user_team', 'launch_to_first_sample_s'): 'slow_hci_user_first_sample_s',
                 ('slow_bluez_scan_then_record', 'launch_to_first_sample_s'): 'slow_bluez_after_scan_first_sample_s'}


def record_figures(result):
    scenarios = result.results['scenarios']
    for (name, figure), key in FIRST_SAMPLES.items():
        firsts = scenarios.get(name, {}).get('figures', {}).get(figure)
        if firsts:
            record(result.release, key, firsts)
    oopsed = result.results.get('oopsed', {})
    again = [name for name, verdict in scenarios.items() if verdict.get('kernel_oops')]
    record(result.release, 'kernel_oopses', len(oopsed) + len(again), note=str(len(scenarios) + len(oopsed)))


def selected(request, test_name):
    return [item.callspec.params['name'] for item in request.session.items
            if item.originalname == test_name and getattr(item, 'callspec', None) and 'name' in item.callspec.params]


def boot(names, cpu_limit=None, name='results'):
    result = run_in_vm(names, cpu_limit=cpu_limit, name=name)
    speed = f', capped at {cpu_limit} cores' if cpu_limit else ''
    print(f'\nVM ({result.release}{speed}: {" ".join(result.results["guest"].get("versions", []))}): image ready in '
          f'{result.image_seconds:.0f} s; {len(names)} scenarios in {result.seconds:.0f} s of VM time', file=sys.stderr)
    record_figures(result)
    return result


@pytest.fixture(scope='session')
def vm(request):
    """The VM run of every selected `test_scenario[NAME]`; boots once, on first use."""
    return boot(selected(request, 'test_scenario'))


@pytest.fixture(scope='session')
def slow_vm(request):
    """The throttled VM's run of every selected `test_slow_scenario[NAME]`; boots once, on first use.
    Its speed is told as the ratio of one Python loop's time in the guest to the host's."""
    result = boot(selected(request, 'test_slow_scenario'), cpu_limit=THROTTLED_CORES, name='results-slow')
    guest = result.results['guest'].get('cpu_loop_s')
    host = float(subprocess.run([sys.executable, '-c', CPU_LOOP], capture_output=True, text=True, timeout=120).stdout)
    if guest:
        record(result.release, 'slow_cpu_loop_ratio', round(guest / host, 1))
        print(f'slow VM: the Python loop takes {guest:.2f} s in the guest, {host:.2f} s on the host ({guest / host:.1f}×)',
              file=sys.stderr)
    return result
