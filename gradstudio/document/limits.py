"""What one document run may compute and keep.

Two bounds keep a run (and the window showing it) alive on any file the loader accepts:

- **Elements**: every tensor a node computes has at most ``MAX_ELEMENTS`` elements and
  ``MAX_DIMS`` dimensions, the same limits the file format puts on a literal. For the kinds
  whose output can be larger than their inputs (broadcasting, ``eye``, ``arange``,
  ``matmul``, ``expand``, ``cat``, ``stack``) the output size is worked out from the
  inputs' shapes *before* the engine allocates anything (``planned_elements``); every
  output is checked again once made (``check_tensor``).
- **Memory**: ``RunBudget`` adds up the bytes the run keeps (node tensors, the arrays of
  every snapshot, the recorded backward steps and returned gradients, each buffer counted
  once) and says when ``MAX_RUN_BYTES`` is passed; the run then stops with a message.

The engine itself has no such limits (PyTorch has none): they belong to the document run.
"""
import math

import numpy as np

from gradstudio.engine import inspect as raw

from .params import MAX_DIMS, MAX_ELEMENTS

__all__ = ["MAX_ELEMENTS", "MAX_DIMS", "MAX_RUN_BYTES", "planned_elements", "may_grow",
           "too_large", "check_tensor", "RunBudget"]

MAX_RUN_BYTES = 512 * 1024 ** 2    # what one run may keep: tensors, snapshots, step records

# kinds with several tensor inputs that do not broadcast them against each other
_NOT_BROADCAST = {"mm", "bmm", "mv", "dot", "matmul", "cross_entropy", "nll_loss"}


def too_large(elements):
    return (f"This would make a tensor of {elements:,} elements; the limit is "
            f"{MAX_ELEMENTS:,}.")


# the kinds with fewer than two inputs that can make more elements than they are given
_GROWS = frozenset({"eye", "arange", "matmul", "mm", "bmm", "expand", "cat", "stack"})


def may_grow(spec, inputs):
    """Whether ``planned_elements`` can say anything of ``spec`` given ``inputs`` tensors
    (a run asks first, to skip the shapes of the many kinds that cannot grow)."""
    return inputs >= 2 or spec.name in _GROWS


def planned_elements(spec, params, shapes):
    """The number of elements ``spec`` would compute from inputs of ``shapes`` (port ->
    shape), for the kinds that can make more elements than they are given; None when it
    cannot grow or the inputs do not fit (the engine then says why)."""
    try:
        return _planned(spec, params, shapes)
    except (ValueError, TypeError, IndexError, KeyError, OverflowError, ZeroDivisionError):
        return None


def _planned(spec, p, shapes):
    name = spec.name
    if name == "eye":
        return p["n"] * (p.get("m") or p["n"])
    if name == "arange":
        return max(0, math.ceil((p["end"] - p["start"]) / p["step"]))
    if name in ("matmul", "mm", "bmm"):
        a, b = shapes.get("self"), shapes.get("mat2", shapes.get("other"))
        return None if a is None or b is None else _matmul_elements(a, b)
    if name == "expand":
        (shape,) = shapes.values()
        out = list(p["shape"])
        lead = len(out) - len(shape)
        for i, size in enumerate(shape):
            if out[lead + i] == -1:
                out[lead + i] = size
        return math.prod(out)
    if name in ("cat", "stack"):
        listed = list(shapes.values())
        if name == "stack":
            return len(listed) * math.prod(listed[0])
        ndim = len(listed[0])
        dim = p["dim"] % ndim
        rest = {s[:dim] + s[dim + 1:] for s in listed}
        if len(rest) != 1 or any(len(s) != ndim for s in listed):
            return None            # the engine says what does not fit
        return math.prod(next(iter(rest))) * sum(s[dim] for s in listed)
    if len(shapes) >= 2 and name not in _NOT_BROADCAST:
        listed = list(shapes.values())
        if all(s == listed[0] for s in listed):     # (the common case, without numpy)
            return math.prod(listed[0])
        return math.prod(np.broadcast_shapes(*listed))
    return None


def _matmul_elements(a, b):
    if not a or not b:
        return None
    rows = a[-2] if len(a) >= 2 else 1
    cols = b[-1] if len(b) >= 2 else 1
    batch = np.broadcast_shapes(tuple(a[:-2]), tuple(b[:-2]))
    return math.prod(batch) * rows * cols


def check_tensor(shape):
    """The message for a computed tensor over the limits, or None."""
    n = math.prod(shape)
    if n > MAX_ELEMENTS:
        return too_large(n)
    if len(shape) > MAX_DIMS:
        return (f"This would make a tensor of {len(shape)} dimensions; the limit is "
                f"{MAX_DIMS}.")
    return None


class RunBudget:
    """The bytes a run keeps, each numpy buffer counted once (a view counts as its base).
    Everything counted stays referenced by the run, so ids are not reused meanwhile."""

    def __init__(self, limit=None):
        self.limit = MAX_RUN_BYTES if limit is None else limit
        self.used = 0
        self._seen = set()

    @property
    def exceeded(self):
        return self.used > self.limit

    def add_array(self, a):
        """``add`` of one numpy array (a node's tensor data), without the type tests."""
        base = a
        while isinstance(base.base, np.ndarray):
            base = base.base
        key = id(base)
        if key not in self._seen:
            self._seen.add(key)
            self.used += base.nbytes

    def add(self, value):
        """Counts an array, an engine tensor (its data and its .grad), or a list, tuple or
        backward step holding them."""
        stack = [value]
        while stack:
            v = stack.pop()
            if v is None:
                continue
            if isinstance(v, np.ndarray):
                self.add_array(v)
            elif isinstance(v, (list, tuple)):
                stack.extend(v)
            elif raw.is_tensor(v):
                stack.append(raw.data(v))
            elif hasattr(v, "grad_output"):        # a recorded backward step
                stack.extend((v.grad_output, v.grad_inputs, v.accumulated))

    def message(self):
        return (f"the run keeps more than {self.limit // 1024 ** 2} MB of tensors and "
                "gradients, its limit; use smaller tensors or fewer steps.")
