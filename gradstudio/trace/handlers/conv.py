"""``torch.nn.functional``'s convolutions and poolings (``F.conv2d``, ``F.max_pool1d`` ...):
one node of the kind of their name when their arguments fit it, else the ops they ran
(``kinds.composite``; the records are ``conv_ops``'s)."""
from functools import partial

from gradstudio.engine import inspect as raw

from ..conv_ops import conv_call, pool_call
from .kinds import composite

_CONV = ("conv1d", "conv2d")
_POOL = ("max_pool1d", "max_pool2d", "avg_pool1d", "avg_pool2d", "adaptive_avg_pool1d",
         "adaptive_avg_pool2d", "adaptive_max_pool2d")


def _conv(kind, rec, out, *args, **kwargs):
    return conv_call(kind, raw.is_tensor, out, *args, **kwargs)


def _pool(kind, rec, out, *args, **kwargs):
    return pool_call(kind, raw.is_tensor, out, *args, **kwargs)


def handlers(rec):
    """The convolutions' and poolings' handlers for ``rec``, by observed name."""
    h = {f"torch.nn.functional.{k}": composite(rec, partial(_conv, k, rec)) for k in _CONV}
    h.update({f"torch.nn.functional.{k}": composite(rec, partial(_pool, k, rec))
              for k in _POOL})
    return h
