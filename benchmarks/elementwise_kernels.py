"""Times the elementwise ops whose kernels follow PyTorch's to the last bit (SLEEF's and
glibc's ``pow``, ``exp``, ``log``; MKL's ``sqrt``) against torch, at the sizes a student
prints (2x2, 64, 1,000) and above the exact kernels' limit (1,000,000, where the engine
takes numpy's fast kernels), and prints a markdown table of milliseconds per call.

    python benchmarks/elementwise_kernels.py            # engine in this checkout
    python benchmarks/elementwise_kernels.py --repeat 3

One thread each (set before numpy and torch load), each time the median of ``--repeat``
runs of at least ``--min-run`` seconds; forward only, no grad.
"""
import argparse
import os
import statistics
import sys
import time

WORKLOADS = {
    "x ** 1.5 (float32)": lambda T, x, x64: x.abs() ** 1.5,
    "sigmoid (float32)": lambda T, x, x64: x.sigmoid(),
    "sigmoid (float64)": lambda T, x, x64: x64.sigmoid(),
    "sqrt (float32)": lambda T, x, x64: x.abs().sqrt(),
    "log_softmax(dim=-1) (float32)": lambda T, x, x64: x.log_softmax(-1),
}
SIZES = {"2x2": (2, 2), "8x8": (8, 8), "40x25": (40, 25), "1000x1000": (1000, 1000)}


def _per_call(fn, min_run):
    n, start = 0, time.perf_counter()
    while True:
        fn()
        n += 1
        spent = time.perf_counter() - start
        if spent >= min_run:
            return spent / n


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--min-run", type=float, default=0.1)
    args = p.parse_args(argv)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = "1"
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import numpy as np
    import gradstudio.engine as engine
    import torch
    torch.set_num_threads(1)
    print(f"engine at {os.path.dirname(engine.__file__)}; load average "
          + ", ".join(f"{v:.2f}" for v in os.getloadavg()))
    print("\n| workload | size | engine ms | torch ms | ratio |\n| --- | --- | ---: | ---: | ---: |")
    rng = np.random.default_rng(0)
    for name, work in WORKLOADS.items():
        for label, shape in SIZES.items():
            data = (rng.standard_normal(shape) * 3).astype(np.float32)
            times = []
            for T in (engine, torch):
                x, x64 = T.from_numpy(data.copy()), T.from_numpy(data.astype(np.float64))
                runs = [_per_call(lambda: work(T, x, x64), args.min_run) for _ in range(args.repeat)]
                times.append(statistics.median(runs) * 1e3)
            print(f"| {name} | {label} | {times[0]:.4f} | {times[1]:.4f} | "
                  f"{times[0] / times[1]:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
