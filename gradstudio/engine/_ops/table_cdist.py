"""The op table, continued: ``_cdist_forward`` (``torch.cdist`` on the direct path:
each distance accumulated over the columns one after another in the input's dtype, as
ATen's ``run_parallel_cdist``, with the C library's ``powf`` and the compiler's fused
multiply-adds where measured) and its backward ``_cdist_backward`` (ATen's per-``p``
formulas, vectorised: SLEEF's ``powf``), which PyTorch cannot differentiate again.

The package imports this module with the other tables, whose conventions it follows."""
import numpy as np

from .._cpu_kernels.fma import fma32, fma64
from .._cpu_kernels.libm import powf
from .._cpu_kernels.sleef_float import powf_u10
from .record import Grad, Param, defop


def _cdist(x1, x2, p=2.0):
    diff = np.abs(x1[..., :, None, :] - x2[..., None, :, :])     # (..., r1, r2, m)
    agg = np.zeros(diff.shape[:-1], x1.dtype)
    m = diff.shape[-1]
    # (p == 2: the compiler runs the loop four float32 (two float64) columns at a time,
    # the products rounded and added in order, and fuses each product of the columns left
    # over into its add)
    fused_from = m - m % (4 if x1.dtype == np.float32 else 2)
    with np.errstate(all="ignore"):
        for k in range(m):                                       # (one column after another)
            d = diff[..., k]
            if p == 0:
                agg = agg + (d != 0).astype(x1.dtype)
            elif p == 1:
                agg = agg + d
            elif p == 2:
                agg = _fma(d, d, agg) if k >= fused_from else agg + d * d
            elif p == np.inf:
                agg = np.maximum(agg, d)
            else:                      # (std::pow: the C library's powf, or pow)
                agg = agg + powf(d, p)
    if p == 2:
        return np.sqrt(agg)
    if p in (0, 1) or p == np.inf:
        return agg
    # std::pow(agg, 1.0 / p): the float promoted to double, rounded back
    return powf(agg.astype(np.float64), 1.0 / p).astype(x1.dtype)


def _fma(a, b, c):
    return fma32(a, b, c) if a.dtype == np.float32 else fma64(a, b, c)


def _pow(x, y):
    """``Vectorized::pow`` of the backward: SLEEF's ``powf`` for float32."""
    if x.dtype == np.float32:
        return powf_u10(x, y)
    return np.power(x, x.dtype.type(y))


def _cdist_grad_x1(g, x1, x2, dist, p):
    """ATen's ``_cdist_backward``: the gradient of ``x1`` (each term summed over x2)."""
    t = x1.dtype.type
    diff = x1[..., :, None, :] - x2[..., None, :, :]
    gd, dd = g[..., None], dist[..., None]
    with np.errstate(all="ignore"):
        if p == 0:
            terms = np.zeros_like(diff)
        elif p == 1:
            terms = gd * np.sign(diff)
        elif p == 2:
            terms = np.where(dd == 0, t(0), gd * diff / dd)
        elif p == np.inf:
            terms = gd * np.sign(diff) * (np.abs(diff) == dd)
        elif p < 2:
            terms = np.where((dd == 0) | ((diff == 0) & (p < 1)), t(0),
                             np.sign(diff) * _pow(np.abs(diff), t(p) - t(1)) * gd
                             / _pow(dd, t(p) - t(1)))
        else:
            terms = np.where(dd == 0, t(0), diff * _pow(np.abs(diff), t(p) - t(2)) * gd
                             / _pow(dd, t(p) - t(1)))
    # (added over x2's rows one after another into a zeroed result: + 0 turns a -0 into
    # the +0 that start gives)
    total = np.add.accumulate(terms, axis=-2)[..., -1, :] + t(0)
    return total.astype(x1.dtype, copy=False)


def _cdist_backward(g, x1, x2, dist, p=2.0):
    return _cdist_grad_x1(g, x1, x2, dist, p)


def _not_again(F, g, *args, **params):
    raise NotImplementedError("the derivative for '_cdist_backward' is not implemented.")


_NOT_AGAIN = Grad(_not_again, missing=True, formula="not implemented")
defop("_cdist_backward", "CdistBackwardBackward0", _cdist_backward, _NOT_AGAIN, _NOT_AGAIN,
      _NOT_AGAIN, _NOT_AGAIN, args=("grad", "x1", "x2", "cdist"),
      params=(Param("p", "float", 2.0),), dtype="keep", category="internal",
      doc="The gradient of cdist with respect to its first input.")
defop("_cdist_forward", "CdistBackward0", _cdist,
      Grad(lambda F, g, out, a, b, p: F.fused("_cdist_backward", g, a, b, out, p=p),
           (0, 1, "out"), formula="_cdist_backward(grad, x1, x2, p, result)"),
      Grad(lambda F, g, out, a, b, p: F.fused("_cdist_backward", F.mT(g), b, a, F.mT(out),
                                              p=p),
           (0, 1, "out"), formula="_cdist_backward(grad.mT, x2, x1, p, result.mT)"),
      args=("x1", "x2"), params=(Param("p", "float", 2.0, "the norm's order"),),
      dtype="keep", category="internal", code="torch.cdist({x1}, {x2}, p={p})",
      doc="The p-norm distance between each row of x1 and each row of x2.")
