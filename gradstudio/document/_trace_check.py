"""The tracer's check of itself (in the calling process, after the document is built):
the document is run as the app runs it and compared with what the script computed,
node by node and step by step, so that a trace never draws a different program from
the one that ran.

Compared exactly (NaN equal to NaN, -0.0 unequal to 0.0: the document runs the same
engine from the same seed, so every number must come out the same):
- every node's value, dtype, shape and ``grad_fn`` as the script made it (the pieces of
  ``split`` and ``unbind`` are drawn as slices and selects, see ``PIECE_GRAD_FN``), after
  the forward pass or, for a node computed from parameters a training step had changed,
  after the ``forward`` action before it (the node's ``step``); and its value at the end
  when the script changed it afterwards (a parameter the timeline trains must end where
  the script's did; any other change is one the graph cannot show);
- after every timeline action, whether it raised, what ``autograd.grad`` returned, every
  ``.grad`` (while the child kept them, see ``gradstudio.trace.recorder.MAX_STEP_GRADS``)
  and the parameters a training step changed; in a folded loop, its last iteration's;
- for a folded loop: that it runs every iteration, each iteration's values (its loss and
  small nodes, the parameters at its end: what the loop's history keeps) and every node
  of the last iteration;
- what printing hooks write: before the first action, during each action, in each
  iteration of a folded loop;
- every ``.grad`` at the end.
The first difference, in the order the script ran, becomes one ``TraceError`` naming
its line.
"""
import math

import numpy as np

from gradstudio.timeline import ACTIONS

from gradstudio.hook_text import printing, say
from gradstudio.words import QT_TRANSLATE_NOOP, Number, Said

from .run import run

__all__ = ["check_trace", "PIECE_GRAD_FN"]

# a document node has one output: each piece of split/unbind is drawn as the slice or
# select it views, whose grad_fn is this one where the script's pieces share one node
PIECE_GRAD_FN = {"UnbindBackward0": "SelectBackward0", "SplitBackward0": "SliceBackward0",
                 "SplitWithSizesBackward0": "SliceBackward0"}


SHAPES = QT_TRANSLATE_NOOP("TraceCheck", "{name} would have shape {got} where the script's "
                           "had {want}")
AFTER_STEP = QT_TRANSLATE_NOOP("TraceCheck", "{what} after {step}")


def _said(text, **fields):
    """A difference's words, translated where they are shown."""
    return Said("TraceCheck", text, **fields)


class Difference(Exception):
    """The document would differ from the script; the message says how and where
    (``said``, and ``reason`` to go inside a sentence: ``Said`` for the window to
    translate; ``str()`` is English)."""

    def __init__(self, where, what):
        self.reason = Said("TraceCheck", QT_TRANSLATE_NOOP(
            "TraceCheck", "the graph would differ from the script from {where}: {what}"),
            where=where, what=what)
        self.said = Said("TraceCheck", QT_TRANSLATE_NOOP(
            "TraceCheck", "The graph would differ from the script from {where}: {what}, "
            "so it was not drawn."), where=where, what=what)
        super().__init__(str(self.said))


def check_trace(doc, data, ids, source):
    """Runs ``doc`` (built from the child's ``data``, ``ids`` mapping its node ids to the
    document's) and raises ``Difference`` at the first place it differs from the script."""
    result = run(doc)
    _settle_said(doc, data, result)
    found = []            # (order, line, what): the first difference of each kind
    if list(result.printed) != list(data.get("printed", ())):
        found.append(((0, 0), None, _said(QT_TRANSLATE_NOOP(
            "TraceCheck", "its hooks would print other lines during the forward pass "
            "than the script's"))))
    states = _states_at(result, data, ids)
    computed = _computed_in_loops(doc, data, ids)
    for k, n in enumerate(data["nodes"]):
        step, nid = n.get("step", 0), ids[n["id"]]
        state = states[-1 if step is None else step].get(nid)
        if step is None and nid in computed:      # (its grad_fn as computed: a view's
            moment = result.state(nid, step=computed[nid])  # is AsStrided's once changed)
            if not getattr(moment, "pending", False) and moment.dtype is not None:
                state = moment      # (else a compute step after the forward pass makes it)
        what = _node_difference(doc, result, nid, n.get("recorded"), step, state)
        if what:
            found.append(((k, 1), n.get("line"), what))
            break
    for k, a in enumerate(data["actions"]):
        what = _action_difference(doc, result, ids, k, a)
        if what:
            found.append(((a.get("after", 0), 0), a.get("line"), what))
            break
    for loop in data.get("loops", ()):
        what = _loop_difference(doc, result, ids, loop, data["actions"])
        if what:
            a = data["actions"][loop["loop"]]
            found.append(((a.get("after", 0), 0), a.get("line"), what))
            break
    trained = {ids[i] for a in data["actions"]
               for i in ACTIONS[a["kind"]].changed(a["params"])}
    if not found:
        found.extend(_end_difference(doc, result, data, ids, trained, states.get(-1)))
    if found:
        _, line, what = min(found, key=lambda f: f[0])
        exc = Difference(_where(line, source), what)
        exc.line = line                  # (where the trace is cut: document/trace.py)
        raise exc


def _states_at(result, data, ids):
    """``{step: {node id: state}}``: the recorded nodes' states at the steps the check
    reads them at (their own, and the end: -1), each step's made in one pass."""
    wanted = {-1: []}
    for n in data["nodes"]:
        if n.get("recorded") is not None:
            step = n.get("step", 0)
            wanted.setdefault(-1 if step is None else step, []).append(ids[n["id"]])
            wanted[-1].append(ids[n["id"]])
    return {step: result.states(nodes, step) for step, nodes in wanted.items()}


def _end_difference(doc, result, data, ids, trained, states=None):
    """``[(order, line, what)]``: the first node whose grad or value differs from the
    script's at the end (none: ``[]``); ``trained``: the nodes the timeline changes;
    ``states``: their states at the end, when already made."""
    last = data["actions"][-1].get("line") if data["actions"] else None
    states = states or {}
    for n in data["nodes"]:
        nid, seen = ids[n["id"]], n.get("recorded")
        if seen is None:
            continue
        state = states.get(nid) or result.state(nid)
        what = _grad_difference(lambda: f"{doc.display_name(nid)}.grad", state.grad,
                                seen["grad"])
        if what:
            return [((math.inf, 0), last or n.get("line"), _said(QT_TRANSLATE_NOOP(
                "TraceCheck", "{what} at the end"), what=what))]
        if "value_end" in seen:
            name = f"'{doc.display_name(nid)}'"
            what = _array_difference(name, state.value, seen["value_end"],
                                     tuple(seen.get("shape", ())))
            if what and nid in trained:
                return [((math.inf, 1), last or n.get("line"), _said(QT_TRANSLATE_NOOP(
                    "TraceCheck", "{what} at the end"), what=what))]
            if what:
                return [((math.inf, 1), n.get("line"), _said(QT_TRANSLATE_NOOP(
                    "TraceCheck", "{name} is changed later by something the graph cannot "
                    "show"), name=name))]
    return []


def _where(line, source):
    """``line 3 (y = x * 2)``, or ``the start`` for no line."""
    lines = source.splitlines()
    if line is not None and 0 < line <= len(lines):
        code = lines[line - 1].strip()
        code = code if len(code) <= 60 else code[:59] + "…"
        return Said("TraceCheck", QT_TRANSLATE_NOOP("TraceCheck", "line {line} ({code})"),
                    line=line, code=code)
    if line is None:
        return Said("TraceCheck", QT_TRANSLATE_NOOP("TraceCheck", "the start"))
    return Said("TraceNotes", QT_TRANSLATE_NOOP("TraceNotes", "line {line}"), line=line)


def _node_difference(doc, result, nid, seen, step=0, state=None):
    """What differs between node ``nid`` and what the script recorded for it (None:
    nothing); ``state``: its state at ``step``, when already made."""
    if seen is None:
        return None

    def name():           # (made only for a message: 4,000 nodes, usually none)
        return f"'{doc.display_name(nid)}'"
    if nid in result.errors:
        return _said(QT_TRANSLATE_NOOP("TraceCheck", "{name} would fail ({error}) where the "
                                       "script computed it"), name=name(),
                     error=result.errors[nid])
    # (step None: its value only the loop's check compares; the rest is the same at the
    # end, where a node a loop's compute step makes has its value)
    if state is None:
        state = result.state(nid, step=-1 if step is None else step)
    if state.dtype != seen["dtype"]:
        return _said(QT_TRANSLATE_NOOP("TraceCheck", "{name} would be {dtype} where the "
                                       "script made {want}"), name=name(), dtype=state.dtype,
                     want=seen["dtype"])
    # (np.shape walks the nested lists: only when the record gives no shape)
    shape = tuple(seen["shape"] if "shape" in seen else np.shape(seen["value"]))
    # (step None: a loop's batch may be smaller in its last iteration than in its first,
    # the one seen; the loop's check compares its last iteration's nodes, shapes too)
    if state.shape != shape and step is not None:
        return _said(SHAPES, name=name(), got=list(state.shape), want=list(shape))
    # (step None: a loop's node computed after an earlier training step; the loop's check
    # compares its values, iteration by iteration)
    what = None if step is None else _array_difference(name, state.value, seen["value"], shape)
    if what:
        return what
    fn = PIECE_GRAD_FN.get(seen["grad_fn"], seen["grad_fn"])
    if state.grad_fn != fn:
        return _said(QT_TRANSLATE_NOOP("TraceCheck", "{name} would have grad_fn {got} where "
                                       "the script's had {want}"), name=name(),
                     got=state.grad_fn, want=fn)
    return None


def _action_difference(doc, result, ids, k, a):
    if k >= len(result.outcomes):
        return _said(QT_TRANSLATE_NOOP("TraceCheck", "the script's step {kind} would be "
                                       "missing"), kind=a["kind"])
    outcome = result.outcomes[k]
    step = _said(QT_TRANSLATE_NOOP("TraceCheck", "the {kind} step"), kind=a["kind"])
    if "printed" in a and list(outcome.printed) != list(a["printed"]):
        return _said(QT_TRANSLATE_NOOP("TraceCheck", "what its hooks print during {step} "
                                       "would differ from what the script's did"), step=step)
    if "failed" in a and (outcome.error is not None) != a["failed"]:
        return _said(QT_TRANSLATE_NOOP("TraceCheck", "{step} would fail ({error})"),
                     step=step, error=outcome.error) if outcome.error else \
            _said(QT_TRANSLATE_NOOP("TraceCheck", "{step} would succeed where the script's "
                                    "raised an error"), step=step)
    for j, want in enumerate(a.get("results") or ()):
        got = outcome.results[j] if outcome.results and j < len(outcome.results) else None
        what = _grad_difference(_said(QT_TRANSLATE_NOOP(
            "TraceCheck", "the gradient {j} it returns"), j=j),
                                None if got is None else got.value, want)
        if what:
            return _said(AFTER_STEP, what=what, step=step)
    for node_id, want in (a.get("grads") or {}).items():
        nid = ids[node_id]
        what = _grad_difference(f"{doc.display_name(nid)}.grad",
                                result.state(nid, step=k + 1).grad, want)
        if what:
            return _said(AFTER_STEP, what=what, step=step)
    for node_id, want in (a.get("values") or {}).items():
        nid = ids[node_id]
        what = _array_difference(f"'{doc.display_name(nid)}'",
                                 result.state(nid, step=k + 1).value, want, None)
        if what:
            return _said(AFTER_STEP, what=what, step=step)
    return None


def _loop_difference(doc, result, ids, loop, actions):
    """A folded loop: every iteration ran, each left what the script's did (the values
    the loop's history keeps), and its last iteration's nodes are the script's."""
    history = result.histories.get(doc.timeline[loop["loop"]].id)
    count = loop["count"]
    if history is None or history.iterations < count:
        done = 0 if history is None else history.iterations
        return _said(QT_TRANSLATE_NOOP("TraceCheck", "the loop would stop after {done} of "
                                       "its {count} iterations"), done=Number(done),
                     count=Number(count))
    said = [a["said"] for a in actions[loop["loop"]:loop["end"]]
            if isinstance(a.get("said"), list)]
    for k, lines in enumerate(loop.get("printed", ())):
        lines = list(lines) + _lines("".join(texts[k] for texts in said))
        if list(history.printed.get(k, ())) != lines:
            return _said(QT_TRANSLATE_NOOP("TraceCheck", "what its hooks print would differ "
                                           "in iteration {k} of the loop"), k=Number(k + 1))
    for k, values in enumerate(loop["iterations"]):
        for node_id, want in values.items():
            nid = ids[node_id]
            got = history.values.get(nid)
            if got is None:
                continue
            what = _array_difference(f"'{doc.display_name(nid)}'", got[k], want, None)
            if what:
                return _said(QT_TRANSLATE_NOOP("TraceCheck", "{what} in iteration {k} of the "
                                               "loop"), what=what, k=Number(k + 1))
    computed = _forward_step(doc, loop)
    for node_id, want in loop["last"].items():
        nid = ids[node_id]
        what = _array_difference(f"'{doc.display_name(nid)}'",
                                 result.state(nid, step=loop["end"] + 1).value, want, None)
        if what and computed is not None and _array_difference(
                "", result.state(nid, step=computed).value, want, None) is None:
            what = None     # (a view of a parameter the iteration's step then changed:
            #                 the script's value is the one it was computed with)
        if what:
            return _said(QT_TRANSLATE_NOOP("TraceCheck", "{what} in the last iteration of "
                                           "the loop"), what=what)
    return None


def _computed_in_loops(doc, data, ids):
    """``{node: step}``: each node of a folded loop's last iteration, and the step just
    after that iteration's forward pass."""
    out = {}
    for loop in data.get("loops", ()):
        step = _forward_step(doc, loop)
        if step is not None:
            out.update((ids[n], step) for n in loop["last"])
    return out


def _forward_step(doc, loop):
    """The step just after the loop body's forward pass (the state holding the values of
    the last iteration's nodes as they were computed), or None: no forward pass."""
    for k in range(loop["loop"] + 1, loop["end"]):
        if ACTIONS[doc.timeline[k].kind].recomputes == "forward":
            return k + 1
    return None


def _lines(text):
    """``text`` as the lines a run's ``printing`` block keeps of it."""
    with printing([]) as lines:
        say(text)
    return lines


def _settle_said(doc, data, result):
    """A say step printing a tensor of the graph must print what the script's print did
    at that moment; an argument that would not (the tensor changed in a way the step's
    place does not show, a recorded ``Parameter`` printed without its ``Parameter
    containing:``) prints the text the script printed instead: recorded. The others
    still print live (``print(y, w0)``: ``y`` from the graph, ``w0`` as recorded)."""
    for k, a in enumerate(data["actions"]):
        if a["kind"] != "say" or not isinstance(a.get("said"), str) or \
                k >= len(result.outcomes):
            continue
        outcome = result.outcomes[k]
        if outcome.error is None and list(outcome.printed) == _lines(a["said"]):
            continue
        action = doc.timeline[k]
        tensors, parts = _settled_parts(action.params, outcome, a["said_parts"])
        doc.set_action_param(action.id, "tensors", tensors)
        doc.set_action_param(action.id, "parts", parts)
        outcome.printed = tuple(_lines(a["said"]))
        outcome.error = None


def _settled_parts(params, outcome, said_parts):
    """``(tensors, parts)`` of a say step whose run printed other than the script: each
    argument that printed other than the script's is its recorded text, the others stay
    as they are; every argument recorded when the step failed or its arguments cannot be
    told apart."""
    got = outcome.said_parts
    if outcome.error is not None or got is None or \
            not (len(got) == len(params["parts"]) == len(said_parts)):
        return [], said_parts
    tensors, parts = [], []
    for part, printed, want in zip(params["parts"], got, said_parts):
        if printed != want.get("text"):
            parts.append(want)
        elif "tensor" in part or "grad" in part:
            key = "tensor" if "tensor" in part else "grad"
            parts.append({key: len(tensors)})
            tensors.append(params["tensors"][part[key]])
        else:
            parts.append(part)
    return tensors, parts


def _grad_difference(name, got, want):
    """As ``_array_difference`` for a ``.grad`` (None when either has none)."""
    if got is None or want is None:
        if got is None and want is None:
            return None
        name = name() if callable(name) else name
        return _said(QT_TRANSLATE_NOOP("TraceCheck", "{name} would be None where the script "
                                       "had a gradient"), name=name) if got is None else \
            _said(QT_TRANSLATE_NOOP("TraceCheck", "{name} would be a gradient where the "
                                    "script had None"), name=name)
    return _array_difference(name, got, want, None)


def _array_difference(name, got, want, shape):
    """What differs between ``got`` and the script's ``want`` (None: nothing), in words
    naming ``name``: a string, or a function making it (called only for a message)."""
    def named():
        return name() if callable(name) else name
    got = np.asarray(got)
    try:
        want = np.array(want, dtype=got.dtype)
        if shape is not None:
            want = want.reshape(shape)
    except (ValueError, TypeError, OverflowError):
        return _said(QT_TRANSLATE_NOOP("TraceCheck", "{name} would hold other values than "
                                       "the script's"), name=named())
    if got.shape != want.shape:
        return _said(SHAPES, name=named(), got=list(got.shape), want=list(want.shape))
    if got.dtype == want.dtype and got.tobytes() == want.tobytes():
        return None      # (the same bits: equal, signs and NaNs too; one pass, not eight)
    same = got == want
    if got.dtype.kind == "f":
        # JSON keeps neither a NaN's sign nor its payload: any NaN equals any NaN
        nan = np.isnan(got) & np.isnan(want)
        same = nan | (same & (np.signbit(got) == np.signbit(want)))
    if same.all():
        return None
    at = np.unravel_index(int(np.argmin(same.reshape(-1))), got.shape) if got.ndim else ()
    index = f"[{', '.join(map(str, at))}]" if at else ""
    return _said(QT_TRANSLATE_NOOP("TraceCheck", "{name}{index} would be {got} where the "
                                   "script computed {want}"), name=named(), index=index,
                 got=_number(got[at]), want=_number(want[at]))


def _number(v):
    if isinstance(v, np.floating):
        return np.format_float_positional(v, unique=True, trim="-")
    return str(v.item() if isinstance(v, np.generic) else v)
