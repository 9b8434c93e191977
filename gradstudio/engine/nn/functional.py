"""``torch.nn.functional``: the activation and loss functions tutorials use."""
import warnings

import numpy as np

from .._types import dtype as D
from .._ops.record import OPS
from .._ops.dispatch import apply
from .._autograd.grad_mode import no_grad
from .._tensor_class.core import TensorCore, _list
from ..observer import observed
from .._tensor_class.operands import _broadcast_shapes, _renamed
from .._messages.warn import warn
from .._cpu_kernels.nll_kernel import nll_cascade_sum, nll_cascade_sum_ignoring
from . import _cross_entropy, _kl_div
from ._bilinear import bilinear  # noqa: F401
from ._ctc import ctc_loss  # noqa: F401
from ._embedding_bag import _embedding_renorm_, embedding_bag  # noqa: F401
from ._conv import conv1d, conv2d, fold, ntuple, unfold  # noqa: F401
from ._pool import (adaptive_avg_pool1d, adaptive_avg_pool2d, avg_pool1d,  # noqa: F401
                    adaptive_max_pool2d, avg_pool2d, max_pool1d, max_pool2d)
from ._margin_losses import (cosine_embedding_loss, multi_margin_loss,  # noqa: F401
                             multilabel_margin_loss, pairwise_distance, soft_margin_loss,
                             triplet_margin_loss, triplet_margin_with_distance_loss)
from ._activations_more import (celu, glu, hardshrink, hardsigmoid, hardswish,  # noqa: F401
                               mish, prelu, rrelu, selu, softshrink, threshold)
from ._elementwise_losses import (_legacy_reduction, _reduction_enum,  # noqa: F401
                                  binary_cross_entropy, binary_cross_entropy_with_logits,
                                  huber_loss, l1_loss, mse_loss, smooth_l1_loss)
from .._ops.dispatch import inplace as _inplace
from .._torch_functions.general import embedding as _torch_embedding
from .._torch_functions.batch_norm import functional_batch_norm as _batch_norm
from ._normalization import group_norm, layer_norm  # noqa: F401
from ._linear_dropout import dropout, linear, pad  # noqa: F401
from ._attention import (_canonical_mask, _in_projection, _in_projection_packed,  # noqa: F401
                         _mha_shape_check, _none_or_dtype, scaled_dot_product_attention)
from ._mha import multi_head_attention_forward  # noqa: F401
from ._composites import (gaussian_nll_loss, hinge_embedding_loss,  # noqa: F401
                          margin_ranking_loss, poisson_nll_loss, softsign, tanhshrink)
from .._torch_functions.general import (log_softmax as _log_softmax, relu as _relu, sigmoid,
                                        softmax as _softmax, tanh)

__all__ = ["relu", "relu_", "sigmoid", "tanh", "softmax", "log_softmax", "linear", "mse_loss",
           "l1_loss", "nll_loss", "cross_entropy", "leaky_relu", "leaky_relu_", "elu", "elu_",
           "gelu", "silu", "softplus", "hardtanh", "relu6", "logsigmoid", "dropout", "binary_cross_entropy",
           "binary_cross_entropy_with_logits", "smooth_l1_loss", "huber_loss",
           "cosine_similarity", "embedding", "batch_norm", "layer_norm", "group_norm",
           "softsign", "tanhshrink", "softmin", "margin_ranking_loss", "hinge_embedding_loss",
           "poisson_nll_loss", "gaussian_nll_loss", "multilabel_soft_margin_loss",
           "selu", "celu", "hardswish", "hardsigmoid", "mish", "threshold", "hardshrink",
           "softshrink", "rrelu", "glu", "prelu", "soft_margin_loss", "multi_margin_loss",
           "multilabel_margin_loss", "cosine_embedding_loss", "triplet_margin_loss",
           "pairwise_distance", "conv1d", "conv2d", "unfold", "fold", "max_pool2d",
           "avg_pool2d", "adaptive_avg_pool2d", "max_pool1d", "avg_pool1d",
           "adaptive_avg_pool1d", "adaptive_max_pool2d", "bilinear", "embedding_bag",
           "triplet_margin_with_distance_loss", "pad", "ctc_loss",
           "scaled_dot_product_attention", "multi_head_attention_forward"]


# --------------------------------------------------------------------------- activations
def _activation(name, input, inplace=False, **params):
    if inplace:   # (PyTorch's in-place form, where it has a grad_fn of its own)
        return _inplace(input, OPS.get(name + "_inplace", OPS[name]), (input,), params)
    return apply(OPS[name], (input,), params)


def relu(input, inplace=False):
    return input.relu_() if inplace else _relu(input)


def relu_(input):
    return input.relu_()


def leaky_relu(input, negative_slope=0.01, inplace=False):
    return _activation("leaky_relu", input, inplace, negative_slope=negative_slope)


def elu(input, alpha=1.0, inplace=False):
    return _activation("elu", input, inplace, alpha=alpha)


def leaky_relu_(input, negative_slope=0.01):
    return leaky_relu(input, negative_slope, True)


def elu_(input, alpha=1.0):
    return elu(input, alpha, True)


def gelu(input, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    return _activation("gelu", input, approximate=approximate)


def silu(input, inplace=False):
    return _activation("silu", input, inplace)


def softplus(input, beta=1.0, threshold=20.0):
    return _activation("softplus", input, beta=beta, threshold=threshold)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    return _activation("hardtanh", input, inplace, min_val=min_val, max_val=max_val)


def relu6(input, inplace=False):
    return hardtanh(input, 0.0, 6.0, inplace)


def logsigmoid(input):
    return _activation("logsigmoid", input)


def _softmax_dim(name, ndim, stacklevel):
    message = (f"Implicit dimension choice for {name} has been deprecated. Change the call to "
               "include dim=X as an argument.")
    if stacklevel == 3:
        warn(message)                   # (at the caller's line)
    else:                               # (from nn.Softmax: inside the library, as PyTorch's)
        warnings.warn(message, stacklevel=2)
    return 0 if ndim in (0, 1, 3) else 1


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _softmax_dim("softmax", input.dim(), _stacklevel)
    return _softmax(input, dim, dtype=dtype)


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    """``(-input).softmax(dim)``, as PyTorch composes it."""
    if dim is None:
        dim = _softmax_dim("softmin", input.dim(), _stacklevel)
    return (-input).softmax(dim) if dtype is None else (-input).softmax(dim, dtype=dtype)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None,
                                reduction="mean"):
    """Each class's binary cross-entropy of logits, averaged over the classes (the last
    dimension), then reduced, as PyTorch's Python composes it."""
    reduction = _legacy_reduction(size_average, reduce, reduction)
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    if reduction == "none":
        return loss
    if reduction in ("mean", "sum"):
        return loss.mean() if reduction == "mean" else loss.sum()
    raise ValueError(reduction + " is not valid")


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _softmax_dim("log_softmax", input.dim(), _stacklevel)
    return _log_softmax(input, dim, dtype=dtype)


def _total_weight(weight, target, ignore_index):
    """The counted targets' weights added as PyTorch's kernel adds them: its loss cascade
    (``_cpu_kernels.nll_kernel``; ``nll_loss2d`` for more dimensions adds them alike)."""
    t = np.asarray(target).reshape(-1)
    counts = t != ignore_index
    w = weight[np.where(counts, t, 0)]
    return nll_cascade_sum(w) if counts.all() else nll_cascade_sum_ignoring(w, counts)


@observed("torch.nn.functional.nll_loss")
def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    """The negative log likelihood of class-index targets, from log-probabilities
    ``input`` of shape (C,), (N, C) or (N, C, d1, ...)."""
    code = _reduction_enum(_legacy_reduction(size_average, reduce, reduction))
    shape, tshape = input._data.shape, target._data.shape
    if input._data.ndim >= 2 and tshape[:1] != shape[:1]:
        raise ValueError(f"Expected input batch_size ({shape[0]}) to match target batch_size "
                         f"({tshape[0] if tshape else 0}).")
    if input._data.ndim <= 2 and len(tshape) > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if input._data.ndim > 2 and tshape != shape[:1] + shape[2:]:
        raise RuntimeError(f"Expected target size {_list(shape[:1] + shape[2:])}, got "
                           f"{_list(tshape)}")
    if target._dtype not in (D.int64, D.uint8):
        raise RuntimeError("expected target dtype to be Long or Byte, but got "
                           f"{D.scalar_type(target._dtype)}")
    classes = shape[1] if input._data.ndim >= 2 else shape[0]
    if weight is not None:
        if weight._data.shape != (classes,):
            raise RuntimeError(f"weight tensor should be defined either for all {classes} "
                               "classes or no classes but got weight tensor of shape: "
                               f"{_list(weight._data.shape)}")
        if weight._dtype is not input._dtype:
            raise RuntimeError(f"expected scalar type {D.scalar_type(input._dtype)} but found "
                               f"{D.scalar_type(weight._dtype)}")
    t = target._data.reshape(()) if input._data.ndim == 1 and target._data.size == 1 \
        else target._data
    counted = t[t != ignore_index]
    bad = counted[(counted < 0) | (counted >= classes)]
    if bad.size:
        raise IndexError(f"Target {bad.flat[0]} is out of bounds.")
    if code == 0:
        total = 0.0
    else:
        total = counted.size if weight is None else _total_weight(weight._data, t, ignore_index)
    # PyTorch's nll_loss_nd: images (N, C, H, W) take nll_loss2d, other shapes with
    # extra dimensions are viewed as (N, C, 1, -1) for it (and a 'none' result viewed back)
    ndim, n = input._data.ndim, shape[0] if shape else 0
    if ndim == 3 or ndim > 4:
        input = input.contiguous().view(n, classes, 1, -1)
        t = t.reshape(n, 1, -1)
    out = apply(OPS["nll_loss"], (input,), {
        "target": TensorCore._make(t.astype(np.int64)), "weight": weight, "reduction": code,
        "ignore_index": ignore_index % 2 ** 64,
        "total_weight": TensorCore._make(np.asarray(total, input._dtype.np), input._dtype)})
    if ndim > 2:
        out = _renamed(out, "NllLoss2DBackward0")
        if code == 0 and ndim != 4:
            out = out.view(shape[:1] + shape[2:])
    return out


@observed("torch.nn.functional.cross_entropy")
def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100,
                  reduce=None, reduction="mean", label_smoothing=0.0):
    """``nll_loss(log_softmax(input, 1), target)``: the loss of class-index targets given
    unnormalised scores (logits); class probabilities as the target and label smoothing
    as PyTorch composes them (``_cross_entropy``)."""
    reduction = _legacy_reduction(size_average, reduce, reduction)
    _reduction_enum(reduction)
    if target._data.shape == input._data.shape:      # (class probabilities as the target)
        if not target._dtype.is_floating_point:
            raise RuntimeError("Expected floating point type for target with class "
                               f"probabilities, got {D.scalar_type(target._dtype)}")
        return _cross_entropy.with_probabilities(input, target, weight, ignore_index,
                                                 reduction, label_smoothing, log_softmax)
    if label_smoothing > 0.0:
        return _cross_entropy.smoothed(input, target, weight, ignore_index, reduction,
                                       label_smoothing, nll_loss, log_softmax)
    scores = log_softmax(input, 1 if input._data.ndim >= 2 else 0)
    return nll_loss(scores, target, weight, ignore_index=ignore_index, reduction=reduction)


@observed("torch.nn.functional.one_hot")
def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False, sparse=False):
    """The rows of ``weight`` that ``input``'s class indices name (EmbeddingBackward0)."""
    if max_norm is not None:
        _embedding_renorm_(weight, input, max_norm, norm_type)
    return _torch_embedding(weight, input, _padding_row(padding_idx, weight.shape[0]),
                            scale_grad_by_freq, sparse)


def _padding_row(padding_idx, rows):
    """PyTorch's checks of ``padding_idx`` (a negative one counts from the end; None is
    -1, no padding row)."""
    if padding_idx is None:
        return -1
    if padding_idx > 0:
        assert padding_idx < rows, "Padding_idx must be within num_embeddings"
    elif padding_idx < 0:
        assert padding_idx >= -rows, "Padding_idx must be within num_embeddings"
        padding_idx = rows + padding_idx
    return padding_idx


def one_hot(tensor, num_classes=-1):
    """Class indices (an int64 tensor) as one-hot rows."""
    if tensor._dtype is not D.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    return apply(OPS["one_hot"], (tensor,), {"num_classes": num_classes})


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    """``input`` divided by its p-norm along ``dim`` (at least ``eps``), as PyTorch
    composes it."""
    denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
    return input / denom


@observed("torch.nn.functional.cosine_similarity")
def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    """PyTorch's composite: each input divided by its 2-norm along ``dim`` (a clone of
    the norm, clamped to ``eps`` in place without recording), the quotients multiplied
    and summed over ``dim``."""
    common = D.result_type(x1, x2)
    if not common.is_floating_point:
        raise RuntimeError(f"expected common dtype to be floating point, yet common dtype is "
                           f"{D.scalar_type(common)}")
    x1, x2 = x1.to(common), x2.to(common)
    shape = _broadcast_shapes(x1._data.shape, x2._data.shape)
    a = x1 if x1._data.shape == shape else x1.expand(shape)
    b = x2 if x2._data.shape == shape else x2.expand(shape)
    na, nb = a.norm(2, dim, keepdim=True).clone(), b.norm(2, dim, keepdim=True).clone()
    with no_grad():
        na.clamp_(min=eps)
        nb.clamp_(min=eps)
    return ((a / na) * (b / nb)).sum(dim)


@observed("torch.nn.functional.kl_div")
def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    """The Kullback-Leibler divergence of ``target`` from ``input`` (log-probabilities)."""
    return _kl_div.kl_div(input, target, size_average, reduce, reduction, log_target,
                          _legacy_reduction, _reduction_enum)


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-05):
    """Each channel (dim 1) normalized by the batch's mean and variance (``training``, which
    also updates the running averages in place) or by ``running_mean`` and ``running_var``,
    then scaled by ``weight`` and shifted by ``bias`` (NativeBatchNormBackward0)."""
    return _batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)

from .._messages.missing import missing as _missing  # noqa: E402
__getattr__ = _missing(__name__)
