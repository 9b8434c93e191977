"""Small Tensor methods students meet: ``ravel``, ``is_inference``, ``mode``, the in-place
comparisons ``eq_`` ... ``ge_`` (their ops are in ``_ops.table_small``) and ``diff``."""
from .._autograd import grad_mode
from .._ops.dispatch import apply, inplace
from .._ops.record import OPS
from .core import TensorCore, _wrap_dim
from .operands import _operand
from .reduce import _nonempty_dim, _return_type

__all__ = ["SmallNamesMixin", "ModeResult"]

ModeResult = _return_type("mode")


class SmallNamesMixin:
    """``ravel``, ``is_inference``, ``mode``, ``eq_`` ... ``ge_`` and ``diff``."""
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

    def eq_(self, other):
        return _compare_(self, other, "eq")

    def ne_(self, other):
        return _compare_(self, other, "ne")

    def lt_(self, other):
        return _compare_(self, other, "lt")

    def le_(self, other):
        return _compare_(self, other, "le")

    def gt_(self, other):
        return _compare_(self, other, "gt")

    def ge_(self, other):
        return _compare_(self, other, "ge")

    def cov(self, *, correction=1, fweights=None, aweights=None):
        from .._torch_functions.correlation import cov
        return cov(self, correction=correction, fweights=fweights, aweights=aweights)

    def corrcoef(self):
        from .._torch_functions.correlation import corrcoef
        return corrcoef(self)

    def bincount(self, weights=None, minlength=0):
        from .._torch_functions.counting import bincount
        return bincount(self, weights, minlength)

    def histc(self, bins=100, min=0, max=0):  # noqa: A002 (PyTorch's names)
        from .._torch_functions.counting import histc
        return histc(self, bins, min, max)

    def diff(self, n=1, dim=-1, prepend=None, append=None):
        """PyTorch's composite: ``narrow(dim, 1, len - 1) - narrow(dim, 0, len - 1)``
        (``logical_xor`` for bools), ``n`` times, after concatenating ``prepend`` and
        ``append`` along ``dim``."""
        from .._torch_functions.general import cat
        if self._data.ndim == 0:
            raise RuntimeError("diff expects input to be at least one-dimensional")
        if n < 0:
            raise RuntimeError(f"order must be non-negative but got {n}")
        d = _wrap_dim(dim, self._data.ndim)
        for label, t in (("prepend", prepend), ("append", append)):
            if t is not None and not isinstance(t, TensorCore):
                raise TypeError(f"diff(): argument '{label}' must be Tensor, not "
                                f"{type(t).__name__}")
            if t is not None and t._data.ndim != self._data.ndim:
                raise RuntimeError("diff expects prepend or append to be the same dimension "
                                   "as input")
            for i in range(self._data.ndim):
                if t is not None and i != d and t._data.shape[i] != self._data.shape[i]:
                    raise RuntimeError(
                        "diff expects the shape of tensor to prepend or append to match that "
                        "of input except along the differencing dimension; input.size("
                        f"{i}) = {self._data.shape[i]}, but got tensor.size({i}) = "
                        f"{t._data.shape[i]}")
        if n == 0:
            return self.new_empty(self.shape).copy_(self)
        x = self
        if prepend is not None or append is not None:
            x = cat([t for t in (prepend, self, append) if t is not None], d)
        for _ in range(n):
            length = x._data.shape[d]
            if length == 0:
                break
            after, before = x.narrow(d, 1, length - 1), x.narrow(d, 0, length - 1)
            x = after.logical_xor(before) if x._dtype.name == "bool" else after - before
        return x


def _compare_(self, other, name):
    other = _operand(other, name + "_")
    overload = "1" if isinstance(other, TensorCore) else "0"
    return inplace(self, OPS[f"_{name}_inplace{overload}"], (self, other))
