"""Tensor methods: thin wrappers that check arguments the way PyTorch does and dispatch
to ``apply`` with an op from the table."""
import numbers

import numpy as np

from . import _dtype as D
from ._ops import OPS, _norm_dims
from ._tensor import Tensor, apply, inplace, _wrap_dim, _list, _scalar_type
from ._autograd import _TYPE_NAMES, node_class
from ._grad_mode import STATE

_ = OPS  # every op name used below is registered by _optable
_apply = apply
_T = Tensor


def _operand(x, fn="", arg="other"):
    """A tensor stays a tensor; a Python (or numpy) number stays a number."""
    if type(x) is Tensor:
        return x
    if isinstance(x, (bool, int, float)):
        return x
    if isinstance(x, np.generic):
        return x.item()
    if isinstance(x, np.ndarray):
        from ._factory import tensor
        return tensor(x)
    if isinstance(x, Tensor):
        return x
    raise TypeError(f"{fn}(): argument '{arg}' (position 1) must be Tensor, not "
                    f"{type(x).__name__}")


def _is_operand(x):
    return isinstance(x, (Tensor, bool, int, float, np.generic, np.ndarray))


def _dunder(method):
    """An operator: like the method, but NotImplemented for operands it cannot take (so
    Python raises its own TypeError, as for torch.Tensor)."""
    def op(self, other, **kwargs):
        return method(self, other, **kwargs) if _is_operand(other) else NotImplemented
    op.__name__ = method.__name__
    return op


def _broadcast_check(a, b):
    sa, sb = a._data.shape, b._data.shape if type(b) is Tensor else ()
    if sa == sb or not sb:
        return
    n = max(len(sa), len(sb))
    pa, pb = (1,) * (n - len(sa)) + sa, (1,) * (n - len(sb)) + sb
    for i, (x, y) in enumerate(zip(pa, pb)):
        if x != y and x != 1 and y != 1:
            raise RuntimeError(f"The size of tensor a ({x}) must match the size of tensor b "
                               f"({y}) at non-singleton dimension {i}")


def _binary(name):
    op = OPS[name]

    def method(self, other, *, alpha=1):
        other = _operand(other, name)
        if type(other) is Tensor:
            _broadcast_check(self, other)
        if alpha != 1:
            return _apply(op, (self, other), {"alpha": alpha})
        return _apply(op, (self, other))
    method.__name__ = name
    return method


def _binary_operator(name):
    """``a + b`` and friends: the method without ``alpha``, inlined (a hot path)."""
    op = OPS[name]

    def operator(self, other):
        if type(other) is Tensor:
            _broadcast_check(self, other)
        elif _is_operand(other):
            other = _operand(other)
        else:
            return NotImplemented
        return _apply(op, (self, other))
    operator.__name__ = f"__{name}__"
    return operator


def _reflected(name):
    op = OPS[name]

    def method(self, other):
        other = _operand(other)
        if type(other) is Tensor:
            return _apply(op, (other, self))
        return _apply(op, (self, other))
    return method


_add, _sub, _mul, _div = (_binary(n) for n in ("add", "sub", "mul", "div"))


def _rsub(self, other, alpha=1):
    other = _operand(other)
    if type(other) is Tensor:
        return _sub(other, self, alpha=alpha)
    return _apply(OPS["rsub"], (self,), {"other": other, "alpha": alpha})


def _rtruediv(self, other):
    other = _operand(other)
    if type(other) is Tensor:
        return _div(other, self)
    return self.reciprocal() * other


def _pow(self, exponent):
    exponent = _operand(exponent)
    if type(exponent) is Tensor:
        _broadcast_check(self, exponent)
        return _apply(OPS["pow_tensor"], (self, exponent))
    dt = D.result_type(self, exponent)  # int ** 2.0 is float, int ** 2 stays int
    if not dt.is_floating_point and exponent < 0:
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    return _apply(OPS["pow"], (self,), {"exponent": exponent},
                  out_dtype=None if dt is self._dtype else dt)


def _rpow(self, base):
    base = _operand(base)
    if type(base) is Tensor:
        return _pow(base, self)
    dt = D.result_type(self, base)  # 2 ** int_tensor stays int
    return _apply(OPS["rpow"], (self,), {"base": base}, out_dtype=dt)


def _renamed(t, name):
    """Gives ``t``'s grad_fn PyTorch's class name where PyTorch records the same op under
    another name (an in-place ``squeeze_``, a ``reshape`` that aliases): same VJP."""
    fn = t._grad_fn
    if fn is not None and type(fn).__name__ != name:
        fn.__class__ = node_class(name)
    return t


def _cmp(name):
    op = OPS[name]

    def method(self, other):
        other = _operand(other, name)
        if type(other) is Tensor:
            _broadcast_check(self, other)
        return _apply(op, (self, other))
    method.__name__ = name
    return method


def _logical(np_fn):
    def method(self, other):
        other = _operand(other)
        o = other._data if type(other) is Tensor else other
        out = np_fn(self._data, o)
        return Tensor._make(np.asarray(out))
    return method


for _name in ("add", "sub", "mul", "div"):
    setattr(Tensor, _name, _binary(_name))
Tensor.__add__ = _binary_operator("add")
Tensor.__radd__ = _dunder(_reflected("add"))
Tensor.__sub__ = _binary_operator("sub")
Tensor.__rsub__ = _dunder(_rsub)
Tensor.__mul__ = _binary_operator("mul")
Tensor.__rmul__ = _dunder(_reflected("mul"))
Tensor.__truediv__ = _binary_operator("div")
Tensor.__rtruediv__ = _dunder(_rtruediv)
Tensor.pow = _pow
Tensor.__pow__ = _dunder(_pow)
Tensor.__rpow__ = _dunder(_rpow)
Tensor.multiply, Tensor.subtract, Tensor.divide, Tensor.true_divide = \
    Tensor.mul, Tensor.sub, Tensor.div, Tensor.div
for _name, _op_name in (("eq", "__eq__"), ("ne", "__ne__"), ("lt", "__lt__"), ("le", "__le__"),
                       ("gt", "__gt__"), ("ge", "__ge__")):
    setattr(Tensor, _name, _cmp(_name))
    setattr(Tensor, _op_name, _binary_operator(_name))
Tensor.__hash__ = object.__hash__
def _bitwise(name, np_fn):
    """``&``, ``|``, ``^``: logical on bools, bitwise on integers (never differentiable)."""
    def method(self, other):
        other = _operand(other, f"bitwise_{name}")
        dt = D.result_type(self, other)
        if dt.is_floating_point:
            raise NotImplementedError(f'"bitwise_{name}_cpu" not implemented for '
                                      f"'{_scalar_type(dt)}'")
        o = other._data if type(other) is Tensor else other
        return Tensor._make(np.asarray(np_fn(self._data.astype(dt.np, copy=False), o),
                                       dt.np), dt)
    method.__name__ = f"bitwise_{name}"
    return method


def _invert(self):
    if self._dtype.is_floating_point:
        raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type "
                        "tensors")
    return Tensor._make(np.invert(self._data), self._dtype)


for _name, _np_fn in (("and", np.bitwise_and), ("or", np.bitwise_or), ("xor", np.bitwise_xor)):
    _fn = _bitwise(_name, _np_fn)
    setattr(Tensor, f"bitwise_{_name}", _fn)
    setattr(Tensor, f"__{_name}__", _dunder(_fn))
    setattr(Tensor, f"__r{_name}__", _dunder(_fn))
Tensor.logical_and = _logical(np.logical_and)
Tensor.logical_or = _logical(np.logical_or)
Tensor.logical_xor = _logical(np.logical_xor)
Tensor.__invert__ = Tensor.bitwise_not = _invert
Tensor.logical_not = lambda self: Tensor._make(np.logical_not(self._data))


def _maximum(self, other):
    _broadcast_check(self, other)
    return _apply(OPS["maximum"], (self, other))


def _minimum(self, other):
    _broadcast_check(self, other)
    return _apply(OPS["minimum"], (self, other))


Tensor.maximum, Tensor.minimum = _maximum, _minimum


def _unary(name):
    op = OPS[name]

    def method(self):
        return _apply(op, (self,))
    method.__name__ = name
    return method


for _name in ("neg", "exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "abs", "sqrt",
              "rsqrt", "reciprocal", "log1p", "expm1", "sign", "floor", "ceil", "round",
              "trunc", "clone"):
    setattr(Tensor, _name, _unary(_name))
def _neg(self):
    if self._dtype is D.bool_:
        raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If "
                           "you are trying to invert a mask, use the `~` or `logical_not()` "
                           "operator instead.")
    return _apply(OPS["neg"], (self,))


Tensor.__neg__ = Tensor.negative = Tensor.neg = _neg
Tensor.__abs__ = Tensor.absolute = Tensor.abs
Tensor.__pos__ = lambda self: self
Tensor.square = lambda self: _pow(self, 2)


def _clamp(self, min=None, max=None):
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    min = _operand(min) if min is not None else None
    max = _operand(max) if max is not None else None
    bounds = [b for b in (min, max) if b is not None]
    dt = D.result_type(self, *bounds)  # an int tensor clamped to 0.5 becomes float
    out = _apply(OPS["clamp"], (self,), {"min": min, "max": max},
                 out_dtype=None if dt is self._dtype else dt)
    if any(type(b) is Tensor for b in bounds):
        out = _renamed(out, "ClampBackward0")  # the Tensor overload (bounds get no gradient)
    return out


Tensor.clamp = Tensor.clip = _clamp
Tensor.clamp_min = lambda self, min: _clamp(self, min=min)
Tensor.clamp_max = lambda self, max: _clamp(self, max=max)


# ---------------------------------------------------------------------- reductions
def _dims(self, dim):
    if dim is None:
        return None
    if isinstance(dim, (list, tuple)):
        if not dim:
            return None
        dims = tuple(_wrap_dim(d, self._data.ndim) for d in dim)
        for i, d in enumerate(dims):
            if d in dims[:i]:
                raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
        return dims
    return (_wrap_dim(dim, self._data.ndim),)


def _sum(self, dim=None, keepdim=False, *, dtype=None):
    src = self if dtype is None else self.to(dtype)
    return _apply(OPS["sum"], (src,), {"dim": _dims(self, dim), "keepdim": keepdim})


def _mean(self, dim=None, keepdim=False, *, dtype=None):
    src = self if dtype is None else self.to(dtype)
    return _apply(OPS["mean"], (src,), {"dim": _dims(self, dim), "keepdim": keepdim})


Tensor.sum, Tensor.mean = _sum, _mean


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

    def method(self, dim=None, keepdim=False):
        if isinstance(dim, Tensor):
            return (_maximum if kind == "max" else _minimum)(self, dim)
        if dim is None:
            if self._data.size == 0:
                raise RuntimeError(f"{kind}(): Expected reduction dim to be specified for "
                                   "input.numel() == 0. Specify the reduction dim with the "
                                   "'dim' argument.")
            return _apply(full, (self,))
        d = _wrap_dim(dim, self._data.ndim)
        _nonempty_dim(self, d, kind)
        idx = arg(self._data, axis=d, keepdims=keepdim) if self._data.ndim else \
            np.zeros((), np.int64)
        values = _apply(along, (self,), {"dim": d, "keepdim": keepdim,
                                         "indices": idx if keepdim else idx})
        return result(values, Tensor._make(np.asarray(idx, np.int64)))
    return method


Tensor.max, Tensor.min = _extreme("max"), _extreme("min")


def _amax(self, dim=(), keepdim=False):
    if dim in ((), None):
        return self.max()
    return self.max(dim, keepdim).values


Tensor.amax = _amax


def _norm(self, p="fro", dim=None, keepdim=False, dtype=None):
    if p == "fro" or p is None:
        p = 2.0
    if isinstance(p, str):
        raise RuntimeError(f"norm: unsupported p={p!r}")
    if not self._dtype.is_floating_point:
        raise RuntimeError("linalg.vector_norm: Expected a floating point or complex tensor as "
                           f"input. Got {_scalar_type(self._dtype)}")
    return _apply(OPS["norm"], (self,), {"p": float(p), "dim": _dims(self, dim),
                                         "keepdim": keepdim})


Tensor.norm = _norm


def _softmax(name):
    op = OPS[name]

    def method(self, dim, dtype=None):
        src = self if dtype is None else self.to(dtype)
        d = _wrap_dim(dim, self._data.ndim)
        if not src._dtype.is_floating_point:
            kernel = "lastdim_kernel_impl" if d >= src._data.ndim - 1 else "kernel_impl"
            raise NotImplementedError(f'"{name}_{kernel}" not implemented for '
                                      f"'{_scalar_type(src._dtype)}'")
        return _apply(op, (src,), {"dim": d})
    return method


Tensor.softmax, Tensor.log_softmax = _softmax("softmax"), _softmax("log_softmax")


def _argext(name):
    op = OPS[name]

    def method(self, dim=None, keepdim=False):
        d = None if dim is None else _wrap_dim(dim, self._data.ndim)
        if d is None and self._data.size == 0:
            raise IndexError(f"{name}(): Expected reduction dim to be specified for "
                             "input.numel() == 0.")
        if d is not None:
            _nonempty_dim(self, d, name)
        return _apply(op, (self,), {"dim": d, "keepdim": keepdim and d is not None})
    return method


Tensor.argmax, Tensor.argmin = _argext("argmax"), _argext("argmin")
Tensor.all = lambda self, dim=None, keepdim=False: _apply(OPS["all"], (self,)) if dim is None \
    else Tensor._make(np.all(self._data, axis=_dims(self, dim), keepdims=keepdim))
Tensor.any = lambda self, dim=None, keepdim=False: _apply(OPS["any"], (self,)) if dim is None \
    else Tensor._make(np.any(self._data, axis=_dims(self, dim), keepdims=keepdim))


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


for _name in ("sum", "mean", "max", "min", "argmax", "argmin", "all", "any", "norm", "amax"):
    setattr(Tensor, _name, _numpy_names(getattr(Tensor, _name)))


# ---------------------------------------------------------------------- linear algebra
def _need_tensor(x, fn, arg):
    if not isinstance(x, Tensor):
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
    _check_same_dtype(self, other, "self", "mat2")
    _no_bool(self, "addmm_impl_cpu_")
    return _apply(OPS["mm"], (self, other))


def _no_bool(t, kernel):
    if t._dtype is D.bool_:
        raise NotImplementedError(f'"{kernel}" not implemented for \'Bool\'')


def _check_same_dtype(a, b, na="self", nb="other"):
    if a._dtype is not b._dtype:
        raise RuntimeError(f"expected m1 and m2 to have the same dtype, but got: "
                           f"{_c(a._dtype)} != {_c(b._dtype)}")


def _c(d):
    from ._tensor import _c_name
    return _c_name(d)


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
        a, v = _scalar_type(self._dtype), _scalar_type(vec._dtype)
        raise RuntimeError(f"addmv input tensors must have the same dtype, but got {v}, {a}, "
                           f"and {v}")
    _no_bool(self, "addmv_impl_cpu")
    return _apply(OPS["mv"], (self, vec))


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
                           f"{_scalar_type(self._dtype)} and {_scalar_type(other._dtype)}")
    _no_bool(self, "dot")
    return _apply(OPS["dot"], (self, other))


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
        raise RuntimeError(f"expected scalar type {_scalar_type(self._dtype)} but found "
                           f"{_scalar_type(other._dtype)}")
    return _apply(OPS["bmm"], (self, other))


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


def _matmul(self, other):
    """``torch.matmul``, case by case as ATen's ``_matmul_impl`` (so the recorded graph and
    its grad_fn names match)."""
    if not isinstance(other, Tensor):
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
            out = _apply(OPS["_unsafe_view"], (_mm(folded, t2),),
                         {"shape": out_shape + (t2._data.shape[1],)})
            return _mT(out).contiguous() if transpose else out
        return _apply(OPS["_unsafe_view"], (_mv(folded, t2),), {"shape": out_shape})
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
    return _apply(OPS["_unsafe_view"], (out,), {"shape": out_shape})


def _broadcast_shapes(sa, sb):
    """The broadcast of two shapes, with PyTorch's message when they do not broadcast."""
    n = max(len(sa), len(sb))
    pa, pb = (1,) * (n - len(sa)) + tuple(sa), (1,) * (n - len(sb)) + tuple(sb)
    out = []
    for i, (x, y) in enumerate(zip(pa, pb)):
        if x != y and x != 1 and y != 1:
            raise RuntimeError(f"The size of tensor a ({x}) must match the size of tensor b "
                               f"({y}) at non-singleton dimension {i}")
        out.append(y if x == 1 else x)
    return tuple(out)


Tensor.mm, Tensor.mv, Tensor.dot, Tensor.bmm, Tensor.matmul = _mm, _mv, _dot, _bmm, _matmul
Tensor.__matmul__ = lambda self, other: _matmul(self, other) if isinstance(other, Tensor) \
    else NotImplemented
Tensor.__rmatmul__ = lambda self, other: _matmul(other, self) if isinstance(other, Tensor) \
    else NotImplemented
Tensor.inner = _dot


def _outer(self, other):
    # PyTorch: self.reshape({n, 1}) * other
    return _reshape(self, self._data.shape[0], 1) * other


Tensor.outer = Tensor.ger = _outer


# ---------------------------------------------------------------------- shapes
def _shape_arg(args):
    if len(args) == 1 and isinstance(args[0], (tuple, list, D.Size)):
        args = tuple(args[0])
    return tuple(int(a) for a in args)


def _infer(shape, numel):
    shape = list(shape)
    neg = None
    known = 1
    for i, s in enumerate(shape):
        if s == -1:
            if neg is not None:
                raise RuntimeError("only one dimension can be inferred")
            neg = i
        elif s < 0:
            raise RuntimeError(f"invalid shape dimension {s} at index {i} of shape "
                               f"{_list(shape)}")
        else:
            known *= s
    if neg is not None:
        if known == 0:
            if numel == 0:
                raise RuntimeError(f"cannot reshape tensor of 0 elements into shape "
                                   f"{_list(shape)} because the unspecified dimension size "
                                   "-1 can be any value and is ambiguous")
            raise RuntimeError(f"shape '{_list(shape)}' is invalid for input of size {numel}")
        if numel % known:
            raise RuntimeError(f"shape '{_list(shape)}' is invalid for input of size {numel}")
        shape[neg] = numel // known
    elif known != numel:
        raise RuntimeError(f"shape '{_list(shape)}' is invalid for input of size {numel}")
    return tuple(shape)


def _viewable(a, shape):
    v = a.view()
    try:
        v.shape = shape
    except AttributeError:
        return False
    return True


def _view(self, *shape):
    if len(shape) == 1 and isinstance(shape[0], D.dtype):
        raise RuntimeError("view(dtype) is not supported by GradStudio's engine")
    shape = _infer(_shape_arg(shape), self._data.size)
    if not _viewable(self._data, shape):
        raise RuntimeError("view size is not compatible with input tensor's size and stride "
                           "(at least one dimension spans across two contiguous subspaces). "
                           "Use .reshape(...) instead.")
    return _apply(OPS["view"], (self,), {"shape": shape})


def _reshape(self, *shape):
    shape = _infer(_shape_arg(shape), self._data.size)
    if _viewable(self._data, shape):
        out = _apply(OPS["view"], (self,), {"shape": shape})
        # PyTorch: a view when contiguous, else an alias with the computed strides
        return out if self._data.flags.c_contiguous else _renamed(out, "ReshapeAliasBackward0")
    return _apply(OPS["_unsafe_view"], (self.clone(),), {"shape": shape})


Tensor.view, Tensor.reshape = _view, _reshape
Tensor.view_as = lambda self, other: _view(self, other.shape)
Tensor.reshape_as = lambda self, other: _reshape(self, other.shape)


def _flatten(self, start_dim=0, end_dim=-1):
    if self._data.ndim == 0:
        return _reshape(self, 1)
    s, e = _wrap_dim(start_dim, self._data.ndim), _wrap_dim(end_dim, self._data.ndim)
    if s == e:
        return self
    shp = self._data.shape
    return _reshape(self, shp[:s] + (int(np.prod(shp[s:e + 1])),) + shp[e + 1:])


Tensor.flatten = _flatten


def _t(self):
    if self._data.ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is "
                           f"{self._data.ndim}D")
    return _apply(OPS["t"], (self,))


def _transpose(self, dim0, dim1):
    n = self._data.ndim
    return _apply(OPS["transpose"], (self,), {"dim0": _wrap_dim(dim0, n),
                                              "dim1": _wrap_dim(dim1, n)})


def _permute(self, *dims):
    dims = _shape_arg(dims)
    n = self._data.ndim
    if len(dims) != n:
        raise RuntimeError(f"permute(sparse_coo): number of dimensions in the tensor input does "
                           f"not match the length of the desired ordering of dimensions i.e. "
                           f"input.dim() = {n} is not equal to len(dims) = {len(dims)}")
    dims = tuple(_wrap_dim(d, n) for d in dims)
    if len(set(dims)) != n:
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    return _apply(OPS["permute"], (self,), {"dims": dims})


Tensor.t, Tensor.transpose, Tensor.permute = _t, _transpose, _permute
Tensor.swapaxes = Tensor.swapdims = _transpose
_T_WARNINGS = {
    0: "Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases. "
       "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:"
       "4321.)",
    1: "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is "
       "deprecated and it will throw an error in a future release. Consider `x.mT` to transpose "
       "batches of matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the "
       "dimensions of a tensor. (Triggered internally at "
       "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4314.)"}


def _T(self):
    n = self._data.ndim
    if n != 2:
        msg = _T_WARNINGS.pop(0 if n == 0 else 1, None)  # PyTorch warns once per process
        if msg is not None:
            import warnings
            warnings.warn(msg, UserWarning, stacklevel=2)
    return _apply(OPS["permute"], (self,), {"dims": tuple(range(n))[::-1]})


Tensor.T = property(_T)
Tensor.mT = property(lambda self: _transpose(self, -2, -1))


def _unsqueeze(self, dim):
    n = self._data.ndim + 1
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], "
                         f"but got {dim})")
    return _apply(OPS["unsqueeze"], (self,), {"dim": dim % n})


def _squeeze(self, dim=None):
    if dim is None:
        return _apply(OPS["squeeze"], (self,), {"dim": None})
    dims = _dims(self, dim)
    dims = tuple(d for d in dims if self._data.shape[d] == 1) if self._data.ndim else ()
    return _apply(OPS["squeeze"], (self,), {"dim": dims})


def _expand(self, *sizes):
    sizes = _shape_arg(sizes)
    shp = self._data.shape
    if len(sizes) < len(shp):
        raise RuntimeError(f"expand(torch.{_TYPE_NAMES[self._dtype.name]}{{{_list(shp)}}}, "
                           f"size={_list(sizes)}): "
                           "the number of sizes provided (%d) must be greater or equal to the "
                           "number of dimensions in the tensor (%d)" % (len(sizes), len(shp)))
    lead = len(sizes) - len(shp)
    out = [0] * len(sizes)
    for i in range(len(sizes) - 1, -1, -1):  # PyTorch checks from the last dimension
        s = sizes[i]
        cur = shp[i - lead] if i >= lead else 1
        if s == -1:
            if i < lead:
                raise RuntimeError(f"The expanded size of the tensor (-1) isn't allowed in a "
                                   f"leading, non-existing dimension {i}")
            s = cur
        elif cur != 1 and s != cur:
            raise RuntimeError(f"The expanded size of the tensor ({s}) must match the existing "
                               f"size ({cur}) at non-singleton dimension {i}.  Target sizes: "
                               f"{_list(sizes)}.  Tensor sizes: {_list(shp)}")
        out[i] = s
    return _apply(OPS["expand"], (self,), {"shape": tuple(out)})


Tensor.unsqueeze, Tensor.squeeze, Tensor.expand = _unsqueeze, _squeeze, _expand
Tensor.expand_as = lambda self, other: _expand(self, other.shape)
Tensor.contiguous = lambda self: self if self._data.flags.c_contiguous else self.clone()


def _select(self, dim, index):
    d = _wrap_dim(dim, self._data.ndim)
    size = self._data.shape[d]
    if not -size <= index < size:
        raise IndexError(f"select(): index {index} out of range for tensor of size "
                         f"{_list(self._data.shape)} at dimension {d}")
    return _apply(OPS["select"], (self,), {"dim": d, "index": index % size})


def _narrow(self, dim, start, length):
    d = _wrap_dim(dim, self._data.ndim)
    size = self._data.shape[d]
    if not -size <= start <= size:
        raise IndexError(f"start out of range (expected to be in range of [{-size}, {size}], "
                         f"but got {start})")
    if start < 0:
        start += size
    if length < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    if start + length > size:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size "
                           f"({size}).")
    return _apply(OPS["slice"], (self,), {"dim": d, "start": start, "end": start + length,
                                          "step": 1})


Tensor.select, Tensor.narrow = _select, _narrow


# ---------------------------------------------------------------------- small utilities
def _stride(self, dim=None):
    st = tuple(s // self._data.itemsize for s in self._data.strides)
    return st if dim is None else st[_wrap_dim(dim, self._data.ndim)]


def _new(fill):
    def method(self, *size, dtype=None, device=None, requires_grad=False):
        from ._factory import full
        return full(_shape_arg(size), fill, dtype=dtype or self._dtype,
                    requires_grad=requires_grad)
    return method


def _new_full(self, size, fill_value, dtype=None, device=None, requires_grad=False):
    from ._factory import full
    return full(tuple(size), fill_value, dtype=dtype or self._dtype, requires_grad=requires_grad)


def _new_tensor(self, data, dtype=None, device=None, requires_grad=False):
    from ._factory import tensor
    return tensor(data, dtype=dtype or self._dtype, requires_grad=requires_grad)


Tensor.stride = _stride
Tensor.data_ptr = lambda self: self._data.__array_interface__["data"][0]
Tensor.new_zeros, Tensor.new_ones, Tensor.new_empty = _new(0), _new(1), _new(0)
Tensor.new_full, Tensor.new_tensor = _new_full, _new_tensor
Tensor.equal = lambda self, other: self._data.shape == other._data.shape and bool(
    np.all(self._data == other._data))
Tensor.allclose = lambda self, other, rtol=1e-05, atol=1e-08, equal_nan=False: bool(
    np.allclose(self._data, other._data, rtol=rtol, atol=atol, equal_nan=equal_nan))


# ---------------------------------------------------------------------- dtype conversion
def _to(self, *args, **kwargs):
    dtype = kwargs.get("dtype")
    for a in args:
        if isinstance(a, D.dtype):
            dtype = a
        elif isinstance(a, Tensor):
            dtype = a._dtype
    if dtype is None or dtype is self._dtype:
        return self
    with np.errstate(invalid="ignore", over="ignore"):  # out-of-range casts wrap silently
        if self._requires_grad and not dtype.is_floating_point:
            return Tensor._make(self._data.astype(dtype.np), dtype)
        return _apply(OPS["to"], (self,), {"dtype": dtype}, out_dtype=dtype)


Tensor.to = _to
def _type(self, dtype=None, non_blocking=False):
    if dtype is None:
        return f"torch.{_TYPE_NAMES[self._dtype.name]}"
    if isinstance(dtype, str) or isinstance(dtype, type):
        name = dtype if isinstance(dtype, str) else f"torch.{dtype.__name__}"
        match = [n for n, t in _TYPE_NAMES.items() if f"torch.{t}" == name]
        if not match:
            raise ValueError(f"invalid type: '{name}'")
        dtype = getattr(D, match[0] if match[0] != "bool" else "bool_")
    return _to(self, dtype)


Tensor.type = _type
for _name, _dt in (("float", D.float32), ("double", D.float64), ("half", D.float16),
                   ("long", D.int64), ("int", D.int32), ("bool", D.bool_), ("short", D.int16),
                   ("char", D.int8), ("byte", D.uint8)):
    setattr(Tensor, _name, (lambda dt: lambda self: _to(self, dt))(_dt))
Tensor.cpu = lambda self: self
Tensor.type_as = lambda self, other: _to(self, other._dtype)


# ---------------------------------------------------------------------- indexing
# ``x[key]`` follows PyTorch's applySlicing: ints select, slices slice, None unsqueezes and
# Ellipsis skips, one by one; tensors, lists and bools are collected as advanced indices
# at the dimension they reach and applied last, in one IndexBackward0.
_SEQ_INDEX_WARNING = (
    "Using a non-tuple sequence for multidimensional indexing is deprecated and will be "
    "changed in pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will be "
    "interpreted as tensor index, x[torch.tensor(seq)], which will result either in an error "
    "or a different result (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/python_variable_indexing.cpp:{line}.)")
_INDEX_TYPE_ERROR = ("only integers, slices (`:`), ellipsis (`...`), None and long or byte "
                     "Variables are valid indices (got {})")


def _sequence_as_tuple(key):
    """PyTorch's (NumPy's) rule: a short list (or str) holding a tensor, sequence, slice,
    None or Ellipsis is read as a tuple of indices, with a deprecation warning."""
    if len(key) >= 32:
        return False
    for k in key:
        line = 349 if isinstance(k, (Tensor, list, tuple, str, slice)) else \
            359 if k is None or k is Ellipsis else None
        if line is not None:
            import warnings
            warnings.warn(_SEQ_INDEX_WARNING.format(line=line), UserWarning, stacklevel=4)
            return True
    return False


def _as_key_tuple(key):
    if isinstance(key, (list, str)) and _sequence_as_tuple(key):
        return tuple(key)
    return key if isinstance(key, tuple) else (key,)


def _is_int_index(k):
    if isinstance(k, (int, np.integer)):
        return not isinstance(k, (bool, np.bool_))
    return type(k) is Tensor and k._data.ndim == 0 and k._dtype._kind == 1 and \
        k._dtype is not D.uint8


def _index_array(k):
    """An advanced index as a numpy array: bool (a mask) or int64."""
    if isinstance(k, Tensor):
        a = k._data
    elif isinstance(k, np.ndarray):
        a = k
    else:
        from ._factory import tensor
        a = tensor(k)._data
        if a.dtype.kind == "f":
            a = a.astype(np.int64)
    if a.dtype == np.bool_ or a.dtype == np.uint8:
        return a.astype(np.bool_, copy=False)
    if a.dtype.kind not in "iu":
        raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
    return a.astype(np.int64, copy=False)


def _select_at(t, dim, index, real_dim):
    if t._data.ndim == 0:
        if index == 0:
            raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                             "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
        raise IndexError(f"index {index} is out of bounds for dimension {real_dim} with size 0")
    size = t._data.shape[dim]
    if not -size <= index < size:
        raise IndexError(f"index {index} is out of bounds for dimension {real_dim} with size "
                         f"{size}")
    return _apply(OPS["select"], (t,), {"dim": dim, "index": index % size})


def _slice_at(t, dim, k, skip_trivial):
    if t._data.ndim == 0:
        raise IndexError("slice() cannot be applied to a 0-dim tensor.")
    size = t._data.shape[dim]
    start, stop, step = k.indices(size)  # ValueError for a zero step, as in PyTorch
    if step < 0:
        raise ValueError("step must be greater than zero")
    stop = max(stop, start)
    if skip_trivial and start == 0 and stop == size and step == 1:
        return t, slice(None)
    return _apply(OPS["slice"], (t,), {"dim": dim, "start": start, "end": stop, "step": step}), \
        slice(start, stop, step)


def _apply_slicing(self, key):
    """Applies the basic indices of ``key`` (a tuple); returns the view, the advanced
    indices as ``[(dim, array)]`` and the equivalent numpy key for ``self``."""
    ndim = self._data.ndim
    specified = 0
    for k in key:
        if k is None or k is Ellipsis or isinstance(k, (bool, np.bool_)):
            continue
        if isinstance(k, Tensor) and k._dtype in (D.bool_, D.uint8):
            specified += k._data.ndim
        else:
            specified += 1
    if specified > ndim:
        raise IndexError(f"too many indices for tensor of dimension {ndim}")
    t, dim, adv, np_key = self, 0, [], []
    for i, k in enumerate(key):
        if _is_int_index(k):
            t = _select_at(t, dim, int(k), i)
            np_key.append(int(k))
        elif isinstance(k, slice):
            t, k = _slice_at(t, dim, k, True)
            np_key.append(k)
            dim += 1
        elif k is None:
            t = _apply(OPS["unsqueeze"], (t,), {"dim": dim})
            np_key.append(None)
            dim += 1
        elif k is Ellipsis:
            n = max(ndim - specified, 0)
            np_key.extend([slice(None)] * n)
            dim += n
        elif isinstance(k, str):
            raise TypeError(f"new(): invalid data type '{type(k).__name__}'")
        elif isinstance(k, (bool, np.bool_, Tensor, np.ndarray, list, tuple)):
            a = _index_array(k if not isinstance(k, (bool, np.bool_)) else np.asarray(k))
            if a.ndim == 0:  # a bool: a new dimension of size 1 (True) or 0 (False)
                t = _apply(OPS["unsqueeze"], (t,), {"dim": dim})
                np_key.append(bool(a))  # numpy reads a bool the same way
                a = np.zeros((1 if a else 0,), np.int64)
            else:
                np_key.append(a)
            adv.append((dim, a))
            dim += a.ndim if a.dtype == np.bool_ else 1
        else:
            raise IndexError(_INDEX_TYPE_ERROR.format(type(k).__name__))
    return t, adv, tuple(np_key)


def _advanced_key(t, adv):
    """The numpy key of the advanced indices of ``t``, checked as PyTorch checks them."""
    shape = t._data.shape
    key = [slice(None)] * (max(d for d, _ in adv) + 1)
    arrays = []
    for d, a in adv:
        if a.dtype == np.bool_:
            for j, n in enumerate(a.shape):
                if d + j >= len(shape) or shape[d + j] != n:
                    raise IndexError(f"The shape of the mask {_list(a.shape)} at index {j} does "
                                     f"not match the shape of the indexed tensor "
                                     f"{_list(shape)} at index {d + j}")
            key[d] = a
            arrays.extend(np.nonzero(a))
        else:
            key[d] = a
            arrays.append(a)
    try:
        np.broadcast_shapes(*(a.shape for a in arrays))
    except ValueError:
        raise IndexError("shape mismatch: indexing tensors could not be broadcast together "
                         "with shapes " + ", ".join(_list(a.shape) for a in arrays)) from None
    for d, a in adv:
        if a.dtype != np.bool_ and a.size:
            size = shape[d]
            bad = (a < -size) | (a >= size)
            if bad.any():
                raise IndexError(f"index {a[bad].flat[0]} is out of bounds for dimension {d} "
                                 f"with size {size}")
    return tuple(key)


def _alias(t):
    return _renamed(_apply(OPS["view"], (t,), {"shape": t._data.shape}), "AliasBackward0")


def _getitem(self, key):
    # PyTorch's single-index fast paths first: a lone slice is never skipped
    if _is_int_index(key):
        return _select_at(self, 0, int(key), 0)
    if type(key) is slice:
        return _slice_at(self, 0, key, False)[0]
    if key is None:
        return _apply(OPS["unsqueeze"], (self,), {"dim": 0})
    if key is Ellipsis:
        return _alias(self)
    t, adv, _ = _apply_slicing(self, _as_key_tuple(key))
    if adv:
        return _apply(OPS["index"], (t,), {"key": _advanced_key(t, adv)})
    return _alias(self) if t is self else t


def _setitem(self, key, value):
    value = _operand(value)
    whole = self.detach()
    view, adv, np_key = _apply_slicing(whole, _as_key_tuple(key))
    whole = view is whole  # no basic index narrowed it
    if adv:
        target = view._data[_advanced_key(view, adv)].shape
    else:
        target = view._data.shape
    if STATE.enabled and self._requires_grad and self._grad_fn is None:
        raise RuntimeError(("a view of a leaf Variable" if view._base is not None else
                            "a leaf Variable") + " that requires grad is being used in an "
                           "in-place operation.")
    if type(value) is Tensor:
        vshape = value._data.shape
        while vshape and vshape[0] == 1 and len(vshape) > len(target):
            vshape = vshape[1:]  # PyTorch drops the value's leading 1s
        if adv:
            try:
                np.broadcast_shapes(vshape, target)
                if len(vshape) > len(target):
                    raise ValueError
            except ValueError:
                raise RuntimeError(f"shape mismatch: value tensor of shape "
                                   f"{_list(value._data.shape)} cannot be broadcast to indexing "
                                   f"result of shape {_list(target)}") from None
        else:
            # the messages of value.expand(target)
            _expand(Tensor._make(np.broadcast_to(np.zeros((), value._dtype.np), vshape),
                                 value._dtype), target)
    with _no_grad_if(not (STATE.enabled and (self._requires_grad or (
            type(value) is Tensor and value._requires_grad)))):
        if type(value) is not Tensor:
            from ._factory import tensor
            value = tensor(value, dtype=self._dtype)
        if whole and not adv and not value._data.ndim:  # a number: self.fill_(value)
            return inplace(self, OPS["_fill_tensor"], (self, value))
        if value._data.ndim:
            # PyTorch views the value without its leading 1s when its shape differs (for
            # a basic key) or it has some (advanced), and expands it to a basic key's
            # target; a basic key that narrows nothing copies into self (CopyBackwards)
            shape = value._data.shape
            lead = next((i for i, s in enumerate(shape) if s != 1), len(shape))
            if shape != target if not adv else lead:
                value = _view(value, shape[lead:])
            if not adv:
                if value._data.shape != target:
                    value = _expand(value, target)
                if whole:
                    return inplace(self, OPS["_copy"], (self, value))
        inplace(self, OPS["_setitem"], (self, value), {"key": np_key})


class _no_grad_if:
    def __init__(self, cond):
        self.cond = cond

    def __enter__(self):
        self.prev = STATE.enabled
        if self.cond:
            STATE.enabled = False

    def __exit__(self, *exc):
        STATE.enabled = self.prev


Tensor.__getitem__, Tensor.__setitem__ = _getitem, _setitem


# ---------------------------------------------------------------------- in-place ops
def _inplace_binary(name):
    op = OPS[name]

    def method(self, other, *, alpha=1):
        other = _operand(other)
        if type(other) is Tensor:
            _broadcast_check(self, other)
        return inplace(self, op, (self, other), {"alpha": alpha} if alpha != 1 else None)
    return method


for _name in ("add", "sub", "mul", "div"):
    setattr(Tensor, _name + "_", _inplace_binary(_name))
Tensor.__iadd__, Tensor.__isub__, Tensor.__imul__, Tensor.__itruediv__ = (
    Tensor.add_, Tensor.sub_, Tensor.mul_, Tensor.div_)


def _pow_(self, exponent):
    exponent = _operand(exponent)
    if type(exponent) is Tensor:
        return inplace(self, OPS["pow_tensor"], (self, exponent))
    return inplace(self, OPS["pow"], (self,), {"exponent": exponent})


Tensor.pow_ = Tensor.__ipow__ = _pow_
for _name in ("neg", "exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "abs", "sqrt",
              "reciprocal"):
    setattr(Tensor, _name + "_", (lambda op: lambda self: inplace(self, op, (self,)))(OPS[_name]))
Tensor.clamp_ = lambda self, min=None, max=None: inplace(self, OPS["clamp"], (self,),
                                                         {"min": min, "max": max})
Tensor.zero_ = lambda self: inplace(self, OPS["_zero"], (self,))


def _fill_(self, value):
    value = _operand(value)
    if type(value) is not Tensor:
        return inplace(self, OPS["_fill"], (self,), {"value": value})
    if value._data.ndim:
        raise RuntimeError("fill_ only supports 0-dimension value tensor but got tensor with "
                           f"{value._data.ndim} dimensions.")
    return inplace(self, OPS["_fill_tensor"], (self, value))


Tensor.fill_ = _fill_


def _copy_(self, src):
    src = _operand(src)
    if type(src) is not Tensor:
        from ._factory import tensor
        src = tensor(src)
    return inplace(self, OPS["_copy"], (self, src))


Tensor.copy_ = _copy_


def _random_(method):
    def fn(self, *args, generator=None, **kwargs):
        from ._random import default_generator
        gen = generator._gen if hasattr(generator, "_gen") else (generator or default_generator)
        with _no_grad_if(True):
            self._data[...] = getattr(gen, method)(self._data.shape, *args,
                                                   np_dtype=self._dtype.np, **kwargs)
        self._vc[0] += 1
        return self
    return fn


def _uniform_(self, a=0.0, b=1.0, *, generator=None):
    from ._random import default_generator
    gen = generator or default_generator
    self._data[...] = gen.uniform(self._data.shape, a, b, self._dtype.np)
    self._vc[0] += 1
    return self


def _normal_(self, mean=0.0, std=1.0, *, generator=None):
    from ._random import default_generator
    gen = generator or default_generator
    self._data[...] = gen.normal(self._data.shape, mean, std, self._dtype.np)
    self._vc[0] += 1
    return self


Tensor.uniform_, Tensor.normal_ = _uniform_, _normal_
numbers.Number  # noqa: B018 (kept for type checkers; tensors are not numbers)
