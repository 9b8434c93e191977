"""The bindings PyTorch would generate from ``native_functions.yaml``'s ``variants:``: for
every op of the table whose record declares them, a Tensor method (``TableMixin``), a
``torch.`` function (``FUNCTIONS``, served by the package's ``__getattr__``) and an
in-place method ``<name>_``. Each takes the op's tensor arguments, then its params by
position or keyword, checks them as PyTorch does and runs the op with ``apply``.

Ops registered later (``defop`` at run time) are bound the same way, at once.
"""
from .core import TensorCore
from .._ops.dispatch import apply, inplace
from .._ops.record import OPS, on_defop
from .operands import _broadcast_shapes

__all__ = ["TableMixin", "FUNCTIONS", "bind"]

FUNCTIONS = {}   # name -> the torch.<name> function of an op declaring it


class TableMixin:
    """Tensor methods generated from the op table (see ``bind``)."""
    __slots__ = ()


def _arguments(op, name, args, kwargs, first_position):
    """The op's tensors and params from a call's arguments, with PyTorch's messages."""
    n = len(op.arg_names)
    tensors, rest = list(args[:n]), args[n:]
    for port in op.arg_names[len(tensors):]:
        if port not in kwargs:
            raise TypeError(f"{name}() missing required argument '{port}'")
        tensors.append(kwargs.pop(port))
    for i, (port, t) in enumerate(zip(op.arg_names, tensors)):
        if not isinstance(t, TensorCore):
            port = "input" if port == "self" else port
            raise TypeError(f"{name}(): argument '{port}' (position {i + first_position}) "
                            f"must be Tensor, not {type(t).__name__}")
    positional = n + sum(not p.keyword_only for p in op.params)
    if len(args) > positional and len(args) - positional <= 1 + first_position:
        # (PyTorch's words: a method counts no self; more extra arguments than that are
        # an invalid combination there, refused below in other words)
        skip = 1 - first_position
        raise TypeError(f"{name}() takes {positional - skip} positional arguments but "
                        f"{len(args) - skip} were given")
    if len(rest) > len(op.params):
        raise TypeError(f"{name}() takes {n + len(op.params)} arguments but "
                        f"{len(args)} were given")
    params = {}
    for i, p in enumerate(op.params):
        params[p.name] = _param(name, p, rest, i, kwargs, n + first_position)
    if kwargs:
        raise TypeError(f"{name}() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if len(tensors) > 1:
        shape = tensors[0]._data.shape
        for t in tensors[1:]:
            if t._data.shape != shape:
                shape = _broadcast_shapes(shape, t._data.shape)
    return tuple(tensors), params or None


def _param(name, p, rest, i, kwargs, before):
    """The value of param ``p`` (the ``i``-th) from the positional ``rest`` or ``kwargs``;
    a ``required`` one must be given, and its ``dims`` must be ints, as PyTorch's
    argument parser says (``before``: how many positions the tensors take)."""
    if i < len(rest):
        value, where = rest[i], f" (position {before + i})"
    elif p.name in kwargs:
        value, where = kwargs.pop(p.name), ""
    elif p.required:
        raise TypeError(f'{name}() missing 1 required positional arguments: "{p.name}"')
    else:
        return p.default
    if p.required and p.kind == "dims" and (
            isinstance(value, bool) or not isinstance(value, (int, tuple, list))):
        raise TypeError(f"{name}(): argument '{p.name}'{where} must be tuple of ints, not "
                        f"{type(value).__name__}")
    return value


def _method(op):
    def method(*args, **kwargs):
        tensors, params = _arguments(op, op.name, args, kwargs, 0)
        return apply(op, tensors, params)
    return method


def _function(op):
    def function(*args, **kwargs):
        if "input" in kwargs:
            args = (kwargs.pop("input"),) + args
        tensors, params = _arguments(op, op.name, args, kwargs, 1)
        return apply(op, tensors, params)
    return function


def _inplace(op):
    def method(*args, **kwargs):
        tensors, params = _arguments(op, op.name + "_", args, kwargs, 0)
        return inplace(tensors[0], op, tensors, params)
    return method


def bind(op):
    """Makes the bindings ``op.variants`` asks for."""
    for variant in op.variants:
        make, name = {"method": (_method, op.name), "function": (_function, op.name),
                      "inplace": (_inplace, op.name + "_")}[variant]
        fn = make(op)
        fn.__name__ = fn.__qualname__ = name
        fn.__doc__ = op.doc
        if variant == "function":
            fn.__module__ = "torch"
            FUNCTIONS[name] = fn
        else:
            setattr(TableMixin, name, fn)


for _op in list(OPS.values()):
    bind(_op)
on_defop(bind)
