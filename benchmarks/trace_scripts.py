"""Times tracing a PyTorch script into a graph, end to end as File ▸ Import does it (the
child process runs the script, the document is built and checked against it), for
scripts of growing length: a straight-line script (one new variable per line) and a
training-style loop (the same four variables rebound every iteration, folded).

Target (issue: speed): a 4,000-op script in 300 ms, linear in length: the last column,
milliseconds per thousand ops, should stay flat as the script grows. Prints a table and
the load average; it is a measurement, never a test.

    python benchmarks/trace_scripts.py [--repeat 3] [--sizes 1000,2000,4000] [--phases]

``--phases`` also times each phase in CPU time, in this process (steadier than the wall
clock on a loaded machine): the child's work (``trace_source``, what the child runs, its
process start left out), the parent's JSON read and its build and check (``_checked``,
as a trace runs it); the best of ``--repeat`` runs each.
"""
import argparse
import json
import os
import statistics
import time

from gradstudio.document.trace import TraceJob, trace


def straight(n):
    lines = ["import torch", "w = torch.ones(3, requires_grad=True)", "y0 = w"]
    lines += [f"y{i} = y{i - 1} * 1.0001" for i in range(1, n + 1)]
    lines.append(f"y{n}.sum().backward()")
    return "\n".join(lines) + "\n"


def loop(n):
    return ("import torch\nw = torch.ones(3, requires_grad=True)\ny = w\n"
            f"for i in range({n // 4}):\n    y = y * 1.0001\n    z = y + 1\n"
            "    y = z - 1\n    y = y.sin()\ny.sum().backward()\n")


def median_ms(source, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        trace(source, timeout=300)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def phases_ms(source, repeat):
    """The best CPU milliseconds of each phase over ``repeat`` runs, in this process."""
    from gradstudio.trace.child import trace_source

    class _Job:          # (what ``TraceJob._checked`` reads of a job when nothing differs)
        _source = source
    best = {}
    for _ in range(repeat):
        t = time.thread_time()
        sent = json.dumps(trace_source(source, record_values=True))
        child = time.thread_time() - t
        t = time.thread_time()
        data = json.loads(sent)
        read = time.thread_time() - t
        t = time.thread_time()
        TraceJob._checked(_Job(), data)
        for key, s in (("child", child), ("read", read), ("build+check", time.thread_time() - t)):
            best[key] = min(best.get(key, s), s)
    return {key: s * 1000 for key, s in best.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sizes", default="1000,2000,4000")
    ap.add_argument("--phases", action="store_true",
                    help="also each phase's CPU time, in this process")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    print("| script | ops | median ms | ms per 1,000 ops |")
    print("|---|---:|---:|---:|")
    for name, make in (("straight-line", straight), ("loop", loop)):
        for n in sizes:
            ms = median_ms(make(n), args.repeat)
            print(f"| {name} | {n} | {ms:.0f} | {ms / n * 1000:.0f} |", flush=True)
    if args.phases:
        print()
        print("| script | ops | child CPU ms (with JSON) | JSON read | build + check | sum |")
        print("|---|---:|---:|---:|---:|---:|")
        for name, make in (("straight-line", straight), ("loop", loop)):
            for n in sizes:
                p = phases_ms(make(n), args.repeat)
                print(f"| {name} | {n} | {p['child']:.0f} | {p['read']:.0f} | "
                      f"{p['build+check']:.0f} | {sum(p.values()):.0f} |", flush=True)
        print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
