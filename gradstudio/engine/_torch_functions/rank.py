"""``torch.`` functions of Tensor methods bound by hand: those that pick values by rank
or by a running extreme (``_tensor_class.rank``) and the pointwise ops that take a number
or a tensor (``_tensor_class.pointwise``). ``torch.kthvalue(x, 2)`` is ``x.kthvalue(2)``,
with the function's argument positions in PyTorch's messages."""
from .general import _method
from .._tensor_class.core import TensorCore
from .._tensor_class.pointwise import lerp_signature_error
from .._tensor_class.products import inner
from .._tensor_class.nan_reduce import positional_error
from .._tensor_class.quantile import no_q_error
from .._messages.arguments import count_nonzero_arguments, is_dim

__all__ = ["kthvalue", "nanmedian", "cummax", "cummin", "fmod", "copysign", "addcdiv",
           "nansum", "nanmean", "cross", "kron", "quantile", "nanquantile", "aminmax", "lerp",
           "inner", "count_nonzero", "msort"]

kthvalue, nanmedian, cummax, cummin, fmod, copysign, _addcdiv, nansum, nanmean, cross, \
    kron = (_method(n) for n in __all__[:-7])
_count_nonzero, _msort = _method("count_nonzero"), _method("msort")


def count_nonzero(input, *args, **kwargs):
    """``torch.count_nonzero(input, dim=None)``: one dim or a tuple, no more arguments."""
    if len(args) > 1 or kwargs.keys() - {"dim"} or (args and "dim" in kwargs) or (
            args and not is_dim(args[0])):
        raise TypeError(count_nonzero_arguments(args, kwargs, True))
    return _count_nonzero(input, *args, **kwargs)


def msort(*args, **kwargs):
    """``torch.msort(input)``: nothing but the input."""
    if "input" in kwargs:
        args = (kwargs.pop("input"),) + args
    if kwargs:
        raise TypeError(f"msort() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if len(args) != 1:
        raise TypeError("msort() takes 1 positional argument but {} were given".format(
            len(args)) if args else 'msort() missing 1 required positional arguments: "input"')
    return _msort(args[0])


def addcdiv(input, *args, **kwargs):
    """``torch.addcdiv(input, tensor1, tensor2, *, value=1)``: value is keyword-only."""
    if len(args) > 2:
        raise positional_error("addcdiv", 3, len(args) + 1)
    return _addcdiv(input, *args, **kwargs)


def _quantile_function(name):
    method = _method(name)

    def function(input, *args, **kwargs):
        if not args and "q" not in kwargs:
            raise no_q_error(name, True)
        return method(input, *args, **kwargs)
    function.__name__ = name
    return function


quantile, nanquantile = _quantile_function("quantile"), _quantile_function("nanquantile")


def aminmax(input, *args, dim=None, keepdim=False):
    if args:
        raise positional_error("aminmax", 1, len(args) + 1)
    return input.aminmax(dim=dim, keepdim=keepdim)


def lerp(input, end, weight):
    if not isinstance(input, TensorCore) or not isinstance(end, TensorCore) or \
            isinstance(weight, (str, bool)) or weight is None:
        raise lerp_signature_error("lerp", (input, end, weight), function=True)
    return input.lerp(end, weight)
