"""More reductions for the op table, each once with PyTorch's gradient formula: ``amax``
and ``amin`` (the gradient shared among ties), ``prod`` (exact with zeros), ``var`` and
``std`` (any correction) and ``cumsum``.

The package imports this module right after ``_ops.table``, whose conventions it follows.
"""
import numpy as np

from .._cpu_kernels import prod_kernel
from .._cpu_kernels.vector_loop import EXACT_LIMIT
from .._cpu_kernels.welford import spread_all, welford
from .record import Grad, Param, defop, _norm_dims
from .table import DIM, KEEP, _axis, _count, _mean_fwd, _unreduce


def _dims_of(shape, dim):
    return _norm_dims(dim, len(shape)) if len(shape) else None


# --- amax / amin -------------------------------------------------------------------------
def _extreme_grad(F, g, out, a, dim=None, keepdim=False):
    # PyTorch's scale_grad_by_count: (grad / count) * mask, with every element equal to
    # the extreme in the mask (a nan extreme matches nothing, so its gradient is nan)
    g = _unreduce(F, g, a.shape, dim, keepdim)
    mask = F.mask(_unreduce(F, out, a.shape, dim, keepdim) == a, g)
    return (g / F.sum(mask, _dims_of(a.shape, dim), True)) * mask


for _name, _np_fn in (("amax", np.max), ("amin", np.min)):
    defop(_name, _name.capitalize() + "Backward0",
          lambda a, dim=None, keepdim=False, _f=_np_fn: _f(a, axis=_axis(a, dim),
                                                           keepdims=keepdim),
          Grad(_extreme_grad, (0, "out"), formula="torch.where(self == result, grad / "
                                                  "(self == result).sum(dim, keepdim=True), 0)"),
          params=(DIM, KEEP), dtype="keep",
          category="reduction", code="{self}." + _name + "({dim})",
          doc=f"The {'largest' if _name == 'amax' else 'smallest'} elements over dim (or "
              "all), ties sharing the gradient.")


# --- prod --------------------------------------------------------------------------------
def _exclusive_products(F, x, dim, reverse=False):
    """The product of the elements before each one along ``dim`` (after it, when
    ``reverse``), as PyTorch's prod_safe_zeros_backward builds them with cumprod."""
    n = x.shape[dim]
    if F.is_tensor:
        parts = [x.narrow(dim, k, 1) for k in range(n)]
        if reverse:
            parts = parts[::-1]
        acc = F.zeros(parts[0]) + 1
        out = [acc]
        for p in parts[:-1]:
            acc = acc * p
            out.append(acc)
        return F.cat(out[::-1] if reverse else out, dim)
    if reverse:
        x = np.flip(x, dim)
    ones = np.ones(x.shape[:dim] + (1,) + x.shape[dim + 1:], x.dtype)
    head = np.take(x, range(n - 1), axis=dim)
    out = np.cumprod(np.concatenate((ones, head), axis=dim), axis=dim)
    return np.flip(out, dim) if reverse else out


def _prod_grad(F, g, out, a, dim=None, keepdim=False):
    # PyTorch's prod_backward: grad * result / input without zeros; with zeros the
    # products of the other elements (all zero when the whole product has two zeros)
    if not a.shape:
        return g
    full = dim is None
    if not full and not keepdim:
        g, out = F.unsqueeze_dims(g, (dim,)), F.unsqueeze_dims(out, (dim,))
    zeros = int(np.count_nonzero(F.numpy(a) == 0))
    if not zeros:
        return g * (out / a)
    if full and zeros > 1 and not F.is_tensor:
        return F.zeros(a)
    x, d = (F.reshape(a, (-1,)), 0) if full else (a, dim)
    if not x.shape[d]:
        return F.expand(g, a.shape)
    g = g * (_exclusive_products(F, x, d) * _exclusive_products(F, x, d, reverse=True))
    return F.reshape(g, a.shape) if full else g  # (PyTorch's view_as)


def _prod(a, dim=None, keepdim=False):
    exact = prod_kernel.prod(a, dim, keepdim)        # (PyTorch's order of products)
    if exact is not None:
        return exact
    return np.multiply.reduce(a, _axis(a, dim), keepdims=keepdim)


defop("prod", lambda p: "ProdBackward0" if p.get("dim") is None else "ProdBackward1",
      _prod,
      Grad(_prod_grad, (0, "out"), formula="grad * result / self"),
      params=(Param("dim", "int", None, "dimension to multiply along; None for all"), KEEP),
      dtype="sum", category="reduction", code="{self}.prod({dim})",
      doc="Product of elements (along dim, or all).")


# --- var / std ---------------------------------------------------------------------------
def _var_fwd(a, dim=None, correction=None, keepdim=False, sqrt=False):
    exact = _var_kernel(a, dim, correction, sqrt)
    if exact is not None:           # (PyTorch's kernels, in double: see _cpu_kernels.welford)
        dims = _norm_dims(dim, a.ndim)
        shape = [1 if d in dims else s for d, s in enumerate(a.shape) if keepdim or d not in dims]
        return np.asarray(exact).reshape(shape).astype(a.dtype)
    axis, n = _axis(a, dim), _count(a.shape, dim)
    dev = a - np.add.reduce(a, axis, keepdims=True) / n if n else a
    out = np.add.reduce(dev * dev, axis, keepdims=keepdim) / max(0, n - _c(correction))
    return np.sqrt(out) if sqrt else out


def _var_kernel(a, dim, correction, sqrt):
    """The variance (std) as PyTorch's CPU kernel computes it, one value per output, or
    None where numpy's two passes stay (float16, a 0-d tensor, no element, a single
    output of 32,768 elements or more, over some dims a tensor above ``EXACT_LIMIT``
    elements, where a pass element by element would cost too much)."""
    n = _count(a.shape, dim)
    if a.dtype not in (np.float32, np.float64) or not a.ndim or not n:
        return None
    c = float(_c(correction))
    if a.size == n:                 # one output: std_var_all_cpu, around x.mean()
        return spread_all(a, _mean_fwd(a), c, sqrt)
    if a.size > EXACT_LIMIT:
        return None
    _, m2, count = welford(a, _norm_dims(dim, a.ndim))
    with np.errstate(divide="ignore", invalid="ignore"):
        var = m2 / (count - c if count > c else 0.0)
    return np.sqrt(var) if sqrt else var


def _c(correction):
    return 1 if correction is None else correction


def _var_grad(F, g, out, a, dim=None, correction=None, keepdim=False):
    # PyTorch's var_backward
    if not a.shape or dim is None:
        dof = _count(a.shape, None) - _c(correction)
        mean = F.sum(a, None, False) / _count(a.shape, None)
        if dof <= 0:  # 2 / dof is inf: nan where a equals its mean (inf * 0), else inf
            return g * F.where(a == mean, np.nan, np.inf)
        return (2.0 / dof) * g * (a - mean)
    if not keepdim and len(a.shape) > 1:
        g = F.unsqueeze_dims(g, _dims_of(a.shape, dim))
    n = _count(a.shape, dim)
    dims = _dims_of(a.shape, dim)
    dof = n - _c(correction)
    return (2.0 / dof if dof else np.inf) * g * (a - F.sum(a, dims, True) / n)


def _std_grad(F, g, out, a, dim=None, correction=None, keepdim=False):
    # PyTorch's std_backward: the variance's gradient, scaled by 1 / (2 std), 0 where the
    # std is 0
    g = F.where(out == 0, 0.0, g / (out * 2))
    return _var_grad(F, g, out, a, dim, correction, keepdim)


_VAR_PARAMS = (DIM, Param("correction", "scalar", None, "subtracted from the count (1: "
                          "unbiased, 0: population)"), KEEP)
# (the count of elements each result reduces, minus the correction)
_DOF = ("((self.numel() if dim is None else self.numel() / result.numel()) "
        "- (1 if correction is None else correction))")
defop("var", "VarBackward0", _var_fwd,
      Grad(_var_grad, (0,), formula="2 * grad * (self - self.mean(dim, keepdim=True)) / " + _DOF),
      params=_VAR_PARAMS, dtype="float_only", category="reduction", code="{self}.var({dim})",
      doc="Variance (over dim, or all), by default with Bessel's correction.")
defop("std", "StdBackward0", lambda a, **p: _var_fwd(a, sqrt=True, **p),
      Grad(_std_grad, (0, "out"), formula="grad * (self - self.mean(dim, keepdim=True)) / "
                                          f"({_DOF} * result)"),
      params=_VAR_PARAMS, dtype="float_only", category="reduction", code="{self}.std({dim})",
      doc="Standard deviation (over dim, or all), by default with Bessel's correction.")


# --- cumsum ------------------------------------------------------------------------------
def running(fn, a, axis):
    """``np.cumsum``/``np.cumprod`` as PyTorch's CPU kernel runs them: a float32 or float16
    total kept in float64 (its accumulate type), each output rounded once."""
    if a.dtype in (np.float32, np.float16):
        return fn(a, axis=axis, dtype=np.float64).astype(a.dtype)
    return fn(a, axis=axis)


def _cumsum_grad(F, g, out, a, dim=0):
    # PyTorch's cumsum_backward: the gradient summed from the end, g.flip(dim).cumsum(dim)
    # .flip(dim) (nothing to sum with at most one element along dim)
    if len(g.shape) == 0 or g.shape[dim] <= 1 or int(np.prod(g.shape)) <= 1:
        return g
    if not F.is_tensor:
        return np.flip(running(np.cumsum, np.flip(g, dim), dim), dim)
    backwards = (slice(None),) * dim + (slice(None, None, -1),)
    return F.take(F.take(g, backwards).cumsum(dim), backwards)


defop("cumsum", "CumsumBackward0",
      lambda a, dim=0: running(np.cumsum, a, dim) if a.ndim else a.copy(),
      Grad(_cumsum_grad, formula="grad.flip(dim).cumsum(dim).flip(dim)"),
      params=(Param("dim", "int", 0, "dimension to add up along"),),
      dtype="sum", category="reduction", code="{self}.cumsum({dim})",
      doc="Running totals along a dimension.")
