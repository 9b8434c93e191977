"""The op table, continued: convolution (ConvolutionBackward0, any number of spatial
dimensions, with stride, padding, dilation and groups), and ``im2col`` / ``col2im``
(Im2ColBackward0 / Col2ImBackward0: ``nn.functional.unfold`` / ``fold``) which are each
other's gradient. A convolution computes as PyTorch's reference CPU path does: the
input's patches as columns (im2col), one matrix product per group, the bias added.

Under ``create_graph=True`` a convolution's gradients are recorded as ``col2im``,
``im2col``, matrix products and sums (PyTorch records one ConvolutionBackwardBackward0
node there), so second derivatives are right. None is a palette kind of its own yet
(``category="internal"``): each needs a weight shaped for its input."""
import math

import numpy as np

from .._cpu_kernels.cascade_sum import cascade_sum
from .record import INTEGERS, Grad, Param, defop, no_kernel

_GEOMETRY = (Param("kernel_size", "shape", (1,)), Param("dilation", "shape", (1,)),
             Param("padding", "shape", (0,)), Param("stride", "shape", (1,)))


def out_size(size, k, d, p, s):
    """The number of places a kernel of ``k`` (dilation ``d``) takes along a dimension of
    ``size`` padded by ``p`` on both sides, in steps of ``s``."""
    return (size + 2 * p - d * (k - 1) - 1) // s + 1


def _spots(spatial, kernel_size, dilation, padding, stride):
    return tuple(out_size(n, k, d, p, s) for n, k, d, p, s in
                 zip(spatial, kernel_size, dilation, padding, stride))


def _windows(kernel_size, dilation, stride, outs):
    """For each kernel offset (in PyTorch's order: the last dimension fastest), the slices
    of the padded input it reads."""
    for offset in np.ndindex(*kernel_size):
        yield tuple(slice(o * d, o * d + s * (n - 1) + 1, s)
                    for o, d, s, n in zip(offset, dilation, stride, outs))


def im2col(x, kernel_size=(1,), dilation=(1,), padding=(0,), stride=(1,)):
    """(N, C, *spatial) -> (N, C * prod(kernel_size), L): each patch a column, channel
    by channel, the kernel's offsets within a channel (PyTorch's unfold layout)."""
    n, c = x.shape[:2]
    outs = _spots(x.shape[2:], kernel_size, dilation, padding, stride)
    xp = np.pad(x, ((0, 0), (0, 0)) + tuple((p, p) for p in padding))
    cols = np.empty((n, c, math.prod(kernel_size)) + outs, x.dtype)
    for i, key in enumerate(_windows(kernel_size, dilation, stride, outs)):
        cols[:, :, i] = xp[(slice(None), slice(None)) + key]
    return cols.reshape(n, c * math.prod(kernel_size), math.prod(outs))


def col2im(cols, output_size=(1,), kernel_size=(1,), dilation=(1,), padding=(0,),
           stride=(1,)):
    """The adjoint of ``im2col``: each column's values added back where they came from."""
    n = cols.shape[0]
    k = math.prod(kernel_size)
    c = cols.shape[1] // k
    outs = _spots(output_size, kernel_size, dilation, padding, stride)
    blocks = cols.reshape((n, c, k) + outs)
    xp = np.zeros((n, c) + tuple(s + 2 * p for s, p in zip(output_size, padding)), cols.dtype)
    for i, key in enumerate(_windows(kernel_size, dilation, stride, outs)):
        xp[(slice(None), slice(None)) + key] += blocks[:, :, i]
    inner = tuple(slice(p, p + s) for p, s in zip(padding, output_size))
    return xp[(slice(None), slice(None)) + inner]


def _geometry(p):
    return {k: p[k] for k in ("kernel_size", "dilation", "padding", "stride")}


defop("im2col", "Im2ColBackward0", im2col,
      Grad(lambda F, g, out, a, **p: F.fused("col2im", g, output_size=tuple(a.shape[2:]),
                                             **p), (), formula="torch.nn.functional.fold("
           "grad, self.shape[2:], kernel_size, dilation, padding, stride)"),
      params=_GEOMETRY, dtype="keep", category="internal",
      refuses=no_kernel("im2col_out_cpu", INTEGERS),
      code="torch.nn.functional.unfold({self}, {kernel_size})",
      doc="The patches of an image as columns (nn.functional.unfold).")
defop("col2im", "Col2ImBackward0", col2im,
      Grad(lambda F, g, out, a, output_size, **p: F.fused("im2col", g, **p), (),
           formula="torch.nn.functional.unfold(grad, kernel_size, dilation, padding, stride)"),
      params=(Param("output_size", "shape", (1,)),) + _GEOMETRY, dtype="keep",
      category="internal", refuses=no_kernel("col2im_out_cpu", INTEGERS), code="torch.nn.functional.fold({self}, {output_size}, "
                                "{kernel_size})",
      doc="Columns summed back into an image (nn.functional.fold).")


# ---------------------------------------------------------------- convolution
def _conv_params(weight_shape, stride, padding, dilation):
    return {"kernel_size": tuple(weight_shape[2:]), "dilation": tuple(dilation),
            "padding": tuple(padding), "stride": tuple(stride)}


def _convolution(x, w, b, stride=(1,), padding=(0,), dilation=(1,), groups=1):
    geo = _conv_params(w.shape, stride, padding, dilation)
    cols = im2col(x, **geo)                                  # (N, C*K, L)
    outs = _spots(x.shape[2:], **geo)
    co = w.shape[0]
    wg = w.reshape(groups, co // groups, -1)                 # (G, Co/G, C/G*K)
    cg = cols.reshape(cols.shape[0], groups, wg.shape[2], -1)  # (N, G, C/G*K, L)
    out = np.matmul(wg[None], cg).reshape((x.shape[0], co) + outs)
    if b is not None:
        out = out + b.reshape((1, co) + (1,) * len(outs))
    return out.astype(x.dtype, copy=False)


def _grad_out(F, g, groups):
    """The incoming gradient as (N, G, Co/G, L)."""
    return F.reshape(g, (g.shape[0], groups, g.shape[1] // groups, -1))


def _conv_input_grad(F, g, out, x, w, b, stride=(1,), padding=(0,), dilation=(1,), groups=1):
    geo = _conv_params(w.shape, stride, padding, dilation)
    wg = F.reshape(w, (1, groups, w.shape[0] // groups, -1))
    cols = F.matmul(F.transpose(wg, -1, -2), _grad_out(F, g, groups))  # (N, G, C/G*K, L)
    cols = F.reshape(cols, (g.shape[0], -1, cols.shape[-1]))
    return F.fused("col2im", cols, output_size=tuple(x.shape[2:]), **geo)


def _conv_weight_grad(F, g, out, x, w, b, stride=(1,), padding=(0,), dilation=(1,),
                      groups=1):
    geo = _conv_params(w.shape, stride, padding, dilation)
    cols = F.fused("im2col", x, **geo)
    cg = F.reshape(cols, (cols.shape[0], groups, -1, cols.shape[-1]))   # (N, G, C/G*K, L)
    per_sample = F.matmul(_grad_out(F, g, groups), F.transpose(cg, -1, -2))
    return F.reshape(F.sum(per_sample, (0,), False), tuple(w.shape))


def _conv_bias_grad(F, g, out, x, w, b, **params):
    return F.sum(g, (0,) + tuple(range(2, len(g.shape))), False)


_CONV_PARAMS = (Param("stride", "shape", (1,)), Param("padding", "shape", (0,)),
                Param("dilation", "shape", (1,)), Param("groups", "int", 1))
defop("convolution", "ConvolutionBackward0", _convolution,
      Grad(_conv_input_grad, (1,), formula="torch.nn.grad.conv2d_input(input.shape, weight, "
           "grad, stride, padding, dilation, groups)"),
      Grad(_conv_weight_grad, (0,), formula="torch.nn.grad.conv2d_weight(input, weight.shape, "
           "grad, stride, padding, dilation, groups)"),
      Grad(_conv_bias_grad, (), formula="grad.sum(0).flatten(1).sum(1)"),
      args=("input", "weight", "bias"), params=_CONV_PARAMS, dtype="keep",
      category="internal",
      code="torch.convolution({input}, {weight}, {bias}, {stride}, {padding}, {dilation}, "
           "False, (0,), {groups})",
      doc="A convolution: each output channel the weighted sum of the input's patches.")
