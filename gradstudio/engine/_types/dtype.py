"""dtypes, ``torch.Size`` and PyTorch's type-promotion rules."""
import math

import numpy as np

__all__ = ["dtype", "Size", "float16", "float32", "float64", "int8", "uint8", "int16", "int32",
           "int64", "bool_", "get_default_dtype", "set_default_dtype", "promote_types",
           "result_type", "from_numpy_dtype", "scalar_type", "tensor_type", "type_string",
           "can_cast", "public_result_type"]


class dtype:
    """A tensor element type; prints as ``torch.float32``."""
    __slots__ = ("name", "np", "itemsize", "is_floating_point", "is_signed", "_rank", "_kind")
    __module__ = "torch"  # type(x.dtype) prints as <class 'torch.dtype'>

    def __init__(self, name, np_dtype, rank, kind):
        self.name = name
        self.np = np.dtype(np_dtype)
        self.itemsize = self.np.itemsize
        self.is_floating_point = kind == 2
        self.is_signed = name not in ("uint8", "bool")
        self._rank = rank     # position in the promotion lattice
        self._kind = kind     # 0 bool, 1 integer, 2 floating

    @property
    def is_complex(self):
        return False

    def __repr__(self):
        return "torch." + self.name

    __str__ = __repr__

    def __reduce__(self):
        return (_by_name, (self.name,))


bool_ = dtype("bool", np.bool_, 0, 0)
uint8 = dtype("uint8", np.uint8, 1, 1)
int8 = dtype("int8", np.int8, 2, 1)
int16 = dtype("int16", np.int16, 3, 1)
int32 = dtype("int32", np.int32, 4, 1)
int64 = dtype("int64", np.int64, 5, 1)
float16 = dtype("float16", np.float16, 6, 2)
float32 = dtype("float32", np.float32, 7, 2)
float64 = dtype("float64", np.float64, 8, 2)

_ALL = (bool_, uint8, int8, int16, int32, int64, float16, float32, float64)
_BY_NAME = {d.name: d for d in _ALL}
_BY_NP = {d.np: d for d in _ALL}


_SCALAR_TYPES = {"float32": "Float", "float64": "Double", "float16": "Half", "int64": "Long",
                 "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte",
                 "bool": "Bool"}


def _by_name(name):
    return _BY_NAME[name]


def scalar_type(d):
    """c10's ScalarType name of ``d`` (``Float``), as PyTorch's messages print it."""
    return _SCALAR_TYPES[d.name]


def tensor_type(d):
    """The legacy tensor type name of ``d`` (``FloatTensor``)."""
    return _SCALAR_TYPES[d.name] + "Tensor"


def type_string(d):
    """How PyTorch's C++ messages name a CPU tensor's type (``toString()``): the legacy
    ``torch.FloatTensor``, but ``CPUBoolType`` for bool, which has no legacy name."""
    return "CPUBoolType" if d.name == "bool" else "torch." + tensor_type(d)


# the C++ type names PyTorch's overflow message uses
_CPP_NAMES = {"uint8": "uint8_t", "int8": "int8_t", "int16": "int16_t", "int32": "int",
              "int64": "int64_t", "float16": "c10::Half", "float32": "float",
              "float64": "double"}


def checked_scalar(value, d):
    """A Python number given to an op of dtype ``d`` (a fill value, a bound, a
    ``where`` operand) as PyTorch's checked conversion takes it: RuntimeError when it
    overflows ``d``; an unsigned dtype takes a negative whole number as two's complement
    (``torch.full((2,), -1, dtype=torch.uint8)`` is 255)."""
    if type(value) not in (int, float) or d is bool_:
        return value
    if d.is_floating_point:
        big = float(np.finfo(d.np).max)
        fits = value != value or value in (math.inf, -math.inf) or -big <= value <= big
    else:
        info = np.iinfo(d.np)
        low = -int(info.max) if info.min == 0 and type(value) is int else int(info.min)
        fits = value == value and low <= value <= int(info.max)
        if fits and type(value) is int and value < 0 and info.min == 0:
            value += int(info.max) + 1
    if not fits:
        raise RuntimeError(f"value cannot be converted to type {_CPP_NAMES[d.name]} without "
                           "overflow")
    return value


def from_numpy_dtype(np_dtype):
    """The engine dtype for a numpy dtype (TypeError for unsupported ones)."""
    try:
        return _BY_NP[np.dtype(np_dtype)]
    except KeyError:
        raise TypeError(f"can't convert np.ndarray of type numpy.{np.dtype(np_dtype).name}. "
                        "The only supported types are: float64, float32, float16, int64, "
                        "int32, int16, int8, uint8, and bool.") from None


_default = [float32]


def get_default_dtype():
    return _default[0]


def set_default_dtype(d):
    if not isinstance(d, dtype) or not d.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    _default[0] = d


def promote_types(a, b):
    """PyTorch's ``promote_types`` for the dtypes we support."""
    if a is b:
        return a
    if a._kind != b._kind:
        return a if a._kind > b._kind else b
    if a._kind == 1 and (a is uint8 or b is uint8):
        other = b if a is uint8 else a
        return int16 if other is int8 else other
    return a if a._rank > b._rank else b


def _combine_categories(higher, lower):
    # c10's combine_categories: a lower tier only wins when it is of a higher category.
    if higher is None:
        return lower
    if lower is None:
        return higher
    if higher._kind == 2:
        return higher
    if higher is bool_ or lower._kind == 2:
        return promote_types(higher, lower)
    return higher


def _scalar_dtype(value):
    if isinstance(value, bool):
        return bool_
    if isinstance(value, int):
        return int64
    if isinstance(value, float):
        return _default[0]
    raise TypeError(f"unsupported scalar type {type(value).__name__}")


def result_type(*operands):
    """Result dtype of an op over tensors and Python scalars, by PyTorch's three tiers:
    dimensioned tensors, zero-dim tensors, then Python numbers (wrapped scalars)."""
    first = getattr(operands[0], "_dtype", None) if operands else None
    if first is not None and all(getattr(o, "_dtype", None) is first for o in operands):
        return first        # (tensors of one dtype: a stack of a batch's rows)
    dim = zero = wrapped = None
    for op in operands:
        d = getattr(op, "_dtype", None)
        if d is None:
            s = _scalar_dtype(op)
            wrapped = s if wrapped is None else promote_types(wrapped, s)
        elif op._data.ndim:
            dim = d if dim is None else promote_types(dim, d)
        else:
            zero = d if zero is None else promote_types(zero, d)
    return _combine_categories(dim, _combine_categories(zero, wrapped))


class Size(tuple):
    """``torch.Size``: a tuple of ints that prints as ``torch.Size([2, 3])``."""
    __slots__ = ()
    __module__ = "torch"

    def __reduce__(self):  # by function: the class's module name is torch's
        return (_size, (tuple(self),))

    def __repr__(self):
        return "torch.Size([" + ", ".join(str(int(s)) for s in self) + "])"

    __str__ = __repr__

    def numel(self):
        n = 1
        for s in self:
            n *= s
        return n

    def __getitem__(self, item):
        r = tuple.__getitem__(self, item)
        return Size(r) if isinstance(item, slice) else r

    def __add__(self, other):
        return Size(tuple.__add__(self, tuple(other)))

    def __radd__(self, other):
        return Size(tuple(other) + tuple(self))

    def __mul__(self, n):
        return Size(tuple.__mul__(self, n))

    __rmul__ = __mul__


def _size(values):
    return Size(values)


def can_cast(from_, to):
    """``torch.can_cast``: whether PyTorch's casting rules allow ``from_`` to ``to`` in an
    in-place op (no floating to integral, nothing but bool to bool)."""
    for name, d in (("from_", from_), ("to", to)):
        if not isinstance(d, dtype):
            raise TypeError(f"can_cast(): argument '{name}' (position "
                            f"{1 if name == 'from_' else 2}) must be torch.dtype, not "
                            f"{type(d).__name__}")
    if from_.is_floating_point and not to.is_floating_point:
        return False
    return not (from_ is not bool_ and to is bool_)


def public_result_type(a, b):
    """``torch.result_type(tensor or number, tensor or number)``."""
    for x in (a, b):
        if getattr(x, "_dtype", None) is None and (isinstance(x, complex) or
                                                   not isinstance(x, (bool, int, float))):
            kinds = ", ".join("Tensor" if getattr(y, "_dtype", None) is not None
                              else type(y).__name__ for y in (a, b))
            raise TypeError(f"result_type() received an invalid combination of arguments - "
                            f"got ({kinds}), but expected one of:\n"
                            " * (Tensor tensor, Tensor other)\n"
                            " * (Number scalar, Tensor tensor)\n"
                            " * (Tensor tensor, Number other)\n"
                            " * (Number scalar1, Number scalar2)")
    return result_type(a, b)
