"""The end of a trace (``Recorder.finish``): training loops folded (``fold``), the
``compute`` steps placed (``late``), dead temporaries dropped, and the JSON-able result,
its nodes renumbered ``t1``, ``t2`` ... with what the script computed for the check.

Part of the tracing child (``child.py``); imports only numpy, the engine's public API, the
action records (``gradstudio.timeline``) and its sibling modules.
"""
import numpy as np

from gradstudio.engine import inspect as raw
from gradstudio.timeline import ACTIONS
from gradstudio.words import QT_TRANSLATE_NOOP, Number

from .fold import fold
from .late import place_computes
from .said import merge_adjacent
from .batches import randperm_batches
from .values import NODE_PARAMS, DRAWING_KINDS, ActionRef, TraceError

MAX_NODES = 20_000            # nodes of the graph drawn (after a training loop is folded)
UNSEEDED = 0     # an unseeded script draws as if seeded with 0, the document's default
# what a node dict holds for the trace only, not for the result
_TRACE_ONLY = ("keep", "alias", "taint", "leaf_rg", "grad_owner", "removed", "check_after",
               "last_copy", "late", "superseded", "since", "stateful",
               "moved")


def finish(rec):
    """Folds training loops, drops dead temporaries and returns the JSON-able result;
    refuses a graph that would still hold a value computed from a gradient."""
    if rec.refusal is not None:
        raise rec.refusal
    rec.settle_view()
    randperm_batches(rec)      # (an epoch's perm[i:i + bs], one node for every batch)
    folded = fold(rec)
    alive = _alive(rec)
    folded.place_computes(alive)
    place_computes(rec, alive)
    if rec.said:       # the script's prints are its say steps (``said``)
        rec.actions = merge_adjacent([a for a in rec.actions
                                      if not ACTIONS[a["kind"]].prints])
    _refuse_undrawable(rec, alive)
    new_id, nodes = _renumbered(rec, alive)
    owner = _owners(rec) if rec.record_values else {}
    # a node a folded loop stands for has the .grad of its last iteration's tensor,
    # the one the document's run ends with (a tensor kept with retain_grad())
    grad_owner = {i: rec.objects[rec.nodes[i]["last_copy"]]
                  if "last_copy" in rec.nodes[i] else t for i, t in owner.items()}
    if rec.record_values:
        _add_recorded(rec, nodes, new_id, owner, grad_owner)
    index_of = {id(a): k for k, a in enumerate(rec.actions)}
    _add_steps(rec, nodes, new_id, index_of, set(folded.unchecked))
    actions = _actions(rec, alive, new_id, owner, grad_owner)
    seed = rec.seed
    if seed is None and any(n["kind"] in DRAWING_KINDS for n in nodes):
        seed = UNSEEDED
    return {"ok": True, "nodes": nodes, "actions": actions, "seed": seed,
            "loops": folded.checks(index_of, new_id), "printed": rec.forward_lines}


def _refuse_undrawable(rec, alive):
    """Refuses a graph too big to draw, or one still holding a node the trace marked
    (a value computed from a gradient, a tensor changed through shared memory ...)."""
    if sum(alive) > MAX_NODES:
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", 
            "the script made more than {count} tensor operations, too many to draw"),
            count=Number(MAX_NODES))
    for i, node in enumerate(rec.nodes):
        if alive[i] and node["taint"] is not None:
            line, message = node["taint"]
            raise TraceError(message, line=line)


def _renumbered(rec, alive):
    """The nodes kept, renumbered: ``{old index: "t1" ...}`` and their dicts, their inputs
    by their new ids."""
    new_id = {}
    nodes = []
    for i, node in enumerate(rec.nodes):
        if alive[i]:
            new_id[i] = f"t{len(nodes) + 1}"
            nodes.append(dict(node, id=new_id[i],
                              inputs={p: new_id[j] for p, j in node["inputs"].items()}))
    return new_id, nodes


def _add_recorded(rec, nodes, new_id, owner, grad_owner):
    """Each node's ``recorded``: what the script computed (value, dtype, grad_fn, final
    .grad, and its value at the end when something changed it after)."""
    position = {new_id[i]: k for k, i in enumerate(sorted(new_id))}
    for i, node_id in new_id.items():
        data, dtype, fn = rec.values[i]
        t = owner.get(i)
        ended = rec.nodes[i].get("superseded")     # (by a recorded part: ``cut``)
        g = None if t is None or ended else raw.grad(grad_owner[i])
        g = ended["grad"] if ended else None if g is None else raw.data(g).tolist()
        recorded = {"value": data.tolist(), "shape": list(data.shape), "dtype": dtype,
                    "grad_fn": fn, "grad": g}
        if t is not None and not ended and not _same(raw.data(t), data) and \
                "last_copy" not in rec.nodes[i]:
            # changed after its node was made: by a training step the timeline
            # shows, or by something the graph does not show (the check tells)
            # (a folded loop's node: its last iteration's is the loop's check's)
            recorded["value_end"] = raw.data(t).tolist()
        nodes[position[node_id]]["recorded"] = recorded


def _add_steps(rec, nodes, new_id, index_of, unchecked):
    """Each node's ``step`` (the action after which its value is checked, or None: only
    its loop's check compares it), and what a node dict held for the trace only, gone."""
    for n, i in zip(nodes, sorted(new_id)):
        after = rec.nodes[i].get("check_after")
        if after is not None:
            n["step"] = index_of[id(after)] + 1
        elif i in unchecked:
            n["step"] = None          # its value: only the loop's check compares it
        for key in _TRACE_ONLY:
            n.pop(key, None)


def _actions(rec, alive, new_id, owner, grad_owner):
    """The actions as the result holds them: nodes by their new ids, ``after`` counting
    the nodes kept, and what each did (for the check)."""
    alive_before = [0]
    for i in range(len(rec.nodes)):
        alive_before.append(alive_before[-1] + alive[i])
    uid_index = {a["uid"]: k for k, a in enumerate(rec.actions) if "uid" in a}
    actions, made = [], 0
    for k, a in enumerate(rec.actions):
        action = {"kind": a["kind"], "params": _action_params(a, new_id, uid_index),
                  "line": a["line"], "after": alive_before[a["after"]]}
        made = max(made, a.get("uid", made))   # (one the trace added: as the one before)
        _add_outcome(action, a, new_id, _owners_at(rec, owner, made), grad_owner)
        actions.append(action)
    return actions


def _action_params(a, new_id, uid_index):
    """An action's params with its nodes by their new ids and its actions by index."""
    params = {}
    for k, v in a["params"].items():
        if isinstance(v, ActionRef):
            params[k] = uid_index[v.uid]
        elif k not in NODE_PARAMS or v is None:
            params[k] = v
        elif isinstance(v, list):
            params[k] = [None if i is None else new_id[i] for i in v]
        else:
            params[k] = new_id[v]
    return params


def _owners_at(rec, owner, uid):
    """``owner`` for the action made ``uid``-th (actions are counted by the uid they
    were made with: folding loops and merging prints reorder the list): without the
    nodes a recorded part ended before it, nor the literals made after it for what a
    part changed (``cut``), nor a node computed at a later step (``late``: a hook
    registered after a backward, which stands for its tensor only from there), nor a
    requires_grad_ computed after it (``since``)."""
    if not rec.parts and not rec.late_since and \
            not any(isinstance(rec.nodes[i].get("late"), int) for i in owner):
        return owner
    out = {}
    for i, t in owner.items():
        node = rec.nodes[i]
        late = node.get("late")
        if isinstance(late, int) and not isinstance(late, bool) and uid <= late:
            continue
        ended = node.get("superseded")
        if (ended and uid >= ended["uid"]) or node.get("since", 0) > uid:
            continue
        out[i] = t
    return out


def _add_outcome(action, a, new_id, owner, grad_owner):
    """What action ``a`` did, as ``action`` (the result's) holds it: whether it raised,
    what it printed and returned, the gradients and values after it, its say text."""
    if "failed" in a:
        action["failed"] = a["failed"]
        action["printed"] = a.get("printed", [])
    if "results" in a:
        action["results"] = [None if r is None else r.tolist() for r in a["results"]]
    if "grads" in a:
        action["grads"] = {node_id: None if a["grads"][id(grad_owner[i])] is None
                           else a["grads"][id(grad_owner[i])].tolist()
                           for i, node_id in new_id.items()
                           if i in owner and id(grad_owner[i]) in a["grads"]}
    if "values" in a:
        action["values"] = {new_id[i]: v.tolist() for i, v in a["values"].items()
                            if i in new_id}
    for key in ("said", "said_parts"):        # (a say step's, for the check)
        if key in a:
            action[key] = a[key]


def _alive(rec):
    """Which nodes the graph keeps: those an action, a name, a print or another kept
    node uses (and random sources, which move the generator); the iterations a
    folded loop stands for are gone."""
    used = set()
    for a in rec.actions:
        for k, v in a["params"].items():
            if k in NODE_PARAMS and v is not None:
                used.update(i for i in (v if isinstance(v, list) else [v]) if i is not None)
    consumers = [0] * len(rec.nodes)
    for node in rec.nodes:
        if not node.get("removed"):
            for i in node["inputs"].values():
                consumers[i] += 1
    alive = [True] * len(rec.nodes)
    for i in range(len(rec.nodes) - 1, -1, -1):
        node = rec.nodes[i]
        if not node.get("removed") and (
                consumers[i] or i in used or node["label"] or node["watched"] or
                node["keep"] or node["kind"] in DRAWING_KINDS):
            continue
        alive[i] = False
        if not node.get("removed"):
            for j in node["inputs"].values():
                consumers[j] -= 1
    return alive


def _owners(rec):
    """node index -> the tensor whose ``.grad`` (and end value) is the node's: a
    tensor's .grad belongs to its node and to the requires_grad_ nodes
    that alias it (the same tensor in the document too), but not to nodes an in-place
    operation left behind (separate tensors in the document)."""
    owner, superseded = {}, set()
    for i in range(len(rec.nodes) - 1, -1, -1):
        obj = id(rec.objects[i])
        if rec.nodes[i].get("superseded") and not rec.nodes[i].get("removed"):
            owner[i] = rec.objects[i]      # (up to the recorded part that changed it)
            continue
        if obj in superseded or rec.nodes[i].get("removed"):
            continue
        owner[i] = rec.objects[i]
        if not rec.nodes[i]["alias"]:
            superseded.add(obj)
    return owner


def _same(a, b):
    """Bitwise the same array (NaN equal to NaN, -0.0 not equal to 0.0)."""
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    return a.tobytes() == b.tobytes() or (
        a.dtype.kind == "f" and np.array_equal(a, b, equal_nan=True)
        and np.array_equal(np.signbit(a), np.signbit(b)))
