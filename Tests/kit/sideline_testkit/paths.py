"""Where things are in the checkout, named once for every suite (the VM guests see it at /sideline)."""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PACKAGING = ROOT / 'deploy/package'  # the .deb: debian/, deb.sh, deb-repo.sh, release-build.sh
SCRIPTS = ROOT / 'deploy/scripts'    # what make runs: set-up, tests, demo, the VMs, the kiosk flows
KIOSK_FLOWS = SCRIPTS / 'kiosk'      # demo-flow.kiosk, flows/*.kiosk, play-flow.sh
VM_SCRIPTS = SCRIPTS / 'vm'          # build-image.sh, boot.sh, test-vm.sh
STATIC_BINARY = ROOT / '.build-static/release/sideline'  # release-build.sh's: what the VMs and the package run
RELEASES = ('trixie', 'bookworm')    # the Debian releases the package and the VMs are proven on; the first is the main line


def vm_release():
    """The Debian release the VM suites boot: $SIDELINE_VM_RELEASE, else the main line."""
    release = os.environ.get('SIDELINE_VM_RELEASE') or RELEASES[0]
    if release not in RELEASES:
        raise ValueError(f'SIDELINE_VM_RELEASE is one of {RELEASES}, not {release!r}')
    return release


def vm_folder(release=None):
    """The VM suites' own folder for a release, in the checkout (the guest sees it through the
    source share): the image's link, results, the package's dependency repository."""
    return ROOT / '.build-vm' / (release or vm_release())


def cache_folder():
    """What outlives a checkout, so reruns, other checkouts and CI's fresh clones reuse it (VM
    images, minimal roots, apt's views of each release): $SIDELINE_CACHE, else ~/.cache/sideline —
    as deploy/scripts/apt-release.sh and deploy/scripts/vm/build-image.sh have it."""
    explicit = os.environ.get('SIDELINE_CACHE')
    return Path(explicit) if explicit else Path(os.environ.get('XDG_CACHE_HOME') or Path.home() / '.cache') / 'sideline'
