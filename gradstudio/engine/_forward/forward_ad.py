"""``torch.autograd.forward_ad``: ``dual_level``, ``make_dual``, ``unpack_dual``,
``enter_dual_level``/``exit_dual_level`` and ``UnpackedDualTensor``, with PyTorch's
checks and messages (its ``torch/autograd/forward_ad.py`` and ``_make_dual``)."""
from collections import namedtuple

from .._ops.record import Grad, defop
from .._ops.dispatch import apply
from .._tensor_class.core import TensorCore
from ..observer import observed
from . import propagate  # noqa: F401  (installs the hook that carries tangents)
from . import state

__all__ = ["UnpackedDualTensor", "enter_dual_level", "exit_dual_level", "make_dual",
           "unpack_dual", "dual_level"]

# the primal ``unpack_dual`` hands back: a view without the tangent, whose node PyTorch
# names ``Identity`` (``_fw_primal``'s)
_ALIAS = defop("_alias", "Identity", lambda a: a,
               Grad(lambda F, g, out, a: g, formula="grad"), dtype="keep",
               category="internal", view=True,
               doc="The same tensor without its tangent (forward-mode AD's primal).")


class UnpackedDualTensor(namedtuple("UnpackedDualTensor", ["primal", "tangent"])):
    r"""Namedtuple returned by :func:`unpack_dual` containing the primal and tangent
    components of the dual tensor."""
    __slots__ = ()


UnpackedDualTensor.__module__ = "torch.autograd.forward_ad"


def enter_dual_level():
    """Enters the (one) dual level and returns it (0)."""
    return state.enter()


def exit_dual_level(*, level=None):
    """Leaves the dual level: every tangent made in it is forgotten."""
    if level is None:
        level = state.LEVEL
    if level != state.LEVEL:
        raise RuntimeError("Trying to exit a forward AD level that was not the last one that "
                           "was created. This is not supported.")
    state.clear()


@observed("torch.autograd.forward_ad.make_dual")
def make_dual(tensor, tangent, *, level=None):
    """A view of ``tensor`` carrying ``tangent`` at the current dual level."""
    if level is None:
        level = state.LEVEL
    if level is None:
        raise RuntimeError("Trying to create a dual Tensor for forward AD but no level "
                           "exists, make sure to enter_dual_level() first.")
    if not (isinstance(tensor, TensorCore) and tensor.is_floating_point()):
        raise ValueError("Expected primal to be floating point or complex, but got: "
                         f"{getattr(tensor, 'dtype', type(tensor))}")
    if not (isinstance(tangent, TensorCore) and tangent.is_floating_point()):
        raise ValueError("Expected tangent to be floating point or complex, but got: "
                         f"{getattr(tangent, 'dtype', type(tangent))}")
    if state.tangent_of(tensor) is not None:
        raise RuntimeError("Making a dual Tensor based on a Tensor that already has a forward "
                           f"gradient at the same level {level} is not supported.")
    if tuple(tangent.shape) != tuple(tensor.shape):
        raise RuntimeError("Trying to set a forward gradient that has a different size than "
                           "that of the original Tensor, this is not supported. Tensor is of "
                           f"size {list(tensor.shape)} while the given forward gradient is of "
                           f"size {list(tangent.shape)}.")
    with state.suspended():
        dual = tensor.view(tuple(tensor.shape))
    state.set_tangent(dual, tangent)
    return dual


@observed("torch.autograd.forward_ad.unpack_dual")
def unpack_dual(tensor, *, level=None):
    """``UnpackedDualTensor(primal, tangent)``: a view of ``tensor`` without its tangent,
    and the tangent (None if it has none)."""
    if level is None:
        level = state.LEVEL
    if level is None:
        return UnpackedDualTensor(tensor, None)
    tangent = state.tangent_of(tensor)
    with state.suspended():
        primal = apply(_ALIAS, (tensor,))
    return UnpackedDualTensor(primal, tangent)


class dual_level:
    """Context manager for forward AD: every dual tensor made inside loses its tangent
    on leaving it."""

    def __enter__(self):
        return enter_dual_level()

    def __exit__(self, exc_type, exc_value, traceback):
        exit_dual_level()
