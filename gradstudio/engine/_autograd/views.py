"""In-place changes seen through views, as PyTorch records them.

A view (``y[1:]``, ``y.t()``, ``y.view(3)`` ...) shares its base's memory and version
counter. When an in-place op that autograd records writes through a view, the base's
history is rebased onto a ``CopySlices`` node: in backward it takes the base's gradient,
runs the op's own backward on the view's slice of it, writes the result back into that
slice and passes the rest on to the base's previous ``grad_fn`` (PyTorch's
``CopySlices::apply`` in ``torch/csrc/autograd/functions/tensor.cpp``).

A view whose base (or another view of it) changed in place since its ``grad_fn`` was set
gets a new one when next used, an ``AsStridedBackward0`` reading its elements from the
base (PyTorch's lazy regeneration in ``VariableHooks::grad_fn``); views made under
no_grad and the pieces of ``split``/``unbind`` refuse with PyTorch's messages instead.

Where a view sits in its base is worked out from the two numpy arrays (they share
memory): ``positions`` holds, for each element of the view, the C-order index of the
base element it is, which both nodes use to gather and scatter gradients."""
import weakref

import numpy as np
from numpy.lib.stride_tricks import as_strided

from .nodes import node_class, short_name
from .plans import Plan, new_node, plan_for, stand_in
from .._ops.record import OPS, Op

__all__ = ["DEFAULT", "NO_GRAD", "MULTI_OUTPUT", "IN_CUSTOM_FUNCTION", "refresh", "rebase", "rebase_error",
           "move_retain", "write_readonly"]

# how a view was made (PyTorch's CreationMeta), inherited by views of it
DEFAULT, NO_GRAD, MULTI_OUTPUT, IN_CUSTOM_FUNCTION = 0, 1, 2, 3

_COPY_SLICES = Op("copy_slices", "CopySlices", None, (), (), (), "keep", "internal", "", None,
                  False, (), False)
# CopySlices node -> what its derivative rule needs of the in-place op's node it wraps: its
# class name, op, params and which of its inputs have an edge (``inspect.derivative``
# reads it; the node itself is released when backward frees the CopySlices)
WRAPPED = weakref.WeakKeyDictionary()
_OVERLAP = ("unsupported operation: more than one element of the written-to tensor refers to a "
            "single memory location. Please clone() the tensor before performing the "
            "operation.")


# ---------------------------------------------------------------------- geometry
def _address(a):
    return a.__array_interface__["data"][0]


def _span(shape, strides):
    """The lowest and highest element offsets an array's elements reach."""
    lo = sum((n - 1) * s for n, s in zip(shape, strides) if s < 0)
    hi = sum((n - 1) * s for n, s in zip(shape, strides) if s > 0)
    return lo, hi


def geometry(view, base):
    """``(positions, strides, storage_offset)`` of ``view`` inside ``base``: the C-order
    index in ``base`` of each element of ``view`` (an int64 array of the view's shape),
    and PyTorch's element strides and offset. None if the view's memory is not inside the
    base's (the base's data was replaced after the view was made)."""
    a, b = view._data, base._data
    item = b.itemsize
    vs = tuple(s // item for s in a.strides)
    if a.size == 0:
        return np.zeros(a.shape, np.int64), vs, 0
    if b.size == 0:
        return None
    bs = tuple(s // item for s in b.strides)
    lo, hi = _span(b.shape, bs)
    offset = (_address(a) - _address(b)) // item - lo
    vlo, vhi = _span(a.shape, vs)
    if offset + vlo < 0 or offset + vhi > hi - lo:
        return None
    # number the base's elements in its own memory, then read the numbers the view sees
    cells = np.full(hi - lo + 1, -1, np.int64)
    as_strided(cells[-lo:], b.shape, tuple(s * 8 for s in bs))[...] = \
        np.arange(b.size).reshape(b.shape)
    pos = as_strided(cells[offset:], a.shape, tuple(s * 8 for s in vs)).copy()
    if (pos < 0).any():
        return None
    return pos, vs, offset


class _Memory:
    """Hands numpy the memory of an array (pointer, shape, strides) as a writable array,
    keeping the array that owns it alive."""

    def __init__(self, owner, a):
        self.owner = owner
        self.__array_interface__ = {"data": (_address(a), False), "shape": a.shape,
                                    "strides": a.strides, "typestr": a.dtype.str, "version": 3}


def write_readonly(t, values):
    """Writes ``values`` into a view numpy marked read-only (a view of an ``expand``),
    through its base's memory; PyTorch refuses a write where elements share memory."""
    a = t._data
    if any(s == 0 and n > 1 for n, s in zip(a.shape, a.strides)):
        raise RuntimeError(_OVERLAP)
    base = t._base
    if base is None or not base._data.flags.writeable or geometry(t, base) is None:
        raise RuntimeError("This tensor's memory cannot be written to; clone() it first.")
    np.copyto(np.asarray(_Memory(base._data, a)), values, casting="unsafe")


# ---------------------------------------------------------------------- refusals
def rebase_error(t, indirect):
    """PyTorch's ``handle_view_on_rebase``: the message for a view made under no_grad or by
    an op returning several views, modified in place (``indirect``: through its base or
    another view of it)."""
    creation, fn = t._creation, t._grad_fn
    what = "its base or another view of its base has been" if indirect else "is being"
    if creation == NO_GRAD or fn is None:
        prefix = (f"Output {t._output_nr} of {short_name(fn)} is a view of a view which was "
                  "created in" if fn is not None else "A view was created in")
        msg = f"{prefix} no_grad mode and {what} modified inplace with grad mode enabled."
    else:
        msg = f"Output {t._output_nr} of {short_name(fn)} is a view and {what} modified inplace."
    if creation == IN_CUSTOM_FUNCTION:
        msg += (" This view was created inside a custom Function (or because an input was "
                "returned as-is) and the autograd logic to handle view+inplace would override "
                "the custom backward associated with the custom Function, leading to "
                "incorrect gradients. This behavior is forbidden. You can fix this by cloning "
                "the output of the custom Function.")
    elif creation == MULTI_OUTPUT:
        msg += (" This view is the output of a function that returns multiple views. Such "
                "functions do not allow the output views to be modified inplace. You should "
                "replace the inplace operation by an out-of-place one.")
    else:
        msg += (" Given that this use case is ambiguous and error-prone, it is forbidden. You "
                "can clarify your code by moving both the view and the inplace either both "
                "inside the no_grad block (if you don't want the inplace to be tracked) or "
                "both outside (if you want the inplace to be tracked).")
    return RuntimeError(msg)


# ---------------------------------------------------------------------- regeneration
def move_retain(old, new):
    """``retain_grad()`` follows a tensor to its new grad_fn (PyTorch moves the hook)."""
    if old is not None and old._retain is not None and not old._outputs:
        new._retain, old._retain = old._retain, None


def refresh(t):
    """Gives the view ``t``, whose memory changed in place since its grad_fn was set, a new
    ``AsStridedBackward0`` from its base (or PyTorch's refusal)."""
    base, fn = t._base, t._grad_fn
    if fn is None and not base._requires_grad:
        return  # (a view of a tensor outside autograd stays outside it)
    if t._creation != DEFAULT:
        raise rebase_error(t, indirect=True)
    geo = geometry(t, base)
    if geo is None:  # (not inside its base any more: keep what it had)
        t._view_ver = t._vc[0]
        return
    pos, strides, offset = geo
    edge = base._edge()
    op = OPS["_as_strided"]
    plan = plan_for(op, 0 if edge[0] is None else 1, 1)
    params = {"size": t._data.shape, "stride": strides, "storage_offset": offset,
              "positions": pos}
    node = new_node(plan.cls, op, params, (edge,), plan)
    dt = t._dtype
    node._meta = [stand_in(t._data.shape, dt), stand_in(base._data.shape, dt)]
    move_retain(fn, node)
    t._grad_fn = node
    t._requires_grad = True
    t._acc = None
    t._view_ver = t._vc[0]


# ---------------------------------------------------------------------- CopySlices
def rebase(view, fn):
    """After the in-place op recorded as ``fn`` wrote through ``view``: the base's grad_fn
    becomes a ``CopySlices`` wrapping ``fn`` (its next functions: the base's previous edge,
    then ``fn``'s other inputs), and the view's is regenerated from it."""
    base = view._base
    geo = geometry(view, base)
    if geo is None:
        raise RuntimeError("GradStudio's engine cannot find this view inside its base tensor "
                           "any more (was the base's .data replaced?); modify a clone instead.")
    edges = (base._edge(),) + fn.next_functions[1:]
    plan = Plan.__new__(Plan)
    plan.edges = tuple(i for i, (n, _) in enumerate(edges) if n is not None)
    plan.fns, plan.save, plan.save_out, plan.names = None, (), False, ("fn",)
    plan.cls = node_class("CopySlices")
    node = new_node(plan.cls, _COPY_SLICES, {}, edges, plan)
    node._saved = [fn, geo[0]]
    WRAPPED[node] = (type(fn).__name__, fn._op, fn._params,
                     tuple(n is not None for n, _ in fn.next_functions))
    node._meta = [stand_in(base._data.shape, base._dtype)]
    old = base._grad_fn
    move_retain(old, node)
    base._grad_fn = node
    base._requires_grad = True
    refresh(view)
    if fn._result is not None:  # (an op saving its result saved the view)
        fn._result = (view._data, view._vc, view._vc[0], weakref.ref(view._grad_fn))
    return node
