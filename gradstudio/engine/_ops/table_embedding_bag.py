"""The op table, continued: ``embedding_bag`` (EmbeddingBagBackward0): for each bag (a run
of ``indices`` from one offset to the next), the sum, mean or per-feature max of the rows
of ``weight`` it names, as PyTorch's CPU kernel adds them (row by row, in order; a mean
divides the sum by the bag's size; an empty bag is zeros; ``padding_idx`` rows are left
out). ``bags`` (a tuple of index arrays) is worked out by ``nn.functional``. Not a
palette kind of its own yet (``category="internal"``). ``embedding_bag_weighted`` is the
sum with ``per_sample_weights`` (each row scaled by its sample's weight), whose gradient
reaches the weights too. As in PyTorch, a gradient recorded for a double backward is an
``EmbeddingBagBackwardBackward0`` (for the table) or ``NotImplemented`` (for the
weights) node that cannot be differentiated again."""
import numpy as np

from .._cpu_kernels import gemm_order as _gemm_order
from .._cpu_kernels.fma import fma32, fma64
from .record import NOT_IMPLEMENTED, Grad, Param, defop, no_derivative

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


def _embedding_bag_grad(F, g, out, w, bags=(), mode=MEAN, padding_idx=None):
    if F.is_tensor:        # (PyTorch's _embedding_bag_backward: not differentiable again)
        return F.fused("_embedding_bag_backward", g, bags=bags, mode=mode,
                       padding_idx=padding_idx, table_shape=tuple(w.shape))
    return _table_grad(g, w, bags, mode, padding_idx)


def _table_grad(g, w, bags, mode, padding_idx):
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


def _not_twice(F, g, *args, **params):
    raise NotImplementedError("the derivative for '_embedding_bag_backward' is not "
                              "implemented.")


_NOT_TWICE = Grad(_not_twice, missing=True, formula=NOT_IMPLEMENTED)
_TABLE = Param("table_shape", "shape", (1, 1))
defop("_embedding_bag_backward", "EmbeddingBagBackwardBackward0",
      lambda g, bags=(), mode=MEAN, padding_idx=None, table_shape=(1, 1): _table_grad(
          g, np.empty(table_shape, g.dtype), bags, mode, padding_idx),
      _NOT_TWICE, args=("grad",),
      params=(Param("bags", "dims", ()), Param("mode", "int", MEAN),
              Param("padding_idx", "int", None), _TABLE), dtype="keep", category="internal",
      doc="The gradient of embedding_bag's table (not differentiable again).")


# --- with per_sample_weights (mode='sum' only): ``starts[b]`` is where bag b's samples
# begin in the flattened input, so sample k of bag b has weight ``psw[starts[b] + k]``
def _weighted_samples(bag, start, padding_idx):
    pos = start + np.arange(len(bag))
    keep = np.ones(len(bag), bool) if padding_idx is None else bag != padding_idx
    return bag[keep], pos[keep]


def _scaled_add(total, row, scale):
    """``total + row * scale`` in one rounding, as PyTorch's kernel (a fused multiply-add)."""
    if row.dtype == np.float32:
        return np.asarray(fma32(row, np.full(row.shape, scale, row.dtype), total)).reshape(
            row.shape)
    if row.dtype == np.float64:
        return np.asarray(fma64(row, np.full(row.shape, scale), total)).reshape(row.shape)
    return total + row * scale


def _embedding_bag_weighted(w, psw, bags=(), starts=(), padding_idx=None):
    out = np.zeros((len(bags), w.shape[1]), w.dtype)
    flat = psw.reshape(-1)
    for b, (bag, start) in enumerate(zip(bags, starts)):
        total = np.zeros(w.shape[1], w.dtype)
        for i, k in zip(*_weighted_samples(bag, start, padding_idx)):
            total = _scaled_add(total, w[i], flat[k])
        out[b] = total
    return out


def _weighted_table_grad(g, psw, w, bags, starts, padding_idx):
    grad, flat = np.zeros(w.shape, g.dtype), psw.reshape(-1)
    for b, (bag, start) in enumerate(zip(bags, starts)):
        for i, k in zip(*_weighted_samples(bag, start, padding_idx)):
            grad[i] += g[b] * flat[k]
    return grad


def _weights_grad(g, w, psw, bags, starts, padding_idx):
    grad = np.zeros(psw.size, g.dtype)
    for b, (bag, start) in enumerate(zip(bags, starts)):
        for i, k in zip(*_weighted_samples(bag, start, padding_idx)):
            grad[k] = _gemm_order.dot(np.ascontiguousarray(g[b]), np.ascontiguousarray(w[i]))
    return grad.reshape(psw.shape)


def _weighted_vjp_table(F, g, out, w, psw, bags=(), starts=(), padding_idx=None):
    if F.is_tensor:
        return F.fused("_embedding_bag_weighted_backward", g, psw, bags=bags,
                       starts=starts, padding_idx=padding_idx, table_shape=tuple(w.shape))
    return _weighted_table_grad(g, psw, w, bags, starts, padding_idx)


def _weighted_vjp_weights(F, g, out, w, psw, bags=(), starts=(), padding_idx=None):
    if F.is_tensor:
        return F.fused("_embedding_bag_per_sample_weights_backward", g, w, bags=bags,
                       starts=starts, padding_idx=padding_idx, samples=tuple(psw.shape))
    return _weights_grad(g, w, psw, bags, starts, padding_idx)


_WEIGHTED = (Param("bags", "dims", ()), Param("starts", "dims", ()),
             Param("padding_idx", "int", None))
defop("embedding_bag_weighted", "EmbeddingBagBackward0", _embedding_bag_weighted,
      Grad(_weighted_vjp_table, (0, 1), formula="_embedding_bag_backward(grad, "
           "per_sample_weights)"),
      Grad(_weighted_vjp_weights, (0, 1), formula="_embedding_bag_per_sample_weights_"
           "backward(grad, weight, per_sample_weights)"),
      args=("weight", "per_sample_weights"), params=_WEIGHTED, dtype="keep",
      category="internal", code="torch.nn.functional.embedding_bag(indices, {weight}, "
      "mode='sum', per_sample_weights={per_sample_weights})",
      doc="The sum of the embedding rows in each bag, each row scaled by its sample's weight.")
defop("_embedding_bag_weighted_backward", "EmbeddingBagBackwardBackward0",
      lambda g, psw, bags=(), starts=(), padding_idx=None, table_shape=(1, 1):
      _weighted_table_grad(g, psw, np.empty(table_shape, g.dtype), bags, starts, padding_idx),
      _NOT_TWICE, _NOT_TWICE, args=("grad", "per_sample_weights"), params=_WEIGHTED + (_TABLE,),
      dtype="keep", category="internal", doc="The gradient of embedding_bag's table (not "
      "differentiable again).")
_NO_DERIVATIVE = no_derivative("aten::_embedding_bag_per_sample_weights_backward")
defop("_embedding_bag_per_sample_weights_backward", "NotImplemented",
      lambda g, w, bags=(), starts=(), padding_idx=None, samples=(1,): _weights_grad(
          g, w, np.empty(samples, g.dtype), bags, starts, padding_idx),
      _NO_DERIVATIVE, _NO_DERIVATIVE, args=("grad", "weight"),
      params=_WEIGHTED + (Param("samples", "shape", (1,)),), dtype="keep",
      category="internal", doc="The gradient of embedding_bag's per-sample weights (not "
      "differentiable again).")
