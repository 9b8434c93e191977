"""What a ``torch.func`` transform does to the tensors it is given and hands back.

PyTorch's transforms wrap their inputs at a new level of their own and unwrap results,
so a gradient computed inside comes back as a plain tensor, unless it also depends on
something an outer level (or ordinary autograd) differentiates. The engine has one
autograd: an input is made differentiable as a fresh leaf (a view of the input when the
input already requires grad, so an outer level still reaches it), and a result is
detached unless its graph reaches a leaf that is not one of this level's own.
A tangent (forward-mode AD) stays with the tensor across both steps."""
from .._tensor_class.core import TensorCore
from .._forward import state as _fw
from . import _pytree as pt

__all__ = ["argnums_slice", "differentiable", "unwrap", "check_argnums"]


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
