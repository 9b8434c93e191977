"""``F.scaled_dot_product_attention`` and the helpers ``F.multi_head_attention_forward``
composes (``_canonical_mask``, ``_in_projection_packed`` ...), as ``torch/nn/functional.py``
and ATen's ``attention.cpp`` write them, so every grad_fn is the one PyTorch records."""
import math
import warnings

from .._types import dtype as D
from .._ops.record import OPS
from .._ops.dispatch import apply
from .._tensor_class.core import TensorCore
from .._torch_functions.factory import ones, zeros_like
from .._torch_functions.general import matmul
from ._linear_dropout import dropout, linear

_NEG_INF = float("-inf")


def _canonical_mask(mask, mask_name, other_type, other_name, target_type, check_other=True):
    """A bool mask as zeros and -inf of ``target_type``; a float mask as it is."""
    if mask is not None:
        is_float = mask.is_floating_point()
        if mask.dtype is not D.bool_ and not is_float:
            raise AssertionError(f"only bool and floating types of {mask_name} are supported")
        if check_other and other_type is not None and mask.dtype is not other_type:
            warnings.warn(f"Support for mismatched {mask_name} and {other_name} is deprecated. "
                          "Use same type for both instead.", stacklevel=3)
        if not is_float:
            mask = zeros_like(mask, dtype=target_type).masked_fill_(mask, _NEG_INF)
    return mask


def _none_or_dtype(input):
    if input is None:
        return None
    if isinstance(input, TensorCore):
        return input.dtype
    raise RuntimeError("input to _none_or_dtype() must be None or torch.Tensor")


def _bool_to_float(mask, dtype):
    """ATen's ``convert_boolean_attn_mask``: True attends (0), False does not (-inf)."""
    if mask is None or mask.dtype is not D.bool_:
        return mask
    return zeros_like(mask, dtype=dtype).masked_fill_(mask.logical_not(), _NEG_INF)


def _uses_flash(q, k, v, dropout_p):
    """Whether PyTorch's CPU build runs the flash kernel (``use_flash_attention_cpp``)."""
    return (dropout_p == 0.0 and q.dim() == k.dim() == v.dim() == 4
            and q.size(-1) == k.size(-1) == v.size(-1) and q.size(-2) > 0 and k.size(-2) > 0
            and q.dtype in (D.float32, D.float64))


def _c10(t):
    """A dtype as c10 names it (``float``, ``double``, ``c10::Half``)."""
    name = D.scalar_type(t.dtype)
    return name.lower() if name in ("Float", "Double", "Long", "Int", "Bool") else f"c10::{name}"


def _check_sdpa(query, key, value, attn_mask, dropout_p, is_causal):
    if not (query.dtype is key.dtype is value.dtype):
        raise RuntimeError("Expected query, key, and value to have the same dtype, but got "
                           f"query.dtype: {_c10(query)} key.dtype: {_c10(key)} and value.dtype: "
                           f"{_c10(value)} instead.")
    if attn_mask is not None and attn_mask.dtype is not D.bool_ and \
            attn_mask.dtype is not query.dtype:
        raise RuntimeError(f"Expected attn_mask dtype to be bool or float or to match query "
                           f"dtype, but got attn_mask.dtype: {_c10(attn_mask)} "
                           f"and  query.dtype: {_c10(query)} instead.")
    if query.dim() < 2 or key.dim() < 2 or value.dim() < 2:
        raise RuntimeError("Expected query, key, and value to all be  at least 2 dimensional, "
                           f"but got query.dim: {query.dim()} key.dim: {key.dim()} and "
                           f"value.dim: {value.dim()} instead.")


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                 is_causal=False, scale=None, enable_gqa=False):
    """``softmax(query @ key.T * scale + mask) @ value``: the CPU flash kernel for 4-D
    inputs without dropout, PyTorch's composite (math) version otherwise."""
    _check_sdpa(query, key, value, attn_mask, dropout_p, is_causal)
    if enable_gqa:
        raise NotImplementedError("GradStudio's engine does not have enable_gqa=True in "
                                  "scaled_dot_product_attention yet; repeat key and value "
                                  "over the heads with repeat_interleave instead.")
    mask = _bool_to_float(attn_mask, query.dtype)
    if _uses_flash(query, key, value, dropout_p):
        params = {"attn_mask": None if mask is None else mask._data, "is_causal": is_causal,
                  "scale": scale}
        return apply(OPS["_scaled_dot_product_flash_attention_for_cpu"], (query, key, value),
                     params)
    return _sdpa_math(query, key, value, mask, dropout_p, is_causal, scale)


def _sdpa_math(query, key, value, mask, dropout_p, is_causal, scale):
    """ATen's ``_scaled_dot_product_attention_math``: both sides scaled by the square root
    of the scale before the product, then the mask added in place."""
    negative = scale is not None and scale < 0.0
    factor = math.sqrt(1.0 / math.sqrt(query.size(-1)) if scale is None else abs(scale))
    q = apply(OPS["_mul_scalar"], (query,), {"other": -factor if negative else factor})
    if is_causal:
        if mask is not None:
            raise RuntimeError("_scaled_dot_product_attention: Explicit attn_mask should not "
                               "be set when is_causal=True")
        L, S = query.size(-2), key.size(-2)
        mask = _bool_to_float(ones(L, S, dtype=D.bool_).tril(), query.dtype)
    attn = matmul(q, apply(OPS["_mul_scalar"], (key.transpose(-2, -1),), {"other": factor}))
    if mask is not None:
        attn.add_(mask)
    attn = apply(OPS["_safe_softmax"], (attn,), {"dim": -1})
    if dropout_p > 0.0:
        attn = dropout(attn, dropout_p, True)
    return matmul(attn, value)


def _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads):
    """Whether the input is batched (3-D query), in ``_mha_shape_check``'s words."""
    if query.dim() == 3:
        if key.dim() != 3 or value.dim() != 3:
            raise AssertionError("For batched (3-D) `query`, expected `key` and `value` to be "
                                 f"3-D but found {key.dim()}-D and {value.dim()}-D tensors "
                                 "respectively")
        if key_padding_mask is not None and key_padding_mask.dim() != 2:
            raise AssertionError("For batched (3-D) `query`, expected `key_padding_mask` to be "
                                 f"`None` or 2-D but found {key_padding_mask.dim()}-D tensor "
                                 "instead")
        if attn_mask is not None and attn_mask.dim() not in (2, 3):
            raise AssertionError("For batched (3-D) `query`, expected `attn_mask` to be `None`, "
                                 f"2-D or 3-D but found {attn_mask.dim()}-D tensor instead")
        return True
    if query.dim() == 2:
        if key.dim() != 2 or value.dim() != 2:
            raise AssertionError("For unbatched (2-D) `query`, expected `key` and `value` to be "
                                 f"2-D but found {key.dim()}-D and {value.dim()}-D tensors "
                                 "respectively")
        if key_padding_mask is not None and key_padding_mask.dim() != 1:
            raise AssertionError("For unbatched (2-D) `query`, expected `key_padding_mask` to "
                                 f"be `None` or 1-D but found {key_padding_mask.dim()}-D "
                                 "tensor instead")
        if attn_mask is not None:
            if attn_mask.dim() not in (2, 3):
                raise AssertionError("For unbatched (2-D) `query`, expected `attn_mask` to be "
                                     f"`None`, 2-D or 3-D but found {attn_mask.dim()}-D tensor "
                                     "instead")
            expected = (num_heads, query.shape[0], key.shape[0])
            if attn_mask.dim() == 3 and attn_mask.shape != expected:
                raise AssertionError(f"Expected `attn_mask` shape to be {expected} but got "
                                     f"{attn_mask.shape}")
        return False
    raise AssertionError("query should be unbatched 2D or batched 3D tensor but received "
                         f"{query.dim()}-D query tensor")


def _in_projection_packed(q, k, v, w, b=None):
    """q, k and v projected by one packed weight, as PyTorch reshapes them (a view, a
    transpose and a contiguous copy: the grad_fns it records)."""
    E = q.size(-1)
    if k is v:
        if q is k:
            proj = linear(q, w, b)
            proj = (proj.view(*proj.shape[:-1], 3, E).unsqueeze(0).transpose(0, -2)
                    .squeeze(-2).contiguous())
            return proj[0], proj[1], proj[2]
        w_q, w_kv = w.split([E, E * 2])
        b_q, b_kv = (None, None) if b is None else b.split([E, E * 2])
        q_proj = linear(q, w_q, b_q)
        kv_proj = linear(k, w_kv, b_kv)
        kv_proj = (kv_proj.view(*kv_proj.shape[:-1], 2, E).unsqueeze(0).transpose(0, -2)
                   .squeeze(-2).contiguous())
        return q_proj, kv_proj[0], kv_proj[1]
    w_q, w_k, w_v = w.chunk(3)
    b_q, b_k, b_v = (None, None, None) if b is None else b.chunk(3)
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def _in_projection(q, k, v, w_q, w_k, w_v, b_q=None, b_k=None, b_v=None):
    Eq, Ek, Ev = q.size(-1), k.size(-1), v.size(-1)
    for what, w, shape in (("query", w_q, (Eq, Eq)), ("key", w_k, (Eq, Ek)),
                           ("value", w_v, (Eq, Ev))):
        if w.shape != shape:
            raise AssertionError(f"expecting {what} weights shape of {shape}, but got "
                                 f"{w.shape}")
    for what, b in (("query", b_q), ("key", b_k), ("value", b_v)):
        if b is not None and b.shape != (Eq,):
            raise AssertionError(f"expecting {what} bias shape of {(Eq,)}, but got {b.shape}")
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def _check_key_padding_mask(key_padding_mask, src_len, bsz):
    if key_padding_mask.shape[0] != bsz:
        raise AssertionError(f"Expected key_padded_mask.shape[0] to be {bsz}, but got "
                             f"{key_padding_mask.shape[0]}")
    if key_padding_mask.shape[1] != src_len:
        raise AssertionError(f"Expected key_padded_mask.shape[1] to be {src_len}, but got "
                             f"{key_padding_mask.shape[1]}")
