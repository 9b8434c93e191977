"""The op table, continued: products of vectors and matrices students meet after the
basics — ``linalg_cross`` (``torch.cross``/``torch.linalg.cross``, LinalgCrossBackward0,
whose VJPs are crosses again) and ``dist`` (the p-norm of a difference, DistBackward0,
with ``norm``'s backward). ``kron`` and ``inner`` are composites, as in PyTorch
(``_tensor_class.products``)."""
import numpy as np

from .record import INTEGERS, Grad, Param, defop, no_kernel
from .table_helpers import _norm_fwd, _norm_grad


def _cross(a, b, dim=-1):
    a, b = np.broadcast_arrays(a, b)
    return np.cross(a, b, axis=dim)


defop("linalg_cross", "LinalgCrossBackward0", _cross,
      Grad(lambda F, g, out, a, b, dim=-1: F.fused("linalg_cross", b, g, dim=dim), (1,),
           formula="other.cross(grad, dim)"),
      Grad(lambda F, g, out, a, b, dim=-1: F.fused("linalg_cross", g, a, dim=dim), (0,),
           formula="grad.cross(self, dim)"),
      args=("self", "other"), params=(Param("dim", "int", -1, "the dimension of length 3"),),
      dtype="keep", category="linear algebra", refuses=no_kernel("cross", {"bool"}),
      code="torch.linalg.cross({self}, {other}, dim={dim})",
      doc="The cross product of 3-vectors along dim.")


def _dist_grad(F, g, out, a, b, p=2.0):
    return _norm_grad(F, g, out, a - b, p)


_NORM_OF_INTEGERS = no_kernel("norm", INTEGERS, RuntimeError, "norm(): input dtype should be "
                              "either floating point or complex. Got {dtype} instead.")


def _dist_refuses(dtype_name):
    """Two bool tensors fail at their difference, integers at its norm."""
    if dtype_name == "bool":
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not "
                           "supported. Use the `^` or `logical_xor()` operator instead.")
    _NORM_OF_INTEGERS(dtype_name)


defop("dist", "DistBackward0", lambda a, b, p=2.0: np.asarray(_norm_fwd(a - b, p), a.dtype),
      Grad(_dist_grad, (0, 1, "out"), formula="norm_backward(grad, self - other, p, result)"),
      Grad(lambda F, g, out, a, b, p=2.0: -_dist_grad(F, g, out, a, b, p), (0, 1, "out"),
           formula="-norm_backward(grad, self - other, p, result)"),
      args=("self", "other"), params=(Param("p", "scalar", 2.0, "which norm"),),
      dtype="promote", category="reduction", code="torch.dist({self}, {other}, {p})",
      variants=("method", "function"),
      refuses=_dist_refuses,
      doc="The p-norm of self - other (2: the Euclidean distance).")
