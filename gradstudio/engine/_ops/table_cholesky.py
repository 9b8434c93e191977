"""The op table, continued: ``cholesky_inverse`` and ``cholesky_solve``, the inverse of
A = L Lᵀ and the solution of A X = B from A's Cholesky factor L (``upper``: Lᵀ given),
computed in float64 and rounded once, with the VJPs of PyTorch's
``cholesky_inverse_backward`` and ``cholesky_solve_backward``. Bound by hand with
PyTorch's checks (``_tensor_class.cholesky``)."""
import numpy as np

from .record import Grad, Param, defop

UPPER = Param("upper", "bool", False, "the factor given is upper triangular (Lᵀ)")


def _gram(f, upper):
    """A = L Lᵀ from the factor (Uᵀ U from an upper one), in float64."""
    f = f.astype(np.float64)
    ft = np.swapaxes(f, -1, -2)
    return ft @ f if upper else f @ ft


def _cholesky_inverse(f, upper=False):
    return np.linalg.inv(_gram(f, upper)).astype(f.dtype)


def _cholesky_inverse_grad(F, g, out, f, upper=False):
    common = F.matmul(out, F.matmul(g + F.mT(g), out))
    return -F.matmul(f, common) if upper else -F.matmul(common, f)


defop("_cholesky_inverse", "CholeskyInverseBackward0", _cholesky_inverse,
      Grad(_cholesky_inverse_grad, (0, "out"),
           formula="-(result @ (grad + grad.mT) @ result) @ self"),
      params=(UPPER,), dtype="keep", category="internal",
      doc="The inverse of L Lᵀ, from its Cholesky factor L.")


def _cholesky_solve(b, f, upper=False):
    return np.linalg.solve(_gram(f, upper), b.astype(np.float64)).astype(b.dtype)


def _solve_b_grad(F, g, out, b, f, upper=False):
    return F.fused("_cholesky_solve", g, f, upper=upper)


def _solve_factor_grad(F, g, out, b, f, upper=False):
    common = F.matmul(_solve_b_grad(F, g, out, b, f, upper), F.mT(out))
    common = common + F.mT(common)
    return -F.matmul(f, common) if upper else -F.matmul(common, f)


defop("_cholesky_solve", "CholeskySolveBackward0", _cholesky_solve,
      Grad(_solve_b_grad, (1,), formula="grad.cholesky_solve(input2, upper)"),
      Grad(_solve_factor_grad, (1, "out"),
           formula="-(grad.cholesky_solve(input2, upper) @ result.mT + (grad.cholesky_solve("
                   "input2, upper) @ result.mT).mT) @ input2"),
      args=("self", "input2"), params=(UPPER,), dtype="keep", category="internal",
      doc="The solution X of (L Lᵀ) X = self, from the Cholesky factor L.")
