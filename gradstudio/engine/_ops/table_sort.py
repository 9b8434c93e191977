"""The op table, continued: sorting and selecting by rank (``sort``, ``argsort``, ``topk``,
``median``). Each values op takes the indices its method computed (a saved param, as
``max(dim)`` does), so a row's order is found once; the orders are PyTorch's own, ties
included (``_cpu_kernels.stl_sort``). The gradient goes back to the positions the values came from
(``value_selecting_reduction_backward``); the indices have none."""
import numpy as np

from .record import Grad, Param, defop
from .table import EVENLY_RULE, KEEP, SELECTED_RULE, _evenly, _select_dim_grad
from .._cpu_kernels.stl_sort import median_index, median_value, sort_order, topk_order

DIM = Param("dim", "int", -1, "the dimension to sort along")
SORT_PARAMS = (DIM, Param("descending", "bool", False, "largest first"),
               Param("stable", "bool", None, "keep equal elements in their order (None: not "
                     "given, PyTorch's other overload)"))


def _argsort(a, dim=-1, descending=False, stable=None):
    return sort_order(a, dim % a.ndim, descending, bool(stable)) if a.ndim else \
        np.zeros((), np.int64)


def _taken(a, dim, indices):
    return np.take_along_axis(a, indices, dim % a.ndim) if a.ndim else a.copy()


def _selected_grad(F, g, out, a, dim=-1, indices=None, **params):
    """The gradient written back where each value came from (keepdim)."""
    return _select_dim_grad(F, g, out, a, dim % len(a.shape) if a.shape else 0, True,
                            indices)


defop("argsort", None, _argsort, None, params=SORT_PARAMS, dtype="long", category="reduction",
      code="{self}.argsort(dim={dim}, descending={descending}, stable={stable})",
      doc="The indices that sort the tensor along dim.")
# (a call that names ``stable`` at all is the ``sort.stable`` overload: SortBackward1)
defop("sort", lambda p: "SortBackward0" if p.get("stable") is None else "SortBackward1",
      lambda a, dim=-1, descending=False, stable=None, indices=None: _taken(
          a, dim, _argsort(a, dim, descending, stable) if indices is None else indices),
      Grad(_selected_grad, formula=SELECTED_RULE), params=SORT_PARAMS, dtype="keep",
      saved_params=("indices",),
      category="reduction", code="{self}.sort(dim={dim}, descending={descending}, stable={stable}).values",
     
      doc="The elements sorted along dim (their indices: argsort).")

TOPK_PARAMS = (Param("k", "int", 1, "how many"), DIM,
               Param("largest", "bool", True, "the largest (else the smallest)"),
               Param("sorted", "bool", True, "in order"))


def _topk_indices(a, k=1, dim=-1, largest=True, sorted=True):
    return topk_order(a, k, dim % a.ndim, largest, sorted) if a.ndim else np.zeros((), np.int64)


defop("_topk_indices", None, _topk_indices, None, params=TOPK_PARAMS, dtype="long",
      category="internal")
defop("topk", "TopkBackward0",
      lambda a, k=1, dim=-1, largest=True, sorted=True, indices=None: _taken(
          a, dim, _topk_indices(a, k, dim, largest, sorted) if indices is None else indices),
      Grad(_selected_grad, formula=SELECTED_RULE), params=TOPK_PARAMS, dtype="keep",
      saved_params=("indices",),
      category="reduction", code="{self}.topk({k}, dim={dim}, largest={largest}, sorted={sorted}).values",
     
      doc="The k largest (or smallest) elements along dim.")

defop("median", "MedianBackward0", median_value, Grad(_evenly, (0, "out"), formula=EVENLY_RULE),
      dtype="keep",
      category="reduction", code="{self}.median()",
      doc="The lower median of all elements (nan if there is one).")


def _median_indices(a, dim=0, keepdim=False):
    if not a.ndim:
        return np.zeros((), np.int64)
    idx = median_index(a, dim)
    return np.expand_dims(idx, dim) if keepdim else idx


defop("_median_indices", None, _median_indices, None,
      params=(Param("dim", "int", 0), KEEP), dtype="long", category="internal")


def _median_dim(a, dim=0, keepdim=False, indices=None):
    if not a.ndim:
        return a.copy()
    idx = _median_indices(a, dim, True) if indices is None else (
        indices if keepdim else np.expand_dims(indices, dim))
    out = np.take_along_axis(a, idx, dim)
    return out if keepdim else np.squeeze(out, dim)


defop("median_dim", "MedianBackward1", _median_dim,
      Grad(_select_dim_grad, formula=SELECTED_RULE),
      params=(Param("dim", "int", 0), KEEP), dtype="keep", saved_params=("indices",),
      category="reduction", code="{self}.median({dim}).values",
      doc="The lower median along a dimension.")
