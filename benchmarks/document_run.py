"""Times a full document re-run (forward in topological order, timeline replay, per-step
snapshots), as done after every edit in the studio.

Targets (issue: the document): the tutorial graph re-runs in under 5 ms; a 1,000-node
graph of small tensors in under 100 ms. Prints a table; it is a measurement, never a test.

    python benchmarks/document_run.py [--repeat 15]
"""
import argparse
import statistics
import time

from gradstudio.document import Document, run
from gradstudio.document.examples import autograd_tutorial


def big(n=1000):
    """A 1,000-node graph of 2x2 tensors: a chain where each node also reads the one
    two back (reconvergent, like a real program), then a backward of the last node."""
    doc = Document()
    ids = [doc.add_node("rand", {"shape": (2, 2), "requires_grad": True}),
           doc.add_node("rand", {"shape": (2, 2), "requires_grad": True})]
    kinds = ("add", "mul", "sub")
    while len(ids) < n - 1:
        k = doc.add_node(kinds[len(ids) % 3])
        doc.connect(ids[-1], k, "self")
        doc.connect(ids[-2], k, "other")
        ids.append(k)
    last = doc.add_node("mean")
    doc.connect(ids[-1], last, "self")
    doc.add_action("backward", {"target": last})
    return doc


def median_ms(fn, repeat):
    fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1e3)
    return statistics.median(times)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args(argv)
    rows = []
    for label, doc, target in (("tutorial graph", autograd_tutorial(), 5.0),
                               ("1,000-node graph of 2x2 tensors", big(), 100.0)):
        ms = median_ms(lambda: run(doc), args.repeat)
        rows.append((label, len(doc.node_ids), ms, target))
    print("| document | nodes | re-run ms (median) | target ms | met? |")
    print("| --- | ---: | ---: | ---: | --- |")
    for label, n, ms, target in rows:
        print(f"| {label} | {n} | {ms:.2f} | {target:g} | {'yes' if ms <= target else 'NO'} |")


if __name__ == "__main__":
    main()
