"""How many float32 products of teaching size the engine computes bit for bit as torch
does, by shape class: ``nn.Linear``'s three products as torch calls them (``x @ W.T``,
``g @ W``, ``g.T @ x``), ``mv``, ``x @ w`` of one column and ``v @ v``, with ``M``, ``K``, ``N`` from
1 to 64 (half of them up to 8). Run it with the engine to measure on ``PYTHONPATH``:

    PYTHONPATH=$PWD python benchmarks/small_gemm_parity.py [shapes] [seed]

Prints, per product and class of rows and columns, the products whose every element is
torch's, and a few shapes (M, K, N) of those that are not."""
import sys
from collections import defaultdict

import numpy as np
import torch

import gradstudio.engine as E


def _products(lib, x, w, g, v):
    X, W, G, V = (lib.tensor(t) for t in (x, w, g, v))
    return {"x @ W.T": X @ W.t(), "g @ W": G @ W, "g.T @ x": G.t() @ X,
            "mv": X @ V, "x @ w (one column)": X @ V.reshape(-1, 1), "v @ v": V @ V}


def _class(name, m, n):
    rows = "1" if m == 1 else "2-3" if m < 4 else "4-15" if m < 16 else "16+"
    return f"{name}, M {rows}, N {'1' if n == 1 else '2+'}"


def main(count=1000, seed=0, top=64):
    torch.set_num_threads(E.get_num_threads())
    rng = np.random.default_rng(seed)
    hits, misses = defaultdict(lambda: [0, 0]), defaultdict(list)
    for _ in range(count):
        m, k, n = (int(rng.integers(1, top + 1)) if rng.random() < .5 else
                   int(rng.integers(1, 9)) for _ in range(3))
        x, w = (rng.standard_normal(s).astype(np.float32) for s in ((m, k), (n, k)))
        g, v = rng.standard_normal((m, n)).astype(np.float32), \
            rng.standard_normal(k).astype(np.float32)
        theirs, ours = _products(torch, x, w, g, v), _products(E, x, w, g, v)
        shapes = {"x @ W.T": (m, k, n), "g @ W": (m, n, k), "g.T @ x": (n, m, k),
                  "mv": (m, k, 1), "x @ w (one column)": (m, k, 1), "v @ v": (1, k, 1)}
        for name in theirs:
            same = np.array_equal(theirs[name].numpy().view(np.uint32),
                                  ours[name].numpy().view(np.uint32))
            cell = _class(name, shapes[name][0], shapes[name][2])
            hits[cell][0] += same
            hits[cell][1] += 1
            if not same:
                misses[cell].append(shapes[name])
    print("| product | bit for bit | not, e.g. (M, K, N) |\n| --- | ---: | --- |")
    for cell in sorted(hits):
        print(f"| {cell} | {hits[cell][0]}/{hits[cell][1]} | {sorted(misses[cell])[:4]} |")
    total = [sum(v[i] for v in hits.values()) for i in (0, 1)]
    print(f"| all | {total[0]}/{total[1]} | |")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
