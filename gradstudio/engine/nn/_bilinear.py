"""``torch.nn.functional.bilinear``: ATen's ``bilinear`` (its checks and words, the inputs
flattened to rows, ``_trilinear``, the result reshaped, the bias added)."""
from .._ops.dispatch import apply
from .._ops.record import OPS
from .._types import dtype as D

__all__ = ["bilinear"]


def bilinear(input1, input2, weight, bias=None):
    if input1.dim() != input2.dim():
        raise RuntimeError(f"bilinear(): input dimensions do not match: got {input1.dim()} "
                           f"and {input2.dim()}")
    for i in range(input1.dim() - 1):
        if input1.shape[i] != input2.shape[i]:
            raise RuntimeError(f"bilinear(): input batch dimensions do not match at dim {i}: got "
                               f"{input1.shape[i]} and {input2.shape[i]}")
    if input1.shape[-1] != weight.shape[1]:
        raise RuntimeError("bilinear(): input1 size does not match weight size: got "
                           f"{input1.shape[-1]} but expected {weight.shape[1]}")
    if input2.shape[-1] != weight.shape[2]:
        raise RuntimeError("bilinear(): input2 size does not match weight size: got "
                           f"{input2.shape[-1]} but expected {weight.shape[2]}")
    if bias is not None and bias.shape[0] != weight.shape[0]:
        raise RuntimeError("bilinear(): bias size does not match weight size: got "
                           f"{bias.shape[0]} but expected {weight.shape[0]}")
    if not input1.dtype.is_floating_point:     # (PyTorch's _trilinear multiplies with bmm)
        raise NotImplementedError("GradStudio's engine computes bilinear of floating-point "
                                  f"tensors only, not {input1.dtype}"
                                  if input1.dtype is not D.bool_ else
                                  "\"bmm\" not implemented for 'Bool'")
    size = tuple(input1.shape[:-1]) + (weight.shape[0],)
    x1 = input1.reshape(-1, input1.shape[-1])
    x2 = input2.reshape(-1, input2.shape[-1])
    output = apply(OPS["trilinear"], (x1, weight, x2), None).reshape(size)
    return output + bias if bias is not None else output
