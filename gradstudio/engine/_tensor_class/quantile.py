"""``quantile`` and ``nanquantile``, composed as PyTorch's ``quantile_compute`` composes
them: the input sorted (flattened, or the reduced dimension moved last) and viewed as rows,
ranks ``q * (n - 1)`` in the input's dtype (a row with a nan: the last rank; for
``nanquantile``, ranks among the numbers), the values gathered below and above the ranks,
``lerp`` between them (``LerpBackward1``), and the in-place squeeze that leaves
``SqueezeBackward4``. The ranks are constants (no gradient), computed on the arrays."""
import numpy as np

from .._ops.dispatch import apply
from .._ops.record import OPS
from .core import TensorCore, _wrap_dim

__all__ = ["QuantileMixin", "no_q_error"]

_MODES = ("linear", "lower", "higher", "midpoint", "nearest")
_make = TensorCore._make


def _checks(self, q, interpolation, name):
    if self._data.size == 0:
        raise RuntimeError(f"{name}() input tensor must be non-empty")
    if self._dtype.name not in ("float32", "float64"):
        raise RuntimeError(f"{name}() input tensor must be either float or double dtype")
    if isinstance(q, TensorCore) and q._dtype is not self._dtype:
        raise RuntimeError(f"{name}() q tensor must be same dtype as the input tensor")
    if interpolation not in _MODES:
        raise RuntimeError(f"{name}() interpolation must be one of linear, lower, higher, "
                           f"midpoint or nearest, but got {interpolation}")
    for v in (q._data.reshape(-1).tolist() if isinstance(q, TensorCore) else [q]):
        if not 0 <= v <= 1:
            raise RuntimeError(f"{name}() q must be in the range [0, 1] but got {v}")


def _rows(self, d, keepdim, k):
    """The sorted values viewed as PyTorch's ``in_shape``: the output's shape without the
    quantiles, the row to pick from last."""
    if d is None:
        out = [1] * self._data.ndim if keepdim else []
        s = self.flatten().sort().values
    else:
        out = [1 if i == d else n for i, n in enumerate(self._data.shape) if keepdim or i != d]
        s = self.sort().values if d == self._data.ndim - 1 or not self._data.ndim else \
            self.unsqueeze(-1).transpose(d, -1).sort().values
    in_shape = ([k] + out)[1:] + [s.shape[-1]]
    return s.reshape(in_shape)


def _ranks(rows, q, ignore_nan, interpolation):
    data = rows._data
    nan = data != data
    if ignore_nan:
        ranks = q * (np.sum(~nan, -1, keepdims=True) - 1).astype(data.dtype)
        ranks = np.where(ranks < 0, 0, ranks).astype(data.dtype)
    else:
        last = data.shape[-1] - 1
        ranks = np.where(nan.any(-1, keepdims=True), data.dtype.type(last),
                         q * data.dtype.type(last))
    rounding = {"lower": np.floor, "higher": np.ceil, "nearest": np.round}.get(interpolation)
    return rounding(ranks) if rounding else ranks


def _quantile(self, q, dim, keepdim, interpolation, ignore_nan, name):
    _checks(self, q, interpolation, name)
    d = None if dim is None else _wrap_dim(dim, self._data.ndim)
    scalar_q = not isinstance(q, TensorCore) or not q._data.ndim
    qs = np.asarray(q._data if isinstance(q, TensorCore) else q, self._dtype.np)
    rows = _rows(self, d, keepdim, 1 if scalar_q else qs.size)
    ranks = _ranks(rows, qs, ignore_nan, interpolation)
    below = ranks.astype(np.int64)
    values = rows.gather(-1, _make(below))
    if interpolation in ("linear", "midpoint"):
        weights = np.full_like(ranks, 0.5) if interpolation == "midpoint" else \
            ranks - below.astype(ranks.dtype)
        above = rows.gather(-1, _make(np.ceil(ranks).astype(np.int64)))
        values = values.lerp(above, _make(weights, self._dtype))
    if not scalar_q:
        values = values.unsqueeze(0).transpose(0, -1)
    return apply(OPS["_squeeze_dim_"], (values,), {"dim": values._data.ndim - 1})


_NO_Q = object()


def no_q_error(name, function):
    """PyTorch's TypeError for ``quantile`` called without ``q``."""
    first, last = ("Tensor input, ", ", Tensor out = None") if function else ("", "")
    rest = 'int dim = None, bool keepdim = False, *, str interpolation = "linear"' + last
    return TypeError(f"{name}() received an invalid combination of arguments - got "
                     f"({'Tensor' if function else ''}), but expected one of:\n * ({first}"
                     f"Tensor q, {rest})\n * ({first}float q, {rest})\n")


def _method(name, ignore_nan):
    def method(self, q=_NO_Q, dim=None, keepdim=False, *, interpolation="linear"):
        if q is _NO_Q:
            raise no_q_error(name, False)
        return _quantile(self, q, dim, keepdim, interpolation, ignore_nan, name)
    method.__name__ = name
    return method


class QuantileMixin:
    """``quantile`` and ``nanquantile``."""
    __slots__ = ()

    quantile, nanquantile = _method("quantile", False), _method("nanquantile", True)
