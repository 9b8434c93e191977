"""The orders PyTorch's CPU sorting kernels leave equal elements in.

``sort`` (unstable), ``topk`` and ``median`` run libstdc++'s ``std::sort``,
``std::nth_element`` and ``std::partial_sort`` on (value, index) pairs. Which of several
equal values comes first is decided by those algorithms' swaps, not by index, so the
indices a program prints depend on them. The functions below are those algorithms step
for step (``bits/stl_algo.h``, ``bits/stl_heap.h``), run only on rows that hold equal
values; a row without ties has one order, which numpy gives at numpy's speed.

Keys are ``(0, value)``, or ``(1, 0.0)`` for a nan, so tuple comparison orders nans above
every number and keeps them equal to each other, as PyTorch's comparators do.
"""
import numpy as np

__all__ = ["sort_order", "topk_order", "median_index", "median_value"]

_SMALL = 16      # libstdc++'s _S_threshold


def _lg(n):
    return n.bit_length() - 1


def _insertion_sort(a, f, l, less):
    for i in range(f + 1, l):
        if less(a[i], a[f]):
            v = a[i]
            a[f + 1:i + 1] = a[f:i]
            a[f] = v
        else:
            _linear_insert(a, i, less)


def _linear_insert(a, last, less):
    v, nxt = a[last], last - 1
    while less(v, a[nxt]):
        a[last] = a[nxt]
        last, nxt = nxt, nxt - 1
    a[last] = v


def _median_to_first(a, r, x, y, z, less):
    if less(a[x], a[y]):
        s = y if less(a[y], a[z]) else (z if less(a[x], a[z]) else x)
    elif less(a[x], a[z]):
        s = x
    else:
        s = z if less(a[y], a[z]) else y
    a[r], a[s] = a[s], a[r]


def _partition_pivot(a, f, l, less):
    _median_to_first(a, f, f + 1, f + (l - f) // 2, l - 1, less)
    p, f = f, f + 1
    while True:
        while less(a[f], a[p]):
            f += 1
        l -= 1
        while less(a[p], a[l]):
            l -= 1
        if not f < l:
            return f
        a[f], a[l] = a[l], a[f]
        f += 1


def _adjust_heap(a, first, hole, n, value, less):
    top = second = hole
    while second < (n - 1) // 2:
        second = 2 * (second + 1)
        if less(a[first + second], a[first + second - 1]):
            second -= 1
        a[first + hole] = a[first + second]
        hole = second
    if n % 2 == 0 and second == (n - 2) // 2:
        second = 2 * (second + 1)
        a[first + hole] = a[first + second - 1]
        hole = second - 1
    parent = (hole - 1) // 2
    while hole > top and less(a[first + parent], value):
        a[first + hole] = a[first + parent]
        hole, parent = parent, (parent - 1) // 2
    a[first + hole] = value


def _heap_select(a, f, m, l, less):
    n = m - f
    if n >= 2:
        for parent in range((n - 2) // 2, -1, -1):
            _adjust_heap(a, f, parent, n, a[f + parent], less)
    for i in range(m, l):
        if less(a[i], a[f]):
            v, a[i] = a[i], a[f]
            _adjust_heap(a, f, 0, n, v, less)


def _partial_sort(a, f, m, l, less):
    _heap_select(a, f, m, l, less)
    while m - f > 1:
        m -= 1
        v, a[m] = a[m], a[f]
        _adjust_heap(a, f, 0, m - f, v, less)


def _introsort(a, f, l, depth, less):
    while l - f > _SMALL:
        if depth == 0:
            _partial_sort(a, f, l, l, less)
            return
        depth -= 1
        cut = _partition_pivot(a, f, l, less)
        _introsort(a, cut, l, depth, less)
        l = cut


def std_sort(a, f, l, less):
    if l - f < 2:
        return
    _introsort(a, f, l, _lg(l - f) * 2, less)
    if l - f > _SMALL:
        _insertion_sort(a, f, f + _SMALL, less)
        for i in range(f + _SMALL, l):
            _linear_insert(a, i, less)
    else:
        _insertion_sort(a, f, l, less)


def std_nth_element(a, f, nth, l, less):
    if f == l or nth == l:
        return
    depth = _lg(l - f) * 2
    while l - f > 3:
        if depth == 0:
            _heap_select(a, f, nth + 1, l, less)
            a[f], a[nth] = a[nth], a[f]
            return
        depth -= 1
        cut = _partition_pivot(a, f, l, less)
        if cut <= nth:
            f = cut
        else:
            l = cut
    _insertion_sort(a, f, l, less)


def _ascending(x, y):
    return x[0] < y[0]


def _descending(x, y):
    return x[0] > y[0]


def _pairs(row):
    if row.dtype.kind == "f":
        nan = np.isnan(row)
        return [((1, 0.0) if n else (0, v), i) for i, (v, n) in
                enumerate(zip(row.tolist(), nan.tolist()))]
    return [((0, v), i) for i, v in enumerate(row.tolist())]


def _has_ties(row):
    return np.unique(row).size < row.size


def _rows(a, axis, fn, out_len, dtype=np.int64):
    """``fn(row)`` for every row along ``axis`` (an index array of ``out_len``)."""
    moved = np.moveaxis(a, axis, -1)
    flat = moved.reshape(-1, moved.shape[-1]) if moved.size else moved.reshape(0, a.shape[axis])
    out = np.empty((flat.shape[0], out_len), dtype)
    for r in range(flat.shape[0]):
        out[r] = fn(flat[r])
    return np.moveaxis(out.reshape(moved.shape[:-1] + (out_len,)), -1, axis)


def _stable(row, descending):
    if not descending:
        return np.argsort(row, kind="stable")
    n = row.size     # (a stable descending order, nans first: the flipped row's, reversed)
    return n - 1 - np.argsort(row[::-1], kind="stable")[::-1]


def sort_order(a, axis, descending, stable):
    """The indices ``torch.sort`` returns along ``axis``."""
    if a.ndim == 0:
        return np.zeros((), np.int64)

    def row_order(row):
        if stable or not _has_ties(row):
            return _stable(row, descending)
        pairs = _pairs(row)
        std_sort(pairs, 0, len(pairs), _descending if descending else _ascending)
        return [i for _, i in pairs]
    return _rows(a, axis, row_order, a.shape[axis])


def topk_order(a, k, axis, largest, sorted_):
    """The indices ``torch.topk`` returns along ``axis``: ``std::partial_sort`` when
    ``k * 64 <= n``, else ``std::nth_element`` then (if sorted) ``std::sort`` of the
    first k - 1 (the k-th is in place already)."""
    if a.ndim == 0:
        return np.zeros((), np.int64)
    n = a.shape[axis]
    less = _descending if largest else _ascending

    def row_order(row):
        if k == 0:
            return []
        if (sorted_ or k * 64 <= n) and not _has_ties(row):
            return _stable(row, largest)[:k]
        pairs = _pairs(row)
        if k * 64 <= n:
            _partial_sort(pairs, 0, k, n, less)
        else:
            std_nth_element(pairs, 0, k - 1, n, less)
            if sorted_:
                std_sort(pairs, 0, k - 1, less)
        return [i for _, i in pairs[:k]]
    return _rows(a, axis, row_order, k)


def median_index(a, axis):
    """The index ``median(dim)`` returns: the first nan's, else the lower median's in a
    stable order (PyTorch's comparator breaks ties by index, a total order)."""
    if a.ndim == 0:
        return np.zeros((), np.int64)

    def pick(row):
        nan = np.flatnonzero(row != row)
        if nan.size:
            return nan[:1]
        return np.argsort(row, kind="stable")[(row.size - 1) // 2:][:1]
    return np.squeeze(_rows(a, axis, pick, 1), axis)


def median_value(a):
    """``median()`` of all elements: nan if any, else ``std::nth_element``'s pick at the
    lower middle (which of an equal -0.0 and 0.0 it is shows when printed)."""
    flat = a.reshape(-1)
    if not flat.size:       # (PyTorch's result for no elements: nan, or the lowest integer)
        return np.asarray(np.nan if a.dtype.kind == "f" else np.iinfo(a.dtype).min, a.dtype)
    if flat.dtype.kind == "f" and np.isnan(flat).any():
        return np.asarray(np.nan, a.dtype)
    mid = (flat.size - 1) // 2
    value = np.partition(flat, mid)[mid]
    if value == 0 and flat.dtype.kind == "f" and np.signbit(flat[flat == 0]).any() and \
            not np.signbit(flat[flat == 0]).all():
        pairs = [((0, v), i) for i, v in enumerate(flat.tolist())]
        std_nth_element(pairs, 0, mid, len(pairs), _ascending)
        value = flat[pairs[mid][1]]
    return np.asarray(value, a.dtype)
