"""The op table, continued: 2-d pooling over the last two dimensions of a (C, H, W) or
(N, C, H, W) input, as PyTorch's CPU kernels compute it: ``max_pool2d``
(MaxPool2DWithIndicesBackward0: the first largest value of each window, the last nan
wins; the indices are flat positions in H * W), ``avg_pool2d`` (AvgPool2DBackward0:
padding counted or not, a divisor override), ``adaptive_avg_pool2d``
(AdaptiveAvgPool2DBackward0: windows from floor(i * in / out) to ceil((i + 1) * in /
out)) and ``adaptive_max_pool2d`` (AdaptiveMaxPool2DBackward0 over those windows; its
backward is one op, AdaptiveMaxPool2DBackwardBackward0 under ``create_graph=True``, as
PyTorch records it). The other gradients under ``create_graph=True`` are recorded as the
linear maps they are (an ``_embed`` of the gradient at the indices, or a pooling again).
None is a palette kind of its own yet (``category="internal"``)."""
import numpy as np

from .record import INTEGRAL, NP, Grad, Param, defop, no_kernel


def pool_out(size, k, s, p, d, ceil_mode):
    """PyTorch's ``pooling_output_shape``."""
    top = size + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil_mode else 0)
    out = top // s + 1
    if ceil_mode and (out - 1) * s >= size + p:
        out -= 1
    return out


_POOL = (Param("kernel_size", "shape", (1, 1)), Param("stride", "shape", (1, 1)),
         Param("padding", "shape", (0, 0)), Param("ceil_mode", "bool", False))


def _max_windows(a, kernel_size, stride, padding, dilation, ceil_mode):
    """Each output's window: the input values (-inf outside) and their flat indices."""
    h, w = a.shape[-2:]
    oh, ow = (pool_out(n, k, s, p, d, ceil_mode) for n, k, s, p, d in
              zip((h, w), kernel_size, stride, padding, dilation))
    vals, idx = [], []
    for ki in range(kernel_size[0]):
        for kj in range(kernel_size[1]):
            rows = np.arange(oh) * stride[0] - padding[0] + ki * dilation[0]
            cols = np.arange(ow) * stride[1] - padding[1] + kj * dilation[1]
            ok = ((rows >= 0) & (rows < h))[:, None] & ((cols >= 0) & (cols < w))[None, :]
            r, c = np.clip(rows, 0, h - 1)[:, None], np.clip(cols, 0, w - 1)[None, :]
            v = a[..., r, c]
            vals.append(np.where(ok, v, -np.inf).astype(a.dtype))
            idx.append(np.broadcast_to(np.where(ok, r * w + c, -1), (oh, ow)))
    return np.stack(vals), np.stack(idx)


def max_pool_indices(a, kernel_size, stride, padding, dilation, ceil_mode):
    vals, idx = _max_windows(a, kernel_size, stride, padding, dilation, ceil_mode)
    # (PyTorch's kernel: from -inf at the window's first position inside the input, the
    # first largest, the last nan)
    best = np.broadcast_to(np.argmax(idx >= 0, 0), vals.shape[1:]).astype(np.int64)
    top = np.full(vals.shape[1:], -np.inf, vals.dtype)
    for i in range(len(vals)):
        take = (vals[i] > top) | np.isnan(vals[i])
        top = np.where(take, vals[i], top)
        best = np.where(take, i, best)
    lead = (1,) * (best.ndim - 2)
    idx = np.broadcast_to(idx.reshape(idx.shape[:1] + lead + idx.shape[1:]),
                          idx.shape[:1] + best.shape)
    flat = np.take_along_axis(idx, best[None], 0)[0]
    return top, flat


def _max_pool(a, kernel_size=(1, 1), stride=(1, 1), padding=(0, 0), dilation=(1, 1),
              ceil_mode=False, indices=None):
    return max_pool_indices(a, kernel_size, stride, padding, dilation, ceil_mode)[0]


def _max_pool_grad(F, g, out, a, indices=None, **params):
    """The gradient of each output added at its window's largest input."""
    flat = indices._data
    lead = tuple(a.shape[:-2])
    key = tuple(np.indices(lead + flat.shape[-2:], sparse=True)[:-2]) + (flat,)
    size = tuple(lead) + (a.shape[-2] * a.shape[-1],)
    return F.reshape(F.embed(g, size, key, accumulate=True), tuple(a.shape))


defop("max_pool2d", "MaxPool2DWithIndicesBackward0", _max_pool,
      Grad(_max_pool_grad, (), formula="torch.zeros_like(self).flatten(-2).scatter_add("
           "-1, indices.flatten(-2), grad.flatten(-2)).view_as(self)"),
      params=_POOL + (Param("dilation", "shape", (1, 1)),), saved_params=("indices",),
      dtype="keep", category="internal",
      code="torch.nn.functional.max_pool2d({self}, {kernel_size}, {stride}, {padding}, "
           "{dilation}, {ceil_mode})",
      doc="The largest value of each window.")


def _avg_divisors(shape, kernel_size, stride, padding, ceil_mode, count_include_pad,
                  divisor_override):
    h, w = shape
    oh, ow = (pool_out(n, k, s, p, 1, ceil_mode) for n, k, s, p in
              zip((h, w), kernel_size, stride, padding))
    spans = []
    for n, o, k, s, p in zip((h, w), (oh, ow), kernel_size, stride, padding):
        start = np.arange(o) * s - p
        end = np.minimum(start + k, n + p)
        pool = end - start
        start, end = np.maximum(start, 0), np.minimum(end, n)
        spans.append((start, end, pool))
    (r0, r1, rp), (c0, c1, cp) = spans
    if divisor_override:
        div = np.full((oh, ow), divisor_override)
    elif count_include_pad:
        div = rp[:, None] * cp[None, :]
    else:
        div = (r1 - r0)[:, None] * (c1 - c0)[None, :]
    return spans, div


def _avg_pool(a, kernel_size=(1, 1), stride=(1, 1), padding=(0, 0), ceil_mode=False,
              count_include_pad=True, divisor_override=None):
    spans, div = _avg_divisors(a.shape[-2:], kernel_size, stride, padding, ceil_mode,
                               count_include_pad, divisor_override)
    (r0, r1, _), (c0, c1, _) = spans
    out = np.empty(a.shape[:-2] + div.shape, a.dtype)
    for i in range(div.shape[0]):
        for j in range(div.shape[1]):
            out[..., i, j] = _window_sum(a[..., r0[i]:r1[i], c0[j]:c1[j]]) \
                / a.dtype.type(div[i, j])
    return out


def _window_sum(window):
    """A window's sum as PyTorch's kernel adds it: from zero, row by row, in order."""
    flat = window.reshape(window.shape[:-2] + (-1,))
    total = np.zeros(flat.shape[:-1], flat.dtype)
    for t in range(flat.shape[-1]):
        total = total + flat[..., t]
    return total


def _avg_pool_grad(F, g, out, a, kernel_size=(1, 1), stride=(1, 1), padding=(0, 0),
                   ceil_mode=False, count_include_pad=True, divisor_override=None):
    spans, div = _avg_divisors(a.shape[-2:], kernel_size, stride, padding, ceil_mode,
                               count_include_pad, divisor_override)
    (r0, r1, _), (c0, c1, _) = spans
    if not F.is_tensor:       # (PyTorch's kernel: each output's share added in turn)
        return _add_shares(g, a.shape, r0, r1, c0, c1,
                           lambda v, i, j: v / g.dtype.type(div[i, j]))
    m = np.zeros(div.shape + tuple(a.shape[-2:]))      # each output's share of each input
    for i in range(div.shape[0]):
        for j in range(div.shape[1]):
            m[i, j, r0[i]:r1[i], c0[j]:c1[j]] = 1.0 / div[i, j]
    return _spread(F, g, m, a)


def _add_shares(g, shape, r0, r1, c0, c1, share):
    grad = np.zeros(tuple(shape), g.dtype)
    for i in range(len(r0)):
        for j in range(len(c0)):
            grad[..., r0[i]:r1[i], c0[j]:c1[j]] += share(g[..., i, j], i, j)[..., None, None]
    return grad


def _spread(F, g, m, a):
    """``sum over outputs (i, j) of g[..., i, j] * m[i, j]``, as a matrix product."""
    oh, ow, h, w = m.shape
    dt = g.dtype.np if F.is_tensor else g.dtype
    mat = F.array(m.reshape(oh * ow, h * w).astype(dt))
    flat = F.reshape(g, tuple(g.shape[:-2]) + (oh * ow,))
    lead = len(g.shape) - 2
    shaped = F.reshape(flat, tuple(g.shape[:-2]) + (1, oh * ow)) if lead >= 0 else flat
    return F.reshape(F.matmul(shaped, mat), tuple(a.shape))


defop("avg_pool2d", "AvgPool2DBackward0", _avg_pool,
      Grad(_avg_pool_grad, (), formula="torch.ops.aten.avg_pool2d_backward(grad, self, "
           "kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)"),
      params=_POOL + (Param("count_include_pad", "bool", True),
                      Param("divisor_override", "int", None)),
      dtype="keep", category="internal",
      code="torch.nn.functional.avg_pool2d({self}, {kernel_size}, {stride}, {padding}, "
           "{ceil_mode}, {count_include_pad}, {divisor_override})",
      doc="The mean of each window.")


def adaptive_spans(n, o):
    start = (np.arange(o) * n) // o
    end = -((-(np.arange(o) + 1) * n) // o)
    return start, end


def _adaptive_avg(a, output_size=(1, 1)):
    (r0, r1), (c0, c1) = (adaptive_spans(n, o) for n, o in zip(a.shape[-2:], output_size))
    out = np.empty(a.shape[:-2] + tuple(output_size), a.dtype)
    for i in range(output_size[0]):
        for j in range(output_size[1]):
            total = _window_sum(a[..., r0[i]:r1[i], c0[j]:c1[j]])
            # (PyTorch's kernel divides by the window's height, then by its width)
            out[..., i, j] = total / a.dtype.type(r1[i] - r0[i]) / a.dtype.type(c1[j] - c0[j])
    return out


def _adaptive_avg_grad(F, g, out, a, output_size=(1, 1)):
    (r0, r1), (c0, c1) = (adaptive_spans(n, o) for n, o in zip(a.shape[-2:], output_size))
    if not F.is_tensor:
        dt = g.dtype.type
        return _add_shares(g, a.shape, r0, r1, c0, c1,
                           lambda v, i, j: v / dt(r1[i] - r0[i]) / dt(c1[j] - c0[j]))
    m = np.zeros(tuple(output_size) + tuple(a.shape[-2:]))
    for i in range(output_size[0]):
        for j in range(output_size[1]):
            m[i, j, r0[i]:r1[i], c0[j]:c1[j]] = 1.0 / ((r1[i] - r0[i]) * (c1[j] - c0[j]))
    return _spread(F, g, m, a)


defop("adaptive_avg_pool2d", "AdaptiveAvgPool2DBackward0", _adaptive_avg,
      Grad(_adaptive_avg_grad, (), formula="torch.ops.aten._adaptive_avg_pool2d_backward("
           "grad, self)"),
      params=(Param("output_size", "shape", (1, 1)),), dtype="keep", category="internal",
      refuses=no_kernel("adaptive_avg_pool2d", INTEGRAL),
      code="torch.nn.functional.adaptive_avg_pool2d({self}, {output_size})",
      doc="The mean of each of output_size windows that tile the input.")


def adaptive_max_indices(a, output_size):
    """PyTorch's CPU adaptive max pooling: each window's first largest value, the last nan
    if it holds one (its kernel takes ``val > max || isnan(val)``), and its flat index."""
    h, w = a.shape[-2:]
    (r0, r1), (c0, c1) = (adaptive_spans(n, o) for n, o in zip((h, w), output_size))
    top = np.empty(a.shape[:-2] + tuple(output_size), a.dtype)
    flat = np.empty(top.shape, np.int64)
    for i in range(output_size[0]):
        for j in range(output_size[1]):
            win = a[..., r0[i]:r1[i], c0[j]:c1[j]]
            ww = win.shape[-1]
            win = win.reshape(win.shape[:-2] + (-1,))
            nan = np.isnan(win)
            last_nan = win.shape[-1] - 1 - np.argmax(nan[..., ::-1], -1)
            at = np.where(nan.any(-1), last_nan, np.argmax(win, -1))
            top[..., i, j] = np.take_along_axis(win, at[..., None], -1)[..., 0]
            flat[..., i, j] = (r0[i] + at // ww) * w + c0[j] + at % ww
    return top, flat


def _adaptive_max(a, output_size=(1, 1), indices=None):
    return adaptive_max_indices(a, output_size)[0]


def _adaptive_max_grad(F, g, out, a, indices=None, **params):
    return F.fused("adaptive_max_pool2d_backward", g, a, indices=indices)


def _adaptive_max_backward(g, a, indices=None):
    """PyTorch's ``adaptive_max_pool2d_backward``: its check, then each output's gradient
    added at its window's largest input (one node, AdaptiveMaxPool2DBackwardBackward0,
    under ``create_graph=True``)."""
    for i in range(1, g.ndim):
        if g.shape[i] == 0:
            raise RuntimeError("adaptive_max_pool2d_backward(): Expected grad_output to have "
                               "non-zero size for non-batch dimensions, but grad_output has "
                               f"sizes {list(g.shape)} with dimension {i} being empty")
    return _max_pool_grad(NP, g, None, a, indices)


def _gather_at(F, gg, res, g, a, indices=None):
    """``max_pool_double_backward``: the incoming gradient read at the indices."""
    flat = indices._data
    lead = tuple(gg.shape[:-2])
    key = tuple(np.indices(lead + flat.shape[-2:], sparse=True)[:-2]) + (flat,)
    return F.take(F.reshape(gg, lead + (gg.shape[-2] * gg.shape[-1],)), key)


defop("adaptive_max_pool2d_backward", "AdaptiveMaxPool2DBackwardBackward0",
      _adaptive_max_backward,
      Grad(_gather_at, (), formula="grad.flatten(-2).gather(-1, indices.flatten(-2))"
           ".view_as(grad_output)"),
      Grad(lambda F, gg, res, g, a, indices=None: F.zeros(gg),
           formula="torch.zeros_like(self)"),
      args=("grad_output", "self"), saved_params=("indices",), dtype="keep",
      category="internal", doc="The backward of adaptive_max_pool2d.")


defop("adaptive_max_pool2d", "AdaptiveMaxPool2DBackward0", _adaptive_max,
      Grad(_adaptive_max_grad, (0,), formula="torch.zeros_like(self).flatten(-2).scatter_add("
           "-1, indices.flatten(-2), grad.flatten(-2)).view_as(self)"),
      params=(Param("output_size", "shape", (1, 1)),), saved_params=("indices",),
      dtype="keep", category="internal",
      refuses=no_kernel("adaptive_max_pool2d", INTEGRAL),
      code="torch.nn.functional.adaptive_max_pool2d({self}, {output_size})",
      doc="The largest value of each of output_size windows that tile the input.")
