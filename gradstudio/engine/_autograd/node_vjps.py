"""What one node sends back: ``_vjps`` runs a node's VJPs on the gradient it received
(on numpy arrays, ``NP``, or on tensors, ``TF``, when a graph is recorded) after checking
that what it saved is unchanged, and casts and sums each result down to its input's
dtype and shape (``_sum_to``); ``CopySlices`` runs the node it wraps on its slice. The
backward pass that calls it for each node is ``engine``."""
import numpy as np

from .._cpu_kernels.cascade_sum import cascade_sum
from .nodes import (_DETACHED_MSG, _FREED_MSG, DETACHED_IN_PLACE, _check_version,
                    _result_tensor, detached_in_place)
from .custom_function import PYTHON
from .._ops.record import NP
from .._tensor_class.core import TensorCore

_ARRAY = np.ndarray

__all__ = []


def _vjps(node, g, F, tensors, need):
    """The gradient the node sends along each of its edges (None where nothing flows),
    cast to each input's dtype and summed down to its shape.

    ``node._meta`` holds the ``Meta`` of the result and then of each operand, in the order
    of a VJP's arguments ``(out, *inputs)``; what was saved (arrays, or tensors when
    recording a graph) replaces its stand-in."""
    if node._freed:
        raise RuntimeError(_FREED_MSG)
    plan = node._plan
    fns = plan.fns
    if fns is None:  # CopySlices, which runs the backward of the node it wraps
        return _copy_slices_vjps(node, g, F, tensors, need)
    if fns is PYTHON:  # a custom Function's node, which runs the user's backward
        return node.run_backward(g, tensors, need)
    meta = args = node._meta
    saved = node._saved
    if saved is not None:
        args = list(meta)
        versions = node._versions
        i = 0
        for v in saved:
            if v is not None:
                if isinstance(v, TensorCore):
                    if DETACHED_IN_PLACE and detached_in_place(v) and \
                            node.next_functions[i][0] is not None:   # (computed when saved)
                        raise RuntimeError(_DETACHED_MSG)
                    if v._vc[0] != versions[i]:
                        _check_version(node, v, versions[i])
                    if not tensors:
                        v = v._data
                args[i + 1] = v  # (or a Python scalar operand)
            i += 1
    if node._result is not None:
        data, vc, ver, _ = node._result
        if vc[0] != ver:
            _check_version(node, _result_tensor(node), ver, is_output=True)
        if args is meta:
            args = list(meta)
        args[0] = _result_tensor(node) if tensors else data
    params = node._params
    nexts = node.next_functions
    grad_ins = [None] * len(nexts)
    for i in plan.edges:
        fn = fns[i]
        if fn is None or (need is not None and nexts[i][0] not in need):
            continue
        gi = fn(F, g, *args, **params) if params else fn(F, g, *args)
        if gi is None:
            continue
        m = meta[i + 1]
        if tensors:
            if gi._dtype is not m.dtype:
                gi = gi.to(m.dtype)
        else:
            if type(gi) is not _ARRAY:
                gi = np.asarray(gi)
            want = m.dtype.np
            if gi.dtype is not want and gi.dtype != want:
                gi = gi.astype(want)
        if gi.shape != m.shape:
            gi = _sum_to(gi, m.shape)
        grad_ins[i] = gi
    return grad_ins


def _sum_to(g, shape):
    """Reduces a broadcast gradient back to ``shape`` (numpy or tensor)."""
    gshape = g.shape
    if tuple(gshape) == tuple(shape):
        return g
    lead = len(gshape) - len(shape)
    dims = tuple(range(lead)) + tuple(i + lead for i, s in enumerate(shape)
                                      if s == 1 and gshape[i + lead] != 1)
    if dims:
        g = cascade_sum(g, dims, True) if isinstance(g, np.ndarray) else \
            g.sum(dims, keepdim=True)
    if lead or tuple(g.shape) != tuple(shape):
        g = g.reshape(shape) if isinstance(g, np.ndarray) else g.reshape(tuple(shape))
    return g


def _copy_slices_vjps(node, g, F, tensors, need):
    """CopySlices' backward: ``fn``'s backward on the view's slice of the base's gradient,
    written back into that slice; ``fn``'s other gradients pass through."""
    fn, pos = node._saved
    shape = node._meta[0].shape
    size = int(np.prod(shape, dtype=np.int64))
    key = (pos,)
    if tensors:
        flat = F.reshape(g, (size,))
        res = _vjps(fn, F.take(flat, key), F, True, None)
        if res[0] is not None:
            res[0] = F.reshape(F.zero_at(flat, key) + F.embed(res[0], (size,), key), shape)
    else:
        flat = np.array(g, copy=True).reshape(size)
        res = _vjps(fn, flat[key], NP, False, None)
        if res[0] is not None:
            flat[key] = res[0]
            res[0] = flat.reshape(shape)
    if need is not None:
        res = [r if n is not None and n in need else None
               for r, (n, _) in zip(res, node.next_functions)]
    return res
