"""Where things are in the checkout, named once for every suite (the VM guests see it at /sideline)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PACKAGING = ROOT / 'deploy/package'  # the .deb: debian/, deb.sh, deb-repo.sh, release-build.sh
SCRIPTS = ROOT / 'deploy/scripts'    # what make runs: set-up, tests, demo, the VMs, the kiosk flows
KIOSK_FLOWS = SCRIPTS / 'kiosk'      # demo-flow.kiosk, flows/*.kiosk, play-flow.sh
VM_SCRIPTS = SCRIPTS / 'vm'          # build-image.sh, boot.sh, test-vm.sh
STATIC_BINARY = ROOT / '.build-static/release/sideline'  # release-build.sh's: what the VMs and the package run
