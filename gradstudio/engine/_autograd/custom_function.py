"""``torch.autograd.Function``: an op whose forward and backward are the user's own code.

``MyFn.apply(*args)`` runs ``MyFn.forward`` under no_grad and, when grad mode is on and a
tensor argument requires grad, gives its tensor outputs one grad_fn node of the class
``MyFnBackward``. That node is also the ``ctx`` forward saw (as in PyTorch, where it is a
``BackwardCFunction``): it keeps what ``ctx.save_for_backward`` saved and any attribute
forward set. The backward engine (``_autograd.engine``) calls ``node.run_backward``, which
calls the user's ``backward`` with one gradient per output and checks what it returns the
way PyTorch's ``validate_outputs`` does (count, shape, dtype). Messages are PyTorch's.
"""
import contextlib
import functools
import warnings

import numpy as np

from . import grad_mode as _grad_mode, views as _views
from .._forward import state as _FW
from .._tensor_class.core import TensorCore
from .nodes import _FREED_MSG, _SEQ, Node, _check_version, expose
from .plans import stand_in
from ..observer import observed

__all__ = ["Function", "FunctionCtx", "BackwardCFunction", "once_differentiable", "PYTHON"]

PYTHON = "python"   # a custom node's ``Plan.fns``: the engine calls ``run_backward``


class FunctionCtx:
    """What ``forward`` (or ``setup_context``) is given as ``ctx``."""
    __module__ = "torch.autograd.function"

    def save_for_backward(self, *tensors):
        for i, t in enumerate(tensors):
            if t is not None and not isinstance(t, TensorCore):
                raise TypeError(f"save_for_backward can only save variables, but argument "
                                f"{i} is of type {type(t).__name__}")
        self.to_save = tensors

    def save_for_forward(self, *tensors):
        """Keeps tensors for ``jvp`` (``ctx.saved_tensors`` reads them there)."""
        for t in tensors:
            if t is not None and not isinstance(t, TensorCore):
                raise AssertionError("save_for_forward expects all arguments to be tensors; "
                                     f"you should save non-tensors as attributes on ctx.")
        self.saved_for_forward = tensors

    def mark_dirty(self, *args):
        self.dirty_tensors = args

    def mark_non_differentiable(self, *args):
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        self.materialize_grads = value


class _PythonOp:
    """Stands in for a table op on a custom node (what ``Node`` reads of its op)."""
    variadic = False
    grads = ()
    arg_names = ("saved_tensors",)

    def __init__(self, name):
        self.name = name


expose(_PythonOp.arg_names)


class _PythonPlan:
    __slots__ = ("edges", "fns", "save", "save_out", "names", "cls")


class BackwardCFunction(Node, FunctionCtx):
    """The grad_fn of a custom Function's outputs, and the ``ctx`` of its forward."""
    __module__ = "torch.autograd.function"

    @property
    def saved_tensors(self):
        if self._freed:
            raise RuntimeError(_FREED_MSG)
        saved = self._saved
        if saved is None:
            return ()
        for t, version in zip(saved, self._versions):
            if t is not None and t._vc[0] != version:
                _check_version(self, t, version, output_nr=getattr(
                    self, "_saved_outputs", {}).get(id(t)))
        return tuple(saved)

    def name(self):
        return type(self).__name__

    def apply(self, *grads):
        """The user's backward (or vjp) on ``grads``, as PyTorch's ``BackwardCFunction``."""
        cls = self._forward_cls
        backward, vjp = cls.backward, cls.vjp
        if backward is not Function.backward and vjp is not Function.vjp:
            raise RuntimeError("Implementing both 'backward' and 'vjp' for a custom Function "
                               "is not allowed. You should only implement one of them.")
        fn = vjp if vjp is not Function.vjp else backward
        return fn(self, *grads)

    def run_backward(self, g, tensors, need):
        """The gradients this node sends along its edges (the engine's ``_vjps``): ``g``
        is an array (or a tensor with ``tensors``), a list of them for several outputs."""
        if self._freed:
            raise RuntimeError(_FREED_MSG)
        grads = list(g) if self._outputs else [g]
        outs = self._meta[0] if self._outputs else (self._meta[0],)
        materialize = getattr(self, "materialize_grads", True)
        for k, (gk, meta) in enumerate(zip(grads, outs)):
            if meta is None:          # (a forward output that is not a tensor)
                grads[k] = None
            elif gk is None:
                grads[k] = (TensorCore._make(np.zeros(meta.shape, meta.dtype.np), meta.dtype)
                            if materialize else None)
            elif not tensors:
                grads[k] = TensorCore._wrap_grad(gk)
        result = self.apply(*grads)
        return self._checked(result if isinstance(result, tuple) else (result,), tensors,
                             need)

    def _checked(self, result, tensors, need):
        name, positions = type(self).__name__, self._positions
        if len(result) != self._n_args:
            if len(result) < self._n_args or any(r is not None
                                                 for r in result[self._n_args:]):
                raise RuntimeError(f"function {name} returned an incorrect number of "
                                   f"gradients (expected {self._n_args}, got {len(result)})")
            result = result[:self._n_args]
        for i, r in enumerate(result):
            if r is not None and not isinstance(r, TensorCore):
                raise RuntimeError(f"expected Variable or None (got {type(r).__name__})")
            if r is not None and i not in positions:
                raise RuntimeError(f"function {name} returned a gradient different than None "
                                   f"at position {i + 1}, but the corresponding forward input "
                                   "was not a Variable")
        grad_ins = []
        for k, (i, meta) in enumerate(zip(positions, self._meta[1:])):
            r = result[i]
            nxt = self.next_functions[k][0]
            if r is None or nxt is None or (need is not None and nxt not in need):
                grad_ins.append(None)
                continue
            if tuple(r.shape) != meta.shape:
                if not _expandable(meta.shape, tuple(r.shape)):
                    raise RuntimeError(f"Function {name} returned an invalid gradient at "
                                       f"index {k} - got {list(r.shape)} but expected shape "
                                       f"compatible with {list(meta.shape)}")
                r = r.sum_to_size(meta.shape)
            if r.dtype is not meta.dtype:
                r = r.to(meta.dtype)
            grad_ins.append(r if tensors else r._data)
        return grad_ins


def _expandable(shape, to):
    """Whether ``shape`` broadcasts to ``to`` (PyTorch's ``is_expandable_to``)."""
    if len(shape) > len(to):
        return False
    return all(s == t or s == 1 for s, t in zip(reversed(shape), reversed(to)))


class _FunctionMeta(type):
    """Gives each Function subclass its node class, ``<Name>Backward``."""

    def __init__(cls, name, bases, attrs):
        cls._backward_cls = type(name + "Backward", (BackwardCFunction,),
                                 {"_forward_cls": cls, "__module__": "torch.autograd.function"})
        super().__init__(name, bases, attrs)


class Function(metaclass=_FunctionMeta):
    """Base class of custom autograd Functions: define ``forward`` and ``backward`` as
    static methods and call ``apply``."""
    __module__ = "torch.autograd.function"

    def __init__(self, *args, **kwargs):
        warnings.warn(f"{type(self)} should not be instantiated. Methods on autograd "
                      "functions are all static, so you should invoke them on the class "
                      "itself. Instantiating an autograd function will raise an error in a "
                      "future version of PyTorch.", DeprecationWarning, stacklevel=2)

    def __call__(self, *args, **kwargs):
        raise RuntimeError("Legacy autograd function with non-static forward method is "
                           "deprecated. Please use new-style autograd function with static "
                           "forward method. (Example: "
                           "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)")

    @staticmethod
    def forward(*args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom "
                                  "autograd.Function.")

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for "
                                  "your custom autograd.Function to use it with backward "
                                  "mode AD.")

    vjp = backward

    @staticmethod
    def jvp(ctx, *grad_inputs):
        raise NotImplementedError("You must implement the jvp function for custom "
                                  "autograd.Function to use it with forward mode AD.")

    @classmethod
    @observed("torch.autograd.Function.apply")
    def apply(cls, *args, **kwargs):
        return _apply(cls, args, kwargs)


_NO_CONTEXT = contextlib.nullcontext()


def _apply(cls, args, kwargs):
    positions = [i for i, a in enumerate(args) if isinstance(a, TensorCore)]
    executable = _grad_mode.STATE.enabled and any(args[i]._requires_grad for i in positions)
    ctx = _new_node(cls._backward_cls)
    ctx.needs_input_grad = tuple(executable and isinstance(a, TensorCore) and a._requires_grad
                                 for a in args)
    # (a dual input: its tangent follows the Function's jvp, not the ops of its forward)
    dual = _FW.ON and any(_FW.tangent_of(args[i]) is not None for i in positions)
    with _grad_mode.no_grad(), _FW.suspended() if dual else _NO_CONTEXT:
        if cls.setup_context is Function.setup_context:
            output = cls.forward(ctx, *args, **kwargs)
        else:
            output = cls.forward(*args, **kwargs)
            cls.setup_context(ctx, args, output)
    is_tuple = isinstance(output, tuple)
    outputs = list(output) if is_tuple else [output]
    dirty = getattr(ctx, "dirty_tensors", ())
    if any(not any(t is o for o in outputs) for t in dirty):
        raise RuntimeError("Some elements marked as dirty during the forward method were not "
                           "returned as output. The inputs that are modified inplace must all "
                           "be outputs of the Function.")
    for t in dirty:
        if t._base is not None:
            raise RuntimeError("GradStudio's engine cannot mark a view dirty in a custom "
                               "Function yet; modify and return a tensor that is not a view")
        if executable and t._requires_grad and t._grad_fn is None:
            raise RuntimeError("a leaf Variable that requires grad has been used in an "
                               "in-place operation.")
        t._vc[0] += 1
    if executable:
        _connect(ctx, args, positions, outputs, dirty)
    if dual:
        _FW.FUNCTION_JVP(cls, ctx, args, outputs)
    return tuple(outputs) if is_tuple else outputs[0]


def _connect(node, args, positions, outputs, dirty):
    """Makes ``node`` the grad_fn of the differentiable tensor outputs (a view of an input
    returned as it is) and keeps what forward saved."""
    inputs = [args[i] for i in positions]
    node.next_functions = tuple(t._edge() for t in inputs)
    node._positions, node._n_args = positions, len(args)
    plan = node._plan = _PythonPlan()
    plan.edges = tuple(k for k, (n, _) in enumerate(node.next_functions) if n is not None)
    plan.fns, plan.save, plan.save_out, plan.cls = PYTHON, (), False, type(node)
    non_diff = getattr(node, "non_differentiable", ())
    metas = []
    many = len(outputs) > 1
    node._outputs = len(outputs) if many else 0
    for k, out in enumerate(outputs):
        if not isinstance(out, TensorCore):
            metas.append(None)
            continue
        metas.append(stand_in(out._data.shape, out._dtype))
        if any(out is t for t in non_diff) or not out._dtype.is_floating_point:
            continue
        if any(out is t for t in inputs) and not any(out is t for t in dirty):
            out = outputs[k] = _alias(out)
        elif out._base is not None:
            out._creation = _views.IN_CUSTOM_FUNCTION
            out._view_ver = out._vc[0]
        _views.move_retain(out._grad_fn, node)
        out._grad_fn, out._output_nr = node, k if many else 0
        out._requires_grad, out._acc = True, None
    node._meta = [tuple(metas) if many else metas[0]] + [
        stand_in(t._data.shape, t._dtype) for t in inputs]
    saved = getattr(node, "to_save", None)
    if saved:
        node._saved = tuple(saved)
        node._versions = tuple(None if t is None else t._vc[0] for t in saved)
        # (the saved tensors that are this node's own outputs, named so if modified)
        node._saved_outputs = {id(t): k for t in saved for k, o in enumerate(outputs)
                               if t is not None and t is o and o._grad_fn is node}
        plan.names = ("saved_tensors",)
    else:
        plan.names = ()


def _alias(t):
    """An input returned as it is: a new view of it (PyTorch's ``view_as``)."""
    out = TensorCore._make(t._data.view(), t._dtype)
    out._base = t if t._base is None else t._base
    out._vc, out._view_ver, out._creation = t._vc, t._vc[0], _views.IN_CUSTOM_FUNCTION
    return out


def _new_node(cls):
    n = cls.__new__(cls)
    n.next_functions = ()
    n._op = _PythonOp(cls.__name__)
    n._params = {}
    n._saved = n._versions = n._meta = n._result = n._pre_hooks = n._hooks = None
    n._retain = n._plan = None
    n._seq = next(_SEQ)
    n._freed = False
    n._outputs = 0
    return n


class _DelayedError(Function):
    """What a once-differentiable backward's results hang from when a graph of the backward
    is being recorded: differentiating through them again fails, as in PyTorch."""

    @staticmethod
    def forward(ctx, *grads):
        return tuple(g.clone() if isinstance(g, TensorCore) else g for g in grads)

    @staticmethod
    def backward(ctx, *grads):
        raise RuntimeError("trying to differentiate twice a function that was marked with "
                           "@once_differentiable")


_DelayedError._backward_cls.__name__ = _DelayedError._backward_cls.__qualname__ = "DelayedError"


def once_differentiable(fn):
    """Marks a custom Function's backward as not differentiable itself: it runs under
    no_grad, and a second differentiation through its results raises (PyTorch's
    ``torch.autograd.function.once_differentiable``)."""
    @functools.wraps(fn)
    def wrapper(ctx, *args):
        with _grad_mode.no_grad():
            outputs = fn(ctx, *args)
        if not _grad_mode.STATE.enabled or not any(
                isinstance(a, TensorCore) and a._requires_grad for a in args):
            return outputs
        single = not isinstance(outputs, tuple)
        leaves = [o.detach().requires_grad_(True) if isinstance(o, TensorCore) else o
                  for o in ((outputs,) if single else outputs)]
        out = _DelayedError.apply(*leaves)
        return out[0] if single else out
    return wrapper
