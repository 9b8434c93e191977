"""``F.multi_head_attention_forward``, step by step as ``torch/nn/functional.py`` writes
it: the checks, the in-projection, the masks, the scores (``baddbmm``/``bmm``, softmax,
dropout) or ``scaled_dot_product_attention`` when no weights are asked for, and the
out-projection (a matrix of rows through ``linear``: AddmmBackward0, then ViewBackward0)."""
import math

from .._ops.record import OPS
from .._ops.dispatch import apply
from .._torch_functions.general import bmm, cat
from .._torch_functions.factory import zeros
from ._attention import (_canonical_mask, _check_key_padding_mask, _in_projection,
                         _in_projection_packed, _mha_shape_check, _none_or_dtype,
                         scaled_dot_product_attention)
from ._linear_dropout import dropout, linear, pad
from .._torch_functions.general import softmax


def _masks(query, key_padding_mask, attn_mask, is_causal, need_weights):
    key_padding_mask = _canonical_mask(key_padding_mask, "key_padding_mask",
                                       _none_or_dtype(attn_mask), "attn_mask", query.dtype)
    if is_causal and attn_mask is None:
        raise RuntimeError("Need attn_mask if specifying the is_causal hint. You may use the "
                           "Transformer module method `generate_square_subsequent_mask` to "
                           "create this mask.")
    if is_causal and key_padding_mask is None and not need_weights:
        attn_mask = None     # (the hint alone tells scaled_dot_product_attention)
    else:
        attn_mask = _canonical_mask(attn_mask, "attn_mask", None, "", query.dtype,
                                    check_other=False)
        if key_padding_mask is not None:
            is_causal = False
    return key_padding_mask, attn_mask, is_causal


def _project(query, key, value, embed_dim_to_check, num_heads, in_proj_weight, in_proj_bias,
             separate, q_proj_weight, k_proj_weight, v_proj_weight):
    embed_dim = query.shape[2]
    if embed_dim != embed_dim_to_check:
        raise AssertionError(f"was expecting embedding dimension of {embed_dim_to_check}, but "
                             f"got {embed_dim}")
    head_dim = embed_dim // num_heads
    if head_dim * num_heads != embed_dim:
        raise AssertionError(f"embed_dim {embed_dim} not divisible by num_heads {num_heads}")
    if separate:
        if key.shape[:2] != value.shape[:2]:
            raise AssertionError(f"key's sequence and batch dims {key.shape[:2]} do not match "
                                 f"value's {value.shape[:2]}")
    elif key.shape != value.shape:
        raise AssertionError(f"key shape {key.shape} does not match value shape {value.shape}")
    if not separate:
        if in_proj_weight is None:
            raise AssertionError("use_separate_proj_weight is False but in_proj_weight is None")
        return head_dim, _in_projection_packed(query, key, value, in_proj_weight, in_proj_bias)
    for name, w in (("q", q_proj_weight), ("k", k_proj_weight), ("v", v_proj_weight)):
        if w is None:
            raise AssertionError(f"use_separate_proj_weight is True but {name}_proj_weight is "
                                 "None")
    b = (None, None, None) if in_proj_bias is None else in_proj_bias.chunk(3)
    return head_dim, _in_projection(query, key, value, q_proj_weight, k_proj_weight,
                                    v_proj_weight, *b)


def _attn_mask_3d(attn_mask, tgt_len, src_len, bsz, num_heads):
    if attn_mask is None:
        return None
    if attn_mask.dim() == 2:
        if attn_mask.shape != (tgt_len, src_len):
            raise RuntimeError(f"The shape of the 2D attn_mask is {attn_mask.shape}, but "
                               f"should be {(tgt_len, src_len)}.")
        return attn_mask.unsqueeze(0)
    if attn_mask.dim() == 3:
        if attn_mask.shape != (bsz * num_heads, tgt_len, src_len):
            raise RuntimeError(f"The shape of the 3D attn_mask is {attn_mask.shape}, but "
                               f"should be {(bsz * num_heads, tgt_len, src_len)}.")
        return attn_mask
    raise RuntimeError(f"attn_mask's dimension {attn_mask.dim()} is not supported")


def _bias_kv(k, v, bias_k, bias_v, static_k, static_v, attn_mask, key_padding_mask, bsz):
    if bias_k is not None and bias_v is not None:
        if static_k is not None:
            raise AssertionError("bias cannot be added to static key.")
        if static_v is not None:
            raise AssertionError("bias cannot be added to static value.")
        k = cat([k, bias_k.repeat(1, bsz, 1)])
        v = cat([v, bias_v.repeat(1, bsz, 1)])
        if attn_mask is not None:
            attn_mask = pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = pad(key_padding_mask, (0, 1))
    elif bias_k is not None:
        raise AssertionError("bias_k is set but bias_v is None")
    elif bias_v is not None:
        raise AssertionError("bias_v is set but bias_k is None")
    return k, v, attn_mask, key_padding_mask


def _heads(t, static, n_heads, head_dim, what):
    """``t`` as (batch * heads, length, head_dim), or the static one given."""
    if static is None:
        return t.view(t.shape[0], n_heads, head_dim).transpose(0, 1)
    if static.size(0) != n_heads:
        raise AssertionError(f"expecting static_{what}.size(0) of {n_heads}, but got "
                             f"{static.size(0)}")
    if static.size(2) != head_dim:
        raise AssertionError(f"expecting static_{what}.size(2) of {head_dim}, but got "
                             f"{static.size(2)}")
    return static


def _zero_attn(k, v, attn_mask, key_padding_mask, n_heads, head_dim):
    shape = (n_heads, 1, head_dim)
    k = cat([k, zeros(shape, dtype=k.dtype)], dim=1)
    v = cat([v, zeros(shape, dtype=v.dtype)], dim=1)
    if attn_mask is not None:
        attn_mask = pad(attn_mask, (0, 1))
    if key_padding_mask is not None:
        key_padding_mask = pad(key_padding_mask, (0, 1))
    return k, v, attn_mask, key_padding_mask


def _merge_padding(attn_mask, key_padding_mask, bsz, num_heads, src_len):
    if key_padding_mask is None:
        return attn_mask
    _check_key_padding_mask(key_padding_mask, src_len, bsz)
    key_padding_mask = (key_padding_mask.view(bsz, 1, 1, src_len)
                        .expand(-1, num_heads, -1, -1).reshape(bsz * num_heads, 1, src_len))
    return key_padding_mask if attn_mask is None else attn_mask + key_padding_mask


def _with_weights(q, k, v, attn_mask, dropout_p, is_causal, shape, average):
    """The scores written out (need_weights=True): returns the heads' output, and the
    weights per head or averaged over them."""
    tgt_len, bsz, num_heads, src_len = shape
    E = q.shape[2]
    q_scaled = q * math.sqrt(1.0 / float(E))
    if is_causal and attn_mask is None:
        raise AssertionError("FIXME: is_causal not implemented for need_weights")
    if attn_mask is not None:
        weights = apply(OPS["baddbmm"], (attn_mask, q_scaled, k.transpose(-2, -1)))
    else:
        weights = bmm(q_scaled, k.transpose(-2, -1))
    weights = softmax(weights, dim=-1)
    if dropout_p > 0.0:
        weights = dropout(weights, p=dropout_p)
    out = bmm(weights, v)
    weights = weights.view(bsz, num_heads, tgt_len, src_len)
    if average:
        weights = weights.mean(dim=1)
    return out.transpose(0, 1).reshape(tgt_len * bsz, q.shape[2] * num_heads), weights


def _without_weights(q, k, v, attn_mask, dropout_p, is_causal, shape):
    tgt_len, bsz, num_heads, src_len = shape
    if attn_mask is not None:
        if attn_mask.size(0) == 1 and attn_mask.dim() == 3:
            attn_mask = attn_mask.unsqueeze(0)
        else:
            attn_mask = attn_mask.view(bsz, num_heads, -1, src_len)
    head_dim = q.shape[2]
    q = q.view(bsz, num_heads, tgt_len, head_dim)
    k = k.view(bsz, num_heads, src_len, head_dim)
    v = v.view(bsz, num_heads, src_len, head_dim)
    out = scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, is_causal)
    return out.permute(2, 0, 1, 3).reshape(bsz * tgt_len, head_dim * num_heads)


def multi_head_attention_forward(
        query, key, value, embed_dim_to_check, num_heads, in_proj_weight, in_proj_bias,
        bias_k, bias_v, add_zero_attn, dropout_p, out_proj_weight, out_proj_bias,
        training=True, key_padding_mask=None, need_weights=True, attn_mask=None,
        use_separate_proj_weight=False, q_proj_weight=None, k_proj_weight=None,
        v_proj_weight=None, static_k=None, static_v=None, average_attn_weights=True,
        is_causal=False):
    """Multi-head attention of ``query`` over ``key``/``value``: see
    ``nn.MultiheadAttention``."""
    is_batched = _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads)
    if not is_batched:
        query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    tgt_len, bsz, embed_dim = query.shape
    src_len = key.shape[0]
    key_padding_mask, attn_mask, is_causal = _masks(query, key_padding_mask, attn_mask,
                                                    is_causal, need_weights)
    head_dim, (q, k, v) = _project(query, key, value, embed_dim_to_check, num_heads,
                                   in_proj_weight, in_proj_bias, use_separate_proj_weight,
                                   q_proj_weight, k_proj_weight, v_proj_weight)
    attn_mask = _attn_mask_3d(attn_mask, tgt_len, src_len, bsz, num_heads)
    k, v, attn_mask, key_padding_mask = _bias_kv(k, v, bias_k, bias_v, static_k, static_v,
                                                 attn_mask, key_padding_mask, bsz)
    n = bsz * num_heads
    q = q.view(tgt_len, n, head_dim).transpose(0, 1)
    k, v = _heads(k, static_k, n, head_dim, "k"), _heads(v, static_v, n, head_dim, "v")
    if add_zero_attn:
        k, v, attn_mask, key_padding_mask = _zero_attn(k, v, attn_mask, key_padding_mask, n,
                                                       head_dim)
    src_len = k.size(1)
    attn_mask = _merge_padding(attn_mask, key_padding_mask, bsz, num_heads, src_len)
    shape = (tgt_len, bsz, num_heads, src_len)
    p = dropout_p if training else 0.0
    if need_weights:
        out, weights = _with_weights(q, k, v, attn_mask, p, is_causal, shape,
                                     average_attn_weights)
    else:
        out, weights = _without_weights(q, k, v, attn_mask, p, is_causal, shape), None
    out = linear(out, out_proj_weight, out_proj_bias)
    out = out.view(tgt_len, bsz, out.size(1))
    if not is_batched:
        out = out.squeeze(1)
        weights = None if weights is None else weights.squeeze(0)
    return out, weights
