"""The helpers every method module of ``Tensor`` shares: reading an operand as PyTorch
reads it (``_operand``, ``_is_operand``), broadcasting with PyTorch's message
(``_broadcast_check``, ``_broadcast_shapes``), dims (``_dims``), PyTorch's refusals before
subtracting or dividing (``_no_bool_subtraction``, ``_divisor_check``), a grad_fn under
PyTorch's name (``_renamed``) and grad mode off on a condition (``_no_grad_if``)."""
import numpy as np

from .._types import dtype as D
from .._torch_functions.factory import tensor
from .core import TensorCore, _wrap_dim
from .._autograd.nodes import node_class
from .._autograd.grad_mode import STATE
from ..observer import observed

__all__ = []


def _operand(x, fn="", arg="other"):
    """A tensor stays a tensor; a Python (or numpy) number stays a number."""
    if isinstance(x, TensorCore):
        return x
    if isinstance(x, np.generic):       # (first: numpy's float64 is a Python float too)
        return _numpy_number(x)
    if isinstance(x, (bool, int, float)):
        return x
    if isinstance(x, np.ndarray):
        return tensor(x)
    if isinstance(x, TensorCore):
        return x
    raise TypeError(f"{fn}(): argument '{arg}' (position 1) must be Tensor, not "
                    f"{type(x).__name__}")


@observed("numpy.generic.item")
def _numpy_number(x):
    """A numpy scalar operand as the Python number PyTorch reads it (observed: a tracer
    may mark it as holding a tensor's numbers)."""
    return x.item()


def _is_operand(x):
    return isinstance(x, (TensorCore, bool, int, float, np.generic, np.ndarray))


def _broadcast_check(a, b):
    sa, sb = a._data.shape, b._data.shape if isinstance(b, TensorCore) else ()
    if sa != sb and sb:
        _broadcast_shapes(sa, sb)


def _broadcast_shapes(sa, sb):
    """The broadcast of two shapes, with PyTorch's message when they do not broadcast
    (naming the first mismatch from the right, as PyTorch scans)."""
    n = max(len(sa), len(sb))
    pa, pb = (1,) * (n - len(sa)) + tuple(sa), (1,) * (n - len(sb)) + tuple(sb)
    out = [0] * n
    for i in range(n - 1, -1, -1):
        x, y = pa[i], pb[i]
        if x != y and x != 1 and y != 1:
            raise RuntimeError(f"The size of tensor a ({x}) must match the size of tensor b "
                               f"({y}) at non-singleton dimension {i}")
        out[i] = y if x == 1 else x
    return tuple(out)


def _dims(self, dim):
    if dim is None:
        return None
    if isinstance(dim, (list, tuple)):
        if not dim:
            return None
        dims = tuple(_wrap_dim(d, self._data.ndim) for d in dim)
        for i, d in enumerate(dims):
            if d in dims[:i]:
                raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
        return dims
    return (_wrap_dim(dim, self._data.ndim),)


class _no_grad_if:
    def __init__(self, cond):
        self.cond = cond

    def __enter__(self):
        self.prev = STATE.enabled
        if self.cond:
            STATE.enabled = False

    def __exit__(self, *exc):
        STATE.enabled = self.prev


def _no_bool_subtraction(a, b):
    """PyTorch refuses to subtract bools (numpy would compute it, or raise its own
    TypeError); a Python bool counts as a bool tensor, as PyTorch wraps it."""
    a_bool = a._dtype is D.bool_ if isinstance(a, TensorCore) else type(a) is bool
    b_bool = b._dtype is D.bool_ if isinstance(b, TensorCore) else type(b) is bool
    if a_bool and b_bool:
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not "
                           "supported. Use the `^` or `logical_xor()` operator instead.")
    if a_bool or b_bool:
        raise RuntimeError("Subtraction, the `-` operator, with a bool tensor is not "
                           "supported. If you are trying to invert a mask, use the `~` or "
                           "`logical_not()` operator instead.")


def _divisor_check(kernel, dt, divisor):
    """PyTorch's refusals before dividing: no bool kernel, and no integer division by
    zero."""
    if dt is D.bool_:
        raise NotImplementedError(f'"{kernel}" not implemented for \'Bool\'')
    if not dt.is_floating_point:
        d = divisor._data if isinstance(divisor, TensorCore) else divisor
        if np.any(np.asarray(d) == 0):
            raise RuntimeError("ZeroDivisionError")


def _renamed(t, name):
    """Gives ``t``'s grad_fn PyTorch's class name where PyTorch records the same op under
    another name (an in-place ``squeeze_``, a ``reshape`` that aliases): same VJP."""
    fn = t._grad_fn
    if fn is not None and type(fn).__name__ != name:
        fn.__class__ = node_class(name)
    return t
