"""Ops of ``torch.nn``'s layers and losses for the op table: ``addmm`` (what ``nn.Linear``
computes for a matrix of inputs, AddmmBackward0) and ``mse_loss`` (MseLossBackward0).
The package imports this module after ``_optable``."""
import math

import numpy as np

from ._oprecord import Grad, Param, defop

NONE, MEAN, SUM = 0, 1, 2

defop("addmm", "AddmmBackward0", lambda b, m1, m2: b + np.matmul(m1, m2),
      Grad(lambda F, g, out, b, m1, m2: g),
      Grad(lambda F, g, out, b, m1, m2: F.matmul(g, F.mT(m2)), (2,)),
      Grad(lambda F, g, out, b, m1, m2: F.matmul(F.mT(m1), g), (1,)),
      args=("self", "mat1", "mat2"), category="internal",
      code="torch.addmm({self}, {mat1}, {mat2})",
      doc="self + mat1 @ mat2: a matrix product plus a bias, in one op (nn.Linear's).")


def _mse_fwd(a, t, reduction=MEAN):
    d = a - t
    sq = d * d
    if reduction == NONE:
        return sq
    total = np.add.reduce(sq, None)
    return total / np.asarray(sq.size, sq.dtype) if reduction == MEAN else total


def _norm(a, reduction):
    return 2.0 / math.prod(a.shape) if reduction == MEAN else 2.0


def _mse_backward(g, a, t, reduction=MEAN):
    # PyTorch's mse_loss_backward(grad, self, target): norm * (self - target) * grad, norm
    # = 2 (over the number of elements for a mean), cast to the dtype first
    return ((a - t) * _norm(a, reduction)) * g


defop("mse_loss", "MseLossBackward0", _mse_fwd,
      Grad(lambda F, g, out, a, t, reduction=MEAN:
           F.fused("mse_loss_backward", g, a, t, reduction=reduction), (0, 1)),
      Grad(lambda F, g, out, a, t, reduction=MEAN:   # (the same, self and target swapped)
           F.fused("mse_loss_backward", g, t, a, reduction=reduction), (0, 1)), args=("self", "target"),
      params=(Param("reduction", "int", MEAN, "0: none, 1: mean, 2: sum"),),
      dtype="promote", category="loss",
      code="torch.nn.functional.mse_loss({self}, {target})",
      doc="Mean squared error between input and target.")
defop("mse_loss_backward", "MseLossBackwardBackward0", _mse_backward,
      Grad(lambda F, gg, res, g, a, t, reduction=MEAN:
           F.fused("mse_loss_backward", gg, a, t, reduction=reduction), (1, 2)),
      Grad(lambda F, gg, res, g, a, t, reduction=MEAN: gg * g * _norm(a, reduction), (0, 1)),
      Grad(lambda F, gg, res, g, a, t, reduction=MEAN: -(gg * g * _norm(a, reduction)),
           (0, 1)),
      args=("grad_output", "self", "target"),
      params=(Param("reduction", "int", MEAN, "0: none, 1: mean, 2: sum"),),
      category="internal", doc="The backward of mse_loss.")
