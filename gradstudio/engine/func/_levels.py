"""What a ``torch.func`` transform does to the tensors it is given and hands back.

PyTorch's transforms wrap their inputs at a new level of their own and unwrap results,
so a gradient computed inside comes back as a plain tensor, unless it also depends on
something an outer level (or ordinary autograd) differentiates. The engine has one
autograd: an input is made differentiable as a fresh leaf (a view of the input when the
input already requires grad, so an outer level still reaches it), and a result is
detached unless its graph reaches a leaf that is not one of this level's own.
A tangent (forward-mode AD) stays with the tensor across both steps."""
import textwrap

from .._tensor_class import convert as _convert
from .._tensor_class.core import TensorCore
from .._tensor_class.printing import format_tensor
from .._forward import state as _fw
from . import _pytree as pt

__all__ = ["argnums_slice", "differentiable", "unwrap", "check_argnums", "Level", "ACTIVE"]


class Level(set):
    """The ids of one transform's own leaves (``differentiable``), the tensors they stand
    for (``orig``) and the level's number (PyTorch's ``lvl``, counting vmap's too)."""

    def __init__(self, tracking=True):
        super().__init__()
        self.orig, self.tracking, self.lvl = {}, tracking, 0
        self.nodes = set()      # the grad_fn ids of own leaves that are views of an input

    def __enter__(self):
        ACTIVE.append(self)
        self.lvl = len(ACTIVE)
        _convert.REPR_HOOK = _repr_inside
        return self

    def __exit__(self, *exc):
        ACTIVE.remove(self)
        if not ACTIVE:
            _convert.REPR_HOOK = None
        return False

    __hash__ = object.__hash__
    __eq__ = object.__eq__


ACTIVE = []     # the transforms running now, outermost first


def _repr_inside(t):
    """What PyTorch prints for ``t`` inside ``grad``/``vjp``/``jacrev``: a tensor of a
    level as ``GradTrackingTensor(lvl=N, value=...)`` around its value, or None (printed
    as usual) for a tensor of no level (one made inside without reaching an input prints
    as usual here, where PyTorch wraps it too)."""
    levels = [lv for lv in ACTIVE if lv.tracking and (id(t) in lv or _reaches(t, lv))]
    if not levels:
        return None
    hook, _convert.REPR_HOOK = _convert.REPR_HOOK, None
    try:
        root = t
        while any(id(root) in lv for lv in ACTIVE):
            root = next(lv.orig[id(root)] for lv in ACTIVE if id(root) in lv)
        text = repr(root) if root is not t else format_tensor(t._data, t._dtype)
        if root is not t and not any(id(t) in lv for lv in ACTIVE):
            text = format_tensor(t._data, t._dtype)
    finally:
        _convert.REPR_HOOK = hook
    for lv in levels:
        text = f"GradTrackingTensor(lvl={lv.lvl}, value=\n{textwrap.indent(text, ' ' * 4)}\n)"
    return text


def _reaches(t, own):
    """Whether ``t``'s graph reaches one of ``own``'s leaves."""
    if not t.requires_grad or t.grad_fn is None:
        return False
    seen, todo = set(), [t.grad_fn]
    while todo:
        node = todo.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if id(node) in own.nodes:
            return True
        var = getattr(node, "variable", None)
        if var is not None and type(node).__name__ == "AccumulateGrad":
            if id(var) in own:
                return True
            continue
        todo.extend(n for n, _ in node.next_functions)
    return False


def check_argnum(argnum, num_args):
    if not isinstance(argnum, int):
        raise RuntimeError(f"argnum must be int, got: {type(argnum)}")
    if 0 <= argnum < num_args:
        return argnum
    if -num_args <= argnum < 0:
        return argnum + num_args
    raise RuntimeError(f"Got argnum={argnum}, but only {num_args} positional inputs")


def check_argnums(argnums, num_args):
    if isinstance(argnums, int):
        return check_argnum(argnums, num_args)
    if not isinstance(argnums, tuple):
        raise RuntimeError(f"argnums must be int or Tuple[int, ...], got: {type(argnums)}")
    argnums = tuple(check_argnum(a, num_args) for a in argnums)
    if len(argnums) == 0:
        raise RuntimeError("argnums must be non-empty")
    if len(set(argnums)) != len(argnums):
        raise RuntimeError(f"argnums elements must be unique, got {argnums}")
    return argnums


def argnums_slice(args, argnums):
    """The arguments at ``argnums``: one argument for an int, a tuple for a tuple."""
    argnums = check_argnums(argnums, len(args))
    if isinstance(argnums, int):
        return argnums, args[argnums]
    return argnums, tuple(args[i] for i in argnums)


def replace_args(args, argnums, new):
    if isinstance(argnums, int):
        return tuple(new if i == argnums else a for i, a in enumerate(args))
    return tuple(new[argnums.index(i)] if i in argnums else a for i, a in enumerate(args))


def differentiable(tree, own):
    """Each tensor of ``tree`` as a new leaf that requires grad (added to ``own``, ids of
    this level's leaves)."""
    def make(x):
        if not isinstance(x, TensorCore):
            raise ValueError(f"Thing passed to transform API must be Tensor, got {type(x)}")
        if x.requires_grad:
            w = x.view_as(x)
        else:
            w = x.detach().requires_grad_()
            t = _fw.tangent_of(x)
            if t is not None:
                _fw.set_tangent(w, t)
        own.add(id(w))
        if isinstance(own, Level):
            own.orig[id(w)] = x
            if w.grad_fn is not None:
                own.nodes.add(id(w.grad_fn))
        return w
    return pt.tree_map(make, tree)


def _reaches_outer(t, own):
    """Whether ``t``'s graph reaches a leaf that is not one of ``own``."""
    if not t.requires_grad:
        return False
    if t.grad_fn is None:
        return id(t) not in own
    seen, todo = set(), [t.grad_fn]
    while todo:
        node = todo.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        var = getattr(node, "variable", None)
        if var is not None and type(node).__name__ == "AccumulateGrad":
            if id(var) not in own:
                return True
            continue
        todo.extend(n for n, _ in node.next_functions)
    return False


def unwrap(tree, own):
    """Each tensor of ``tree`` detached from this level (kept whole when an outer level
    differentiates it too), with its tangent."""
    def undo(x):
        if not isinstance(x, TensorCore) or _reaches_outer(x, own):
            return x
        t = _fw.tangent_of(x)
        d = x.detach()
        if t is not None:
            _fw.set_tangent(d, t)
        return d
    return pt.tree_map(undo, tree)


def outer_active(tree):
    """True when a tensor of ``tree`` requires grad or carries a tangent: the transform's
    own backward must then be recorded, for the outer level."""
    for x in pt.tree_flatten(tree)[0]:
        if isinstance(x, TensorCore) and (x.requires_grad or _fw.tangent_of(x) is not None):
            return True
    return False
