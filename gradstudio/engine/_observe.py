"""Watching a backward pass: ``observe`` is given a ``BackwardStep`` for every node the
backward engine (``_backward_engine``) executes, with plain numpy copies of the gradients,
so what an observer keeps cannot change afterwards."""
import numpy as np

__all__ = ["BackwardStep", "observe"]


class BackwardStep:
    """One executed node of a backward pass, as seen by an observer.

    ``grad_output`` is the gradient the node received (numpy array), ``grad_inputs`` the
    gradients it sent along each of ``node.next_functions`` (None where nothing flows),
    ``freed`` the names of the saved tensors released after it ran. For an
    ``AccumulateGrad`` step ``variable`` is the leaf (the tensor itself, read it with
    ``inspect``) and ``accumulated`` its new ``.grad``.
    """
    __slots__ = ("index", "node", "grad_output", "grad_inputs", "freed", "variable",
                 "accumulated", "captured")

    def __init__(self, index, node, grad_output, grad_inputs=(), freed=(), variable=None,
                 accumulated=None, captured=False):
        self.index = index
        self.node = node
        self.grad_output = grad_output
        self.grad_inputs = grad_inputs
        self.freed = freed
        self.variable = variable
        self.accumulated = accumulated
        self.captured = captured

    @property
    def name(self):
        return type(self.node).__name__

    def __repr__(self):
        return f"BackwardStep({self.index}, {self.name}, freed={list(self.freed)})"


_OBSERVERS = []


class observe:
    """Context manager that records every node a backward pass executes::

        with observe() as steps:
            loss.backward()
        for s in steps: print(s.name, s.grad_output, s.grad_inputs, s.freed)

    ``callback(step)``, if given, is also called as each step happens.
    """

    def __init__(self, callback=None):
        self.steps = []
        self._callback = callback

    def _emit(self, step):
        self.steps.append(step)
        if self._callback is not None:
            self._callback(step)

    def __enter__(self):
        _OBSERVERS.append(self._emit)
        return self.steps

    def __exit__(self, *exc):
        _OBSERVERS.remove(self._emit)
        return False


def _emit(**kw):
    # the leaf itself stays a tensor (it says which tensor the gradient went to); the
    # gradients become plain arrays
    kw = {k: v if k == "variable" else _plain(v) for k, v in kw.items()}
    step = BackwardStep(**kw)
    for fn in list(_OBSERVERS):
        fn(step)


def _plain(v):
    if isinstance(v, tuple):
        return tuple(_plain(x) for x in v)
    d = getattr(v, "_data", None)
    if d is not None:
        return np.array(d)
    if isinstance(v, np.ndarray):
        return v.copy()
    return v
