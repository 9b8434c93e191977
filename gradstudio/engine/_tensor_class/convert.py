"""A tensor as Python sees it: ``numpy()``, ``item()``, ``tolist()``, numbers, ``len``,
iteration, formatting and printing, pickling and deepcopy."""
from .._autograd import grad_mode as _grad_mode
from .core import TensorCore
from .._torch_functions.factory import tensor
from .printing import format_tensor
from .._forward import state as _FW
from ..observer import observed
from .._messages.warn import warn

__all__ = ["ConversionMixin"]

_TO_SCALAR_WARNING = (
    "Converting a tensor with requires_grad=True to a scalar may lead to unexpected "
    "behavior.\nConsider using tensor.detach() first. (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/generated/python_variable_methods.cpp:822.)")
_warned_to_scalar = []     # PyTorch warns once per process (TORCH_WARN_ONCE)


REPR_HOOK = None     # set by ``func._levels`` while a function transform runs


class ConversionMixin:
    __slots__ = ()

    @observed("Tensor.numpy")
    def numpy(self, force=False):
        if self._requires_grad and not force and _grad_mode.STATE.enabled:
            # (PyTorch checks ``requires_grad() && GradMode::is_enabled()``)
            raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use "
                               "tensor.detach().numpy() instead.")
        return self._data

    def __array__(self, dtype=None, copy=None):
        a = self.numpy()
        return a if dtype is None else a.astype(dtype)

    @observed("Tensor.tolist")
    def tolist(self):
        return self._data.tolist()

    @observed("Tensor.item")
    def item(self):
        if self._data.size != 1:
            raise RuntimeError(f"a Tensor with {self._data.size} elements cannot be converted "
                               "to Scalar")
        return self._data.reshape(()).item()

    def __float__(self):
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        if self._requires_grad and not _warned_to_scalar and _grad_mode.STATE.enabled:
            _warned_to_scalar.append(True)
            warn(_TO_SCALAR_WARNING)
        return float(self.item())

    def __int__(self):
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return int(self.item())

    def __index__(self):
        if self._dtype.is_floating_point or self._data.size != 1:
            raise TypeError("only integer tensors of a single element can be converted to an "
                            "index")
        return int(self.item())

    def __bool__(self):
        if self._data.size != 1:
            raise RuntimeError("Boolean value of Tensor with " + (
                "no values" if self._data.size == 0 else "more than one value") + " is ambiguous")
        return bool(self.item())

    def __len__(self):
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self._data.shape[0]

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return iter(self.unbind(0))  # (as PyTorch: the rows share an UnbindBackward0)

    def __format__(self, spec):
        if self._data.ndim == 0:
            return format(self._data.item(), spec)
        if spec:
            raise TypeError("unsupported format string passed to Tensor.__format__")
        return repr(self)

    def __repr__(self):
        if REPR_HOOK is not None:       # (inside a torch.func transform: see func._levels)
            text = REPR_HOOK(self)
            if text is not None:
                return text
        fn = self._sync()._grad_fn
        tangent = _FW.tangent_of(self) if _FW.LEVEL is not None else None
        return format_tensor(self._data, self._dtype, requires_grad=self._requires_grad,
                             grad_fn_name=None if fn is None else type(fn).__name__,
                             # (a 0-d tangent prints as its number: PyTorch formats it)
                             tangent=None if tangent is None else format(tangent, ""))

    __str__ = __repr__

    def __reduce_ex__(self, proto):
        return (tensor, (self._data.tolist(), self._dtype, None, self._requires_grad))

    def __deepcopy__(self, memo):
        if self._sync()._grad_fn is not None:
            raise RuntimeError("Only Tensors created explicitly by the user (graph leaves) "
                               "support the deepcopy protocol at the moment.  If you were "
                               "attempting to deepcopy a module, this may be because of a "
                               "torch.nn.utils.weight_norm usage, see "
                               "https://github.com/pytorch/pytorch/pull/103001")
        t = TensorCore._make(self._data.copy(), self._dtype, self._requires_grad)
        if self._grad is not None:
            t._grad = TensorCore._make(self._grad._data.copy(), self._grad._dtype)
        memo[id(self)] = t
        return t
