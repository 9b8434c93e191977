"""``torch.linalg.cholesky`` / ``cholesky_ex``, ``lu_factor`` / ``lu_factor_ex`` and ``lu``
(square matrices) as autograd nodes named as PyTorch names them
(``LinalgCholeskyExBackward0``, ``LinalgLuFactorExBackward0``, ``LinalgLuBackward0``).
Forwards compute in float64 and round once (LAPACK's partial pivoting: the first largest
entry of a column); backwards are PyTorch's ``cholesky_backward`` and
``linalg_lu_backward`` (``FunctionsManual.cpp``) in engine tensor ops, so they can be
differentiated again. ``eig`` and ``eigvals`` return complex tensors, which the engine
does not have: they are refused in words."""
import numpy as np

from .._autograd.custom_function import Function, _apply
from .._ops.table_linalg import _LinAlgError
from .._tensor_class.core import TensorCore
from .._types import dtype as D
from .linalg_decomp import _diag, _f64, _named, _t
from .linalg_more import _check, _result_type

__all__ = ["cholesky", "cholesky_ex", "lu_factor", "lu_factor_ex", "lu", "eig", "eigvals",
           "FACTOR_RESULTS"]

FACTOR_RESULTS = {name: _result_type(name, fields) for name, fields in (
    ("linalg_cholesky_ex", ("L", "info")), ("linalg_lu_factor", ("LU", "pivots")),
    ("linalg_lu_factor_ex", ("LU", "pivots", "info")), ("linalg_lu", ("P", "L", "U")))}


def _int32(value):
    return TensorCore._make(np.asarray(value, np.int32), D.int32)


# ----------------------------------------------------------------------------- cholesky
def _failed_minor(a):
    """The order of the first leading minor that is not positive-definite (0: none)."""
    for k in range(1, a.shape[-1] + 1):
        try:
            np.linalg.cholesky(a[:k, :k])
        except np.linalg.LinAlgError:
            return k
    return 0


class _Cholesky(Function):
    FORWARD = "torch.linalg.cholesky(A)"
    FORMULAS = {"A": "sym(L^-H phi(L^H grad) L^-1), phi: the lower triangle, its diagonal "
                     "halved; sym(X) = (X + X^H) / 2"}

    @staticmethod
    def forward(ctx, A, upper):
        low = np.linalg.cholesky(_f64(A))
        out = _t(np.swapaxes(low, -1, -2) if upper else low, A.dtype)
        ctx.upper = upper
        ctx.save_for_backward(out)       # (the output itself, so a second derivative sees it)
        return out

    @staticmethod
    def backward(ctx, gL):
        L, = ctx.saved_tensors
        if ctx.upper:
            L, gL = L.mT, gL.mT
        L_inv = L.inverse()
        phi = (L.mT @ gL).tril()
        phi = phi - 0.5 * _diag(phi.diagonal(0, -2, -1))
        grad = L_inv.mT @ phi @ L_inv
        return (grad + grad.mT) * 0.5, None


_named(_Cholesky, "LinalgCholeskyExBackward0")


def _cholesky_node(A, upper, check):
    _check(A, "cholesky")
    a = _f64(A)
    bad = [_failed_minor(m) for m in a.reshape((-1,) + a.shape[-2:])]
    if check and any(bad):
        raise _LinAlgError("linalg.cholesky: The factorization could not be completed because "
                           "the input is not positive-definite (the leading minor of order "
                           f"{next(b for b in bad if b)} is not positive-definite).")
    if any(bad):
        raise NotImplementedError("GradStudio's engine does not yet return the partial "
                                  "factor of a matrix that is not positive-definite; "
                                  "check_errors=True raises torch's error instead.")
    info = _int32(np.zeros(a.shape[:-2], np.int32))
    return _apply(_Cholesky, (A, bool(upper)), {}), info


def cholesky(A, *, upper=False):
    return _cholesky_node(A, upper, True)[0]


def cholesky_ex(A, *, upper=False, check_errors=False):
    return FACTOR_RESULTS["linalg_cholesky_ex"](*_cholesky_node(A, upper, True))


# ----------------------------------------------------------------------------- lu
def _getrf(a):
    """LAPACK's ``getrf`` on one square matrix: the packed LU and 1-based pivots."""
    lu = a.copy()
    n = lu.shape[0]
    piv = np.zeros(n, np.int32)
    for k in range(n):
        p = k + int(np.argmax(np.abs(lu[k:, k])))
        piv[k] = p + 1
        if p != k:
            lu[[k, p]] = lu[[p, k]]
        if lu[k, k] != 0:
            lu[k + 1:, k] /= lu[k, k]
            lu[k + 1:, k + 1:] -= np.outer(lu[k + 1:, k], lu[k, k + 1:])
    return lu, piv


def _permutation(piv, n):
    """P with A = P L U, from LAPACK's row swaps."""
    order = np.arange(n)
    for k, p in enumerate(piv - 1):
        order[[k, p]] = order[[p, k]]
    P = np.zeros((n, n))
    P[order, np.arange(n)] = 1.0
    return P


def _lu_backward(gL, gU, P, L, U):
    """``linalg_lu_backward``, square: P L^-H [(L^H gL).tril(-1) + (gU U^H).triu()] U^-H."""
    inner = None
    if gL is not None:
        inner = (L.mT @ gL).tril(-1)
    if gU is not None:
        part = (gU @ U.mT).triu()
        inner = part if inner is None else inner + part
    return P @ (L.mT.inverse() @ inner @ U.mT.inverse())


def _unpack(LU):
    n = LU.shape[-1]
    return LU.tril(-1) + _t(np.eye(n), LU.dtype), LU.triu()


class _LuFactor(Function):
    FORWARD = "torch.linalg.lu_factor(A)"
    FORMULAS = {"A": "P L^-H [(L^H grad.tril(-1)).tril(-1) + (grad.triu() U^H).triu()] U^-H"}

    @staticmethod
    def forward(ctx, A):
        P, lu_, piv = _factor(A)
        LU = _t(lu_, A.dtype)
        ctx.P, ctx.pivots = _t(P, A.dtype), _int32(piv)
        ctx.save_for_backward(LU)
        return LU

    @staticmethod
    def backward(ctx, gLU):
        LU, = ctx.saved_tensors
        L, U = _unpack(LU)
        return _lu_backward(gLU.tril(-1), gLU.triu(), ctx.P, L, U)


class _Lu(Function):
    FORWARD = "torch.linalg.lu(A)"
    FORMULAS = _LuFactor.FORMULAS

    @staticmethod
    def forward(ctx, A):
        P, lu_, _ = _factor(A)
        n = lu_.shape[-1]
        P = _t(P, A.dtype)
        L, U = _t(np.tril(lu_, -1) + np.eye(n), A.dtype), _t(np.triu(lu_), A.dtype)
        ctx.mark_non_differentiable(P)
        ctx.P = P
        ctx.save_for_backward(L, U)
        return P, L, U

    @staticmethod
    def backward(ctx, gP, gL, gU):
        L, U = ctx.saved_tensors
        return _lu_backward(gL, gU, ctx.P, L, U)


_named(_LuFactor, "LinalgLuFactorExBackward0")
_named(_Lu, "LinalgLuBackward0")


def _factor(A):
    a = _f64(A)
    mats = a.reshape((-1,) + a.shape[-2:])
    done = [_getrf(m) for m in mats]
    n = a.shape[-1]
    lu_ = np.stack([d[0] for d in done]).reshape(a.shape)
    piv = np.stack([d[1] for d in done]).reshape(a.shape[:-1])
    P = np.stack([_permutation(d[1], n) for d in done]).reshape(a.shape)
    return P, lu_, piv


def _square_lu(A, pivot, name):
    if isinstance(A, TensorCore) and A.dim() < 2:
        raise RuntimeError(f"torch.{name}: Expected tensor with 2 or more dimensions. Got "
                           f"size: {list(A.shape)} instead")
    if isinstance(A, TensorCore) and A.shape[-1] != A.shape[-2]:
        raise NotImplementedError(f"GradStudio's engine computes linalg.{name} of square "
                                  "matrices only, not of "
                                  f"{A.shape[-2]} by {A.shape[-1]} ones.")
    _check(A, name)
    if not pivot:
        raise RuntimeError(f"linalg.{name}: LU without pivoting is not implemented on the CPU")


def lu_factor(A, *, pivot=True):
    _square_lu(A, pivot, "lu_factor")
    out = _apply(_LuFactor, (A,), {})
    return FACTOR_RESULTS["linalg_lu_factor"](out, _int32(_factor(A)[2]))


def lu_factor_ex(A, *, pivot=True, check_errors=False):
    LU, piv = lu_factor(A, pivot=pivot)
    info = _int32(np.zeros(tuple(A.shape[:-2]), np.int32))
    return FACTOR_RESULTS["linalg_lu_factor_ex"](LU, piv, info)


def lu(A, *, pivot=True):
    _square_lu(A, pivot, "lu")
    return FACTOR_RESULTS["linalg_lu"](*_apply(_Lu, (A,), {}))


def eig(A):
    raise NotImplementedError("GradStudio's engine has no complex tensors, so it cannot give "
                              "torch.linalg.eig's complex eigenvalues and eigenvectors; for a "
                              "symmetric matrix use torch.linalg.eigh.")


def eigvals(A):
    raise NotImplementedError("GradStudio's engine has no complex tensors, so it cannot give "
                              "torch.linalg.eigvals's complex eigenvalues; for a symmetric "
                              "matrix use torch.linalg.eigvalsh.")
