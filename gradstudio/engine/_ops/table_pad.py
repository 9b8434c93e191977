"""The op table, continued: ``constant_pad_nd`` (``F.pad`` with ``mode='constant'``):
pads (or, for negative amounts, crops) the last dimensions, pairs of amounts from the last
dimension backwards, filling with ``value``. Its VJP pads the gradient by the negated
amounts (PyTorch's ``constant_pad_nd_backward``), so it is ``ConstantPadNdBackward0``
again at second order.

The package imports this module with the other tables, whose conventions it follows."""
import numpy as np

from .record import Grad, Param, defop


def _pairs(ndim, pad):
    """(before, after) per dimension, from PyTorch's flat list (last dimension first)."""
    pairs = [(0, 0)] * ndim
    for k in range(len(pad) // 2):
        pairs[ndim - 1 - k] = (pad[2 * k], pad[2 * k + 1])
    return pairs


def constant_pad_nd(a, pad=(), value=0.0):
    pairs = _pairs(a.ndim, pad)
    crop = tuple(slice(max(0, -lo), a.shape[d] - max(0, -hi)) for d, (lo, hi)
                 in enumerate(pairs))
    a = a[crop]
    widths = [(max(0, lo), max(0, hi)) for lo, hi in pairs]
    fill = np.array(value).astype(a.dtype) if a.dtype != np.bool_ else bool(value)
    return np.pad(a, widths, constant_values=fill)


defop("constant_pad_nd", "ConstantPadNdBackward0", constant_pad_nd,
      Grad(lambda F, g, out, a, pad, value: F.fused(
          "constant_pad_nd", g, pad=tuple(-p for p in pad), value=0.0),
          formula="constant_pad_nd(grad, -pad, 0)"),
      params=(Param("pad", "shape", (), "amounts to pad, from the last dimension back"),
              Param("value", "float", 0.0, "the value to fill with")),
      dtype="keep", category="internal",
      code="torch.nn.functional.pad({self}, {pad}, value={value})",
      doc="Pads the last dimensions with a constant (negative amounts crop).")
