"""PyTorch's CPU variance kernels (``native/ReduceOps.cpp``, ``cpu/ReduceOpsKernel.cpp``),
in double as PyTorch computes them for float32 and float64.

``welford``: ``std_var_stub``'s ``WelfordOps`` (one pass over the reduced elements in
order, a single output of 32,768 elements or more split among the threads), which
``var``/``std`` over some dims and ``var_mean``/``std_mean`` use. ``spread_all``:
``std_var_all_cpu``, which ``var``/``std`` use when there is one output: the mean as
``x.mean()`` gives it, then ``(x - mean) ** 2`` summed in double, element after element
in memory order."""
import numpy as np

from . import threads

__all__ = ["welford", "spread_all", "GRAIN_SIZE"]

_GRAIN_SIZE = GRAIN_SIZE = 32768   # at::internal::GRAIN_SIZE


def _welford_run(x):
    """WelfordOps::reduce over the columns of ``x`` in order: (mean, m2) per row."""
    mean, m2 = np.zeros(x.shape[0]), np.zeros(x.shape[0])
    for k in range(x.shape[1]):
        delta = x[:, k] - mean
        mean = mean + delta / float(k + 1)
        m2 = m2 + delta * (x[:, k] - mean)
    return mean, m2


def _welford_split(row, tasks):
    """One output reduced by ``tasks`` threads (at::parallel_for's chunks), each its own
    Welford pass, then WelfordOps::combine in thread order."""
    n = row.size
    chunk = -(-n // tasks)
    mean, m2, count = 0.0, 0.0, 0.0
    for t in range(tasks):
        part = row[t * chunk:min(n, (t + 1) * chunk)]
        if not part.size:
            continue
        b_mean, b_m2 = (float(v[0]) for v in _welford_run(part.reshape(1, -1)))
        b_n = float(part.size)
        if count == 0:
            mean, m2, count = b_mean, b_m2, b_n
            continue
        delta = b_mean - mean
        new_count = count + b_n
        nb_over_n = b_n / new_count
        mean, m2 = mean + delta * nb_over_n, m2 + b_m2 + delta * delta * count * nb_over_n
        count = new_count
    return np.array([mean]), np.array([m2])


def welford(a, dim=None):
    """PyTorch's CPU std/var kernel (WelfordOps in double, one pass over the reduced
    elements in order; a single output of 32768 elements or more is split among the
    threads, as binary_kernel_reduce does): the mean and sum of squared deviations per
    output, and the count."""
    x = np.asarray(a, np.float64)
    dims = tuple(range(x.ndim)) if dim is None or not x.ndim else tuple(dim)
    rest = [d for d in range(x.ndim) if d not in dims]
    n = int(np.prod([x.shape[d] for d in dims])) if x.ndim else 1
    x = np.transpose(x, rest + list(dims)).reshape(-1, n) if x.ndim else x.reshape(1, 1)
    tasks = min(threads.threads(), -(-n // _GRAIN_SIZE))
    if x.shape[0] == 1 and n >= _GRAIN_SIZE and tasks > 1:
        mean, m2 = _welford_split(x[0], tasks)
    else:
        mean, m2 = _welford_run(x)
    if not n:
        mean = np.full(x.shape[0], np.nan)
    return mean, m2, n


def spread_all(a, mean, correction, take_sqrt):
    """``std_var_all_cpu``: the variance (the std with ``take_sqrt``) of all of ``a`` in
    double, given ``x.mean()`` as PyTorch computes it; None for 32,768 elements or more,
    which PyTorch sums by threads."""
    if a.size >= GRAIN_SIZE or not a.size:
        return None
    d = np.asarray(a, np.float64).ravel(order="K") - float(mean)
    total = np.add.accumulate(d * d)[-1]
    with np.errstate(divide="ignore", invalid="ignore"):
        var = total / max(0.0, a.size - correction)
    return np.sqrt(var) if take_sqrt else var
