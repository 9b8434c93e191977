"""The op table, continued: what attention computes in PyTorch's CPU build.

``baddbmm`` (BaddbmmBackward0): ``beta * self + alpha * (batch1 @ batch2)``, which
``F.multi_head_attention_forward`` uses to add a mask to the attention scores. For small
products (``K * M * N < 400``, PyTorch's ``baddbmm_cpu_kernel``) each entry's sum runs one
``k`` after another in float32, then ``self * beta + alpha * sum``; larger ones are a BLAS
product (numpy's order here).

``_scaled_dot_product_flash_attention_for_cpu`` (ScaledDotProductFlashAttentionForCpuBackward0):
the kernel ``F.scaled_dot_product_attention`` picks for 4-D inputs without dropout. Its
forward follows the kernel's steps (scores times the scale plus the mask, the row's
maximum, ``exp``, the row sum, ``exp @ value`` times ``1 / sum``); the kernel's MKL
products and vectorised ``exp`` add in an order not reproduced, so the last digit may
differ (docs/engine.md). Its backward is not differentiable again, as in PyTorch; it is
not a palette kind of its own (``category="internal"``), ``baddbmm`` is."""
import numpy as np

from .record import Grad, Param, defop
from .table_helpers import _softmax_fwd
from .._cpu_kernels.bmm_order import bmm

def bmm_grad(F, x, y):
    """A VJP's batched product: ``bmm``'s order on arrays, recorded on tensors."""
    return F.matmul(x, y) if F.is_tensor else bmm(x, y)


def _baddbmm(s, b1, b2, beta=1, alpha=1):
    acc = bmm(b1, b2)
    if alpha != 1:
        acc = acc * np.asarray(alpha, acc.dtype)
    s = np.broadcast_to(s, acc.shape)  # (self * beta + alpha * sum, as the naive kernel)
    if beta == 0:            # (PyTorch ignores self then: its nans do not show)
        return acc.copy()
    return (s if beta == 1 else s * np.asarray(beta, s.dtype)) + acc


def _scaled(g, factor):
    return g if factor == 1 else g * factor


defop("baddbmm", "BaddbmmBackward0", _baddbmm,
      Grad(lambda F, g, out, s, b1, b2, beta=1, alpha=1: _scaled(g, beta),
           formula="grad * beta"),
      Grad(lambda F, g, out, s, b1, b2, beta=1, alpha=1: _scaled(bmm_grad(F, g, F.mT(b2)), alpha),
           (2,), formula="alpha * grad @ batch2.mT"),
      Grad(lambda F, g, out, s, b1, b2, beta=1, alpha=1: _scaled(bmm_grad(F, F.mT(b1), g), alpha),
           (1,), formula="alpha * batch1.mT @ grad"),
      args=("self", "batch1", "batch2"),
      params=(Param("beta", "scalar", 1, "the factor of self"),
              Param("alpha", "scalar", 1, "the factor of batch1 @ batch2")),
      category="linear algebra", code="torch.baddbmm({self}, {batch1}, {batch2}, "
      "beta={beta}, alpha={alpha})",
      doc="beta * self + alpha * (batch1 @ batch2), batch by batch.")


def _scores(q, k, attn_mask, is_causal, scale):
    """The kernel's scores: ``q @ k.T * scale + mask`` (-inf above the diagonal when
    causal), in the dtype of ``q``."""
    f = q.dtype.type
    sc = f(1.0 / np.sqrt(q.shape[-1])) if scale is None else f(scale)
    s = np.matmul(q, np.swapaxes(k, -1, -2)) * sc
    if attn_mask is not None:
        s = s + attn_mask.astype(q.dtype)
    if is_causal:
        L, S = s.shape[-2:]
        s = np.where(np.tril(np.ones((L, S), bool)), s, f(-np.inf))
    return s


def _weights(q, k, attn_mask, is_causal, scale):
    s = _scores(q, k, attn_mask, is_causal, scale)
    m = s.max(-1, keepdims=True)
    m = np.where(m == -np.inf, q.dtype.type(0), m)      # (a row masked whole gives zeros)
    e = np.exp(s - m)
    total = e.sum(-1, keepdims=True)
    return e, np.where(total == 0, q.dtype.type(1), total)


def _flash(q, k, v, attn_mask=None, is_causal=False, scale=None):
    e, total = _weights(q, k, attn_mask, is_causal, scale)
    out = np.empty_like(q)     # (laid out as the query is, as the kernel allocates it)
    out[...] = np.matmul(e, v) * (q.dtype.type(1) / total)
    return out


def _flash_grads(F, g, q, k, v, attn_mask, is_causal, scale):
    if F.is_tensor:
        raise RuntimeError("derivative for aten::_scaled_dot_product_flash_attention_for_cpu_"
                           "backward is not implemented")
    e, total = _weights(q, k, attn_mask, is_causal, scale)
    p = e / total
    sc = q.dtype.type(1.0 / np.sqrt(q.shape[-1])) if scale is None else q.dtype.type(scale)
    dp = np.matmul(g, np.swapaxes(v, -1, -2))
    ds = p * (dp - (dp * p).sum(-1, keepdims=True)) * sc
    return p, ds


def _grad_q(F, g, out, q, k, v, **kw):
    _, ds = _flash_grads(F, g, q, k, v, **kw)
    return np.matmul(ds, k)


def _grad_k(F, g, out, q, k, v, **kw):
    _, ds = _flash_grads(F, g, q, k, v, **kw)
    return np.matmul(np.swapaxes(ds, -1, -2), q)


def _grad_v(F, g, out, q, k, v, **kw):
    p, _ = _flash_grads(F, g, q, k, v, **kw)
    return np.matmul(np.swapaxes(p, -1, -2), g)


# (the weights P and the scores' gradient dS, as the VJPs' formulas write them)
_S = "(query @ key.mT * scale + attn_mask).exp()"
_P = "(" + _S + " / " + _S + ".sum(-1, keepdim=True))"
_DS = "(" + _P + " * (grad @ value.mT - (grad * result).sum(-1, keepdim=True)) * scale)"

defop("_scaled_dot_product_flash_attention_for_cpu",
      "ScaledDotProductFlashAttentionForCpuBackward0", _flash,
      Grad(_grad_q, (0, 1, 2), formula=_DS + " @ key"),
      Grad(_grad_k, (0, 1, 2), formula="(" + _DS + ").mT @ query"),
      Grad(_grad_v, (0, 1, 2), formula=_P + ".mT @ grad"),
      args=("query", "key", "value"),   # (params: attn_mask, an array or None; is_causal; scale)
      dtype="keep", category="internal",
      doc="softmax(query @ key.T * scale + mask) @ value, as the CPU flash kernel computes it.")


def _safe_softmax(a, dim=-1):
    out = _softmax_fwd(a, dim)
    masked = np.all(a == -np.inf, axis=dim, keepdims=True)
    return np.where(masked, a.dtype.type(0), out) if masked.any() else out


defop("_safe_softmax", "SafeSoftmaxBackward0", _safe_softmax,
      Grad(lambda F, g, out, a, dim=-1: F.fused("_softmax_backward_data", g, out, dim=dim),
           ("out",), formula="result * (grad - (grad * result).sum(dim, keepdim=True))"),
      params=(Param("dim", "int", -1),), dtype="float_only", category="internal",
      doc="softmax along dim, with zeros for a row that is -inf throughout.")
