"""``torch.nn.functional.layer_norm`` and ``group_norm`` (and ``torch.layer_norm``,
``torch.group_norm``): PyTorch's checks in its order and words, then the ``layer_norm``
op (NativeLayerNormBackward0) or the ``group_norm`` op (NativeGroupNormBackward0)."""
import math

from .._types import dtype as D
from .._ops.dispatch import apply
from .._ops.record import OPS

__all__ = ["layer_norm", "group_norm"]


def _shape_list(shape):
    return "[" + ", ".join(str(int(s)) for s in shape) + "]"


def _normalized(normalized_shape):
    if isinstance(normalized_shape, bool) or not isinstance(normalized_shape, (tuple, list)) \
            and not hasattr(normalized_shape, "__iter__"):
        raise TypeError("layer_norm(): argument 'normalized_shape' (position 2) must be tuple "
                        f"of ints, not {type(normalized_shape).__name__}")
    return tuple(int(s) for s in normalized_shape)


def _check_dtypes(input, params, kernel="LayerNormKernelImpl", name="layer_norm"):
    dt = input.dtype
    if not dt.is_floating_point:
        raise NotImplementedError(f"\"{kernel}\" not implemented for "
                                  f"'{D.scalar_type(dt)}'")
    if any(t.dtype is not dt for t in params):
        if any(t.dtype is not D.float32 for t in params):
            raise RuntimeError("mixed dtype (CPU): expect parameter to have scalar type of "
                               "Float")
        raise RuntimeError("mixed dtype (CPU): all inputs must share same datatype.")
    if dt not in (D.float16, D.float32, D.float64):
        raise NotImplementedError(f"GradStudio's {name} computes float16, float32 and float64 "
                                  f"tensors only, not {dt}")


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    """``torch.nn.functional.layer_norm``."""
    shape = _normalized(normalized_shape)
    if not shape:
        raise RuntimeError("Expected normalized_shape to be at least 1-dimensional, i.e., "
                           "containing at least one element, but got normalized_shape = []")
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and tuple(t.shape) != shape:
            raise RuntimeError(f"Expected {name} to be of same shape as normalized_shape, but "
                               f"got {name} of shape {_shape_list(t.shape)} and "
                               f"normalized_shape = {_shape_list(shape)}")
    size = tuple(input.shape)
    if len(size) < len(shape) or size[len(size) - len(shape):] != shape:
        raise RuntimeError(f"Given normalized_shape={_shape_list(shape)}, expected input with "
                           f"shape [*, {_shape_list(shape)[1:]}, but got input of size"
                           f"{_shape_list(size)}")
    _check_dtypes(input, [t for t in (weight, bias) if t is not None])
    return apply(OPS["layer_norm"], (input, weight, bias),
                 {"normalized_shape": shape, "eps": eps})


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    """``torch.nn.functional.group_norm``."""
    if input.dim() < 2:
        raise RuntimeError("Expected at least 2 dimensions for input tensor but received "
                           f"{input.dim()}")
    size = [input.size(0) * input.size(1) // num_groups, num_groups, *input.size()[2:]]
    if size[0] * math.prod(size[2:]) == 1:
        raise ValueError("Expected more than 1 value per channel when training, got input "
                         f"size {size}")
    return _group_norm(input, num_groups, weight, bias, eps)


def _group_norm(input, num_groups, weight=None, bias=None, eps=1e-05, cudnn_enabled=True):
    """``torch.group_norm``: the native checks, then the op."""
    channels = input.shape[1]
    if channels % num_groups:
        raise RuntimeError("Expected number of channels in input to be divisible by "
                           f"num_groups, but got input of shape {_shape_list(input.shape)} "
                           f"and num_groups={num_groups}")
    shown = _shape_list(weight.shape) if weight is not None else "[0]"
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and (t.dim() != 1 or t.numel() != channels):
            raise RuntimeError(f"Expected {name} to be a vector of size equal to the number "
                               f"of channels in input, but got {name} of shape {shown} and "
                               f"input of shape {_shape_list(input.shape)}")
    _check_dtypes(input, [t for t in (weight, bias) if t is not None], "GroupNormKernelImpl",
                  "group_norm")
    return apply(OPS["group_norm"], (input, weight, bias),
                 {"num_groups": int(num_groups), "eps": eps})
