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

A ``Subset(dataset, indices)`` of the script's own rows (a ``range``, a list of plain
numbers, or an integer tensor of the graph) is drawn the same way: per tensor of the
dataset ``X[0:40]`` (rows in a row, as a slice), ``X[[3, 0, 7]]`` (a numpy array of
rows too, unless the script read a tensor as numpy) or ``X[rows]``, so a
loader over it folds too. The list ``perm[:30].tolist()`` of a 1-D integer tensor of the
graph, unchanged since, is that tensor's rows: ``X[rows]`` with the tensor's own node on
the port (``remember_rows``), as ``Subset(ds, perm[:30])`` is. Other rows read from a
tensor keep their mark: the subset is then left as the engine made it, and its batches
are recorded.

A sample the script takes from a drawn subset itself (``val_ds[i]``, ``val_ds[i][0]``)
is row ``i`` of each of the subset's tensors (``X_rows[3]``), so that the row numbers
the split read from its permutation are never a number the script computes with.
"""
import numpy as np

from gradstudio.engine import inspect as raw

from ..ops import _index_key_text
from ..values import has_marked, mark_split_rows, _Record
from .datasets import own_dataset_tensors

MAX_KEY_TEXT = 2000          # the longest row list written as an index key
MAX_ROW_LISTS = 64           # the last lists of rows remembered (``remember_rows``)

__all__ = ["drawn_rows", "handlers", "keep_rows", "remember_rows", "rows_key", "rows_of",
           "subset_tensors"]


def subset_tensors(rec, dataset):
    """The tensors of ``dataset`` the graph holds: a ``TensorDataset``'s, a subset's
    that a split drew (``rec.subsets``), or those a script's own ``Dataset`` hands out
    rows of (``datasets``); None for any other dataset."""
    data = rec.torch.utils.data
    if type(dataset) is data.TensorDataset:
        return list(dataset.tensors)
    if type(dataset) is data.Subset:
        return drawn_rows(rec, dataset)
    return own_dataset_tensors(rec, dataset)


def keep_rows(rec, owner, tensors, pieces, keys=()):
    """Remembers ``pieces`` (index nodes: the rows of ``tensors``, taken with the tensors
    ``keys``) as the rows ``owner`` (a subset, a loader's sampler) takes."""
    rec.subsets[id(owner)] = (pieces, [(id(t), rec.node_of[id(t)])
                                       for t in [*tensors, *keys]])
    rec.keep.append(owner)


def drawn_rows(rec, owner):
    """The pieces ``owner`` takes (``keep_rows``), or None: also when a tensor they were
    taken of has been written since (``X -= X.mean(0)`` after the subset was made: the
    subset reads the rows when a batch is made, the pieces hold them as they were)."""
    entry = rec.subsets.get(id(owner))
    if entry is None or any(rec.node_of.get(i) != n for i, n in entry[1]):
        return None
    return entry[0]


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
        keep_rows(rec, subset, tensors, pieces)
        rec.keep.extend([rows, *pieces])
        start = stop
    return subsets


def _rows_tensor(rec, t):
    """Whether ``t`` is rows the graph can take with a tensor: a 1-D int64 tensor of
    the graph that needs no gradient."""
    return raw.is_tensor(t) and t.dim() == 1 and t.dtype == rec.torch.int64 and \
        id(t) in rec.node_of and not t.requires_grad


def remember_rows(rec, t, rows):
    """Remembers ``rows``, the list ``t.tolist()`` returned, when ``t`` could be a
    subset's rows (``_rows_tensor``): ``rows_key`` then takes ``t`` for the list."""
    if rec.quiet or not _rows_tensor(rec, t):
        return
    rec.row_lists[id(rows)] = (rows, t, rec.node_of[id(t)])
    if len(rec.row_lists) > MAX_ROW_LISTS:
        del rec.row_lists[next(iter(rec.row_lists))]


def _listed_rows(rec, indices):
    """The tensor whose ``tolist()`` ``indices`` is, unchanged since (the list and the
    tensor: its node still the tensor's, the same numbers in the list), else None."""
    held = rec.row_lists.get(id(indices))
    if held is None or held[0] is not indices:
        return None
    rows, t, node = held
    if rec.node_of.get(id(t)) != node or not _rows_tensor(rec, t) or \
            [int(i) for i in rows] != raw.data(t).tolist():
        return None
    return t


def rows_key(rec, indices, n):
    """``(key, ports, key value)`` taking ``indices`` (a Subset's or a sampler's rows)
    of ``n`` rows, or None when the graph cannot draw them: a ``range`` or a list of
    plain numbers within the rows (not read from a tensor), a 1-D integer tensor of
    the graph or the list its ``tolist()`` returned."""
    is_tensor = raw.is_tensor
    listed = _listed_rows(rec, indices) if type(indices) is list else None
    if listed is not None:
        indices = listed
    if is_tensor(indices):
        return ("i", {"i": indices}, indices) if _rows_tensor(rec, indices) else None
    if isinstance(indices, np.ndarray) and indices.ndim == 1 and \
            indices.dtype.kind in "iu" and not has_marked(indices):
        indices = indices.tolist()          # (numpy's own rows: sklearn's, a permutation)
    if isinstance(indices, range):
        rows = indices
    elif type(indices) in (list, tuple) and not has_marked(indices) and \
            all(type(i) is int for i in indices):
        rows = list(indices)
    else:
        return None
    if not rows or not all(-n <= i < n for i in rows):
        return None
    start, last = rows[0], rows[-1]
    if 0 <= start and list(rows) == list(range(start, last + 1)):
        key = slice(start, last + 1)
    elif isinstance(rows, range) and rows.step > 0 and start >= 0:
        key = slice(start, rows.stop, rows.step)
    else:
        key = list(rows)
    text, _ = _index_key_text(key, is_tensor)
    if text is None or len(text) > MAX_KEY_TEXT:   # (too long to read as a key: left as
        return None                                 # the engine made it)
    return text, {}, key


def _subset(rec, func, args, kwargs):
    func(*args, **kwargs)
    if rec.quiet or len(rec.frames) > 1:
        return
    subset = args[0]
    data = rec.torch.utils.data
    tensors = subset_tensors(rec, subset.dataset) if type(subset) is data.Subset else None
    if tensors is None or any(id(t) not in rec.node_of or t.requires_grad for t in tensors):
        return
    found = rows_key(rec, subset.indices, len(subset.dataset))
    if found is None:
        return
    keep_rows(rec, subset, tensors, rows_of(rec, tensors, found), found[1].values())


def rows_of(rec, tensors, found):
    """The rows ``found`` (``rows_key``'s) of each of ``tensors``, drawn as index nodes;
    the same rows of the same nodes taken again (a subset or a loader made anew each
    epoch) are the pieces taken before, so the epochs draw the same graph."""
    text, ports, key = found
    same = (tuple(rec.node_of[id(t)] for t in tensors), text,
            tuple((p, rec.node_of.get(id(v))) for p, v in ports.items()))
    if all(n is not None for _, n in same[2]) and same in rec.subset_rows:
        return rec.subset_rows[same]
    pieces = []
    for t in tensors:
        piece = _quietly(rec, lambda: t[key])
        rec.emit(_Record("index", {"key": text}, {"self": t, **ports}, piece))
        pieces.append(piece)
    rec.subset_rows[same] = pieces
    rec.keep.extend(pieces)
    return pieces


def _sample(rec, func, args, kwargs):
    """``subset[i]`` of a drawn subset and a plain ``i`` within it: row ``i`` of each of
    its tensors, drawn; anything else as the engine's ``Subset`` gives it."""
    subset, idx = (list(args) + [kwargs.get("idx")])[:2]
    pieces = None if rec.quiet or len(rec.frames) > 1 else drawn_rows(rec, subset)
    if pieces is None or type(idx) is not int or not -len(subset) <= idx < len(subset) \
            or type(subset.dataset) is not rec.torch.utils.data.TensorDataset:
        return func(*args, **kwargs)
    rows = []
    for piece in pieces:
        row = _quietly(rec, lambda: piece[idx])
        rec.emit(_Record("index", {"key": str(idx)}, {"self": piece}, row))
        rows.append(row)
    rec.keep.extend(rows)
    return tuple(rows)


def handlers(rec):
    """The split's and the subset's handlers for ``rec``, by observed name."""
    return {"torch.utils.data.random_split":
            lambda func, args, kwargs: _split(rec, func, args, kwargs),
            "torch.utils.data.Subset":
            lambda func, args, kwargs: _subset(rec, func, args, kwargs),
            "Subset.__getitem__": lambda func, args, kwargs: _sample(rec, func, args, kwargs)}
