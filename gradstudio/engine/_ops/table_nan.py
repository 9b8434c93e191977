"""The op table, continued: reductions that skip nans or give two extremes at once —
``nansum`` (its gradient is zero where the input was nan) and ``aminmax``'s two halves,
which share PyTorch's one grad_fn name (``AminmaxBackward0``; like ``std_mean``, the
engine records the two results as two nodes). ``nanmean`` is ``nansum`` divided by the
count of numbers, as PyTorch composes it (``_tensor_class.nan_reduce``)."""
import numpy as np

from .._cpu_kernels.cascade_sum import cascade_sum
from .record import Grad, Param, defop
from .table import DIM, KEEP, _axis, _unreduce
from .table_stats import _extreme_grad


def _nansum(a, dim=None, keepdim=False):
    if a.dtype.kind == "f":
        a = np.where(a != a, a.dtype.type(0), a)
    return cascade_sum(a, _axis(a, dim), keepdim)


def _nansum_grad(F, g, out, a, dim=None, keepdim=False):
    # PyTorch's nansum_backward: the gradient, expanded, times self.isnan().logical_not()
    return _unreduce(F, g, a.shape, dim, keepdim) * F.mask(a == a, g)


defop("nansum", "NansumBackward0", _nansum,
      Grad(_nansum_grad, (0,), formula="grad.expand(self.shape) * self.isnan().logical_not()"),
      params=(DIM, KEEP), dtype="sum", category="reduction", code="{self}.nansum({dim})",
      doc="Sum of elements (over dim, or all), nans counted as zero.")


_ONE_DIM = Param("dim", "int", None, "the dimension to reduce; None for all")
for _name, _np_fn in (("aminmax_min", np.min), ("aminmax_max", np.max)):
    defop("_" + _name, "AminmaxBackward0",
          lambda a, dim=None, keepdim=False, _f=_np_fn: _f(a, axis=_axis(a, dim),
                                                           keepdims=keepdim),
          Grad(_extreme_grad, (0, "out"), formula="torch.where(self == result, grad / "
                                                  "(self == result).sum(dim, keepdim=True), 0)"),
          params=(_ONE_DIM, KEEP), dtype="keep", category="internal",
          doc="One half of aminmax: the smallest (largest) elements, ties sharing the "
              "gradient.")
