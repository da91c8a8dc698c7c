#!/usr/bin/env python3
"""make bench-instructions: issue 34's table, each figure as instructions per unit.

Every row runs N and 2N units of its figure under valgrind's callgrind and prints
(cost(2N) - cost(N)) / N, so the process's start, the store's opening and the set-up
before the first unit cancel; beside it the figure's CPU time per unit on this machine
(a native run's median), its target, and a Raspberry Pi 4 / Pi 5 estimate:

    time = instructions x r / (IPC x clock)
    r (AArch64 / x86-64 instruction count) 1.0-1.3
    Pi 4 (Cortex-A72): IPC 0.6-1.2 at 1.5-1.8 GHz; Pi 5 (Cortex-A76): IPC 0.9-1.8 at 2.4 GHz

Counted as docs/DESIGN.md "The board" says: on `objcopy --strip-debug` copies (valgrind 3.19
cannot read Swift's DWARF 5), with glibc's rep movsb/stosb thresholds out of reach so a copy
counts as its loop would on AArch64. The launch row is one whole `sideline` process (headless,
800x480, the team picker's first frame, then it quits): there start-up is the figure, so it counts the
binary the board runs — release-build.sh's, the Swift runtime linked in (--static-release) — not the
dynamically linked one the other rows use. Where its instructions go: launch_profile.py.

With --arch arm64 the same rows are counted on the arm64 build (deploy/package/arm64/build.sh):
each run under qemu-user (`qemu-aarch64`, bookworm's 7.2, on the arm64 trixie root of
deploy/package/arm64/toolchain.sh) with qemu_instruction_count.c as its TCG plugin, which counts
every guest instruction executed — AArch64's own count, so r above is measured, not assumed. No
CPU time is printed for it (emulated time means nothing).

Not a test: it prints, it does not judge. Run from the repository root after a release build of
sideline and sideline-bench (the Makefile's target does both).
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TUNABLES = "glibc.cpu.x86_rep_movsb_threshold=4294967295:glibc.cpu.x86_rep_stosb_threshold=4294967295"

# name, how it is run, N, target (instructions), what one unit is
ROWS = [
    ("review summary, 2 h x 30 players (NN cached)", "bench:review-summary", 1, 150e6),
    ("first analysis of that session", "bench:first-analysis", 1, 1e9),
    ("season table, 40 players x 300 sessions", "bench:season-table", 2, 100e6),
    ("one heart-rate event through the reducer (AppCore alone)", "kiosk:event-reducer", 800, 3e3),
    # The whole path writes a SQLite row a reading: the 3 k is the reducer's target (docs/BENCHMARKS.md).
    ("the loop applying one heart-rate event (whole path)", "kiosk:event", 800, None),
    ("live frame, 40 tiles 800x480, as drawn", "kiosk:live-frame-800x480", 60, 0.6e6),
    ("live frame, 40 tiles 1920x1080, full redraw", "kiosk:live-frame-1920x1080-full", 60, 5e6),
    ("launch to first frame (50 players, 200 sessions)", "launch", None, 60e6),
]
# Rows counted inside one function only (callgrind's --toggle-collect: that function and what it
# calls, on whichever thread; the harness around it and the app's other threads not counted).
# qemu-user's plugin cannot: there the row is the whole unit.
COLLECT = {
    "kiosk:event-reducer": "$s7AppCore0A7ReducerO6reduceySay*",  # AppReducer.reduce(_:_:)
}


def human(n):
    for scale, suffix in ((1e9, " G"), (1e6, " M"), (1e3, " k")):
        if abs(n) >= scale:
            return f"{n / scale:.3g}{suffix}"
    return f"{n:.0f}"


def seconds(s):
    for scale, suffix in ((1, " s"), (1e-3, " ms"), (1e-6, " µs")):
        if s >= scale:
            return f"{s / scale:.3g}{suffix}"
    return f"{s / 1e-9:.3g} ns"


def pi_estimate(instructions, r=(1.0, 1.3)):
    """(Pi 4 low, Pi 4 high, Pi 5 low, Pi 5 high) in seconds; `r` (1.0, 1.0) for AArch64's own count."""
    return (instructions * r[0] / (1.2 * 1.8e9), instructions * r[1] / (0.6 * 1.5e9),
            instructions * r[0] / (1.8 * 2.4e9), instructions * r[1] / (0.9 * 2.4e9))


class Callgrind:
    """x86-64's count: valgrind's callgrind on this machine."""
    arch, timed = "x86-64", True

    def prefix(self, out, collect=None):
        return ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-instr=no"] + \
            ([f"--toggle-collect={collect}"] if collect else [])

    def runner(self):
        return []

    def instructions(self, out, process):
        with open(out) as f:
            for line in f:
                if line.startswith("summary:") or line.startswith("totals:"):
                    return int(line.split()[1])
        return None

    def __init__(self, static_release):
        self.static_release = static_release

    def install(self, release, bin_dir):
        # valgrind 3.19 cannot read Swift's DWARF 5: counted on copies without it.
        for name in ("sideline", "sideline-bench"):
            # --only launch needs no sideline-bench: `--release` may name the static build alone.
            if name == "sideline-bench" and not os.path.exists(os.path.join(release, name)):
                continue
            subprocess.run(["objcopy", "--strip-debug", os.path.join(release, name), os.path.join(bin_dir, name)], check=True)
        static = os.path.join(self.static_release, "sideline")
        if not os.path.exists(static):
            sys.exit(f"{static} is missing: the launch row counts the board's binary (deploy/package/release-build.sh)")
        subprocess.run(["objcopy", "--strip-debug", static, os.path.join(bin_dir, "sideline-static")], check=True)

    def launch_binary(self, bin_dir):
        return os.path.join(bin_dir, "sideline-static")


class QemuPlugin:
    """AArch64's count: qemu-user with qemu_instruction_count.c, on an arm64 root's libraries."""
    arch, timed = "AArch64", False

    def __init__(self, root, work):
        self.root = root
        self.plugin = os.path.join(work, "libqemu_instruction_count.so")
        source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "qemu_instruction_count.c")
        subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-Wall", "-Werror", "-o", self.plugin, source], check=True)

    def prefix(self, out, collect=None):
        return self.runner() + ["-plugin", self.plugin]

    def runner(self):
        return ["qemu-aarch64", "-L", self.root]

    def instructions(self, out, process):
        m = re.search(r"^instructions: (\d+)$", process.stderr, re.M)
        return int(m.group(1)) if m else None

    def install(self, release, bin_dir):
        for name in ("sideline", "sideline-bench"):
            shutil.copyfile(os.path.join(release, name), os.path.join(bin_dir, name))
            os.chmod(os.path.join(bin_dir, name), 0o755)

    def launch_binary(self, bin_dir):
        return os.path.join(bin_dir, "sideline")  # the arm64 build links the Swift runtime in already


class Bench:
    def __init__(self, work, release, counter):
        self.work = work
        self.bin = os.path.join(work, "bin")
        self.release = release
        self.counter = counter

    def strip(self):
        os.makedirs(self.bin, exist_ok=True)
        self.counter.install(self.release, self.bin)

    def fixtures(self, reuse, analytics=True):
        """`analytics`: the sideline-bench rows' databases too (the slow part; --only launch needs none)."""
        fixtures = os.path.join(self.work, "fixtures")
        kiosk = os.path.join(self.work, "kiosk")
        if analytics and not (reuse and os.path.exists(os.path.join(fixtures, "season.sqlite"))):
            t = time.time()
            self.run([os.path.join(self.bin, "sideline-bench"), "count-units", "fixtures", f"--dir={fixtures}"], self.env(), None)
            print(f"(fixtures written in {time.time() - t:.0f} s)", flush=True)
        os.makedirs(kiosk, exist_ok=True)
        out = self.kiosk_run("launch-fixture", kiosk, valgrind=None).stdout
        m = re.search(r"--db (\S+) --script (\S+)", out)
        self.launch_db, self.launch_script = m.group(1), m.group(2)

    def env(self):
        env = dict(os.environ, GLIBC_TUNABLES=TUNABLES)
        env.setdefault("SDL_VIDEODRIVER", "offscreen")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        return env

    def kiosk_run(self, units, work, valgrind, collect=None):
        env = self.env()
        env["SIDELINE_BENCH_UNITS"] = units
        env["SIDELINE_BENCH_WORK"] = work
        return self.run([os.path.join(self.bin, "sideline"), "--bench"], env, valgrind, collect)

    def run(self, argv, env, valgrind, collect=None):
        """`valgrind`: where the count goes (the run is counted); else the binary just runs.
        `collect`: count only inside this function (COLLECT)."""
        argv = (self.counter.prefix(valgrind, collect) if valgrind else self.counter.runner()) + argv
        p = subprocess.run(argv, env=env, cwd=ROOT, capture_output=True, text=True)
        if p.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)} failed ({p.returncode}):\n{p.stdout[-2000:]}\n{p.stderr[-3000:]}")
        return p

    def units(self, how, count, tag, valgrind):
        """Runs `count` units of `how`; returns (instructions or None, median CPU ms a unit)."""
        place = os.path.join(self.work, "runs", f"{how.replace(':', '-')}-{count}-{tag}")
        shutil.rmtree(place, ignore_errors=True)
        os.makedirs(place)
        out = os.path.join(place, "callgrind.out") if valgrind else None
        if how.startswith("bench:"):
            unit = how.split(":", 1)[1]
            fixture = {"review-summary": "review-warm.sqlite", "first-analysis": "review-cold.sqlite",
                       "season-table": "season.sqlite"}[unit]
            db = os.path.join(place, fixture)
            shutil.copyfile(os.path.join(self.work, "fixtures", fixture), db)
            p = self.run([os.path.join(self.bin, "sideline-bench"), "count-units", unit, f"--count={count}", f"--db={db}"],
                         self.env(), out)
        elif how.startswith("kiosk:"):
            p = self.kiosk_run(f"{how.split(':', 1)[1]}:{count}", place, out, COLLECT.get(how))
        else:  # launch: one whole process
            db = os.path.join(place, "launch.sqlite")
            shutil.copyfile(self.launch_db, db)
            argv = [self.counter.launch_binary(self.bin), "--headless", "--size", "800x480", "--script", self.launch_script,
                    "--screenshots", os.path.join(place, "shots"), "--db", db]
            if not valgrind:  # its CPU time, user + system, by GNU time
                argv = ["/usr/bin/time", "-f", "median %U %S ms CPU a process", "-o", os.path.join(place, "time")] + argv
            p = self.run(argv, self.env(), out)
            if not valgrind:
                user, system = open(os.path.join(place, "time")).read().split()[1:3]
                return None, (float(user) + float(system)) * 1000
        m = re.search(r"median ([0-9.]+) ms CPU a unit", p.stdout)
        ms = float(m.group(1)) if m else None
        return (self.counter.instructions(out, p) if out else None), ms


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", default=os.path.join(ROOT, "out", "bench-instructions"))
    parser.add_argument("--release", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--static-release", default=os.path.join(ROOT, ".build-static", "release"),
                        help="x86-64: where release-build.sh's sideline is (the launch row's binary)")
    parser.add_argument("--reuse-fixtures", action="store_true", help="keep the fixtures of an earlier run")
    parser.add_argument("--only", help="rows whose name or unit contains this")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--arch", choices=["x86-64", "arm64"], default="x86-64",
                        help="arm64: the arm64 build counted under qemu-user (--release defaults to its folder)")
    parser.add_argument("--root", help="arm64: the arm64 root whose libraries it runs on (toolchain.sh's TRIXIE_ROOT)")
    args = parser.parse_args()
    if args.arch == "arm64":
        if not args.root:
            parser.error("--arch arm64 needs --root (the arm64 trixie root of deploy/package/arm64/toolchain.sh)")
        release = args.release if args.release != parser.get_default("release") else \
            os.path.join(ROOT, ".build-arm64", "aarch64-unknown-linux-gnu", "release")
        work = args.work + "-arm64" if args.work == parser.get_default("work") else args.work
        os.makedirs(work, exist_ok=True)
        bench = Bench(work, release, QemuPlugin(args.root, work))
    else:
        bench = Bench(args.work, args.release, Callgrind(args.static_release))
    bench.strip()
    rows = [r for r in ROWS if not args.only or args.only in r[0] or args.only in r[1]]
    bench.fixtures(args.reuse_fixtures, analytics=any(how.startswith("bench:") for _, how, _, _ in rows))
    started = time.time()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        jobs = {}
        for name, how, n, target in rows:
            if n is None:
                jobs[name] = [pool.submit(bench.units, how, 1, "counted", True)]
            else:
                jobs[name] = [pool.submit(bench.units, how, n, "counted", True), pool.submit(bench.units, how, 2 * n, "counted", True)]
        # Native runs for the time beside each count, after the counted ones (one core each).
        timed = {name: pool.submit(bench.units, how, n or 1, "timed", False) for name, how, n, target in rows} \
            if bench.counter.timed else {}
        results = {name: [j.result() for j in js] for name, js in jobs.items()}
        times = {name: j.result()[1] for name, j in timed.items()}
    how_counted = "callgrind" if bench.counter.timed else "qemu-user's TCG plugin"
    r = "r 1.0-1.3" if bench.counter.timed else "r 1 (AArch64's own count)"
    print(f"instructions per unit, {bench.counter.arch}, {how_counted} over N and 2N units ({time.time() - started:.0f} s); "
          f"Pi time = instructions x r / (IPC x clock), {r}, Pi 4 A72 IPC 0.6-1.2 at 1.5-1.8 GHz, Pi 5 A76 IPC 0.9-1.8 at 2.4 GHz")
    print(f"{'unit':<62} {'instructions':>12} {'target':>8}  {'CPU here':>9}  {'Pi 4 estimate':>17}  {'Pi 5 estimate':>17}  N")
    for name, how, n, target in rows:
        r = results[name]
        if n is None:
            per = r[0][0]
        else:
            per = (r[1][0] - r[0][0]) / n
        here = times.get(name)
        p4a, p4b, p5a, p5b = pi_estimate(per, (1.0, 1.3) if bench.counter.timed else (1.0, 1.0))
        mark = "" if target is None else ("  ok" if per <= target else "  OVER")
        print(f"{name:<62} {human(per):>12} {('≤ ' + human(target)) if target else '':>8}  "
              f"{(f'{here:.3g} ms' if here is not None else ''):>9}  {seconds(p4a) + '–' + seconds(p4b):>17}  "
              f"{seconds(p5a) + '–' + seconds(p5b):>17}  {n or 'whole process'}{mark}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
