"""``torch.nn.Parameter``: a leaf tensor that a ``Module`` registers as one of its
parameters. It shares its data's memory and version counter (as PyTorch's
``_make_subclass`` does), requires grad unless told otherwise, prints as ``Parameter
containing:`` above the tensor, and stays a Parameter through in-place ops; every other op
on it gives a plain ``Tensor``."""
import numpy as np

from .._autograd.grad_mode import check_requires_grad
from .._tensor_class.core import TensorCore
from .._torch_functions.factory import empty
from .._tensor_class.tensor import Tensor
from ..observer import observed

__all__ = ["Parameter"]


class Parameter(Tensor):
    __slots__ = ()
    __module__ = "torch.nn.parameter"

    def __new__(cls, data=None, requires_grad=True):
        return _new_parameter(cls, data, requires_grad)

    def __init__(self, data=None, requires_grad=True):
        pass

    def __repr__(self):
        return "Parameter containing:\n" + super().__repr__()

    __str__ = __repr__

    def __deepcopy__(self, memo):
        if id(self) in memo:
            return memo[id(self)]
        result = Parameter(TensorCore._make(np.array(self._data, copy=True), self._dtype),
                           self._requires_grad)       # (PyTorch's leaves the grad behind)
        memo[id(self)] = result
        return result

    def __reduce_ex__(self, proto):
        return (_rebuild, (self.detach(), self._requires_grad))


@observed("torch.nn.Parameter")
def _new_parameter(cls, data, requires_grad):
    if data is None:
        data = empty(0)
    if not isinstance(data, TensorCore):
        raise TypeError(f"_make_subclass(): argument 'data' (position 2) must be Tensor, "
                        f"not {type(data).__name__}")
    if requires_grad and not data.dtype.is_floating_point:
        raise RuntimeError("Only Tensors of floating point and complex dtype can require "
                           "gradients")
    if requires_grad:
        check_requires_grad(data)
    p = object.__new__(cls)
    source = data.detach()
    for slot in ("_data", "_dtype", "_vc"):
        setattr(p, slot, getattr(source, slot))
    p._requires_grad = bool(requires_grad)
    p._grad = p._grad_fn = p._base = p._hooks = p._post_acc_hooks = p._acc = None
    p._retains_grad = False
    p._output_nr = 0
    return p


def _rebuild(data, requires_grad):
    # (by function: the class's module name is torch's, which pickle cannot import)
    return Parameter(data, requires_grad)
