"""What the Data panel shows: the training points, what the model makes of them and, over
the input plane (two inputs) or the input line (one), what it would make of any point.

``data_view(doc, result)`` reads the program as a person would:

- the **loss** is the target of the first backward pass inside the first loop, a loss node (``mse_loss``, ``binary_cross_entropy``, ``cross_entropy`` ...);
- the **model's output** feeds the loss's first port and the **targets** its ``target``;
- the **inputs** are the first node (in the run's order) upstream of the output that does
  not require grad and holds one or two columns of as many rows as the output: the
  ``x`` of ``x = data[:, :2]``.

A loop over a loader's batches (``x[idx]``, ``idx`` a ``loader_batch`` node) shows every
row of the data, not only the batch: the nodes between ``idx`` and the loss computed again
for all the rows at once, under ``no_grad``.

The model is shown as it was in the iteration the views show: the parameters just after
that iteration's *forward again* (the ones its output and loss were computed from), or
after the forward pass when the loop does not compute the forward again. The points' outputs,
accuracy and loss are the run's own; the boundary is the nodes between the inputs and the
output computed once more by the engine, under ``no_grad``, on a grid of inputs in one
batched forward, every other input of those nodes taken at that same step.

When the data node upstream of the inputs holds points out as a test set (its
``test_fraction``), the run keeps those rows (``RunResult.held_out``) and the view
computes them the same way: the nodes between the data node and the loss (the inputs,
targets, model and loss) again, on the test rows, in one batch under ``no_grad``, with
the parameters of the step shown. ``test`` then holds the test points' inputs, targets,
outputs, mistakes, accuracy and loss.
"""
from dataclasses import dataclass, field

import numpy as np

import gradstudio.engine as torch
from gradstudio.engine import inspect as raw
from gradstudio.timeline import ACTIONS
from gradstudio.words import translate

from .actions import loop_structure
from .batches import KIND
from .catalogue import CATALOGUE
from .catalogue_data import has_dataset
from .run_timeline import NodeFailure, compute

__all__ = ["DataView", "TestPoints", "data_view", "data_points", "prepare", "span", "GRID",
           "CURVE_POINTS", "LOGIT_LOSSES", "CLASS_LOSSES"]

GRID = 100              # grid cells along each axis of the input plane
CURVE_POINTS = 200      # points of a one-input model's curve
_PAD = 0.1              # of the points' span, added around them
LOGIT_LOSSES = {"binary_cross_entropy_with_logits"}     # outputs are logits
CLASS_LOSSES = {"cross_entropy", "nll_loss"}                # one column per class


@dataclass
class DataView:
    """The Data panel's content. ``message`` says why there is nothing to show (then the
    rest is empty). ``inputs`` (n, d) and ``targets`` (n,) are the points;
    ``classes`` whether the targets are classes (then ``predicted`` and ``wrong`` per
    point, and ``accuracy``); ``loss`` the loss's value. Two inputs: ``image`` (GRID,
    GRID), indexed ``[i, j]`` at ``(xs[i], ys[j])``: the probability of class 1, the
    output, or (several classes) the predicted class. One input: ``curve`` = (xs, ys).
    ``step`` is the timeline step the model was read at; ``names`` (inputs, output,
    target, loss) the nodes' names."""
    message: str = ""
    inputs: np.ndarray = None
    targets: np.ndarray = None
    outputs: np.ndarray = None
    classes: bool = False
    class_count: int = 0
    predicted: np.ndarray = None
    wrong: np.ndarray = None
    accuracy: float | None = None
    loss: float | None = None
    xs: np.ndarray = None
    ys: np.ndarray = None
    image: np.ndarray = None
    image_kind: str = ""          # "probability", "class" or "output"
    grid_outputs: np.ndarray = None   # the model's output at each grid point, (GRID², ...)
    curve: tuple = None
    step: int = 0
    loss_kind: str = ""
    nodes: dict = field(default_factory=dict)     # role -> node id
    test: "TestPoints" = None         # the held-out points, when the data node splits


@dataclass
class TestPoints:
    """The points a data node held out as a test set, as the model at the view's step
    sees them: ``inputs`` (m, d), ``targets`` (m,), ``outputs``; ``wrong`` and
    ``accuracy`` for classes; ``loss`` the loss node computed on them (None when it is
    not one number). ``message`` says why they could not be computed (the rest None)."""
    message: str = ""
    inputs: np.ndarray = None
    targets: np.ndarray = None
    outputs: np.ndarray = None
    wrong: np.ndarray = None
    accuracy: float | None = None
    loss: float | None = None


def _empty(message):
    return DataView(message=message)


def _loss_and_step(doc):
    """(loss node, the step to read the model at) or (None, why)."""
    ends, _ = loop_structure(doc.timeline)
    if not ends:
        return None, translate("DataView", "No training loop yet: the Data panel shows a "
                               "model trained on points by a loop (File ▸ Examples ▸ "
                               "Playground, or Add ▸ Train… in the timeline).")
    timeline = doc.timeline
    start, end = next(iter(ends.items()))
    body = range(start + 1, end)
    loss = next((timeline[i].params.get(ACTIONS[timeline[i].kind].target) for i in body
                 if ACTIONS[timeline[i].kind].target), None)
    if loss is None:
        return None, translate("DataView", "The loop has no backward pass: add "
                               "loss.backward() to it.")
    forward = next((i for i in body if ACTIONS[timeline[i].kind].recomputes == "forward"),
                   None)
    if forward is None:      # (a loop over batches computes its forward with its batch)
        forward = next((i for i in body if ACTIONS[timeline[i].kind].recomputes == "late"),
                       None)
    return loss, 0 if forward is None else forward + 1


def _find_inputs(doc, result, output, target, rows, step):
    ancestors = doc.ancestors(output) - doc.ancestors(target) - {target}
    for n in result.order:
        if n not in ancestors:
            continue
        s = result.state(n, step)
        if s.ok and s.value is not None and not s.requires_grad and s.value.ndim == 2 \
                and s.value.shape[0] == rows and s.value.shape[1] in (1, 2) \
                and s.value.dtype.kind == "f":
            return n
    return None


def data_view(doc, result, grid=GRID):
    """The ``DataView`` of ``doc``'s run ``result`` (see the module's docstring)."""
    view = data_points(doc, result)
    if view.inputs is None:
        return view
    view.test = _test_points(doc, result, view)
    try:
        if view.inputs.shape[1] == 2:
            _boundary(doc, result, view, grid)
        else:
            _curve(doc, result, view)
    except NodeFailure as exc:
        view.message = translate("DataView", "The model could not be computed over the "
                                 "input plane: {error}").format(error=exc)
    return view


def _no_loss_node(doc, loss):
    """Why the loop's loss shows no points: with no data node, what to add; else that
    the loss is computed by hand, not by a loss node that takes the targets."""
    if not has_dataset(doc):
        return translate("DataView", "This program has no data to show: add a dataset from "
                         "the palette's Datasets or File ▸ Import Data…, and train on it "
                         "with a loss node such as mse_loss; or open File ▸ Examples ▸ "
                         "Playground.")
    return translate("DataView", "{name}, which the loop's backward() starts from, is not "
                     "a loss node with a target (mse_loss, binary_cross_entropy, "
                     "cross_entropy …): compute it with one, so the Data panel can tell the "
                     "model's output from the targets.").format(name=doc.display_name(loss))


def data_points(doc, result):
    """The ``DataView`` without what takes the model's forward again (the test points,
    the boundary or curve): the nodes, the points, their classes, mistakes and loss.
    ``inputs`` is None (and ``message`` says why) when the program shows no data."""
    loss, step = _loss_and_step(doc)
    if loss is None:
        return _empty(step)
    data = doc.node(loss)
    ports = CATALOGUE[data.kind].input_names(data.params)
    output, target = (doc.source_of(loss, ports[0]), doc.source_of(loss, "target")) \
        if "target" in ports[1:] else (None, None)
    if output is None or target is None:
        return _empty(_no_loss_node(doc, loss))
    out_s, tgt_s = result.state(output, step), result.state(target, step)
    if not (out_s.ok and tgt_s.ok) or out_s.value is None or tgt_s.value is None:
        return _empty(translate("DataView", "The model's output or the targets could not be "
                                "computed: see the node in red."))
    outputs = np.asarray(out_s.value, dtype=np.float64)
    rows = outputs.shape[0] if outputs.ndim else 0
    x = _find_inputs(doc, result, output, target, rows, step) if rows else None
    if x is None:
        return _empty(translate("DataView", "The Data panel shows models of one or two "
                                "inputs: no tensor of one or two columns, one row per point, "
                                "feeds the model's output."))
    view = DataView(step=step, nodes={"inputs": x, "output": output, "target": target,
                                      "loss": loss})
    values = _every_batch(doc, result, view) or {
        "inputs": result.state(x, step).value, "output": out_s.value,
        "target": tgt_s.value, "loss": result.state(loss, step).value}
    view.inputs = np.asarray(values["inputs"], dtype=np.float64)
    view.outputs = outputs = np.asarray(values["output"], dtype=np.float64)
    rows = outputs.shape[0]
    targets = np.asarray(values["target"], dtype=np.float64)
    view.targets = targets.reshape(rows, -1)[:, 0] if targets.size == rows else targets
    if values["loss"] is not None and np.size(values["loss"]) == 1:
        view.loss = float(values["loss"])
    _classify(view, data.kind)
    return view


def _every_batch(doc, result, view):
    """When the inputs are a batch a loader drew (``x[idx]``, ``idx`` a ``loader_batch``
    node): the inputs, output, targets and loss over every row of the loader's data
    (node -> value), the model as at the view's step; else None."""
    x = view.nodes["inputs"]
    data = doc.node(x)
    batch = doc.inputs_of(x).get("i") if data.kind == "index" else None
    if batch is None or doc.node(batch).kind != KIND:
        return None
    rows = torch.arange(doc.node(batch).params["size"])
    try:
        t = _again(doc, result, view.step, {batch: rows}, view.nodes["loss"])
    except NodeFailure:
        return None
    if not all(view.nodes[k] in t for k in ("inputs", "output", "target", "loss")):
        return None
    return {k: np.array(raw.data(t[view.nodes[k]])) for k in ("inputs", "output", "target",
                                                               "loss")}


def prepare(doc, result):
    """Computes ``data_view(doc, result)`` now, where the run ran (its thread holds the
    engine), into ``result.prepared``, for a document with a dataset node; returns
    ``result``. (The boundary's forward runs under ``no_grad``, which the engine keeps
    for the whole process: it must never overlap a run in another thread.)"""
    if has_dataset(doc):
        try:
            result.prepared["data_view"] = data_view(doc, result)
        except Exception:      # (a defect here must not lose the run: the Data panel
            pass               # computes it itself, and shows what went wrong there)
    return result


def _decide(outputs, loss_kind):
    """(class per row, probability of class 1 or None) from the model's outputs."""
    outputs = np.asarray(outputs, dtype=np.float64)
    if loss_kind in CLASS_LOSSES:
        return outputs.reshape(len(outputs), -1).argmax(1), None
    flat = outputs.reshape(len(outputs), -1)[:, 0]
    if loss_kind in LOGIT_LOSSES:
        p = 1 / (1 + np.exp(-flat))
        return (flat > 0).astype(int), p
    return (flat > 0.5).astype(int), flat


def _classify(view, loss_kind):
    t = view.targets
    whole = t.ndim == 1 and np.all(np.isfinite(t)) and np.all(t == np.round(t)) and \
        t.min(initial=0) >= 0
    binary = whole and t.max(initial=0) <= 1
    if loss_kind in CLASS_LOSSES and whole or binary:
        view.classes = True
        view.class_count = int(max(t.max(initial=0) + 1, 2 if binary else 1,
                                   view.outputs.reshape(len(t), -1).shape[1]
                                   if loss_kind in CLASS_LOSSES else 2))
        view.predicted, _ = _decide(view.outputs, loss_kind)
        view.wrong = view.predicted != t.astype(int)
        view.accuracy = float(1 - view.wrong.mean()) if len(t) else None
    view.loss_kind = loss_kind


def span(values):
    """``(low, high)``: the range the view shows along one input, the points' own
    widened by a tenth on each side."""
    lo, hi = float(values.min()), float(values.max())
    pad = _PAD * (hi - lo) if hi > lo else 1.0
    return lo - pad, hi + pad


def _span(values, count):
    return np.linspace(*span(values), count)


def _again(doc, result, step, given, dest):
    """The tensors of the nodes between the nodes ``given`` (id -> tensor) and ``dest``,
    computed again by the engine in one batch under no_grad, every other input taken
    from the run at ``step``."""
    below = set().union(*(doc.descendants(n) for n in given))
    path = (below & doc.ancestors(dest)) | {dest}
    tensors = dict(given)
    names = {n: doc.display_name(n) for n in doc.node_ids}
    with torch.no_grad():
        for n in result.order:
            if n not in path or n in given:
                continue
            for src in doc.inputs_of(n).values():
                if src not in tensors:
                    value = result.state(src, step).value
                    if value is None:
                        raise NodeFailure(translate(
                                "DataView", "{names} has no value at this step.").format(
                                names=names[src]))
                    tensors[src] = torch.from_numpy(np.array(value))
            tensors[n] = compute(doc, n, tensors, names)
    return tensors


def _forward(doc, result, view, inputs):
    """The model's output for ``inputs`` (an (m, d) float array): the nodes between the
    inputs and the output computed again by the engine, in one batch, under no_grad."""
    x, output, step = view.nodes["inputs"], view.nodes["output"], view.step
    dtype = result.state(x, step).value.dtype
    given = {x: torch.from_numpy(np.ascontiguousarray(inputs, dtype=dtype))}
    return np.array(raw.data(_again(doc, result, step, given, output)[output]))


def _test_points(doc, result, view):
    """The ``TestPoints`` of the data node upstream of the inputs, or None (no split)."""
    x, nodes = view.nodes["inputs"], view.nodes
    source = next((n for n in result.order if n in result.held_out and
                   (n == x or n in doc.ancestors(x))), None)
    if source is None:
        return None
    given = {source: torch.from_numpy(result.held_out[source].copy())}
    try:
        t = _again(doc, result, view.step, given, nodes["loss"])
    except NodeFailure as exc:
        return TestPoints(message=translate("DataView", "The test points could not be "
                                            "computed: {error}").format(error=exc))
    if not all(nodes[k] in t for k in ("inputs", "output", "target")):
        return TestPoints(message=translate(
            "DataView", "The model's inputs or targets are not made from the data node's "
            "rows alone, so its test rows cannot be shown."))
    rows = raw.data(t[x]).shape[0]
    test = TestPoints(inputs=np.asarray(raw.data(t[x]), dtype=np.float64),
                      outputs=np.asarray(raw.data(t[nodes["output"]]), dtype=np.float64))
    targets = np.asarray(raw.data(t[nodes["target"]]), dtype=np.float64)
    test.targets = targets.reshape(rows, -1)[:, 0] if targets.size == rows else targets
    loss = t.get(nodes["loss"])
    if loss is not None and loss.numel() == 1:
        test.loss = float(raw.data(loss))
    if view.classes:
        predicted, _ = _decide(test.outputs, view.loss_kind)
        test.wrong = predicted != test.targets.astype(int)
        test.accuracy = float(1 - test.wrong.mean()) if rows else None
    return test


def _boundary(doc, result, view, grid):
    view.xs, view.ys = _span(view.inputs[:, 0], grid), _span(view.inputs[:, 1], grid)
    gx, gy = np.meshgrid(view.xs, view.ys, indexing="ij")
    out = view.grid_outputs = _forward(doc, result, view,
                                       np.stack([gx.ravel(), gy.ravel()], 1))
    kind = view.loss_kind
    if view.classes and view.class_count > 2 or kind in CLASS_LOSSES:
        cls, _ = _decide(out, kind)
        view.image, view.image_kind = cls.reshape(grid, grid).astype(np.float64), "class"
    elif view.classes:
        _, p = _decide(out, kind)
        view.image, view.image_kind = p.reshape(grid, grid), "probability"
    else:
        view.image = out.reshape(len(out), -1)[:, 0].reshape(grid, grid).astype(np.float64)
        view.image_kind = "output"


def _curve(doc, result, view):
    xs = _span(view.inputs[:, 0], CURVE_POINTS)
    out = _forward(doc, result, view, xs.reshape(-1, 1))
    view.curve = (xs, out.reshape(len(out), -1)[:, 0].astype(np.float64))
