"""``torch.linalg.solve``, ``eigh``, ``eigvalsh``, ``svd``, ``svdvals``, ``qr``, ``slogdet``
and ``pinv`` (and ``torch.slogdet``, ``torch.logdet``): PyTorch's argument checks and
messages, its named result tuples (``torch.return_types.linalg_eigh``), then one node of
``linalg_decomp``."""
import numpy as np

from .._tensor_class.core import TensorCore
from ..observer import observed
from . import linalg_decomp as N

__all__ = ["solve", "eigh", "eigvalsh", "svd", "svdvals", "qr", "slogdet", "pinv", "lstsq",
           "torch_slogdet", "logdet", "torch_svd", "pinverse", "LinalgMixin", "RESULT_TYPES"]


class _Result(tuple):
    """A named result of ``torch.return_types``, printed as PyTorch prints it."""
    __slots__ = ()
    _fields = ()

    def __new__(cls, *values):
        return tuple.__new__(cls, values)

    def __repr__(self):
        body = ",\n".join(f"{f}={v!r}" for f, v in zip(self._fields, self))
        return f"torch.return_types.{type(self).__name__}(\n{body})"

    def __reduce__(self):
        return (type(self), tuple(self))


def _result_type(name, fields):
    ns = {"__slots__": (), "__module__": "torch.return_types", "__qualname__": name,
          "_fields": fields, "n_fields": len(fields)}
    ns.update({f: property(lambda self, i=i: self[i]) for i, f in enumerate(fields)})
    return type(name, (_Result,), ns)


RESULT_TYPES = {name: _result_type(name, fields) for name, fields in (
    ("linalg_eigh", ("eigenvalues", "eigenvectors")), ("linalg_svd", ("U", "S", "Vh")),
    ("linalg_qr", ("Q", "R")), ("linalg_slogdet", ("sign", "logabsdet")),
    ("slogdet", ("sign", "logabsdet")),
    ("linalg_lstsq", ("solution", "residuals", "rank", "singular_values")),
    ("svd", ("U", "S", "V")))}


def _scalar_name(t):
    from .._types import dtype as D
    return D.scalar_type(t._dtype)


def _check(A, name, arg="A", square=True, prefix=None):
    if not isinstance(A, TensorCore):
        raise TypeError(f"linalg_{name}(): argument '{arg}' (position 1) must be Tensor, not "
                        f"{type(A).__name__}")
    if A._data.ndim < 2:
        raise RuntimeError(f"linalg.{name}: The input tensor {arg} must have at least 2 "
                           "dimensions.")
    if square and A._data.shape[-1] != A._data.shape[-2]:
        raise RuntimeError(f"{prefix or 'linalg.' + name}: {arg} must be batches of square "
                           f"matrices, but they are {A._data.shape[-2]} by {A._data.shape[-1]} "
                           "matrices")
    if A._dtype.np == np.float16 and name != "solve":     # (solve checks B's dtype first)
        _low_precision(A, name, prefix)
    if not A._dtype.is_floating_point:
        if name == "eigh":
            raise NotImplementedError(f"\"linalg_eigh_cpu\" not implemented for "
                                      f"'{_scalar_name(A)}'")
        raise RuntimeError(f"{prefix or 'linalg.' + name}: Expected a floating point or "
                           f"complex tensor as input. Got {_scalar_name(A)}")


# PyTorch's CPU build has no float16 LAPACK kernels: the kernel its dispatch names, or
# (None) the "Low precision" check of slogdet and matrix_norm
_HALF_KERNEL = {"solve": "lu_cpu", "eigh": "linalg_eigh_cpu", "svd": "linalg_svd_cpu",
                "qr": "geqrf_cpu", "slogdet": None, "matrix_norm": None}


def _low_precision(A, name, prefix=None):
    kernel = _HALF_KERNEL[name]
    if kernel is None:
        raise RuntimeError(f"{prefix or 'linalg.' + name}: Low precision dtypes not supported. "
                           f"Got {_scalar_name(A)}")
    raise NotImplementedError(f'"{kernel}" not implemented for \'{_scalar_name(A)}\'')


def _not_singular(A, name):
    from .._ops.table_linalg import _LinAlgError, first_zero_pivot
    a = A._data
    for k, m in enumerate(a.reshape((-1,) + a.shape[-2:])):
        if first_zero_pivot(m):
            where = f"(Batch element {k}): " if a.ndim > 2 else ""
            raise _LinAlgError(f"torch.linalg.{name}: {where}The solver failed because the "
                               "input matrix is singular.")


@observed("torch.linalg.solve")
def solve(A, B, *, left=True):
    """``A X = B`` for ``X`` (``B`` a vector or a batch of them when it has one dimension
    less than ``A`` and matches its leading dimensions)."""
    _check(A, "solve")
    if not isinstance(B, TensorCore):
        raise TypeError(f"linalg_solve(): argument 'B' (position 2) must be Tensor, not "
                        f"{type(B).__name__}")
    if A._dtype is not B._dtype:
        raise RuntimeError(f"linalg.solve: Expected A and B to have the same dtype, but found A "
                           f"of type {_scalar_name(A)} and B of type {_scalar_name(B)} instead")
    a, b = A._data.shape, B._data.shape
    vector = len(b) == 1 or (len(b) == len(a) - 1 and b == a[:-1])
    rows, cols = (b[-1], 1) if vector else (b[-2], b[-1]) if len(b) >= 2 else (b[-1], 1)
    if (rows if left else cols) != a[-1]:
        raise RuntimeError(f"linalg.solve: Incompatible shapes of A and B for the equation "
                           f"{'AX' if left else 'XA'} = B ({a[-2]}x{a[-1]} and {rows}x{cols})")
    _batches_match(b[:-1] if vector else b[:-2], a[:-2])
    if A._dtype.np == np.float16:
        _low_precision(A, "solve")
    _not_singular(A, "solve")
    return N.solve_node(A, B, vector, bool(left))


def _batches_match(x, y):
    """PyTorch's broadcasting message for batch shapes ``x`` (B's) and ``y`` (A's)."""
    n = max(len(x), len(y))
    x, y = (1,) * (n - len(x)) + tuple(x), (1,) * (n - len(y)) + tuple(y)
    for d in range(n - 1, -1, -1):
        if x[d] != y[d] and x[d] != 1 and y[d] != 1:
            raise RuntimeError(f"The size of tensor a ({x[d]}) must match the size of tensor b "
                               f"({y[d]}) at non-singleton dimension {d}")


def _uplo(UPLO):
    if UPLO not in ("L", "U", "l", "u"):
        raise RuntimeError(f"Expected UPLO argument to be 'L' or 'U', but got {UPLO}")
    return UPLO.upper()


@observed("torch.linalg.eigh")
def eigh(A, UPLO="L"):
    """Eigenvalues (ascending) and eigenvectors of a symmetric matrix, read from its lower
    (``UPLO='L'``) or upper triangle."""
    _check(A, "eigh")
    return RESULT_TYPES["linalg_eigh"](*N.eigh_node(A, _uplo(UPLO)))


@observed("torch.linalg.eigvalsh")
def eigvalsh(A, UPLO="L"):
    _check(A, "eigh")
    return N.eigh_node(A, _uplo(UPLO))[0]


def _no_driver(driver):
    if driver is not None:
        raise RuntimeError("torch.linalg.svd: keyword argument `driver=` is only supported on "
                           "CUDA inputs with cuSOLVER backend.")


@observed("torch.linalg.svd")
def svd(A, full_matrices=True, *, driver=None):
    _check(A, "svd", square=False)
    _no_driver(driver)
    return RESULT_TYPES["linalg_svd"](*N.svd_node(A, bool(full_matrices)))


@observed("torch.linalg.svdvals")
def svdvals(A, *, driver=None):
    _check(A, "svd", square=False)
    _no_driver(driver)
    return N.svd_node(A, False)[1]


@observed("torch.linalg.qr")
def qr(A, mode="reduced"):
    _check(A, "qr", square=False)
    if mode not in ("reduced", "complete", "r"):
        raise RuntimeError(f"qr received unrecognized mode '{mode}' but expected one of "
                           "'reduced' (default), 'r', or 'complete'")
    return RESULT_TYPES["linalg_qr"](*N.qr_node(A, mode))


@observed("torch.linalg.slogdet")
def slogdet(A):
    """The sign and the log of the absolute value of the determinant."""
    _check(A, "slogdet")
    return RESULT_TYPES["linalg_slogdet"](*N.slogdet_node(A))


@observed("torch.slogdet")
def torch_slogdet(A):
    _check(A, "slogdet", arg="A")
    return RESULT_TYPES["slogdet"](*N.slogdet_node(A))


@observed("torch.logdet")
def logdet(A):
    """``log det A``: nan for a negative determinant (PyTorch's ``where`` of slogdet)."""
    from .general import where
    _check(A, "slogdet", prefix="logdet")
    sign, logabs = N.slogdet_node(A)
    return where(sign == -1, float("nan"), logabs)


@observed("torch.linalg.pinv")
def pinv(A, *, atol=None, rtol=None, hermitian=False):
    """The Moore-Penrose pseudo-inverse (singular values at most ``max(atol, rtol * the
    largest)`` count as zero; by default ``rtol`` is max(rows, cols) times the dtype's eps)."""
    if not isinstance(A, TensorCore) or A._data.ndim < 2 or A._dtype.np not in (np.float32,
                                                                                  np.float64):
        shape = list(A.shape) if isinstance(A, TensorCore) else "?"
        raise RuntimeError(f"linalg.pinv({_scalar_name(A)}{{{shape}}}): expected a tensor with "
                           "2 or more dimensions of float, double, cfloat or cdouble types")
    if hermitian and not np.array_equal(A._data, np.swapaxes(A._data, -1, -2)):
        raise RuntimeError("linalg.pinv with hermitian=True reads only the lower triangle of "
                           "A, which GradStudio's engine does not do; pass a symmetric matrix "
                           "or hermitian=False")
    if rtol is None:
        rtol = 0.0 if atol is not None and atol > 0 else \
            max(A._data.shape[-2:]) * float(np.finfo(A._dtype.np).eps)
    return N.pinv_node(A, 0.0 if atol is None else float(atol), float(rtol))


@observed("torch.linalg.lstsq")
def lstsq(A, B, rcond=None, *, driver=None):
    """The least-squares solution of ``A X = B``. As on PyTorch's CPU: the default driver
    is 'gelsy'; ``residuals`` are filled only by 'gels', 'gelsd' and 'gelss' for tall,
    full-rank matrices; ``rank`` by all but 'gels'; ``singular_values`` by 'gelsd' and
    'gelss'."""
    for t, name in ((A, "input"), (B, "other")):
        if isinstance(t, TensorCore) and t._data.ndim < 2 and name == "input":
            raise RuntimeError("torch.linalg.lstsq: input must have at least 2 dimensions.")
    if A._dtype.np not in (np.float32, np.float64):
        raise RuntimeError("This function doesn't handle types other than float and double")
    if A._dtype is not B._dtype:
        raise RuntimeError(f"torch.linalg.lstsq: Expected input and other to have the same "
                           f"dtype, but got input's dtype {_scalar_name(A)} and other's dtype "
                           f"{_scalar_name(B)}")
    vector = B._data.ndim == A._data.ndim - 1
    _batches_match(A._data.shape[:-2], B._data.shape[:-1] if vector else B._data.shape[:-2])
    if B._data.ndim < 1 or (B._data.shape[-1] if vector else B._data.shape[-2]) != \
            A._data.shape[-2]:
        raise RuntimeError(f"torch.linalg.lstsq: input.size(-2) should match "
                           f"other.size({-1 if vector else -2})")
    driver = "gelsy" if driver is None else driver
    if driver not in ("gels", "gelsy", "gelsd", "gelss"):
        raise RuntimeError("torch.linalg.lstsq: parameter `driver` should be one of (gels, "
                           "gelsy, gelsd, gelss)")
    if rcond is None:
        rcond = float(np.finfo(A._dtype.np).eps) * max(A._data.shape[-2:])
    return RESULT_TYPES["linalg_lstsq"](*N.lstsq_node(A, B, vector, float(rcond), driver))


@observed("torch.svd")
def torch_svd(A, some=True, compute_uv=True):
    """The old ``torch.svd``: ``V`` rather than ``Vh`` (a transposed view of it); without
    ``compute_uv``, U and V are zeros of the full sizes."""
    if isinstance(A, TensorCore) and A._data.ndim < 2:
        raise RuntimeError(f"linalg.svd: input should have at least 2 dimensions, but has "
                           f"{A._data.ndim} dimensions instead")
    _check(A, "svd", square=False)
    U, S, Vh = N.svd_node(A, not some if compute_uv else False)
    if not compute_uv:
        from .factory import zeros
        m, n = A._data.shape[-2:]
        batch = tuple(A._data.shape[:-2])
        return RESULT_TYPES["svd"](zeros(batch + (m, m), dtype=A._dtype), S,
                                   zeros(batch + (n, n), dtype=A._dtype))
    return RESULT_TYPES["svd"](U, S, Vh.mT)


@observed("torch.pinverse")
def pinverse(A, rcond=1e-15):
    """The old ``torch.pinverse``: ``linalg.pinv`` with ``rtol=rcond``."""
    return pinv(A, rtol=rcond)


class LinalgMixin:
    """Tensor methods of linear algebra beyond the op table's (det, inverse)."""
    __slots__ = ()

    def slogdet(self):
        return torch_slogdet(self)

    def logdet(self):
        return logdet(self)

    def pinverse(self, rcond=1e-15):
        return pinverse(self, rcond)

    def svd(self, some=True, compute_uv=True):
        return torch_svd(self, some, compute_uv)
