"""``Tensor``: a numpy array plus PyTorch's autograd state, and ``apply``, which runs an op
from the table and records its ``grad_fn``.

Storage is shared the way PyTorch shares it: views (``view``, ``t``, indexing ...),
``detach()`` and ``.data`` wrap the same numpy memory. Views and ``detach()`` also share
the version counter that in-place ops bump and backward checks; ``.data`` gets its own.
A view also knows its base, how it was made and the version its grad_fn is valid for:
in-place changes through views and of their bases are recorded by ``_views``.
"""
import types
import warnings
import weakref

import numpy as np

from . import _dtype as D
from ._autograd import (AccumulateGrad, _ERRSTATE, _PLANS, _QUIET, _STAND_INS, _Handle,
                        new_node, node_class, plan_for, stand_in)
from ._grad_mode import STATE
from ._ops import OPS
from ._printing import format_tensor
from . import _views, _warn, observer
from .observer import observed

__all__ = ["Tensor", "apply"]

_NONLEAF_GRAD_WARNING = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad "
    "field to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. "
    "If you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor "
    "instead. See github.com/pytorch/pytorch/pull/30531 for more information. (Triggered "
    "internally at /__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)")
_LEAF_ONLY = "you can only change requires_grad flags of leaf variables."
_LEAF_ONLY_DETACH = _LEAF_ONLY + (
    " If you want to use a computed variable in a subgraph that doesn't require "
    "differentiation use var_no_grad = var.detach().")
_NEW = object.__new__
_NO_GRAD_VIEW = object()  # ``Tensor._acc`` of a view made under no_grad (see ``apply``)
_DEFAULT = _views.DEFAULT


class Tensor:
    """A multi-dimensional array that records the operations applied to it."""
    # a view (``_base`` set) also has ``_view_ver``, the version its grad_fn is valid for,
    # and ``_creation`` (``_views.DEFAULT``, ``NO_GRAD``, ``MULTI_OUTPUT``); other tensors
    # leave both unset
    __slots__ = ("_data", "_dtype", "_requires_grad", "_grad", "_grad_fn", "_vc", "_base",
                 "_retains_grad", "_hooks", "_post_acc_hooks", "_acc", "_output_nr",
                 "_view_ver", "_creation", "__weakref__")
    __hash__ = object.__hash__
    __module__ = "torch"  # type(x) prints as <class 'torch.Tensor'>

    def __new__(cls, *args, **kwargs):
        if not args and not kwargs:
            return cls._make(np.zeros((0,), np.float32), D.float32)
        if len(args) == 1 and not isinstance(args[0], int):
            from ._factory import tensor
            return tensor(args[0], dtype=D.get_default_dtype())
        from ._factory import empty
        return empty(*args, **kwargs)

    @staticmethod
    def _make(data, dtype=None, requires_grad=False):
        t = _NEW(Tensor)
        t._data = data
        t._dtype = dtype if dtype is not None else D.from_numpy_dtype(data.dtype)
        t._requires_grad = requires_grad
        t._grad = None
        t._grad_fn = None
        t._vc = [0]
        t._base = None
        t._retains_grad = False
        t._hooks = None
        t._post_acc_hooks = None
        t._acc = None
        t._output_nr = 0
        return t

    @staticmethod
    def _wrap_grad(g):
        return Tensor._make(g if type(g) is np.ndarray else np.asarray(g))

    # ------------------------------------------------------------------ metadata
    @property
    def shape(self):
        return D.Size(self._data.shape)

    def size(self, dim=None):
        if dim is None:
            return D.Size(self._data.shape)
        return self._data.shape[_wrap_dim(dim, self._data.ndim)]

    def dim(self):
        return self._data.ndim

    ndimension = dim

    @property
    def ndim(self):
        return self._data.ndim

    def numel(self):
        return int(self._data.size)

    nelement = numel

    @property
    def dtype(self):
        return self._dtype

    @property
    def device(self):
        from . import device
        return device("cpu")

    @property
    def is_cuda(self):
        return False

    def is_floating_point(self):
        return self._dtype.is_floating_point

    def element_size(self):
        return self._dtype.itemsize

    def is_contiguous(self):
        return bool(self._data.flags.c_contiguous)

    @property
    def _version(self):
        return self._vc[0]

    @property
    def _base_tensor(self):
        return self._base

    def _is_view(self):
        return self._base is not None

    # ------------------------------------------------------------------ autograd state
    def _sync(self):
        """Brings a view's grad_fn up to date after an in-place change of its memory."""
        if self._base is not None and self._vc[0] != self._view_ver:
            _views.refresh(self)
        return self

    @property
    @observed("Tensor.requires_grad")
    def requires_grad(self):
        # (PyTorch: a view requires grad when its base does, before its grad_fn is rebuilt)
        return self._requires_grad or (self._base is not None and self._base._requires_grad)

    @requires_grad.setter
    @observed("Tensor.requires_grad =")
    def requires_grad(self, value):
        if not isinstance(value, bool):
            raise RuntimeError("requires_grad must be a bool")
        if self._sync()._grad_fn is not None:
            raise RuntimeError(_LEAF_ONLY if value else _LEAF_ONLY_DETACH)
        if value and not self._dtype.is_floating_point:
            raise RuntimeError("only Tensors of floating point and complex dtype can require "
                               "gradients")
        self._requires_grad = value

    @observed("Tensor.requires_grad_")
    def requires_grad_(self, requires_grad=True):
        if self._sync()._grad_fn is not None:
            if not requires_grad:
                raise RuntimeError(_LEAF_ONLY_DETACH)
            return self
        if requires_grad and not self._dtype.is_floating_point:
            raise RuntimeError("only Tensors of floating point dtype can require gradients")
        self._requires_grad = requires_grad
        return self

    @property
    def output_nr(self):
        """Which output of its grad_fn this tensor is (0 but for split, unbind ...)."""
        return self._output_nr

    @property
    @observed("Tensor.is_leaf")
    def is_leaf(self):
        return self._sync()._grad_fn is None

    @property
    @observed("Tensor.grad_fn")
    def grad_fn(self):
        return self._sync()._grad_fn

    @property
    @observed("Tensor.retains_grad")
    def retains_grad(self):
        return self._retains_grad

    @property
    @observed("Tensor.grad")
    def grad(self):
        if self._sync()._grad_fn is not None and not self._retains_grad:
            _warn.warn(_NONLEAF_GRAD_WARNING)
        return self._grad

    @grad.setter
    @observed("Tensor.grad =")
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError("assigned grad expected to be a Tensor or None but got grad of "
                                f"type {type(value).__name__}")
            if value._dtype is not self._dtype:
                raise RuntimeError(
                    f"attempting to assign a gradient with dtype '{_c_name(value._dtype)}' to "
                    f"a tensor with grad_dtype '{D.scalar_type(self._dtype)}'. The "
                    "gradient must match the tensor's grad_dtype (defaults to the tensor's "
                    "dtype). You can set the tensor's grad_dtype attribute with a specific "
                    "dtype, or None to allow any dtype. Set grad_dtype with caution. Diverging "
                    "the dtypes of a tensor and its gradient may break downstream systems that "
                    "assume they match.")
            if value._data.shape != self._data.shape:
                raise RuntimeError(
                    f"attempting to assign a gradient of size '{_list(value._data.shape)}' to a "
                    f"tensor of size '{_list(self._data.shape)}'. Please ensure that the "
                    "gradient and the tensor are the same size")
        self._grad = value

    @grad.deleter
    @observed("del Tensor.grad")
    def grad(self):
        self._grad = None

    @observed("Tensor.retain_grad")
    def retain_grad(self):
        if not self._sync()._requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        fn = self._grad_fn
        if fn is not None:
            self._retains_grad = True
            if fn._outputs:  # one of several outputs: retained by output number
                if fn._retain is None:
                    fn._retain = {}
                fn._retain[self._output_nr] = weakref.ref(self)
            else:
                fn._retain = weakref.ref(self)

    @observed("Tensor.register_hook")
    def register_hook(self, hook):
        """``hook(grad)`` runs when this tensor's gradient is computed; returning a tensor
        replaces the gradient. Returns a handle with ``remove()``."""
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require "
                               "gradient")
        hook = _checked_hook(hook)
        if self._sync()._grad_fn is None:
            if self._hooks is None:
                self._hooks = {}
            return _Handle(self._hooks, hook)
        fn = self._grad_fn
        if fn._pre_hooks is None:
            fn._pre_hooks = {}
        return _Handle(fn._pre_hooks, (self._output_nr, hook) if fn._outputs else hook)

    @observed("Tensor.register_post_accumulate_grad_hook")
    def register_post_accumulate_grad_hook(self, hook):
        if self._sync()._grad_fn is not None:
            raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf "
                               "tensors")
        if self._post_acc_hooks is None:
            self._post_acc_hooks = {}
        return _Handle(self._post_acc_hooks, hook)

    def _accumulator(self):
        if self._acc is _NO_GRAD_VIEW:
            return None
        acc = self._acc() if self._acc is not None else None
        if acc is None:
            acc = AccumulateGrad(self)
            self._acc = weakref.ref(acc)
        return acc

    def _edge(self):
        if self._sync()._grad_fn is not None:
            return (self._grad_fn, self._output_nr)
        if self._requires_grad:
            return (self._accumulator(), 0)
        return (None, 0)

    def _accumulate_grad(self, g, create_graph, owned=False):
        """Adds ``g`` into ``.grad`` as PyTorch's AccumulateGrad does: the first gradient
        is copied in (or kept as is when the caller ``owned`` the only reference to it),
        later ones are added in place unless a graph is being recorded."""
        cur = self._grad
        if create_graph:
            if cur is None:  # empty_strided(...).copy_(g), as PyTorch's layout contract does
                dt = self._dtype
                cur = Tensor._make(np.empty(self._data.shape, dt.np), dt)
                self._grad = apply(OPS["_copy"], (cur, g))
            else:
                self._grad = cur + g
            return
        if cur is None:
            dt = self._dtype
            if not (owned and type(g) is np.ndarray and g.base is None and g.dtype == dt.np
                    and g.flags.c_contiguous and g.flags.writeable):
                g = np.array(g, dtype=dt.np, copy=True)
            self._grad = Tensor._make(g, dt)
        elif cur._requires_grad or not cur._data.flags.writeable or \
                cur._data.shape != np.shape(g) or self._grad_fn is not None:
            self._grad = Tensor._make(np.asarray(cur._data + g, dtype=cur._data.dtype),
                                      cur._dtype)
        else:
            np.add(cur._data, g, out=cur._data, casting="unsafe")
            cur._vc[0] += 1

    @observed("Tensor.backward")
    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        """Computes the gradient of this tensor with respect to graph leaves."""
        _backward.backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    @observed("Tensor.detach")
    def detach(self):
        t = Tensor._make(self._data, self._dtype)
        t._vc = self._vc
        return t

    @observed("Tensor.detach_")
    def detach_(self):
        if self._base is not None and self._sync()._grad_fn is not None:
            raise RuntimeError(
                "Can't detach views in-place. Use detach() instead. If you are using "
                "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set "
                "as True, gradients are views of DDP buckets, and hence detach_() cannot be "
                "called on these gradients. To fix this error, please refer to the "
                "Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.")
        self._grad_fn = None
        self._requires_grad = False
        return self

    @property
    @observed("Tensor.data")
    def data(self):
        return Tensor._make(self._data, self._dtype)

    @data.setter
    @observed("Tensor.data =")
    def data(self, value):
        self._data = value._data
        self._dtype = value._dtype

    # ------------------------------------------------------------------ conversion
    def numpy(self, force=False):
        if self._requires_grad and not force:
            raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use "
                               "tensor.detach().numpy() instead.")
        return self._data

    def __array__(self, dtype=None, copy=None):
        a = self.numpy()
        return a if dtype is None else a.astype(dtype)

    @observed("Tensor.tolist")
    def tolist(self):
        return self._data.tolist()

    @observed("Tensor.item")
    def item(self):
        if self._data.size != 1:
            raise RuntimeError(f"a Tensor with {self._data.size} elements cannot be converted "
                               "to Scalar")
        return self._data.reshape(()).item()

    def __float__(self):
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return float(self.item())

    def __int__(self):
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return int(self.item())

    def __index__(self):
        if self._dtype.is_floating_point or self._data.size != 1:
            raise TypeError("only integer tensors of a single element can be converted to an "
                            "index")
        return int(self.item())

    def __bool__(self):
        if self._data.size != 1:
            raise RuntimeError("Boolean value of Tensor with " + (
                "no values" if self._data.size == 0 else "more than one value") + " is ambiguous")
        return bool(self.item())

    def __len__(self):
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self._data.shape[0]

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return iter(self.unbind(0))  # (as PyTorch: the rows share an UnbindBackward0)

    def __format__(self, spec):
        if self._data.ndim == 0:
            return format(self._data.item(), spec)
        if spec:
            raise TypeError("unsupported format string passed to Tensor.__format__")
        return repr(self)

    def __repr__(self):
        fn = self._sync()._grad_fn
        return format_tensor(self._data, self._dtype, requires_grad=self._requires_grad,
                             grad_fn_name=None if fn is None else type(fn).__name__)

    __str__ = __repr__

    def __reduce_ex__(self, proto):
        from ._factory import tensor
        return (tensor, (self._data.tolist(), self._dtype, None, self._requires_grad))

    def __deepcopy__(self, memo):
        if self._sync()._grad_fn is not None:
            raise RuntimeError("Only Tensors created explicitly by the user (graph leaves) "
                               "support the deepcopy protocol at the moment.  If you were "
                               "attempting to deepcopy a module, this may be because of a "
                               "torch.nn.utils.weight_norm usage, see "
                               "https://github.com/pytorch/pytorch/pull/103001")
        t = Tensor._make(self._data.copy(), self._dtype, self._requires_grad)
        if self._grad is not None:
            t._grad = Tensor._make(self._grad._data.copy(), self._grad._dtype)
        memo[id(self)] = t
        return t


def _checked_hook(hook):
    """The hook, with PyTorch's checks on what it returns."""
    name = getattr(hook, "__name__", "<unknown>")

    def checked(grad):
        r = hook(grad)
        if r is None:
            return None
        if not isinstance(r, Tensor):
            raise TypeError(f"expected Variable, but hook returned '{type(r).__name__}'")
        if r._dtype is not grad._dtype:
            raise RuntimeError(f"hook '{name}' has changed the type of value (was "
                               f"torch.{D.tensor_type(grad._dtype)} got "
                               f"torch.{D.tensor_type(r._dtype)})")
        if r._data.shape != grad._data.shape:
            raise RuntimeError(f"hook '{name}' has changed the size of value")
        return r
    return checked


def _c_name(d):
    # c10's C++ type names, as PyTorch's messages print them
    return {"float32": "float", "float64": "double", "float16": "c10::Half",
            "int64": "long int", "int32": "int", "int16": "short int", "int8": "signed char",
            "uint8": "unsigned char", "bool": "bool"}[d.name]


def _list(shape):
    return "[" + ", ".join(map(str, shape)) + "]"


def _wrap_dim(dim, ndim):
    n = max(ndim, 1)
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}],"
                         f" but got {dim})")
    return dim % n


# ---------------------------------------------------------------------- applying an op
def _compute_dtype(op, operands):
    rule = op.dtype_rule
    first = operands[0]
    dt = first._dtype
    if rule == "keep":
        return dt, dt
    n = len(operands)
    if n == 2:
        o = operands[1]
        to = type(o)
        if to is Tensor:
            if o._dtype is not dt:
                dt = D.result_type(first, o)
        elif to is float:
            if not dt.is_floating_point:
                dt = D.get_default_dtype()
        elif to is not int or dt is D.bool_:
            dt = D.result_type(first, o)
    elif n > 2:
        dt = D.result_type(*operands)
    if rule == "promote":
        return dt, dt
    if rule == "float":
        if not dt.is_floating_point:
            dt = D.get_default_dtype()
        return dt, dt
    if rule == "bool":
        return dt, D.bool_
    if rule == "sum":
        return (dt, dt) if dt.is_floating_point else (D.int64, D.int64)
    if rule == "float_only":
        if not dt.is_floating_point:
            raise RuntimeError(f"{op.name}(): could not infer output dtype. Input dtype must be "
                               "either a floating point or complex dtype. Got: "
                               f"{D.scalar_type(dt)}")
        return dt, dt
    if rule == "long":
        return dt, D.int64
    raise AssertionError(rule)


def apply(op, operands, params=None, out_dtype=None):
    """Runs ``op`` on ``operands`` (tensors, and Python numbers where the op allows) and
    returns the result tensor, recording a grad_fn node when grad mode is on and an
    operand requires grad."""
    if observer.LISTENER is not None:
        return observer.op_applied(observer.LISTENER, apply, op, operands, params, out_dtype)
    if out_dtype is None:
        cdt, odt = _compute_dtype(op, operands)
    else:
        cdt = odt = out_dtype
    arrays = []
    req = False
    for o in operands:
        if type(o) is Tensor:
            if o._base is not None and o._vc[0] != o._view_ver:
                _views.refresh(o)  # (its memory changed in place since its grad_fn was set)
            a = o._data
            if o._dtype is not cdt:
                a = a.astype(cdt.np)
            if o._requires_grad:
                req = True
            arrays.append(a)
        else:
            arrays.append(o)
    forward = op.forward
    if _ERRSTATE is not None:
        token = _ERRSTATE.set(_QUIET)
        try:
            out = forward(*arrays, **params) if params else forward(*arrays)
        finally:
            _ERRSTATE.reset(token)
    else:
        with np.errstate(all="ignore"):
            out = forward(*arrays, **params) if params else forward(*arrays)
    if type(out) is not np.ndarray:
        out = np.asarray(out)
    onp = odt.np
    if out.dtype is not onp and out.dtype != onp:
        out = out.astype(onp)
    t = Tensor._make(out, odt)
    if op.view:
        src = operands[0]
        vc = t._vc = src._vc
        t._view_ver = vc[0]
        base = src._base
        if base is None:
            t._base = src
            t._creation = _DEFAULT
        else:  # (a view of a view views the same base, and inherits how it was made)
            t._base = base
            t._creation = src._creation
        if not STATE.enabled:
            t._creation = _views.NO_GRAD
            if src._requires_grad:
                # PyTorch: a view made under no_grad still requires grad, but is a leaf that
                # no gradient reaches, and in-place ops on it with grad mode on are refused
                t._requires_grad = True
                t._acc = _NO_GRAD_VIEW
    if req and STATE.enabled and op.differentiable:
        record(t, op, operands, _NO_PARAMS if params is None else params)
    return t


def apply_views(op, src, params):
    """Runs a multi-output view op (``split``, ``unbind``): a tuple of tensors viewing
    ``src``'s memory (sharing its version counter) that, when a graph is recorded, are the
    outputs 0, 1, ... of one grad_fn node."""
    src._sync()
    arrays = op.forward(src._data, **params)
    base = src if src._base is None else src._base
    creation = _views.MULTI_OUTPUT if STATE.enabled else _views.NO_GRAD
    outs = []
    for k, a in enumerate(arrays):
        t = Tensor._make(a, src._dtype)
        t._base, t._vc, t._output_nr = base, src._vc, k
        t._view_ver, t._creation = src._vc[0], creation
        outs.append(t)
    if src._requires_grad and STATE.enabled and outs:
        edge = src._edge()
        plan = plan_for(op, 1, 1)
        node = new_node(plan.cls, op, params, (edge,), plan)
        node._outputs = len(outs)
        node._meta = [tuple(stand_in(a.shape, src._dtype) for a in arrays),
                      stand_in(src._data.shape, src._dtype)]
        for t in outs:
            t._grad_fn = node
            t._requires_grad = True
    outs = tuple(outs)
    if observer.LISTENER is not None:
        observer.LISTENER.views(op, src, params, outs)
    return outs


_NO_EDGE = (None, 0)
_NO_PARAMS = types.MappingProxyType({})  # shared by every node of an op without params


def record(t, op, operands, params):
    """Attaches a new grad_fn node for ``op`` to ``t`` (which becomes a non-leaf). The
    node keeps its edges, the ``Meta`` (shape, dtype) of the result and of each operand,
    and only the values its VJPs read (see ``Plan``)."""
    get_meta = _STAND_INS.get
    shape, odt = t._data.shape, t._dtype
    meta = [get_meta((shape, odt)) or stand_in(shape, odt)]
    edges = []
    mask = 0
    bit = 1
    for o in operands:
        if type(o) is Tensor:
            shape, dt = o._data.shape, o._dtype
            meta.append(get_meta((shape, dt)) or stand_in(shape, dt))
            fn = o._grad_fn
            if fn is not None:
                edges.append((fn, o._output_nr))
                mask |= bit
            elif o._requires_grad and o._acc is not _NO_GRAD_VIEW:
                edges.append((o._accumulator(), 0))
                mask |= bit
            else:
                edges.append(_NO_EDGE)
        else:
            meta.append(get_meta(((), odt)) or stand_in((), odt))
            edges.append(_NO_EDGE)
        bit <<= 1
    plan = _PLANS.get((op, mask)) or plan_for(op, mask, len(operands))
    cls = plan.cls or node_class(op.grad_fn_name(params))
    node = new_node(cls, op, params, tuple(edges), plan)
    if plan.save:
        n = len(operands)
        saved = [None] * n
        versions = [0] * n
        for i in plan.save:
            o = operands[i]
            saved[i] = o
            if type(o) is Tensor:
                versions[i] = o._vc[0]
        node._saved = saved
        node._versions = versions
    if plan.save_out:
        node._result = (t._data, t._vc, t._vc[0], None)
    node._meta = meta
    t._grad_fn = node
    t._requires_grad = True
    return node


# ---------------------------------------------------------------------- in-place ops
@observed("inplace")
def inplace(self, op, operands, params=None):
    """Applies ``op`` and writes the result into ``self`` (operands[0]), with PyTorch's
    checks: leaves that require grad and views of them refuse, the version counter is
    bumped, and the tensor's grad_fn becomes the op's node when a graph is recorded (for a
    view, its base's becomes a ``CopySlices`` wrapping that node: see ``_views``)."""
    if params is None:
        params = {}
    base = self._base
    tracked = STATE.enabled and any(type(o) is Tensor and o.requires_grad for o in operands)
    if tracked:  # PyTorch's check_inplace
        if base is not None:
            if self._creation != _views.DEFAULT:
                raise _views.rebase_error(self, indirect=False)
            if base._grad_fn is None and base._requires_grad:
                raise RuntimeError("a view of a leaf Variable that requires grad is being used "
                                   "in an in-place operation.")
        if self._sync()._requires_grad and self._grad_fn is None:
            raise RuntimeError("a leaf Variable that requires grad is being used in an "
                               "in-place operation.")
    dt = D.result_type(*operands) if op.dtype_rule != "keep" else self._dtype
    if op.dtype_rule == "float" and not dt.is_floating_point:
        dt = D.get_default_dtype()
    if dt is not self._dtype and D.promote_types(dt, self._dtype) is not self._dtype:
        raise RuntimeError(f"result type {D.scalar_type(dt)} can't be cast to the desired "
                           f"output type {D.scalar_type(self._dtype)}")
    operands = tuple(operands)
    if tracked and op.differentiable:
        # The op may read the old value of self: give it a snapshot (PyTorch saves
        # ``original_self`` the same way), linked to self's place in the graph.
        snap = Tensor._make(self._data.copy(), self._dtype, self._requires_grad)
        snap._grad_fn = self._grad_fn
        snap._acc = self._acc
        operands = (snap,) + operands[1:]
    result = apply(op, operands, params, out_dtype=self._dtype)
    if self._data.shape != result._data.shape:
        raise RuntimeError(f"output with shape {_list(self._data.shape)} doesn't match the "
                           f"broadcast shape {_list(result._data.shape)}")
    try:
        np.copyto(self._data, result._data, casting="unsafe")
    except ValueError:  # numpy marks views of an expand read-only
        if self._data.flags.writeable:
            raise
        _views.write_readonly(self, result._data)
    self._vc[0] += 1
    node = result._grad_fn
    if node is not None:
        if base is not None:
            _views.rebase(self, node)
            return self
        if node._result is not None:
            node._result = (self._data, self._vc, self._vc[0], None)
        _views.move_retain(self._grad_fn, node)
        self._grad_fn = node
        self._requires_grad = True
    return self


__all__ += ["inplace", "record", "apply_views"]

# ``_backward`` imports Tensor from here, so it is bound last, once (not on each backward)
from . import _backward  # noqa: E402
