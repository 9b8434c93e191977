"""The subsets ``random_split`` makes of a ``TensorDataset`` (issue 32): each subset's
tensors drawn as nodes of the graph, so a ``DataLoader`` over a subset folds as one over
a ``TensorDataset`` does (``loaders``).

``random_split(TensorDataset(X, y), [30, 10])`` draws ``perm = torch.randperm(40)`` (from
the global generator, or the ``generator=`` given) and gives the subsets the rows at
``perm[0:30]`` and ``perm[30:40]``. The graph draws the same: the ``randperm`` node (the
draw the engine's ``random_split`` made, recorded as any other), one slice node per subset
(``perm[0:30]``) and, per tensor of the dataset, ``X[rows]``: the subset's tensors, which
``subset_tensors`` hands to the loaders. A split whose rows the graph cannot draw so
(another dataset, a draw the graph has no node for) is left as the engine made it; its
row numbers are marked (``values.RowsFromSplit``) so that a tensor computed from them is
refused in words naming the line of the split, not an ``.item()`` the script never wrote.
"""
from ..values import mark_split_rows, _Record

__all__ = ["handlers", "subset_tensors"]


def subset_tensors(rec, dataset):
    """The tensors of ``dataset`` the graph holds: a ``TensorDataset``'s, or a subset's
    that a split drew (``rec.subsets``); None for any other dataset."""
    data = rec.torch.utils.data
    if type(dataset) is data.TensorDataset:
        return list(dataset.tensors)
    if type(dataset) is data.Subset:
        return rec.subsets.get(id(dataset))
    return None


def _quietly(rec, make):
    rec.quiet += 1
    try:
        return make()
    finally:
        rec.quiet -= 1


def _drawn(rec, first, subsets):
    """The one ``randperm`` node made since node ``first`` whose values are the subsets'
    rows in order (each subset a slice of it), or None."""
    perms = [k for k in range(first, len(rec.nodes)) if rec.nodes[k]["kind"] == "randperm"
             and not rec.nodes[k]["inputs"]]
    if len(perms) != 1:
        return None
    values = rec.objects[perms[0]].tolist()
    rows = [i for s in subsets for i in s.indices]
    return perms[0] if len(values) == len(rows) and values == [int(i) for i in rows] else None


def _split(rec, func, args, kwargs):
    first = len(rec.nodes)
    subsets = func(*args, **kwargs)
    if rec.quiet or len(rec.frames) > 1:
        return subsets
    dataset = args[0] if args else kwargs.get("dataset")
    tensors = subset_tensors(rec, dataset)
    k = _drawn(rec, first, subsets)
    if tensors is None or k is None or \
            any(id(t) not in rec.node_of or t.requires_grad for t in tensors):
        mark_split_rows(subsets, rec.line())
        return subsets
    perm, start = rec.objects[k], 0
    for subset in subsets:
        stop = start + len(subset)
        rows = _quietly(rec, lambda: perm[start:stop])
        rec.emit(_Record("index", {"key": f"{start}:{stop}"}, {"self": perm}, rows))
        pieces = []
        for t in tensors:
            piece = _quietly(rec, lambda: t[rows])
            rec.emit(_Record("index", {"key": "i"}, {"self": t, "i": rows}, piece))
            pieces.append(piece)
        rec.subsets[id(subset)] = pieces
        rec.keep.extend([subset, rows, *pieces])
        start = stop
    return subsets


def handlers(rec):
    """The split's handler for ``rec``, by observed name."""
    return {"torch.utils.data.random_split":
            lambda func, args, kwargs: _split(rec, func, args, kwargs)}
