"""``torch.autograd.graph.saved_tensors_hooks``: while one is active, every tensor a new
grad_fn node saves for its backward goes through ``pack_hook`` as the node is recorded,
and through ``unpack_hook`` when the backward (or ``grad_fn._saved_<name>``) reads it, in
PyTorch's order: the inputs by name, the result last (``MulBackward0`` packs ``other``
before ``self``, ``AddmmBackward0`` ``mat1`` before ``mat2``). The node keeps only what
``pack_hook`` returned, so, as in PyTorch, no in-place check applies to it.
``_ops.dispatch.record`` calls ``pack`` when ``STACK`` is not empty."""

from .grad_mode import STATE

__all__ = ["saved_tensors_hooks", "disable_saved_tensors_hooks", "STACK", "pack"]

STACK = []          # the active (pack_hook, unpack_hook) pairs, innermost last
_DISABLED = []      # the messages of the active disable_saved_tensors_hooks


class saved_tensors_hooks:
    """Context manager: ``pack_hook(tensor)`` for each tensor saved for backward,
    ``unpack_hook(packed)`` when it is read back."""
    __module__ = "torch.autograd.graph"

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        if _DISABLED:
            raise RuntimeError(_DISABLED[-1])
        STACK.append((self.pack_hook, self.unpack_hook))

    def __exit__(self, *args):
        STACK.pop()


class disable_saved_tensors_hooks:
    """Context manager: entering ``saved_tensors_hooks`` inside raises ``error_message``."""
    __module__ = "torch.autograd.graph"

    def __init__(self, error_message):
        self.error_message = error_message

    def __enter__(self):
        _DISABLED.append(self.error_message)

    def __exit__(self, *args):
        _DISABLED.pop()


def _no_grad(hook):
    """``hook`` run with grad mode off, as PyTorch runs pack and unpack hooks."""
    def run(x):
        prev, STATE.enabled = STATE.enabled, False
        try:
            return hook(x)
        finally:
            STATE.enabled = prev
    return run


class _Packed(list):
    """A node's saved list holding packed values: reading an entry unpacks it."""
    __slots__ = ("unpack", "order", "seen")

    def __getitem__(self, i):
        v = list.__getitem__(self, i)
        if isinstance(v, _Box):
            v = self.unpack(v.packed)
            self.seen[i] = v
        return v

    def __iter__(self):
        values = {}
        for i in self.order:
            values[i] = self[i]
        return iter([values.get(i, list.__getitem__(self, i)) for i in range(len(self))])


class _Versions(list):
    """The versions a node checks its saved tensors against: an unpacked tensor is
    whatever ``unpack_hook`` returned, never checked (as in PyTorch)."""
    __slots__ = ("saved",)

    def __getitem__(self, i):
        v = self.saved.seen.get(i)
        return v._vc[0] if v is not None and hasattr(v, "_vc") else 0


class _Box:
    __slots__ = ("packed",)

    def __init__(self, packed):
        self.packed = packed


class _PackedResult(tuple):
    """``node._result`` of a node whose saved output was packed: reading it unpacks."""

    def __new__(cls, packed, unpack):
        r = tuple.__new__(cls, (None, None, 0, None))
        r._packed, r._unpack = packed, unpack
        return r

    def __iter__(self):
        t = self._unpack(self._packed)
        return iter((t._data, t._vc, t._vc[0], None))


def _order(node):
    """The operand indices and ``"out"`` a node saved, in PyTorch's order of its
    ``SavedVariable``s: the inputs by name, then the result."""
    needs = set()
    grads = node._op.grads
    for i in node._plan.edges:
        if grads[i] is not None:
            needs.update(grads[i].needs)
    names = node._op.arg_names
    inputs = sorted((i for i in needs if i != "out"),
                    key=lambda i: (names[min(i, len(names) - 1)], i))
    return inputs + (["out"] if "out" in needs else [])


def pack(node, out):
    """Runs the innermost ``pack_hook`` on each tensor ``node`` saved (and on ``out``,
    its result, if it saved it) and keeps what it returns instead."""
    pack_hook, unpack_hook = (_no_grad(h) for h in STACK[-1])
    saved = node._saved
    order = _order(node)
    if saved is not None:
        packed = _Packed(saved)
        packed.unpack, packed.order, packed.seen = unpack_hook, \
            [i for i in order if i != "out"], {}
    for i in order:
        if i == "out":
            if node._result is not None:
                node._result = _PackedResult(pack_hook(out), unpack_hook)
            continue
        v = saved[i]
        if hasattr(v, "_vc"):
            list.__setitem__(packed, i, _Box(pack_hook(v)))
    if saved is not None:
        versions = _Versions(node._versions)
        versions.saved = packed
        node._saved, node._versions = packed, versions
