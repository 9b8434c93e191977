"""The in-place shape changes ``t_``, ``transpose_``, ``unsqueeze_`` and ``squeeze_``
(their ops: ``_ops.table_shape_inplace``): the tensor takes the new shape over the same
memory, its version goes up, and when it is part of a graph its grad_fn becomes the op's
node, as PyTorch's in-place view ops do. A view taking part in a graph is refused in plain
words (its place in its base could not follow the new shape)."""
from .._autograd.grad_mode import STATE
from .._ops.dispatch import _check_inplace, apply
from .._ops.record import OPS
from .core import _wrap_dim

__all__ = ["ShapeInplaceMixin"]


def _reshaped(self, name, params, method):
    tracked = STATE.enabled and self.requires_grad
    if tracked:
        _check_inplace(self, self._base)
        if self._base is not None:
            raise NotImplementedError(
                f"GradStudio's engine cannot change the shape of a view in place yet "
                f"(x.{method}() on a view that is part of a graph); use x = x."
                f"{method[:-1]}(...) instead.")
        result = apply(OPS[name], (self,), params)
        self._data, self._grad_fn = result._data, result._grad_fn
    else:
        self._data = OPS[name].forward(self._data, **params)
    self._vc[0] += 1
    return self


class ShapeInplaceMixin:
    """``t_``, ``transpose_``, ``unsqueeze_``, ``squeeze_``."""
    __slots__ = ()

    def t_(self):
        if self._data.ndim > 2:
            raise RuntimeError(f"t_() expects a tensor with <= 2 dimensions, but self is "
                               f"{self._data.ndim}D")
        return _reshaped(self, "_t_", {}, "t_")

    def transpose_(self, dim0, dim1):
        n = self._data.ndim
        return _reshaped(self, "_transpose_", {"dim0": _wrap_dim(dim0, n),
                                               "dim1": _wrap_dim(dim1, n)}, "transpose_")

    def unsqueeze_(self, dim):
        return _reshaped(self, "_unsqueeze_", {"dim": _wrap_dim(dim, self._data.ndim + 1)},
                         "unsqueeze_")

    def squeeze_(self, dim=None):
        if dim is None:
            return _reshaped(self, "_squeeze_", {}, "squeeze_")
        d = _wrap_dim(dim, self._data.ndim)
        if not self._data.ndim or self._data.shape[d] != 1:
            self._vc[0] += 1        # (PyTorch counts the call even when nothing changes)
            return self
        return _reshaped(self, "_squeeze_dim_", {"dim": d}, "squeeze_")
