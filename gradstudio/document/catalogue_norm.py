"""The ``batch_norm`` kind: ``torch.nn.functional.batch_norm``, and what an
``nn.BatchNorm1d`` / ``nn.BatchNorm2d`` does when it is called.

Its ports are the input, the learned ``weight`` and ``bias`` and the module's buffers
``running_mean``, ``running_var`` and ``num_batches_tracked`` (each optional, as PyTorch's
arguments are). In training (``training``) the node normalizes with the batch's own
statistics and writes new running averages into the tensors on ``running_mean`` and
``running_var``, in place, as PyTorch's kernel does; with ``num_batches_tracked``
connected it first adds one to that count, as the module does, and a ``momentum`` of
None (the module's ``momentum=None``) then moves the averages by 1 / count: a
cumulative average. Each time the node is computed is one batch: inside a training loop
it is computed once per iteration (the tracer draws it at a ``compute`` step there).
In eval mode it normalizes with ``running_mean`` and ``running_var``.

Exported as the module's forward spells it::

    h = torch.nn.functional.batch_norm(x, running_mean, running_var, weight, bias,
                                       training=True, momentum=0.1, eps=1e-05)
    num_batches_tracked.add_(1)

(``momentum=1.0 / float(num_batches_tracked.add_(1))`` for the cumulative average).
Registered into the catalogue by ``catalogue``, in the table entry's palette place.
"""
import gradstudio.engine as torch
from gradstudio.engine.optable import OPS

from .spelling import number

__all__ = ["batch_norm_kinds", "BUFFERS", "writes_buffers"]

_TENSORS = ("input", "running_mean", "running_var", "weight", "bias")
BUFFERS = ("running_mean", "running_var", "num_batches_tracked")


def writes_buffers(data):
    """Whether node ``data`` (anything with ``kind`` and ``params``) writes into the
    tensors on its ``BUFFERS`` ports when it is computed: a ``batch_norm`` in training."""
    return data.kind == "batch_norm" and bool(data.params.get("training"))


def _evaluate(p, input, weight=None, bias=None, running_mean=None, running_var=None,
              num_batches_tracked=None):
    momentum = p.get("momentum")
    if p["training"] and num_batches_tracked is not None:
        num_batches_tracked.add_(1)              # (the module's count of batches)
        if momentum is None:                     # a cumulative moving average
            momentum = 1.0 / float(num_batches_tracked)
    return torch.nn.functional.batch_norm(
        input, running_mean, running_var, weight, bias, training=bool(p["training"]),
        momentum=0.0 if momentum is None else momentum, eps=p["eps"])


def _counts(p, a):
    """Whether the node adds one to the tensor on ``num_batches_tracked``."""
    return bool(p["training"]) and "num_batches_tracked" in a


def _code(p, a):
    momentum = p.get("momentum")
    if momentum is None and _counts(p, a):
        moved = f"1.0 / float({a['num_batches_tracked']}.add_(1))"
    else:
        moved = number(0.0 if momentum is None else momentum)
    tensors = ", ".join(a.get(name, "None") for name in _TENSORS)
    return (f"torch.nn.functional.batch_norm({tensors}, training={p['training']!r}, "
            f"momentum={moved}, eps={number(p['eps'])})")


def _then(p, a, name):
    if _counts(p, a) and p.get("momentum") is not None:
        return [f"{a['num_batches_tracked']}.add_(1)"]
    return []


def batch_norm_kinds():
    """The one ``batch_norm`` kind (built by hand from the table entry's record)."""
    from .catalogue import NodeKind, ParamSpec, Port, _grad_name
    op = OPS["batch_norm"]
    docs = {q.name: q.doc for q in op.params}
    return [NodeKind(
        "batch_norm", op.category, op.doc,
        (Port("input"), Port("weight", optional=True), Port("bias", optional=True),
         Port("running_mean", optional=True), Port("running_var", optional=True),
         Port("num_batches_tracked", optional=True)),
        (ParamSpec("training", "bool", False, docs["training"]),
         ParamSpec("momentum", "scalar", 0.1, docs["momentum"], optional=True),
         ParamSpec("eps", "scalar", 1e-05, docs["eps"])),
        _evaluate, "torch.nn.functional.batch_norm", _grad_name(op), code=_code,
        then=_then)]
