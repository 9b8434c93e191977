"""What some iterations of a training loop compute on the side (part of the tracing
child, for ``fold``): ``if (epoch + 1) % 10 == 0: acc = (model(X).argmax(1) ==
y).float().mean(); print(epoch + 1, loss.item(), acc.item())`` computes nodes after the
step in the printing epochs only, so the iterations differ and the loop was cut into one
loop per print. Such a stretch of nodes whose values nothing of the graph uses (no other
node, no step, no print of a tensor: only numbers read with ``.item()`` and printed,
which the loop's print keeps as the text it printed each iteration) is left out of the
graph when that is what lets the iterations fold into one loop (``without_side_runs``).

A stretch is left out only when each of its nodes is an ordinary computation: no random
draw, no module moving its statistics, nothing written in place, nothing kept by a hook,
nothing computed at a step. Anything else keeps the loop as it was (never wrong).

Imports only its sibling modules.
"""
from .fold_find import Stream, find_loops
from .norms import STATEFUL
from .values import DRAWING_KINDS, NODE_PARAMS

__all__ = ["without_side_runs"]


def _used(rec):
    """The nodes a step, a tensor print or a hook's list uses."""
    used = set()
    for a in rec.actions:
        for k, v in a["params"].items():
            if k in NODE_PARAMS and v is not None:
                used.update(i for i in (v if isinstance(v, list) else [v]) if i is not None)
    for event in rec.said:
        used.update(value for kind, value in event["parts"] if kind != "text")
    used.update(i for i, *_ in rec.watched_prints)
    return used


def _plain(node):
    return not (node.get("removed") or node["alias"] or node["watched"] or node["keep"] or
                node["retains_grad"] or "late" in node or node.get(STATEFUL) or
                node["kind"] in DRAWING_KINDS)


def _side_runs(rec, st):
    """Stretches of nodes right after a parameter change, up to the next action, that
    nothing outside the stretch uses: ``[[node index, ...], ...]``."""
    used, runs, q = _used(rec), [], 0
    consumers = {}
    for j, node in enumerate(rec.nodes):
        if not node.get("removed"):
            for i in node["inputs"].values():
                consumers.setdefault(i, set()).add(j)
    while q < len(st.events):
        if not st.is_change[q]:
            q += 1
            continue
        run, q = [], q + 1
        while q < len(st.events) and st.is_node[q]:
            run.append(st.events[q][1])
            q += 1
        inside = set(run)
        if run and all(_plain(rec.nodes[i]) and i not in used and
                       consumers.get(i, set()) <= inside for i in run):
            runs.append(run)
    return runs


def _covered(loops, st, run):
    return any(loop.start <= st.npos[i] < loop.end for i in run for loop in loops)


def without_side_runs(rec, st, loops):
    """``(st, loops)``: the stream and its loops with the side stretches left out
    (marked ``removed``) where that folds more iterations, or as many into fewer loops, each
    stretch left out lying inside a loop found; else the ones given."""
    runs = _side_runs(rec, st)
    if not runs:
        return st, loops
    for run in runs:
        for i in run:
            rec.nodes[i]["removed"] = True
    side = Stream(rec.nodes, rec.actions)
    found = find_loops(side)
    before = (sum(loop.count for loop in loops), -len(loops))
    if found and (sum(loop.count for loop in found), -len(found)) > before and \
            all(_covered(found, side, run) for run in runs):
        return side, found
    for run in runs:
        for i in run:
            del rec.nodes[i]["removed"]
    return st, loops
