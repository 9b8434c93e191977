"""Tensor methods for products and statistics: ``prod``, ``std``, ``var`` and ``cumsum``.

Like every method module they check arguments as PyTorch does and dispatch through the
shared ``_apply`` of ``_tensor_ops``."""
from ._ops import OPS
from ._tensor import Tensor, _wrap_dim
# ``_apply`` is looked up on _tensor_ops at each call, not imported: the document tracer
# patches it there (in its own process) and so reaches every method module
from . import _tensor_ops as _shared

_PROD_SIGNATURES = ("prod() received an invalid combination of arguments - got ({}), but "
                    "expected one of:\n * (*, torch.dtype dtype = None)\n * (int dim, bool "
                    "keepdim = False, *, torch.dtype dtype = None)\n")


def _prod(self, dim=None, keepdim=False, *, dtype=None):
    if dim is not None and (isinstance(dim, bool) or not isinstance(dim, int)):
        raise TypeError(_PROD_SIGNATURES.format(type(dim).__name__))
    src = self if dtype is None else self.to(dtype)
    if dim is None:
        return _shared._apply(OPS["prod"], (src,), {"dim": None, "keepdim": False})
    return _shared._apply(OPS["prod"], (src,), {"dim": _wrap_dim(dim, self._data.ndim),
                                                "keepdim": keepdim})


Tensor.prod = _prod
