"""The op table, continued: layer normalization. ``layer_norm`` (NativeLayerNormBackward0)
normalizes each row of its input's last ``len(normalized_shape)`` dimensions by the
row's mean and biased variance, then scales by ``weight`` and shifts by ``bias`` (both
shaped ``normalized_shape``, either may be None). The numbers are
``_cpu_kernels.layer_norm_kernel``'s, PyTorch's CPU kernel's roundings.

Its VJPs give PyTorch's gradients (``layer_norm_backward``) on a plain backward; under
``create_graph=True`` they are recorded as the composite of tensor ops they equal, so
that second derivatives are right (PyTorch records one NativeLayerNormBackwardBackward0
node there instead).
"""
import math

import numpy as np

from .._cpu_kernels import layer_norm_kernel as LK
from .._autograd.nodes import Meta
from .record import Grad, Param, defop

LN_PARAMS = (
    Param("normalized_shape", "shape", (1,), "the trailing dimensions normalized together"),
    Param("eps", "scalar", 1e-05, "added to the variance before its square root"))


def _given(v):
    return None if v is None or isinstance(v, Meta) else v


def _rows(shape, normalized_shape):
    n = math.prod(normalized_shape)
    return (math.prod(shape) // n if n else 0), n


def _flat(v):
    return None if v is None else np.ascontiguousarray(v).reshape(-1)


def _layer_norm(input, weight, bias, normalized_shape=(1,), eps=1e-05):
    m, n = _rows(input.shape, normalized_shape)
    x = np.ascontiguousarray(input).reshape(m, n)
    if x.size == 0:
        return np.empty(input.shape, input.dtype)
    y, _, _ = LK.forward(x, _flat(weight), _flat(bias), eps)
    return y.reshape(input.shape)


def _kernel_grad(which, g, input, weight, normalized_shape, eps):
    if input.dtype == np.float16:     # (in float32, rounded once at the end)
        return _kernel_grad(which, g.astype(np.float32), input.astype(np.float32),
                            None if weight is None else weight.astype(np.float32),
                            normalized_shape, eps).astype(np.float16)
    m, n = _rows(input.shape, normalized_shape)
    x = np.ascontiguousarray(input).reshape(m, n)
    w = _flat(weight)
    _, mean, rstd = LK.forward(x, w, None, eps)
    out = LK.backward(which, np.ascontiguousarray(g).reshape(m, n), x, mean, rstd, w)
    return out.reshape(input.shape if which == 0 else tuple(normalized_shape))


def _composite_grad(F, which, g, input, weight, normalized_shape, eps):
    """The same gradient as tensor ops, differentiable again."""
    k = len(normalized_shape)
    lead = input.dim() - k
    dims = tuple(range(lead, input.dim()))
    n = math.prod(normalized_shape)
    mean = F.sum(input, dims, True) / n
    xm = input - mean
    rstd = (F.sum(xm * xm, dims, True) / n + eps) ** -0.5
    if which == 2:
        return F.sum(g, tuple(range(lead)), False)
    if which == 1:
        return F.sum(g * xm * rstd, tuple(range(lead)), False)
    h = g if weight is None else g * weight
    return rstd / n * (h * n - F.sum(h, dims, True)
                       - xm * (rstd * rstd) * F.sum(h * xm, dims, True))


def _grad(which):
    def vjp(F, g, out, input, weight, bias, normalized_shape=(1,), eps=1e-05):
        weight = _given(weight)
        if isinstance(input, np.ndarray):
            return _kernel_grad(which, g, input, weight, normalized_shape, eps)
        return _composite_grad(F, which, g, input, weight, normalized_shape, eps)
    return vjp


# (the formulas over rows of the normalized dimensions: torch.zeros(normalized_shape).numel()
# values each)
_N = "torch.zeros(normalized_shape).numel()"
_XR = f"input.reshape(-1, {_N})"
_MU = f"{_XR}.mean(1, keepdim=True)"
_RS = f"torch.rsqrt((({_XR} - {_MU}) ** 2).mean(1, keepdim=True) + eps)"
_XHAT = f"(({_XR} - {_MU}) * {_RS})"
_H = f"(grad * weight).reshape(-1, {_N})"
_FORMULAS = (
    f"({_RS} * ({_H} - {_H}.mean(1, keepdim=True) - {_XHAT} * ({_H} * {_XHAT}).mean(1, "
    "keepdim=True))).reshape(input.shape)",
    f"(grad.reshape(-1, {_N}) * {_XHAT}).sum(0).reshape(normalized_shape)",
    f"grad.reshape(-1, {_N}).sum(0).reshape(normalized_shape)")

defop("layer_norm", "NativeLayerNormBackward0", _layer_norm,
      *(Grad(_grad(k), (0, 1), formula=_FORMULAS[k]) for k in range(3)),
      args=("input", "weight", "bias"), params=LN_PARAMS, dtype="keep",
      category="normalization",
      code="torch.nn.functional.layer_norm({input}, ({normalized_shape},), {weight}, {bias}, "
           "eps={eps})",
      doc="Layer normalization: each sample's last dimensions (normalized_shape) minus "
          "their mean, over their standard deviation, times weight, plus bias: "
          "nn.LayerNorm.")
