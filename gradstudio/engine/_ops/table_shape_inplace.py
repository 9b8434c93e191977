"""The op table, continued: the in-place shape changes ``t_``, ``transpose_``,
``unsqueeze_`` and ``squeeze_``. They change a tensor's shape, not its values, so they
record under PyTorch's names for the in-place overloads (``TBackward1``,
``TransposeBackward1``, ``UnsqueezeBackward1``, ``SqueezeBackward3``; ``squeeze_(dim)`` is
``_squeeze_dim_``'s ``SqueezeBackward4``) and their VJPs shape the gradient back. The
methods are ``_tensor_class.shape_inplace``'s."""
import numpy as np

from .record import Grad, Param, defop


def _back(F, g, out, a, **params):
    return F.reshape(g, a.shape)


_BACK = Grad(_back, formula="grad.reshape(self.shape)")


def _internal(name, grad_fn, forward, grad, params=()):
    defop(name, grad_fn, forward, grad, params=params, dtype="keep", category="internal")


_internal("_t_", "TBackward1", lambda a: a.T,
          Grad(lambda F, g, out, a: F.permute(g, tuple(range(len(a.shape)))[::-1]),
               formula="grad.t()"))
_internal("_transpose_", "TransposeBackward1",
          lambda a, dim0=0, dim1=1: np.swapaxes(a, dim0, dim1),
          Grad(lambda F, g, out, a, dim0=0, dim1=1: F.transpose(g, dim0, dim1),
               formula="grad.transpose(dim0, dim1)"),
          (Param("dim0", "int", 0), Param("dim1", "int", 1)))
_internal("_unsqueeze_", "UnsqueezeBackward1", lambda a, dim=0: np.expand_dims(a, dim), _BACK,
          (Param("dim", "int", 0),))
_internal("_squeeze_", "SqueezeBackward3", lambda a: np.squeeze(a), _BACK)
