"""The guest side of the real-stack tests, run by Tests/vm/guest/main.py (the script the image's rig
init runs: deploy/scripts/vm/boot.sh --run Tests/vm/guest/main.py) with the scenarios by name.
Reads /out/plan.json — {"scenarios": [names], "rounds": N,
"record_seconds": S, "binary": file name in /sideline-bin, "limit_s": per scenario} — runs each
scenario N times on a fresh hci0, and writes /out/results.json after every one:
{"scenarios": {name or name/round: {passed, checks, figures, seconds, error, kernel_oops}},
 "oopsed": {name: the first attempt's verdict, when the kernel oopsed during it}, "guest": {...}}.
Scenarios already in /out/results.json are skipped. When the guest kernel oopses during a scenario
the guest stops (exit 3) and the host boots again: a scenario's first oops is set aside (in "oopsed",
its logs in /out/NAME-oopsed/) and the scenario runs again in the fresh boot; an oops on that second
run fails it.
Each scenario's logs (btmon, bluetoothd, straps, sideline's output, export) are in /out/NAME/."""
import json
import shutil
import signal
import time
import traceback
from pathlib import Path

from sideline_testkit.realstack.checks import Checks
from sideline_testkit.realstack.context import Context
from sideline_testkit.realstack.sideline_cli import Sideline
from sideline_testkit.realstack.stack import Processes, Stack, status_and_output

OUT = Path('/out')


# Debian 6.1's kernel can oops in hci_chan_del when an L2CAP socket is released while its
# connection is torn down (docs/DESIGN.md: a race fixed upstream, not in 6.1). A kernel that has
# oopsed may hold Bluetooth's locks: what follows gets a fresh boot.
OOPS = ('kernel BUG at', 'Oops:', 'general protection fault', 'list_del corruption', 'BUG: unable to handle')
END_OF_OOPS = '---[ end trace'
RESTART_STATUS = 3  # the host (vm_run.py) boots again on it
LOCAL_BINARY = '/tmp/sideline'  # the rig's /tmp is a tmpfs


class ScenarioTimeout(Exception):
    pass


# How fast the guest's CPU is, told by one fixed loop of Python timed in the guest and on the host:
# their ratio says how much slower than the workstation the VM runs (a Pi 4 core is 4-10x slower
# than it, docs/DESIGN.md), whatever the workstation.
CPU_LOOP = 'import time; t = time.perf_counter(); sum(range(10_000_000)); print(time.perf_counter() - t)'


def cpu_loop_seconds():
    """Seconds the guest takes for CPU_LOOP (the median of three), before any scenario runs."""
    import statistics
    import subprocess
    import sys
    runs = [float(subprocess.run([sys.executable, '-c', CPU_LOOP], capture_output=True, text=True, timeout=300).stdout)
            for _ in range(3)]
    return round(statistics.median(runs), 3)


def kernel_oops():
    """The kernel's first oops report since boot (its lines up to the end of the trace), if any."""
    _, log = status_and_output(['dmesg'])
    lines = log.splitlines()
    first = next((n for n, line in enumerate(lines) if any(mark in line for mark in OOPS)), None)
    if first is None:
        return None
    last = next((n for n in range(first, len(lines)) if END_OF_OOPS in lines[n]), min(len(lines), first + 40) - 1)
    return '\n'.join(lines[first:last + 1])


def on_alarm(_signum, _frame):
    raise ScenarioTimeout()


def run_plan(known):
    """Runs /out/plan.json's scenarios, each looked up by name in `known` (name → function(ctx,
    checks)); the guest's exit status."""
    started = time.monotonic()
    plan = json.loads((OUT / 'plan.json').read_text())
    previous = OUT / 'results.json'
    results = json.loads(previous.read_text()) if previous.exists() else {'scenarios': {}, 'guest': {}}
    results.setdefault('oopsed', {})
    results['guest'].update(uptime_at_start_s=float(Path('/proc/uptime').read_text().split()[0]), error=None)
    save = lambda: (OUT / 'results.json').write_text(json.dumps(results, indent=1))  # noqa: E731
    processes = Processes()
    stack = Stack(processes)
    binary = LOCAL_BINARY
    try:
        stack.boot()
        # Run from the guest's memory, not the 9p share: under TCG a start from the share took
        # 1.3–7 s (every page of the 100 MB static binary read through 9p), from tmpfs 0.3–0.8 s —
        # seconds the first-sample figures would otherwise count as Sideline's.
        shutil.copy(Path('/sideline-bin') / plan.get('binary', 'sideline'), binary)
        missing = Sideline(binary, OUT).missing_libraries()
        if missing:
            raise RuntimeError(f'the image lacks libraries sideline needs: {", ".join(missing)}')
        _, versions = status_and_output(['sh', '-c', "uname -r; bluetoothd --version; /opt/bumble/bin/pip show bumble | sed -n 's/^Version: //p'"])
        results['guest']['versions'] = versions.split()  # kernel, bluetoothd, bumble
        results['guest']['cpu_loop_s'] = cpu_loop_seconds()
    except Exception:  # noqa: BLE001  (the host test reports it)
        results['guest']['error'] = traceback.format_exc()
        save()
        processes.stop_all()
        return 1
    signal.signal(signal.SIGALRM, on_alarm)
    rounds = plan.get('rounds', 1)
    for name in plan['scenarios']:
        for round_ in range(1, rounds + 1):
            key = name if rounds == 1 else f'{name}/{round_}'
            if key in results['scenarios']:
                continue
            folder = OUT / key.replace('/', '-')
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            print(f'== {key}', flush=True)
            checks = Checks()
            ctx = Context(stack, Sideline(binary, folder), folder, plan.get('record_seconds', 30))
            t0 = time.monotonic()
            error = None
            signal.alarm(plan.get('limit_s', 240))
            try:
                if name not in known:
                    raise KeyError(f'no scenario {name}')
                known[name](ctx, checks)
            except ScenarioTimeout:
                error = f'scenario did not finish within {plan.get("limit_s", 240)} s'
            except Exception:  # noqa: BLE001  (reported as the scenario's error)
                error = traceback.format_exc()
            finally:
                signal.alarm(0)
                try:
                    ctx.tear_down()
                except Exception:  # noqa: BLE001
                    error = (error or '') + '\ntear-down: ' + traceback.format_exc()
            verdict = checks.as_dict()
            verdict.update(seconds=round(time.monotonic() - t0, 1), error=error, kernel_oops=kernel_oops())
            verdict['passed'] = verdict['passed'] and error is None and not verdict['kernel_oops']
            if verdict['kernel_oops'] and key not in results['oopsed']:
                # The kernel's fault, not the scenario's verdict: set aside, run again in a fresh boot.
                results['oopsed'][key] = verdict
                shutil.rmtree(folder.with_name(folder.name + '-oopsed'), ignore_errors=True)
                folder.rename(folder.with_name(folder.name + '-oopsed'))
                save()
                print(f'   the guest kernel oopsed:\n{verdict["kernel_oops"]}\n   {key} runs again in a fresh boot', flush=True)
                processes.stop_all()
                return RESTART_STATUS
            results['scenarios'][key] = verdict
            save()
            if verdict['kernel_oops']:
                print(f'   FAILED: the guest kernel oopsed again:\n{verdict["kernel_oops"]}\n   the rest runs in a fresh boot',
                      flush=True)
                processes.stop_all()
                return RESTART_STATUS
            print(f'   {"passed" if verdict["passed"] else "FAILED"} in {verdict["seconds"]} s', flush=True)
            for item in checks.items:
                if not item['ok']:
                    print(f'   failed: {item["what"]}: {item["seen"][:300]}', flush=True)
            if error:
                print(f'   error: {error[-600:]}', flush=True)
    processes.stop_all()
    results['guest']['seconds'] = round(results['guest'].get('seconds', 0) + time.monotonic() - started, 1)
    save()
    return 0
