"""``torch.batch_norm`` and the body of ``torch.nn.functional.batch_norm``: PyTorch's
checks in its order and words, the batch statistics computed once
(``_cpu_kernels.batch_norm_kernel``), the ``batch_norm`` op recorded
(NativeBatchNormBackward0) with them as its saved result1 and result2, and, in training, the running averages written in place the way PyTorch's
kernel writes them: into the buffers' memory, without a new version.
"""
import numpy as np

from .._types import dtype as D
from .._cpu_kernels import batch_norm_kernel as NK, threads
from .._ops.dispatch import apply
from .._autograd.grad_mode import STATE
from .._ops.record import OPS

__all__ = ["batch_norm", "functional_batch_norm", "get_num_threads", "set_num_threads"]


def functional_batch_norm(input, running_mean, running_var, weight, bias, training, momentum,
                          eps):
    """``torch.nn.functional.batch_norm``: its Python checks, then ``torch.batch_norm``."""
    if training:
        size = input.size()
        values = size[0]
        for i in range(len(size) - 2):
            values *= size[i + 2]
        if values == 1:
            raise ValueError("Expected more than 1 value per channel when training, got input "
                             f"size {size}")
    if training and eps <= 0.0:
        raise ValueError(f"batch_norm eps must be positive during training, but got {eps}")
    elif eps < 0.0:
        raise ValueError(f"batch_norm eps must be non-negative, but got {eps}")
    return batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps,
                      True)


def _numel_check(name, expected, t):
    if t.numel() != expected:
        raise RuntimeError(f"{name} should contain {expected} elements not {t.numel()}")


def _check(input, weight, bias, running_mean, running_var, training, momentum):
    """PyTorch's checks of ``_batch_norm_impl_index`` and the CPU kernel, in order."""
    if momentum is None or isinstance(momentum, bool) or \
            not isinstance(momentum, (int, float)):
        raise TypeError("batch_norm(): argument 'momentum' (position 7) must be float, not "
                        f"{type(momentum).__name__}")
    ndim = input.dim()
    # (a tensor of fewer than 2 dimensions reads its channel count as 0)
    channels = input.shape[1] if ndim >= 2 else 0
    if running_mean is not None:
        _numel_check("running_mean", channels, running_mean)
    elif not training:
        raise RuntimeError("running_mean must be defined in evaluation mode")
    if running_var is not None:
        _numel_check("running_var", channels, running_var)
    elif not training:
        raise RuntimeError("running_var must be defined in evaluation mode")
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None:
            _numel_check(name, channels, t)
    if ndim < 2:
        top = max(ndim, 1)
        raise IndexError(f"Dimension out of range (expected to be in range of [{-top}, "
                         f"{top - 1}], but got 1)")
    dt = input.dtype
    if not dt.is_floating_point:
        raise NotImplementedError(f"\"batch_norm\" not implemented for '{D.scalar_type(dt)}'")
    params = [t for t in (weight, bias, running_mean, running_var) if t is not None]
    if any(t.dtype is not dt for t in params):
        if any(t.dtype is not D.float32 for t in params):
            raise RuntimeError("mixed dtype (CPU): expect parameter to have scalar type of "
                               "Float")
        raise RuntimeError("mixed dtype (CPU): all inputs must share same datatype.")
    if dt not in (D.float32, D.float64):
        raise NotImplementedError(f"GradStudio's batch_norm computes float32 and float64 "
                                  f"tensors only, not {dt}")
    for t in params:
        if t.dim() != 1:
            raise RuntimeError(f"TensorAccessor expected 1 dims but tensor has {t.dim()}")
    if (running_mean is None) != (running_var is None) and training:
        raise ValueError("running_mean and running_var must either both be None or neither "
                         "be None")
    if STATE.enabled:
        for name, t in (("running_mean", running_mean), ("running_var", running_var)):
            if t is not None and t.requires_grad:
                raise RuntimeError(f"The function 'native_batch_norm' is not differentiable "
                                   f"with respect to argument '{name}'. This input cannot "
                                   "have requires_grad True.")


def batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps,
               cudnn_enabled=True):
    """``torch.batch_norm``. (PyTorch requires ``cudnn_enabled``, which does nothing on the
    CPU; here it may be left out, so that the palette's kind can call this with keywords.)"""
    if input.numel() == 0 and input.dim() >= 2:
        # PyTorch's path for an empty batch: no statistics, a clone scaled and shifted by
        # the first channel's weight and bias (so that the graph still reaches them)
        out = input.clone()
        if weight is not None:
            out = out * weight[0]
        if bias is not None:
            out = out + bias[0]
        return out
    _check(input, weight, bias, running_mean, running_var, training, momentum)
    x = input._data
    dims = NK.reduce_dims(x.ndim)
    params = {"training": bool(training), "momentum": momentum, "eps": eps, "dims": dims}
    if training:
        stats = NK.train_stats(x, eps)
        params["result1"], params["result2"] = stats[0], stats[1]
    else:
        params["result1"] = params["result2"] = np.zeros(0, x.dtype)
    out = apply(OPS["batch_norm"], (input, weight, bias, running_mean, running_var), params)
    if training:
        NK.update_running(stats, x.size // x.shape[1],
                          None if running_mean is None else running_mean._data,
                          None if running_var is None else running_var._data, momentum)
    return out


def get_num_threads():
    """``torch.get_num_threads()``: the threads PyTorch's CPU kernels would use. The engine
    computes in one; the count only decides how it reproduces results of PyTorch's that
    depend on it (the statistics of an (N, C) batch)."""
    return threads.threads()


def set_num_threads(num):
    """``torch.set_num_threads(num)`` (see ``get_num_threads``)."""
    if type(num) is not int:
        raise RuntimeError(f"set_num_threads expects an int, but got {type(num).__name__}")
    if num <= 0:
        raise RuntimeError("set_num_threads expects a positive integer")
    threads.set_threads(num)
