"""The backward graph: its nodes and what they saved.

A ``Node`` is one ``grad_fn`` (``MulBackward0`` ...): it knows its op, the tensors that
op saved, and ``next_functions``, the edges to the nodes of its inputs. Leaves that
require grad are reached through an ``AccumulateGrad`` node that holds the leaf.

How an op's nodes are recorded (``Plan``, ``new_node``, ``stand_in``) is ``_autograd.plans``;
the backward pass that runs them is ``_autograd.engine``.
"""
import re
import weakref
from itertools import count

import numpy as np

from .._types import dtype as D
from .._tensor_class.core import TensorCore
from ..observer import observed
from .._forward import state as _FW

__all__ = ["Node", "AccumulateGrad", "Meta", "node_class", "short_name"]

_SEQ = count()
try:  # numpy >= 2 keeps its error state in a context variable: setting it directly costs a
    # fifth of entering a new ``np.errstate(all="ignore")``, which costs more than a small op.
    from numpy._core._ufunc_config import _extobj_contextvar as _ERRSTATE, _make_extobj
    _QUIET = _make_extobj(all="ignore")
except ImportError:  # numpy 1.x: apply and run_backward enter np.errstate instead
    _ERRSTATE = _QUIET = None
_DETACHED_MSG = ("Trying to use a saved tensor that has been detached in-place, i.e. with "
                 ".detach_().This is not supported, please use out-of-place `.detach()` "
                 "instead")
# id -> weak reference of each tensor that was computed (had a grad_fn) when ``detach_()``
# cut it: a node that saved it before fails its backward, as PyTorch's saved variables do
# (empty: nothing to check). (A WeakSet would compare tensors with ``==``.)
DETACHED_IN_PLACE = {}


def detached_in_place(t):
    """Whether ``t`` was cut from its graph by ``detach_()`` (see ``mark_detached``)."""
    ref = DETACHED_IN_PLACE.get(id(t))
    return ref is not None and ref() is t


def mark_detached(t):
    key = id(t)
    DETACHED_IN_PLACE[key] = weakref.ref(t, lambda _, key=key: DETACHED_IN_PLACE.pop(key, None))

_FREED_MSG = (
    "Trying to backward through the graph a second time (or directly access saved tensors "
    "after they have already been freed). Saved intermediate values of the graph are freed "
    "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
    "backward through the graph a second time or if you need to access saved tensors after "
    "calling backward.")


_CPP_NODES = frozenset(("CopySlices", "CopyBackwards"))  # named by their C++ namespace


class Meta:
    """Stands in for an input a VJP did not need to save: only shape and dtype."""
    __slots__ = ("shape", "dtype")

    def __init__(self, shape, dtype):
        self.shape = shape
        self.dtype = dtype

    @property
    def ndim(self):
        return len(self.shape)


class Node:
    """A node of the backward graph; ``type(node).__name__`` is PyTorch's class name.

    Most nodes have one output. A node of an op returning several views (``split``,
    ``unbind``) has ``_outputs`` > 0 of them: edges reach it as ``(node, output_nr)``, its
    gradient is a list with one entry per output (None for an output no gradient reached),
    ``_retain`` maps output numbers to retained tensors and its tensor hooks are
    ``(output_nr, hook)`` pairs.

    A node whose VJPs read the op's result keeps ``_result = (data, version counter,
    version, view_fn)``, ``view_fn`` a weak reference to the grad_fn of the view the
    result was written through (an in-place op on a view), else None."""
    __slots__ = ("next_functions", "_op", "_params", "_saved", "_versions", "_meta", "_result",
                 "_seq", "_freed", "_pre_hooks", "_hooks", "_retain", "_plan", "_outputs",
                 "__weakref__")

    def name(self):
        n = type(self).__name__
        return "torch::autograd::" + n if n in _CPP_NODES else n

    # No __repr__: like torch's grad_fn classes (module ``builtins``, default repr) they
    # print as ``<MulBackward0 object at 0x...>`` and IPython shows ``<MulBackward0 at 0x...>``.

    @property
    def metadata(self):
        return {}

    @observed("Node.register_hook")
    def register_hook(self, fn):
        """``fn(grad_inputs, grad_outputs)`` runs after this node; it may return new
        ``grad_inputs``."""
        if self._hooks is None:
            self._hooks = {}
        return _Handle(self._hooks, fn)

    @observed("Node.register_prehook")
    def register_prehook(self, fn):
        """``fn(grad_outputs)`` runs before this node; it may return new ``grad_outputs``."""
        if self._pre_hooks is None:
            self._pre_hooks = {}
        if self._outputs:
            return _Handle(self._pre_hooks, (None, fn))
        return _Handle(self._pre_hooks, lambda g, fn=fn: _first(fn((g,))))

    @property
    def saved_names(self):
        """Names of the tensors this node saved for backward (``self``, ``other``,
        ``result`` ...), in PyTorch's ``_saved_<name>`` spelling: its plan's, until freed."""
        if self._freed or self._plan is None:
            return ()
        return self._plan.names

    @property
    def freed(self):
        """True once backward released this node's saved tensors."""
        return bool(self._freed)

    @property
    def saved_tensor_names(self):
        """Names of what this node saved, still known after the buffers were freed."""
        return self._freed or self.saved_names


# ``grad_fn._saved_self`` and friends, as in PyTorch: one descriptor per name on ``Node``
# (``expose``) rather than a ``__getattr__``, which would make every read of a node's own
# fields take CPython's slow attribute path, in recording and in backward alike.
class _Saved:
    __slots__ = ("item",)

    def __init__(self, item):
        self.item = item

    def __get__(self, node, cls=None):
        return self if node is None else _saved_field(node, self.item)


_EXPOSED = set()


def expose(keys):
    """Makes ``node._saved_<key>`` readable for each of ``keys`` (an op's argument, param
    and saved names, and the param names of recorded nodes)."""
    for key in keys:
        if key not in _EXPOSED:
            _EXPOSED.add(key)
            setattr(Node, "_saved_" + key, _Saved("_saved_" + key))


expose(("result",))


def _saved_field(self, item):
    if item.startswith("_saved_"):
        key = item[7:]
        op = object.__getattribute__(self, "_op")
        if key in op.arg_names and not op.variadic:
            i = op.arg_names.index(key)
            v = self._saved[i] if self._saved else None
            if v is not None:
                if hasattr(v, "_vc"):
                    return v
                # a number operand is saved as PyTorch's wrapped-number tensor
                return TensorCore._make(np.asarray(v, np.bool_ if isinstance(v, bool) else
                                               np.int64 if isinstance(v, int) else
                                               np.float64))
            plan = self._plan
            if self._freed and plan is not None and i in plan.save:
                raise RuntimeError(_FREED_MSG)
            if any(i in gr.needs for gr in op.grads if gr is not None):
                return None  # a field of this node that this call did not need
        elif key in self._params:
            return self._params[key]
        if key == "result" and any("out" in gr.needs for gr in op.grads if gr is not None):
            if self._freed:
                raise RuntimeError(_FREED_MSG)
            return None if self._result is None else _result_tensor(self)
    raise AttributeError(f"'{type(self).__name__}' object has no attribute '{item}'")


def _first(r):
    return None if r is None else r[0]


class _Handle:
    """A removable hook handle (``handle.remove()``)."""
    _ids = count()
    __module__ = "torch.utils.hooks"

    def __init__(self, table, fn):
        self.id = next(self._ids)
        self._table = table
        table[self.id] = fn

    def remove(self):
        self._table.pop(self.id, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


_Handle.__name__ = _Handle.__qualname__ = "RemovableHandle"  # as PyTorch's prints


class AccumulateGrad(Node):
    """Accumulates the incoming gradient into ``variable.grad`` (a leaf tensor)."""
    __slots__ = ("variable",)
    __module__ = "builtins"

    def name(self):
        return "torch::autograd::AccumulateGrad"

    def __init__(self, variable):
        self.variable = variable
        self.next_functions = ()
        self._op = _ACC_OP
        self._params = {}
        self._saved = None
        self._result = None
        self._seq = float("inf")  # runs as soon as it is ready, as in PyTorch
        self._freed = False
        self._pre_hooks = None
        self._hooks = None
        self._retain = None
        self._plan = None
        self._outputs = 0


class _AccOp:
    name = "accumulate_grad"
    arg_names = ()
    grads = ()


_ACC_OP = _AccOp()
_CLASSES = {}


def node_class(name):
    """The Node subclass named ``name`` (one class per PyTorch grad_fn name)."""
    cls = _CLASSES.get(name)
    if cls is None:
        cls = _CLASSES[name] = type(name, (Node,), {"__slots__": (), "__module__": "builtins"})
    return cls


def short_name(node):
    return re.sub(r"Backward\d*$", "", node.name())


# ----------------------------------------------------------------------------- observing


# ----------------------------------------------------------------------------- saved values
def _first_modified(node):
    """The saved value PyTorch reports as modified: it unpacks a node's saved variables in
    the alphabetical order of their names (``other`` before ``self``, ``exponent`` before
    ``result``)."""
    names = node._op.arg_names
    found = []
    for i, v in enumerate(node._saved or ()):
        if v is not None and hasattr(v, "_vc") and v._vc[0] != node._versions[i]:
            found.append((names[min(i, len(names) - 1)], v, node._versions[i], False))
    if node._result is not None and node._result[1][0] != node._result[2]:
        found.append(("result", _result_tensor(node), node._result[2], True))
    return min(found, key=lambda f: f[0])[1:] if found else None


def _check_version(node, t, saved_version, is_output=False, output_nr=None):
    """Raises PyTorch's error when saved ``t`` was modified in place. ``output_nr``: ``t``
    is that output of ``node`` itself (a custom Function saved its own output), which the
    message names, as PyTorch's does."""
    if t._vc[0] != saved_version:
        if output_nr is not None:
            desc = f"[torch.{D.tensor_type(t._dtype)} [{', '.join(map(str, t._data.shape))}]]"
            raise RuntimeError(_modified_msg(f"{desc}, which is output {output_nr} of "
                                             f"{short_name(node)},", t, saved_version))
        t, saved_version, is_output = _first_modified(node) or (t, saved_version, is_output)
        desc = f"[torch.{D.tensor_type(t._dtype)} [{', '.join(map(str, t._data.shape))}]]"
        if is_output:
            # an output written through a view names the view's grad_fn while it lives
            # (PyTorch keeps a weak reference to it), else the node itself
            ref = node._result[3]
            src = (ref() if ref is not None else None) or node
        else:  # (a view whose memory changed gets a new grad_fn here, AsStridedBackward0)
            src = t.grad_fn
        if src is not None:
            desc += f", which is output 0 of {short_name(src)},"
        raise RuntimeError(_modified_msg(desc, t, saved_version))


def _modified_msg(desc, t, saved_version):
    return ("one of the variables needed for gradient computation has been modified by an "
            f"inplace operation: {desc} is at version {t._vc[0]}; expected version "
            f"{saved_version} instead. Hint: enable anomaly detection to find the operation "
            "that failed to compute its gradient, with "
            "torch.autograd.set_detect_anomaly(True, check_nan=False).")


def _result_tensor(node):
    """The saved output, rebuilt as a tensor whose grad_fn is the node (as PyTorch does)."""
    data, vc, _, _ = node._result
    t = TensorCore._make(data, node._meta[0].dtype, True)
    t._grad_fn = node
    t._vc = vc
    if _FW.ON:  # (its tangent, when a tangent follows a backward pass)
        _FW.result_tangent(node, t)
    return t
