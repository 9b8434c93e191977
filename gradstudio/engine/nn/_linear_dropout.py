"""``F.linear``, ``F.dropout`` and ``F.pad``: the layers' building blocks, in a module of
their own so that the attention functions (``_attention``, ``_mha``) compose them without
importing ``functional``, which imports them."""
import numpy as np

from .._types import dtype as D
from .._ops.record import OPS
from .._ops.dispatch import apply
from .._tensor_class.core import TensorCore
from .._tensor_class.shape import expanded_shape
from .._cpu_kernels.generator import default_generator
from ..observer import observed

__all__ = ["linear", "dropout", "pad"]

def pad(input, pad, mode="constant", value=None):
    """``F.pad``: ``mode='constant'`` (``ConstantPadNdBackward0``); the other modes are
    refused in words."""
    for i, p in enumerate(pad):
        if not isinstance(p, int) or isinstance(p, bool):
            raise TypeError("pad(): argument 'pad' (position 2) must be tuple of ints, but "
                            f"found element of type {type(p).__name__} at pos {i}")
    if mode not in ("constant", "reflect", "replicate", "circular"):
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    if mode != "constant":
        raise NotImplementedError(f"GradStudio's engine pads only with mode='constant', not "
                                  f"mode='{mode}' yet; pad with torch.cat of slices instead.")
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) > 2 * input.dim():
        raise RuntimeError("Padding length should be less than or equal to two times the "
                           f"input dimension but got padding length {len(pad)} and input of "
                           f"dimension {input.dim()}")
    for k in range(len(pad) // 2):
        if input.shape[input.dim() - 1 - k] + pad[2 * k] + pad[2 * k + 1] < 0:
            raise RuntimeError("narrow(): length must be non-negative.")
    return apply(OPS["constant_pad_nd"], (input,),
                 {"pad": tuple(pad), "value": 0.0 if value is None else value})


@observed("torch.nn.functional.dropout")
def dropout(input, p=0.5, training=True, inplace=False):
    """Zeros each element with probability ``p`` and scales the rest by 1 / (1 - p), as
    PyTorch's CPU kernel does: one float64 uniform per element from the generator
    (``bernoulli_(1 - p)``), the mask divided by 1 - p, then one multiplication
    (MulBackward0)."""
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if p == 0 or not training or input.numel() == 0:
        return input
    dt = input.dtype
    if p == 1:
        noise = TensorCore._make(np.zeros((), dt.np), dt)
    else:
        keep = default_generator._unit(input.numel(), np.float64) < (1 - p)
        noise = keep.reshape(input._data.shape).astype(dt.np)
        noise = TensorCore._make(noise / np.asarray(1 - p, dt.np), dt)
    return input.mul_(noise) if inplace else input * noise


@observed("torch.nn.functional.linear")
def linear(input, weight, bias=None):
    """``input @ weight.T + bias`` as PyTorch computes it: one AddmmBackward0 for a matrix
    of inputs; other contiguous inputs are flattened to a matrix and viewed back."""
    if input._data.ndim == 0 or weight._data.ndim == 0:
        raise RuntimeError("both arguments to linear need to be at least 1D, but they are "
                           f"{input._data.ndim}D and {weight._data.ndim}D")
    if bias is None:
        return input.matmul(weight.t())
    if input._data.ndim == 2:
        return _addmm(bias, input, weight.t())
    if input.is_contiguous() and bias._data.ndim == 1:
        sizes = input._data.shape
        flat = input.reshape(int(np.prod(sizes[:-1], dtype=np.int64)), sizes[-1])
        out = _addmm(bias, flat, weight.t())
        return out.view(*sizes[:-1], out._data.shape[1])
    out = input.matmul(weight.t())
    out.add_(bias)
    return out


def _addmm(bias, m1, m2):
    (n, m), (m_, p) = m1._data.shape, m2._data.shape
    if m1._dtype is not m2._dtype:
        raise RuntimeError(f"mat1 and mat2 must have the same dtype, but got "
                           f"{D.scalar_type(m1._dtype)} and {D.scalar_type(m2._dtype)}")
    if bias._dtype is not m2._dtype:
        raise RuntimeError(f"self and mat2 must have the same dtype, but got "
                           f"{D.scalar_type(bias._dtype)} and {D.scalar_type(m2._dtype)}")
    if m != m_:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({n}x{m} and {m_}x{p})")
    expanded_shape(bias, (n, p))     # (PyTorch's message when the bias does not fit)
    return apply(OPS["addmm"], (bias, m1, m2))
