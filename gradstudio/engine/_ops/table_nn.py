"""Ops of ``torch.nn``'s layers and losses for the op table: ``addmm`` (what ``nn.Linear``
computes for a matrix of inputs, AddmmBackward0) and ``mse_loss`` (MseLossBackward0).
The package imports this module after ``_ops.table``."""
import math

import numpy as np

from .._cpu_kernels import elementwise as K
from .._cpu_kernels import gemm_order as _gemm_order
from .._cpu_kernels import libm
from .._cpu_kernels import regression_loss_kernel as _exact
from .._cpu_kernels.vector_loop import EXACT_LIMIT
from .._cpu_kernels.cascade_sum import cascade_sum
from .table_helpers import mat1_grad
from .record import INTEGRAL, Grad, Param, defembed, defop, no_kernel

NONE, MEAN, SUM = 0, 1, 2

def _addmm(b, m1, m2, beta=1, alpha=1):
    if beta == 1 and alpha == 1:
        total = _gemm_order.addmm_product(b, m1, m2)   # (where MKL adds the bias inside)
        if total is not None:
            return total
    product = _gemm_order.matmul(m1, m2)
    if alpha != 1:
        product = product * np.asarray(alpha, product.dtype)
    if beta == 0:            # (PyTorch ignores self then: its nans do not show)
        return np.broadcast_to(product, np.broadcast_shapes(b.shape, product.shape)).copy()
    return (b if beta == 1 else b * np.asarray(beta, b.dtype)) + product


def _scaled(g, factor):
    return g if factor == 1 else g * factor


defop("addmm", "AddmmBackward0", _addmm,
      Grad(lambda F, g, out, b, m1, m2, beta=1, alpha=1: _scaled(g, beta),
           formula="grad * beta"),
      Grad(lambda F, g, out, b, m1, m2, beta=1, alpha=1: _scaled(mat1_grad(F, g, m1, m2), alpha),
           (2,), formula="alpha * grad @ mat2.T"),
      Grad(lambda F, g, out, b, m1, m2, beta=1, alpha=1: _scaled(F.matmul(F.mT(m1), g), alpha),
           (1,), formula="alpha * mat1.T @ grad"),
      args=("self", "mat1", "mat2"),
      params=(Param("beta", "scalar", 1, "the factor of self"),
              Param("alpha", "scalar", 1, "the factor of mat1 @ mat2")),
      category="linear algebra", code="torch.addmm({self}, {mat1}, {mat2}, beta={beta}, "
      "alpha={alpha})",
      doc="beta * self + alpha * (mat1 @ mat2): a matrix product plus a bias, in one op "
      "(nn.Linear's).")


def _mse_fwd(a, t, reduction=MEAN):
    d = a - t
    sq = d * d
    if reduction == NONE:
        return sq
    total = cascade_sum(sq, None)
    return total / np.asarray(sq.size, sq.dtype) if reduction == MEAN else total


def _norm(a, reduction):
    return 2.0 / math.prod(a.shape) if reduction == MEAN else 2.0


def _mse_backward(g, a, t, reduction=MEAN):
    # PyTorch's mse_loss_backward(grad, self, target): norm * (self - target) * grad, norm
    # = 2 (over the number of elements for a mean), cast to the dtype first
    return ((a - t) * _norm(a, reduction)) * g


defop("mse_loss", "MseLossBackward0", _mse_fwd,
      Grad(lambda F, g, out, a, t, reduction=MEAN:
           F.fused("mse_loss_backward", g, a, t, reduction=reduction), (0, 1),
           formula="2 * grad * (self - target) / (self.numel() if reduction == 1 else 1)"),
      Grad(lambda F, g, out, a, t, reduction=MEAN:   # (the same, self and target swapped)
           F.fused("mse_loss_backward", g, t, a, reduction=reduction), (0, 1),
           formula="2 * grad * (target - self) / (self.numel() if reduction == 1 else 1)"),
      args=("self", "target"),
      params=(Param("reduction", "int", MEAN, "0: none, 1: mean, 2: sum"),),
      dtype="promote", category="loss", refuses=no_kernel("mse_cpu", INTEGRAL),
      code="torch.nn.functional.mse_loss({self}, {target})",
      doc="Mean squared error between input and target.")
defop("mse_loss_backward", "MseLossBackwardBackward0", _mse_backward,
      Grad(lambda F, gg, res, g, a, t, reduction=MEAN:
           F.fused("mse_loss_backward", gg, a, t, reduction=reduction), (1, 2),
           formula="2 * grad * (self - target) / (self.numel() if reduction == 1 else 1)"),
      Grad(lambda F, gg, res, g, a, t, reduction=MEAN: gg * g * _norm(a, reduction), (0, 1),
           formula="2 * grad * grad_output / (self.numel() if reduction == 1 else 1)"),
      Grad(lambda F, gg, res, g, a, t, reduction=MEAN: -(gg * g * _norm(a, reduction)),
           (0, 1), formula="-2 * grad * grad_output / (self.numel() if reduction == 1 else 1)"),
      args=("grad_output", "self", "target"),
      params=(Param("reduction", "int", MEAN, "0: none, 1: mean, 2: sum"),),
      category="internal", doc="The backward of mse_loss.")


# ------------------------------------------------------------------ losses with a target
REDUCTION = Param("reduction", "choice", "mean", "mean: the average over the elements; "
                  "sum: their total; none: one loss per element",
                  choices=("none", "mean", "sum"))


def _reduced(loss, reduction):
    if reduction == "none":
        return loss
    total = cascade_sum(loss, None)
    return total / np.asarray(loss.size, loss.dtype) if reduction == "mean" else total


_PER_ELEMENT = " / (self.numel() if reduction == 'mean' else 1)"   # (a formula's mean)


def _per_element(reduction, a):
    """The factor a gradient of the reduced loss carries to each element."""
    return 1.0 / math.prod(a.shape) if reduction == "mean" else 1.0


def _target_loss(name, grad_fn, forward, grad_self, grad_target, doc, params=(),
                 formulas=None, kernel=None, divides=False, exact=None):
    """A loss of ``self`` against ``target``; ``formulas`` are the two VJPs as text, for the
    summed loss (the mean's division by the count is added here: a product by 1 / count,
    or, ``divides``, a division by the count, as PyTorch's BCE kernels ``div_`` it).
    ``exact(x, grad, norm, **params)``, given, is PyTorch's float32 kernel of the
    gradient at ``x = self - target`` (or None where it does not apply)."""
    formula_self, formula_target = (f + _PER_ELEMENT for f in formulas)

    def mean(v, reduction, a):
        return v / _count(reduction, a) if divides else v * _per_element(reduction, a)

    def grad(F, g, a, t, reduction, p, fn):
        if exact is not None and not F.is_tensor and np.shape(a) == np.shape(t):
            torchs = exact(a - t, g, _per_element(reduction, a), operands=(a, t, g), **p)
            if torchs is not None:
                return torchs
        return mean(fn(F, g, a, t, **p), reduction, a)
    defop(name, grad_fn, lambda a, t, reduction="mean", **p: _reduced(forward(a, t, **p),
                                                                      reduction),
          Grad(lambda F, g, out, a, t, reduction="mean", **p:
               grad(F, g, a, t, reduction, p, grad_self), (0, 1), formula=formula_self),
          Grad(lambda F, g, out, a, t, reduction="mean", **p:   # (self and target swapped)
               grad(F, g, t, a, reduction, p, lambda F, g, t, a, **p: grad_target(
                   F, g, a, t, **p)), (0, 1), formula=formula_target),
          args=("self", "target"), params=(REDUCTION, *params), dtype="promote",
          category="loss", doc=doc, refuses=no_kernel(kernel or name, INTEGRAL),
          code=f"torch.nn.functional.{name}({{self}}, {{target}}, reduction={{reduction}}"
               + "".join(f", {q.name}={{{q.name}}}" for q in params) + ")")


def _bce(a, t):
    # PyTorch's kernel: each log clamped at -100, so 0 and 1 give finite losses; its scalar
    # loop calls the C library's log1pf and logf (numpy's and MKL's: a last bit apart)
    with np.errstate(divide="ignore"):
        if a.dtype == np.float32 and a.size <= EXACT_LIMIT:
            log1p_neg, log_a = libm.log1pf(-a), libm.log(a)
        else:
            log1p_neg, log_a = np.log1p(-a), K.log(a)
        return (t - 1) * np.maximum(log1p_neg, -100) - t * np.maximum(log_a, -100)


_target_loss(
    "binary_cross_entropy", "BinaryCrossEntropyBackward0", _bce,
    lambda F, g, a, t: g * (a - t) / F.clamp_min((1 - a) * a, 1e-12),
    lambda F, g, a, t: g * (F.clamp_min(F.log1p(-a), -100) - F.clamp_min(F.log(a), -100)),
    "Binary cross-entropy of probabilities in [0, 1] against targets in [0, 1].",
    formulas=("grad * (self - target) / (self * (1 - self))",
              "grad * (torch.log(1 - self) - torch.log(self))"), divides=True)
_target_loss(
    "binary_cross_entropy_with_logits", "BinaryCrossEntropyWithLogitsBackward0",
    lambda a, t: (1 - t) * a - K.log_sigmoid(a),
    lambda F, g, a, t: (F.sigmoid(a) - t) * g,
    lambda F, g, a, t: -a * g,
    "Binary cross-entropy of scores (logits), sigmoid included, without overflow.",
    formulas=("grad * (torch.sigmoid(self) - target)", "-grad * self"), kernel="log_sigmoid_cpu",
    divides=True)


# --- the same losses with a weight per element (and, with logits, per positive class):
# PyTorch's kernels, whose backward divides by the element count after weighting
def _count(reduction, a):
    return math.prod(a.shape) if reduction == "mean" else 1


def _bce_w_grad(F, g, out, a, t, w, reduction="mean"):
    return g * (a - t) / F.clamp_min((1 - a) * a, 1e-12) * w / _count(reduction, a)


def _bce_w_target(F, g, out, a, t, w, reduction="mean"):
    return g * (F.clamp_min(F.log1p(-a), -100) - F.clamp_min(F.log(a), -100)) * w / \
        _count(reduction, a)


defop("_bce_weighted", "BinaryCrossEntropyBackward0",
      lambda a, t, w, reduction="mean": _reduced(_bce(a, t) * w, reduction),
      Grad(_bce_w_grad, (0, 1, 2),
           formula="grad * weight * (self - target) / (self * (1 - self))" + _PER_ELEMENT),
      Grad(_bce_w_target, (0, 1, 2),
           formula="grad * weight * (torch.log(1 - self) - torch.log(self))" + _PER_ELEMENT),
      None,
      args=("self", "target", "weight"), params=(REDUCTION,), category="internal",
      refuses=no_kernel("binary_cross_entropy", INTEGRAL),
      doc="binary_cross_entropy with a weight per element.")


def _bce_logits_w(a, t, w, pw, reduction="mean", weighted=True, positive=False):
    log_sig = K.log_sigmoid(a)
    if positive:
        log_sig = log_sig * ((pw - 1) * t + 1)
    loss = (1 - t) * a - log_sig
    return _reduced(loss * w if weighted else loss, reduction)


def _bce_logits_w_grad(F, g, out, a, t, w, pw, reduction="mean", weighted=True, positive=False):
    if positive:
        scaled = pw * t
        grad = ((scaled + 1 - t) * F.sigmoid(a) - scaled) * g
    else:
        grad = (F.sigmoid(a) - t) * g
    return (grad * w if weighted else grad) / _count(reduction, a)


def _bce_logits_w_target(F, g, out, a, t, w, pw, reduction="mean", weighted=True,
                         positive=False):
    if positive:
        log_sig = (lambda x: F.fused("logsigmoid", x)) if F.is_tensor else K.log_sigmoid
        grad = (log_sig(-a) - log_sig(a) * pw) * g
    else:
        grad = -a * g
    return (grad * w if weighted else grad) / _count(reduction, a)


defop("_bce_logits_weighted", "BinaryCrossEntropyWithLogitsBackward0", _bce_logits_w,
      Grad(_bce_logits_w_grad, (0, 1, 2, 3),
           formula="grad * (weight if weighted else 1) * ((pos_weight * target + 1 - target) "
                   "* torch.sigmoid(self) - pos_weight * target if positive "
                   "else torch.sigmoid(self) - target)" + _PER_ELEMENT),
      Grad(_bce_logits_w_target, (0, 1, 2, 3),
           formula="grad * (weight if weighted else 1) * (logsigmoid(-self) "
                   "- pos_weight * logsigmoid(self) if positive else -self)" + _PER_ELEMENT),
      None, None, args=("self", "target", "weight", "pos_weight"), params=(REDUCTION,),
      refuses=no_kernel("log_sigmoid_cpu", INTEGRAL),
      category="internal", doc="binary_cross_entropy_with_logits with weights.")


def _smooth_l1(a, t, beta=1.0):
    z = np.abs(a - t)
    return np.where(z < beta, 0.5 * z * z / beta, z - 0.5 * beta).astype(z.dtype, copy=False)


def _smooth_l1_grad(F, g, a, t, beta=1.0):
    d = a - t
    return F.where(d < -beta, -g, F.where(d > beta, g, d * g / beta))


def _huber(a, t, delta=1.0):
    z = np.abs(a - t)
    return np.where(z < delta, 0.5 * z * z, delta * (z - 0.5 * delta)).astype(z.dtype,
                                                                               copy=False)


def _huber_grad(F, g, a, t, delta=1.0):
    d = a - t
    return F.where(d < -delta, -delta * g,
                   F.where(d > delta, delta * g, d * g))


_target_loss("smooth_l1_loss", "SmoothL1LossBackward0", _smooth_l1, _smooth_l1_grad,
             lambda F, g, a, t, beta=1.0: _smooth_l1_grad(F, g, t, a, beta),
             "Squared error below beta, absolute error above (scaled to meet).",
             (Param("beta", "scalar", 1.0, "where the squared part ends"),),
             ("grad * torch.clamp((self - target) / beta, -1, 1)",
              "grad * torch.clamp((target - self) / beta, -1, 1)"), "smooth_l1_cpu",
             exact=_exact.smooth_l1_backward)
_target_loss("huber_loss", "HuberLossBackward0", _huber, _huber_grad,
             lambda F, g, a, t, delta=1.0: _huber_grad(F, g, t, a, delta),
             "Squared error below delta, delta times the absolute error above.",
             (Param("delta", "scalar", 1.0, "where the squared part ends"),),
             ("grad * torch.clamp(self - target, -delta, delta)",
              "grad * torch.clamp(target - self, -delta, delta)"), "huber_cpu",
             exact=_exact.huber_backward)


# embedding: the rows of a table that class indices name (nn.Embedding). The indices are a
# port, handed over as the integers they are (``index_args``); the backward adds each row's gradient into zeros at the rows read, recorded under
# PyTorch's name for a double backward.
defembed("_embedding_dense", "EmbeddingDenseBackwardBackward0", accumulate=True)


def _rows(indices):
    return (np.asarray(indices).astype(np.int64).reshape(-1),)


def _embedding_grad(F, g, out, weight, indices, padding_idx=-1):
    """PyTorch's embedding_dense_backward: each row's gradient added into zeros at the row
    it read, except the rows that read ``padding_idx`` (no gradient ever reaches it)."""
    (rows,) = _rows(F.numpy(indices))
    shape = tuple(weight.shape)
    g = F.reshape(g, (rows.size,) + shape[1:])
    if padding_idx != -1:
        keep = np.nonzero(rows != padding_idx)[0]
        if keep.size != rows.size:
            g, rows = F.take(g, (keep,)), rows[keep]
    return F.fused("_embedding_dense", g, shape=shape, key=(rows,))


defop("embedding", "EmbeddingBackward0",
      lambda weight, indices, padding_idx=-1: weight[np.asarray(indices).astype(np.int64)],
      Grad(_embedding_grad, (1,),
           formula="torch.zeros_like(weight).index_add(0, input.flatten(), torch.where("
                   "(input.flatten() != padding_idx).unsqueeze(1), grad.reshape(input.numel(), "
                   "weight.shape[1]), 0))"), None,
      args=("weight", "input"), index_args=(1,),
      params=(Param("padding_idx", "int", -1, "the row that gets no gradient (-1: none)"),),
      dtype="keep", category="linear algebra",
      code="torch.nn.functional.embedding({input}, {weight}, padding_idx={padding_idx})",
      doc="The rows of weight (a table of learned vectors) that input's class indices name, "
          "in input's shape: nn.Embedding.")
