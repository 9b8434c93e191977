"""Times the two figures issue 31's "done when" names, engine against torch in one
process, one thread each, alternating, medians of ``--repeat`` runs after a warm-up:

* one epoch of a ``DataLoader`` over a ``TensorDataset`` of 10,000 x 20 float32 inputs
  and int64 labels, batch 64, ``shuffle=True`` with a seeded ``generator``
  (157 batches, each collated by ``default_collate``), and the same over a ``Dataset``
  class of the program's own whose ``__getitem__`` returns ``self.x[i], self.y[i]``, and
* a checkpoint round trip: ``torch.save`` then ``torch.load`` of a small MLP's
  ``state_dict`` (20-64-64-2) with its Adam optimizer's ``state_dict`` (after one step),
  to an ``io.BytesIO`` and to a file.

Prints each library's median time, the ratio engine / torch and the load average.

    python benchmarks/data_and_checkpoints.py             # about 30 seconds
    python benchmarks/data_and_checkpoints.py --quick     # a few seconds
"""
import argparse
import io
import os
import statistics
import sys
import tempfile
import time

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def _libraries():
    import torch
    import torch.utils.data  # noqa: F401
    torch.set_num_threads(1)
    import gradstudio.engine as engine
    return {"engine": engine, "torch": torch}


def data_epoch(T):
    """One epoch's callable: every batch of a shuffled DataLoader, touched."""
    return _epoch(T, T.utils.data.TensorDataset)


def custom_epoch(T):
    """The same epoch over a Dataset class of the program's own (rows taken one by one)."""
    class Rows(T.utils.data.Dataset):
        def __init__(self, x, y):
            self.x, self.y = x, y

        def __len__(self):
            return len(self.x)

        def __getitem__(self, i):
            return self.x[i], self.y[i]
    return _epoch(T, Rows)


def _epoch(T, dataset):
    g = T.Generator().manual_seed(0)
    x = T.randn(10_000, 20, generator=g)
    y = T.randint(0, 2, (10_000,), generator=g)
    loader = T.utils.data.DataLoader(dataset(x, y), batch_size=64, shuffle=True,
                                     generator=T.Generator().manual_seed(1))

    def epoch():
        n = 0
        for xb, yb in loader:
            n += xb.shape[0]
        assert n == 10_000
    return epoch


def _checkpoint(T):
    T.manual_seed(0)
    model = T.nn.Sequential(T.nn.Linear(20, 64), T.nn.ReLU(), T.nn.Linear(64, 64),
                            T.nn.ReLU(), T.nn.Linear(64, 2))
    opt = T.optim.Adam(model.parameters(), lr=1e-3)
    model(T.randn(8, 20)).sum().backward()
    opt.step()
    return {"model": model.state_dict(), "opt": opt.state_dict(), "epoch": 3}


def round_trip_bytes(T):
    ckpt = _checkpoint(T)

    def run():
        buf = io.BytesIO()
        T.save(ckpt, buf)
        buf.seek(0)
        T.load(buf)
    return run


def round_trip_file(T, folder):
    ckpt = _checkpoint(T)
    path = os.path.join(folder, f"{T.__name__}.pt")

    def run():
        T.save(ckpt, path)
        T.load(path)
    return run


def _median_ms(fn, repeat, number):
    fn()                                           # warm-up
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - t0) / number * 1e3)
    return times


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    repeat = 3 if args.quick else args.repeat
    libs = _libraries()
    folder = tempfile.mkdtemp()
    workloads = [("DataLoader epoch, TensorDataset (10,000 x 20, batch 64, shuffled)",
                  data_epoch, 1),
                 ("DataLoader epoch, a Dataset class of its own (same data)", custom_epoch, 1),
                 ("save + load to BytesIO (MLP + Adam state)", round_trip_bytes, 10),
                 ("save + load to a file (MLP + Adam state)",
                  lambda T: round_trip_file(T, folder), 10)]
    print(f"load average before: {os.getloadavg()}")
    print(f"| workload | engine ms | torch ms | engine / torch |\n| --- | ---: | ---: | ---: |")
    for title, make, number in workloads:
        fns = {name: make(T) for name, T in libs.items()}
        samples = {name: [] for name in libs}
        for _ in range(repeat):                    # alternate, so drift hits both
            for name, fn in fns.items():
                samples[name] += _median_ms(fn, 1, number)
        e, t = statistics.median(samples["engine"]), statistics.median(samples["torch"])
        print(f"| {title} | {e:.2f} | {t:.2f} | {e / t:.2f} |")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
