"""Tensor methods that select by rank: ``sort``, ``argsort``, ``msort``, ``topk`` and
``median``, bound on ``SelectMixin``, with PyTorch's argument checks and messages. Each
finds its indices once (an op of their own, so a traced program keeps them) and hands
them to the values op (``_ops.table_sort``)."""
from .._types import dtype as D
from .core import _wrap_dim
from .._ops.dispatch import apply
from .._ops.record import OPS
from .reduce import _nonempty_dim, _return_type

__all__ = ["SelectMixin", "SortResult", "TopkResult", "MedianResult"]

SortResult, TopkResult, MedianResult = (_return_type(n) for n in ("sort", "topk", "median"))


_NOT_GIVEN = object()


def _stable(stable):
    """None when the call did not name ``stable`` (PyTorch's ``sort`` overload), else a
    bool (its ``sort.stable`` overload, which records SortBackward1)."""
    return None if stable is _NOT_GIVEN else bool(stable)


def _sort(self, dim=-1, descending=False, *, stable=_NOT_GIVEN):
    params = {"dim": _wrap_dim(dim, self._data.ndim), "descending": bool(descending),
              "stable": _stable(stable)}
    indices = apply(OPS["argsort"], (self,), params)
    values = apply(OPS["sort"], (self,), {**params, "indices": indices._data})
    return SortResult(values, indices)


def _argsort(self, dim=-1, descending=False, *, stable=False):
    return apply(OPS["argsort"], (self,), {"dim": _wrap_dim(dim, self._data.ndim),
                                           "descending": bool(descending),
                                           "stable": bool(stable)})


def _msort(self, *args, **kwargs):
    # (a method of TensorBase without arguments, in CPython's words)
    if kwargs:
        raise TypeError("TensorBase.msort() takes no keyword arguments")
    if args:
        raise TypeError(f"TensorBase.msort() takes no arguments ({len(args)} given)")
    return _sort(self, 0).values


def _topk(self, k=None, dim=-1, largest=True, sorted=True):
    if k is None:
        raise TypeError('topk() missing 1 required positional arguments: "k"')
    d = _wrap_dim(dim, self._data.ndim)
    if not 0 <= k <= (self._data.shape[d] if self._data.ndim else 1):
        raise RuntimeError("selected index k out of range")
    if self._dtype is D.bool_:
        raise RuntimeError("topk does not support bool dtypes on CPU")
    params = {"k": int(k), "dim": d, "largest": bool(largest), "sorted": bool(sorted)}
    indices = apply(OPS["_topk_indices"], (self,), params)
    values = apply(OPS["topk"], (self,), {**params, "indices": indices._data})
    return TopkResult(values, indices)


def _median(self, dim=None, keepdim=False):
    if self._dtype is D.bool_:
        raise NotImplementedError(f'"median_{"cpu" if dim is None else "out"}" not '
                                  "implemented for 'Bool'")
    if dim is None:
        if keepdim:
            raise TypeError('median() missing 1 required positional arguments: "dim"')
        return apply(OPS["median"], (self,))
    d = _wrap_dim(dim, self._data.ndim)
    _nonempty_dim(self, d, "median")
    params = {"dim": d, "keepdim": bool(keepdim)}
    indices = apply(OPS["_median_indices"], (self,), params)
    values = apply(OPS["median_dim"], (self,), {**params, "indices": indices._data})
    return MedianResult(values, indices)


class SelectMixin:
    """The rank-selecting methods of Tensor."""
    __slots__ = ()

    sort, argsort, msort = _sort, _argsort, _msort
    topk, median = _topk, _median
