"""The op table, continued: ``scatter_reduce`` (ScatterReduceBackward0): src's elements
reduced into a copy of self at the positions index names along dim, by sum, prod, mean,
amax or amin, self's own value taking part or not (``include_self``), as PyTorch's CPU
kernel does it (element by element in index order; a mean divides by the count, rounding
down for integers). Its VJP is PyTorch's ``scatter_reduce_backward`` (FunctionsManual):
prod divides the result by each factor, with the zeros worked out apart; amax and amin
share the gradient evenly among the elements equal to the result; without include_self
the positions written get no gradient for self."""
import numpy as np

from .record import NOT_IMPLEMENTED, Grad, Param, defop
from .table_scatter import DIM, _key

REDUCES = ("sum", "prod", "mean", "amax", "amin")
_UFUNC = {"sum": np.add, "mean": np.add, "prod": np.multiply, "amax": np.maximum,
          "amin": np.minimum}


def _identity(reduce, dtype):
    if reduce in ("sum", "mean"):
        return 0
    if reduce == "prod":
        return 1
    if dtype == np.bool_:
        return reduce == "amin"
    big = np.inf if np.issubdtype(dtype, np.floating) else np.iinfo(dtype).max
    return -big if reduce == "amax" else big


def _lead(src, index):
    return src[tuple(slice(0, n) for n in index.shape)]


def _scatter_reduce(a, src, index, dim=0, reduce="sum", include_self=True):
    if not a.ndim:
        return _scatter_reduce(a.reshape(1), src.reshape(-1), index.reshape(-1), 0, reduce,
                               include_self).reshape(())
    out, key = a.copy(), _key(index, dim)
    if not include_self:
        out[key] = _identity(reduce, a.dtype)
    _UFUNC[reduce].at(out, key, _lead(src, index).astype(a.dtype))
    if reduce == "mean":
        count = np.full(a.shape, 1 if include_self else 0, np.int64)
        np.add.at(count, key, 1)
        count[count == 0] = 1
        if np.issubdtype(a.dtype, np.floating):
            out = (out / count.astype(a.dtype)).astype(a.dtype)
        else:
            out = np.floor_divide(out, count).astype(a.dtype)
    return out


def _count(shape, key, start, dtype, add=None):
    n = np.full(shape, start, dtype)
    np.add.at(n, key, 1 if add is None else add)
    return n


def _filled(F, mask, x, dt):
    """``x.masked_fill(mask, 1)`` (``mask`` a constant)."""
    return F.where(F.array(mask), F.array(np.ones((), dt)), x)


def _prod_grads(F, g, out, a, src, index, dim, include_self):
    """PyTorch's: the product without each factor, the zero factors worked out apart (a
    lone zero of src gets the product of the others; with two, every share is 0)."""
    av, sv, dt = F.numpy(a), F.numpy(src), F.numpy(g).dtype
    masked_self = _filled(F, av == 0, a, dt)
    params = {"dim": dim, "reduce": "prod", "include_self": include_self}
    grad_self = g * F.fused("scatter_reduce", masked_self, src, index, **params) / masked_self
    key = _key(F.numpy(index), dim)
    src_zero = sv == 0
    zeros = _count(av.shape, key, 0, dt, src_zero.astype(dt))[key]
    single = src_zero & (zeros == 1)
    masked_result = F.fused("scatter_reduce", a, _filled(F, single, src, dt), index, **params)
    gather = F.fused("gather", g * masked_result, index, dim=dim)
    grad_src = F.where(F.array(single), gather,
                       F.fused("gather", g * out, index, dim=dim) / _filled(F, src_zero, src, dt))
    if F.is_tensor and (zeros > 1).any():     # (PyTorch's DelayedError: fails if reached)
        grad_src = F.fused("_scatter_reduce_double_backward_error", grad_src)
    return grad_self, grad_src


def _refuse_twice(F, g, out, x):
    raise RuntimeError("scatter_reduce(): Double backward is unsupported for src when >1 zeros "
                       "in src are scattered to the same position in self")


def _shares(F, g, out, a, part, index, dim, reduce, include_self):
    """(self's, src's) gradient for sum, mean, amax and amin: linear in ``g`` with
    constant factors, so the same lines serve a recorded (double) backward."""
    key, dt = _key(F.numpy(index), dim), F.numpy(g).dtype
    gathered = F.fused("gather", g, index, dim=dim)
    if reduce == "sum":
        return g, gathered
    if reduce == "mean":
        n = _count(a.shape, key, 1 if include_self else 0, dt)
        n[n == 0] = 1
        return g / F.array(n), gathered / F.array(n[key])
    value = out[key]
    self_is, src_is = (a == out).astype(dt), (part == value).astype(dt)
    shared = g / F.array(_count(a.shape, key, 0, dt, src_is) + self_is)
    return F.array(self_is) * shared, F.array(src_is) * F.fused("gather", shared, index,
                                                                   dim=dim)


def _grads(F, g, out, a, src, index, dim, reduce, include_self):
    if tuple(src.shape) != tuple(index.shape):
        raise RuntimeError("Function ScatterReduceBackward0 returned an invalid gradient at "
                           f"index 1 - got {list(index.shape)} but expected shape compatible "
                           f"with {list(src.shape)}")
    if reduce == "prod":
        grad_self, grad_src = _prod_grads(F, g, out, a, src, index, dim, include_self)
    else:
        grad_self, grad_src = _shares(F, g, F.numpy(out), F.numpy(a), F.numpy(src), index,
                                      dim, reduce, include_self)
    if not include_self:
        grad_self = F.fused("scatter_value", grad_self, index, dim=dim, value=0.0) \
            if F.is_tensor else _zeroed(grad_self, index, dim)
    return grad_self, grad_src


def _zeroed(g, index, dim):
    g = np.array(g)
    g[_key(index, dim)] = 0
    return g


def _vjp(which):
    def vjp(F, g, out, a, src, index, dim=0, reduce="sum", include_self=True):
        if not F.numpy(a).ndim:
            return _scalar_vjp(F, g, out, a, src, index, dim, reduce, include_self, which)
        return _grads(F, g, out, a, src, index, dim, reduce, include_self)[which]
    return vjp


def _scalar_vjp(F, g, out, a, src, index, dim, reduce, include_self, which):
    one = (1,)
    grads = _grads(F, F.reshape(g, one), F.reshape(out, one), F.reshape(a, one),
                   F.reshape(src, one), F.reshape(index, one), 0, reduce, include_self)
    return F.reshape(grads[which], ())


_RULE = "scatter_reduce_backward(grad, self, dim, index, src, reduce, include_self, result)"
defop("scatter_reduce", "ScatterReduceBackward0", _scatter_reduce,
      Grad(_vjp(0), (0, 1, 2, "out"), formula=_RULE),
      Grad(_vjp(1), (0, 1, 2, "out"), formula=_RULE), None,
      args=("self", "src", "index"),
      params=(DIM, Param("reduce", "choice", "sum", "how the elements meeting at one "
                         "position are combined", choices=REDUCES, required=True),
              Param("include_self", "bool", True, "self's own value takes part",
                    keyword_only=True)),
      dtype="keep", category="shape",
      code="{self}.scatter_reduce({dim}, {index}, {src}, {reduce}, "
           "include_self={include_self})",
      doc="A copy of self with src's elements combined (sum, prod, mean, amax or amin) "
          "into the positions index names along dim.")
defop("_scatter_reduce_double_backward_error", "Error", lambda x: x.copy(),
      Grad(_refuse_twice, missing=True, formula=NOT_IMPLEMENTED), args=("self",), dtype="keep",
      category="internal", doc="The gradient of src passed on unchanged; differentiating it "
      "again fails, as in PyTorch.")
