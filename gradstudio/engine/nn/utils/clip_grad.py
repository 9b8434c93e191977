"""``torch.nn.utils.clip_grad``: ``clip_grad_norm_`` (with ``get_total_norm`` and
``clip_grads_with_norm_``) and ``clip_grad_value_``, as ``torch/nn/utils/clip_grad.py``
computes them on the CPU: each gradient's ``vector_norm``, the norm of those norms
stacked, ``max_norm / (total_norm + 1e-6)`` clamped at 1, each gradient multiplied in
place (the foreach kernels fall back to these same ops on the CPU, so ``foreach`` only
changes which errors can be raised)."""
import functools
import types
import warnings

from ... import linalg
from ...observer import observed
from ..._tensor_class.core import TensorCore as Tensor
from ..._torch_functions.factory import tensor
from ..._torch_functions.general import stack
from ..._autograd.grad_mode import no_grad

__all__ = ["clip_grad_norm", "clip_grad_norm_", "clip_grad_value_", "clip_grads_with_norm_",
           "get_total_norm"]


def _no_grad(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        with no_grad():
            return func(*args, **kwargs)
    return wrapper


def _by_dtype(tensors):
    groups = {}
    for t in tensors:
        groups.setdefault(t.dtype, []).append(t)
    return groups.values()


@_no_grad
def get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """The norm of the tensors' norms: the norm of all of them as one vector."""
    tensors = [tensors] if isinstance(tensors, Tensor) else list(tensors)
    norm_type = float(norm_type)
    if len(tensors) == 0:
        return tensor(0.0)
    norms = []
    for group in _by_dtype(tensors):
        norms.extend([linalg.vector_norm(g, norm_type) for g in group])
    total_norm = linalg.vector_norm(stack(norms), norm_type)
    if error_if_nonfinite and (total_norm.isnan() | total_norm.isinf()).item():
        raise RuntimeError(
            f"The total norm of order {norm_type} for gradients from `parameters` is "
            "non-finite, so it cannot be clipped. To disable this error and scale the "
            "gradients by the non-finite norm anyway, set `error_if_nonfinite=False`")
    return total_norm


@_no_grad
def clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None):
    """Scales the gradients by ``min(max_norm / (total_norm + 1e-6), 1)`` in place."""
    if isinstance(parameters, Tensor):
        parameters = [parameters]
    grads = [p.grad for p in parameters if p.grad is not None]
    max_norm = float(max_norm)
    if len(grads) == 0:
        return
    clip_coef = max_norm / (total_norm + 1e-6)
    clip_coef_clamped = clip_coef.clamp(max=1.0)
    for group in _by_dtype(grads):
        for g in group:
            g.mul_(clip_coef_clamped)


@observed("torch.nn.utils.clip_grad_norm_")
@_no_grad
def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False,
                    foreach=None):
    """Clips the gradients' total norm (all of them as one vector) to ``max_norm``, in
    place; returns the total norm before clipping."""
    if isinstance(parameters, Tensor):
        parameters = [parameters]
    else:
        is_generator = isinstance(parameters, types.GeneratorType)
        parameters = list(parameters)
        if is_generator and len(parameters) == 0:
            warnings.warn("`parameters` is an empty generator, no gradient clipping will "
                          "occur.", stacklevel=3)
    grads = [p.grad for p in parameters if p.grad is not None]
    total_norm = get_total_norm(grads, norm_type, error_if_nonfinite, foreach)
    clip_grads_with_norm_(parameters, max_norm, total_norm, foreach)
    return total_norm


def clip_grad_norm(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False,
                   foreach=None):
    """Deprecated: ``clip_grad_norm_``."""
    warnings.warn("`torch.nn.utils.clip_grad_norm` is now deprecated in favor of "
                  "`torch.nn.utils.clip_grad_norm_`.", FutureWarning, stacklevel=2)
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


@observed("torch.nn.utils.clip_grad_value_")
@_no_grad
def clip_grad_value_(parameters, clip_value, foreach=None):
    """Clamps every gradient to ``[-clip_value, clip_value]`` in place."""
    if isinstance(parameters, Tensor):
        parameters = [parameters]
    clip_value = float(clip_value)
    grads = [p.grad for p in parameters if p.grad is not None]
    if not grads:       # torch groups the empty list by device and dtype, which refuses
        raise RuntimeError("Expected !nested_tensorlist[0].empty() to be true, but got false.  "
                           "(Could this error message be improved?  If so, please report an "
                           "enhancement request to PyTorch.)")
    for group in _by_dtype(grads):
        for grad in group:
            if foreach is False:
                grad.clamp_(min=-clip_value, max=clip_value)
            else:                   # torch's _foreach_clamp_min_, then _foreach_clamp_max_
                grad.clamp_(min=-clip_value)
                grad.clamp_(max=clip_value)


for _f in (clip_grad_norm, clip_grad_norm_, clip_grad_value_, clip_grads_with_norm_,
           get_total_norm):
    _f.__module__ = "torch.nn.utils.clip_grad"
