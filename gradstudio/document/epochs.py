"""A loop over epochs around a loop over batches (issue 32): ``for epoch in range(E): for
xb, yb in loader: ...`` then what the script does once per epoch (a scheduler's step, an
evaluation under no_grad, a print of the epoch's loss) is traced as E loops, one per
epoch, each with its own copy of the iteration's graph and the epoch's steps after it.
``nest_epochs`` makes them one loop of E * B iterations split into epochs by an
``epoch_end`` step (``timeline/kinds_training.py``): the steps above it run every
iteration, those below it at the end of each epoch (the epoch as their iteration), and
the export writes them as the script did, ``for epoch in range(E): for step in ...``.

The E loops are merged only when they are the same steps on the same graph: the same
count, the same actions with the same settings (a print's recorded text may differ per
epoch: it becomes one text per epoch; so may the number a scheduler's step was given,
which becomes one number per epoch), and each epoch's nodes, made one after the other,
the same kinds with the same settings on the same inputs (a node made before the loops,
or the node in the same place of its own epoch). What comes after the loops may use the
last epoch's nodes (then the merged ones) but no other epoch's. The merged document is
then run and compared with the document traced (which the trace checked against the
script): the same text printed, no error, and every node's value at the end the same.
Otherwise the document stays as traced: never different from the run.
"""
from dataclasses import replace

import numpy as np

from gradstudio.timeline import ACTION_KINDS, ACTIONS

from .actions import loop_structure
from .epoch_prints import quiet_prints, restore_prints
from .export import transcript
from .files import dumps, loads
from .layout import apply_layered_layout
from .run import run

__all__ = ["nest_epochs", "MAX_NESTED_ITERATIONS"]

# iterations of the loops merged at most: the merged document is run twice more to be
# compared (a longer training keeps its loop per epoch, as the trace drew it)
MAX_NESTED_ITERATIONS = 5000


def _node_settings(kind):
    return {n: t for n, t, _ in ACTION_KINDS[kind] if t in ("node", "node?", "nodes",
                                                           "nodes?")}


def _groups(timeline):
    """Each run, in order, of two or more loops of the same count and steps, each
    followed by the same steps up to the next: ``([(loop, end, stop)], skipped)``
    (timeline indices; ``stop``: after the last one's; ``skipped``: the compute steps
    among the last one's that the others do not have, what the script computed after its
    last parameter change: computed after the merged loop). A loop already split into
    epochs is part of no run."""
    ends, problems = loop_structure(timeline)
    if problems:
        return
    nested = {s for s, e in ends.items()
              if any(ACTIONS[a.kind].loop == "epoch" for a in timeline[s:e])}
    starts = sorted(ends)
    for i, start in enumerate(starts):
        if start in nested:
            continue
        found, tail = [start], None
        for nxt in starts[i + 1:]:
            last = found[-1]
            gap = nxt - ends[last] - 1
            if nxt in nested or tail is not None and gap != tail or \
                    ends[nxt] - nxt != ends[last] - last or \
                    timeline[nxt].params["count"] != timeline[last].params["count"]:
                break
            tail = gap
            found.append(nxt)
        if len(found) < 2:
            continue
        stop, skipped = _last_tail(timeline, ends[found[0]] + 1, ends[found[-1]] + 1, tail)
        if stop is not None:
            yield [(s, ends[s], found[k + 1] if k + 1 < len(found) else stop)
                   for k, s in enumerate(found)], skipped


def _last_tail(timeline, first, at, size):
    """Where the last loop's ``size`` steps after it (from ``at``) end, matching the first
    loop's (from ``first``) kind by kind, and the compute steps skipped between; None
    when they do not match."""
    skipped, j = [], at
    for k in range(first, first + size):
        while j < len(timeline) and timeline[j].kind != timeline[k].kind and \
                ACTIONS[timeline[j].kind].recomputes == "late":
            skipped.append(j)
            j += 1
        if j >= len(timeline) or timeline[j].kind != timeline[k].kind:
            return None, []
        j += 1
    return j, skipped


class _Mismatch(Exception):
    pass


def _pairs(a, b):
    """The node ids ``a`` and ``b`` (actions of two epochs) name in the same places;
    raises ``_Mismatch`` when their other settings differ (a print's texts aside)."""
    if a.kind != b.kind:
        raise _Mismatch
    nodes = _node_settings(a.kind)
    pairs = []
    for name, value in a.params.items():
        other = b.params.get(name)
        if name in nodes:
            va = value if isinstance(value, list) else [value]
            vb = other if isinstance(other, list) else [other]
            if len(va) != len(vb) or any((x is None) != (y is None) for x, y in zip(va, vb)):
                raise _Mismatch
            pairs += [(x, y) for x, y in zip(va, vb) if x is not None]
        elif name == "parts" and a.kind == "say":
            if [list(p) for p in value] != [list(p) for p in other] or any(
                    ("tensor" in p or "grad" in p) and p != q for p, q in zip(value, other)):
                raise _Mismatch
        elif name == "value" and a.kind == "scheduler_step" and \
                value is not None and other is not None:
            pass                 # (the metric the script computed: one per epoch)
        elif value != other:
            raise _Mismatch
    return pairs


def _epochs(timeline, groups, skipped):
    """Each epoch's steps (the last one's ``skipped`` aside), and what the last epoch's
    compute steps compute besides the first epoch's (what the script computed after its
    last parameter change: computed after the merged loop) as ``{position in the epoch:
    [node id, ...]}``."""
    acts = [timeline[loop:stop] for loop, _, stop in groups]
    where = [k for k in range(groups[-1][0], groups[-1][2]) if k not in skipped]
    acts[-1] = [timeline[k] for k in where]
    if any(len(a) != len(acts[0]) for a in acts):
        raise _Mismatch
    extra = {j: timeline[j].params["nodes"] for j in skipped}
    for j, (a, b) in enumerate(zip(acts[-1], acts[0])):
        if a.kind == b.kind and ACTIONS[a.kind].recomputes == "late" and \
                len(a.params["nodes"]) > len(b.params["nodes"]):
            n = len(b.params["nodes"])
            extra[where[j]] = a.params["nodes"][n:]
            acts[-1][j] = replace(a, params=dict(a.params, nodes=a.params["nodes"][:n]))
    return acts, extra


def _blocks(doc, acts):
    """Each epoch's nodes (``[[node id, ...] per epoch]``, in the order made) and the map
    of every later epoch's node to the first epoch's."""
    order = list(doc.node_ids)
    pos = {n: i for i, n in enumerate(order)}
    first = acts[0]
    starts = []
    for g, steps in enumerate(acts):
        own = [pos[x] for a, b in zip(steps, acts[1] if g == 0 else first)
               for x, y in _pairs(a, b) if x != y]
        if not own:
            raise _Mismatch
        starts.append(min(own))
    size = starts[1] - starts[0]
    if size <= 0 or any(b - a != size for a, b in zip(starts, starts[1:])) or \
            starts[-1] + size > len(order):
        raise _Mismatch
    blocks = [order[s:s + size] for s in starts]
    where = {n: (g, i) for g, block in enumerate(blocks) for i, n in enumerate(block)}
    to_first = {}
    for g, block in enumerate(blocks[1:], 1):
        for i, n in enumerate(block):
            m = blocks[0][i]
            a, b = doc.node(n), doc.node(m)
            if a.kind != b.kind or a.params != b.params or a.watched != b.watched or \
                    a.retains_grad != b.retains_grad or doc.in_no_grad(n) != doc.in_no_grad(m):
                raise _Mismatch
            ins, ins_first = doc.inputs_of(n), doc.inputs_of(m)
            if set(ins) != set(ins_first):
                raise _Mismatch
            for port, src in ins.items():
                at = where.get(src)
                if at is None and src != ins_first[port] or at is not None and (
                        at[0] != g or blocks[0][at[1]] != ins_first[port]):
                    raise _Mismatch
            to_first[n] = m
    for g, steps in enumerate(acts[1:], 1):
        for a, b in zip(steps, first):
            for x, y in _pairs(a, b):
                if to_first.get(x, x) != y or x in where and where[x][0] != g:
                    raise _Mismatch
    return blocks, to_first, where


def _merged_parts(says, in_body, count):
    """A say step's parts over every epoch (``says``: its step in each epoch): a text
    that differs per epoch becomes one per epoch (at an epoch's end) or per iteration."""
    parts = []
    for k, part in enumerate(says[0].params["parts"]):
        each = [s.params["parts"][k] for s in says]
        if "texts" in part and not in_body:
            raise _Mismatch               # (texts per iteration outside the loop's steps)
        if "texts" in part:
            parts.append({"texts": [t for p in each for t in p["texts"]]})
        elif "text" in part and any(p != part for p in each):
            texts = [p["text"] for p in each]
            parts.append({"texts": [t for t in texts for _ in range(count)]
                          if in_body else texts})
        else:
            parts.append(part)
    return parts


def _merge_metrics(merged, action_id, steps, in_body):
    """A scheduler step given a number the script computed (ReduceLROnPlateau's
    ``step(val_loss)``), one per epoch (``steps``: its step in each epoch): the numbers
    become its ``values``, one per epoch, when they differ (at an epoch's end only)."""
    values = [s.params["value"] for s in steps]
    if values[0] is None or all(v == values[0] for v in values):
        return
    if in_body:
        raise _Mismatch                   # (a number per iteration: not recorded so)
    merged.set_action_param(action_id, "values", values)
    merged.set_action_param(action_id, "value", None)


def _merge(doc, groups, acts, extra, blocks, to_first, where):
    """The document with the epochs' loops merged (a copy)."""
    merged = loads(dumps(doc))
    timeline = merged.timeline
    loop, end, stop = groups[0]
    count = timeline[loop].params["count"]
    body = end - loop - 1
    for k in range(loop + 1, stop):
        if k != end and timeline[k].kind == "say":
            says = [steps[k - loop] for steps in acts]
            merged.set_action_param(timeline[k].id, "parts",
                                    _merged_parts(says, k < end, count))
        elif timeline[k].kind == "scheduler_step":
            _merge_metrics(merged, timeline[k].id, [steps[k - loop] for steps in acts],
                           k < end)
    last = len(blocks) - 1
    for k in range(groups[-1][2], len(timeline)):     # (after the loops: the last epoch's)
        a = timeline[k]
        for name, value in a.params.items():
            if name not in _node_settings(a.kind):
                continue
            values = value if isinstance(value, list) else [value]
            if any(where.get(v, (last,))[0] != last for v in values if v is not None):
                raise _Mismatch
            new = [to_first.get(v, v) for v in values]
            merged.set_action_param(a.id, name, new if isinstance(value, list) else new[0])
    gone = {n for block in blocks[1:] for n in block}
    for n in list(merged.node_ids):
        if n in gone:
            continue
        for port, src in merged.inputs_of(n).items():
            if src in gone:
                if where[src][0] != last:
                    raise _Mismatch
                merged.disconnect(n, port)
                merged.connect(to_first[src], n, port)
    drop = [a.id for g in groups[1:] for a in timeline[g[0]:g[2]]]
    end_id = timeline[end].id
    for a in drop:
        merged.remove_action(a)
    merged.set_action_param(timeline[loop].id, "count", count * len(groups))
    at = merged.timeline.index(merged.action(end_id))
    merged.add_action("epoch_end", {"every": count}, index=at)
    merged.move_action(end_id, at + 1 + (stop - end - 1))
    after = at + 2 + (stop - end - 1)
    for j in sorted(extra, reverse=True):            # (computed after the loop, in order)
        if any(n in where for n in extra[j]):
            raise _Mismatch
        merged.add_action(doc.timeline[j].kind, {"nodes": list(extra[j])}, index=after)
    for n in gone:
        merged.remove_node(n)
    return merged, body


def _same_run(doc, merged, groups, blocks):
    """Whether ``merged`` runs as ``doc``: no error, the same text printed, each loss the
    same in every iteration, every node's value at the end the same."""
    before, after = run(doc), run(merged)
    for result in (before, after):
        if result.errors or result.stopped or any(o.error for o in result.outcomes):
            return False
    if transcript(doc, before) != transcript(merged, after):
        return False
    to_last = dict(zip(blocks[0], blocks[-1]))
    for n in merged.node_ids:
        a, b = after.state(n).value, before.state(to_last.get(n, n)).value
        if (a is None) != (b is None) or a is not None and not _same(a, b):
            return False
    history = after.histories[doc.timeline[groups[0][0]].id]
    for n in history.losses:
        place = blocks[0].index(n) if n in blocks[0] else None
        each = [before.histories[doc.timeline[loop].id].scalar(
            n if place is None else block[place]) for (loop, _, _), block in zip(groups, blocks)]
        merged_losses = history.scalar(n)
        if merged_losses is None or any(e is None for e in each) or \
                not _same(merged_losses, np.concatenate(each)):
            return False
    return True


def _same(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and np.array_equal(a, b, equal_nan=True)


def nest_epochs(doc):
    """The traced ``doc`` with each run of loops of one epoch each merged into one loop
    split into epochs (see the module docstring), or None when no run is the same steps
    or would run the same. A script that prints every fifth epoch prints nothing in the
    others (``epoch_prints``): its epochs are merged with those empty prints, which are
    then taken away again wherever they stayed outside a merged loop."""
    found = quiet_prints(doc)
    if found is not None:
        padded, originals, added = found
        merged = _nest_runs(padded)
        if merged is not None:
            merged = restore_prints(merged, originals, added)
            if transcript(merged, run(merged)) == transcript(doc, run(doc)):
                return merged
    return _nest_runs(doc)


def _nest_runs(doc):
    """``doc`` with its runs merged one at a time, from the first, each merge checked on
    its own; None when none is."""
    merged_any, tried = False, set()
    while True:
        for groups, skipped in _groups(doc.timeline):
            key = doc.timeline[groups[0][0]].id
            if key in tried:
                continue
            tried.add(key)
            merged = _nested(doc, groups, skipped)
            if merged is not None:
                doc, merged_any = merged, True
                break
        else:
            return doc if merged_any else None


def _nested(doc, groups, skipped):
    """``doc`` with the run of loops ``groups`` merged, or None."""
    if sum(doc.timeline[loop].params["count"] for loop, _, _ in groups) > \
            MAX_NESTED_ITERATIONS:
        return None
    try:
        acts, extra = _epochs(doc.timeline, groups, skipped)
        blocks, to_first, where = _blocks(doc, acts)
        merged, _ = _merge(doc, groups, acts, extra, blocks, to_first, where)
    except (_Mismatch, KeyError, ValueError, IndexError):
        return None
    apply_layered_layout(merged)
    return merged if _same_run(doc, merged, groups, blocks) else None
