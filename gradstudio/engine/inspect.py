"""Reading a tensor's state without acting on it, for the studio's own layers.

The public properties (``.grad``, ``.grad_fn``, ``.data`` ...) are what a program sees:
they warn (``.grad`` of a non-leaf), bring a view up to date and are reported to a
forward ``observer`` listener. These functions read the same state silently, so a
listener or a view can look at tensors without changing what the program did.
"""
from ._autograd.derivative import ACCUMULATE, Derivative, derivative as _derivative
from ._tensor_class.printing import format_tensor
from ._tensor_class.tensor import Tensor

__all__ = ["data", "grad", "grad_fn", "requires_grad", "is_tensor", "is_view", "version",
           "format_tensor", "derivative", "Derivative", "ACCUMULATE", "saved_state"]


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


def derivative(node):
    """How ``node`` (a grad_fn) computes the gradients it sends: a ``Derivative`` with
    ``name`` (PyTorch's class name, e.g. 'MulBackward0'), ``op`` (the forward op's name,
    e.g. 'mul', or None), ``forward`` (the forward as a formula over the same identifiers,
    e.g. 'self * other', 'self.sum()'), ``inputs`` (one name per ``node.next_functions``
    entry, aligned with it), ``formulas`` (one rule per entry, in PyTorch's
    ``derivatives.yaml`` terms, e.g. 'grad * other'; None where the entry is None),
    ``params`` (the node's non-tensor params, name -> value) and ``accumulate`` (True for
    AccumulateGrad, whose formulas are ``(ACCUMULATE,)``, 'variable.grad += grad', and
    inputs ()). A rule reads ``grad`` (the gradient the node receives), the input names,
    ``result`` (the op's output) and the params; see ``_autograd.derivative`` for its conventions.
    Returns a Derivative for every node the engine makes (a custom autograd.Function's
    rules name its own ``backward``)."""
    return _derivative(node)


def saved_state(module):
    """What ``module.state_dict(keep_vars=True)`` holds (its parameters and persistent
    buffers, by key, in order), read without the call being observed."""
    held = {}

    def walk(m, prefix):
        m._save_to_state_dict(held, prefix, True)
        for name, child in m._modules.items():
            if child is not None:
                walk(child, prefix + name + ".")
    walk(module, "")
    return held
