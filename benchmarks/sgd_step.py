"""Times an MNIST-sized training step in GradStudio's engine and in PyTorch: a 784-128-10
MLP (``nn.Linear``, ReLU, ``nn.Linear``) on a batch of 64 random images with
``cross_entropy`` and ``optim.SGD`` (lr 0.01), one thread each. Two figures, each as
engine / torch:

* the whole step (``zero_grad``, forward, loss, ``backward``, ``step``), and
* ``opt.step()`` alone (the bit-exact fused multiply-add update of 101,770 parameters).

Each is measured warm (one process, engine and torch alternating, medians of
``--repeat`` runs after warm-up) and in a fresh process: ``--fresh`` new processes per
library, alternating, each timing its first ``--fresh-steps`` steps after the first
(which imports and builds), the median of those. A fresh process is what the first
seconds of a training run cost: allocations larger than glibc's mmap threshold are
page-faulted in on every call until the allocator raises its threshold.

    python benchmarks/sgd_step.py            # about a minute on a quiet machine
    python benchmarks/sgd_step.py --quick    # a few seconds
    python benchmarks/sgd_step.py --cpu      # CPU time: steadier on a loaded machine
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))


def _library(name):
    if name == "torch":
        import torch
        torch.set_num_threads(1)
        return torch
    import gradstudio.engine as engine
    return engine


def setup(T):
    """The model, optimizer and batch (seeded), and the two timed callables."""
    T.manual_seed(0)
    model = T.nn.Sequential(T.nn.Linear(784, 128), T.nn.ReLU(), T.nn.Linear(128, 10))
    opt = T.optim.SGD(model.parameters(), lr=0.01)
    x = T.randn(64, 784)
    y = T.randint(0, 10, (64,))

    def train_step():
        opt.zero_grad()
        loss = T.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        return loss

    # grads for step() alone: one backward, then the update repeats on them
    train_step()
    params = list(model.parameters())
    start = [(p.detach().clone(), p.grad.clone()) for p in params]

    def step():
        opt.step()

    def reset():
        """Back to the first step's weights and grads (untimed, before each timed run):
        thousands of repeated steps on one batch drive the weights and the softmax
        far out, until the gradients are subnormal numbers, which make torch's
        kernels (and so the ratio) several times slower than a training run's."""
        with T.no_grad():
            for p, (w, g) in zip(params, start):
                p.copy_(w)
                p.grad = g.clone()
    step.reset = reset
    return train_step, step


CLOCK = [time.perf_counter]    # ``--cpu``: this thread's CPU time instead of the wall clock


def _per_call(fn, min_run):
    number = 1
    clock = CLOCK[0]
    while True:
        t0 = clock()
        for _ in range(number):
            fn()
        dt = clock() - t0
        if dt >= min_run or number >= 1 << 16:
            return dt / number
        number = max(number * 2, int(number * min_run / max(dt, 1e-9)) + 1)


def warm(repeat, min_run):
    """Medians (seconds per call) of the engine's and torch's step and update."""
    libs = {name: setup(_library(name)) for name in ("engine", "torch")}
    times = {(lib, what): [] for lib in libs for what in ("train", "step")}
    for fns in libs.values():      # warm-up
        for fn in fns:
            for _ in range(3):
                fn()
    for _ in range(repeat):
        for lib, (train_step, step) in libs.items():
            step.reset()
            times[lib, "train"].append(_per_call(train_step, min_run))
            step.reset()
            times[lib, "step"].append(_per_call(step, min_run))
    return {k: statistics.median(v) for k, v in times.items()}


def child(lib, steps):
    """(In a fresh process) the first ``steps`` timed steps after the first one, as JSON."""
    train_step, step = setup(_library(lib))
    out = {"train": [], "step": []}
    clock = CLOCK[0]
    for _ in range(steps):
        t0 = clock()
        train_step()
        out["train"].append(clock() - t0)
    for _ in range(steps):
        t0 = clock()
        step()
        out["step"].append(clock() - t0)
    print(json.dumps(out))


def fresh(processes, steps):
    times = {(lib, what): [] for lib in ("engine", "torch") for what in ("train", "step")}
    for _ in range(processes):
        for lib in ("engine", "torch"):
            r = subprocess.run([sys.executable, __file__, "--child", lib, "--fresh-steps",
                                str(steps)] + (["--cpu"] if CLOCK[0] is not time.perf_counter
                                               else []),
                               capture_output=True, text=True, check=True)
            data = json.loads(r.stdout.strip().splitlines()[-1])
            for what, ts in data.items():
                times[lib, what].append(statistics.median(ts))
    return {k: statistics.median(v) for k, v in times.items()}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeat", type=int, default=7)
    p.add_argument("--min-run", type=float, default=0.2)
    p.add_argument("--fresh", type=int, default=5, help="fresh processes per library")
    p.add_argument("--fresh-steps", type=int, default=10)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--no-fresh", action="store_true", help="warm figures only")
    p.add_argument("--cpu", action="store_true",
                   help="time this thread's CPU instead of the wall clock (steadier on a "
                        "machine shared with other work: a waiting process is not timed)")
    p.add_argument("--child", choices=("engine", "torch"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.cpu:
        CLOCK[0] = time.thread_time
    if args.child:
        return child(args.child, args.fresh_steps)
    if args.quick:
        args.repeat, args.min_run, args.fresh, args.fresh_steps = 3, 0.02, 1, 3
    try:
        import torch  # noqa: F401
    except ImportError:
        print("torch is not installed: nothing to compare against")
        return 0
    print("load average (1, 5, 15 min): " + ", ".join(f"{v:.2f}" for v in os.getloadavg()))
    w = warm(args.repeat, args.min_run)
    f = None if args.no_fresh else fresh(args.fresh, args.fresh_steps)
    print("load average (1, 5, 15 min): " + ", ".join(f"{v:.2f}" for v in os.getloadavg()))
    print()
    print("| MNIST-sized MLP (784-128-10, batch 64, SGD) | engine ms | torch ms | ratio | target |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for label, res in (("warm", w), ("fresh process", f)):
        if res is None:
            continue
        for what, name, target in (("train", "training step", 1.2), ("step", "opt.step()", 2)):
            e, t = res["engine", what] * 1e3, res["torch", what] * 1e3
            print(f"| {name}, {label} | {e:.3f} | {t:.3f} | {e / t:.2f} | <= {target} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
