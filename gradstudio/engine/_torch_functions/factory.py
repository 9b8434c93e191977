"""Creating tensors: ``tensor``, ``ones``, ``zeros``, ``full``, ``eye``, ``arange``,
``linspace``, ``rand``, ``randn`` and friends."""
import math

import numpy as np

from .._types import dtype as D
from .._tensor_class.core import TensorCore
from .._types.device import check as check_device
from .._cpu_kernels.fma import fma32, fma64 as _fma
from .._messages.warn import warn as _warn
from ..observer import observed

__all__ = ["tensor", "as_tensor", "from_numpy", "ones", "zeros", "empty", "full", "eye",
           "arange", "linspace", "rand", "randn", "randint", "randperm", "ones_like",
           "zeros_like", "empty_like", "full_like", "rand_like", "randn_like", "scalar_tensor"]


def _finish(data, dtype, requires_grad):
    t = TensorCore._make(data, dtype)
    if requires_grad:
        if not dtype.is_floating_point:
            raise RuntimeError("Only Tensors of floating point and complex dtype can require "
                               "gradients")
        t._requires_grad = True
    return t


def _shape_of(data):
    """Shape of nested sequences, read (as PyTorch does) from the first element of each
    level; ``_flatten_values`` checks the rest."""
    if isinstance(data, (TensorCore, np.ndarray)):
        return tuple(data.shape)
    if not isinstance(data, (list, tuple)):
        return ()
    return (len(data),) + (_shape_of(data[0]) if data else ())


def _flatten_values(data, shape, dt, out, dim=0):
    if dim == len(shape):
        if isinstance(data, (list, tuple)):
            raise TypeError(f"must be real number, not {type(data).__name__}"
                            if dt.is_floating_point else
                            f"'{type(data).__name__}' object cannot be interpreted as an integer")
        out.append(data.item() if isinstance(data, (TensorCore, np.ndarray)) else data)
        return
    if isinstance(data, (TensorCore, np.ndarray)):
        got = tuple(data.shape)
        if got != shape[dim:]:
            raise ValueError(f"expected sequence of length {shape[dim]} at dim {dim} (got "
                             f"{got[0] if got else 0})")
        arr = data._data if isinstance(data, TensorCore) else data
        out.extend(arr.reshape(-1).tolist())
        return
    if not isinstance(data, (list, tuple)):
        raise TypeError("not a sequence")
    if len(data) != shape[dim]:
        raise ValueError(f"expected sequence of length {shape[dim]} at dim {dim} (got "
                         f"{len(data)})")
    for item in data:
        _flatten_values(item, shape, dt, out, dim + 1)


def _infer_dtype(data):
    """PyTorch's ``infer_scalar_type``: the promotion of every element's type, where a
    Python float is the default dtype, an int int64, and numpy scalars and tensors keep
    their own dtype."""
    if isinstance(data, TensorCore):
        return data._dtype
    if isinstance(data, (np.ndarray, np.generic)):
        return D.from_numpy_dtype(data.dtype)
    if isinstance(data, bool):
        return D.bool_
    if isinstance(data, int):
        return D.int64
    if isinstance(data, float):
        return D.get_default_dtype()
    if isinstance(data, (list, tuple)):
        dt = None
        for item in data:
            it = _infer_dtype(item)
            dt = it if dt is None else D.promote_types(dt, it)
        return dt or D.get_default_dtype()
    raise TypeError(f"new(): invalid data type '{type(data).__name__}'")


@observed("torch.tensor")
def tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A new leaf tensor holding a copy of ``data`` (nested lists, numbers, arrays)."""
    check_device(device)
    if isinstance(data, TensorCore):
        _warn("To copy construct from a tensor, it is recommended to use "
                      "sourceTensor.detach().clone() or "
                      "sourceTensor.detach().clone().requires_grad_(True), rather than "
                      "torch.tensor(sourceTensor).")
        arr = data._data.copy()
        dt = dtype or data._dtype
        return _finish(arr.astype(dt.np, copy=False), dt, requires_grad)
    if isinstance(data, np.ndarray):
        dt = dtype or (D.from_numpy_dtype(data.dtype))
        return _finish(np.array(data, dtype=dt.np, copy=True), dt, requires_grad)
    shape = _shape_of(data)
    dt = dtype or _infer_dtype(data)
    values = []
    _flatten_values(data, shape, dt, values)
    if dt is D.uint8:       # torch.tensor([-1], dtype=torch.uint8) is 255, as in C
        values = [v + 256 if type(v) is int and -256 < v < 0 else v for v in values]
    try:
        with np.errstate(over="ignore"):     # 70000.0 as float16 is inf, silently
            arr = np.array(values, dtype=dt.np).reshape(shape)
    except OverflowError:
        raise RuntimeError(f"value cannot be converted to type {dt.name} without overflow") \
            from None
    return _finish(arr, dt, requires_grad)


def as_tensor(data, dtype=None, device=None):
    check_device(device)
    if isinstance(data, TensorCore):
        return data if dtype is None else data.to(dtype)
    if isinstance(data, np.ndarray) and (dtype is None or dtype.np == data.dtype):
        return from_numpy(data)
    return tensor(data, dtype=dtype)


def from_numpy(array):
    """A tensor sharing memory with ``array``."""
    return TensorCore._make(array, D.from_numpy_dtype(array.dtype))


def scalar_tensor(value, dtype=None, requires_grad=False):
    return tensor(float(value), dtype=dtype, requires_grad=requires_grad)


def _size(size):
    if len(size) == 1 and isinstance(size[0], (tuple, list, D.Size)):
        size = tuple(size[0])
    out = []
    for s in size:
        if isinstance(s, TensorCore):
            s = int(s.item())
        if not isinstance(s, (int, np.integer)) or isinstance(s, bool):
            raise TypeError(f"expected a sequence of integers or a single integer, got "
                            f"'{s!r}'")
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: "
                               f"[{', '.join(map(str, size))}]")
        out.append(int(s))
    return tuple(out)


def _filled(fill, size, dtype, requires_grad):
    dt = dtype or D.get_default_dtype()
    fill = D.checked_scalar(fill, dt)
    return _finish(np.full(_size(size), fill, dtype=dt.np), dt, requires_grad)


@observed("torch.ones")
def ones(*size, dtype=None, device=None, requires_grad=False, out=None):
    check_device(device)
    return _filled(1, size, dtype, requires_grad)


@observed("torch.zeros")
def zeros(*size, dtype=None, device=None, requires_grad=False, out=None):
    check_device(device)
    shape = size[0] if len(size) == 1 and isinstance(size[0], (tuple, list, D.Size)) else size
    if any(isinstance(s, int) and s < 0 for s in shape):
        raise RuntimeError("zeros: Dimension size must be non-negative.")
    return _filled(0, size, dtype, requires_grad)


@observed("torch.empty")
def empty(*size, dtype=None, device=None, requires_grad=False, out=None):
    check_device(device)
    return _filled(0, size, dtype, requires_grad)


@observed("torch.full")
def full(size, fill_value, dtype=None, device=None, requires_grad=False):
    check_device(device)
    if dtype is None:
        dtype = (D.bool_ if isinstance(fill_value, bool) else
                 D.int64 if isinstance(fill_value, int) else D.get_default_dtype())
    return _filled(fill_value, (size,) if isinstance(size, int) else (tuple(size),), dtype,
                   requires_grad)


@observed("torch.eye")
def eye(n, m=None, dtype=None, device=None, requires_grad=False):
    check_device(device)
    for name, v in (("n", n), ("m", m)):
        if v is not None and v < 0:
            raise RuntimeError(f"{name} must be greater or equal to 0, got {v}")
    dt = dtype or D.get_default_dtype()
    return _finish(np.eye(n, n if m is None else m, dtype=dt.np), dt, requires_grad)


@observed("torch.arange")
def arange(start, end=None, step=1, dtype=None, device=None, requires_grad=False):
    check_device(device)
    if end is None:
        start, end = 0, start
    vals = [start, end, step]
    if dtype is None:
        is_int = all(isinstance(v, (int, np.integer)) or
                     (isinstance(v, TensorCore) and not v._dtype.is_floating_point) for v in vals)
        dtype = D.int64 if is_int else D.get_default_dtype()
    start, end, step = (float(v) if not isinstance(v, int) else v for v in vals)
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if not ((step > 0 and end >= start) or (step < 0 and end <= start)):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    n = max(0, math.ceil((end - start) / step))
    if dtype.is_floating_point:
        data = _arange_values(float(start), float(step), n, dtype)
    else:
        data = np.arange(n, dtype=np.int64) * int(step) + int(start)
    return _finish(data.astype(dtype.np), dtype, requires_grad)


def _arange_values(start, step, n, dtype):
    """PyTorch's CPU arange kernel, rounding for rounding: in double, vectors of W elements
    (W = 8 float32, 4 float64) are filled as base + j * step from base = start + step * i
    (cast to the dtype), two vectors at a time; the tail is start + step * i. (Beyond 32768
    elements PyTorch splits the range across threads; that split is not modelled.)"""
    if dtype.itemsize == 2:  # float16 works in float32, 16 to a vector
        return _arange_half(np.float32(start), np.float32(step), n)
    idx = np.arange(n, dtype=np.float64)
    out = _fma(step, idx, start)
    width = 8 if dtype.itemsize == 4 else 4
    nv = n // (2 * width) * (2 * width)
    if nv:
        k = idx[:nv]
        c = np.floor(k / width) * width
        base = _fma(step, c, start).astype(dtype.np).astype(np.float64)
        j = k - c
        out[:nv] = _fma(j, step, base) if dtype.itemsize == 8 else base + j * step
    return out


def _arange_half(start, step, n):
    k = np.arange(n, dtype=np.float32)
    out = step * k + start
    nv = n // 32 * 32
    if nv:
        c = np.floor(k[:nv] / 16) * 16
        base = (step * c + start).astype(np.float16).astype(np.float32)
        out[:nv] = base + (k[:nv] - c) * step
    return out


@observed("torch.linspace")
def linspace(start, end, steps, dtype=None, device=None, requires_grad=False):
    check_device(device)
    dt = dtype or D.get_default_dtype()
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    start, end = D.checked_scalar(start, dt), D.checked_scalar(end, dt)
    return _finish(_linspace_values(start, end, steps, dt), dt, requires_grad)


def _linspace_values(start, end, steps, dt):
    """PyTorch's CPU linspace kernel: start and end cast to the dtype, the step computed
    in it (in float64 for integer dtypes), the first half filled forward from start and
    the second back from end, each element ``fma(step, i, start)`` (its compiler fuses the
    multiply-add), then cast to the dtype."""
    work = np.dtype(dt.np).type if dt.is_floating_point and dt.itemsize >= 4 else np.float64
    fma = fma32 if work == np.float32 else _fma
    if dt.is_floating_point:
        start, end = (np.asarray(v, dt.np).astype(work) for v in (start, end))
    else:
        start, end = (work(int(v)) for v in (start, end))
    if steps <= 1:
        return np.full(steps, start).astype(dt.np)
    if dt.is_floating_point and dt.itemsize == 2:
        return _linspace_half(start.astype(np.float16), end.astype(np.float16), steps)
    step = work((end - start) / work(steps - 1))
    idx = np.arange(steps)
    forward = fma(np.full(steps, step, work), idx.astype(work), np.full(steps, start, work))
    back = fma(np.full(steps, -step, work), (steps - 1 - idx).astype(work),
               np.full(steps, end, work))
    with np.errstate(invalid="ignore"):
        return np.where(idx < steps // 2, forward, back).astype(dt.np)


def _linspace_half(start, end, steps):
    """The float16 kernel: every operation of float16 values rounded to float16."""
    h, f = np.float16, np.float32
    step = h(h(end - start) / f(steps - 1))
    idx = np.arange(steps)
    forward = (f(start) + (step * idx.astype(f)).astype(h).astype(f)).astype(h)
    back = (f(end) - (step * (steps - 1 - idx).astype(f)).astype(h).astype(f)).astype(h)
    return np.where(idx < steps // 2, forward, back)


def _gen(generator):
    from .._cpu_kernels import generator as _random
    if generator is None:
        return _random.default_generator
    return getattr(generator, "_gen", generator)


@observed("torch.rand")
def rand(*size, generator=None, dtype=None, device=None, requires_grad=False):
    check_device(device)
    dt = dtype or D.get_default_dtype()
    return _finish(_gen(generator).rand(_size(size), dt.np), dt, requires_grad)


@observed("torch.randn")
def randn(*size, generator=None, dtype=None, device=None, requires_grad=False):
    check_device(device)
    dt = dtype or D.get_default_dtype()
    return _finish(_gen(generator).randn(_size(size), dt.np), dt, requires_grad)


@observed("torch.randint")
def randint(low=None, high=None, size=None, generator=None, dtype=None, device=None,
            requires_grad=False):
    check_device(device)
    if size is None:
        low, high, size = 0, low, high
    if high is None:
        low, high = 0, low
    if low is None:     # (``randint(high=10, size=(3,))``: the overload without low)
        low = 0
    dt = dtype or D.int64
    data = _gen(generator).randint(int(low), int(high), _size((size,)))
    return _finish(data.astype(dt.np), dt, requires_grad)


@observed("torch.randperm")
def randperm(n, generator=None, dtype=None, device=None, requires_grad=False):
    check_device(device)
    dt = dtype or D.int64
    return _finish(_gen(generator).randperm(int(n)).astype(dt.np), dt, requires_grad)


def _like(fn):
    @observed(f"torch.{fn.__name__}_like")
    def like(t, dtype=None, device=None, requires_grad=False, memory_format=None):
        check_device(device)
        return fn(t.shape, dtype=dtype or t._dtype, requires_grad=requires_grad)
    like.__name__ = fn.__name__ + "_like"
    return like


ones_like, zeros_like, empty_like = _like(ones), _like(zeros), _like(empty)
rand_like, randn_like = _like(rand), _like(randn)


@observed("torch.full_like")
def full_like(t, fill_value, dtype=None, device=None, requires_grad=False):
    check_device(device)
    return full(t.shape, fill_value, dtype=dtype or t._dtype, requires_grad=requires_grad)


# ---------------------------------------------------------------------- legacy constructors
class _LegacyType(type):
    """``torch.FloatTensor`` and friends: ``isinstance`` checks the dtype."""

    def __instancecheck__(cls, other):
        return isinstance(other, TensorCore) and other._dtype is cls._dtype


def _legacy(dt):
    def new(cls, *args):
        if len(args) == 1 and isinstance(args[0], (list, tuple)):
            return tensor(args[0], dtype=dt)
        if len(args) == 1 and isinstance(args[0], TensorCore):
            return args[0].to(dt)
        return empty(*(args or (0,)), dtype=dt)
    return _LegacyType(D.tensor_type(dt), (), {"__new__": new, "_dtype": dt, "__module__": "torch"})


FloatTensor, DoubleTensor, HalfTensor = map(_legacy, (D.float32, D.float64, D.float16))
LongTensor, IntTensor, ShortTensor = map(_legacy, (D.int64, D.int32, D.int16))
ByteTensor, CharTensor, BoolTensor = map(_legacy, (D.uint8, D.int8, D.bool_))
__all__ += ["FloatTensor", "DoubleTensor", "HalfTensor", "LongTensor", "IntTensor", "ShortTensor",
            "ByteTensor", "CharTensor", "BoolTensor"]
