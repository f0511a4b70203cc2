#!/usr/bin/env python3
"""Peak heap of every bundled scenario, each in a process of its own, for one or two distributions.

    benchmarks/peak-heap.py [--dist DIST] [--vs OTHER_DIST] [--repeat N] [--young SIZE] [SCENARIO...]

`iopf reproduce` runs every scenario in one JVM, so the peak heap it records for a scenario
includes what the scenarios before it left for the collector; this runs each scenario alone
(`iopf run`, table output), reads the runner's `wall.peakHeap` (the peak use of the heap's
pools during the run: garbage not yet collected counts, so a short run's peak depends on when the
collector ran) and prints one row per scenario, the median of N runs (--repeat, default 1) of each
distribution in turn, side by side when --vs is given, and the scenarios whose peak is higher in DIST.
The collector sizes its young generation by its pause times, so the same run's peak varies with
the speed of the code and of the machine; --young SIZE (-Xmn, for instance 16m) fixes it, which
makes the peak follow what the run retains. A distribution whose CDS archive is static maps some
archived objects of the JDK into the heap (about 10 MiB, counted as used). Without scenario names, every
scenario of DIST/scenarios with expectations (those `iopf reproduce` runs).
"""
import argparse
import glob
import os
import statistics
import subprocess
import sys

UNITS = {"B": 1 / 2**20, "KiB": 1 / 1024, "MiB": 1.0, "GiB": 1024.0}


def bundled(dist):
    names = []
    for path in sorted(glob.glob(os.path.join(dist, "scenarios", "*.yaml"))):
        with open(path) as f:
            if any(line.startswith("expect:") for line in f):
                names.append(os.path.basename(path)[:-len(".yaml")])
    return names


def peak_heap_mib(dist, scenario, young):
    env = dict(os.environ, IOPF_OPTS=(os.environ.get("IOPF_OPTS", "") + f" -Xmn{young}").strip()) if young else None
    done = subprocess.run([os.path.join(dist, "bin", "iopf"), "run", "--no-progress", "--quiet", scenario],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    for line in done.stdout.decode("utf-8", "replace").splitlines():
        words = line.split()
        if len(words) == 3 and words[0] == "wall.peakHeap":
            return float(words[1].replace(",", "")) * UNITS[words[2]]
    return float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", default="distribution/target/iopf")
    parser.add_argument("--vs", help="a second distribution, each scenario run in turn with the first")
    parser.add_argument("--repeat", type=int, default=1, metavar="N", help="runs of each scenario per distribution")
    parser.add_argument("--young", metavar="SIZE", help="a fixed young generation (-Xmn), such as 16m")
    parser.add_argument("scenarios", nargs="*")
    args = parser.parse_args()
    dists = [args.dist] + ([args.vs] if args.vs else [])
    print("| scenario | " + " | ".join(f"peak heap (MiB), {d}" for d in dists) + " |")
    print("|---|" + "---:|" * len(dists))
    higher = []
    totals = [0.0] * len(dists)
    for name in args.scenarios or bundled(args.dist):
        runs = {d: [] for d in dists}
        for _ in range(args.repeat):
            for d in dists:
                runs[d].append(peak_heap_mib(d, name, args.young))
        peaks = [statistics.median(runs[d]) for d in dists]
        totals = [t + p for t, p in zip(totals, peaks)]
        print(f"| {name} | " + " | ".join(f"{p:.1f}" for p in peaks) + " |")
        sys.stdout.flush()
        if len(peaks) == 2 and peaks[0] > peaks[1]:
            higher.append((name, peaks[1], peaks[0]))
    print(f"| total | " + " | ".join(f"{t:.1f}" for t in totals) + " |")
    if args.vs:
        print()
        print(f"{len(higher)} scenario(s) with a higher peak in {args.dist} than in {args.vs}"
              + (":" if higher else "."))
        for name, before, after in higher:
            print(f"- {name}: {before:.1f} -> {after:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
