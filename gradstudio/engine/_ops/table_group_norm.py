"""The op table, continued: group normalization. ``group_norm`` (NativeGroupNormBackward0)
normalizes each sample's channels (dimension 1), cut into ``num_groups`` groups, by the
group's mean and biased variance, then scales and shifts each channel by ``weight`` and
``bias`` (either may be None). The forward is ``_cpu_kernels.group_norm_kernel``'s,
PyTorch's CPU kernel's roundings; on a plain backward the three gradients are the
kernel's too (``group_norm_kernel.backward``, bit for bit in float32 and float64); under
``create_graph=True`` the gradient's formula in tensor ops (so that a second derivative
follows them), within an ulp or so of PyTorch's kernel.
"""
import math

import numpy as np

from .._cpu_kernels import group_norm_kernel as GK
from .._autograd.nodes import Meta
from .record import Grad, Param, defop

GN_PARAMS = (
    Param("num_groups", "int", 1, "how many groups the channels are cut into"),
    Param("eps", "scalar", 1e-05, "added to the variance before its square root"))


def _group_norm(input, weight, bias, num_groups=1, eps=1e-05):
    if input.size == 0:
        return input.copy()
    return GK.forward(input, num_groups, weight, bias, eps)


def _channel(t, ndim):
    return (1, -1) + (1,) * (ndim - 2)


def _grad(which):
    def vjp(F, g, out, input, weight, bias, num_groups=1, eps=1e-05):
        shape = tuple(input.shape)
        ndim = len(shape)
        others = (0,) + tuple(range(2, ndim))
        w = None if weight is None or isinstance(weight, Meta) else weight
        if isinstance(input, np.ndarray) and input.size:
            return GK.backward(which, g, input, num_groups, w, eps)
        if which == 2:
            return F.sum(g, others, False)
        n = shape[0]
        size = math.prod(shape) // (n * num_groups)
        rows = F.reshape(input, (n, num_groups, size))
        xm = rows - F.sum(rows, (2,), True) / size
        rstd = (F.sum(xm * xm, (2,), True) / size + eps) ** -0.5
        if which == 1:
            return F.sum(g * F.reshape(xm * rstd, shape), others, False)
        h = g if w is None else g * F.reshape(w, _channel(w, ndim))
        h = F.reshape(h, (n, num_groups, size))
        dx = rstd / size * (h * size - F.sum(h, (2,), True)
                            - xm * (rstd * rstd) * F.sum(h * xm, (2,), True))
        return F.reshape(dx, shape)
    return vjp


# (the formulas over each sample's groups: input.reshape(N, num_groups, -1))
_GX = "input.reshape(input.shape[0], num_groups, -1)"
_MU = f"{_GX}.mean(2, keepdim=True)"
_RS = f"torch.rsqrt((({_GX} - {_MU}) ** 2).mean(2, keepdim=True) + eps)"
_XHAT = f"(({_GX} - {_MU}) * {_RS})"
_H = "(grad.transpose(1, -1) * weight).transpose(1, -1).reshape(input.shape[0], num_groups, -1)"
_FORMULAS = (
    f"({_RS} * ({_H} - {_H}.mean(2, keepdim=True) - {_XHAT} * ({_H} * {_XHAT}).mean(2, "
    "keepdim=True))).reshape(input.shape)",
    f"(grad * {_XHAT}.reshape(input.shape)).transpose(0, 1).flatten(1).sum(1)",
    "grad.transpose(0, 1).flatten(1).sum(1)")

defop("group_norm", "NativeGroupNormBackward0", _group_norm,
      *(Grad(_grad(k), (0, 1), formula=_FORMULAS[k]) for k in range(3)),
      args=("input", "weight", "bias"), params=GN_PARAMS, dtype="keep",
      category="normalization",
      code="torch.nn.functional.group_norm({input}, {num_groups}, {weight}, {bias}, "
           "eps={eps})",
      doc="Group normalization: each sample's channels, cut into num_groups groups, minus "
          "the group's mean, over its standard deviation, times weight, plus bias (per "
          "channel): nn.GroupNorm.")
