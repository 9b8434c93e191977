"""The op table, continued: ``trilinear`` (TrilinearBackward0), ATen's ``_trilinear`` as
``nn.functional.bilinear`` calls it: ``out[b, o] = sum over i, j of x1[b, i] *
weight[o, i, j] * x2[b, j]`` for (B, I) and (B, J) inputs and an (O, I, J) weight. Its
three VJPs are matrix products, written once for numpy and tensors (so a second
derivative is recorded). Not a palette kind of its own yet (``category="internal"``)."""
from .record import Grad, defop


def _trilinear(x1, w, x2):
    o, i, j = w.shape
    t = (x1 @ w.transpose(1, 0, 2).reshape(i, o * j)).reshape(-1, o, j)
    return (t @ x2[:, :, None])[:, :, 0]


def _x1_grad(F, g, out, x1, w, x2):
    o, i, j = w.shape
    n = g.shape[0]
    m = F.reshape(F.matmul(F.reshape(w, (o * i, j)), F.mT(x2)), (o, i, n))
    return F.reshape(F.matmul(F.permute(m, (2, 1, 0)), F.reshape(g, (n, o, 1))), (n, i))


def _w_grad(F, g, out, x1, w, x2):
    o, i, j = w.shape
    n = g.shape[0]
    a = F.reshape(F.reshape(g, (n, o, 1)) * F.reshape(x1, (n, 1, i)), (n, o * i))
    return F.reshape(F.matmul(F.mT(a), x2), (o, i, j))


def _x2_grad(F, g, out, x1, w, x2):
    o, i, j = w.shape
    n = g.shape[0]
    m = F.reshape(F.matmul(x1, F.reshape(F.permute(w, (1, 0, 2)), (i, o * j))), (n, o, j))
    return F.reshape(F.matmul(F.reshape(g, (n, 1, o)), m), (n, j))


defop("trilinear", "TrilinearBackward0", _trilinear,
      Grad(_x1_grad, (1, 2), formula="torch.einsum('bo,oij,bj->bi', grad, weight, input2)"),
      Grad(_w_grad, (0, 2), formula="torch.einsum('bo,bi,bj->oij', grad, input1, input2)"),
      Grad(_x2_grad, (0, 1), formula="torch.einsum('bo,bi,oij->bj', grad, input1, weight)"),
      args=("input1", "weight", "input2"), dtype="promote", category="internal",
      code="torch.nn.functional.bilinear({input1}, {input2}, {weight})",
      doc="x1 @ weight[o] @ x2 for each output o: the core of nn.Bilinear.")
