"""The op table, continued: ``embedding_bag`` (EmbeddingBagBackward0): for each bag (a run
of ``indices`` from one offset to the next), the sum, mean or per-feature max of the rows
of ``weight`` it names, as PyTorch's CPU kernel adds them (row by row, in order; a mean
divides the sum by the bag's size; an empty bag is zeros; ``padding_idx`` rows are left
out). ``bags`` (a tuple of index arrays) is worked out by ``nn.functional``. Not a
palette kind of its own yet (``category="internal"``)."""
import numpy as np

from .record import Grad, Param, defop

SUM, MEAN, MAX = 0, 1, 2


def _kept(bag, padding_idx):
    return bag if padding_idx is None else bag[bag != padding_idx]


def _bag_rows(w, bag, mode):
    if len(bag) == 0:
        return np.zeros(w.shape[1], w.dtype), None
    if mode == MAX:
        rows = w[bag]
        pick = np.argmax(rows, axis=0)            # (the first largest, as PyTorch's `>`)
        return rows[pick, np.arange(w.shape[1])], bag[pick]
    total = np.zeros(w.shape[1], w.dtype)
    for i in bag:
        total = total + w[i]
    return (total / w.dtype.type(len(bag)) if mode == MEAN else total), None


def _embedding_bag(w, bags=(), mode=MEAN, padding_idx=None):
    out = np.zeros((len(bags), w.shape[1]), w.dtype)
    for b, bag in enumerate(bags):
        out[b] = _bag_rows(w, _kept(bag, padding_idx), mode)[0]
    return out


def _shares(weight, bags, mode, padding_idx, dtype):
    """S[b, i, f]: how much of bag b's gradient at feature f row i receives."""
    s = np.zeros((len(bags),) + weight.shape, dtype)
    for b, bag in enumerate(bags):
        bag = _kept(bag, padding_idx)
        if len(bag) == 0:
            continue
        if mode == MAX:
            s[b, _bag_rows(weight, bag, mode)[1], np.arange(weight.shape[1])] = 1
            continue
        for i in bag:
            s[b, i] += 1.0 / len(bag) if mode == MEAN else 1.0
    return s


def _embedding_bag_grad(F, g, out, w, bags=(), mode=MEAN, padding_idx=None):
    if F.is_tensor:        # (a linear map of the gradient, recorded)
        s = _shares(F.numpy(w), bags, mode, padding_idx, g.dtype.np)
        return F.sum(F.array(s) * F.reshape(g, (len(bags), 1, -1)), (0,), False)
    grad = np.zeros(w.shape, g.dtype)
    for b, bag in enumerate(bags):      # (PyTorch's order: bag by bag, row by row)
        bag = _kept(bag, padding_idx)
        if len(bag) == 0:
            continue
        if mode == MAX:
            grad[_bag_rows(w, bag, mode)[1], np.arange(w.shape[1])] += g[b]
            continue
        share = g[b] / g.dtype.type(len(bag)) if mode == MEAN else g[b]
        for i in bag:
            grad[i] += share
    return grad


defop("embedding_bag", "EmbeddingBagBackward0", _embedding_bag,
      Grad(_embedding_bag_grad, (0,), formula="torch.ops.aten._embedding_bag_backward(grad, "
           "bags, mode, padding_idx)"),
      args=("weight",), params=(Param("bags", "dims", ()), Param("mode", "int", MEAN),
                                Param("padding_idx", "int", None)),
      dtype="keep", category="internal",
      code="torch.nn.functional.embedding_bag(indices, {weight})",
      doc="The sum, mean or max of the embedding rows in each bag.")
