"""The catalogue's hand-built loss kinds (part of ``catalogue``, which registers them in
the op table's palette places): cross_entropy and nll_loss against class indices, with a
weight per class and (cross_entropy) label smoothing; mse_loss; and
binary_cross_entropy_with_logits with optional weight and pos_weight ports."""
from functools import partial

import gradstudio.engine as torch
from gradstudio.engine.optable import OPS

from .spelling import number


def _class_losses(NodeKind, Port, ParamSpec, spec, grad_name):
    """cross_entropy (scores, as logits) and nll_loss (log-probabilities), each against a
    target of class indices (an int64 tensor): by default averaged over the targets that
    count, or summed, or one loss per target (``reduction``)."""
    op = OPS["nll_loss"]
    ignore = ParamSpec("ignore_index", "int", -100, "a target class that is skipped")
    reduction = ParamSpec("reduction", "choice", "mean", "mean: the average over the "
                          "targets that count; sum: their total; none: one loss per target",
                          choices=("mean", "sum", "none"))
    smoothing = ParamSpec("label_smoothing", "scalar", 0.0, "how much of the target is "
                          "spread evenly over the classes (0: none)")
    out = []
    for name, doc in (
            ("cross_entropy", "The cross-entropy of class-index targets (an int64 tensor) "
             "from unnormalised scores (logits): nll_loss(log_softmax(input, 1), target)."),
            ("nll_loss", "The negative log likelihood of class-index targets (an int64 "
             "tensor) from log-probabilities.")):
        fn = getattr(torch.nn.functional, name)
        smooth = (smoothing,) if name == "cross_entropy" else ()

        def evaluate(p, input, target, weight=None, fn=fn):
            more = {"label_smoothing": p["label_smoothing"]} if "label_smoothing" in p else {}
            return fn(input, target, weight, ignore_index=p["ignore_index"],
                      reduction=p["reduction"], **more)

        def code(p, a, name=name):
            tail = f", weight={a['weight']}" if "weight" in a else ""
            tail += "" if p["ignore_index"] == -100 else f", ignore_index={p['ignore_index']}"
            if p["reduction"] != "mean":
                tail += f", reduction={p['reduction']!r}"
            if p.get("label_smoothing"):
                tail += f", label_smoothing={number(p['label_smoothing'])}"
            return f"torch.nn.functional.{name}({a['input']}, {a['target']}{tail})"
        out.append(NodeKind(name, op.category, doc, (Port("input"), Port("target"),
                                                     Port("weight", optional=True)),
                            (ignore, reduction) + smooth, evaluate,
                            f"torch.nn.functional.{name}({{input}}, {{target}})",
                            grad_name(op), code=code))
    return tuple(out)


def _mse(NodeKind, Port, ParamSpec, spec, grad_name):
    """mse_loss: the squared differences of input and target (broadcast, with PyTorch's
    warning when their sizes differ), averaged, summed or one per element."""
    op = OPS["mse_loss"]
    reduction = ParamSpec("reduction", "choice", "mean", "mean: the average of the squared "
                          "differences; sum: their total; none: one per element",
                          choices=("mean", "sum", "none"))

    def evaluate(p, input, target):
        return torch.nn.functional.mse_loss(input, target, reduction=p["reduction"])

    def code(p, a):
        tail = "" if p["reduction"] == "mean" else f", reduction={p['reduction']!r}"
        return f"torch.nn.functional.mse_loss({a['input']}, {a['target']}{tail})"
    return (NodeKind("mse_loss", op.category, "The mean squared error between input and "
                     "target: ((input - target) ** 2).mean(), as one op.",
                     (Port("input"), Port("target")), (reduction,), evaluate,
                     "torch.nn.functional.mse_loss({input}, {target})", grad_name(op),
                     code=code),)


def _bce_logits(NodeKind, Port, ParamSpec, spec, grad_name):
    """binary_cross_entropy_with_logits: the table's entry, with the weight per element
    and the weight of the positive class (``BCEWithLogitsLoss(pos_weight=...)``) as
    optional ports (the engine's weighted entry then runs: the same grad_fn)."""
    op = OPS["binary_cross_entropy_with_logits"]

    def evaluate(p, self, target, weight=None, pos_weight=None):
        return torch.nn.functional.binary_cross_entropy_with_logits(
            self, target, weight, reduction=p["reduction"], pos_weight=pos_weight)

    def code(p, a):
        weights = "".join(f", {w}={a[w]}" for w in ("weight", "pos_weight") if w in a)
        return (f"torch.nn.functional.binary_cross_entropy_with_logits({a['self']}, "
                f"{a['target']}, reduction={p['reduction']!r}{weights})")
    return (NodeKind(op.name, op.category, op.doc,
                     (Port("self"), Port("target"), Port("weight", optional=True),
                      Port("pos_weight", optional=True)),
                     tuple(spec(q) for q in op.params), evaluate, op.code,
                     grad_name(op), code=code),)


def builders(NodeKind, Port, ParamSpec, spec, grad_name):
    """``{table entry: builder of its kinds}``, given the catalogue's classes and helpers."""
    given = (NodeKind, Port, ParamSpec, spec, grad_name)
    return {"nll_loss": partial(_class_losses, *given), "mse_loss": partial(_mse, *given),
            "binary_cross_entropy_with_logits": partial(_bce_logits, *given)}
