"""Nodes computed at a timeline step (part of the tracing child): ``x.grad`` used as a
value (``x.grad - by_hand``) and everything computed from it.

The recorder marks such a node ``late`` with the last action before it (its ``uid``, which
the copies ``fold`` makes keep; see
``Recorder._grad_value``). Once loops are folded, ``place_computes`` puts a ``compute``
action right after that action, listing the nodes the document must be told about: the
``grad_of`` nodes, and any node made after a later action than all its late inputs. A
node it does not list is computed with the latest of its inputs, as the document's
``run_late`` says; each late node is checked at its ``compute`` step.

Imports only its sibling modules and the action records (``gradstudio.timeline``).
"""
from gradstudio.timeline import ACTIONS

from .fold import LOOPED
from .values import TraceError
from gradstudio.words import QT_TRANSLATE_NOOP

__all__ = ["place_computes", "IN_LOOP", "AFTER_LOOP"]

IN_LOOP = QT_TRANSLATE_NOOP("TraceRefusal",
    "a gradient used as a value inside this training loop cannot be drawn yet: the loop "
    "block cannot show where it is computed")
AFTER_LOOP = QT_TRANSLATE_NOOP("TraceRefusal",
    "a tensor a training loop computes from a random draw or a gradient of its iteration "
    "(such as X[idx] with idx = torch.randint(...) in the loop) is used after the loop, "
    "which cannot be drawn yet: the loop block computes it anew in every iteration")


def place_computes(rec, alive):
    """Adds the ``compute`` actions of the kept late nodes to ``rec.actions`` and sets
    each late node's ``check_after``; refuses a late node inside a folded loop, and a
    node after a loop computed from one its loop block computes (``fold.LOOPED``)."""
    kept = [i for i, node in enumerate(rec.nodes) if alive[i] and not node.get("removed")]
    for i in kept:
        node = rec.nodes[i]
        if node.get("late") != LOOPED and any(rec.nodes[j].get("late") == LOOPED
                                              for j in node["inputs"].values()):
            raise TraceError(AFTER_LOOP, line=node["line"])
    late = [i for i in kept if rec.nodes[i].get("late", LOOPED) != LOOPED]
    if not late:
        return
    actions = rec.actions
    position = {a["uid"]: k for k, a in enumerate(actions) if "uid" in a}
    looped, inside = set(), False
    for k, a in enumerate(actions):
        loop = ACTIONS[a["kind"]].loop
        if loop == "opens":
            inside = True
        elif loop == "closes":
            inside = False
        elif inside:
            looped.add(k)

    if _unlate_hooks_in_loops(rec, position, looped, late):
        late = [i for i in kept if rec.nodes[i].get("late", LOOPED) != LOOPED]
        if not late:
            return
    anchors = {i: _anchor(rec, position, looped, i) for i in late}
    listed = {}             # anchor position -> the nodes its compute step lists
    for i in late:
        node = rec.nodes[i]
        before = [anchors[j] for j in node["inputs"].values() if j in anchors]
        if node["kind"] == "grad_of" or not before or anchors[i] > max(before):
            listed.setdefault(anchors[i], []).append(i)
        owner = rec.nodes[node["grad_owner"]] if node["kind"] == "grad_of" else None
        if owner is not None and node["label"] is None and owner["label"] is not None:
            rec.name_node(i, owner["label"] + "_grad")          # x.grad: x_grad
        elif node["kind"] == "kept_grad" and node["label"] is None:   # grads[0]: grads_0
            rec.name_node(i, f"{node['params']['into']}_{node['params']['call']}")
    computes = {}
    for k in sorted(listed, reverse=True):
        nodes = listed[k]
        action = {"kind": "compute", "params": {"nodes": nodes},
                  "line": rec.nodes[nodes[0]]["line"], "after": nodes[0]}
        if rec.record_values:
            action.update(failed=False, printed=[])
        actions.insert(k + 1, action)
        computes[k] = action
    for i in late:
        rec.nodes[i]["check_after"] = computes[anchors[i]]


def _anchor(rec, position, looped, i):
    """The index of the action after which late node ``i`` is computed (-1: before any);
    refuses one inside a folded loop."""
    actions = rec.actions
    anchor = rec.nodes[i]["late"]
    if anchor is None:
        return -1
    k = position.get(anchor)
    after = k + 1 if k is not None else len(actions)
    while after < len(actions) and (ACTIONS[actions[after]["kind"]].transcript or
                                    ACTIONS[actions[after]["kind"]].recomputes == "late"):
        after += 1          # (the loop's prints: a say step before its end; the compute
        #                     step of what its iterations collect, ``collect``)
    if k is not None and k in looped and after < len(actions) and \
            ACTIONS[actions[after]["kind"]].loop == "closes":
        # the last step of a folded loop's last iteration, whose nodes are gone: a
        # node still here came after the loop
        k = after
    if k is None or k in looped:
        raise TraceError(IN_LOOP, line=rec.nodes[i]["line"])
    return k


_HOOKS = ("register_hook", "keep_grad", "post_accumulate_hook")


def _late_hooks(rec, i):
    """The hooks registered after a backward (``hooks.registered_late``) late node ``i``
    is, or is computed from."""
    todo, seen, found = [i], set(), set()
    while todo:
        j = todo.pop()
        if j in seen or "late" not in rec.nodes[j]:
            continue
        seen.add(j)
        if rec.nodes[j]["kind"] in _HOOKS:
            found.add(j)
        todo.extend(rec.nodes[j]["inputs"].values())
    return found


def _unlate_hooks_in_loops(rec, position, looped, late):
    """A hook registered after a backward whose tensor a folded training loop then
    computes with (``w.register_hook(...)`` between a first backward and the loop, or in
    one of its iterations) cannot be registered at a step the loop block shows: it is
    registered with the forward pass instead, as the graph draws hooks, and the trace's
    check finds where that differs from the script (the earlier backward, recorded).
    Returns whether any was."""
    hooks = set()
    for i in late:
        try:
            _anchor(rec, position, looped, i)
        except TraceError:
            hooks |= _late_hooks(rec, i)
    if not hooks:
        return False
    undone = set(hooks)
    for j, node in enumerate(rec.nodes):
        inputs = node["inputs"].values()
        if j in hooks or ("late" in node and node["kind"] not in ("grad_of", "kept_grad")
                          and any(k in undone for k in inputs)
                          and not any("late" in rec.nodes[k] for k in inputs)):
            node.pop("late", None)
            undone.add(j)
    return True
