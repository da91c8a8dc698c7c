"""The host side of one real-stack VM run: the release's image (deploy/scripts/vm/build-image.sh,
cached), one boot (deploy/scripts/vm/boot.sh) that runs Tests/vm/guest/main.py over a plan, and the
guest's results. Used by the pytest suite (Tests/vm/test_real_stack.py) and by `make bench-vm`
(Benchmarks/vm/bench_vm.py)."""
import json
import os
import shutil
import subprocess
import time
from pathlib import Path

from sideline_testkit.paths import STATIC_BINARY, VM_SCRIPTS, vm_folder, vm_release
from sideline_testkit.realstack.guest_runner import RESTART_STATUS

GUEST_MAIN = 'Tests/vm/guest/main.py'  # relative to the checkout, which the guest sees at /sideline


def sideline_binary():
    """The release binary the guest runs: $SIDELINE_VM_BIN, else the static build
    (deploy/package/release-build.sh)."""
    return Path(os.environ.get('SIDELINE_VM_BIN') or STATIC_BINARY)


def results_folder(release, name='results'):
    """Where one run's logs go: .build-vm/RELEASE/NAME (under $SIDELINE_VM_RESULTS instead when set)."""
    return Path(os.environ.get('SIDELINE_VM_RESULTS') or vm_folder(release)) / name


def image(release):
    """The release's image folder, built first if its inputs changed (build-image.sh prints it last)."""
    out = subprocess.run([str(VM_SCRIPTS / 'build-image.sh'), release], check=True, stdout=subprocess.PIPE, text=True).stdout
    return Path(out.split()[-1])


class VMRun:
    """What one boot left: the guest's results.json, its console and every scenario's folder."""

    def __init__(self, release, folder, status, seconds, image_seconds):
        self.release, self.folder, self.status, self.seconds, self.image_seconds = release, folder, status, seconds, image_seconds
        results = folder / 'results.json'
        self.results = json.loads(results.read_text()) if results.exists() else {'scenarios': {}, 'guest': {}}

    def console_tail(self, lines=60):
        console = self.folder / 'console.txt'
        return '\n'.join(console.read_text(errors='replace').splitlines()[-lines:]) if console.exists() else '(no console)'


def run_in_vm(scenarios, rounds=1, record_seconds=30, limit_s=240, release=None, name='results', cpu_limit=None):
    """Builds the release's image if needed, boots once, runs `scenarios` (each `rounds` times) in
    the guest. `release`: bookworm or trixie (default: $SIDELINE_VM_RELEASE, else trixie); `name`:
    the run's folder under .build-vm/RELEASE/; `cpu_limit`: the whole VM capped at that many of the
    host's cores (boot.sh --cpu-limit), a slow board whatever else the host runs."""
    release = release or vm_release()
    binary = sideline_binary()
    if not os.access(binary, os.X_OK):
        raise FileNotFoundError(f'no sideline binary at {binary}; build it with '
                                'deploy/package/release-build.sh')
    t0 = time.monotonic()
    image_folder = image(release)
    image_seconds = time.monotonic() - t0
    folder = results_folder(release, name)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    plan = {'scenarios': list(scenarios), 'rounds': rounds, 'record_seconds': record_seconds,
            'binary': binary.name, 'limit_s': limit_s}
    (folder / 'plan.json').write_text(json.dumps(plan))
    guest_limit = 60 + limit_s * len(plan['scenarios']) * rounds
    t1 = time.monotonic()
    # One boot; another after each guest kernel oops (guest exit 3) for the scenario it hit, once
    # more, and those left. Each scenario runs at most twice, so this many boots always suffice.
    for boot in range(1, 2 * len(plan['scenarios']) * rounds + 2):
        status = subprocess.run([str(VM_SCRIPTS / 'boot.sh'), '--image', str(image_folder), '--run', GUEST_MAIN, '--out', str(folder),
                                 '--bin', str(binary), '--timeout', str(guest_limit)]
                                + (['--cpu-limit', str(cpu_limit)] if cpu_limit else [])).returncode
        shutil.copy(folder / 'console.txt', folder / f'console-boot{boot}.txt')
        if status != RESTART_STATUS:
            break
    return VMRun(release, folder, status, time.monotonic() - t1, image_seconds)
