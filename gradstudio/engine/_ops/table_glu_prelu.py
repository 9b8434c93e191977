"""The op table, continued: ``glu`` (GluBackward0: the first half of ``dim`` times the
sigmoid of the second) and ``prelu`` (PreluKernelBackward0: PyTorch's ``_prelu_kernel``,
x where x > 0 else weight * x, the weight already shaped to broadcast by
``nn.functional.prelu``). Both compute as PyTorch's CPU kernels do; under
``create_graph=True`` their gradients are recorded as the tensor ops they equal (PyTorch
records its own backward nodes there). Neither is a palette kind of its own yet
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


def _glu_grad(F, g, out, a, dim=-1):
    if F.is_tensor:
        n = a.shape[dim] // 2
        first, second = a.narrow(dim, 0, n), a.narrow(dim, n, n)
        sig = second.sigmoid()
        return F.cat([g * sig, g * first * sig * (1 - sig)], dim)
    first, second = _halves(a, dim)
    sig = _sig(second)
    one = np.asarray(1, a.dtype)
    return np.concatenate([sig * g, (one - sig) * sig * first * g], axis=dim)


defop("glu", "GluBackward0", _glu,
      Grad(_glu_grad, (0,), formula="torch.cat([grad * torch.sigmoid(self.chunk(2, dim)[1]), "
           "grad * self.chunk(2, dim)[0] * torch.sigmoid(self.chunk(2, dim)[1]) "
           "* (1 - torch.sigmoid(self.chunk(2, dim)[1]))], dim)"),
      params=(Param("dim", "int", -1, "the dimension split in halves"),),
      dtype="float_only", category="internal", code="torch.nn.functional.glu({self}, {dim})",
      refuses=no_kernel("glu_cpu", INTEGRAL),
      doc="Gated linear unit: the first half of dim times the sigmoid of the second half.")


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
