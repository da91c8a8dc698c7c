"""Two boots of the appliance VM for the whole suite (Tests/appliance/test_appliance.py, in file
order): the first installs the package and ends with a power cut mid-session, the second powers on
again and runs every other check. Everything (screendumps, consoles, journals) is kept in
.build-vm/appliance/results/ ($SIDELINE_APPLIANCE_RESULTS)."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from sideline_testkit.appliance.machine import Machine
from sideline_testkit.appliance.screens import References
from sideline_testkit.paths import PACKAGING, ROOT, STATIC_BINARY, VM_SCRIPTS

LIMIT_S = 900  # each boot's hard limit (deploy/scripts/vm/boot.sh adds 120 s); the suite's own waits are shorter


class Appliance:
    """What the tests share: the package, the references, the results folder and the current boot."""

    def __init__(self):
        self.results = Path(os.environ.get('SIDELINE_APPLIANCE_RESULTS') or ROOT / '.build-vm/appliance/results')
        shutil.rmtree(self.results, ignore_errors=True)
        self.results.mkdir(parents=True)
        self.binary = Path(os.environ.get('SIDELINE_VM_BIN') or STATIC_BINARY)
        deb = os.environ.get('SIDELINE_DEB')
        if not deb:
            deb = subprocess.run([str(PACKAGING / 'deb.sh')], check=True, capture_output=True, text=True).stdout.split()[-1]
        self.deb = Path(deb).resolve().relative_to(ROOT)  # the guest sees the checkout at /sideline
        subprocess.run([str(PACKAGING / 'deb-repo.sh'), str(ROOT / self.deb), str(ROOT / '.build-vm/appliance/repo')], check=True)
        subprocess.run([str(VM_SCRIPTS / 'build-image.sh')], check=True)
        self.references = References(self.binary, self.results / 'references')
        self.disk = self.results / 'disk.qcow2'
        self.machine = None
        self.boots = 0
        self.facts = {}  # what one test leaves for a later one (the power cut's last second)
        self.shots = 0

    def boot(self):
        self.boots += 1
        self.machine = Machine(self.results / f'boot{self.boots}', self.disk, LIMIT_S)
        return self.machine

    def screendump(self, name):
        self.shots += 1
        return self.machine.monitor.screendump(self.results / f'{self.shots:02d}-{name}.png')

    def stop(self):
        if self.machine:
            try:
                self.machine.agent.sh('journalctl -b --no-pager > /out/journal.txt', check=False, timeout=60)
            except Exception:  # noqa: BLE001 — the guest may be gone; the console is kept anyway
                pass
            self.machine.stop()


@pytest.fixture(scope='session')
def appliance():
    a = Appliance()
    yield a
    a.stop()
