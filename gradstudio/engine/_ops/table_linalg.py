"""The op table, continued: determinants and inverses of (batches of) square matrices,
with PyTorch's VJPs (``linalg_det_backward``: ``det * grad * A^{-T}``, its signed zeros
for a singular matrix; ``linalg_inv_ex``: ``-A^{-T} @ grad @ A^{-T}``). Values are
computed in float64 and rounded once; singular inputs are found as LAPACK's ``getrf``
finds them (the first zero pivot of an LU factorisation with partial pivoting)."""
import numpy as np

from .record import Grad, defop


class _LinAlgError(RuntimeError):
    """PyTorch's ``torch.linalg.LinAlgError`` (``torch._C._LinAlgError``)."""
    __module__ = "torch._C"


def first_zero_pivot(matrix):
    """The 1-based index of the first zero pivot of ``getrf`` on ``matrix`` (0 if none)."""
    a = np.array(matrix, dtype=matrix.dtype, copy=True)
    n = a.shape[0]
    for k in range(n):
        p = k + int(np.argmax(np.abs(a[k:, k])))
        if a[p, k] == 0:
            return k + 1
        if p != k:
            a[[k, p]] = a[[p, k]]
        a[k + 1:, k] /= a[k, k]
        a[k + 1:, k + 1:] -= np.outer(a[k + 1:, k], a[k, k + 1:])
    return 0


def _singular_check(a, name):
    for m in a.reshape((-1,) + a.shape[-2:]):
        k = first_zero_pivot(m)
        if k:
            raise _LinAlgError(f"{name}: The diagonal element {k} is zero, the inversion could "
                               "not be completed because the input matrix is singular.")


def _inverse(a):
    _singular_check(a, "linalg.inv")
    return np.linalg.inv(a.astype(np.float64)).astype(a.dtype)


def _inverse_grad(F, g, out, a):
    t = F.mT(out)
    return -F.matmul(t, F.matmul(g, t))


defop("inverse", "LinalgInvExBackward0", _inverse,
      Grad(_inverse_grad, ("out",), formula="-result.mT @ grad @ result.mT"),
      dtype="keep", category="linear algebra", code="torch.inverse({self})",
      doc="The inverse of a square matrix (of each, for a batch).")


def _det(a):
    return np.asarray(np.linalg.det(a.astype(np.float64))).astype(a.dtype)


def _adjugate_t(a):
    """The transposed adjugate (the cofactor matrix), from the minors, in float64."""
    a = a.astype(np.float64)
    n = a.shape[-1]
    out = np.empty(a.shape)
    for i in range(n):
        for j in range(n):
            minor = np.delete(np.delete(a, i, axis=-2), j, axis=-1)
            out[..., i, j] = (-1) ** (i + j) * (np.linalg.det(minor) if n > 1 else 1.0)
    return out


def _det_grad(F, g, out, a):
    if F.is_tensor:
        d = (g * out).unsqueeze(-1).unsqueeze(-1)
        return d * F.mT(F.fused("inverse", a))
    d = (np.asarray(g, np.float64) * np.asarray(out, np.float64))[..., None, None]
    singular = np.asarray(out == 0)[..., None, None]
    safe = np.where(singular, np.eye(a.shape[-1]), a.astype(np.float64))
    inv_t = np.swapaxes(np.linalg.inv(safe), -1, -2)
    return (d * np.where(singular, _adjugate_t(a), inv_t)).astype(a.dtype)


defop("det", "LinalgDetBackward0", _det,
      Grad(_det_grad, (0, "out"), formula="grad * result * torch.inverse(self).mT"), dtype="keep",
      category="linear algebra", code="torch.det({self})",
      doc="The determinant of a square matrix (of each, for a batch).")
