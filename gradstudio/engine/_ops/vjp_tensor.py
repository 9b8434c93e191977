"""``TF``: the helpers VJPs compute with when ``create_graph=True``, on tensors, so the
backward pass is itself recorded (its twin on numpy arrays is ``_ops.record.NP``)."""
from operator import methodcaller

import numpy as np

from .._tensor_class.core import TensorCore
from .dispatch import apply
from .._torch_functions.general import cat, stack, where
from .record import OPS

__all__ = ["TF"]


class TF:
    """The same helpers on tensors, recorded by autograd (for ``create_graph=True``)."""
    is_tensor = True

    exp, log, sin, cos, sqrt, abs, sign, tanh, sigmoid, log1p, rsqrt, sinh, cosh = (
        methodcaller(n) for n in ("exp", "log", "sin", "cos", "sqrt", "abs", "sign", "tanh",
                                  "sigmoid", "log1p", "rsqrt", "sinh", "cosh"))

    @staticmethod
    def clamp_min(a, low):
        return a.clamp(min=low)

    @staticmethod
    def matmul(a, b):
        return a.matmul(b)

    @staticmethod
    def where(c, a, b):
        return where(c, a, b)

    @staticmethod
    def expand(g, shape):
        return g.expand(*shape)

    @staticmethod
    def unsqueeze_dims(g, dims):
        for d in sorted(dims):
            g = g.unsqueeze(d)
        return g

    @staticmethod
    def sum(g, dims, keepdim):
        return g.sum(dims, keepdim=keepdim)

    @staticmethod
    def transpose(g, d0, d1):
        return g.transpose(d0, d1)

    @staticmethod
    def permute(g, dims):
        return g.permute(*dims)

    @staticmethod
    def t(g):
        return g.t()

    @staticmethod
    def mT(g):
        return g.transpose(-1, -2)

    @staticmethod
    def outer(a, b):
        return a.reshape(tuple(a.shape) + (1,) * b.ndim) * b

    @staticmethod
    def reshape(g, shape):
        return g.reshape(tuple(shape))

    @staticmethod
    def embed(g, shape, key, accumulate=False):
        return apply(OPS["_embed"], (g,), {"shape": tuple(shape), "key": key,
                                           "accumulate": accumulate})

    @staticmethod
    def take(g, key):
        return apply(OPS["_take"], (g,), {"key": key})

    @staticmethod
    def zero_at(g, key):
        return apply(OPS["_zero_at"], (g,), {"key": key})

    @staticmethod
    def fused(name, *args, **params):
        """A backward PyTorch records as one node (``SigmoidBackwardBackward0``)."""
        return apply(OPS[name], args, params or None)

    @staticmethod
    def zeros(g):
        return TensorCore._make(np.zeros(tuple(g.shape), g.dtype.np), g.dtype)

    @staticmethod
    def floor_quotient(a, b):
        return TensorCore._make(np.asarray(np.floor_divide(a._data, b._data)))

    @staticmethod
    def zeros_as(meta):
        return TensorCore._make(np.zeros(meta.shape, meta.dtype.np), meta.dtype)

    @staticmethod
    def cat(parts, dim):
        return cat(parts, dim)

    @staticmethod
    def stack(parts, dim):
        return stack(parts, dim)

    @staticmethod
    def mask(cond, like):
        return cond.to(like.dtype)

    @staticmethod
    def array(x):
        return x if isinstance(x, TensorCore) else TensorCore._make(np.asarray(x), None, False)

    @staticmethod
    def numpy(x):
        return x._data
