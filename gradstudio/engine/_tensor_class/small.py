"""Small Tensor methods students meet: ``ravel``, ``is_inference`` and ``mode`` (its ops
are in ``_ops.table_small``)."""
from .._autograd import grad_mode
from .._ops.dispatch import apply
from .._ops.record import OPS
from .core import _wrap_dim
from .reduce import _nonempty_dim, _return_type

__all__ = ["SmallNamesMixin", "ModeResult"]

ModeResult = _return_type("mode")


class SmallNamesMixin:
    """``ravel``, ``is_inference`` and ``mode``."""
    __slots__ = ()

    def ravel(self):
        return self.contiguous().view(-1)   # (PyTorch's ravel, so a copy shows ViewBackward0)

    def is_inference(self):
        return type(self._vc) is grad_mode.InferenceVersion

    def mode(self, dim=-1, keepdim=False):
        d = _wrap_dim(dim, self._data.ndim)
        _nonempty_dim(self, d, "mode")
        params = {"dim": d, "keepdim": bool(keepdim)}
        indices = apply(OPS["_mode_indices"], (self,), params)
        values = apply(OPS["mode"], (self,), {**params, "indices": indices._data})
        return ModeResult(values, indices)
