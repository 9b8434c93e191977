"""The op table, continued: more values chosen by rank or by a running extreme —
``kthvalue``, ``nanmedian`` (all elements, or along a dimension) and ``cummax`` /
``cummin``. As in ``table_sort``, each values op takes the indices its method computed (a
saved param), found as PyTorch's CPU kernels find them: ``kthvalue``'s quick-select,
``nanmedian``'s lower median of the numbers (the nans skipped), the running extreme's
"a nan, or at least as large" update. The gradient goes back to the positions the values
came from; for the running ones it adds up there (``cummaxmin_backward``'s scatter_add)."""
import numpy as np

from .record import Grad, Param, defembed, defop
from .table import EVENLY_RULE, KEEP, SELECTED_RULE, _evenly, _select_dim_grad
from .._cpu_kernels.stl_sort import _rows, median_value

DIM0 = Param("dim", "int", 0, "the dimension to select along")


# --- kthvalue ----------------------------------------------------------------------------
def _gt_or_nan(x, y):
    return (x != x and y == y) or x > y


def _quick_select(values, k):
    """The indices of ``values`` after PyTorch's ``quick_select_template`` moved its k-th
    smallest to position k (median of three, then Hoare's partition; nans largest)."""
    arr, idx = list(values), list(range(len(values)))

    def swap(i, j):
        arr[i], arr[j] = arr[j], arr[i]
        idx[i], idx[j] = idx[j], idx[i]
    lo, hi = 0, len(arr) - 1
    while hi > lo:
        if hi == lo + 1:
            if _gt_or_nan(arr[lo], arr[hi]):
                swap(lo, hi)
            break
        swap(lo + (hi - lo) // 2, lo + 1)
        for x, y in ((lo + 1, hi), (lo, hi), (lo + 1, lo)):
            if _gt_or_nan(arr[x], arr[y]):
                swap(x, y)
        i, j, pivot = lo + 1, hi, arr[lo]
        while True:
            i += 1
            while _gt_or_nan(pivot, arr[i]):
                i += 1
            j -= 1
            while _gt_or_nan(arr[j], pivot):
                j -= 1
            if j < i:
                break
            swap(i, j)
        swap(lo, j)
        if j <= k:
            lo = i
        if j >= k:
            hi = j - 1
    return idx


def _kth_indices(a, k=1, dim=-1, keepdim=False):
    if not a.ndim:
        return np.zeros((), np.int64)
    idx = _rows(a, dim, lambda row: _quick_select(row.tolist(), k - 1)[k - 1:k], 1)
    return idx if keepdim else np.squeeze(idx, dim)


def _taken(a, dim, keepdim, indices):
    if not a.ndim:
        return a.copy()
    idx = indices if keepdim else np.expand_dims(indices, dim)
    out = np.take_along_axis(a, idx, dim)
    return out if keepdim else np.squeeze(out, dim)


KTH_PARAMS = (Param("k", "int", 1, "which smallest (1: the smallest)"),
              Param("dim", "int", -1, "the dimension to select along"), KEEP)
defop("_kthvalue_indices", None, _kth_indices, None, params=KTH_PARAMS, dtype="long",
      category="internal")
defop("kthvalue", "KthvalueBackward0",
      lambda a, k=1, dim=-1, keepdim=False, indices=None: _taken(
          a, dim, keepdim, _kth_indices(a, k, dim, keepdim) if indices is None else indices),
      Grad(lambda F, g, out, a, k=1, dim=-1, keepdim=False, indices=None: _select_dim_grad(
          F, g, out, a, dim, keepdim, indices), formula=SELECTED_RULE),
      params=KTH_PARAMS, dtype="keep", saved_params=("indices",), category="reduction",
      code="{self}.kthvalue({k}, {dim}, keepdim={keepdim}).values",
      doc="The k-th smallest element along a dimension.")


# --- nanmedian ---------------------------------------------------------------------------
def _nanmedian_all(a):
    flat = a.reshape(-1)
    if flat.dtype.kind == "f" and flat.size:
        numbers = flat[flat == flat]
        return median_value(numbers if numbers.size else flat)
    return median_value(flat)


def _nanmedian_indices(a, dim=0, keepdim=False):
    """The lower median of each row's numbers in a stable order (the first nan's index
    when a row has only nans)."""
    if not a.ndim:
        return np.zeros((), np.int64)

    def pick(row):
        order = np.argsort(row, kind="stable")     # (nans last, in their order)
        count = int(np.count_nonzero(row == row))
        return order[max(count - 1, 0) // 2:][:1]
    idx = _rows(a, dim, pick, 1)
    return idx if keepdim else np.squeeze(idx, dim)


defop("nanmedian", "NanmedianBackward0", _nanmedian_all,
      Grad(_evenly, (0, "out"), formula=EVENLY_RULE), dtype="keep", category="reduction",
      code="{self}.nanmedian()", doc="The lower median of all elements, nans ignored.")
defop("_nanmedian_indices", None, _nanmedian_indices, None, params=(DIM0, KEEP),
      dtype="long", category="internal")
defop("nanmedian_dim", "NanmedianBackward1",
      lambda a, dim=0, keepdim=False, indices=None: _taken(
          a, dim, keepdim, _nanmedian_indices(a, dim, keepdim) if indices is None else indices),
      Grad(_select_dim_grad, formula=SELECTED_RULE), params=(DIM0, KEEP), dtype="keep",
      saved_params=("indices",), category="reduction", code="{self}.nanmedian({dim}).values",
      doc="The lower median along a dimension, nans ignored.")


# --- cummax / cummin ---------------------------------------------------------------------
def _running_indices(a, dim=0, largest=True):
    """PyTorch's cummax_cummin_helper: the running extreme moves to element i when it is
    nan, or when neither is nan and it is at least as large (as small), so ties take the
    later index."""
    if not a.ndim:
        return np.zeros((), np.int64)

    def run(row):
        out, best, at = [], None, 0
        for i, x in enumerate(row.tolist()):
            if i == 0 or x != x or (best == best and (x >= best if largest else x <= best)):
                best, at = x, i
            out.append(at)
        return out
    return _rows(a, dim, run, a.shape[dim])


# (the gradient added up at the positions the running values came from)
defembed("_running_scatter_add", "ScatterAddBackward0", accumulate=True)


def _running_grad(F, g, out, a, dim=0, indices=None):
    if not a.shape:
        return g
    key = list(np.indices(indices.shape, sparse=True))
    key[dim] = indices
    return F.fused("_running_scatter_add", g, shape=tuple(a.shape), key=tuple(key))


for _name, _largest in (("cummax", True), ("cummin", False)):
    defop("_" + _name + "_indices", None,
          lambda a, dim=0, _l=_largest: _running_indices(a, dim, _l), None,
          params=(DIM0,), dtype="long", category="internal")
    defop(_name, _name.capitalize() + "Backward0",
          lambda a, dim=0, indices=None, _l=_largest: a.copy() if not a.ndim else
          np.take_along_axis(a, _running_indices(a, dim, _l) if indices is None else indices,
                             dim),
          Grad(_running_grad, formula="torch.zeros_like(self).scatter_add(dim, indices, grad)"),
          params=(DIM0,), dtype="keep", saved_params=("indices",), category="reduction",
          code="{self}." + _name + "({dim}).values",
          doc=f"The running {'largest' if _largest else 'smallest'} element along a "
              "dimension.")


# --- quantile's last step ----------------------------------------------------------------
# PyTorch's quantile ends with ``values.squeeze_(-1)`` on its own result: the in-place
# squeeze of a dimension, SqueezeBackward4 (``_tensor_class.quantile`` composes the rest)
defop("_squeeze_dim_", "SqueezeBackward4", lambda a, dim=-1: np.squeeze(a, dim),
      Grad(lambda F, g, out, a, dim=-1: F.reshape(g, a.shape),
           formula="grad.unsqueeze(dim)"),
      params=(Param("dim", "int", -1),), dtype="keep", category="internal")
