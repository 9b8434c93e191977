"""The decompositions of ``torch.linalg`` as autograd nodes: ``solve``, ``eigh``, ``svd``,
``qr``, ``slogdet`` and ``pinv``, each one node named as PyTorch names it
(``LinalgSolveExBackward0`` ...), several outputs sharing it as in PyTorch.

Forwards run numpy's LAPACK in float64 and round once to the input's dtype (as ``det`` and
``inverse`` do). Backwards are PyTorch's (``FunctionsManual.cpp``: ``linalg_solve_backward``,
``linalg_eig_backward`` with ``is_hermitian``, ``svd_backward``, ``linalg_qr_backward``,
``slogdet_backward``, ``pinv_backward``), written with engine tensor ops so they can be
differentiated again."""
import numpy as np

from .._autograd.custom_function import Function, _apply
from .._tensor_class.core import TensorCore

__all__ = ["solve_node", "eigh_node", "svd_node", "qr_node", "slogdet_node", "pinv_node"]


def _t(array, dtype):
    return TensorCore._make(np.array(array, dtype=dtype.np, order="C"), dtype)


def _named(cls, name):
    """Names the node class of ``cls`` as PyTorch's grad_fn (``LinalgEighBackward0``)."""
    node = cls._backward_cls
    node.__name__ = node.__qualname__ = name
    node.__module__ = "builtins"
    return cls


def _eye_like(x, n):
    return _t(np.eye(n), x.dtype)


def _diag(v):
    """``v.diag_embed()``: (..., k) to (..., k, k)."""
    return v.unsqueeze(-1) * _eye_like(v, v.shape[-1])


def _reduce_to(g, shape):
    return g if tuple(g.shape) == tuple(shape) else g.sum_to_size(shape)


def _f64(x):
    return x._data.astype(np.float64)


# ----------------------------------------------------------------------------- solve
class _Solve(Function):
    FORWARD = "torch.linalg.solve(A, B, left)"
    FORMULAS = {"A": "-(gB @ result.mT), gB = torch.linalg.solve(A.mT, grad) (left=False: "
                     "-(result.mT @ gB), gB = torch.linalg.solve(A.mT, grad, left=False))",
                "B": "torch.linalg.solve(A.mT, grad, left=left)"}

    @staticmethod
    def forward(ctx, A, B, vector, left=True):
        a, b = _f64(A), _f64(B)
        if vector:
            b = b[..., None]
        if not left:             # (X A = B is A^T X^T = B^T)
            a, b = np.swapaxes(a, -1, -2), np.swapaxes(b, -1, -2)
        batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
        x = np.linalg.solve(np.broadcast_to(a, batch + a.shape[-2:]),
                            np.broadcast_to(b, batch + b.shape[-2:]))
        x = x if left else np.swapaxes(x, -1, -2)
        X = _t(x[..., 0] if vector else x, A.dtype)
        ctx.vector, ctx.left, ctx.b_shape = vector, left, tuple(B.shape)
        ctx.save_for_backward(A, X)
        return X

    @staticmethod
    def backward(ctx, gX):
        A, X = ctx.saved_tensors
        vector, left = ctx.vector, ctx.left
        gB = solve_node(A.mT, gX, vector, left)
        gA = None
        if ctx.needs_input_grad[0]:
            gBm, Xm = (gB.unsqueeze(-1), X.unsqueeze(-1)) if vector else (gB, X)
            gA = _reduce_to(-(gBm @ Xm.mT) if left else -(Xm.mT @ gBm), A.shape)
        return gA, _reduce_to(gB, ctx.b_shape), None, None


_named(_Solve, "LinalgSolveExBackward0")


def solve_node(A, B, vector, left=True):
    return _apply(_Solve, (A, B, vector, left), {})


# ----------------------------------------------------------------------------- eigh
class _Eigh(Function):
    FORWARD = "torch.linalg.eigh(A)"
    FORMULAS = {"A": "V @ (skew(V.mT @ grad_V) / (L[j] - L[i]) + diag(grad_L)) @ V.mT, "
                     "skew(X) = (X - X.mT) / 2"}

    @staticmethod
    def forward(ctx, A, uplo):
        w, v = np.linalg.eigh(_f64(A), UPLO=uplo)
        L, V = _t(w, A.dtype), _t(v, A.dtype)
        ctx.save_for_backward(L, V)
        return L, V

    @staticmethod
    def backward(ctx, gL, gV):
        L, V = ctx.saved_tensors
        # linalg_eig_backward (is_hermitian): gA = V (skew(V^H gV) / E + diag(gL)) V^H,
        # E[i, j] = L[j] - L[i] (1 on the diagonal)
        n = L.shape[-1]
        eye = _eye_like(L, n)
        E = (L.unsqueeze(-2) - L.unsqueeze(-1)) + eye
        VhgV = V.mT @ gV
        inner = (0.5 * (VhgV - VhgV.mT)) / E * (1 - eye) + _diag(gL)
        return V @ inner @ V.mT, None


_named(_Eigh, "LinalgEighBackward0")


def eigh_node(A, uplo):
    return _apply(_Eigh, (A, uplo), {})


# ----------------------------------------------------------------------------- svd
class _Svd(Function):
    FORWARD = "torch.linalg.svd(A, full_matrices)"
    FORMULAS = {"A": "U @ ((skew(U.mT @ grad_U) * S[j] + S[i] * skew(V.mT @ grad_V)) / "
                     "(S[j]^2 - S[i]^2) + diag(grad_S)) @ Vh (+ the parts off U's and V's span "
                     "for a non-square A), skew(X) = X - X.mT"}

    @staticmethod
    def forward(ctx, A, full_matrices):
        u, s, vh = np.linalg.svd(_f64(A), full_matrices=full_matrices)
        U, S, Vh = _t(u, A.dtype), _t(s, A.dtype), _t(vh, A.dtype)
        ctx.full = full_matrices
        ctx.save_for_backward(U, S, Vh)
        return U, S, Vh

    @staticmethod
    def backward(ctx, gU, gS, gVh):
        U, S, Vh = ctx.saved_tensors
        return _svd_backward(gU, gS, gVh, U, S, Vh), None


def _svd_backward(gU, gS, gVh, U, S, Vh):
    m, n, k = U.shape[-2], Vh.shape[-1], S.shape[-1]
    U, Vh = U[..., :, :k], Vh[..., :k, :]
    gU, gVh = gU[..., :, :k], gVh[..., :k, :]
    V, gV = Vh.mT, gVh.mT
    eye = _eye_like(S, k)
    UhgU = U.mT @ gU
    VhgV = V.mT @ gV
    UhgU, VhgV = UhgU - UhgU.mT, VhgV - VhgV.mT
    S2 = S * S
    E = (S2.unsqueeze(-2) - S2.unsqueeze(-1)) + eye
    gA = (UhgU * S.unsqueeze(-2) + S.unsqueeze(-1) * VhgV) / E * (1 - eye) + _diag(gS)
    if m > n:
        gUSinv = gU / S.unsqueeze(-2)
        gA = U @ gA + gUSinv - U @ (U.mT @ gUSinv)
        return gA @ Vh
    if m < n:
        gVSinv = gV / S.unsqueeze(-2)
        gA = gA @ Vh + gVSinv.mT - (gVSinv.mT @ V) @ Vh
        return U @ gA
    return U @ gA @ Vh


_named(_Svd, "LinalgSvdBackward0")


def svd_node(A, full_matrices):
    return _apply(_Svd, (A, full_matrices), {})


# ----------------------------------------------------------------------------- qr
class _Qr(Function):
    FORWARD = "torch.linalg.qr(A, mode)"
    FORMULAS = {"A": "(grad_Q + Q @ copyltu(R @ grad_R.mT - grad_Q.mT @ Q)) @ R^-T, "
                     "copyltu(M) = tril(M, -1) + tril(M, -1).mT + diag(M)"}

    @staticmethod
    def forward(ctx, A, mode):
        a = _f64(A)
        if mode == "r":
            q, r = np.zeros(a.shape[:-2] + (0,)), np.linalg.qr(a, mode="r")
        else:
            q, r = np.linalg.qr(a, mode=mode)
        Q, R = _t(q, A.dtype), _t(r, A.dtype)
        ctx.mode = mode
        ctx.shape = tuple(A.shape)
        wide = a.shape[-2] < a.shape[-1]
        ctx.save_for_backward(Q, R, A if wide else None)
        return Q, R

    @staticmethod
    def backward(ctx, gQ, gR):
        Q, R, A = ctx.saved_tensors
        m, n = ctx.shape[-2:]
        if ctx.mode == "r":
            raise RuntimeError("The derivative of linalg.qr depends on Q, which is not computed "
                               "when mode='r'. Please use linalg.qr(A, mode='reduced') if you "
                               "are going to differentiate through linalg.qr.")
        if ctx.mode == "complete" and m > n:
            raise RuntimeError("The QR decomposition is not differentiable when mode='complete' "
                               "and nrows > ncols.")
        if m < n:
            # A = [X | Y], R = [U | V]: X = Q U is square; Y = Q V adds Y gV^T to Q's
            # gradient and sends Q gV to Y (linalg_qr_backward, m < n)
            gV = gR[..., m:]
            gX = _qr_square_backward(gQ + A[..., m:] @ gV.mT, gR[..., :m], Q, R[..., :m])
            from .general import cat
            return cat((gX, Q @ gV), -1), None
        return _qr_square_backward(gQ, gR, Q, R), None


def _qr_square_backward(gQ, gR, Q, R):
    """linalg_qr_backward, m >= n: gA = (gQ + Q copyltu(M)) R^{-H}, M = R gR^H - gQ^H Q,
    copyltu(M) = tril(M, -1) + tril(M, -1)^H + diag(M)."""
    M = R @ gR.mT - gQ.mT @ Q
    low = M.tril(-1)
    M = low + low.mT + M * _eye_like(M, M.shape[-1])
    b = gQ + Q @ M
    return solve_node(R, b.mT, False).mT


_named(_Qr, "LinalgQrBackward0")


def qr_node(A, mode):
    return _apply(_Qr, (A, mode), {})


# ----------------------------------------------------------------------------- slogdet
class _Slogdet(Function):
    FORWARD = "torch.linalg.slogdet(A)"
    FORMULAS = {"A": "grad_logabsdet * torch.inverse(A).mT"}

    @staticmethod
    def forward(ctx, A):
        sign, logabs = np.linalg.slogdet(_f64(A))
        ctx.save_for_backward(A)
        return _t(sign, A.dtype), _t(logabs, A.dtype)

    @staticmethod
    def backward(ctx, gsign, glogabs):
        A, = ctx.saved_tensors
        # slogdet_backward (real): grad_logabsdet * A^{-H}
        return glogabs.unsqueeze(-1).unsqueeze(-1) * A.inverse().mT


_named(_Slogdet, "LinalgSlogdetBackward0")


def slogdet_node(A):
    return _apply(_Slogdet, (A,), {})


# ----------------------------------------------------------------------------- pinv
class _Pinv(Function):
    FORWARD = "torch.linalg.pinv(A, atol, rtol)"
    FORMULAS = {"A": "pinv_backward(grad, result, A), for rows <= columns: -(P @ K).mT + "
                     "K @ P.mT - A @ P @ K @ P.mT + P.mT @ P @ (grad.mT - K @ A), "
                     "K = grad.mT @ P, P = result"}

    @staticmethod
    def forward(ctx, A, atol, rtol):
        a = _f64(A)
        u, s, vh = np.linalg.svd(a, full_matrices=False)
        smax = s.max(axis=-1, keepdims=True) if s.shape[-1] else s
        keep = s > np.maximum(atol, rtol * smax)
        sinv = np.where(keep, 1.0 / np.where(keep, s, 1.0), 0.0)
        p = np.swapaxes(vh, -1, -2) @ (sinv[..., :, None] * np.swapaxes(u, -1, -2))
        P = _t(p, A.dtype)
        ctx.save_for_backward(A, P)
        return P

    @staticmethod
    def backward(ctx, grad):
        A, pinvA = ctx.saved_tensors
        m, n = A.shape[-2:]
        pinvAh, gradh = pinvA.mT, grad.mT
        if m <= n:
            K = gradh @ pinvA
            KpinvAh = K @ pinvAh
            return (-(pinvA @ K).mT + KpinvAh - (A @ pinvA) @ KpinvAh
                    + (pinvAh @ pinvA) @ (gradh - K @ A)), None, None
        K = pinvA @ gradh
        pinvAhK = pinvAh @ K
        return (-(K @ pinvA).mT + (gradh - A @ K) @ pinvA @ pinvAh + pinvAhK
                - pinvAhK @ pinvA @ A), None, None


_named(_Pinv, "LinalgPinvBackward0")


def pinv_node(A, atol, rtol):
    return _apply(_Pinv, (A, atol, rtol), {})


# ----------------------------------------------------------------------------- lstsq
class _Lstsq(Function):
    FORWARD = "torch.linalg.lstsq(A, B, rcond, driver)"
    FORMULAS = {"A": "pinv_backward(grad_solution @ B.mT, pinv(A), A) + 2 r grad_residuals "
                     "@ solution.mT, r = A @ solution - B",
                "B": "pinv(A).mT @ grad_solution - 2 r grad_residuals"}

    @staticmethod
    def forward(ctx, A, B, vector, rcond, driver):
        a, b = _f64(A), _f64(B)
        if vector:
            b = b[..., None]
        x, res, ranks, svs = _lstsq_arrays(a, b, rcond, driver)
        batch, (m, n) = x.shape[:-2], a.shape[-2:]
        X = _t(x[..., 0] if vector else x, A.dtype)
        from .._types import dtype as D
        rank = _t(np.array(ranks).reshape(batch) if driver != "gels" else np.zeros((0,)),
                  D.int64)
        svals = _t(np.stack(svs).reshape(batch + (min(m, n),)) if driver in ("gelsd", "gelss")
                   else np.zeros((0,)), A.dtype)
        ctx.mark_non_differentiable(svals)
        ctx.vector, ctx.a_shape, ctx.b_shape = vector, tuple(A.shape), tuple(B.shape)
        ctx.residuals = res.size > 0
        ctx.save_for_backward(A, B, X)
        return X, _t(res, A.dtype), rank, svals

    @staticmethod
    def backward(ctx, gX, gRes, grank, gsv):
        A, B, X = ctx.saved_tensors
        # linalg_lstsq_backward: through pinv(A), X = pinv(A) B
        if ctx.vector:
            gX, B = gX.unsqueeze(-1), B.unsqueeze(-1)
        pinvA = pinv_node(A, 0.0, max(A.shape[-2:]) * float(np.finfo(A.dtype.np).eps))
        gA = gB = None
        # the residuals ||A X - B||^2 (per column), at the minimum over X: 2 r gL X^T for
        # A and -2 r gL for B, r = A X - B
        rg = 2 * (A @ (X.unsqueeze(-1) if ctx.vector else X) - B) * gRes.unsqueeze(-2) \
            if ctx.residuals else None
        if ctx.needs_input_grad[0]:
            gA = _Pinv.backward(_PinvCtx(A, pinvA), gX @ B.mT)[0]
            if rg is not None:
                gA = gA + rg @ (X.unsqueeze(-1) if ctx.vector else X).mT
            gA = _reduce_to(gA, ctx.a_shape)
        if ctx.needs_input_grad[1]:
            gB = pinvA.mT @ gX
            if rg is not None:
                gB = gB - rg
            gB = _reduce_to(gB[..., 0] if ctx.vector else gB, ctx.b_shape)
        return gA, gB, None, None, None


def _gelsy_check(svs, rcond):
    """numpy solves as 'gelsd' does (singular values under rcond times the largest count as
    zero); 'gelsy' decides the rank from a pivoted QR instead. They give the same answer
    unless a singular value that is not zero (in float64) is cut off: refused then."""
    for sv in svs:
        if sv.size and np.any((sv <= rcond * sv[0]) & (sv > 1e-13 * sv[0])):
            raise RuntimeError("torch.linalg.lstsq: GradStudio's engine cannot reproduce the "
                               "'gelsy' driver when rcond treats a nonzero singular value as "
                               "zero; pass driver='gelsd' or 'gelss' (or a smaller rcond).")


def _lstsq_arrays(a, b, rcond, driver):
    """Solution, residuals (empty where PyTorch's CPU driver leaves them so), ranks and
    singular values of each matrix of the (broadcast) batch."""
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = np.broadcast_to(a, batch + a.shape[-2:]).reshape((-1,) + a.shape[-2:])
    b = np.broadcast_to(b, batch + b.shape[-2:]).reshape((-1,) + b.shape[-2:])
    m, n = a.shape[-2:]
    xs, ranks, svs = [], [], []
    for ai, bi in zip(a, b):
        x, _, rank, sv = np.linalg.lstsq(ai, bi, rcond=rcond)
        xs.append(x)
        ranks.append(rank)
        svs.append(sv)
    if driver == "gelsy":
        _gelsy_check(svs, rcond)
    x = np.stack(xs).reshape(batch + (n, b.shape[-1]))
    if driver != "gelsy" and m > n and all(r == min(m, n) for r in ranks):
        res = ((a @ np.stack(xs) - b) ** 2).sum(-2).reshape(batch + (b.shape[-1],))
    else:
        res = np.zeros((0,))
    return x, res, ranks, svs


class _PinvCtx:
    """The saved values ``_Pinv.backward`` reads, for lstsq's backward to reuse it."""

    def __init__(self, A, P):
        self.saved_tensors = (A, P)


_named(_Lstsq, "LinalgLstsqBackward0")


def lstsq_node(A, B, vector, rcond, driver):
    return _apply(_Lstsq, (A, B, vector, rcond, driver), {})
