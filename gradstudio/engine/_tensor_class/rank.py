"""Tensor methods that pick values by rank or by a running extreme: ``kthvalue``,
``nanmedian``, ``cummax`` and ``cummin`` (their ops: ``_ops.table_rank``), with PyTorch's
argument checks and messages. Each finds its indices once (an op of their own, so a traced
program keeps them) and hands them to the values op."""
from .._types import dtype as D
from .._ops.dispatch import apply
from .._ops.record import OPS
from .core import _wrap_dim
from .reduce import _nonempty_dim, _return_type

__all__ = ["RankMixin", "KthvalueResult", "NanmedianResult", "CummaxResult", "CumminResult"]

KthvalueResult, NanmedianResult, CummaxResult, CumminResult = (
    _return_type(n) for n in ("kthvalue", "nanmedian", "cummax", "cummin"))
_REQUIRED = object()


def _required(value, fn, name):
    if value is _REQUIRED:
        raise TypeError(f'{fn}() missing 1 required positional arguments: "{name}"')


def _int_argument(value, fn, name, position):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{fn}(): argument '{name}' (position {position}) must be int, not "
                        f"{type(value).__name__}")


def _kthvalue(self, k=_REQUIRED, dim=-1, keepdim=False):
    _required(k, "kthvalue", "k")
    _int_argument(k, "kthvalue", "k", 1)
    d = _wrap_dim(dim, self._data.ndim)
    _nonempty_dim(self, d, "kthvalue")
    if self._dtype is D.bool_:
        raise NotImplementedError("\"kthvalue_cpu\" not implemented for 'Bool'")
    size = self._data.shape[d] if self._data.ndim else 1
    if not 1 <= k <= size:
        raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {d}")
    params = {"k": k, "dim": d, "keepdim": bool(keepdim)}
    indices = apply(OPS["_kthvalue_indices"], (self,), params)
    values = apply(OPS["kthvalue"], (self,), {**params, "indices": indices._data})
    return KthvalueResult(values, indices)


def _nanmedian(self, dim=None, keepdim=False):
    if self._dtype is D.bool_:
        raise NotImplementedError(f'"median_{"cpu" if dim is None else "out"}" not '
                                  "implemented for 'Bool'")
    if dim is None:
        if keepdim:
            raise TypeError('nanmedian() missing 1 required positional arguments: "dim"')
        return apply(OPS["nanmedian"], (self,))
    d = _wrap_dim(dim, self._data.ndim)
    _nonempty_dim(self, d, "median")
    params = {"dim": d, "keepdim": bool(keepdim)}
    indices = apply(OPS["_nanmedian_indices"], (self,), params)
    values = apply(OPS["nanmedian_dim"], (self,), {**params, "indices": indices._data})
    return NanmedianResult(values, indices)


def _running(name, result):
    def method(self, dim=_REQUIRED):
        _required(dim, name, "dim")
        params = {"dim": _wrap_dim(dim, self._data.ndim)}
        indices = apply(OPS["_" + name + "_indices"], (self,), params)
        values = apply(OPS[name], (self,), {**params, "indices": indices._data})
        return result(values, indices)
    method.__name__ = name
    return method


class RankMixin:
    """The rank and running-extreme methods of Tensor."""
    __slots__ = ()

    kthvalue, nanmedian = _kthvalue, _nanmedian
    cummax, cummin = _running("cummax", CummaxResult), _running("cummin", CumminResult)
