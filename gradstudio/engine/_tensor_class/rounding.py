"""The ``rounding_mode`` of ``div`` / ``div_`` and the ``decimals`` of ``round`` /
``round_``, which ``arith`` and ``inplace`` hand over to the functions here, with PyTorch's
argument checks and messages (their ops: ``_ops.table_small``)."""
from .._types import dtype as D
from .._ops.dispatch import apply, inplace
from .._ops.record import OPS, INTEGRAL
from .core import TensorCore
from .operands import _broadcast_check, _divisor_check, _operand, _renamed

__all__ = ["divide_rounded", "round_decimals"]

_MODES = (None, "trunc", "floor")


def _mode_checked(rounding_mode):
    if rounding_mode not in _MODES or isinstance(rounding_mode, bool):
        raise RuntimeError("div expected rounding_mode to be one of None, 'trunc', or 'floor' "
                           f"but found '{rounding_mode}'")


def divide_rounded(self, other, rounding_mode, in_place=False):
    """``div(other, rounding_mode=...)``: ``None`` is true division (recorded as
    DivBackward2, the overload that names a rounding mode); ``trunc`` and ``floor`` keep
    integer dtypes and have a zero gradient."""
    _mode_checked(rounding_mode)
    other = _operand(other, "div")
    if isinstance(other, TensorCore):
        _broadcast_check(self, other)
    if rounding_mode is None:
        out = (inplace(self, OPS["div"], (self, other)) if in_place
               else apply(OPS["div"], (self, other)))
        return _renamed(out, "DivBackward2")
    dt = D.result_type(self, other)
    _divisor_check(f"div_{rounding_mode}_cpu", dt, other)
    params = {"rounding_mode": rounding_mode}
    if in_place:
        return inplace(self, OPS["div_rounded"], (self, other), params)
    return apply(OPS["div_rounded"], (self, other), params, out_dtype=dt)


def round_decimals(self, decimals, in_place=False):
    """``round(decimals=d)``: PyTorch's ``round.decimals`` overload (RoundBackward1)."""
    if not isinstance(decimals, int) or isinstance(decimals, bool):
        raise TypeError(f"round(): argument 'decimals' must be int, not "
                        f"{type(decimals).__name__}")
    if decimals == 0 and self._dtype.name in INTEGRAL:   # (the plain round's kernel refuses first)
        raise NotImplementedError(f"\"round_vml_cpu\" not implemented for "
                                  f"'{D.scalar_type(self._dtype)}'")
    params = {"decimals": decimals}
    if in_place:
        return inplace(self, OPS["round_decimals"], (self,), params)
    return apply(OPS["round_decimals"], (self,), params)
