"""How many float32 matrix products the engine computes bit for bit as PyTorch does, on
random shapes of teaching size: ``nn.Linear``'s forward (``addmm``), its input gradient
(``grad @ W``) and weight gradient (``grad.T @ x``), and a plain ``mm``. Run it with the
engine to measure on ``PYTHONPATH`` (main's, then a branch's, for before and after):

    PYTHONPATH=$PWD python benchmarks/gemm_parity.py [shapes] [seed]

Prints, per product and range of shapes, the shapes whose every element is PyTorch's."""
import sys
from collections import defaultdict

import numpy as np
import torch

import gradstudio.engine as E


def _size(rng, top):
    """1 to ``top``, small sizes as likely as large ones (log-uniform)."""
    return int(np.exp(rng.uniform(0, np.log(top + 1))))


def _linear(lib, x, w, b, g):
    xt = lib.tensor(x, requires_grad=True)
    wt = lib.tensor(w, requires_grad=True)
    out = lib.nn.functional.linear(xt, wt, lib.tensor(b))
    out.backward(lib.tensor(g))
    return out.detach().numpy(), xt.grad.numpy(), wt.grad.numpy()


def _range(m, k, n):
    rows = "1 row" if m == 1 else "2-15 rows" if m < 16 else "16-128 rows"
    cols = "1 col" if n == 1 else "2+ cols"
    return f"{rows}, {cols}, K {'<=384' if k <= 384 else '>384'}"


def main(count=1000, seed=0):
    torch.set_num_threads(E.get_num_threads())
    rng = np.random.default_rng(seed)
    hits = defaultdict(lambda: [0, 0])
    for _ in range(count):
        m, k, n = _size(rng, 128), _size(rng, 784), _size(rng, 784)
        x, w, g = (rng.standard_normal(s).astype(np.float32) for s in ((m, k), (n, k), (m, n)))
        b = rng.standard_normal(n).astype(np.float32)
        theirs, ours = _linear(torch, x, w, b, g), _linear(E, x, w, b, g)
        names = ("linear forward", "linear grad_input", "linear grad_weight")
        shapes = ((m, k, n), (m, n, k), (n, m, k))
        for name, shape, t, o in zip(names, shapes, theirs, ours):
            cell = hits[name, _range(*shape)]
            cell[0] += bool(np.array_equal(t.view(np.uint32), o.view(np.uint32)))
            cell[1] += 1
        y = rng.standard_normal((k, n)).astype(np.float32)
        same = np.array_equal((torch.from_numpy(x) @ torch.from_numpy(y)).numpy(),
                              (E.tensor(x) @ E.tensor(y)).numpy())
        cell = hits["mm", _range(m, k, n)]
        cell[0] += same
        cell[1] += 1
    print(f"| product | shapes (M, K, N) | bit for bit |\n| --- | --- | --- |")
    for (name, shape), (same, total) in sorted(hits.items()):
        print(f"| {name} | {shape} | {same}/{total} |")
    total = [sum(v[i] for v in hits.values()) for i in (0, 1)]
    print(f"| all | | {total[0]}/{total[1]} |")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
