"""Tensor methods for reductions and linear algebra.

Reductions (``sum``, ``mean``, ``max``/``min`` with their ``torch.return_types`` pairs,
``amax``, ``norm``, ``softmax``/``log_softmax``, ``argmax``/``argmin``, ``all``/``any``,
with NumPy's ``axis=``/``keepdims=`` spellings) and the products (``mm``, ``mv``, ``dot``,
``bmm``, ``matmul`` as ATen's ``_matmul_impl`` decides, ``outer``). Like every method
module it checks arguments as PyTorch does and dispatches through ``_ops.dispatch.apply``;
``matmul`` builds on the shape methods of ``shape``."""
import numpy as np

from .._types import dtype as D
from .._ops.record import OPS
from .._ops.dispatch import apply
from .core import TensorCore, _c_name, _wrap_dim
from ..observer import observed
from .arith import ArithmeticMixin
from .operands import _broadcast_shapes, _dims, _renamed
from .shape import _expand, _reshape, _squeeze, _t, _transpose, _unsqueeze
from .._messages.reduce_errors import extreme_keepdim_without_dim, keepdim_without_dim

__all__ = ["ReduceMixin"]


# ---------------------------------------------------------------------- reductions
class _AllDims:
    """``dim`` not given at all (``sum()``), told apart from ``dim=None``."""

    def __repr__(self):
        return "None"


_ALL = _AllDims()


def _full_or_dims(name):
    """``sum``/``mean``: without a dim, the full reduction (``SumBackward0``); with one,
    even ``None`` or ``()`` meaning every dim, PyTorch's dim overload (``SumBackward1``;
    ``()`` stands for it in the record, see ``_ops.table._axis``), where ``keepdim`` is
    allowed."""
    op = OPS[name]

    def method(self, dim=_ALL, keepdim=None, *, dtype=None):
        given = dim is not _ALL
        if not given:
            if keepdim is not None:
                raise TypeError(keepdim_without_dim(name, dtype))
            dim = None
        src = self if dtype is None else self.to(dtype)
        dims = _dims(self, dim)
        if dims is None and given:
            dims = ()
        return apply(op, (src,), {"dim": dims, "keepdim": bool(keepdim)})
    method.__name__ = name
    return method


_sum, _mean = _full_or_dims("sum"), _full_or_dims("mean")


class _ReturnType(tuple):
    """``torch.return_types.max`` and friends: a (values, indices) pair printed as PyTorch
    prints it."""
    __slots__ = ()
    n_fields = 2
    _fields = ("values", "indices")

    def __new__(cls, values, indices):
        return tuple.__new__(cls, (values, indices))

    values = property(lambda self: self[0])
    indices = property(lambda self: self[1])

    def __repr__(self):
        return (f"torch.return_types.{type(self).__name__}(\nvalues={self[0]!r},\n"
                f"indices={self[1]!r})")

    def __reduce__(self):
        return (type(self), tuple(self))


def _return_type(name):
    return type(name, (_ReturnType,), {"__slots__": (), "__module__": "torch.return_types",
                                       "__qualname__": name})


MinMax, _MinMaxMin = _return_type("max"), _return_type("min")


def _nonempty_dim(t, d, fn):
    if t._data.ndim and t._data.shape[d] == 0:
        raise IndexError(f"{fn}(): Expected reduction dim {d} to have non-zero size.")


def _extreme(kind):
    full, along, arg = OPS[kind], OPS[kind + "_dim"], (np.argmax if kind == "max" else np.argmin)
    result = MinMax if kind == "max" else _MinMaxMin

    def method(self, dim=None, keepdim=None):
        if isinstance(dim, TensorCore):
            pair = ArithmeticMixin.maximum if kind == "max" else ArithmeticMixin.minimum
            return pair(self, dim)
        if dim is None and keepdim is not None:
            raise TypeError(extreme_keepdim_without_dim(kind))
        keepdim = bool(keepdim)
        if dim is None:
            if self._data.size == 0:
                raise RuntimeError(f"{kind}(): Expected reduction dim to be specified for "
                                   "input.numel() == 0. Specify the reduction dim with the "
                                   "'dim' argument.")
            return apply(full, (self,))
        d = _wrap_dim(dim, self._data.ndim)
        _nonempty_dim(self, d, kind)
        idx = arg(self._data, axis=d, keepdims=keepdim) if self._data.ndim else \
            np.zeros((), np.int64)
        values = apply(along, (self,), {"dim": d, "keepdim": keepdim, "indices": idx})
        if not self._data.ndim or self._dtype is D.bool_:   # (argmax itself refuses bool)
            return result(values, TensorCore._make(np.asarray(idx, np.int64)))
        return result(values, apply(OPS["arg" + kind], (self,), {"dim": d, "keepdim": keepdim}))
    return method


def _extreme_over(name):
    """``amax`` / ``amin``: over dims (all by default), ties sharing the gradient."""
    op = OPS[name]

    def method(self, dim=(), keepdim=False):
        dims = None if dim is None or dim == () or dim == [] else _dims(self, dim)
        if dims is None:
            if self._data.size == 0:
                raise RuntimeError(f"{name}(): Expected reduction dim to be specified for "
                                   "input.numel() == 0. Specify the reduction dim with the "
                                   "'dim' argument.")
        else:
            for d in dims:
                _nonempty_dim(self, d, name)
        return apply(op, (self,), {"dim": dims, "keepdim": keepdim})
    method.__name__ = name
    return method


def _vector_norm_arguments(dim, keepdim):
    """PyTorch's argument parser on ``linalg_vector_norm``'s ``dim`` and ``keepdim`` (where
    ``torch.norm`` sends a number, ``'fro'`` or None): a bool is not a dimension."""
    first = dim[0] if isinstance(dim, (list, tuple)) and dim else dim
    if isinstance(first, bool):
        raise TypeError("linalg_vector_norm(): argument 'dim' (position 3) must be tuple of "
                        "ints, but found element of type bool at pos 0")
    if not isinstance(keepdim, bool):
        raise TypeError("linalg_vector_norm(): argument 'keepdim' (position 4) must be bool, "
                        f"not {type(keepdim).__name__}")


def _norm(self, p="fro", dim=None, keepdim=False, dtype=None):
    if not isinstance(p, str) or p == "fro":
        _vector_norm_arguments(dim, keepdim)
    if p == "fro" or p is None:
        p = 2.0
    if isinstance(p, str):
        raise RuntimeError(f"norm: p={p!r} is not supported by GradStudio's engine; use a number, "
                           "inf or 'fro'.")
    if not self._dtype.is_floating_point:
        raise RuntimeError("linalg.vector_norm: Expected a floating point or complex tensor as "
                           f"input. Got {D.scalar_type(self._dtype)}")
    return apply(OPS["norm"], (self,), {"p": float(p), "dim": _dims(self, dim),
                                                 "keepdim": keepdim})


def _softmax(name):
    op = OPS[name]

    def method(self, dim, dtype=None):
        src = self if dtype is None else self.to(dtype)
        d = _wrap_dim(dim, self._data.ndim)
        if not src._dtype.is_floating_point:
            kernel = "lastdim_kernel_impl" if d >= src._data.ndim - 1 else "kernel_impl"
            raise NotImplementedError(f'"{name}_{kernel}" not implemented for '
                                      f"'{D.scalar_type(src._dtype)}'")
        return apply(op, (src,), {"dim": d})
    return method


def _argext(name):
    op = OPS[name]

    def method(self, dim=None, keepdim=False):
        d = None if dim is None else _wrap_dim(dim, self._data.ndim)
        if d is None and self._data.size == 0:
            raise IndexError(f"{name}(): Expected reduction dim to be specified for "
                             "input.numel() == 0.")
        if d is not None:
            _nonempty_dim(self, d, name)
        # (dim=None with keepdim=True keeps every dimension, with size 1)
        return apply(op, (self,), {"dim": d, "keepdim": keepdim})
    return method


def _all(self, dim=None, keepdim=False):
    return apply(OPS["all"], (self,),
                 {"dim": None if dim is None else _dims(self, dim), "keepdim": keepdim})


def _any(self, dim=None, keepdim=False):
    return apply(OPS["any"], (self,),
                 {"dim": None if dim is None else _dims(self, dim), "keepdim": keepdim})


def _numpy_names(method):
    """Also accepts NumPy's ``axis=`` and ``keepdims=`` spellings, as PyTorch does."""
    def fn(self, *args, **kwargs):
        if kwargs:
            if "axis" in kwargs:
                kwargs["dim"] = kwargs.pop("axis")
            if "keepdims" in kwargs:
                kwargs["keepdim"] = kwargs.pop("keepdims")
        return method(self, *args, **kwargs)
    fn.__name__ = getattr(method, "__name__", "reduction")
    return fn


# ---------------------------------------------------------------------- linear algebra
def _need_tensor(x, fn, arg):
    if not isinstance(x, TensorCore):
        raise TypeError(f"{fn}(): argument '{arg}' (position 1) must be Tensor, not "
                        f"{type(x).__name__}")


def _mm(self, other):
    _need_tensor(other, "mm", "mat2")
    if self._data.ndim != 2:
        raise RuntimeError("self must be a matrix")
    if other._data.ndim != 2:
        raise RuntimeError("mat2 must be a matrix")
    (n, m), (m2, p) = self._data.shape, other._data.shape
    if m != m2:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({n}x{m} and {m2}x{p})")
    if self._dtype is not other._dtype:
        raise RuntimeError(f"expected m1 and m2 to have the same dtype, but got: "
                           f"{_c_name(self._dtype)} != {_c_name(other._dtype)}")
    _no_bool(self, "addmm_impl_cpu_")
    return apply(OPS["mm"], (self, other))


def _no_bool(t, kernel):
    if t._dtype is D.bool_:
        raise NotImplementedError(f'"{kernel}" not implemented for \'Bool\'')


def _mv(self, vec):
    _need_tensor(vec, "mv", "vec")
    if self._data.ndim != 2 or vec._data.ndim != 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got 1, {self._data.ndim}, "
                           f"{vec._data.ndim}")
    if self._data.shape[1] != vec._data.shape[0]:
        raise RuntimeError(f"size mismatch, got input ({self._data.shape[0]}), mat "
                           f"({self._data.shape[0]}x{self._data.shape[1]}), vec "
                           f"({vec._data.shape[0]})")
    if self._dtype is not vec._dtype:
        a, v = D.scalar_type(self._dtype), D.scalar_type(vec._dtype)
        raise RuntimeError(f"addmv input tensors must have the same dtype, but got {v}, {a}, "
                           f"and {v}")
    _no_bool(self, "addmv_impl_cpu")
    return apply(OPS["mv"], (self, vec))


def _dot(self, other):
    _need_tensor(other, "dot", "tensor")
    if self._data.ndim != 1 or other._data.ndim != 1:
        raise RuntimeError(f"1D tensors expected, but got {self._data.ndim}D and "
                           f"{other._data.ndim}D tensors")
    if self._data.shape[0] != other._data.shape[0]:
        n, m = self._data.shape[0], other._data.shape[0]
        raise RuntimeError(f"inconsistent tensor size, expected tensor [{n}] and src [{m}] to "
                           f"have the same number of elements, but got {n} and {m} elements "
                           "respectively")
    if self._dtype is not other._dtype:
        raise RuntimeError("dot : expected both vectors to have same dtype, but found "
                           f"{D.scalar_type(self._dtype)} and {D.scalar_type(other._dtype)}")
    _no_bool(self, "dot")
    return apply(OPS["dot"], (self, other))


def _bmm(self, other):
    _need_tensor(other, "bmm", "mat2")
    if self._data.ndim != 3:
        raise RuntimeError("batch1 must be a 3D tensor")
    if other._data.ndim != 3:
        raise RuntimeError("batch2 must be a 3D tensor")
    (b, n, m), (b2, m2, p) = self._data.shape, other._data.shape
    if b2 != b or m2 != m:
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{b}, {m}] but got: [{b2}, {m2}].")
    if self._dtype is not other._dtype:
        raise RuntimeError(f"expected scalar type {D.scalar_type(self._dtype)} but found "
                           f"{D.scalar_type(other._dtype)}")
    return apply(OPS["bmm"], (self, other))


def _mT(t):
    return _transpose(t, -2, -1)


def _should_fold(a, b):
    """PyTorch's ``should_fold``: multiply by folding the batch of the larger operand into
    matrix rows (mm/mv) instead of a bmm."""
    a_larger = a._data.ndim >= b._data.ndim
    big = a._data if a_larger else np.swapaxes(b._data, -1, -2)
    small = b if a_larger else a
    if not (big.ndim >= 3 and small._data.ndim <= 2):
        return False
    if small._requires_grad:
        return True
    if a._data.ndim == 2:
        return False
    if big.size == 0:
        return True
    shape, strides = big.shape, big.strides
    return all(strides[i] == strides[i + 1] * shape[i + 1] for i in range(big.ndim - 2))


@observed("Tensor.matmul")
def _matmul(self, other):
    """``torch.matmul``, case by case as ATen's ``_matmul_impl`` (so the recorded graph and
    its grad_fn names match)."""
    if not isinstance(other, TensorCore):
        raise TypeError(f"matmul(): argument 'other' (position 1) must be Tensor, not "
                        f"{type(other).__name__}")
    da, db = self._data.ndim, other._data.ndim
    if da == 0 or db == 0:
        raise RuntimeError(f"both arguments to matmul need to be at least 1D, but they are "
                           f"{da}D and {db}D")
    if da == 1 and db == 1:
        return _dot(self, other)
    if da == 2 and db == 1:
        return _mv(self, other)
    if da == 1 and db == 2:
        # unsqueeze(0).mm(other).squeeze_(0): the in-place squeeze leaves version 1
        out = _squeeze(_mm(_unsqueeze(self, 0), other), 0)
        out._base, out._vc = None, [1]
        return _renamed(out, "SqueezeBackward4")
    if da == 2 and db == 2:
        return _mm(self, other)
    if _should_fold(self, other):
        transpose = db > da
        t1 = _mT(other) if transpose else self
        t2 = (_t(self) if da == 2 else self) if transpose else other
        shape1 = t1._data.shape
        out_shape = shape1[:-1]
        folded = _reshape(t1, int(np.prod(out_shape)), shape1[-1])
        if t2._data.ndim == 2:
            out = apply(OPS["_unsafe_view"], (_mm(folded, t2),),
                                 {"shape": out_shape + (t2._data.shape[1],)})
            return _mT(out).contiguous() if transpose else out
        return apply(OPS["_unsafe_view"], (_mv(folded, t2),), {"shape": out_shape})
    sa, sb = self._data.shape, other._data.shape
    n = sa[-2] if da > 1 else 1
    m1 = sa[-1]
    m2 = sb[-2] if db > 1 else sb[0]
    p = sb[-1] if db > 1 else 1
    batch = _broadcast_shapes(sa[:max(da - 2, 0)], sb[:max(db - 2, 0)])
    prod = int(np.prod(batch))
    a3 = _reshape(_expand(self, batch + (n, m1)), prod, n, m1)
    if db == 1:
        b3 = _unsqueeze(_reshape(_expand(other, batch + (m2,)), prod, m2), 2)
    else:
        b3 = _reshape(_expand(other, batch + (m2, p)), prod, m2, p)
    out_shape = batch + ((n,) if da > 1 else ()) + ((p,) if db > 1 else ())
    out = _bmm(a3, b3)
    if db == 1:
        out = _squeeze(out, -1)
    return apply(OPS["_unsafe_view"], (out,), {"shape": out_shape})


def _outer(self, other):
    # PyTorch: self.reshape({n, 1}) * other
    return _reshape(self, self._data.shape[0], 1) * other


class ReduceMixin:
    """The reduction and linear-algebra methods of Tensor."""
    __slots__ = ()

    # reductions; they also take NumPy's ``axis=`` and ``keepdims=`` (``_numpy_names``)
    sum, mean = _numpy_names(_sum), _numpy_names(_mean)
    max, min = _numpy_names(_extreme("max")), _numpy_names(_extreme("min"))
    amax = _numpy_names(_extreme_over("amax"))
    amin = _numpy_names(_extreme_over("amin"))
    norm = _numpy_names(_norm)
    softmax, log_softmax = _softmax("softmax"), _softmax("log_softmax")
    argmax, argmin = _numpy_names(_argext("argmax")), _numpy_names(_argext("argmin"))
    all, any = _numpy_names(_all), _numpy_names(_any)

    # linear algebra
    mm, mv, dot, bmm, matmul = _mm, _mv, _dot, _bmm, _matmul
    outer = ger = _outer

    def __matmul__(self, other):
        return _matmul(self, other) if isinstance(other, TensorCore) else NotImplemented

    def __rmatmul__(self, other):
        return _matmul(other, self) if isinstance(other, TensorCore) else NotImplemented
