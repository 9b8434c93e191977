"""An op made in place (the engine's ``inplace`` event: ``x.add_(1)``, ``x += 1``,
``w -= lr * w.grad``): a ``.grad`` changed in place is an action's trace point
(``x.grad.zero_()``), a tracked leaf or an ``x.data`` changed is a training step
(``updates``), anything else a new node the tensor now stands for (``writes``)."""
from gradstudio.engine import inspect as raw

from gradstudio.timeline import Seen, grad_points, traced
from gradstudio.words import QT_TRANSLATE_NOOP

from ..ops import op_record
from ..updates import inplace_update
from ..values import TraceError
from ..writes import (SHARED, VIEW_WRITE, WRITE_OPS, arithmetic_in_place, emit_write,
                      view_fill, view_written, write_refusal)


def _refuse(text, **fields):
    raise TraceError(text, **fields)


def _grad_in_place(rec, t, op, operands, params):
    """``x.grad.zero_()`` and the other trace points of a ``.grad`` changed in place."""
    made = traced(f"x.grad.{op.name.strip('_')}_()",
                  Seen(rec.grad_of[id(t)], tuple(operands[1:]), params or {},
                       refuse=_refuse))
    if made is None:
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "changing a .grad in place (other than "
                                           "{points}) cannot be drawn yet"),
                         points=grad_points())
    kind, params = made
    last = rec.actions[-1] if rec.actions else None
    if "tensors" in params and last is not None and last["kind"] == kind and \
            last["after"] == len(rec.nodes) and not last.get("failed") and \
            params["tensors"][0] not in last["params"]["tensors"] and \
            all(last["params"][k] == v for k, v in params.items() if k != "tensors"):
        # (for p in model.parameters(): p.grad.clamp_(-c, c): one step over them all)
        last["params"]["tensors"].extend(params["tensors"])
    else:
        rec.action(kind, params)
    rec.action_done()


def inplace(rec, func, args, kwargs):
    """The handler of the ``inplace`` event (``func(t, op, operands, params)``)."""
    if rec.quiet:
        return func(*args, **kwargs)
    t, op, operands = args[0], args[1], args[2]
    params = args[3] if len(args) > 3 else kwargs.get("params")
    was_tracked_leaf = raw.requires_grad(t) and raw.grad_fn(t) is None
    write = op.name in WRITE_OPS              # (drawn in place: see ``writes``)
    problem = write_refusal(rec, t) if write else None
    rec.quiet += 1
    try:
        out = func(*args, **kwargs)
    finally:
        rec.quiet -= 1
    if len(rec.frames) > 1:
        return out
    if id(t) in rec.grad_of:      # an action's trace point: x.grad.zero_()
        _grad_in_place(rec, t, op, operands, params)
        return out
    if was_tracked_leaf and view_fill(rec, t, op, params):    # (w[0].fill_(0): w[0] = 0)
        return out
    if was_tracked_leaf or id(t) in rec.data_aliases:
        # a training step (w -= lr * w.grad, w.data -= ...): an update action
        inplace_update(rec, t, was_tracked_leaf, op, operands, params)
        return out
    # the tensors sharing this one's memory change too, which the graph cannot show:
    # refused at the end if they are still part of it
    rec.taint_sharers(t, SHARED)
    if problem is None and op.name in WRITE_OPS and raw.is_view(t):
        problem = VIEW_WRITE
    if problem is not None:
        raise TraceError(problem)
    # the write reaches the tensor a view views (PyTorch's CopySlices); a graph of
    # single-output nodes would silently leave that tensor as it was, unless the
    # script writes the view back (x[1:] += 1: see ``writes``)
    pending = view_written(rec, t) if raw.is_view(t) else None
    # a new node the tensor now stands for (a write: in place, or into a copy); an
    # arithmetic update of a tensor autograd tracks, in place too (see ``writes``)
    emit_write(rec, op_record(op, operands, params, t),
               write or arithmetic_in_place(rec, t, op))
    rec.pending_view = pending
    return out
