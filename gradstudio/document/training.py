"""Training loops in a document: which leaves a loss trains, and the usual loop of
actions that trains them (what the window's Train… command inserts).

Manual update, as PyTorch's autograd tutorial goes on::

    for epoch in range(count):
        <forward again>
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad
        w.grad.zero_()

With an optimizer, as PyTorch's "Optimizing model parameters" tutorial::

    optimizer = torch.optim.SGD([w, b], lr=lr)
    for epoch in range(count):
        <forward again>
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
"""
import math

from gradstudio.engine.nn import init as nn_init
from gradstudio.words import translate

from .actions import CHOICES

__all__ = ["trainable_leaves", "train_loop", "place_train_loop", "add_train_loop", "linear_bounds", "add_linear"]


def trainable_leaves(doc, result, loss):
    """The nodes upstream of ``loss`` whose tensors are leaves that require grad, one per
    tensor, in the run's order."""
    upstream = doc.ancestors(loss)
    leaves = [n for n in result.order if n in upstream and result.computed(n)
              and result.state(n, 0).is_leaf and result.state(n, 0).requires_grad]
    return result.distinct_tensors(leaves)


def train_loop(params, loss, count=100, lr=0.1, optimizer=None, zero_grad=True):
    """The actions of a training loop as ``[(kind, settings)]``: ``optimizer`` None for a
    manual update, else an algorithm of ``torch.optim`` (``"SGD"``, ``"Adam"``, ...).
    Without ``zero_grad`` the gradients pile up, the classic bug. The step of an
    optimizer names the optimizer action by the placeholder ``"<optimizer>"``."""
    params = list(params)
    actions = []
    if optimizer is not None:
        if optimizer not in CHOICES["algorithm"]:
            raise ValueError(translate(
                    "Training", "'{optimizer}' is not an optimizer GradStudio knows.").format(
                    optimizer=optimizer))
        actions.append(("optimizer", {"algorithm": optimizer, "params": params, "lr": lr}))
    actions += [("loop", {"count": count}), ("forward", {}),
                ("backward", {"target": loss})]
    if optimizer is None:
        actions.append(("update", {"tensors": params, "lr": lr}))
        if zero_grad:
            actions += [("zero_grad", {"tensor": p}) for p in params]
    else:
        actions.append(("step", {"optimizer": "<optimizer>"}))
        if zero_grad:
            actions.append(("optimizer_zero_grad", {"optimizer": "<optimizer>"}))
    actions.append(("end_loop", {}))
    return actions


def place_train_loop(add, params, loss, **settings):
    """Places ``train_loop(...)`` action by action with ``add(kind, settings)``, which
    returns the new action's id (the document's ``add_action``, or an undo command's);
    the steps of an optimizer name the action that made it. Returns the ids in order."""
    ids, optimizer = [], None
    for kind, p in train_loop(params, loss, **settings):
        if p.get("optimizer") == "<optimizer>":
            p = dict(p, optimizer=optimizer)
        ids.append(add(kind, p))
        if kind == "optimizer":
            optimizer = ids[-1]
    return ids


def add_train_loop(doc, params, loss, index=None, **settings):
    """Adds ``train_loop(...)`` to the timeline at ``index`` (the end by default); returns
    the new actions' ids."""
    at = [len(doc.timeline) if index is None else index]

    def add(kind, p):
        at[0] += 1
        return doc.add_action(kind, p, index=at[0] - 1)
    return place_train_loop(add, params, loss, **settings)


def linear_bounds(in_features):
    """The bounds ``nn.Linear(in_features, ...)`` draws its weight and bias within
    (``kaiming_uniform_(a=sqrt(5))``, then 1/sqrt(in_features)), computed as PyTorch
    computes them so the drawn numbers match to the bit."""
    fan_in = int(in_features)
    gain = nn_init.calculate_gain("leaky_relu", math.sqrt(5))
    weight = math.sqrt(3.0) * (gain / math.sqrt(fan_in)) if fan_in else 0.0
    return weight, (1 / math.sqrt(fan_in) if fan_in > 0 else 0)


def add_linear(doc, x, in_features, out_features, name):
    """An ``nn.Linear(in_features, out_features)`` applied to node ``x``: its weight and
    bias as ``uniform`` leaves named ``{name}_weight`` and ``{name}_bias`` (drawn in
    PyTorch's order), and a ``linear`` node named ``name``; returns the three ids."""
    wb, bb = linear_bounds(in_features)
    w = doc.add_node("uniform", {"shape": (out_features, in_features), "low": -wb,
                                 "high": wb, "requires_grad": True}, label=f"{name}_weight")
    b = doc.add_node("uniform", {"shape": (out_features,), "low": -bb, "high": bb,
                                 "requires_grad": True}, label=f"{name}_bias")
    node = doc.add_node("linear", label=name)
    for src, port in ((x, "input"), (w, "weight"), (b, "bias")):
        doc.connect(src, node, port)
    return w, b, node
