"""Watching a backward pass: ``observe`` is given a ``BackwardStep`` for every node the
backward engine (``_autograd.engine``) executes, with the gradients as plain numpy arrays
that nothing changes afterwards.

Only what can change is copied. A gradient flowing between nodes is an array the engine
made for that step and never writes into: the buffers it sums are added out of place, a
leaf copies rather than adopts a gradient an observer still holds (``_SOLE`` in
``_autograd.engine``), and the engine copies a gradient before hooks run on it while
observed (a hook may change its tensor in place). So those arrays are kept as they are.
A leaf's accumulated ``.grad`` (added into in place by the next backward, zeroed by the
program), what ``autograd.grad`` returns to the program, and every gradient of a
``create_graph`` pass (tensors the program can reach) are copied."""
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


def _emit(index, node, grad_output, grad_inputs=(), freed=(), variable=None,
          accumulated=None, captured=False):
    """Gives every observer the step. The leaf (``variable``) stays a tensor: it says
    which tensor the gradient went to."""
    if variable is not None or captured:        # arrays the program can reach or change
        grad_output = _copied(grad_output)
        accumulated = _copied(accumulated)
    else:                                       # the engine's own arrays (see above)
        grad_output = _kept(grad_output)
        grad_inputs = tuple(_kept(g) for g in grad_inputs)
    step = BackwardStep(index, node, grad_output, grad_inputs, freed, variable, accumulated,
                        captured)
    for fn in list(_OBSERVERS):
        fn(step)


def _kept(v):
    """A gradient the engine made for this step: an array kept as it is; a tensor (of a
    ``create_graph`` pass) or a tuple of them copied."""
    if v is None or type(v) is np.ndarray:
        return v
    if type(v) is tuple:           # (a multi-output node's gradients)
        return tuple(_kept(x) for x in v)
    return _copied(v)


def _copied(v):
    if isinstance(v, tuple):
        return tuple(_copied(x) for x in v)
    d = getattr(v, "_data", None)
    if d is not None:
        return np.array(d)
    if isinstance(v, np.ndarray):
        return v.copy()
    return v
