"""The op table, continued: small names students meet. ``round`` to a number of decimals
(PyTorch's ``round_decimals`` kernel), ``div`` with a ``rounding_mode`` (``trunc``,
``floor``), ``mode`` (the most frequent value along a dimension, with the index
PyTorch's kernel reports) and the two halves of ``std_mean`` / ``var_mean``.

The package imports this module with the other tables, whose conventions it follows."""
import numpy as np

from .record import INTEGRAL, Grad, Param, defop, no_derivative, no_kernel
from .table import KEEP, SELECTED_RULE, _mean_grad, _select_dim_grad
from .table_stats import _DOF, _VAR_PARAMS, _std_grad, _var_grad
from .._cpu_kernels.welford import welford as _welford
from .._cpu_kernels.stl_sort import std_sort

_ZERO = Grad(lambda F, g, out, *a, **p: F.zeros(g), formula="torch.zeros_like(grad)")


# --- round(decimals=) --------------------------------------------------------------------
def _round_decimals(a, decimals=0):
    """PyTorch's round_decimals_kernel: in the op's math type (float32 for float16),
    ``nearbyint(a * 10**d) / 10**d``, or for negative ``d`` ``nearbyint(a / 10**-d) *
    10**-d`` (half to even)."""
    if decimals == 0:
        return np.round(a)
    math = np.float32 if a.dtype == np.float16 else a.dtype.type
    x = a.astype(math)
    ten = math(float(10 ** abs(decimals)))   # (std::pow(10, d), then the math type)
    r = np.rint(x / ten) * ten if decimals < 0 else np.rint(x * ten) / ten
    return r.astype(a.dtype, copy=False)


defop("round_decimals", "RoundBackward1", _round_decimals, _ZERO,
      params=(Param("decimals", "int", 0, "digits after the point (negative: before)"),),
      dtype="keep", code="torch.round({self}, decimals={decimals})",
      refuses=no_kernel("round_cpu", INTEGRAL),
      doc="Every element rounded half to even to a number of decimals (its gradient is "
          "zero).")


# --- div(rounding_mode=) -----------------------------------------------------------------
def _div_rounded(a, b, rounding_mode="trunc"):
    if rounding_mode == "floor":
        return np.floor_divide(a, b)
    if np.asarray(a).dtype.kind == "f" or np.asarray(b).dtype.kind == "f":
        return np.trunc(np.true_divide(a, b))
    return (a - np.fmod(a, b)) // b        # (C's integer division: towards zero)


defop("div_rounded", "DivBackward2", _div_rounded, _ZERO, _ZERO, args=("self", "other"),
      params=(Param("rounding_mode", "choice", "trunc", "how the quotient is rounded",
                    choices=("trunc", "floor")),),
      category="arithmetic", code="torch.div({self}, {other}, rounding_mode={rounding_mode})",
      doc="Elementwise division rounded towards zero (trunc) or down (floor); integers "
          "stay integers (its gradient is zero).")


# --- mode --------------------------------------------------------------------------------
def _less(x, y):
    return x[0] < y[0]


def _row_mode(row):
    """PyTorch's mode kernel on one row: (value, index) pairs sorted by value with
    std::sort, then the longest run of equal values (the first such run on ties),
    reported with the index of the run's last pair."""
    pairs = list(zip(row.tolist(), range(row.size)))
    std_sort(pairs, 0, len(pairs), _less)
    best, best_i, run, n = 0, 0, 0, len(pairs)
    for i in range(n):
        run += 1
        if i == n - 1 or pairs[i][0] != pairs[i + 1][0]:
            if run > best:
                best, best_i = run, pairs[i][1]
            run = 0
    return best_i


def _mode_indices(a, dim=-1, keepdim=False):
    if not a.ndim:
        return np.zeros((), np.int64)
    moved = np.moveaxis(a, dim, -1)
    flat = moved.reshape(-1, moved.shape[-1])
    idx = np.array([_row_mode(r) for r in flat], np.int64).reshape(moved.shape[:-1])
    return np.expand_dims(idx, dim) if keepdim else idx


defop("_mode_indices", None, _mode_indices, None,
      params=(Param("dim", "int", -1), KEEP), dtype="long", category="internal")


def _mode_values(a, dim=-1, keepdim=False, indices=None):
    if not a.ndim:
        return a.copy()
    idx = _mode_indices(a, dim, True) if indices is None else (
        indices if keepdim else np.expand_dims(indices, dim))
    out = np.take_along_axis(a, idx, dim)
    return out if keepdim else np.squeeze(out, dim)


defop("mode", "ModeBackward0", _mode_values, Grad(_select_dim_grad, formula=SELECTED_RULE),
      params=(Param("dim", "int", -1), KEEP), dtype="keep", saved_params=("indices",),
      category="reduction", code="{self}.mode({dim}, keepdim={keepdim}).values",
      doc="The most frequent value along a dimension (the smallest of equally frequent "
          "ones).")


# --- std_mean / var_mean -----------------------------------------------------------------
def _welford_shaped(values, a, dim, keepdim):
    dims = set(range(a.ndim)) if dim is None else set(dim)
    shape = [1 if d in dims else s for d, s in enumerate(a.shape) if keepdim or d not in dims]
    return values.reshape(shape).astype(a.dtype)


def _welford_spread(a, dim=None, correction=None, keepdim=False, take_sqrt=False):
    _, m2, n = _welford(a, dim)
    c = 1 if correction is None else correction
    with np.errstate(divide="ignore", invalid="ignore"):
        var = m2 / (n - c if n > c else 0)
    return _welford_shaped(np.sqrt(var) if take_sqrt else var, a, dim, keepdim)


def _welford_mean(a, dim=None, correction=None, keepdim=False, take_sqrt=False):
    return _welford_shaped(_welford(a, dim)[0], a, dim, keepdim)


def _spread_mean_name(p):
    return "StdMeanBackward0" if p.get("take_sqrt") else "VarMeanBackward0"


def _spread_grad(F, g, out, a, take_sqrt=False, **params):
    return (_std_grad if take_sqrt else _var_grad)(F, g, out, a, **params)


def _mean_part_grad(F, g, out, a, dim=None, correction=None, keepdim=False, take_sqrt=False):
    return _mean_grad(F, g, out, a, dim, keepdim)


_WELFORD_PARAMS = _VAR_PARAMS + (Param("take_sqrt", "bool", False, "std (else var)"),)
# (PyTorch records the two results on one node; here each has a node of that name, whose
# gradients add up in the input exactly as PyTorch's var_mean_backward adds them)
defop("_spread_of_mean", _spread_mean_name, _welford_spread,
      Grad(_spread_grad, (0, "out"), formula="(grad / (2 * result) if take_sqrt else grad) * 2 * "
                                          "(self - self.mean(dim, keepdim=True)) / " + _DOF),
      params=_WELFORD_PARAMS, dtype="float_only", category="internal")
defop("_mean_of_spread", _spread_mean_name, _welford_mean,
      Grad(_mean_part_grad, formula="grad.expand(self.shape) / (self.numel() / result.numel())"),
      params=_WELFORD_PARAMS, dtype="float_only", category="internal")


# --- eq_, ne_, lt_, le_, gt_, ge_ ----------------------------------------------------------
# The in-place comparisons write 1 or 0 in the tensor's own dtype and, tracked, record
# PyTorch's ``EqBackward0`` (a number) or ``EqBackward1`` (a tensor), whose gradients are
# zero; ``Tensor.eq_`` applies them through ``dispatch.inplace``. The comparison is made in
# the operands' own dtypes (``index_args``: ``other`` is not cast to the tensor's dtype),
# as PyTorch compares ``1 == 1.5`` in the promoted dtype.
def _compare_into(np_fn):
    return lambda a, b: np_fn(a, b).astype(a.dtype, copy=False)


for _name, _np_fn in (("eq", np.equal), ("ne", np.not_equal), ("lt", np.less),
                      ("le", np.less_equal), ("gt", np.greater), ("ge", np.greater_equal)):
    for _overload, _grads in (("0", (_ZERO, None)), ("1", (_ZERO, _ZERO))):
        defop(f"_{_name}_inplace{_overload}", f"{_name.capitalize()}Backward{_overload}",
              _compare_into(_np_fn), *_grads, args=("self", "other"), dtype="keep",
              category="internal", index_args=(1,) if _overload == "1" else (), code=f"{{self}}.{_name}_({{other}})",
              doc=f"The {_name} comparison written into the tensor (1 or 0).")


# --- bincount with weights (``torch.bincount``, ``_torch_functions.counting``) -----------
def _bincount_weighted(index, weights, size):
    out = np.zeros(size, weights.dtype)
    np.add.at(out, index.astype(np.int64), weights)   # (one after another, as ATen adds)
    return out


defop("_bincount_weighted", "NotImplemented", _bincount_weighted, None,
      no_derivative("aten::bincount"), args=("self", "weights"), index_args=(0,),
      params=(Param("size", "int", 0),), dtype="keep", category="internal",
      code="torch.bincount({self}, {weights})",
      doc="The weights added up by the bins their indices name.")
