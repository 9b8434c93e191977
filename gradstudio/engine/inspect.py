"""Reading a tensor's state without acting on it, for the studio's own layers.

The public properties (``.grad``, ``.grad_fn``, ``.data`` ...) are what a program sees:
they warn (``.grad`` of a non-leaf), bring a view up to date and are reported to a
forward ``observer`` listener. These functions read the same state silently, so a
listener or a view can look at tensors without changing what the program did.
"""
from ._printing import format_tensor
from ._tensor import Tensor

__all__ = ["data", "grad", "grad_fn", "requires_grad", "is_tensor", "is_view", "version",
           "format_tensor"]


def is_tensor(value):
    return isinstance(value, Tensor)


def data(t):
    """The tensor's numpy array itself (not a copy): read it, never write to it."""
    return t._data


def grad(t):
    """``t.grad`` without the non-leaf warning (None when no gradient is stored)."""
    return t._grad


def grad_fn(t):
    """The node that made ``t`` as last recorded (None for a leaf)."""
    return t._grad_fn


def requires_grad(t):
    """Whether ``t`` itself is marked as requiring grad (a view of such a tensor reports
    its own flag, not its base's)."""
    return t._requires_grad


def is_view(t):
    """Whether ``t`` views another tensor's memory (``x[0]``, ``x.t()``, ``x.view(...)``)."""
    return t._base is not None


def version(t):
    """How many times ``t``'s memory was changed in place (PyTorch's ``t._version``)."""
    return t._vc[0]


# ``format_tensor(data, dtype, requires_grad=False, grad_fn_name=None)``: how torch prints
# a tensor holding ``data`` (a numpy array), for values kept after the tensor changed
format_tensor = format_tensor
