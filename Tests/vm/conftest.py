"""One VM boot for the whole real-stack suite: the boot runs exactly the scenarios pytest selected."""
import sys

import pytest

from sideline_testkit.realstack.vm_run import run_in_vm


@pytest.fixture(scope='session')
def vm(request):
    """The VM run of every selected `test_scenario[NAME]`; boots once, on first use."""
    names = [item.callspec.params['name'] for item in request.session.items
             if getattr(item, 'callspec', None) and 'name' in item.callspec.params]
    result = run_in_vm(names)
    print(f'\nVM: image ready in {result.image_seconds:.0f} s; {len(names)} scenarios in {result.seconds:.0f} s of VM time',
          file=sys.stderr)
    return result
