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
import bisect
import collections
import concurrent.futures
import functools
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
    """AArch64's count: qemu-user with qemu_instruction_count.c, on an arm64 root's libraries. `profile`: each
    counted run also keeps its blocks (the plugin's blocks=FILE), where the loader put each library (the guest's
    LD_DEBUG=files) and where qemu put the binary (-d page), for --profile."""
    arch, timed = "AArch64", False

    def __init__(self, root, work, profile=False):
        self.root, self.profile = root, profile
        self.plugin = os.path.join(work, "libqemu_instruction_count.so")
        source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "qemu_instruction_count.c")
        subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-Wall", "-Werror", "-o", self.plugin, source], check=True)

    def prefix(self, out, collect=None):
        if self.profile:
            return self.runner() + ["-E", "LD_DEBUG=files", "-d", "page", "-D", out + ".qemu", "-plugin", f"{self.plugin},blocks={out}.blocks"]
        return self.runner() + ["-plugin", self.plugin]

    def runner(self):
        return ["qemu-aarch64", "-L", self.root]

    def instructions(self, out, process):
        if self.profile:
            with open(out + ".maps", "w") as maps:
                maps.write(process.stderr)
        m = re.search(r"^instructions: (\d+)$", process.stderr, re.M)
        return int(m.group(1)) if m else None

    def functions(self, out, binary):
        """{(module, function): instructions} of a counted run: each block's instructions × runs, named by the
        nearest symbol at or below it (the binary's own table; a library's dynamic symbols only — Debian strips
        the rest, so a library's static functions count under the exported one before them)."""
        modules = []
        qemu_log = open(out + ".qemu").read()
        start_code = int(re.search(r"^start_code\s+(0x[0-9a-f]+)", qemu_log, re.M).group(1), 16)
        segments = re.findall(r"^\s+LOAD\s+\S+\s+(0x[0-9a-f]+)\s+\S+\s+\S+\s+\S+\s+R E", run_text(["readelf", "-lW", binary]), re.M)
        base = start_code - int(segments[0], 16)
        modules.append((base, base + os.path.getsize(binary) * 4, binary, False))
        text = open(out + ".maps").read()
        for soname, lib_base, size in re.findall(r"file=(\S+) \[0\];\s+generating link map\n\s*\d+:\s+dynamic: \S+\s+base: (0x[0-9a-f]+)\s+size: (0x[0-9a-f]+)", text):
            path = next((os.path.join(self.root, d, soname) for d in ("usr/lib/aarch64-linux-gnu", "lib/aarch64-linux-gnu", "usr/lib")
                         if os.path.exists(os.path.join(self.root, d, soname))), None)
            if path:
                modules.append((int(lib_base, 16), int(lib_base, 16) + int(size, 16), os.path.realpath(path), True))
        modules.sort()
        starts = [m[0] for m in modules]
        totals = collections.Counter()
        for line in open(out + ".blocks"):
            vaddr, instructions, runs = line.split()
            address = int(vaddr, 16)
            i = bisect.bisect_right(starts, address) - 1
            if i < 0 or address >= modules[i][1]:
                totals[("?", "(the loader, qemu's vdso or unmapped)")] += int(instructions) * int(runs)
                continue
            module_base, _, path, dynamic = modules[i]
            addresses, names = symbol_table(path, dynamic)
            j = bisect.bisect_right(addresses, address - module_base) - 1
            totals[(os.path.basename(path), names[j] if j >= 0 else "?")] += int(instructions) * int(runs)
        return totals

    def install(self, release, bin_dir):
        for name in ("sideline", "sideline-bench"):
            shutil.copyfile(os.path.join(release, name), os.path.join(bin_dir, name))
            os.chmod(os.path.join(bin_dir, name), 0o755)

    def launch_binary(self, bin_dir):
        return os.path.join(bin_dir, "sideline")  # the arm64 build links the Swift runtime in already


def run_text(argv):
    return subprocess.run(argv, capture_output=True, text=True, check=True).stdout


@functools.lru_cache(maxsize=None)
def symbol_table(path, dynamic):
    """(sorted addresses, names) of a file's functions by nm."""
    rows = []
    for line in run_text(["nm", "-n", "--defined-only"] + (["-D"] if dynamic else []) + [path]).splitlines():
        parts = line.split(None, 2)
        # Functions only; not AArch64's mapping symbols ($x: code starts here, $d: data), which name no function.
        if len(parts) == 3 and parts[1] in "TtWwi" and not parts[2].startswith("$"):
            rows.append((int(parts[0], 16), parts[2]))
    return [a for a, _ in rows], [n for _, n in rows]


def demangled(names):
    """Swift's mangled names, simplified (swift demangle, where it is on PATH); others as they are."""
    swift = shutil.which("swift-demangle") or shutil.which("swift")
    if not swift:
        return list(names)
    argv = [swift, "--simplified", "--compact"] if swift.endswith("swift-demangle") else [swift, "demangle", "--simplified", "--compact"]
    out = subprocess.run(argv, input="\n".join(names) + "\n", capture_output=True, text=True).stdout.splitlines()
    return out if len(out) == len(names) else list(names)


class Bench:
    def __init__(self, work, release, counter, fixtures=None):
        self.work = work
        self.fixtures_dir = fixtures or os.path.join(work, "fixtures")
        self.bin = os.path.join(work, "bin")
        self.release = release
        self.counter = counter

    def strip(self):
        os.makedirs(self.bin, exist_ok=True)
        self.counter.install(self.release, self.bin)

    def fixtures(self, reuse, analytics=True):
        """`analytics`: the sideline-bench rows' databases too (the slow part; --only launch needs none)."""
        fixtures = self.fixtures_dir
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
            shutil.copyfile(os.path.join(self.fixtures_dir, fixture), db)
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
    parser.add_argument("--fixtures", help="the analytics rows' databases' folder (default WORK/fixtures); with --reuse-fixtures "
                        "another run's, e.g. x86-64's for arm64's: SQLite files are the same on both, and under qemu-user writing them is minutes")
    parser.add_argument("--only", help="rows whose name or unit contains this")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--arch", choices=["x86-64", "arm64"], default="x86-64",
                        help="arm64: the arm64 build counted under qemu-user (--release defaults to its folder)")
    parser.add_argument("--root", help="arm64: the arm64 root whose libraries it runs on (toolchain.sh's TRIXIE_ROOT)")
    parser.add_argument("--profile", type=int, metavar="K",
                        help="arm64: after the table, each row's K functions that take most of its unit (2N's blocks less N's)")
    args = parser.parse_args()
    if args.profile and args.arch != "arm64":
        parser.error("--profile is the arm64 count's (x86-64's: callgrind_annotate the row's callgrind.out)")
    if args.arch == "arm64":
        if not args.root:
            parser.error("--arch arm64 needs --root (the arm64 trixie root of deploy/package/arm64/toolchain.sh)")
        release = args.release if args.release != parser.get_default("release") else \
            os.path.join(ROOT, ".build-arm64", "aarch64-unknown-linux-gnu", "release")
        work = args.work + "-arm64" if args.work == parser.get_default("work") else args.work
        os.makedirs(work, exist_ok=True)
        bench = Bench(work, release, QemuPlugin(args.root, work, profile=bool(args.profile)), args.fixtures)
    else:
        bench = Bench(args.work, args.release, Callgrind(args.static_release), args.fixtures)
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
    if args.profile:
        for name, how, n, _ in rows:
            print_profile(bench, name, how, n, args.profile)


def print_profile(bench, name, how, n, top):
    """Where a row's unit goes on AArch64: the functions of 2N's run less N's, divided by N (start-up cancels)."""
    binary = os.path.join(bench.bin, "sideline-bench" if how.startswith("bench:") else "sideline")
    runs = [os.path.join(bench.work, "runs", f"{how.replace(':', '-')}-{count}-counted", "callgrind.out")
            for count in ([1] if n is None else [n, 2 * n])]
    totals = [bench.counter.functions(out, binary) for out in runs]
    per = totals[0] if n is None else {k: (totals[1][k] - totals[0].get(k, 0)) / n for k in totals[1]}
    whole = sum(per.values())
    ranked = sorted(per.items(), key=lambda item: -item[1])[:top]
    names = demangled([function for (_, function), _ in ranked])
    print(f"\n{name}: {human(whole)} a unit on AArch64, its {top} largest functions")
    for ((module, _), count), function in zip(ranked, names):
        print(f"  {human(count):>8} {100 * count / whole:5.1f} %  {module:<24} {function[:110]}")


if __name__ == "__main__":
    main()
