"""The op table, continued: diagonals (``diagonal``, a view; ``diag``; ``trace``), ``roll``,
``cumprod`` and ``count_nonzero``, each with the VJP of PyTorch's ``derivatives.yaml``.
Sums and products run in float64 for float32 input (PyTorch's CPU accumulate type) and
are rounded once."""
import numpy as np
from numpy.lib.stride_tricks import as_strided

from .record import Grad, Param, defop, no_kernel
from .table_stats import running

_ALL = ("method", "function", "inplace")
OFFSET = Param("offset", "int", 0, "which diagonal: 0 the main one, >0 above, <0 below")
DIM1, DIM2 = Param("dim1", "int", 0), Param("dim2", "int", 1)


def _diagonal(a, offset=0, dim1=0, dim2=1):
    """A writable view of the diagonal (numpy's own is read-only), as the last dimension."""
    v = np.moveaxis(a, (dim1, dim2), (-2, -1))
    v = v[..., :, offset:] if offset >= 0 else v[..., -offset:, :]
    length = max(0, min(v.shape[-2:]))
    return as_strided(v, v.shape[:-2] + (length,), v.strides[:-2] + (sum(v.strides[-2:]),))


def _diagonal_backward(g, shape=(), offset=0, dim1=0, dim2=1):
    z = np.zeros(shape, g.dtype)
    _diagonal(z, offset, dim1, dim2)[...] = g
    return z


defop("_diagonal_backward", "DiagonalBackwardBackward0", _diagonal_backward,
      Grad(lambda F, gg, out, g, shape=(), offset=0, dim1=0, dim2=1: F.fused(
          "diagonal", gg, offset=offset, dim1=dim1, dim2=dim2),
           formula="grad.diagonal(offset, dim1, dim2)"),
      dtype="keep", category="internal")


def _diagonal_grad(F, g, out, a, offset=0, dim1=0, dim2=1):
    return F.fused("_diagonal_backward", g, shape=tuple(a.shape), offset=offset, dim1=dim1,
                   dim2=dim2)


defop("diagonal", "DiagonalBackward0", _diagonal,
      Grad(_diagonal_grad, formula="torch.zeros_like(self).diagonal_scatter(grad, offset, dim1, "
                                   "dim2)"),
      params=(OFFSET, DIM1, DIM2), dtype="keep", category="shape", view=True,
      code="{self}.diagonal({offset}, {dim1}, {dim2})",
      doc="The diagonal of dim1 and dim2 (a view), as the last dimension.")


def _diag(a, diagonal=0, vector=True):
    return np.diag(a, diagonal).copy()


def _diag_grad(F, g, out, a, diagonal=0, vector=True):
    if len(a.shape) == 1:
        return F.fused("diagonal", g, offset=diagonal, dim1=0, dim2=1)
    return F.fused("_diagonal_backward", g, shape=tuple(a.shape), offset=diagonal, dim1=0,
                   dim2=1)


# PyTorch's diag is diag_embed of a vector, and a copy of a matrix's diagonal
defop("diag", lambda p: "DiagEmbedBackward0" if p.get("vector") else "DiagonalBackward0_copy",
      _diag, Grad(_diag_grad, formula="grad.diagonal(diagonal) if vector else "
                                      "torch.zeros_like(self).diagonal_scatter(grad, diagonal)"),
      params=(Param("diagonal", "int", 0),), dtype="keep",
      saved_params=("vector",), category="shape", code="torch.diag({self}, {diagonal})",
      doc="A vector as the diagonal of a square matrix, or a matrix's diagonal as a vector.")


def _trace(a):
    d = np.diagonal(a)
    if a.dtype in (np.float32, np.float16):
        return np.asarray(np.sum(d, dtype=np.float64)).astype(a.dtype)
    return np.asarray(np.sum(d))


defop("trace", "TraceBackward0", _trace,
      Grad(lambda F, g, out, a: F.fused("_diagonal_backward", F.expand(g, (min(a.shape),)),
                                        shape=tuple(a.shape)),
           formula="grad * torch.eye(*self.shape)"),
      dtype="sum", refuses=no_kernel("trace", {"bool"}), category="linear algebra",
      code="{self}.trace()",
      doc="The sum of the main diagonal of a matrix.")


def _tuple(v):
    return () if v is None else (v,) if isinstance(v, int) else tuple(v)


def _roll(a, shifts=1, dims=None):
    shifts, dims = _tuple(shifts), _tuple(dims)
    if not dims:
        return np.roll(a.reshape(-1), shifts[0]).reshape(a.shape)
    return np.roll(a, shifts, dims)


defop("roll", "RollBackward0", _roll,
      Grad(lambda F, g, out, a, shifts=1, dims=None: F.fused(
          "roll", g, shifts=tuple(-s for s in _tuple(shifts)), dims=dims),
           formula="grad.roll(-shifts, dims)"),
      params=(Param("shifts", "dims", 1, "how far to move along each dimension"),
              Param("dims", "dims", None, "the dimensions (none: the flattened tensor)")),
      dtype="keep", category="shape", code="{self}.roll({shifts}, {dims})",
      doc="Shifts elements along dimensions, wrapping around the end.")


def _cumprod_grad(F, g, out, a, dim=0):
    """PyTorch's cumprod_backward: without zeros, the running sums of out * grad from the
    end divided by the input; with zeros, each element's product of the others, taken up
    to the first zero along dim."""
    if len(a.shape) == 0 or a.shape[dim] <= 1:
        return g
    if not F.is_tensor:
        x = a
        if not (x == 0).any():
            w = running(np.cumsum, np.flip(out * g, dim), dim)
            return np.flip(w, dim) / x
        return _cumprod_grad_zeros(g, x, dim)
    if bool((F.numpy(a) == 0).any()):
        return _cumprod_grad_zeros_recorded(F, g, a, dim)
    backwards = (slice(None),) * dim + (slice(None, None, -1),)
    return F.take(F.take(out * g, backwards).cumsum(dim), backwards) / a


def _cumprod_grad_zeros(g, x, dim):
    xm, gm = np.moveaxis(x, dim, -1).astype(np.float64), np.moveaxis(g, dim, -1)
    out = np.zeros(xm.shape)
    n = xm.shape[-1]
    for k in range(n):     # d out_j / d x_k = prod_{i <= j, i != k} x_i, for j >= k
        others = xm.copy()
        others[..., k] = 1.0
        prods = np.cumprod(others, axis=-1)[..., k:]
        out[..., k] = np.sum(prods * gm[..., k:], axis=-1)
    return np.moveaxis(out, -1, dim).astype(x.dtype)


def _cumprod_grad_zeros_recorded(F, g, a, dim):
    """The same products, recorded (for a second derivative): each element's cumprod with
    that element replaced by one, weighted by the gradient from it on."""
    n = a.shape[dim]
    parts = []
    for k in range(n):
        hot = np.zeros((n,) + (1,) * (len(a.shape) - dim - 1), a.dtype.np)
        hot[k] = 1
        hot = F.array(hot)
        prods = (a * (1 - hot) + hot).cumprod(dim)
        parts.append((prods * g).narrow(dim, k, n - k).sum(dim, keepdim=True))
    return F.cat(parts, dim)


defop("cumprod", "CumprodBackward0",
      lambda a, dim=0: running(np.cumprod, a, dim) if a.ndim else a.copy(),
      Grad(_cumprod_grad, (0, "out"),
           formula="(grad * result).flip(dim).cumsum(dim).flip(dim) / self"),
      params=(Param("dim", "int", 0),), dtype="sum",
      category="reduction", code="{self}.cumprod({dim})",
      doc="Running products along a dimension.")


defop("count_nonzero", None,
      lambda a, dim=None: np.asarray(np.count_nonzero(a, axis=dim), np.int64),
      None, params=(Param("dim", "dims", None, "dimension(s), or None for all"),),
      dtype="long", category="reduction", code="{self}.count_nonzero({dim})",
      doc="How many elements are not zero (over dim, or all).")
