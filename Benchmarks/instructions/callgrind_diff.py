#!/usr/bin/env python3
"""Where one unit's instructions go: the self cost of each function in the 2N-unit callgrind
profile minus the N-unit one, divided by N (start-up cancels as in bench_instructions.py).

    callgrind_diff.py N out/bench-instructions/runs/<row>-N-counted/callgrind.out \
                        out/bench-instructions/runs/<row>-2N-counted/callgrind.out [--top 30]
"""
import argparse
import collections
import re


def self_costs(path, inclusive=False):
    """Self (exclusive) Ir of each function, by name; or with what it calls (recursion counts twice)."""
    names, costs = {}, collections.Counter()
    current, skip_next = None, False
    with open(path) as f:
        for line in f:
            if skip_next:  # the cost line after calls= is the callee's, inclusive
                skip_next = False
                parts = line.split()
                if inclusive and len(parts) >= 2 and current is not None:
                    costs[current] += int(parts[1])
                continue
            if line.startswith("cfn="):  # a callee: its name may be defined here, used later as fn=(id)
                m = re.match(r"cfn=\((\d+)\) (.*)", line.strip())
                if m:
                    names[m.group(1)] = m.group(2)
            elif line.startswith("fn="):
                m = re.match(r"fn=\((\d+)\)(?: (.*))?", line.strip())
                if m:
                    if m.group(2):
                        names[m.group(1)] = m.group(2)
                    current = names.get(m.group(1), m.group(1))
                else:
                    current = line[3:].strip()
            elif line.startswith("calls="):
                skip_next = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                parts = line.split()
                if len(parts) >= 2 and current is not None:
                    costs[current] += int(parts[1])
    return costs


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("n", type=int)
    p.add_argument("once")
    p.add_argument("twice")
    p.add_argument("--top", type=int, default=30)
    p.add_argument("--inclusive", action="store_true", help="each function with what it calls")
    a = p.parse_args()
    one, two = self_costs(a.once, a.inclusive), self_costs(a.twice, a.inclusive)
    diff = {k: (two.get(k, 0) - one.get(k, 0)) / a.n for k in set(one) | set(two)}
    total = sum((two.get(k, 0) - one.get(k, 0)) / a.n for k in set(self_costs(a.once)) | set(self_costs(a.twice))) if a.inclusive \
        else sum(diff.values())
    print(f"{total:,.0f} instructions a unit")
    for name, cost in sorted(diff.items(), key=lambda kv: -kv[1])[:a.top]:
        print(f"{cost:>12,.0f} {100 * cost / total:5.1f}%  {name[:150]}")


if __name__ == "__main__":
    main()
