#!/usr/bin/env python3
"""Where a whole process's instructions go (the launch row of bench_instructions.py): one callgrind
profile split by object (the dynamic loader, libc, each library, the binary itself) and into the
process's phases — the loader's start (mapping and relocating every library), the libraries'
constructors, and `main` — with the costliest functions of each object.

    launch_profile.py out/bench-instructions/runs/launch-1-counted/callgrind.out [--top 12]
"""
import argparse
import collections
import os
import re

# Phases by the function that runs them (inclusive): the loader relocating everything before any
# code of ours runs, the constructors it calls (the libraries' and the Swift runtime's), then main
# (libc's start, which calls it), and the other threads (each from its start_thread).
PHASES = [("loader start (map + relocate)", "_dl_start"), ("constructors", "_dl_init"),
          ("main thread (libc start, main)", "__libc_start_main"), ("other threads", "start_thread")]


def profile(path):
    """(self Ir by object, self Ir by (object, function), inclusive Ir of each phase's function)."""
    names = {"ob": {}, "fn": {}}
    by_object, by_function = collections.Counter(), collections.Counter()
    phase_cost = collections.Counter()
    def phase(function):  # libc's start is versioned (__libc_start_main@@GLIBC_2.34)
        return next((fn for _, fn in PHASES if function and function.split("@")[0] == fn), None)
    obj = fn = None
    called_object = called = None
    skip_next = False

    def name(kind, text):
        m = re.match(r"\((\d+)\)(?: (.*))?", text)
        if not m:
            return text
        if m.group(2):
            names[kind][m.group(1)] = m.group(2)
        return names[kind].get(m.group(1), m.group(1))

    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if skip_next:  # the cost line after calls= is the callee's inclusive cost
                skip_next = False
                parts = line.split()
                # A phase's inclusive cost: every call into its function from outside it.
                if len(parts) >= 2 and phase(called) and phase(called) != phase(fn):
                    phase_cost[phase(called)] += int(parts[1])
                continue
            if line.startswith("ob="):
                obj = name("ob", line[3:])
            elif line.startswith("cob="):
                called_object = name("ob", line[4:])
            elif line.startswith("fn="):
                fn = name("fn", line[3:])
                called_object = obj
            elif line.startswith("cfn="):
                called = name("fn", line[4:])
            elif line.startswith("calls="):
                skip_next = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                parts = line.split()
                if len(parts) >= 2 and fn is not None:
                    by_object[obj] += int(parts[1])
                    by_function[(obj, fn)] += int(parts[1])
    return by_object, by_function, phase_cost


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("profile")
    p.add_argument("--top", type=int, default=12, help="functions shown for each of the largest objects")
    p.add_argument("--objects", type=int, default=6, help="objects whose functions are shown")
    a = p.parse_args()
    by_object, by_function, phases = profile(a.profile)
    total = sum(by_object.values())
    print(f"{total:,} instructions, {len(by_object)} objects")
    for label, fn in PHASES:
        if fn in phases:
            print(f"  {label:<32} {phases[fn]:>13,} {100 * phases[fn] / total:5.1f}%  (inclusive {fn})")
    print("self cost by object:")
    for obj, cost in by_object.most_common():
        if cost >= total / 1000:
            print(f"  {os.path.basename(obj or '?'):<40} {cost:>13,} {100 * cost / total:5.1f}%")
    rest = [c for c in by_object.values() if c < total / 1000]
    if rest:
        print(f"  {len(rest)} others under 0.1 % each        {sum(rest):>13,} {100 * sum(rest) / total:5.1f}%")
    for obj, _ in by_object.most_common(a.objects):
        print(f"{os.path.basename(obj or '?')}:")
        mine = sorted(((c, f) for (o, f), c in by_function.items() if o == obj), reverse=True)[:a.top]
        for cost, fn in mine:
            print(f"  {cost:>13,} {100 * cost / total:5.1f}%  {fn[:140]}")


if __name__ == "__main__":
    main()
