"""``cholesky_inverse`` and ``cholesky_solve`` (their ops: ``_ops.table_cholesky``), as
Tensor methods and ``torch.`` functions, with PyTorch's checks and messages."""
from .._types import dtype as D
from .._ops.dispatch import apply
from .._ops.record import OPS

__all__ = ["CholeskyMixin", "cholesky_inverse", "cholesky_solve"]


def _floating(t, kernel):
    if not t._dtype.is_floating_point or t._dtype is D.float16:
        raise NotImplementedError(f'"{kernel}" not implemented for '
                                  f"'{D.scalar_type(t._dtype)}'")


def cholesky_inverse(input, upper=False):
    _floating(input, "cholesky_inverse_out_cpu")
    shape = input.shape
    if input.dim() < 2 or shape[-1] != shape[-2]:
        rows = shape[-2] if input.dim() >= 2 else 1
        raise RuntimeError(f"cholesky_inverse: A must be batches of square matrices, but they "
                           f"are {rows} by {shape[-1]} matrices")
    return apply(OPS["_cholesky_inverse"], (input,), {"upper": bool(upper)})


def cholesky_solve(input, input2, upper=False):
    if input.dim() < 2:
        raise RuntimeError(f"b should have at least 2 dimensions, but has {input.dim()} "
                           "dimensions instead")
    if input._dtype is not input2._dtype:
        raise RuntimeError(f"Expected b and A to have the same dtype, but found b of type "
                           f"{D.scalar_type(input._dtype)} and A of type "
                           f"{D.scalar_type(input2._dtype)} instead.")
    _floating(input, "cholesky_solve_cpu")
    n = input2.shape[-1]
    if input.shape[-2] != n:
        raise RuntimeError(f"Incompatible matrix sizes for cholesky_solve: each A matrix is "
                           f"{n} by {n} but each b matrix is {input.shape[-2]} by "
                           f"{input.shape[-1]}")
    return apply(OPS["_cholesky_solve"], (input, input2), {"upper": bool(upper)})


class CholeskyMixin:
    """``cholesky_inverse`` and ``cholesky_solve``."""
    __slots__ = ()

    cholesky_inverse, cholesky_solve = cholesky_inverse, cholesky_solve
