"""The op record: ``Op`` (one per op of the table), ``Grad`` (one VJP per input),
``Param``, ``defop`` and the registry ``OPS``; and ``NP``, the namespace VJPs compute in
on numpy arrays (its twin on tensors, ``TF``, is in ``_ops.vjp_tensor``).

A VJP is written once as ``fn(F, g, out, *inputs, **params)`` and runs either on numpy
arrays (``F = NP``, the fast path) or on tensors (``F = TF``, when ``create_graph=True``,
so the backward pass is itself recorded and can be differentiated again). Inputs the VJP
did not ask to save arrive as ``Meta`` stand-ins with only ``shape`` and ``dtype``.
Gradients need not be reduced to their input's shape: the engine sums broadcast
dimensions away for every op in one place.
"""
import numpy as np

from .._cpu_kernels import gemm_order as _gemm_order

from .._cpu_kernels import elementwise as K
from .._cpu_kernels.cascade_sum import cascade_sum
from .._cpu_kernels.fma import fma32, fma64

__all__ = ["Op", "Grad", "Param", "OPS", "defop", "no_derivative", "no_kernel", "NOT_IMPLEMENTED",
           "NP", "INTEGERS", "INTEGRAL"]

OPS = {}


class Param:
    """A non-tensor argument of an op: its name, kind and default, for the catalogue.
    Kinds: ``scalar`` (a Python number), ``int``, ``bool``, ``dims`` (None, an int or a
    tuple of ints), ``shape`` (tuple of ints), ``dtype`` (a dtype name or None),
    ``choice`` (one of the words in ``choices``). A ``required`` param has no default in
    PyTorch's signature (``logsumexp(dim)``): a call without it raises PyTorch's
    TypeError, while ``default`` still seeds a node placed on the canvas. A
    ``keyword_only`` param (after ``*`` in PyTorch's signature: addcmul's ``value``) given by
    position raises PyTorch's TypeError."""
    __slots__ = ("name", "kind", "default", "doc", "choices", "required", "keyword_only")

    def __init__(self, name, kind, default=None, doc="", choices=(), required=False,
                 keyword_only=False):
        self.name, self.kind, self.default, self.doc = name, kind, default, doc
        self.choices = tuple(choices)   # the words a ``choice`` param takes
        self.required = required
        self.keyword_only = keyword_only

    def __repr__(self):
        return f"Param({self.name!r}, {self.kind!r}, {self.default!r})"


class Grad:
    """The VJP for one input, and which values it reads from the forward pass: input
    indices and/or ``"out"``. Only those are saved, so a node frees (and a second
    backward fails) exactly where PyTorch's does.

    ``formula`` is the VJP as text, in the terms of PyTorch's ``derivatives.yaml``
    (simplified where it calls helpers): Python-like math over ``grad`` (the incoming
    gradient), the op's argument names, ``result`` and the op's params, e.g.
    ``"grad * other"``. ``inspect.derivative`` hands it to the studio's other layers."""
    __slots__ = ("fn", "needs", "missing", "formula")

    def __init__(self, fn, needs=(), missing=False, formula=None):
        self.fn = fn
        self.needs = tuple(needs)
        self.missing = missing  # (see no_derivative)
        self.formula = formula


NOT_IMPLEMENTED = "not implemented"   # the formula of an input PyTorch cannot differentiate


def no_derivative(aten_name):
    """The VJP of an input PyTorch records but cannot differentiate (its node is named
    ``NotImplemented``): backward through it raises PyTorch's error, which names the
    in-place form (``aten::floor_divide_``) when the op ran with ``inplace=True``."""
    def fn(F, g, *args, inplace=False, **params):
        raise RuntimeError(f"derivative for {aten_name}{'_' if inplace else ''} is not "
                           "implemented")
    return Grad(fn, missing=True, formula=NOT_IMPLEMENTED)


# the dtype names PyTorch's kernels are grouped by (its AT_DISPATCH lists): integers, and
# integers with bool
INTEGERS = frozenset({"uint8", "int8", "int16", "int32", "int64"})
INTEGRAL = INTEGERS | {"bool"}
_SCALAR = {"uint8": "Byte", "int8": "Char", "int16": "Short", "int32": "Int", "int64": "Long",
           "bool": "Bool"}


def no_kernel(kernel, dtypes, error=NotImplementedError, message=None):
    """The dtypes (names) PyTorch's CPU build has no kernel of ``op`` for, and what it
    raises for them: by default ``NotImplementedError: "<kernel>" not implemented for
    'Long'`` (PyTorch's ``AT_DISPATCH`` message); ``message`` replaces the text (a
    ``{dtype}`` in it is the scalar type's name). PyTorch's OpInfo lists the dtypes an op
    takes; a record lists those it refuses, the shorter list. Only integer and bool
    dtypes can be refused here (a floating input never reaches the check)."""
    dtypes = frozenset(dtypes)
    if not dtypes <= INTEGRAL:
        raise ValueError("no_kernel refuses only integer or bool dtypes, not "
                         f"{sorted(dtypes - INTEGRAL)}")
    text = message if message is not None else f'"{kernel}" not implemented for \'{{dtype}}\''

    def refuse(dtype_name):
        if dtype_name in dtypes:
            raise error(text.format(dtype=_SCALAR[dtype_name]))
    return refuse


class _PerInput:
    """VJPs of a variadic op (``cat``, ``stack``): ``fn(i, F, g, out, *ins, **params)``;
    ``formula`` is one text for every input, ``i`` standing for the input's position."""

    def __init__(self, fn, needs=(), formula=None):
        self._fn, self._needs, self._cache = fn, needs, {}
        self.formula = formula

    def __getitem__(self, i):
        g = self._cache.get(i)
        if g is None:
            fn = self._fn
            g = self._cache[i] = Grad(lambda F, *a, **k: fn(i, F, *a, **k), self._needs,
                                      formula=self.formula)
        return g

    def __iter__(self):
        # every input's VJP reads the same values, so one stands for all (without this,
        # Python would iterate by index, and ``__getitem__`` never runs out)
        yield self[0]


class Op:
    """One operation: forward on numpy arrays, one ``Grad`` per tensor input (None for a
    non-differentiable input), PyTorch's grad_fn name (a string, or a function of the
    params for ops whose overloads differ), and catalogue data (category, one-line doc,
    parameters, the PyTorch spelling used by the exporter: ``code``, a template such as
    ``torch.atan2({self}, {other})`` filled with the ports and params). ``variants`` says
    which bindings the engine makes from the record itself (``_tensor_class.variants``): the Tensor
    method, the ``torch.`` function and the in-place method ``<name>_``; ops whose
    bindings check arguments their own way have none and are bound by hand."""
    __slots__ = ("name", "grad_fn", "forward", "grads", "arg_names", "params", "dtype_rule",
                 "category", "doc", "code", "view", "saved_params", "variadic",
                 "differentiable", "multi_output", "variants", "keeps_float", "index_args",
                 "refuses", "opmath")

    def __init__(self, name, grad_fn, forward, grads, arg_names, params, dtype_rule,
                 category, doc, code, view, saved_params, variadic, multi_output=False,
                 variants=(), index_args=None, refuses=None):
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
        self.variants = variants
        # refuses(dtype name) raises PyTorch's error for a dtype it has no kernel for
        # (``no_kernel``); checked on the operands' promoted dtype before the forward
        self.refuses = refuses
        # PyTorch's CPU kernels of activations and float-only reductions (and huber) compute
        # a float16 input in float32 ("opmath") and round once: so does the forward (its
        # mse and smooth_l1 kernels compute in float16, as numpy does)
        self.opmath = (dtype_rule == "float_only" or category == "activation" or
                       name == "huber_loss") and name != "log_softmax"
        self.differentiable = grad_fn is not None
        # a floating input of one dtype (with Python numbers) computes and returns that
        # dtype: ``apply`` then skips working the dtype out
        self.keeps_float = dtype_rule in ("keep", "promote", "float", "float_only", "sum")
        # the positions of the inputs that are class indices: handed to the forward as
        # the integers they are, never cast to the computing dtype (a float16 table
        # would read row 2049 as 2048)
        self.index_args = tuple(i for i, a in enumerate(arg_names) if a == "index") \
            if index_args is None else tuple(index_args)

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
          variadic=False, per_input=None, multi_output=False, variants=(), index_args=None,
          refuses=None):
    """Registers an op. ``grads`` gives one ``Grad`` (or None) per tensor input; a variadic
    op gives ``per_input`` instead. A ``multi_output`` op's forward returns a tuple of
    views, which share one node; its VJP gets a list of gradients (None where none
    arrived) and the outputs' ``Meta``. ``variants`` (``"method"``, ``"function"``,
    ``"inplace"``) are bound at once, where PyTorch has them. ``index_args``: the inputs
    that are class indices, kept integers (by default those named ``index``). ``refuses``:
    the dtypes PyTorch has no kernel of it for (``no_kernel``)."""
    unknown = set(variants) - {"method", "function", "inplace"}
    if unknown:
        raise ValueError(f"unknown variants {sorted(unknown)} for op {name!r}")
    op = Op(name, grad_fn, forward, per_input if variadic else tuple(grads), tuple(args),
            tuple(params), dtype, category, doc, code, view, tuple(saved_params), variadic,
            multi_output, tuple(variants), index_args, refuses)
    OPS[name] = op
    for bind in _BINDERS:
        bind(op)
    return op


def defembed(name, grad_fn, accumulate=False):
    """An internal op writing (or, ``accumulate``, adding) a gradient into zeros of
    ``shape`` at ``key``: the backward of an op that read those positions, recorded under
    the name PyTorch gives it so that a double backward shows it; its own VJP reads the
    positions back."""
    return defop(name, grad_fn, lambda g, shape, key: NP.embed(g, shape, key, accumulate),
                 Grad(lambda F, gg, out, g, shape, key: F.take(gg, key), formula="grad[key]"),
                 dtype="keep",
                 category="internal")


_BINDERS = []   # the engine's binding of variants (``_tensor_class.variants.bind``), run by defop


def on_defop(bind):
    """Makes ``bind(op)`` run for every op registered from now on."""
    _BINDERS.append(bind)


# ----------------------------------------------------------------------------- namespaces
def _norm_dims(dim, ndim):
    if dim is None:
        return tuple(range(ndim))
    if isinstance(dim, int):
        dim = (dim,)
    return tuple(d % ndim if ndim else 0 for d in dim)


def sign(a):
    """PyTorch's sign: ``(0 < a) - (a < 0)``, so the sign of nan is 0 (numpy's is nan)."""
    if a.dtype == np.bool_:     # (the sign of a bool is itself)
        return a.copy()
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


def plus_scaled(a, b, alpha):
    """``a + alpha * b`` as PyTorch's CPU kernels compute it (``add``/``sub`` with
    ``alpha``): alpha cast to the dtype, then one fused multiply-add (plain numpy rounds
    twice and differs in the last bit for about one float32 element in ten)."""
    dt = a.dtype if isinstance(a, np.ndarray) else b.dtype
    if dt not in (np.float32, np.float64):
        return a + alpha * b
    a, b = np.broadcast_arrays(np.asarray(a, dt), np.asarray(b, dt))
    fused = fma32(b, np.float32(alpha), a) if dt == np.float32 else fma64(b, float(alpha), a)
    fused = np.asarray(fused)
    if not np.isfinite(fused).all():    # inf and nan have no last bit to get right
        fused = np.where(np.isfinite(fused), fused, a + dt.type(alpha) * b)
    return fused.reshape(a.shape)


class NP:
    """VJP helpers on numpy arrays."""
    exp, log, sin, cos, tanh, sigmoid = (staticmethod(f) for f in (
        K.exp, K.log, K.sin, K.cos, K.tanh, K.sigmoid))
    sqrt, abs, log1p, sinh, cosh = np.sqrt, np.abs, np.log1p, np.sinh, np.cosh

    @staticmethod
    def rsqrt(a):
        return 1 / np.sqrt(a)
    sign = staticmethod(sign)

    @staticmethod
    def clamp_min(a, low):
        return np.maximum(a, np.asarray(low, a.dtype))
    matmul = staticmethod(_gemm_order.matmul)    # (in PyTorch's order where measured)
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
        return cascade_sum(g, dims, keepdim)

    @staticmethod
    def transpose(g, d0, d1):
        return np.swapaxes(g, d0, d1)

    @staticmethod
    def permute(g, dims):
        return np.transpose(g, dims)

    @staticmethod
    def t(g):
        return np.transpose(g)

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
    def fused(name, *args, **params):
        """A backward PyTorch computes as one op (``sigmoid_backward``): its forward."""
        return OPS[name].forward(*args, **params)

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
