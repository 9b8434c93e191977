"""The backward pass: ``run_backward`` runs the nodes of the graph (``_autograd.nodes``).

It is iterative (no recursion, so a 100,000-node chain is fine) and executes ready nodes
in PyTorch's order: among the nodes whose gradients are complete, the most recently
created first, ``AccumulateGrad`` before all. Nodes of equal priority (several
``AccumulateGrad`` ready at once) leave the queue in the order PyTorch's
``std::priority_queue`` gives them: ``heapq`` makes the same moves as libstdc++'s
``push_heap``/``pop_heap`` when equal keys compare equal, which ``_Entry`` (a float
carrying its node) ensures, and nodes are pushed in the order they became ready.
Without ``create_graph`` gradients flow as
plain numpy arrays (``NP``); with it they are tensors (``TF``) and every VJP is itself
recorded.

What a node sends back is ``node_vjps._vjps``. Observers (``observe.observe``) see every
executed node; with none attached the only cost is one truthiness test per node.
"""
import heapq
import sys

import numpy as np

from . import anomaly as _anomaly, grad_mode as _grad_mode
from .._tensor_class.core import TensorCore
from .nodes import (_DETACHED_MSG, _ERRSTATE, _FREED_MSG, _QUIET, DETACHED_IN_PLACE,
                    AccumulateGrad, _check_version, _result_tensor, detached_in_place)
from .node_vjps import _ARRAY, _sum_to, _vjps
from .custom_function import PYTHON
from .observe import _OBSERVERS, _emit
from .._ops.record import NP
from .._ops.vjp_tensor import TF

__all__ = ["run_backward"]


class _Entry(float):
    """A ready node on the queue: the float is its priority (``-sequence number``), so
    entries of equal priority compare equal, as in PyTorch's queue."""
    __slots__ = ("node",)


def _entry(node):
    e = _Entry(-node._seq)
    e.node = node
    return e

def _wrap_grad(g):
    return TensorCore._wrap_grad(g)


def _private(g):
    """A copy of a gradient (or of a multi-output node's list of them) for hooks to run
    on while observed: a hook may change its tensor in place, and an observer holds the
    array it came from as the previous step's gradient (see ``_autograd.observe``)."""
    if type(g) is list:
        return [None if x is None else np.array(x) for x in g]
    return np.array(g)


def _run_hooks(hooks, g, create_graph):
    """Runs a tensor's hooks in order on its gradient (shown as a tensor); a hook that
    returns a tensor replaces the gradient."""
    for fn in list(hooks.values()):
        r = fn(g if create_graph else _wrap_grad(g))
        if r is not None:
            g = r if create_graph else r._data
    return g


def _run_output_hooks(node, gs, create_graph):
    """A multi-output node's hooks, in order: a tensor hook on its output's gradient (where
    one arrived), a node pre-hook on all of them; each may replace what it saw."""
    for k, fn in list(node._pre_hooks.values()):
        if k is None:
            r = fn(tuple(None if x is None else (x if create_graph else _wrap_grad(x))
                         for x in gs))
            if r is not None:
                gs = [None if x is None else (x if create_graph else x._data) for x in r]
        elif gs[k] is not None:
            gs[k] = _run_hooks({0: fn}, gs[k], create_graph)
    return gs


def _retain_outputs(node, gs, create_graph):
    for k, ref in node._retain.items():
        t = ref()
        if t is not None and gs[k] is not None:
            t._accumulate_grad(gs[k], create_graph)


def _add_output_grad(buffers, node, nr, g):
    """Adds ``g`` to the gradient of output ``nr`` of a multi-output ``node``."""
    gs = buffers.get(node)
    if gs is None:
        gs = buffers[node] = [None] * node._outputs
    gs[nr] = g if gs[nr] is None else gs[nr] + g


# An array whose only reference is one local variable shows this count to ``_refcount``;
# a leaf may then keep the gradient array as its ``.grad`` instead of copying it, as
# PyTorch's AccumulateGrad does. Without ``sys.getrefcount`` gradients are always copied.
def _refcount(a):
    return sys.getrefcount(a)


def _sole_refcount():
    a = np.empty(0)
    return _refcount(a)


_SOLE = _sole_refcount() if hasattr(sys, "getrefcount") else -1


# ----------------------------------------------------------------------------- engine
def _graph(roots):
    """Dependency counts (how many edges point at each node) of everything reachable from
    ``roots``; a node is a key exactly when some edge reaches it."""
    deps = {}
    # (each root once: two outputs of one node, ``grad([a, b], x)`` after ``a, b =
    # x.unbind()``, would otherwise count its edges twice and never free its inputs)
    stack = list(dict.fromkeys(n for n in roots if n is not None))
    rootset = set(stack)
    get = deps.get
    while stack:
        for nxt, _ in stack.pop().next_functions:
            if nxt is None:
                continue
            d = get(nxt)
            if d is None:
                deps[nxt] = 1
                if nxt not in rootset:
                    stack.append(nxt)
            else:
                deps[nxt] = d + 1
    return deps


def _needed(seen, targets):
    """Nodes from which some target node can be reached (for ``autograd.grad``)."""
    parents = {}
    for n in seen:
        for nxt, _ in n.next_functions:
            if nxt is not None:
                parents.setdefault(nxt, []).append(n)
    need = set(t for t in targets if t in seen)
    stack = list(need)
    while stack:
        for p in parents.get(stack.pop(), ()):
            if p not in need:
                need.add(p)
                stack.append(p)
    return need


def run_backward(roots, grads, retain_graph=False, create_graph=False, targets=None,
                 capture=False):
    """Runs the backward pass from ``roots`` (edges: ``(node, output_nr)``) seeded with
    ``grads`` (arrays, or tensors when ``create_graph``). With ``targets`` (nodes) only what
    leads to them runs:
    with ``capture`` the gradient arriving at each target is returned and nothing is
    accumulated (``autograd.grad``); without, only those leaves accumulate
    (``backward(inputs=...)``)."""
    roots, root_nrs = [n for n, _ in roots], [nr for _, nr in roots]
    deps = _graph(roots)
    buffers = {}
    for n, nr, g in zip(roots, root_nrs, grads):
        if n._outputs:
            _add_output_grad(buffers, n, nr, g)
        elif n in buffers:
            buffers[n] = buffers[n] + g
        else:
            buffers[n] = g
    need = None
    captured = None
    if targets is not None:
        seen = set(deps)
        seen.update(n for n in roots if n is not None)
        need = _needed(seen, targets)
        if capture:
            captured = {n: None for n in targets}
        # Only nodes with a needed input run (and free their buffers), as in PyTorch: a
        # captured target runs only when another target lies beyond it.
        runs_set = {n for n in need
                    if any(c is not None and c in need for c, _ in n.next_functions)}
    heappop, heappush = heapq.heappop, heapq.heappush
    heap = []
    for n in buffers:
        if n not in deps:
            heappush(heap, _entry(n))
    # the node that became ready last, not yet pushed: with an empty heap it runs next
    # without touching the heap (a chain never uses it)
    ready = None
    pop_buffer, get_buffer = buffers.pop, buffers.get
    observing = bool(_OBSERVERS)
    plain = not observing and not create_graph and need is None and captured is None
    step_no = 0
    wrap = _wrap_grad
    F = TF if create_graph else NP

    prev_mode = _grad_mode.STATE.enabled
    _grad_mode.STATE.enabled = create_graph
    # VJPs never warn about inf or nan (nor does PyTorch)
    if _ERRSTATE is not None:
        quiet = _ERRSTATE.set(_QUIET)
    else:
        quiet = np.errstate(all="ignore")
        quiet.__enter__()
    try:
        while True:
            if ready is not None:
                if heap:
                    heappush(heap, _entry(ready))
                    node = heappop(heap).node
                else:
                    node = ready
                ready = None
            elif heap:
                node = heappop(heap).node
            else:
                break
            g = pop_buffer(node, None)
            # A plain node (one output, no hooks, retention or anomaly mode, a table op's
            # VJPs) in a plain pass (no observer, capture, targets or graph recorded):
            # ``_vjps`` inlined, each gradient sent along its edge as it is made. The same
            # steps in the same order as the general path below, without its tests.
            if plain and g is not None and not node._outputs and type(node) is not AccumulateGrad \
                    and not node._pre_hooks and node._retain is None and not node._hooks \
                    and not _anomaly.ENABLED:
                plan = node._plan
                fns = plan.fns
                if fns is not None and fns is not PYTHON:
                    if node._freed:
                        raise RuntimeError(_FREED_MSG)
                    nexts = node.next_functions
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
                                            nexts[i][0] is not None:
                                        raise RuntimeError(_DETACHED_MSG)
                                    if v._vc[0] != versions[i]:
                                        _check_version(node, v, versions[i])
                                    v = v._data
                                args[i + 1] = v
                            i += 1
                    if node._result is not None:   # (unpacked, as saved-tensor hooks need)
                        data, vc, ver, _ = node._result
                        if vc[0] != ver:
                            _check_version(node, _result_tensor(node), ver, is_output=True)
                        if args is meta:
                            args = list(meta)
                        args[0] = data
                    params = node._params
                    if not retain_graph:   # (released once the VJPs are made, as below)
                        freed = () if node._freed else plan.names
                    for i in plan.edges:
                        nxt, nr = nexts[i]
                        fn = fns[i]
                        if fn is not None:
                            gi = fn(NP, g, *args, **params) if params else fn(NP, g, *args)
                            if gi is not None:
                                m = meta[i + 1]
                                if type(gi) is not _ARRAY:
                                    gi = np.asarray(gi)
                                want = m.dtype.np
                                if gi.dtype is not want and gi.dtype != want:
                                    gi = gi.astype(want)
                                if gi.shape != m.shape:
                                    gi = _sum_to(gi, m.shape)
                                if nxt._outputs:
                                    _add_output_grad(buffers, nxt, nr, gi)
                                else:
                                    prev = get_buffer(nxt)
                                    buffers[nxt] = gi if prev is None else prev + gi
                        d = deps[nxt] - 1
                        deps[nxt] = d
                        if d == 0:
                            if ready is not None:
                                heappush(heap, _entry(ready))
                            ready = nxt
                    if not retain_graph:
                        node._saved = node._result = node._versions = None
                        if freed:
                            node._freed = freed
                    gi = prev = args = saved = data = None
                    continue
            if g is not None:
                if node._outputs:  # (a list: one gradient per output)
                    if node._pre_hooks:
                        if observing and not create_graph:
                            g = _private(g)
                        g = _run_output_hooks(node, g, create_graph)
                    if node._retain is not None:
                        _retain_outputs(node, g, create_graph)
                else:
                    if node._pre_hooks:
                        if observing and not create_graph:
                            g = _private(g)
                        g = _run_hooks(node._pre_hooks, g, create_graph)
                    if node._retain is not None:
                        t = node._retain()
                        if t is not None:
                            t._accumulate_grad(g, create_graph)
            if captured is not None and node in captured:
                captured[node] = g  # (each node runs once: its gradient is complete)
                if observing:
                    _emit(index=step_no, node=node, grad_output=g, captured=True)
                    step_no += 1
            if type(node) is AccumulateGrad:
                if g is not None and captured is None and (need is None or node in need):
                    v = node.variable
                    if v._hooks:
                        if observing and not create_graph:
                            g = _private(g)
                        g = _run_hooks(v._hooks, g, create_graph)
                    if v._requires_grad:     # (a leaf detach_()ed since keeps no grad)
                        owned = _refcount(g) <= _SOLE  # (not in the call: its arguments count)
                        v._accumulate_grad(g, create_graph, owned)
                        if v._post_acc_hooks:
                            for fn in list(v._post_acc_hooks.values()):
                                fn(v)
                    if observing:
                        _emit(index=step_no, node=node, grad_output=g, variable=v,
                              accumulated=v._grad)
                        step_no += 1
                continue
            nexts = node.next_functions
            runs = need is None or node in runs_set
            if g is not None and runs:
                try:
                    grad_ins = _vjps(node, g, F, create_graph, need)
                    if node._hooks:
                        if observing and not create_graph:
                            g = _private(g)
                        outs = tuple(None if x is None else (x if create_graph else wrap(x))
                                     for x in grad_ins)
                        seen = tuple(None if x is None else (x if create_graph else wrap(x))
                                     for x in (g if node._outputs else (g,)))
                        for fn in list(node._hooks.values()):
                            r = fn(outs, seen)
                            if r is not None:
                                outs = tuple(r)
                        grad_ins = [None if x is None else (x if create_graph else x._data)
                                    for x in outs]
                        outs = r = None
                    if _anomaly.ENABLED:
                        _anomaly.check(node, grad_ins)
                except Exception:
                    if _anomaly.ENABLED:   # (the forward stack that made the node)
                        _anomaly.report(node)
                    raise
            else:
                grad_ins = [None] * len(nexts)
            if retain_graph or not runs:
                freed = ()
            else:  # release what the node saved
                freed = () if node._freed else node._plan.names
                node._saved = node._result = node._versions = None
                if freed:
                    node._freed = freed   # a non-empty tuple: what was released
            if observing:
                _emit(index=step_no, node=node, grad_output=tuple(g) if node._outputs and g
                      is not None else g, grad_inputs=tuple(grad_ins), freed=freed)
                step_no += 1
            for i in node._plan.edges:
                nxt, nr = nexts[i]
                gi = grad_ins[i]
                if gi is not None:
                    if nxt._outputs:
                        _add_output_grad(buffers, nxt, nr, gi)
                    else:
                        prev = get_buffer(nxt)
                        buffers[nxt] = gi if prev is None else prev + gi
                d = deps[nxt] - 1
                deps[nxt] = d
                if d == 0:
                    if ready is not None:
                        heappush(heap, _entry(ready))
                    ready = nxt
            # Hold no gradient past its node, so a leaf can adopt it (see ``_SOLE``).
            grad_ins = gi = prev = None
    finally:
        if _ERRSTATE is not None:
            _ERRSTATE.reset(quiet)
        else:
            quiet.__exit__(None, None, None)
        _grad_mode.STATE.enabled = prev_mode
    return captured
