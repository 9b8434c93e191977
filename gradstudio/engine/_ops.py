"""The op table's machinery: ``Op`` records, ``Grad`` (one VJP per input) and the two
namespaces VJPs compute in.

A VJP is written once as ``fn(F, g, out, *inputs, **params)`` and runs either on numpy
arrays (``F = NP``, the fast path) or on tensors (``F = TF``, when ``create_graph=True``,
so the backward pass is itself recorded and can be differentiated again). Inputs the VJP
did not ask to save arrive as ``Meta`` stand-ins with only ``shape`` and ``dtype``.
Gradients need not be reduced to their input's shape: the engine sums broadcast
dimensions away for every op in one place.
"""
from operator import methodcaller

import numpy as np

__all__ = ["Op", "Grad", "Param", "OPS", "defop", "no_derivative", "NP", "TF"]

OPS = {}


class Param:
    """A non-tensor argument of an op: its name, kind and default, for the catalogue.
    Kinds: ``scalar`` (a Python number), ``int``, ``bool``, ``dims`` (None, an int or a
    tuple of ints), ``shape`` (tuple of ints), ``dtype`` (a dtype name or None)."""
    __slots__ = ("name", "kind", "default", "doc")

    def __init__(self, name, kind, default=None, doc=""):
        self.name, self.kind, self.default, self.doc = name, kind, default, doc

    def __repr__(self):
        return f"Param({self.name!r}, {self.kind!r}, {self.default!r})"


class Grad:
    """The VJP for one input, and which values it reads from the forward pass: input
    indices and/or ``"out"``. Only those are saved, so a node frees (and a second
    backward fails) exactly where PyTorch's does."""
    __slots__ = ("fn", "needs", "missing")

    def __init__(self, fn, needs=(), missing=False):
        self.fn = fn
        self.needs = tuple(needs)
        self.missing = missing  # (see no_derivative)


def no_derivative(aten_name):
    """The VJP of an input PyTorch records but cannot differentiate (its node is named
    ``NotImplemented``): backward through it raises PyTorch's error, which names the
    in-place form (``aten::floor_divide_``) when the op ran with ``inplace=True``."""
    def fn(F, g, *args, inplace=False, **params):
        raise RuntimeError(f"derivative for {aten_name}{'_' if inplace else ''} is not "
                           "implemented")
    return Grad(fn, missing=True)


class _PerInput:
    """VJPs of a variadic op (``cat``, ``stack``): ``fn(i, F, g, out, *ins, **params)``."""

    def __init__(self, fn, needs=()):
        self._fn, self._needs, self._cache = fn, needs, {}

    def __getitem__(self, i):
        g = self._cache.get(i)
        if g is None:
            fn = self._fn
            g = self._cache[i] = Grad(lambda F, *a, **k: fn(i, F, *a, **k), self._needs)
        return g

    def __iter__(self):
        # every input's VJP reads the same values, so one stands for all (without this,
        # Python would iterate by index, and ``__getitem__`` never runs out)
        yield self[0]


class Op:
    """One operation: forward on numpy arrays, one ``Grad`` per tensor input (None for a
    non-differentiable input), PyTorch's grad_fn name (a string, or a function of the
    params for ops whose overloads differ), and catalogue data (category, one-line doc,
    parameters, the PyTorch spelling used by the exporter)."""
    __slots__ = ("name", "grad_fn", "forward", "grads", "arg_names", "params", "dtype_rule",
                 "category", "doc", "code", "view", "saved_params", "variadic",
                 "differentiable", "multi_output")

    def __init__(self, name, grad_fn, forward, grads, arg_names, params, dtype_rule,
                 category, doc, code, view, saved_params, variadic, multi_output=False):
        self.name = name
        self.grad_fn = grad_fn
        self.forward = forward
        self.grads = grads
        self.arg_names = arg_names
        self.params = params
        self.dtype_rule = dtype_rule
        self.category = category
        self.doc = doc
        self.code = code
        self.view = view
        self.saved_params = saved_params
        self.variadic = variadic
        self.multi_output = multi_output
        self.differentiable = grad_fn is not None

    @property
    def has_derivative(self):
        """False for an op recorded only to fail in backward (``NotImplemented``)."""
        return self.differentiable and not all(
            g is None or g.missing for g in self.grads)

    def grad_fn_name(self, params):
        return self.grad_fn if isinstance(self.grad_fn, str) else self.grad_fn(params)

    def __repr__(self):
        return f"<Op {self.name}>"


def defop(name, grad_fn, forward, *grads, args=("self",), params=(), dtype="promote",
          category="elementwise", doc="", code=None, view=False, saved_params=(),
          variadic=False, per_input=None, multi_output=False):
    """Registers an op. ``grads`` gives one ``Grad`` (or None) per tensor input; a variadic
    op gives ``per_input`` instead. A ``multi_output`` op's forward returns a tuple of
    views, which share one node; its VJP gets a list of gradients (None where none
    arrived) and the outputs' ``Meta``."""
    op = Op(name, grad_fn, forward, per_input if variadic else tuple(grads), tuple(args),
            tuple(params), dtype, category, doc, code, view, tuple(saved_params), variadic,
            multi_output)
    OPS[name] = op
    return op


# ----------------------------------------------------------------------------- namespaces
def _norm_dims(dim, ndim):
    if dim is None:
        return tuple(range(ndim))
    if isinstance(dim, int):
        dim = (dim,)
    return tuple(d % ndim if ndim else 0 for d in dim)


def sign(a):
    """PyTorch's sign: ``(0 < a) - (a < 0)``, so the sign of nan is 0 (numpy's is nan)."""
    s = np.asarray(np.sign(a))
    if s.dtype.kind == "f":
        np.copyto(s, 0, where=np.isnan(s))
    return s


def broadcast(a, shape):
    """``np.broadcast_to(a, shape)``: a read-only view. A one-element array (the gradient of
    a full reduction) is viewed with zero strides directly, which costs a fifth of
    ``np.broadcast_to`` (more than a small op costs)."""
    if a.shape == shape:
        return a
    if a.size == 1 and a.flags.c_contiguous and a.ndim <= len(shape):
        v = np.ndarray(shape, a.dtype, a, 0, (0,) * len(shape))
        v.flags.writeable = False
        return v
    return np.broadcast_to(a, shape)


class NP:
    """VJP helpers on numpy arrays."""
    exp, log, sin, cos, sqrt, abs, tanh = (np.exp, np.log, np.sin, np.cos, np.sqrt, np.abs,
                                           np.tanh)
    sign = staticmethod(sign)
    matmul = staticmethod(np.matmul)
    where = staticmethod(np.where)
    is_tensor = False

    @staticmethod
    def expand(g, shape):
        return broadcast(g, shape)

    @staticmethod
    def unsqueeze_dims(g, dims):
        if not dims:
            return g
        shape = list(g.shape)
        for d in sorted(dims):
            shape.insert(d, 1)
        return g.reshape(shape)  # (a view: only size-1 dimensions are inserted)

    @staticmethod
    def sum(g, dims, keepdim):
        return np.add.reduce(g, dims, keepdims=keepdim)

    @staticmethod
    def transpose(g, d0, d1):
        return np.swapaxes(g, d0, d1)

    @staticmethod
    def permute(g, dims):
        return np.transpose(g, dims)

    @staticmethod
    def mT(g):
        return np.swapaxes(g, -1, -2)

    @staticmethod
    def outer(a, b):
        return np.multiply.outer(a, b)

    @staticmethod
    def reshape(g, shape):
        return np.reshape(g, shape)

    @staticmethod
    def embed(g, shape, key, accumulate=False):
        """Zeros of ``shape`` with ``g`` written (or added) at ``key``."""
        z = np.zeros(shape, dtype=g.dtype)
        if accumulate:
            np.add.at(z, key, g)
        else:
            z[key] = g
        return z

    @staticmethod
    def take(g, key):
        return g[key]

    @staticmethod
    def zero_at(g, key):
        """``g`` with zeros written at ``key`` (PyTorch's ``index_put`` of zeros)."""
        z = np.array(g)
        z[key] = 0
        return z

    @staticmethod
    def zeros(g):
        """Zeros shaped like ``g``: PyTorch's ``zeros_like(grad)``, which stays 0 where
        ``g`` is inf or nan (``g * 0`` would not)."""
        return np.zeros(g.shape, g.dtype)

    @staticmethod
    def floor_quotient(a, b):
        """``a // b`` as a constant (PyTorch's ``div(rounding_mode='floor')`` has a zero
        gradient)."""
        return np.floor_divide(a, b)

    @staticmethod
    def zeros_as(meta):
        """Zeros of a ``Meta``'s shape and dtype (an output no gradient reached)."""
        return np.zeros(meta.shape, meta.dtype.np)

    @staticmethod
    def cat(parts, dim):
        return np.concatenate(parts, axis=dim)

    @staticmethod
    def stack(parts, dim):
        return np.stack(parts, axis=dim)

    @staticmethod
    def mask(cond, like):
        return cond.astype(like.dtype)

    @staticmethod
    def array(x):
        return x

    @staticmethod
    def numpy(x):
        """The values of ``x`` as a numpy array (to decide which formula applies)."""
        return x


class TF:
    """The same helpers on tensors, recorded by autograd (for ``create_graph=True``)."""
    is_tensor = True

    exp, log, sin, cos, sqrt, abs, sign, tanh = (methodcaller(n) for n in (
        "exp", "log", "sin", "cos", "sqrt", "abs", "sign", "tanh"))  # x.exp() ...

    @staticmethod
    def matmul(a, b):
        return a.matmul(b)

    @staticmethod
    def where(c, a, b):
        from ._functions import where
        return where(c, a, b)

    @staticmethod
    def expand(g, shape):
        return g.expand(*shape)

    @staticmethod
    def unsqueeze_dims(g, dims):
        for d in sorted(dims):
            g = g.unsqueeze(d)
        return g

    @staticmethod
    def sum(g, dims, keepdim):
        return g.sum(dims, keepdim=keepdim)

    @staticmethod
    def transpose(g, d0, d1):
        return g.transpose(d0, d1)

    @staticmethod
    def permute(g, dims):
        return g.permute(*dims)

    @staticmethod
    def mT(g):
        return g.transpose(-1, -2)

    @staticmethod
    def outer(a, b):
        return a.reshape(tuple(a.shape) + (1,) * b.ndim) * b

    @staticmethod
    def reshape(g, shape):
        return g.reshape(tuple(shape))

    @staticmethod
    def embed(g, shape, key, accumulate=False):
        from ._tensor import apply
        return apply(OPS["_embed"], (g,), {"shape": tuple(shape), "key": key,
                                           "accumulate": accumulate})

    @staticmethod
    def take(g, key):
        from ._tensor import apply
        return apply(OPS["_take"], (g,), {"key": key})

    @staticmethod
    def zero_at(g, key):
        from ._tensor import apply
        return apply(OPS["_zero_at"], (g,), {"key": key})

    @staticmethod
    def zeros(g):
        from ._tensor import Tensor
        return Tensor._make(np.zeros(tuple(g.shape), g.dtype.np), g.dtype)

    @staticmethod
    def floor_quotient(a, b):
        from ._tensor import Tensor
        return Tensor._make(np.asarray(np.floor_divide(a._data, b._data)))

    @staticmethod
    def zeros_as(meta):
        from ._tensor import Tensor
        return Tensor._make(np.zeros(meta.shape, meta.dtype.np), meta.dtype)

    @staticmethod
    def cat(parts, dim):
        from ._functions import cat
        return cat(parts, dim)

    @staticmethod
    def stack(parts, dim):
        from ._functions import stack
        return stack(parts, dim)

    @staticmethod
    def mask(cond, like):
        return cond.to(like.dtype)

    @staticmethod
    def array(x):
        from ._tensor import Tensor
        return x if isinstance(x, Tensor) else Tensor._make(np.asarray(x), None, False)

    @staticmethod
    def numpy(x):
        return x._data
