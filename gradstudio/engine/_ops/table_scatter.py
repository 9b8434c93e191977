"""The op table, continued: writing by index (``scatter`` with a tensor or a number,
``scatter_add``, ``index_add``), each with the VJP of PyTorch's ``derivatives.yaml``.
The index is a port, as ``gather``'s is, and the last one: PyTorch's ``next_functions``
have no entry for it (the table hands it over in the input's dtype and it is made an
integer again here). Backward ops that are ops of their own in PyTorch
(``grad.gather(dim, index)``, ``grad.scatter(dim, index, 0)``) run through ``F.fused``,
so a double backward records the nodes PyTorch's does."""
import numpy as np

from .record import Grad, Param, defop

DIM = Param("dim", "int", 0, "the dimension the index runs along")


def _key(index, dim):
    key = list(np.indices(index.shape, sparse=True))
    key[dim] = index.astype(np.int64)
    return tuple(key)


def _scatter(a, src, index, dim=0):
    out = a.copy()
    if not a.ndim:
        return src.astype(a.dtype).reshape(()) if index.size else out
    out[_key(index, dim)] = src[tuple(slice(0, n) for n in index.shape)]
    return out


def _scatter_value(a, index, dim=0, value=0.0):
    out = a.copy()
    if a.ndim:
        out[_key(index, dim)] = np.asarray(value).astype(a.dtype)
    elif index.size:
        out[()] = value
    return out


def _scatter_add(a, src, index, dim=0):
    out = a.copy()
    if not a.ndim:
        return out + src.reshape(()) if index.size else out
    np.add.at(out, _key(index, dim), src[tuple(slice(0, n) for n in index.shape)])
    return out


def _zero_scattered(F, g, out, a, *rest, dim=0, **params):
    return F.fused("scatter_value", g, rest[-1], dim=dim, value=0.0)     # (index: last)


def _src_gradient(name):
    """``grad.gather(dim, index)``: index-shaped, so PyTorch's engine refuses it when src
    is larger than the index (only its leading part was written)."""
    def vjp(F, g, out, a, src, index, dim=0):
        picked = F.fused("gather", g, index, dim=dim)
        if tuple(picked.shape) != tuple(src.shape):
            raise RuntimeError(f"Function {name} returned an invalid gradient at index 1 - "
                               f"got {list(picked.shape)} but expected shape compatible with "
                               f"{list(src.shape)}")
        return picked
    return vjp


_SCATTER_SRC_DOC = "A copy with src's elements written at the positions index names along dim."
_ZEROED_RULE = "grad.scatter(dim, index, 0)"
defop("scatter", "ScatterBackward0", _scatter, Grad(_zero_scattered, (2,), formula=_ZEROED_RULE),
      Grad(_src_gradient("ScatterBackward0"), (2,), formula="grad.gather(dim, index)"), None,
      args=("self", "src", "index"),
      params=(DIM,), dtype="keep", category="shape", code="{self}.scatter({dim}, {index}, {src})", doc=_SCATTER_SRC_DOC)
defop("scatter_value", "ScatterBackward1", _scatter_value,
      Grad(_zero_scattered, (1,), formula=_ZEROED_RULE), None,
      args=("self", "index"), params=(DIM, Param("value", "scalar", 0.0)), dtype="keep",
      category="shape", code="{self}.scatter({dim}, {index}, {value})",
      doc="A copy with value written at the positions index names along dim.")
defop("scatter_add", "ScatterAddBackward0", _scatter_add,
      Grad(lambda F, g, out, a, src, index, dim=0: g, formula="grad"),
      Grad(_src_gradient("ScatterAddBackward0"), (2,), formula="grad.gather(dim, index)"), None,
      args=("self", "src", "index"), params=(DIM,), dtype="keep", category="shape",
      code="{self}.scatter_add({dim}, {index}, {src})",
      doc="A copy with src's elements added at the positions index names along dim.")


def _index_add(a, source, index, dim=0, alpha=1):
    out = a.copy()
    idx = np.atleast_1d(index).astype(np.int64)
    if not a.ndim:
        return out + (source.reshape(()) * np.asarray(alpha, a.dtype) if idx.size else 0)
    src = source.reshape((1,)) if not source.ndim else source
    if alpha != 1:
        src = src * np.asarray(alpha, a.dtype)
    np.add.at(out, (slice(None),) * dim + (idx,), src)
    return out


def _index_add_source(F, g, out, a, source, index, dim=0, alpha=1):
    if len(source.shape):
        picked = F.fused("index_select", g, index, dim=dim)
    else:
        picked = F.reshape(F.fused("index_select", g, index, dim=dim), ()) if len(g.shape) \
            else g
    return picked if alpha == 1 else picked * alpha


defop("index_add", "IndexAddBackward0", _index_add,
      Grad(lambda F, g, out, a, source, index, dim=0, alpha=1: g, formula="grad"),
      Grad(_index_add_source, (2,), formula="grad.index_select(dim, index) * alpha"), None,
      args=("self", "source", "index"),
      params=(DIM, Param("alpha", "scalar", 1, "the factor source is multiplied by")),
      dtype="keep", category="shape", code="{self}.index_add({dim}, {index}, {source}, alpha={alpha})",
     
      doc="A copy with source's slices added at the positions index lists along dim.")
