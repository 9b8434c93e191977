"""Mini-batches by hand (part of the tracing child, before ``fold``): an epoch's
``perm = torch.randperm(n)`` sliced ``perm[i:i + bs]`` for ``i in range(0, n, bs)``
becomes, slice by slice, ``loader_batch`` nodes drawing from a ``randperm`` source
(``document/batches.py``): each is the next batch, a new permutation drawn when the last
one's batches ran out, so every epoch's batches have the same node and the training loop
over them folds into one loop block. Without this, each slice has its own key
(``perm[0:16]``, ``perm[16:32]`` ...) and nothing repeats.

A permutation is taken so only when the graph computes the same: it is drawn from the
global generator with the graph's seed (no ``manual_seed`` of its own, no generator, the
default dtype, not requiring grad); nothing uses it but its slices, which come one after
the other from 0 in steps of ``bs`` up to its end (or up to the last whole batch: the
``drop_last`` form), each of its own node; no other global draw comes between the
permutation and its first slice (the graph draws it there); and every permutation of
the same ``n`` and ``bs`` but the last is sliced to its end. Otherwise the nodes stay
as they are (drawn unrolled, as before).

Imports only its sibling modules and the standard library.
"""
import re

from .values import NODE_PARAMS, RANDOM_KINDS

__all__ = ["randperm_batches"]

_SLICE = re.compile(r"^(\d+):(\d+)$")


def _permutations(rec):
    """Each plain global ``randperm`` node: index -> n."""
    out = {}
    for i, node in enumerate(rec.nodes):
        p = node["params"]
        if node["kind"] == "randperm" and not node["inputs"] and p.get("dtype") is None \
                and p.get("generator") is None and p.get("manual_seed") is None \
                and not p.get("requires_grad") and not node.get("removed"):
            out[i] = p["n"]
    return out


def _used_elsewhere(rec, perms):
    """The permutations something other than an index node uses (an action, a print)."""
    used = set()
    for a in rec.actions:
        for k, v in a["params"].items():
            if k in NODE_PARAMS:
                used.update(v if isinstance(v, list) else [v])
    for event in rec.said:
        used.update(value for kind, value in event["parts"] if kind != "text")
    used.update(i for i, *_ in rec.watched_prints)
    used.update(i for i, *_ in rec.item_prints)
    return {i for i in perms if i in used or rec.nodes[i]["watched"]}


def _slices(rec, perms):
    """Each permutation's consumers as ``[(node index, start, stop)]`` in order, or None
    for one used otherwise than by a slice ``start:stop``."""
    found = {i: [] for i in perms}
    for j, node in enumerate(rec.nodes):
        for port, src in node["inputs"].items():
            if src not in found or found[src] is None:
                continue
            m = _SLICE.match(str(node["params"].get("key", ""))) \
                if node["kind"] == "index" and port == "self" and len(node["inputs"]) == 1 \
                else None
            found[src] = None if m is None else \
                found[src] + [(j, int(m.group(1)), int(m.group(2)))]
    return found


def _batch_size(n, slices):
    """``(bs, drop_last)`` when ``slices`` are ``0:bs``, ``bs:2bs`` ... to the end of the
    ``n`` rows (or to the last whole batch), else None; ``(bs, None)`` for a run of whole
    batches that stops early (a last epoch cut short)."""
    if not slices or slices[0][1] != 0:
        return None
    bs = slices[0][2]
    if bs < 1:
        return None
    for k, (_, start, stop) in enumerate(slices):
        if start != k * bs or stop != start + bs:
            return None
    end = len(slices) * bs
    if end >= n:
        return (bs, False) if end - bs < n else None
    return (bs, True) if n - end < bs else (bs, None)


def _drawn_between(rec, first, last):
    return any(rec.nodes[k]["kind"] in RANDOM_KINDS and
               rec.nodes[k]["params"].get("generator") is None
               for k in range(first + 1, last))


def randperm_batches(rec):
    """Turns the batches of ``randperm`` permutations into ``loader_batch`` nodes, in
    place (see the module docstring)."""
    perms = _permutations(rec)
    if not perms:
        return
    skip = _used_elsewhere(rec, perms)
    slices = _slices(rec, perms)
    groups = {}              # (n, bs) -> [(perm, slices, drop_last)]
    for i in sorted(perms):
        s = slices[i]
        shape = None if i in skip or s is None else _batch_size(perms[i], s)
        if shape is None or _drawn_between(rec, i, s[0][0]):
            continue
        groups.setdefault((perms[i], shape[0]), []).append((i, s, shape[1]))
    number = max((node["params"]["loader"] for node in rec.nodes
                  if node["kind"] == "loader_batch"), default=0)
    for (n, bs), epochs in sorted(groups.items()):
        complete = [drop for _, _, drop in epochs[:-1]]
        last = epochs[-1][2]
        drop_last = complete[0] if complete else bool(last)
        if None in complete or len(set(complete)) > 1 or last not in (None, drop_last):
            continue
        number += 1
        params = {"loader": number, "size": n, "batch_size": bs, "shuffle": True,
                  "drop_last": drop_last, "seed": None, "source": "randperm"}
        for perm, s, _ in epochs:
            rec.nodes[perm]["removed"] = True
            for j, _, _ in s:
                rec.nodes[j].update(kind="loader_batch", params=dict(params), inputs={})
