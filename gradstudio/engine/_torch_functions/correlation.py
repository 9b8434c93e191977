"""``torch.cov`` and ``torch.corrcoef``, ATen's composites (``Correlation.cpp``) step for
step, so the values, the warning and the grad_fn names (``SqueezeBackward0``,
``ClampBackward1``) are PyTorch's; and ``torch.cdist`` on its direct path
(``CdistBackward0``)."""
from .._messages.warn import warn
from .._ops.dispatch import apply
from .._ops.record import OPS
from .._tensor_class.core import TensorCore
from .factory import scalar_tensor
from .. import _types

__all__ = ["cov", "corrcoef", "cdist"]

_D = _types.dtype


def _check_weights(w, name, n, integral):
    if w.dim() > 1:
        raise RuntimeError(f"cov(): expected {name} to have one or fewer dimensions but got "
                           f"{name} with {w.dim()} dimensions")
    if integral and w.dtype.is_floating_point:
        raise RuntimeError(f"cov(): expected {name} to have integral dtype but got {name} "
                           f"with {_D.scalar_type(w.dtype)} dtype")
    if not integral and not w.dtype.is_floating_point:
        raise RuntimeError(f"cov(): expected {name} to have floating point dtype but got "
                           f"{name} with {_D.scalar_type(w.dtype)} dtype")
    if w.numel() != n:
        raise RuntimeError(f"cov(): expected {name} to have the same numel as there are "
                           f"observations in the input but got {w.numel()} != {n}")
    if n and not bool(w.min().ge(0)):
        raise RuntimeError(f"cov(): {name} cannot be negative")


def cov(input, *, correction=1, fweights=None, aweights=None):
    if not isinstance(input, TensorCore):
        raise TypeError("cov(): argument 'input' (position 1) must be Tensor, not "
                        f"{type(input).__name__}")
    if input.dim() > 2:
        raise RuntimeError("cov(): expected input to have two or fewer dimensions but got an "
                           f"input with {input.dim()} dimensions")
    if input.dtype is _D.bool_:
        raise RuntimeError("cov(): bool dtype is not supported for input")
    x = input.view(1, -1) if input.dim() < 2 else input
    n = x.shape[1]
    w = None
    if fweights is not None:
        _check_weights(fweights, "fweights", n, True)
        w = fweights
    if aweights is not None:
        _check_weights(aweights, "aweights", n, False)
        w = aweights if w is None else w * aweights
    w_sum = w.sum() if w is not None else scalar_tensor(n, dtype=_D.int64)
    if w is not None and not bool(w_sum.ne(0)):
        raise RuntimeError("cov(): weights sum to zero, can't be normalized")
    avg = (x * w if w is not None else x).sum(1) / w_sum
    if w is not None and correction != 0 and aweights is not None:
        norm_factor = w_sum - correction * (w * aweights).sum() / w_sum
    else:
        norm_factor = w_sum - correction
    if bool(norm_factor.le(0)):
        warn("cov(): degrees of freedom is <= 0. Correction should be strictly less than the "
             "number of observations. (Triggered internally at "
             "/__w/pytorch/pytorch/aten/src/ATen/native/Correlation.cpp:129.)")
        norm_factor = norm_factor * 0
    x = x - avg.unsqueeze(1)
    c = x.mm((x * w if w is not None else x).t())
    return c.true_divide(norm_factor).squeeze()


def corrcoef(input):
    if not isinstance(input, TensorCore):
        raise TypeError("corrcoef(): argument 'input' (position 1) must be Tensor, not "
                        f"{type(input).__name__}")
    if input.dim() > 2:
        raise RuntimeError("corrcoef(): expected input to have two or fewer dimensions but "
                           f"got an input with {input.dim()} dimensions")
    c = cov(input)
    if c.dim() == 0:
        return c / c
    stddev = c.diagonal().sqrt()
    c = c / stddev.view(-1, 1)
    c = c / stddev.view(1, -1)
    return c.clip(-1, 1)


_MODES = ("use_mm_for_euclid_dist_if_necessary", "use_mm_for_euclid_dist",
          "donot_use_mm_for_euclid_dist")
_SCALAR = {"float16": "Half", "float32": "Float", "float64": "Double", "int64": "Long",
           "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool"}


def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    if compute_mode not in _MODES:
        raise ValueError(f"{compute_mode} is not a valid value for compute_mode")
    for name, x in (("X1", x1), ("X2", x2)):
        if not x.dtype.is_floating_point:
            raise RuntimeError(f"cdist only supports floating-point dtypes, {name} got: "
                               f"{_SCALAR[x.dtype.name]}")
    if x1.dtype is not x2.dtype:
        raise RuntimeError(f"expected scalar type {_SCALAR[x1.dtype.name]} but found "
                           f"{_SCALAR[x2.dtype.name]}")
    for name, x in (("X1", x1), ("X2", x2)):
        if x.dim() < 2:
            raise RuntimeError(f"cdist only supports at least 2D tensors, {name} got: "
                               f"{x.dim()}D")
    if x1.shape[-1] != x2.shape[-1]:
        raise RuntimeError(f"X1 and X2 must have the same number of columns. X1: "
                           f"{x1.shape[-1]} X2: {x2.shape[-1]}")
    if p < 0:
        raise RuntimeError("cdist only supports non-negative p values")
    if p == 2 and (compute_mode == _MODES[1] or (compute_mode == _MODES[0] and (
            x1.shape[-2] > 25 or x2.shape[-2] > 25))):
        raise NotImplementedError(
            "GradStudio's engine computes cdist with p=2 only on PyTorch's direct path (up to "
            "25 rows per input); pass compute_mode='donot_use_mm_for_euclid_dist'.")
    return apply(OPS["_cdist_forward"], (x1, x2), {"p": float(p)})
