"""The op table, continued: margin losses PyTorch computes in one kernel each, with their
CPU kernels' arithmetic (double accumulators where PyTorch's have them):
``soft_margin_loss`` (SoftMarginLossBackward0), ``multi_margin_loss``
(MultiMarginLossBackward0), ``multilabel_margin_loss`` (MultilabelMarginLossBackward0);
and ``norm_p_dim`` (NormBackward1), ATen's ``norm(x, p, dim)`` that ``pairwise_distance``
calls. The target is a param (PyTorch does not differentiate it). None is a palette kind
of its own yet (``category="internal"``): each takes a target of classes or signs that
the every-kind document does not make."""
import numpy as np

from .._cpu_kernels import elementwise as K
from .._cpu_kernels.cascade_sum import cascade_sum
from .record import INTEGRAL, Grad, Param, defop, no_kernel
from .table_helpers import _norm_fwd, _norm_grad

NONE, MEAN, SUM = 0, 1, 2
_REDUCTION = Param("reduction", "int", MEAN, "0: none, 1: mean, 2: sum")
_TARGET = Param("target", "tensor", None, "the target")


def _reduce(losses, reduction):
    if reduction == NONE:
        return losses
    total = cascade_sum(losses, None)
    return total / np.asarray(losses.size, losses.dtype) if reduction == MEAN else total


def _soft_margin(a, target=None, reduction=MEAN):
    # PyTorch's soft_margin_loss_out: neg, mul_(target), exp_(), log1p_() (its vector
    # log1p: SLEEF's on every element)
    return _reduce(K.log1p(K.exp(-a * target._data.astype(a.dtype))), reduction)


def _soft_margin_grad(F, g, out, a, target=None, reduction=MEAN):
    # PyTorch's soft_margin_loss_backward_out, in its order: z = exp(-target * x), then
    # target * z, times -norm (a float32 number), divided by 1 + z, times grad
    t = F.array(target._data.astype(a.dtype.np if F.is_tensor else a.dtype))
    norm = 1.0 / a.numel() if F.is_tensor and reduction == MEAN else (
        1.0 / a.size if reduction == MEAN else 1.0)
    z = F.exp(-t * a)
    return t * z * -norm / (z + 1.0) * g


defop("soft_margin_loss", "SoftMarginLossBackward0", _soft_margin,
      Grad(_soft_margin_grad, (0,), formula="-target * torch.exp(-target * self) / (1 + "
           "torch.exp(-target * self)) * grad / (self.numel() if reduction == 1 else 1)"),
      params=(_TARGET, _REDUCTION), dtype="float_only", category="internal",
      code="torch.nn.functional.soft_margin_loss({self}, {target})",
      doc="log(1 + exp(-target * x)), reduced: a logistic loss for targets of 1 and -1.")


def _rows(a):
    return a.reshape(1, -1) if a.ndim <= 1 else a


def _multi_margin(a, target=None, p=1, margin=1.0, weight=None, reduction=MEAN):
    x = _rows(a)
    n, dim = x.shape
    t = target._data.reshape(-1)
    dt = x.dtype.type
    w = None if weight is None else weight._data.astype(x.dtype)
    out = np.empty(n, x.dtype)
    for i in range(n):
        row, k, s = x[i], int(t[i]), dt(0)
        for d in range(dim):
            if d == k:
                continue
            z = dt(margin) - row[k] + row[d]
            if z > 0:
                h = z if p == 1 else z * z
                s += h * w[k] if w is not None else h
        out[i] = s / dt(dim)
    if reduction == NONE and a.ndim > 1:
        return out
    if reduction == NONE:
        return out.reshape(())
    total = sum(float(v) for v in out)
    return np.asarray(total / n if reduction == MEAN else total).astype(x.dtype)


def _multi_margin_grad(F, g, out, a, target=None, p=1, margin=1.0, weight=None,
                       reduction=MEAN):
    if F.is_tensor and p == 2:
        raise RuntimeError("GradStudio's engine cannot yet take the second derivative of "
                           "multi_margin_loss with p=2; use p=1 or a first derivative only.")
    x = _rows(F.numpy(a) if F.is_tensor else a)
    n, dim = x.shape
    dt = x.dtype.type
    t = target._data.reshape(-1)
    w = None if weight is None else weight._data.astype(x.dtype)
    step = dt(1.0 / (n * dim) if reduction == MEAN else 1.0 / dim)
    grad = np.zeros_like(x)
    for i in range(n):
        k = int(t[i])
        for d in range(dim):
            z = dt(margin) - x[i, k] + x[i, d]
            if d == k or not z > 0:
                continue
            h = step if p == 1 else dt(2) * step * z
            h = h * w[k] if w is not None else h
            grad[i, k] -= h
            grad[i, d] = h
    grad = F.array(grad.reshape(a.shape))
    if reduction == NONE and len(a.shape) > 1:
        return grad * F.reshape(g, (-1, 1))
    return grad * g


defop("multi_margin_loss", "MultiMarginLossBackward0", _multi_margin,
      Grad(_multi_margin_grad, (0,), formula="torch.ops.aten.multi_margin_loss_backward(grad, "
           "self, target, p, margin, weight, reduction)"),
      params=(_TARGET, Param("p", "int", 1), Param("margin", "scalar", 1.0),
              Param("weight", "tensor", None), _REDUCTION),
      dtype="float_only", category="internal",
      refuses=no_kernel("multi_margin_loss_cpu_kernel", INTEGRAL),
      code="torch.nn.functional.multi_margin_loss({self}, {target})",
      doc="A multi-class hinge loss: each class's score within margin of the target's costs.")


def _targets(row):
    """The classes a sample's target lists (up to its first -1), and a mask of them."""
    picked = []
    for v in row:
        if v < 0:
            break
        picked.append(int(v))
    return picked


def _multilabel_sums(x, t):
    sums = []
    dt = x.dtype.type
    for i in range(x.shape[0]):
        picked = _targets(t[i])
        is_target = np.zeros(x.shape[1], bool)
        is_target[picked] = True
        s = 0.0                                   # (a double accumulator)
        for j in picked:
            for d in np.nonzero(~is_target)[0]:
                z = dt(1) - x[i, j] + x[i, d]
                if z > 0:
                    s += float(z)
        sums.append(s)
    return sums


def _multilabel_margin(a, target=None, reduction=MEAN):
    x, t = _rows(a), _rows(target._data)
    n, dim = x.shape
    sums = _multilabel_sums(x, t)
    if reduction == NONE and a.ndim > 1:
        return np.asarray([s / dim for s in sums]).astype(a.dtype)
    total = sum(sums) / dim
    if reduction == MEAN:
        total /= n
    return np.asarray(total).astype(a.dtype)


def _multilabel_margin_grad(F, g, out, a, target=None, reduction=MEAN):
    x = _rows(F.numpy(a) if F.is_tensor else a)
    t = _rows(target._data)
    n, dim = x.shape
    dt = x.dtype.type
    step = dt(1.0 / (n * dim) if reduction == MEAN else 1.0 / dim)
    grad = np.zeros_like(x)
    for i in range(n):
        picked = _targets(t[i])
        others = np.ones(dim, bool)
        others[picked] = False
        for j in picked:
            for d in np.nonzero(others)[0]:
                if dt(1) - x[i, j] + x[i, d] > 0:
                    grad[i, j] -= step
                    grad[i, d] += step
    grad = F.array(grad.reshape(a.shape))
    if reduction == NONE and len(a.shape) > 1:
        return grad * F.reshape(g, (-1, 1))
    return grad * g


defop("multilabel_margin_loss", "MultilabelMarginLossBackward0", _multilabel_margin,
      Grad(_multilabel_margin_grad, (0,), formula="torch.ops.aten.multilabel_margin_loss_"
           "backward(grad, self, target, reduction, is_target)"),
      params=(_TARGET, _REDUCTION), dtype="float_only", category="internal",
      refuses=no_kernel("multilabel_margin_loss_forward_out_frame", INTEGRAL),
      code="torch.nn.functional.multilabel_margin_loss({self}, {target})",
      doc="A multi-label hinge loss: every listed class against every other class.")

defop("norm_p_dim", "NormBackward1", _norm_fwd,
      Grad(_norm_grad, (0, "out"), formula="grad * self / result if p == 2 else "
           "grad * torch.sign(self) * self.abs() ** (p - 1) / result ** (p - 1)"),
      params=(Param("p", "scalar", 2.0), Param("dim", "dims", None),
              Param("keepdim", "bool", False)),
      dtype="float_only", category="internal", code="torch.norm({self}, {p}, {dim})",
      doc="ATen's norm(x, p, dim), as pairwise_distance calls it.")
