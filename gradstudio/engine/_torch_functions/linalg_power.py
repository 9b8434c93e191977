"""``torch.linalg.matrix_power``, ``matrix_rank`` and ``cond``, and the deprecated
``torch.qr``, composed of engine ops as PyTorch composes them: ``matrix_power`` by
PyTorch's binary decomposition of n (so its products, and their ``MmBackward0`` nodes,
come in PyTorch's order), ``cond`` as the ratio of extreme singular values (or a norm of
A times the norm of its inverse), ``matrix_rank`` by counting singular values above
PyTorch's tolerance."""
import numpy as np

from .._messages.warn import warn as _warn
from .._tensor_class.core import TensorCore
from .._autograd.grad_mode import no_grad
from .factory import eye
from .linalg_more import RESULT_TYPES, _result_type, qr as linalg_qr, svdvals

__all__ = ["matrix_power", "matrix_rank", "cond", "torch_qr", "QrResult"]

QrResult = _result_type("qr", ("Q", "R"))


def _square(A, name):
    if not isinstance(A, TensorCore):
        raise TypeError(f"linalg_{name}(): argument 'A' (position 1) must be Tensor, not "
                        f"{type(A).__name__}")
    if A.dim() < 2 or A.shape[-1] != A.shape[-2]:
        rows, cols = (A.shape[-2], A.shape[-1]) if A.dim() >= 2 else (1, A.shape[-1])
        raise RuntimeError(f"linalg.{name}: A must be batches of square matrices, but they "
                           f"are {rows} by {cols} matrices")


def matrix_power(A, n):
    _square(A, "matrix_power")
    if n == 0:
        return A.clone().copy_(eye(A.shape[-1], dtype=A.dtype).expand(A.shape))
    if n < 0:
        A, n = A.inverse(), -n
        if n == 1:
            return A
    if n == 1:
        return A.clone()
    if n in (2, 3):
        out = A.matmul(A)
        return out.matmul(A) if n == 3 else out
    z = result = None
    while n > 0:
        bit, n = n % 2, n // 2
        z = A if z is None else z.matmul(z)
        if bit:
            result = z if result is None else result.matmul(z)
    return result


def matrix_rank(A, *, atol=None, rtol=None, hermitian=False):
    """The number of singular values above max(atol, rtol * the largest); by default
    rtol = eps * max(m, n), PyTorch's."""
    if not isinstance(A, TensorCore) or A.dim() < 2:
        raise RuntimeError("linalg.matrix_rank: The input tensor A must have at least 2 "
                           "dimensions.")
    with no_grad():
        s = svdvals(A)._data
    if atol is None and rtol is None:
        rtol = np.finfo(s.dtype).eps * max(A.shape[-2], A.shape[-1])
    tol = np.maximum(0.0 if atol is None else atol,
                     (0.0 if rtol is None else rtol) * s.max(-1, keepdims=True))
    return TensorCore._make(np.asarray(np.sum(s > tol, -1), np.int64))


def cond(A, p=None):
    _square(A, "cond") if p is not None else None
    if p is None or p in (2, -2):
        s = svdvals(A)
        big, small = s.narrow(-1, 0, 1), s.narrow(-1, s.shape[-1] - 1, 1)
        return (small / big if p == -2 else big / small).squeeze(-1)
    raise NotImplementedError(f"GradStudio's engine has torch.linalg.cond only for p=None, 2 "
                              f"and -2 yet, not p={p!r}; write torch.linalg.matrix_norm(A, p) "
                              "* torch.linalg.matrix_norm(torch.linalg.inv(A), p).")


_QR_WARNED = []


def torch_qr(A, some=True):
    """``torch.qr`` (deprecated): ``linalg.qr`` with ``some`` for the mode, warning once."""
    if not _QR_WARNED:
        _QR_WARNED.append(True)
        _warn("torch.qr is deprecated in favor of torch.linalg.qr and will be removed in a "
              "future PyTorch release.\nThe boolean parameter 'some' has been replaced with a "
              "string parameter 'mode'.\nQ, R = torch.qr(A, some)\nshould be replaced with\n"
              "Q, R = torch.linalg.qr(A, 'reduced' if some else 'complete') (Triggered "
              "internally at /__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp"
              ":2505.)")
    return QrResult(*linalg_qr(A, "reduced" if some else "complete"))


RESULT_TYPES.setdefault("qr", QrResult)
