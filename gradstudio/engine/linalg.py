"""``torch.linalg``: vector and matrix norms, determinants and inverses, as PyTorch
composes them (``linalg.norm`` is ``vector_norm``, or for a matrix ``ord`` the
reductions PyTorch's ``matrix_norm`` runs, over ``svdvals`` for ``ord=2``, ``-2`` and
``'nuc'``), and the decompositions (``solve``, ``eigh``, ``svd``, ``qr``, ``slogdet``,
``pinv``: ``_torch_functions.linalg_more``)."""
import math

import numpy as np

from ._tensor_class.core import TensorCore, _wrap_dim
from ._ops.table_linalg import _LinAlgError as LinAlgError
from ._torch_functions.linalg_more import _low_precision
from ._torch_functions.linalg_more import (eigh, eigvalsh, lstsq, pinv, qr, slogdet, solve,
                                           svd, svdvals)
from .observer import observed
from ._torch_functions.linalg_factor import (cholesky, cholesky_ex, eig, eigvals,  # noqa: F401
                                              lu, lu_factor, lu_factor_ex)
from ._tensor_class.products import linalg_cross as cross
from ._torch_functions.linalg_power import cond, matrix_power, matrix_rank
from ._torch_functions.linalg_chain import multi_dot, vecdot

__all__ = ["norm", "vector_norm", "matrix_norm", "det", "inv", "LinAlgError", "solve",
           "eigh", "eigvalsh", "svd", "svdvals", "qr", "slogdet", "pinv", "lstsq",
           "cholesky", "cholesky_ex", "lu_factor", "lu_factor_ex", "lu", "eig", "eigvals",
           "cross", "matrix_power", "matrix_rank", "cond", "multi_dot", "vecdot"]


def _tensor(x, name, arg):
    if not isinstance(x, TensorCore):
        raise TypeError(f"linalg_{name}(): argument '{arg}' (position 1) must be Tensor, not "
                        f"{type(x).__name__}")


def _float_input(x, name):
    from ._types import dtype as D
    if not x._dtype.is_floating_point:
        raise RuntimeError(f"linalg.{name}: Expected a floating point or complex tensor as "
                           f"input. Got {D.scalar_type(x._dtype)}")


@observed("torch.linalg.vector_norm")
def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    _tensor(x, "vector_norm", "input")
    _float_input(x, "vector_norm")
    if isinstance(ord, str):
        raise RuntimeError(f"linalg.vector_norm: ord must be a number, but got {ord!r}")
    src = x if dtype is None else x.to(dtype)
    return src.norm(float(ord), dim, keepdim)


@observed("torch.linalg.matrix_norm")
def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    _float_input(A, "matrix_norm")
    if A._data.ndim < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 "
                           "dimensions.")
    d0, d1 = (_wrap_dim(d, A._data.ndim) for d in dim)
    src = A if dtype is None else A.to(dtype)
    if ord == "fro":
        return src.norm(2.0, (d0, d1), keepdim)
    if ord in (1, -1, math.inf, -math.inf):
        if abs(ord) == math.inf:
            d0, d1 = d1, d0
        if not keepdim and d0 < d1:
            d1 -= 1
        sums = src.norm(1.0, d0, keepdim)
        return sums.amax(d1, keepdim) if ord > 0 else sums.amin(d1, keepdim)
    if ord in (2, -2, "nuc"):
        if A._dtype.np == np.float16:
            _low_precision(A, "matrix_norm")
        return _spectral(src, ord, (d0, d1), keepdim)
    raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")


def _spectral(A, ord, dims, keepdim):
    """PyTorch's ``matrix_norm`` for 2, -2 and 'nuc': the singular values of ``A`` with
    ``dims`` moved last, reduced, the dims put back with ``keepdim``."""
    s = svdvals(A.movedim(dims, (-2, -1)))
    r = s.sum(-1, keepdim) if ord == "nuc" else s.amax(-1, keepdim) if ord == 2 else \
        s.amin(-1, keepdim)
    return r.unsqueeze(-1).movedim((-2, -1), dims) if keepdim else r


@observed("torch.linalg.norm")
def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    _tensor(A, "norm", "input")
    if dim is not None and not isinstance(dim, int) and len(dim) == 1:
        dim = dim[0]
    if ord is None:
        if dim is None or isinstance(dim, int):
            return vector_norm(A, 2, dim, keepdim, dtype=dtype)
        return matrix_norm(A, "fro", dim, keepdim, dtype=dtype)
    if isinstance(ord, str) and isinstance(dim, int):
        raise RuntimeError(f"linalg.matrix_norm: dim must be a 2-tuple. Got {dim}")
    if isinstance(dim, int) or (dim is None and A._data.ndim == 1):
        return vector_norm(A, ord, dim, keepdim, dtype=dtype)
    if dim is None and A._data.ndim != 2:
        raise RuntimeError(f"linalg.norm: If dim is not specified but ord is, the input must "
                           f"be 1D or 2D. Got {A._data.ndim}D.")
    return matrix_norm(A, ord, (-2, -1) if dim is None else dim, keepdim, dtype=dtype)


@observed("torch.linalg.det")
def det(A):
    _tensor(A, "det", "A")
    return A.det()          # (the method checks A as linalg.det does)


@observed("torch.linalg.inv")
def inv(A):
    _tensor(A, "inv", "A")
    return A.inverse()

from ._messages.missing import missing as _missing  # noqa: E402
__getattr__ = _missing(__name__)
