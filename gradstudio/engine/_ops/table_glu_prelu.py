"""The op table, continued: ``glu`` (GluBackward0: the first half of ``dim`` times the
sigmoid of the second) and ``prelu`` (PreluKernelBackward0: PyTorch's ``_prelu_kernel``,
x where x > 0 else weight * x, the weight already shaped to broadcast by
``nn.functional.prelu``). Both compute as PyTorch's CPU kernels do. glu's gradient is
PyTorch's fused ``glu_backward`` (GluBackwardBackward0 under ``create_graph=True``);
prelu's is recorded as the tensor ops it equals (PyTorch records one
PreluKernelBackwardBackward0 node there). Neither is a palette kind of its own yet
(``category="internal"``): each needs inputs of matching shapes that the every-kind
document does not make."""
import numpy as np

from .._cpu_kernels import elementwise as K
from .record import INTEGRAL, Grad, Param, defop, no_kernel


def _halves(a, dim):
    n = a.shape[dim] // 2
    return np.split(a, [n], axis=dim)


def _sig(b):
    one = np.asarray(1, b.dtype)
    return one / (one + K.exp(-b))


def _glu(a, dim=-1):
    first, second = _halves(a, dim)
    return first * _sig(second)


def _split(F, t, dim):
    if F.is_tensor:
        n = t.shape[dim] // 2
        return t.narrow(dim, 0, n), t.narrow(dim, n, n)
    return _halves(t, dim)


def _join(F, parts, dim):
    return F.cat(list(parts), dim) if F.is_tensor else np.concatenate(parts, axis=dim)


def _sigmoid(F, b):
    return b.sigmoid() if F.is_tensor else _sig(b)


def _glu_backward(g, a, dim=-1):
    """PyTorch's ``glu_backward``: (sig(b) * g, (1 - sig(b)) * sig(b) * a * g)."""
    first, second = _halves(a, dim)
    sig = _sig(second)
    one = np.asarray(1, a.dtype)
    return np.concatenate([sig * g, (one - sig) * sig * first * g], axis=dim)


def _glu_backward_grad_output(F, gg, res, g, a, dim=-1):
    gg1, gg2 = _split(F, gg, dim)
    first, second = _split(F, a, dim)
    sig = _sigmoid(F, second)
    return gg1 * sig + gg2 * first * sig * (1 - sig)


def _glu_backward_self(F, gg, res, g, a, dim=-1):
    gg1, gg2 = _split(F, gg, dim)
    first, second = _split(F, a, dim)
    sig = _sigmoid(F, second)
    slope = sig * (1 - sig)
    return _join(F, (gg2 * g * slope,
                     gg1 * g * slope + gg2 * g * first * slope * (1 - 2 * sig)), dim)


defop("glu", "GluBackward0", _glu,
      Grad(lambda F, g, out, a, dim=-1: F.fused("glu_backward", g, a, dim=dim), (0,),
           formula="torch.cat([grad * torch.sigmoid(self.chunk(2, dim)[1]), "
           "grad * self.chunk(2, dim)[0] * torch.sigmoid(self.chunk(2, dim)[1]) "
           "* (1 - torch.sigmoid(self.chunk(2, dim)[1]))], dim)"),
      params=(Param("dim", "int", -1, "the dimension split in halves"),),
      dtype="float_only", category="internal", code="torch.nn.functional.glu({self}, {dim})",
      refuses=no_kernel("glu_cpu", INTEGRAL),
      doc="Gated linear unit: the first half of dim times the sigmoid of the second half.")
_HALF = "self.chunk(2, dim)"
defop("glu_backward", "GluBackwardBackward0", _glu_backward,
      Grad(_glu_backward_grad_output, (1,),
           formula=f"grad.chunk(2, dim)[0] * torch.sigmoid({_HALF}[1]) + grad.chunk(2, dim)[1] "
                   f"* {_HALF}[0] * torch.sigmoid({_HALF}[1]) * (1 - torch.sigmoid({_HALF}[1]))"),
      Grad(_glu_backward_self, (0, 1),
           formula=f"torch.cat([grad.chunk(2, dim)[1] * grad_output * torch.sigmoid({_HALF}[1]) "
                   f"* (1 - torch.sigmoid({_HALF}[1])), (grad.chunk(2, dim)[0] + "
                   f"grad.chunk(2, dim)[1] * {_HALF}[0] * (1 - 2 * torch.sigmoid({_HALF}[1]))) "
                   f"* grad_output * torch.sigmoid({_HALF}[1]) * (1 - torch.sigmoid({_HALF}[1]))"
                   "], dim)"),
      args=("grad_output", "self"), params=(Param("dim", "int", -1),), dtype="float_only",
      category="internal", doc="The backward of glu.")


def _prelu_input_grad(F, g, out, a, w):
    if F.is_tensor:
        return F.where(a > 0, g, w * g)
    return np.where(a > 0, g, w * g).astype(g.dtype, copy=False)


def _prelu_weight_grad(F, g, out, a, w):
    if F.is_tensor:
        return F.where(a > 0, 0.0, a * g)
    return np.where(a > 0, np.zeros((), g.dtype), a * g).astype(g.dtype, copy=False)


defop("prelu", "PreluKernelBackward0",
      lambda a, w: np.where(a > 0, a, w * a).astype(np.result_type(a, w), copy=False),
      Grad(_prelu_input_grad, (0, 1), formula="torch.where(self > 0, grad, weight * grad)"),
      Grad(_prelu_weight_grad, (0, 1), formula="torch.where(self > 0, 0, self * grad)"),
      args=("self", "weight"), dtype="float_only", category="internal",
      code="torch.prelu({self}, {weight})",
      doc="Parametric ReLU: x where x > 0, else weight * x (a learned slope per channel).")
