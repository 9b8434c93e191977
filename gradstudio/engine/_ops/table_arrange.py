"""The op table, continued: rearranging and masking ops (``flip``, ``tril``,
``triu``, ``masked_fill``) and ``logsumexp``, each with the VJP of PyTorch's
``derivatives.yaml``. A VJP that is the op itself on the gradient (``grad.flip(dims)``)
calls it through ``F.fused``, so a double backward records the same node PyTorch does."""
import numpy as np

from .._cpu_kernels import elementwise as K
from .._cpu_kernels.cascade_sum import cascade_sum
from .record import NOT_IMPLEMENTED, Grad, Param, _norm_dims, defembed, defop
from .table import KEEP

_METHOD_AND_FUNCTION = ("method", "function")
_ALL = ("method", "function", "inplace")
DIMS = Param("dims", "shape", (0,), "the dimensions to act on")


def _dims(dims, ndim):
    return tuple(d % ndim for d in ((dims,) if isinstance(dims, int) else dims)) if ndim else ()


defop("flip", "FlipBackward0", lambda a, dims: np.flip(a, _dims(dims, a.ndim)) if a.ndim else a.copy(),
      Grad(lambda F, g, out, a, dims: F.fused("flip", g, dims=dims), formula="grad.flip(dims)"),
      params=(DIMS,), dtype="keep", category="shape", code="{self}.flip({dims})",
      doc="Reverses the order of elements along the given dimensions.",
      variants=("function",))          # (the method, which also takes dims one by one: Tensor.flip)


def _triangle(name, np_fn):
    def forward(a, diagonal=0):
        if a.ndim < 2:
            raise RuntimeError(f"{name}: input tensor must have at least 2 dimensions")
        return np_fn(a, diagonal)
    defop(name, name.capitalize() + "Backward0", forward,
          Grad(lambda F, g, out, a, diagonal=0: F.fused(name, g, diagonal=diagonal),
               formula=f"grad.{name}(diagonal)"),
          params=(Param("diagonal", "int", 0),), dtype="keep", category="shape",
          code="{self}." + name + "({diagonal})", variants=_ALL,
          doc=f"Keeps the {'lower' if name == 'tril' else 'upper'} triangle of the last two "
          "dimensions (from the given diagonal), zeroing the rest.")


_triangle("tril", np.tril)
_triangle("triu", np.triu)


defop("masked_fill", "MaskedFillBackward0",
      lambda a, mask, value=0.0: np.where(mask.astype(bool), np.asarray(value).astype(a.dtype), a),
      Grad(lambda F, g, out, a, mask, value=0.0: F.fused("masked_fill", g, mask, value=0.0),
           (1,), formula="grad.masked_fill(mask, 0)"),
      None, args=("self", "mask"), params=(Param("value", "scalar", 0.0),), dtype="keep",
      category="shape", code="{self}.masked_fill({mask}, {value})",
      doc="Sets the elements where mask is true to value.")


def _logsumexp(a, dim, keepdim=False):
    axis = _norm_dims(dim, a.ndim) if a.ndim else None
    m = np.max(a, axis=axis, keepdims=True) if a.size else np.zeros((1,) * a.ndim, a.dtype)
    m = np.where(np.isinf(m), 0, m)
    # PyTorch's order: exp(x - amax), summed as its sum sums, log, then + amax
    out = K.log(cascade_sum(K.exp(a - m), axis, True)) + m
    return out if keepdim or not a.ndim else np.squeeze(out, axis)


def _logsumexp_grad(F, g, out, a, dim, keepdim=False):
    if not keepdim and a.shape:
        dims = _norm_dims(dim, len(a.shape))
        g, out = F.unsqueeze_dims(g, dims), F.unsqueeze_dims(out, dims)
    return g * F.exp(a - out)


defop("logsumexp", "LogsumexpBackward0", _logsumexp,
      Grad(_logsumexp_grad, (0, "out"), formula="grad * torch.exp(self - result)"),
      params=(Param("dim", "dims", (0,), required=True), KEEP), dtype="float",
      category="reduction", code="{self}.logsumexp({dim})", doc="log(sum(exp(x))) along dim, computed stably.",
      variants=_METHOD_AND_FUNCTION)


def _one_hot(a, num_classes=-1):
    if a.size == 0 and num_classes == -1:
        raise RuntimeError("Can not infer total number of classes from empty tensor.")
    if a.size and a.min() < 0:
        raise RuntimeError("Class values must be non-negative.")
    n = int(a.max()) + 1 if num_classes == -1 else num_classes
    if a.size and a.max() >= n:
        raise RuntimeError("Class values must be smaller than num_classes.")
    return (a[..., None] == np.arange(n)).astype(np.int64)


defop("one_hot", None, _one_hot, None, params=(Param("num_classes", "int", -1),), dtype="long",
      category="comparison", code="torch.nn.functional.one_hot({self}, {num_classes})",
      doc="Each class index as a row of zeros with a one at that index.")


def _repeat(a, repeats):
    if len(repeats) < a.ndim:
        raise RuntimeError("Number of dimensions of repeat dims can not be smaller than number "
                           "of dimensions of tensor")
    padded = a.reshape((1,) * (len(repeats) - a.ndim) + a.shape)
    return np.tile(padded, repeats)


def _repeat_grad(F, g, out, a, repeats):
    """PyTorch's ``repeat_backward``: the new leading dimensions summed away one by one,
    then the gradient viewed as (copies, size) pairs and summed over the copies at once."""
    shape = tuple(a.shape)
    if 0 in repeats:
        return F.zeros_as(a)
    lead = len(repeats) - len(shape)
    for _ in range(lead):
        g = F.sum(g, (0,), False)
    grad_size, sum_dims = [], []
    for d, size in enumerate(shape):
        if repeats[d + lead] != 1:
            grad_size.append(repeats[d + lead])
            sum_dims.append(len(grad_size) - 1)
        grad_size.append(size)
    if sum_dims:
        g = F.sum(F.reshape(g, tuple(grad_size)), tuple(sum_dims), False)
    return g


# (the copies summed: grad viewed as (copies, size) pairs, summed over the copies)
defop("repeat", "RepeatBackward0", _repeat,
      Grad(_repeat_grad, formula="grad.reshape(repeats[0], self.shape[0], ...).sum((0, 2, ...))"),
      params=(Param("repeats", "shape", (2,), "how many copies along each dimension"),),
      dtype="keep", category="shape", code="{self}.repeat({repeats})",
      doc="Tiles the tensor: copies it along each dimension (new leading ones included).")


# --- gathering by index (the index is a port, so a computed index stays in the graph; the
# table hands it over as the integers it holds: ``Op.index_args``) ---------------------------
def _gather_key(shape, index, dim):
    key = list(np.indices(index.shape, sparse=True))
    key[dim] = index.astype(np.int64)
    return tuple(key)


# the backward ops of gather and index_select: the gradient added into zeros at the
# positions read, recorded under PyTorch's names when a double backward needs them
for _name, _grad_fn in (("_scatter_add", "ScatterAddBackward0"),
                        ("_index_add", "IndexAddBackward0")):
    defembed(_name, _grad_fn, accumulate=True)


def _gather_grad(F, g, out, a, index, dim):
    return F.fused("_scatter_add", g, shape=tuple(a.shape),
                   key=_gather_key(a.shape, F.numpy(index), dim))


defop("gather", "GatherBackward0",
      lambda a, index, dim: a[_gather_key(a.shape, index, dim)] if a.ndim else a[()].copy(),
      Grad(_gather_grad, (1,), formula="torch.zeros_like(self).scatter_add(dim, index, grad)"),
      None, args=("self", "index"),
      params=(Param("dim", "int", 0),), dtype="keep", category="shape",
      code="{self}.gather({dim}, {index})",
      doc="Picks, along dim, the element each entry of index names.")


def _select_key(index, dim):
    return (slice(None),) * dim + (np.atleast_1d(index).astype(np.int64),)


defop("index_select", "IndexSelectBackward0",
      lambda a, index, dim: a[_select_key(index, dim)] if a.ndim else a.copy(),
      Grad(lambda F, g, out, a, index, dim: F.fused(
          "_index_add", g, shape=tuple(a.shape), key=_select_key(F.numpy(index), dim))
           if a.shape else g, (1,),
           formula="torch.zeros_like(self).index_add(dim, index, grad)"), None,
      args=("self", "index"), params=(Param("dim", "int", 0),), dtype="keep",
      category="shape", code="{self}.index_select({dim}, {index})",
      doc="The slices along dim that index lists, in its order.")


# unique: the values the method found (a param), recorded so that backward fails as
# PyTorch's does (its derivative is not implemented)
def _not_implemented(name):
    def fn(F, g, *args, **params):
        raise NotImplementedError(f"the derivative for '{name}' is not implemented.")
    return Grad(fn, missing=True, formula=NOT_IMPLEMENTED)


defop("_unique", "Unique2Backward0", lambda a, values=None: values.copy(),
      _not_implemented("_unique2"), dtype="keep", category="internal")
# x.unique() with no other output: computed from its input, so it is a node of its own
defop("unique", "Unique2Backward0", lambda a: np.unique(a.reshape(-1), equal_nan=False),
      _not_implemented("_unique2"), dtype="keep", category="shape", code="{self}.unique()",
      doc="The distinct elements, sorted, as a vector (torch.unique with no inverse, "
      "counts or dim).")
defop("_unique_dim", "UniqueDimBackward0", lambda a, values=None: values.copy(),
      _not_implemented("unique_dim"), dtype="keep", category="internal")


# masked_select: the elements where the mask (broadcast with the input) is true, as a
# vector; its backward writes the gradient back into zeros there (masked_scatter)
def _masked_select(a, mask):
    shape = np.broadcast_shapes(a.shape, mask.shape)
    return np.broadcast_to(a, shape)[np.broadcast_to(mask.astype(bool), shape)]


def _masked_select_grad(F, g, out, a, mask):
    shape = np.broadcast_shapes(tuple(a.shape), F.numpy(mask).shape)
    full = F.fused("_masked_scatter", g, shape=shape,
                   key=np.broadcast_to(F.numpy(mask).astype(bool), shape))
    return full


defembed("_masked_scatter", "MaskedScatterBackward0")
defop("masked_select", "MaskedSelectBackward0", _masked_select,
      Grad(_masked_select_grad, (1,), formula="torch.zeros_like(self).masked_scatter(mask, grad)"),
      None, args=("self", "mask"), dtype="keep", category="shape",
      code="{self}.masked_select({mask})",
      doc="The elements where mask is true, as a vector.")
