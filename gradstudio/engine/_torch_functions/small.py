"""Small ``torch.`` functions students meet: ``ravel``, ``mode``, ``relu_``,
``std_mean`` and ``var_mean`` (their ops: ``_ops.table_small``)."""
from .._ops.dispatch import apply
from .._ops.record import OPS
from .._tensor_class.operands import _dims
from .._messages.warn import warn as _warn
from .._tensor_class.core import TensorCore

__all__ = ["ravel", "mode", "relu_", "round", "std_mean", "var_mean"]

_UNSET = object()
_DOF_WARNING = ("{}(): degrees of freedom is <= 0. Correction should be strictly less than "
                "the reduction factor (input numel divided by output numel). (Triggered "
                "internally at /__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)")


def ravel(input):
    return input.ravel()


def mode(input, dim=-1, keepdim=False):
    return input.mode(dim, keepdim)


_ROUND_SIGNATURES = ("round() received an invalid combination of arguments - got ({}), but "
                     "expected one of:\n * (Tensor input, *, Tensor out = None)\n * (Tensor "
                     "input, *, int decimals, Tensor out = None)\n")
_GIVEN = object()


def round(input, *args, decimals=_GIVEN):  # noqa: A001 (torch.round)
    """``torch.round(input)`` or ``torch.round(input, decimals=d)``."""
    if not isinstance(input, TensorCore):
        raise TypeError("round(): argument 'input' (position 1) must be Tensor, not "
                        f"{type(input).__name__}")
    if args or (decimals is not _GIVEN and (type(decimals) is not int)):
        got = ", ".join(["Tensor"] + [type(a).__name__ for a in args]
                        + ([] if decimals is _GIVEN else [f"decimals={type(decimals).__name__}"]))
        raise TypeError(_ROUND_SIGNATURES.format(got))
    return input.round() if decimals is _GIVEN else input.round(decimals=decimals)


def relu_(input):
    return input.relu_()


def _spread_and_mean(name, take_sqrt):
    def fn(input, dim=_UNSET, unbiased=None, keepdim=False, *, correction=None):
        if isinstance(dim, bool):  # std_mean(x, False): the unbiased-only overload
            dim, unbiased = None, dim
        if unbiased is not None and correction is None:
            correction = int(unbiased)
        elif correction is None and dim is not _UNSET:
            correction = 1
        if dim is _UNSET:
            dim = None
        if not input._dtype.is_floating_point:
            raise RuntimeError(f"{name} only support floating point and complex dtypes")
        dims = _dims(input, dim)
        shape = input._data.shape
        reduced = 1
        for d in (range(len(shape)) if dims is None else dims):
            reduced *= shape[d]
        if reduced - (1 if correction is None else correction) <= 0:
            _warn(_DOF_WARNING.format(name))
        params = {"dim": dims, "correction": correction, "keepdim": bool(keepdim),
                  "take_sqrt": take_sqrt}
        return (apply(OPS["_spread_of_mean"], (input,), params),
                apply(OPS["_mean_of_spread"], (input,), params))
    fn.__name__ = name
    return fn


std_mean = _spread_and_mean("std_mean", True)
var_mean = _spread_and_mean("var_mean", False)
