"""How long the engine's float32 matrix product takes where it adds in MKL's order
(``_cpu_kernels``: ``avx512_gemm`` on Intel's AVX-512, ``gemm_order``'s generic orders
elsewhere), against numpy's BLAS and torch, for the products of a small training step:

    PYTHONPATH=$PWD python benchmarks/gemm_speed.py

Prints each shape's median time over repeats and the ratios, then the median ratio."""
import statistics
import timeit

import numpy as np
import torch

from gradstudio.engine._cpu_kernels import gemm_order

# (M, K, N, layout of the second operand): the XOR MLP's five products first (2-4-1,
# batch 4: forward x @ W1.T and h @ W2.T, then g2 @ W2, h.T @ g2 and X.T @ g1), then
# nn.Linear's forward (x @ W.T: "T"), its
# input gradient (g @ W) and weight gradient (g.T @ x: the first operand transposed)
SHAPES = [(4, 2, 4, "T"), (4, 4, 1, "T"), (4, 1, 4, ""), (4, 4, 1, "A"), (2, 4, 4, "A"),
          (64, 2, 16, "T"), (64, 16, 16, "T"), (64, 16, 2, "T"), (64, 16, 2, ""),
          (16, 64, 2, "A"), (100, 10, 32, "T"), (32, 100, 10, ""), (10, 32, 100, "A"),
          (64, 784, 128, "T"), (64, 128, 784, ""), (128, 64, 784, "A"),
          (128, 128, 10, "T"), (10, 128, 128, "A"), (10000, 8, 8, "T")]


def _operands(m, k, n, layout, rng):
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    if layout == "T":
        b = np.ascontiguousarray(b.T).T
    if layout == "A":
        a = np.ascontiguousarray(a.T).T
    return a, b


def _median(f, repeat=7):
    number = max(1, int(0.05 / max(timeit.timeit(f, number=1), 1e-6)))
    return statistics.median(t / number for t in timeit.repeat(f, number=number,
                                                                repeat=repeat))


def main():
    torch.set_num_threads(torch.get_num_threads())
    rng = np.random.default_rng(0)
    ratios_np, ratios_torch = [], []
    print("| M, K, N | engine | numpy | torch | engine / numpy | engine / torch |")
    print("| --- | --- | --- | --- | --- | --- |")
    for m, k, n, layout in SHAPES:
        a, b = _operands(m, k, n, layout, rng)
        ta, tb = torch.from_numpy(a), torch.from_numpy(b)
        times = [_median(lambda: gemm_order.matmul(a, b)), _median(lambda: np.matmul(a, b)),
                 _median(lambda: torch.mm(ta, tb))]
        ratios_np.append(times[0] / times[1])
        ratios_torch.append(times[0] / times[2])
        print(f"| {m}, {k}, {n} {layout} | " + " | ".join(f"{t * 1e6:.0f} us" for t in times)
              + f" | {ratios_np[-1]:.0f} | {ratios_torch[-1]:.0f} |")
    print(f"median ratio: engine / numpy {statistics.median(ratios_np):.0f}, "
          f"engine / torch {statistics.median(ratios_torch):.0f}")


if __name__ == "__main__":
    main()
