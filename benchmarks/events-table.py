#!/usr/bin/env python3
"""Events per second of every scenario of one or two `iopf reproduce --out DIR` folders.

    benchmarks/events-table.py AFTER_DIR [BEFORE_DIR]

Reads DIR/NAME/results.json and prints a markdown table: simulated events, simulated time, the
runner's own timing of the event loop (wall.seconds, one thread: CPU time on an idle machine) and
events per second of it, for each scenario, side by side when two folders are given.
"""
import json
import os
import sys


def speeds(folder):
    out = {}
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name, "results.json")
        if os.path.isfile(path):
            with open(path) as f:
                out[name] = json.load(f)["speed"]
    return out


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    after = speeds(sys.argv[1])
    before = speeds(sys.argv[2]) if len(sys.argv) == 3 else {}
    head = "| scenario | events | simulated (s) | loop (s) | events/s"
    head += " | before: loop (s) | before: events/s | after/before |" if before else " |"
    print(head)
    print("|---" + "|---:" * (head.count("|") - 2) + "|")
    total_a = total_b = 0.0
    for name, s in after.items():
        row = f"| {name} | {s['events']} | {s['simSeconds']:.6f} | {s['wallSeconds']:.3f} | {s['eventsPerSecond']:,.0f}"
        total_a += s["wallSeconds"]
        if before:
            b = before.get(name)
            if b:
                total_b += b["wallSeconds"]
                row += f" | {b['wallSeconds']:.3f} | {b['eventsPerSecond']:,.0f} | {s['eventsPerSecond'] / b['eventsPerSecond']:.2f}"
            else:
                row += " | | | "
        print(row + " |")
    print(f"\nevent loops in all: {total_a:.1f} s" + (f" (before: {total_b:.1f} s)" if before else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
