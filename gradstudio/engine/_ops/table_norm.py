"""The op table, continued: batch normalization. ``batch_norm`` (NativeBatchNormBackward0)
normalizes each channel (dimension 1) of its input by a mean and a variance, the batch's
own in training (which the op's caller, ``_torch_functions.batch_norm.batch_norm``,
computes once and passes as the saved ``result1`` and ``result2``: PyTorch's save_mean and save_invstd) or
the running averages in eval mode; then scales by ``weight`` and shifts by ``bias``. Its
backward, ``native_batch_norm_backward`` (NativeBatchNormBackwardBackward0, internal),
gives one of the three gradients (``which``: 0 the input's, 1 the weight's, 2 the
bias's), so that ``create_graph=True`` records it as PyTorch does; its own VJPs are
PyTorch's ``batchnorm_double_backward``, split by output. The numbers are
``_cpu_kernels.batch_norm_kernel``'s, PyTorch's CPU kernels' roundings.

``running_mean`` and ``running_var`` are inputs without a gradient (PyTorch's node has
edges for input, weight and bias only); the running averages are updated by the caller.
"""
import math

import numpy as np

from .._cpu_kernels import batch_norm_kernel as NK
from .._autograd.nodes import Meta
from .record import Grad, Param, defop, no_derivative

BN_PARAMS = (
    Param("training", "bool", False, "normalize with the batch's own mean and variance "
          "(and move the running averages toward them), else with running_mean and "
          "running_var"),
    Param("momentum", "scalar", 0.1, "how far a training step moves the running averages "
          "toward the batch's statistics"),
    Param("eps", "scalar", 1e-05, "added to the variance before its square root"))


def _given(v):
    """A tensor argument, or None where the call passed None (its ``Meta`` in a VJP)."""
    return None if v is None or isinstance(v, Meta) else v


def _batch_norm(input, weight, bias, running_mean, running_var, training=False,
                momentum=0.1, eps=1e-05, result1=None, result2=None, dims=None):
    if training:
        mean, invstd = (result1, result2) if result1 is not None else \
            NK.train_stats(input, eps)[:2]
    else:
        mean = running_mean
        invstd = NK.eval_invstd(running_var, eps, strided=not NK.contiguous(input))
    return NK.normalize(input, mean, invstd, weight, bias)


def _saved_stats(F, input, training, eps, result1, result2):
    """save_mean and save_invstd as the backward takes them (empty in eval mode)."""
    if training and result1 is None:
        result1, result2 = NK.train_stats(F.numpy(input), eps)[:2]
    if not training:
        empty = np.zeros(0, F.numpy(input).dtype)
        result1 = result2 = empty
    return F.array(result1), F.array(result2)


def _first_order(which):
    def vjp(F, g, out, input, weight, bias, running_mean, running_var, training=False,
            momentum=0.1, eps=1e-05, result1=None, result2=None, dims=None):
        mean, invstd = _saved_stats(F, input, training, eps, result1, result2)
        return F.fused("native_batch_norm_backward", g, input, _given(weight), mean, invstd,
                       _given(running_mean), _given(running_var), which=which,
                       training=training, eps=eps, dims=dims)
    return vjp


_FORMULAS = (
    "weight * result2 * (grad - grad.mean(dims, keepdim=True) - (input - result1) * "
    "result2 ** 2 * (grad * (input - result1)).mean(dims, keepdim=True)) if training "
    "else grad * weight * torch.rsqrt(running_var + eps)",
    "(grad * (input - result1) * result2).sum(dims) if training "
    "else (grad * (input - running_mean) * torch.rsqrt(running_var + eps)).sum(dims)",
    "grad.sum(dims)")

defop("batch_norm", "NativeBatchNormBackward0", _batch_norm,
      *(Grad(_first_order(k), (0, 1, 3, 4), formula=_FORMULAS[k]) for k in range(3)),
      None, None,
      args=("input", "weight", "bias", "running_mean", "running_var"), params=BN_PARAMS,
      dtype="keep", saved_params=("result1", "result2"), category="normalization",
      code="torch.nn.functional.batch_norm({input}, {running_mean}, {running_var}, {weight}, "
           "{bias}, training={training}, momentum={momentum}, eps={eps})",
      doc="Batch normalization: each channel (dim 1) minus its mean, over its standard "
          "deviation (the batch's in training, which also moves running_mean and "
          "running_var toward them; those running averages in eval mode), times weight, "
          "plus bias: nn.BatchNorm1d / 2d.")


# ---------------------------------------------------------------------- the backward
def _native_batch_norm_backward(grad_out, input, weight, save_mean, save_invstd,
                                running_mean, running_var, which=0, training=False,
                                eps=1e-05, dims=None):
    return NK.backward(which, grad_out, input, weight, running_mean, running_var, save_mean,
                       save_invstd, training, eps)


class _Terms:
    """The per-channel pieces of PyTorch's ``batchnorm_double_backward``, with ``F``."""

    def __init__(self, F, grad_out, input, weight, save_mean, save_invstd, running_mean,
                 running_var, training, eps):
        shape = tuple(input.shape)
        self.F, self.shape = F, shape
        self.dims = NK.reduce_dims(len(shape))
        self.M = math.prod(shape) // shape[1]
        self.channel = (1, shape[1]) + (1,) * (len(shape) - 2)
        weight = _given(weight)
        self.gamma = 1.0 if weight is None else F.reshape(weight, self.channel)
        if training:
            mu, s = save_mean, save_invstd
        else:
            mu, s = running_mean, (running_var + eps) ** -0.5
        self.mu, self.s = F.reshape(mu, self.channel), F.reshape(s, self.channel)
        self.xm = input - self.mu
        self.gO = grad_out

    def sum(self, t, keepdim=True):
        return self.F.sum(t, self.dims, keepdim)

    def per_channel(self, v):
        return self.F.reshape(v, self.channel)

    def first_backward(self, g, gamma):
        """The training-mode input gradient of batch norm for output gradient ``g``."""
        s, M = self.s, self.M
        return (gamma * s / M) * (g * M - self.sum(g) - self.xm * (s * s) * self.sum(g * self.xm))


def _wrt_grad_out(F, gg, res, grad_out, input, weight, save_mean, save_invstd, running_mean,
                  running_var, which=0, training=False, eps=1e-05, dims=None):
    t = _Terms(F, grad_out, input, weight, save_mean, save_invstd, running_mean, running_var,
               training, eps)
    if which == 0:
        return t.first_backward(gg, t.gamma) if training else gg * t.s * t.gamma
    if which == 1:
        return t.per_channel(gg) * t.xm * t.s
    return F.expand(t.per_channel(gg), t.shape)


def _wrt_input(F, gg, res, grad_out, input, weight, save_mean, save_invstd, running_mean,
               running_var, which=0, training=False, eps=1e-05, dims=None):
    t = _Terms(F, grad_out, input, weight, save_mean, save_invstd, running_mean, running_var,
               training, eps)
    gO, xm, s, M = t.gO, t.xm, t.s, t.M
    if which == 2 or (which == 0 and not training):
        return F.zeros(input)
    if which == 1:
        ggG = t.per_channel(gg)
        if not training:
            return ggG * s * gO
        return ggG * (gO * s - s * t.sum(gO) / M - xm * (s * s * s) * t.sum(gO * xm) / M)
    s3 = s * s * s
    gO_sum, gO_xm = t.sum(gO), t.sum(gO * xm)
    gg_sum, gg_xm = t.sum(gg), t.sum(gg * xm)
    all_sub = gg_sum * gO_sum / M - t.sum(gO * gg) + (s * s) * gO_xm * gg_xm * (3.0 / M)
    return t.gamma * (xm * s3 * all_sub / M + gg_xm * s3 / M * (gO_sum / M - gO)
                      + gO_xm * s3 / M * (gg_sum / M - gg))


def _wrt_weight(F, gg, res, grad_out, input, weight, save_mean, save_invstd, running_mean,
                running_var, which=0, training=False, eps=1e-05, dims=None):
    t = _Terms(F, grad_out, input, weight, save_mean, save_invstd, running_mean, running_var,
               training, eps)
    if which != 0:
        return F.zeros(weight)
    if training:
        return t.sum(gg * t.first_backward(t.gO, 1.0), False)
    return t.sum(gg * t.gO * t.s, False)


_M = "(input.numel() / input.shape[1])"
_XM = "(input - save_mean)"
_S3 = "save_invstd ** 3"


def _ch(t):
    return f"({t}).sum(dims, keepdim=True)"


_FIRST = (f"weight * save_invstd / {_M} * ({_M} * grad - {_ch('grad')} - {_XM} * "
          f"save_invstd ** 2 * {_ch(f'grad * {_XM}')})")
_WRT_INPUT_0 = (f"weight * ({_XM} * {_S3} * ({_ch('grad')} * {_ch('grad_out')} / {_M} - "
                f"{_ch('grad_out * grad')} + 3 * save_invstd ** 2 * {_ch(f'grad_out * {_XM}')} * "
                f"{_ch(f'grad * {_XM}')} / {_M}) / {_M} + {_ch(f'grad * {_XM}')} * {_S3} / {_M} "
                f"* ({_ch('grad_out')} / {_M} - grad_out) + {_ch(f'grad_out * {_XM}')} * {_S3} / "
                f"{_M} * ({_ch('grad')} / {_M} - grad))")
_WRT_INPUT_1 = (f"grad * (grad_out * save_invstd - save_invstd * {_ch('grad_out')} / {_M} - "
                f"{_XM} * {_S3} * {_ch(f'grad_out * {_XM}')} / {_M})")
_EVAL_S = "torch.rsqrt(running_var + eps)"

defop("native_batch_norm_backward", "NativeBatchNormBackwardBackward0",
      _native_batch_norm_backward,
      Grad(_wrt_grad_out, (0, 1, 2, 3, 4, 5, 6), formula=(
          f"({_FIRST} if training else grad * weight * {_EVAL_S}) if which == 0 else "
          f"(grad * {_XM} * save_invstd if training else grad * (input - running_mean) * "
          f"{_EVAL_S}) if which == 1 else grad.expand(grad_out.shape)")),
      Grad(_wrt_input, (0, 1, 2, 3, 4, 5, 6), formula=(
          f"({_WRT_INPUT_0} if training else torch.zeros_like(input)) if which == 0 else "
          f"({_WRT_INPUT_1} if training else grad * grad_out * {_EVAL_S}) if which == 1 "
          "else torch.zeros_like(input)")),
      Grad(_wrt_weight, (0, 1, 2, 3, 4, 5, 6), formula=(
          f"((grad * save_invstd / {_M} * ({_M} * grad_out - {_ch('grad_out')} - {_XM} * "
          f"save_invstd ** 2 * {_ch(f'grad_out * {_XM}')})).sum(dims) if training else "
          f"(grad * grad_out * {_EVAL_S}).sum(dims)) if which == 0 "
          "else torch.zeros_like(weight)")),
      no_derivative("native_batch_norm_backward save_mean"),
      no_derivative("native_batch_norm_backward save_invstd"),
      None, None,
      args=("grad_out", "input", "weight", "save_mean", "save_invstd", "running_mean",
            "running_var"),
      params=(Param("which", "int", 0, "0: the input's gradient, 1: the weight's, 2: the "
                    "bias's"), BN_PARAMS[0], BN_PARAMS[2]),
      dtype="keep", category="internal", doc="The backward of batch_norm.")
