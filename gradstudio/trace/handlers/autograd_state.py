"""Autograd state: ``detach``, ``requires_grad_``, ``retain_grad``, ``.data`` and
``.grad`` read and assigned, reads of ``requires_grad``/``grad_fn``/``is_leaf`` (which
keep a node alive), numbers read out of tensors (``item``, ``tolist``: marked, see
``values.marked``) and grad-mode blocks (``torch.no_grad()``'s ``__enter__``/``__exit__``).
"""
from functools import partial

from gradstudio.engine import inspect as raw

from gradstudio.timeline import ACTIONS, Seen, traced
from gradstudio.words import QT_TRANSLATE_NOOP

from ..updates import data_assignment
from ..values import NUMPY_READ, TraceError, _Record, marked, marked_list
from .factories import FACTORY_KINDS
from .kinds import at_top, special
from .splits import remember_rows


# ---------------------------------------------------------------- special calls
def detach_handler(rec, out, t):
    rec.emit(_Record("detach", {}, {"self": t}, out))
    rec.share_memory(t, out)


def detach_inplace(rec, out, t):
    # drawn as x = x.detach(): the tensor stands for the new node (a backward
    # through a node that saved it before fails in the script, as in PyTorch)
    rec.emit(_Record("detach", {}, {"self": t}, t))


def _is_fresh_source(rec, i, node):
    """Whether node ``i`` is the last one made, by a factory, with requires_grad=False,
    nothing yet known of it and no action after it."""
    return i == len(rec.nodes) - 1 and \
        node["kind"] in FACTORY_KINDS and \
        node["params"].get("requires_grad") is False and \
        not (node["label"] or node["watched"] or node["keep"] or node["alias"]) \
        and not (rec.actions and rec.actions[-1]["after"] > i)


def _a_leafs_chain(rec, i, requires_grad):
    """Whether node ``i`` is a leaf that requires grad being frozen, or the
    ``requires_grad_(False)`` that froze one being undone."""
    node = rec.nodes[i]
    if node["leaf_rg"]:
        return not requires_grad
    return bool(requires_grad) and node["kind"] == "requires_grad_" and node["alias"] and \
        node["params"].get("requires_grad") is False


def requires_grad_handler(rec, out, t, requires_grad=True):
    i = rec.node_of.get(id(t))
    node = None if i is None else rec.nodes[i]
    if node is not None and requires_grad and _is_fresh_source(rec, i, node):
        # torch.empty(2).uniform_(-1, 1).requires_grad_(): the source itself is
        # the leaf, as torch.zeros(2, requires_grad=True) makes it
        node["params"]["requires_grad"] = True
        node["leaf_rg"] = True
        rec.grad_holders[id(t)] = t
        return
    # ``t`` stays the same Python object but is now the output of a new node
    rec.emit(_Record("requires_grad_", {"requires_grad": bool(requires_grad)}, {"self": t},
                     t, alias=True))
    j = rec.node_of.get(id(t))
    if rec.actions and node is not None and _a_leafs_chain(rec, i, requires_grad) and \
            j is not None and j != i and len(rec.frames) == 1 and rec.nodes[j]["alias"]:
        # a parameter frozen after a timeline step (a layer frozen after training), or
        # unfrozen again (fine-tuning after training the head): computed at this
        # moment, as a write is, so the steps before it see the tensor as it was
        rec.nodes[j]["late"] = rec.last_uid()
        rec.nodes[j]["keep"] = True
        rec.nodes[j]["since"] = rec.uids + 1   # (its .grad is the tensor's from then on)
        rec.late_since = True


def retain_handler(rec, out, t):
    """``t.retain_grad()`` marks ``t``'s node. A document's mark holds for the
    whole program, so a call after a backward pass that ``t`` may have been part
    of is refused rather than drawn as if it came first."""
    i = rec.node_index(t)
    if raw.requires_grad(t) and raw.grad_fn(t) is not None and any(
            ACTIONS[a["kind"]].walk is not None and a["after"] > i
            for a in rec.actions):
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", 
            "retain_grad() is called here after a backward pass that ran after the tensor "
            "was computed; a graph marks a tensor for the whole program. Call "
            "retain_grad() right after computing the tensor."))
    rec.nodes[i]["retains_grad"] = True
    rec.grad_holders[id(t)] = t


SPECIAL = {
    "Tensor.detach": detach_handler,
    "Tensor.detach_": detach_inplace,
    "Tensor.requires_grad_": requires_grad_handler,
    "Tensor.requires_grad =": requires_grad_handler,
    "Tensor.retain_grad": retain_handler,
}


# ---------------------------------------------------------------- the script's own calls
def inspected(rec, func, args, kwargs):
    rec.mark_kept(args[0])
    return func(*args, **kwargs)


def data_get(rec, func, args, kwargs):
    t = args[0]
    out = func(*args, **kwargs)
    if id(t) in rec.grad_of:
        rec.grad_of[id(out)] = rec.grad_of[id(t)]
        rec.grad_alias[id(out)] = rec.grad_alias.get(id(t), t)
        rec.keep.append(out)
    else:
        rec.emit(_Record("detach", {}, {"self": t}, out))
        rec.data_aliases.add(id(out))
        rec.data_source[id(out)] = t
        rec.share_memory(t, out)
    return out


def grad_get(rec, func, args, kwargs):
    t = args[0]
    g = func(*args, **kwargs)
    if g is not None and id(t) in rec.node_of:
        rec.grad_of[id(g)] = rec.node_of[id(t)]
        rec.keep.append(g)
    return g


# numbers read out of a tensor are marked (see values.marked)
def item(rec, func, args, kwargs):
    rec.item_read(args[0])
    return marked(func(*args, **kwargs))


def tolist(rec, func, args, kwargs):
    rows = marked_list(func(*args, **kwargs))
    remember_rows(rec, args[0], rows)
    return rows


def numpy_read(rec, func, args, kwargs):
    """``x.numpy()`` of a tensor of the graph: what numpy computes from it may come back
    into an op (``values.NUMPY_READ``)."""
    t = args[0]
    if rec.node_of.get(id(t)) is not None or id(t) in rec.grad_of:
        NUMPY_READ.append(True)
    return func(*args, **kwargs)


AT_TOP = {
    "Tensor.requires_grad": inspected,
    "Tensor.grad_fn": inspected,
    "Tensor.is_leaf": inspected,
    "Tensor.retains_grad": inspected,
    "Tensor.data": data_get,
    "Tensor.grad": grad_get,
    "Tensor.item": item,
    "Tensor.tolist": tolist,
    "Tensor.numpy": numpy_read,
}


# ---------------------------------------------------------------- every call
def data_set(rec, func, args, kwargs):
    if rec.quiet:
        return func(*args, **kwargs)
    t, value = args[0], args[1] if len(args) > 1 else kwargs.get("value")
    if rec.data_source.get(id(value)) is t:
        # w.data -= ... writes w.data back into w: the update was recorded
        return func(*args, **kwargs)
    result = func(*args, **kwargs)
    data_assignment(rec, t, value)     # w.data = w.data - lr * w.grad, or refused
    return result


def grad_set(rec, func, args, kwargs):
    """``x.grad = None`` (or ``del x.grad``) and ``x.grad = g``: a step of the timeline."""
    t, value = args[0], args[1] if len(args) > 1 else None
    if rec.quiet or len(rec.frames) != 1:
        return func(*args, **kwargs)
    if value is None:
        func(*args, **kwargs)
        rec.action(*traced("x.grad = None", Seen(rec.node_index(t))))
    else:
        seen = Seen(rec.node_index(t), operands=(rec.node_index(value),)) \
            if rec.is_tensor(value) else None
        func(*args, **kwargs)          # (torch's error for what is not a gradient)
        rec.action(*traced("x.grad = tensor", seen))
    rec.action_done()


def enter(rec, func, args, kwargs):
    rec.blocks += 1
    rec.block_stack.append(f"b{rec.blocks}")
    return func(*args, **kwargs)


def exit_(rec, func, args, kwargs):
    if rec.block_stack:
        rec.block_stack.pop()
    return func(*args, **kwargs)


def numpy_number(rec, func, args, kwargs):
    """A numpy scalar an op takes as its operand (``w * x.numpy().mean()``): read from a
    tensor, as far as the trace can tell, once the script read one as a numpy array."""
    value = func(*args, **kwargs)
    return marked(value) if NUMPY_READ and not rec.quiet else value


def checked_quietly(rec, func, args, kwargs):
    """``torch.autograd.gradcheck(MyFn.apply, (x,))``: its verdict is what the script
    reads (a print of it is said as printed); the many calls and gradients it makes to
    reach it are not the script's own steps, so none is drawn or recorded."""
    rec.quiet += 1
    try:
        return func(*args, **kwargs)
    finally:
        rec.quiet -= 1


EVERY = {
    "torch.autograd.gradcheck": checked_quietly,
    "torch.autograd.gradgradcheck": checked_quietly,
    "numpy.generic.item": numpy_number,
    "Tensor.data =": data_set,
    "Tensor.grad =": grad_set,
    "del Tensor.grad": grad_set,
    "torch.autograd.grad_mode.__enter__": enter,
    "torch.autograd.grad_mode.__exit__": exit_,
}


def handlers(rec):
    """The autograd state's handlers for ``rec``, by observed name: ``SPECIAL`` ones are
    recorded from their result, ``AT_TOP`` ones seen when the script calls them itself,
    ``EVERY`` one each time it is called."""
    h = {name: special(rec, partial(f, rec)) for name, f in SPECIAL.items()}
    h.update({name: at_top(rec, partial(f, rec)) for name, f in AT_TOP.items()})
    h.update({name: partial(f, rec) for name, f in EVERY.items()})
    return h
