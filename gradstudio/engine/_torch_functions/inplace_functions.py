"""``torch.`` functions that are a Tensor method under another spelling: the in-place
functions (``torch.exp_(x)`` is ``x.exp_()``), ``true_divide``, ``dropout`` (torch's
``dropout(input, p, train)``, which ``F.dropout`` calls) and ``diff``."""
from .._tensor_class.core import TensorCore

# every torch.<name>_ function whose Tensor method the engine has (torch 2.13's list)
INPLACE = ("abs_", "acos_", "acosh_", "asin_", "asinh_", "atan_", "atanh_", "ceil_", "clamp_",
           "clamp_max_", "clamp_min_", "clip_", "cos_", "cosh_", "detach_", "erf_", "erfc_",
           "exp2_", "exp_", "fill_", "floor_", "frac_", "log10_", "log2_", "log_", "neg_",
           "reciprocal_", "round_", "sigmoid_", "sin_", "sinh_", "sqrt_", "square_", "tan_",
           "tanh_", "trunc_", "xlogy_", "zero_")

__all__ = [*INPLACE, "true_divide", "dropout", "diff"]


def _function(name):
    def fn(input, *args, **kwargs):
        if not isinstance(input, TensorCore):
            raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not "
                            f"{type(input).__name__}")
        return getattr(input, name)(*args, **kwargs)
    fn.__name__ = fn.__qualname__ = name
    return fn


globals().update({name: _function(name) for name in INPLACE})


def true_divide(input, other):
    return input.true_divide(other)


_MISSING = object()


def dropout(input=_MISSING, p=_MISSING, train=_MISSING):
    from ..nn.functional import dropout as _dropout
    missing = [n for n, v in (("input", input), ("p", p), ("train", train)) if v is _MISSING]
    if missing:   # (torch's argument parser's words, its plural included)
        raise TypeError(f"dropout() missing {len(missing)} required positional "
                        f"argument{'s' if len(missing) == 1 else ''}: "
                        + ", ".join(f'"{n}"' for n in missing))
    return _dropout(input, p, train)


def diff(input, n=1, dim=-1, prepend=None, append=None):
    return input.diff(n, dim, prepend, append)
