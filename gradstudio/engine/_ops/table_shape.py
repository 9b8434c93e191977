"""The op table, continued: shape and indexing ops (views where PyTorch's results are
views), the ops returning several views, what a changed view's grad_fn becomes, the
non-differentiable ops and the in-place-only records. Same conventions as ``_ops.table``;
the package imports this module right after it, so the table keeps its order.
"""
import numpy as np

from .record import NP, Grad, Param, _PerInput, defembed, defop, no_kernel
from .table import KEEP

# --- shape and indexing (results are views where PyTorch's are) --------------------------
SHAPE = Param("shape", "shape", (-1,))


def _shape_op(name, grad_fn, fwd, grad, doc, params=(), code=None, view=True):
    return defop(name, grad_fn, fwd, grad, params=params, dtype="keep", category="shape",
                 doc=doc, code=code, view=view)


_back_to_input = Grad(lambda F, g, out, a, **p: F.reshape(g, a.shape),
                      formula="grad.reshape(self.shape)")
_shape_op("view", "ViewBackward0", lambda a, shape: a.reshape(shape), _back_to_input,
          "Same data seen with a new shape.", (SHAPE,), "{self}.view({shape})")
_shape_op("_unsafe_view", "UnsafeViewBackward0", lambda a, shape: a.reshape(shape),
          _back_to_input, "A reshape that had to copy.", (SHAPE,), "{self}.reshape({shape})",
          view=False)
def _squeezed(a, dim=None):
    """``a`` without its dimensions of size 1 among ``dim`` (an int or a tuple, all of
    them for None): PyTorch leaves a named dimension of another size as it is."""
    if dim is None:
        return np.squeeze(a)
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    return np.squeeze(a, tuple(d for d in dims if a.ndim and a.shape[d] == 1))


# (PyTorch's three overloads: squeeze(), squeeze(int dim), squeeze(int[] dim))
_shape_op("squeeze", lambda p: "SqueezeBackward0" if p.get("dim") is None else
          "SqueezeBackward1" if isinstance(p["dim"], int) else "SqueezeBackward2",
          _squeezed, _back_to_input,
          "Removes dimensions of size 1.", (Param("dim", "dims", None),), "{self}.squeeze({dim})")
_shape_op("unsqueeze", "UnsqueezeBackward0", lambda a, dim: np.expand_dims(a, dim),
          _back_to_input, "Inserts a dimension of size 1.", (Param("dim", "int", 0),),
          "{self}.unsqueeze({dim})")
_shape_op("expand", "ExpandBackward0", lambda a, shape: np.broadcast_to(a, shape),
          Grad(lambda F, g, out, a, shape: g, formula="grad.sum_to_size(self.shape)"),
          "Repeats size-1 dimensions without copying.",
          (SHAPE,), "{self}.expand({shape})")
_shape_op("t", "TBackward0", lambda a: a.T, Grad(lambda F, g, out, a: F.t(g), formula="grad.t()"),
          "Transposes a matrix.", code="{self}.t()")
_shape_op("transpose", "TransposeBackward0",
          lambda a, dim0, dim1: np.swapaxes(a, dim0, dim1) if a.ndim else a.view(),
          Grad(lambda F, g, out, a, dim0, dim1: F.transpose(g, dim0, dim1) if a.shape else g,
               formula="grad.transpose(dim0, dim1)"),
          "Swaps two dimensions.", (Param("dim0", "int", 0), Param("dim1", "int", 1)),
          "{self}.transpose({dim0}, {dim1})")
_shape_op("permute", "PermuteBackward0", lambda a, dims: np.transpose(a, dims),
          Grad(lambda F, g, out, a, dims: F.permute(g, tuple(np.argsort(dims))),
               formula="grad.permute(argsort(dims))"),
          "Reorders dimensions.", (Param("dims", "shape", (1, 0)),), "{self}.permute({dims})")
def _select_fwd(a, dim, index):
    if dim:
        return a[(slice(None),) * dim + (index,)]
    # (the Ellipsis keeps a 0-d result a view of ``a``: numpy gives a copied scalar without it)
    return a[index] if a.ndim > 1 else a[index, ...]


# the backward of select and slice: the gradient written into zeros, one op each in
# PyTorch (select_backward, slice_backward), so a double backward shows their names
for _name, _grad_fn in (("_select_backward", "SelectBackwardBackward0"),
                        ("_slice_backward", "SliceBackwardBackward0")):
    defembed(_name, _grad_fn)

_shape_op("select", "SelectBackward0", _select_fwd,
          Grad(lambda F, g, out, a, dim, index: F.fused(
              "_select_backward", g, shape=tuple(a.shape), key=(slice(None),) * dim + (index,)),
               formula="torch.zeros_like(self).select_scatter(grad, dim, index)"),
          "One index along a dimension.", (Param("dim", "int", 0), Param("index", "int", 0)),
          "{self}.select({dim}, {index})")
_shape_op("slice", "SliceBackward0",
          lambda a, dim, start, end, step: a[(slice(None),) * dim + (slice(start, end, step),)],
          Grad(lambda F, g, out, a, dim, start, end, step: F.fused(
              "_slice_backward", g, shape=tuple(a.shape),
              key=(slice(None),) * dim + (slice(start, end, step),)),
               formula="torch.zeros_like(self).slice_scatter(grad, dim, start, end, step)"),
          "A strided range along a dimension.",
          (Param("dim", "int", 0), Param("start", "int", 0), Param("end", "int", None),
           Param("step", "int", 1)), "{self}.narrow({dim}, {start}, {end})")
defop("index", "IndexBackward0", lambda a, key: np.ascontiguousarray(a[key]),
      Grad(lambda F, g, out, a, key: F.embed(g, a.shape, key, accumulate=True),
           formula="torch.zeros_like(self).index_put(key, grad, accumulate=True)"),
      params=(Param("key", "index", None),), dtype="keep", category="shape",
      saved_params=("indices",), doc="Advanced (list, tensor or mask) indexing.",
      code="{self}[{key}]")
defop("clone", "CloneBackward0", lambda a: a.copy(),
      Grad(lambda F, g, out, a: g, formula="grad"), dtype="keep", category="autograd",
      code="{self}.clone()", doc="A copy that stays in the graph.")
defop("to", "ToCopyBackward0", lambda a, dtype=None: a.copy(),
      Grad(lambda F, g, out, a, **p: g, formula="grad.to(self.dtype)"),
      params=(Param("dtype", "dtype", "float64"),), dtype="param", category="autograd",
      code="{self}.to({dtype})", doc="Converts to another dtype.")
defop("cat", "CatBackward0", lambda *arrays, dim=0: np.concatenate(arrays, axis=dim), None,
      variadic=True, args=("tensors",), params=(Param("dim", "int", 0),), category="shape",
      per_input=_PerInput(lambda i, F, g, out, *ins, dim=0: F.take(g, (slice(None),) * (
          dim % len(out.shape)) + (slice(sum(t.shape[dim] for t in ins[:i]),
                                         sum(t.shape[dim] for t in ins[:i + 1])),)),
                          formula="grad.split([t.shape[dim] for t in tensors], dim)[i]"),
      code="torch.cat([{tensors}], dim={dim})", doc="Joins tensors along an existing dimension.")
defop("stack", "StackBackward0", lambda *arrays, dim=0: np.stack(arrays, axis=dim), None,
      variadic=True, args=("tensors",), params=(Param("dim", "int", 0),), category="shape",
      per_input=_PerInput(lambda i, F, g, out, *ins, dim=0: F.take(
          g, (slice(None),) * (dim % len(out.shape)) + (i,)), formula="grad.select(dim, i)"),
      code="torch.stack([{tensors}], dim={dim})", doc="Joins tensors along a new dimension.")
defop("where", "WhereBackward0", lambda a, b, condition=None: np.where(condition, a, b),
      Grad(lambda F, g, out, a, b, condition=None: F.where(F.array(condition), g, 0.0),
           formula="torch.where(condition, grad, 0)"),
      Grad(lambda F, g, out, a, b, condition=None: F.where(F.array(condition), 0.0, g),
           formula="torch.where(condition, 0, grad)"),
      args=("input", "other"), params=(Param("condition", "tensor", None),),
      saved_params=("condition",), category="arithmetic",
      code="torch.where({condition}, {input}, {other})", doc="Picks from input where the "
      "condition holds, else from other.")

# --- ops returning several views of their input, which share one node ------------------
def _pieces(gs, outs, F):
    """Each output's gradient, zeros where none arrived (PyTorch's split/unbind_backward)."""
    return [F.zeros_as(o) if g is None else g for g, o in zip(gs, outs)]


def _split_fwd(a, dim, sizes):
    starts = np.cumsum((0,) + tuple(sizes))
    lead = (slice(None),) * dim
    return tuple(a[lead + (slice(int(b), int(e)),)] for b, e in zip(starts[:-1], starts[1:]))


def _sizes(length, split_size):
    """The sizes ``split(split_size)`` cuts ``length`` into (one piece for length 0)."""
    if length == 0:
        return (0,)
    return (split_size,) * (length // split_size) + ((length % split_size,)
                                                     if length % split_size else ())


_SPLIT_GRAD = Grad(lambda F, gs, outs, a, dim=0, **p: F.cat(_pieces(gs, outs, F), dim),
                   formula="torch.cat(grads, dim)")
defop("split", "SplitBackward0",
      lambda a, split_size=1, dim=0, self_sym_sizes=(): _split_fwd(
          a, dim, _sizes(a.shape[dim], split_size)), _SPLIT_GRAD,
      params=(Param("split_size", "int", 1), Param("dim", "int", 0),
              Param("self_sym_sizes", "shape", ())),
      dtype="keep", category="shape", view=True, multi_output=True,
      code="{self}.split({split_size}, {dim})", doc="Pieces of split_size along dim.")
defop("split_with_sizes", "SplitWithSizesBackward0",
      lambda a, split_sizes=(), dim=0, self_sym_sizes=(): _split_fwd(a, dim, split_sizes),
      _SPLIT_GRAD, params=(Param("split_sizes", "shape", ()), Param("dim", "int", 0),
                           Param("self_sym_sizes", "shape", ())),
      dtype="keep", category="shape", view=True, multi_output=True,
      code="{self}.split({split_sizes}, {dim})", doc="Pieces of the given sizes along dim.")
defop("unbind", "UnbindBackward0",
      lambda a, dim=0: tuple(a[(slice(None),) * dim + (i, Ellipsis)]
                             for i in range(a.shape[dim])),
      Grad(lambda F, gs, outs, a, dim=0: F.stack(_pieces(gs, outs, F), dim),
           formula="torch.stack(grads, dim)"),
      params=(Param("dim", "int", 0),), dtype="keep", category="shape", view=True,
      multi_output=True, code="{self}.unbind({dim})", doc="The slices along dim.")

# --- helpers used only by double-backward (the tensor namespace's embed/take) ------------
defop("_embed", "EmbedBackward0", NP.embed,
      Grad(lambda F, g, out, a, shape, key, accumulate=False: F.take(g, key), formula="grad[key]"),
      params=(SHAPE,), dtype="keep", category="internal")
defop("_take", "IndexBackward0", lambda a, key: a[key],
      Grad(lambda F, g, out, a, key: F.embed(g, a.shape, key, accumulate=True),
           formula="torch.zeros_like(self).index_put(key, grad, accumulate=True)"),
      dtype="keep", category="internal")
defop("_zero_at", "IndexPutBackward0", NP.zero_at,
      Grad(lambda F, g, out, a, key: F.zero_at(g, key),
           formula="grad.index_put(key, 0)"), dtype="keep", category="internal")


# --- what a view's grad_fn becomes after its base changed in place (see _views) ---------
def _as_strided_grad(F, g, out, a, size, stride, storage_offset, positions):
    # each base element gets the sum of the gradients of the view elements that are it
    n = int(np.prod(a.shape, dtype=np.int64))
    return F.reshape(F.embed(g, (n,), (positions,), accumulate=True), a.shape)


defop("_as_strided", "AsStridedBackward0",
      lambda a, size, stride, storage_offset, positions: a.reshape(-1)[positions],
      Grad(_as_strided_grad, formula="torch.zeros(self.numel()).index_add(0, "
                                     "positions.flatten(), grad.flatten()).view_as(self)"),
      params=(Param("size", "shape", ()), Param("stride", "shape", ()),
              Param("storage_offset", "int", 0)),
      dtype="keep", category="internal")


# --- non-differentiable ops (results never require grad) ---------------------------------
for _name, _fn, _code in (("eq", np.equal, "=="), ("ne", np.not_equal, "!="),
                          ("lt", np.less, "<"), ("le", np.less_equal, "<="),
                          ("gt", np.greater, ">"), ("ge", np.greater_equal, ">=")):
    defop(_name, None, _fn, None, None, args=("self", "other"), dtype="bool",
          category="comparison", code="{self} " + _code + " {other}",
          doc=f"Elementwise {_code} comparison (a bool tensor, never requires grad).")
_DIMS = Param("dim", "dims", None, "the dimensions to reduce (all by default)")
defop("all", None, lambda a, dim=None, keepdim=False: np.all(a, axis=dim, keepdims=keepdim),
      None, params=(_DIMS, KEEP), dtype="logical", category="comparison",
      code="{self}.all({dim})",
      doc="True if every element is true (over dim, or all).")
defop("any", None, lambda a, dim=None, keepdim=False: np.any(a, axis=dim, keepdims=keepdim),
      None, params=(_DIMS, KEEP), dtype="logical", category="comparison",
      code="{self}.any({dim})",
      doc="True if any element is true (over dim, or all).")
defop("argmax", None, lambda a, dim=None, keepdim=False: np.argmax(a, axis=dim, keepdims=keepdim),
      None, params=(Param("dim", "int", None), KEEP), dtype="long", category="comparison",
      refuses=no_kernel("argmax", {"bool"}, RuntimeError, "argmax(): does not support bool input"),
      code="{self}.argmax({dim})", doc="Index of the largest element.")
defop("argmin", None, lambda a, dim=None, keepdim=False: np.argmin(a, axis=dim, keepdims=keepdim),
      None, params=(Param("dim", "int", None), KEEP), dtype="long", category="comparison",
      refuses=no_kernel("argmin", {"bool"}, RuntimeError, "argmin(): does not support bool input"),
      code="{self}.argmin({dim})", doc="Index of the smallest element.")

# --- in-place only: what ``x[key] = v``, ``zero_``, ``fill_``, ``copy_``, ``uniform_`` and
# ``normal_`` record ----------------------------------------------------------------------


def _setitem_fwd(a, v, key):
    out = a.copy()
    out[key] = v
    return out


def _lead_ones(F, g, ndim):
    # ``x[key] = v`` accepts a v with extra leading size-1 dims; the engine sums the rest
    lead = ndim - len(g.shape)
    return F.reshape(g, (1,) * lead + tuple(g.shape)) if lead > 0 else g


def _setitem_name(p):
    # index_put_ on the tensor itself when the key's only basic parts are full slices;
    # otherwise a copy into a view of it (CopySlices), as PyTorch's __setitem__ does
    key = p["key"]
    advanced = any(isinstance(k, np.ndarray) and (k.ndim or k.dtype == bool) for k in key)
    whole = all(k is Ellipsis or k == slice(None) for k in key if not isinstance(k, np.ndarray))
    return "IndexPutBackward0" if advanced and whole else "CopySlices"


# (what PyTorch's nodes keep, a CopySlices' fn or an IndexPutBackward0's indices, is freed
# by backward, so a second backward fails as in PyTorch: the key stands for it here)
defop("_setitem", _setitem_name, _setitem_fwd,
      Grad(lambda F, g, out, a, v, key: F.zero_at(g, key), formula="grad.index_put(key, 0)"),
      Grad(lambda F, g, out, a, v, key: _lead_ones(F, F.take(g, key), len(v.shape)),
           formula="grad[key]"),
      args=("self", "value"), dtype="keep", category="internal", saved_params=("indices",))
defop("_zero", "ZeroBackward0", lambda a, value=0: np.zeros_like(a),
      Grad(lambda F, g, out, a, value=0: F.zeros(g),
           formula="torch.zeros_like(grad)"), dtype="keep", category="internal")
defop("_fill", "FillBackward2", lambda a, value=0: np.full_like(a, value),
      Grad(lambda F, g, out, a, value=0: F.zeros(g),
           formula="torch.zeros_like(grad)"), dtype="keep", category="internal")
defop("_fill_tensor", "FillBackward3",
      lambda a, value: np.broadcast_to(value, a.shape).astype(a.dtype),
      Grad(lambda F, g, out, a, value: F.zeros(g), formula="torch.zeros_like(grad)"),
      Grad(lambda F, g, out, a, value: g, formula="grad.sum()"),
      args=("self", "value"), dtype="keep", category="internal")
defop("_copy", "CopyBackwards", lambda a, src: np.broadcast_to(src, a.shape).astype(a.dtype),
      Grad(lambda F, g, out, a, src: F.zeros(g), formula="torch.zeros_like(grad)"),
      Grad(lambda F, g, out, a, src: g, formula="grad"),
      args=("self", "src"), dtype="keep", category="internal")
defop("_uniform", "UniformBackward0",
      lambda a, low=0.0, high=1.0, generator=None: generator.uniform(a.shape, low, high, a.dtype),
      Grad(lambda F, g, out, a, **p: F.zeros(g),
           formula="torch.zeros_like(grad)"), dtype="keep", category="internal")
defop("_normal", "NormalBackward0",
      lambda a, mean=0.0, std=1.0, generator=None: generator.normal(a.shape, mean, std, a.dtype),
      Grad(lambda F, g, out, a, **p: F.zeros(g),
           formula="torch.zeros_like(grad)"), dtype="keep", category="internal")
