#!/usr/bin/env python3
"""Scenario benchmark: whole `iopf run` processes, timed by the operating system, side by side.

    benchmarks/scenario-bench.py [--runs N] [--vs OTHER_DIST] [--dist DIST] [--reproduce] [--warm N] [CASE...]

DIST (default: distribution/target/iopf) and OTHER_DIST are unpacked distributions (for instance
this branch's and one built from main). For every case, each distribution is run N times in turn
(A B A B ..., so that drifts of a shared machine hit both alike) after one warm-up run each; the
table gives medians of the process's user+sys CPU and wall time (from wait4's rusage, as
/usr/bin/time reports them), the runner's own figures (simulated time, events, and wall.seconds:
the event loop alone), and from them CPU per simulated second and events per CPU-second. "start-up"
is the process's wall time minus the event loop's: JVM start, plugins, parsing, reporting.
--reproduce adds one timed `iopf reproduce --no-progress` per distribution (about a minute each).
--warm N adds, for each case with a --set, the event loop with a warm JIT: one `iopf sweep --workers 1`
process per distribution (in turn) runs the case N times (replications of one point, the first --set
as its axis) and the table gives each replication's event loop and the median of the second half.

CASE is NAME=SCENARIO[,--set,TARGET.PARAM=VALUE...], the NAME of a default case, or a scenario
name; without cases, the targets of issue 22 are run (see DEFAULT_CASES). Exit status 0 whatever the runs' own exit codes (they are printed).
"""
import argparse
import csv
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

DEFAULT_CASES = [
    # the 45-event scenario: what a process costs before and around the simulation
    "startup=unmapped-dma-terminates",
    # one simulated second of the 10 GbE pinned stream (128 MiB take 0.108 s; 1180 MiB about 1 s)
    "eth-pinned-1s=eth-pinned-baseline,--set,workload.params.bytes=1180MiB",
    # the backup-ring prototype, one simulated second (its bundled 256 MiB take 0.25 s since the
    # prototype runs at line rate; 1180 MiB about 1 s, the 91 ms cold start included)
    "backup-ring-1s=eth-backup-ring-prototype,--set,workload.params.bytes=1180MiB",
    # 100 Gbps RDMA WRITE with fingerprint content: 11 900 x 1 MiB at 98.7 Gbps is about 1.01 s
    "rdma-write-1s-fp=baseline-rdma-write,--set,workload.params.messages=11900,"
    "--set,node1.memory.content=fingerprint,--set,node2.memory.content=fingerprint",
    # the same with real bytes (the scenario's own content mode), against the arraycopy of the payload
    "rdma-write-1s-bytes=baseline-rdma-write,--set,workload.params.messages=11900",
    # 1 GiB of generated content through the HMM migration scenario
    "hmm-1g=hmm-migrate-compute,--set,workload.params.filled=1GiB",
]


# seconds per unit of the table's durations
UNITS = {"ns": 1e-9, "µs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0, "min": 60.0}


def timed(command, env=None):
    """Runs command; returns (exit code, user+sys s, wall s, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done.returncode, cpu, wall, done.stdout


def run_case(dist, scenario, extra):
    # the default table output, as a user runs it (JSON would add its own classes to the start-up)
    command = [os.path.join(dist, "bin", "iopf"), "run", "--no-progress", "--quiet"]
    command += extra + [scenario]
    code, cpu, wall, out = timed(command)
    figures = {}
    for line in out.decode("utf-8", "replace").splitlines():
        words = line.split()
        if len(words) == 3 and words[0] in ("sim.time", "sim.events", "wall.seconds"):
            try:
                value = float(words[1].replace(",", ""))
            except ValueError:
                continue
            key = {"sim.time": "sim", "sim.events": "events", "wall.seconds": "loop"}[words[0]]
            figures[key] = value * UNITS.get(words[2], 1.0) if key != "events" else int(value)
    return code, cpu, wall, figures


def warm_case(dist, scenario, extra, replications):
    """Runs the case `replications` times in one JVM (a sweep on one worker); returns (exit code,
    the event loop of each replication in s, the simulated s of the last), or None for a case without --set."""
    settings = [extra[i + 1] for i in range(len(extra) - 1) if extra[i] == "--set"]
    if not settings:
        return None
    lines = [f"name: warm-{os.getpid()}", f"base: {scenario}", f"replications: {replications}"]
    path, _, value = settings[0].partition("=")
    lines.append("axes:")
    lines.append(f"  - {{path: {path}, values: [{value}]}}")
    if settings[1:]:
        lines.append("set:")
        lines += [f"  {p}: {v}" for p, _, v in (t.partition("=") for t in settings[1:])]
    lines.append("metrics: [wall.seconds, sim.time]")
    with tempfile.TemporaryDirectory(prefix="scenario-bench-warm-") as folder:
        sweep = os.path.join(folder, "warm.yaml")
        with open(sweep, "w") as f:
            f.write("\n".join(lines) + "\n")
        code, _, _, _ = timed([os.path.join(dist, "bin", "iopf"), "sweep", "-q", "--no-progress", "--workers", "1",
                               "--out", os.path.join(folder, "out"), sweep])
        with open(os.path.join(folder, "out", "results.csv")) as f:
            rows = list(csv.DictReader(f))
    loops = [float(r["wall_seconds"]) for r in rows]
    sim = float(rows[-1].get("sim.time") or "nan") * 1e-9  # the results hold base units: ns
    return code, loops, sim


def median(values):
    return statistics.median(values) if values else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", default="distribution/target/iopf")
    parser.add_argument("--vs", help="a second distribution, run in turn with the first")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reproduce", action="store_true")
    parser.add_argument("--warm", type=int, default=0, metavar="N",
                        help="also run each case N times in one JVM and report the warm event loop")
    parser.add_argument("cases", nargs="*")
    args = parser.parse_args()
    dists = [args.dist] + ([args.vs] if args.vs else [])
    cases = []
    defaults = {spec.partition("=")[0]: spec for spec in DEFAULT_CASES}
    for spec in args.cases or DEFAULT_CASES:
        if "=" not in spec and spec in defaults:
            spec = defaults[spec]  # a default case by its name
        name, _, rest = spec.partition("=")
        parts = rest.split(",") if rest else [name]
        cases.append((name, parts[0], parts[1:]))
    print(f"# {os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.2f} at start; {args.runs} runs after one warm-up")
    print("| case | distribution | exit | CPU user+sys (s) | wall (s) | start-up wall (s) | simulated (s) "
          "| events | CPU per simulated s | events per CPU-s | event loop (s) | loop per simulated s |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, scenario, extra in cases:
        samples = {d: [] for d in dists}
        for d in dists:
            run_case(d, scenario, extra)  # warm-up: page cache, plugin cache, CDS archive
        for _ in range(args.runs):
            for d in dists:
                samples[d].append(run_case(d, scenario, extra))
        for d in dists:
            rows = samples[d]
            cpu = median([r[1] for r in rows])
            wall = median([r[2] for r in rows])
            figures = rows[-1][3]
            loop = median([r[3].get("loop", float("nan")) for r in rows])
            sim = figures.get("sim", float("nan"))
            events = figures.get("events", 0)
            codes = ",".join(sorted({str(r[0]) for r in rows}))
            per_sim = cpu / sim if sim and sim == sim else float("nan")
            print(f"| {name} | {d} | {codes} | {cpu:.2f} | {wall:.2f} | {wall - loop:.2f} | {sim:.4f} | {events} "
                  f"| {per_sim:.2f} | {events / cpu:,.0f} | {loop:.3f} | {loop / sim if sim else float('nan'):.3f} |")
        sys.stdout.flush()
    if args.warm:
        print()
        print(f"| case | distribution | exit | event loop of the {args.warm} replications in one JVM (s) "
              "| warm loop: median of the second half (s) | simulated (s) | warm loop per simulated s |")
        print("|---|---|---:|---|---:|---:|---:|")
        for name, scenario, extra in cases:
            for d in dists:
                result = warm_case(d, scenario, extra, args.warm)
                if result is None:
                    continue
                code, loops, sim = result
                warm = median(loops[len(loops) // 2:])
                print(f"| {name} | {d} | {code} | {' '.join(f'{x:.3f}' for x in loops)} | {warm:.3f} "
                      f"| {sim:.4f} | {warm / sim:.3f} |")
            sys.stdout.flush()
    if args.reproduce:
        print()
        print("| command | distribution | exit | CPU user+sys (s) | wall (s) |")
        print("|---|---|---:|---:|---:|")
        for d in dists:
            with tempfile.TemporaryDirectory(prefix="scenario-bench-") as out:
                code, cpu, wall, _ = timed([os.path.join(d, "bin", "iopf"), "reproduce", "--no-progress",
                                            "--out", out])
            print(f"| iopf reproduce --out | {d} | {code} | {cpu:.1f} | {wall:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
