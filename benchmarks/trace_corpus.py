"""Counts what the project's corpus of course programs (``tests/document/corpus/``, one
small tutorial-style PyTorch program a file) still refuses to trace, and why (GitHub
issue 15: "every autograd program of the course draws").

Traces every program as File ▸ Import does (a child process each, a few at a time) and
prints one row a program: traced or refused, and the refusal shortened; then the count
per cause of refusal and "N of M trace". It is a measurement, never a test
(``tests/document/test_trace_corpus.py`` holds the corpus to its expected outcomes).

    python benchmarks/trace_corpus.py [--width 90]
"""
import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "document" / "corpus"
sys.path.insert(0, str(ROOT / "tests" / "document"))

from trace_jobs import PREFIX, outcomes  # noqa: E402

from gradstudio.document.trace import TraceError  # noqa: E402

# (cause, words any of which in a refusal names it), the first that matches wins
CAUSES = [
    ("in-place write", ("in place", "in-place", "assigning into", "detach_()",
                        "backward step would succeed where")),
    ("higher-order gradient", ("create_graph", "autograd.grad is used as a value",
                               ".grad is used as a value")),
    ("hook", ("hook",)),
    ("indexing", ("indexing",)),
    ("custom Function", ("autograd.Function",)),
    ("module buffers", ("BatchNorm", "running_mean", "running_var", "buffer")),
    ("dropout", ("dropout",)),
]
OTHER = "other"


def cause_of(message):
    for cause, words in CAUSES:
        if any(w in message for w in words):
            return cause
    return OTHER


def shortened(message, width):
    message = message.replace(PREFIX, "")
    return message if len(message) <= width else message[:width - 1] + "…"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--width", type=int, default=90, help="longest refusal text shown")
    args = ap.parse_args()
    files = sorted(CORPUS.glob("*.py"))
    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    start = time.perf_counter()
    results = outcomes([f.read_text() for f in files])
    seconds = time.perf_counter() - start
    counts = {cause: 0 for cause, _ in CAUSES} | {OTHER: 0}
    print("| program | outcome | cause | refusal |")
    print("|---|---|---|---|")
    traced = 0
    for f, got in zip(files, results):
        if isinstance(got, TraceError):
            cause = cause_of(str(got))
            counts[cause] += 1
            print(f"| {f.stem} | refused | {cause} | {shortened(str(got), args.width)} |")
        else:
            traced += 1
            print(f"| {f.stem} | traced | | |")
    print()
    print("| cause | refused |")
    print("|---|---:|")
    for cause, n in counts.items():
        print(f"| {cause} | {n} |")
    print()
    print(f"{traced} of {len(files)} trace ({len(files) - traced} refused), "
          f"traced in {seconds:.1f} s")


if __name__ == "__main__":
    main()
