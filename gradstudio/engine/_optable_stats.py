"""More reductions for the op table, each once with PyTorch's gradient formula: ``amax``
and ``amin`` (the gradient shared among ties).

Registered by ``_optable`` (which the package imports first); conventions as there.
"""
import numpy as np

from ._ops import Grad, Param, defop, _norm_dims
from ._optable import DIM, KEEP, _axis, _unreduce


def _dims_of(shape, dim):
    return _norm_dims(dim, len(shape)) if len(shape) else None


# --- amax / amin -------------------------------------------------------------------------
def _extreme_grad(F, g, out, a, dim=None, keepdim=False):
    # PyTorch's scale_grad_by_count: (grad / count) * mask, with every element equal to
    # the extreme in the mask (a nan extreme matches nothing, so its gradient is nan)
    g = _unreduce(F, g, a.shape, dim, keepdim)
    mask = F.mask(_unreduce(F, out, a.shape, dim, keepdim) == a, g)
    return (g / F.sum(mask, _dims_of(a.shape, dim), True)) * mask


for _name, _np_fn in (("amax", np.max), ("amin", np.min)):
    defop(_name, _name.capitalize() + "Backward0",
          lambda a, dim=None, keepdim=False, _f=_np_fn: _f(a, axis=_axis(a, dim),
                                                           keepdims=keepdim),
          Grad(_extreme_grad, (0, "out")), params=(DIM, KEEP), dtype="keep",
          category="reduction", code="{self}." + _name + "({dim})",
          doc=f"The {'largest' if _name == 'amax' else 'smallest'} elements over dim (or "
              "all), ties sharing the gradient.")
