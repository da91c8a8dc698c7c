"""The appliance suites' boards. test_appliance.py: two boots of one board of the release
$SIDELINE_VM_RELEASE (trixie when unset), in file order — the first installs the package and ends
with a power cut mid-session, the second powers on again and runs every other check.
test_upgrade.py: a bookworm board with Sideline, upgraded in place to trixie. Everything
(screendumps, consoles, journals) is kept in .build-vm/RELEASE/appliance/ and
.build-vm/upgrade/ ($SIDELINE_APPLIANCE_RESULTS for the first)."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from sideline_testkit.appliance.board import Board, dependency_repository, image
from sideline_testkit.appliance.club_server import ClubServer
from sideline_testkit.appliance.screens import References
from sideline_testkit.paths import PACKAGING, ROOT, STATIC_BINARY, vm_folder, vm_release


@pytest.fixture(scope='session')
def deb():
    """The package under test: $SIDELINE_DEB (deploy/scripts/test.sh sets it), else `make deb`'s."""
    path = os.environ.get('SIDELINE_DEB')
    if not path:
        path = subprocess.run([str(PACKAGING / 'deb.sh')], check=True, capture_output=True, text=True).stdout.split()[-1]
    return Path(path).resolve()


@pytest.fixture(scope='session')
def references():
    """The kiosk's own headless renderings of every screen the suites expect (screens.py)."""
    return References(Path(os.environ.get('SIDELINE_VM_BIN') or STATIC_BINARY), ROOT / '.build-vm/references')


class Appliance(Board):
    """The suite's board: the package, its dependency closure, and what one test leaves for a later one."""

    def __init__(self, deb, references):
        self.release = vm_release()
        results = Path(os.environ.get('SIDELINE_APPLIANCE_RESULTS') or vm_folder(self.release) / 'appliance')
        shutil.rmtree(results, ignore_errors=True)
        self.deb = deb.relative_to(ROOT)  # the guest sees the checkout at /sideline
        self.repo = dependency_repository(deb, self.release, vm_folder(self.release) / 'repo')
        super().__init__(results, image(self.release), references)
        self.facts = {}  # what one test leaves for a later one (the power cut's last second)


@pytest.fixture(scope='module')
def appliance(deb, references):
    a = Appliance(deb, references)
    yield a
    a.stop()


@pytest.fixture(scope='module')
def club_server(appliance):
    """The club the board joins, on the host (club_server.py): made when a test first asks for it."""
    server = ClubServer(appliance.results / 'club', 'Riverside FC')
    yield server
    server.stop()
