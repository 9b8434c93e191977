"""The state of forward-mode AD: the one dual level (None outside ``dual_level``) and the
tangent of each dual tensor at it. ``_ops.dispatch`` reads ``ON`` after every op (one
attribute test when no dual tensor exists) and then calls ``HOOK`` (``propagate``).

A tangent is kept in ``TANGENTS`` under the tensor's id with the tensor itself, so the
id cannot be reused while the level lives; leaving the level forgets every tangent, as
PyTorch's ``exit_dual_level`` does."""

__all__ = ["ON", "LEVEL", "TANGENTS", "tangent_of", "set_tangent", "clear", "suspended"]

ON = False          # a dual level exists and holds at least one tangent
LEVEL = None        # the current level (0) or None
TANGENTS = {}       # id(tensor) -> (tensor, tangent)
RESULTS = {}        # id(node) -> (node, tangent of the output it saved)
HOOK = None         # propagate(result, op, operands, params), set by ``propagate``
MOVE = None         # moves a tangent onto a tensor written in place, set by ``propagate``
FUNCTION_JVP = None  # a custom autograd.Function's jvp, set by ``propagate``


def tangent_of(t):
    """``t``'s tangent at the current level, or None."""
    entry = TANGENTS.get(id(t))
    if entry is not None and entry[0] is t:
        return entry[1]
    return None


def result_tangent(node, t):
    """Gives ``t``, a node's saved output rebuilt for its backward, the output's tangent
    (so that a tangent follows a backward pass: ``jacfwd(jacrev(f))``)."""
    entry = RESULTS.get(id(node))
    if entry is not None and entry[0] is node:
        set_tangent(t, entry[1])


def set_tangent(t, tangent):
    global ON
    TANGENTS[id(t)] = (t, tangent)
    ON = LEVEL is not None


def enter():
    global LEVEL
    if LEVEL is not None:
        raise RuntimeError("Nested forward mode AD is not supported at the moment")
    LEVEL = 0
    return LEVEL


def clear():
    """Leaves the level: every tangent is forgotten."""
    global LEVEL, ON
    TANGENTS.clear()
    RESULTS.clear()
    LEVEL = None
    ON = False


class suspended:
    """No tangent follows the ops run inside (a JVP formula computes on primals)."""

    def __enter__(self):
        global ON
        self.prev, ON = ON, False

    def __exit__(self, *exc):
        global ON
        ON = self.prev and LEVEL is not None
        return False
