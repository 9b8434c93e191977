"""Sampling from distributions given by tensors: ``bernoulli``, ``multinomial``,
``normal`` with tensor arguments, ``exponential_`` and ``randint_like``, drawing from
PyTorch's generator exactly as its CPU kernels do:

- ``bernoulli(p)``: one uniform per element, float32 for float32 probabilities (float64 for
  float64 ones), 1 where it is below p; ``bernoulli(x, p)`` / ``bernoulli_(p)`` with a
  number p: float64 uniforms.
- ``exponential_``: ``-1/lambda * log1p(-u)`` of float64 uniforms, rounded once.
- ``multinomial``: with replacement, a float64 uniform per sample looked up in the
  normalised running sum of the row (float32, its last entry forced to 1); one sample,
  or without replacement, the Gumbel trick PyTorch uses: ``p / Exp(1)``, then argmax or
  ``topk`` (whose order of ties ``_cpu_kernels.stl_sort`` follows).
- ``normal(mean, std)`` with a tensor: standard normals, times std, plus mean.
"""
import numpy as np

from .._types import dtype as D
from .._tensor_class.core import TensorCore
from .._ops.dispatch import apply, inplace
from .factory import _finish, _gen, _size, randint
from .._ops.record import OPS as OPS_, Grad, defop, no_derivative
from .._cpu_kernels.stl_sort import topk_order
from .._tensor_class.shape import expanded_shape
from ..observer import observed

__all__ = ["bernoulli", "multinomial", "normal", "randint_like", "SamplingMixin"]


def _bernoulli_tensor(p, generator=None, wide=None):
    """1 where a uniform drawn per element is below p: float64 uniforms for float64
    probabilities (``wide``), else float32."""
    if p.size and not ((p >= 0) & (p <= 1)).all():
        raise RuntimeError("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could "
                           "this error message be improved?  If so, please report an "
                           "enhancement request to PyTorch.)")
    wide = p.dtype == np.float64 if wide is None else wide
    u = generator._unit(p.size, np.float64 if wide else np.float32).reshape(p.shape)
    return (u < p).astype(p.dtype)


def _bernoulli_number(a, p=0.5, generator=None):
    if not 0 <= p <= 1:
        raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={p}")
    return (generator._unit(a.size, np.float64) < p).astype(a.dtype).reshape(a.shape)


# random ops: what they draw is the generator's business; their gradient is PyTorch's
defop("_bernoulli", "BernoulliBackward0", _bernoulli_tensor,
      Grad(lambda F, g, out, p, **params: F.zeros(g)), dtype="keep", category="internal")
defop("_bernoulli_p", "NotImplemented", _bernoulli_number, no_derivative("aten::bernoulli"),
      dtype="keep", category="internal")
# the in-place forms, which PyTorch differentiates (to zeros)
_ZEROS = Grad(lambda F, g, out, *args, **params: F.zeros(g))
defop("_bernoulli_fill", "BernoulliBackward2", _bernoulli_number, _ZEROS, dtype="keep",
      category="internal")
defop("_bernoulli_tensor_fill", "BernoulliBackward1",
      lambda a, p, generator=None, wide=False: _bernoulli_tensor(
          np.broadcast_to(p, a.shape), generator, wide).astype(a.dtype),
      _ZEROS, Grad(lambda F, g, out, a, p, **params: F.zeros_as(p)), args=("self", "p"),
      dtype="keep", category="internal")
defop("_exponential", "ExponentialBackward0",
      lambda a, lambd=1.0, generator=None: ((-1.0 / lambd) * np.log1p(
          -generator._unit(a.size, np.float64))).astype(a.dtype).reshape(a.shape),
      _ZEROS, dtype="keep", category="internal")


def _random_fill(a, low=None, high=None, generator=None):
    """``random_``: no bounds, a draw modulo the dtype's range (64 bits for int64 and
    float64, else 32); with bounds, modulo ``high - low`` (64 bits from 2**32 on)."""
    if low is None:
        dt = a.dtype
        span = 2 if dt.kind == "b" else 2 ** (np.finfo(dt).nmant + 1) + 1 \
            if dt.kind == "f" else int(np.iinfo(dt).max) + 1
        wide = dt in (np.int64, np.float64)
        v = generator._u64(a.size) if wide else generator._u32(a.size)
        v = (v & np.uint64(1)) if dt.kind == "b" else v % np.uint64(span)
        return v.astype(dt).reshape(a.shape)
    span = high - low
    v = generator._u64(a.size) if span >= 2 ** 32 else generator._u32(a.size)
    v = (v % np.uint64(span) + np.uint64(low % 2 ** 64)).view(np.int64)
    return v.astype(a.dtype).reshape(a.shape)


for _i, _name in enumerate(("_random_from", "_random_to", "_random")):
    defop(_name, f"RandomBackward{_i}", _random_fill, _ZEROS, dtype="keep",
          category="internal")


def _random_(self, low=None, high=None, *, generator=None):
    if low is not None and high is None:
        low, high, name = 0, low, "_random_to"
    elif low is not None:
        name = "_random_from"
    else:
        name = "_random"
    if low is not None and low >= high:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got "
                           f"from={low} >= to={high}")
    return inplace(self, OPS_[name], (self,), {"low": low, "high": high,
                                               "generator": _gen(generator)})


@observed("torch.bernoulli")
def bernoulli(input, p=None, *, generator=None):
    gen = _gen(generator)
    if p is None:
        return apply(OPS_["_bernoulli"], (input,), {"generator": gen})
    return apply(OPS_["_bernoulli_p"], (input,), {"p": float(p), "generator": gen})


def _bernoulli_(self, p=0.5, *, generator=None):
    gen = _gen(generator)
    if isinstance(p, TensorCore):
        expanded_shape(p, self._data.shape)          # (PyTorch's message if it cannot)
        return inplace(self, OPS_["_bernoulli_tensor_fill"], (self, p),
                       {"generator": gen, "wide": p._dtype is D.float64})
    return inplace(self, OPS_["_bernoulli_fill"], (self,), {"p": float(p), "generator": gen})


def _exponential_(self, lambd=1.0, *, generator=None):
    if not lambd > 0:
        raise RuntimeError(f"exponential_ expects lambda > 0.0, but found lambda={lambd}")
    return inplace(self, OPS_["_exponential"], (self,), {"lambd": lambd,
                                                           "generator": _gen(generator)})


# ----------------------------------------------------------------------------- multinomial
def _check_distribution(probs, n, replacement):
    if probs.ndim not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    if probs.dtype.kind != "f":
        raise RuntimeError(f"multinomial only supports floating-point dtypes for input, got: "
                           f"{D.scalar_type(D.from_numpy_dtype(probs.dtype))}")
    if n <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    if not replacement and n > probs.shape[-1]:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without "
                           "replacement")
    if not np.isfinite(probs).all() or (probs < 0).any():
        raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
    if (probs.reshape(-1, probs.shape[-1]).sum(-1) <= 0).any():
        raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")


@observed("torch.multinomial")
def multinomial(input, num_samples, replacement=False, *, generator=None):
    probs, n, gen = input._data, int(num_samples), _gen(generator)
    _check_distribution(probs, n, replacement)
    if not replacement or n == 1:
        q = ((-np.log1p(-gen._unit(probs.size, np.float64))).astype(probs.dtype)
             .reshape(probs.shape))
        q = (probs / q).astype(probs.dtype)
        if n == 1:
            out = np.argmax(q, -1)[..., None]
        else:
            out = topk_order(q, n, q.ndim - 1, True, True)
        return _finish(np.asarray(out, np.int64), D.int64, False)
    rows = []
    for row in probs.reshape(-1, probs.shape[-1]):
        running = np.cumsum(row, dtype=row.dtype)
        running = (running / running[-1]).astype(row.dtype)
        running[-1] = 1
        rows.append(np.searchsorted(running, gen._unit(n, np.float64), side="left"))
    return _finish(np.array(rows, np.int64).reshape(probs.shape[:-1] + (n,)), D.int64, False)


# ----------------------------------------------------------------------------- normal
@observed("torch.normal")
def normal(mean, std=1.0, size=None, *, generator=None, dtype=None, requires_grad=False):
    gen = _gen(generator)
    tensors = [t for t in (mean, std) if isinstance(t, TensorCore)]
    if not tensors:
        if size is None:
            raise TypeError("normal() received an invalid combination of arguments - got "
                            "(float, float), but expected (float mean, float std, tuple of "
                            "ints size)")
        dt = dtype or D.get_default_dtype()
        return _finish(gen.normal(_size((size,)), mean, std, dt.np), dt, requires_grad)
    if any(t.requires_grad for t in tensors):
        raise RuntimeError("torch.normal with a mean or std that requires grad is not "
                           "supported by GradStudio's engine; draw torch.randn and scale it "
                           "(mean + std * torch.randn(...))")
    if isinstance(std, TensorCore) and std._data.size and (std._data < 0).any():
        raise RuntimeError("normal expects all elements of std >= 0.0")
    if not isinstance(std, TensorCore) and std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std:g}")
    shape = np.broadcast_shapes(*(t._data.shape for t in tensors))
    dt = tensors[0]._dtype
    out = gen.normal(shape, 0.0, 1.0, dt.np)
    s = std._data if isinstance(std, TensorCore) else np.asarray(std, dt.np)
    m = mean._data if isinstance(mean, TensorCore) else np.asarray(mean, dt.np)
    return _finish((out * s).astype(dt.np) + m, dt, False)


@observed("torch.randint_like")
def randint_like(input, low=0, high=None, *, dtype=None, requires_grad=False, generator=None):
    if high is None:
        low, high = 0, low
    return randint(low, high, tuple(input._data.shape), generator=generator,
                   dtype=dtype or input._dtype, requires_grad=requires_grad)


def _bernoulli_method(self, p=None, *, generator=None):
    return bernoulli(self, p, generator=generator)


def _multinomial_method(self, num_samples, replacement=False, *, generator=None):
    return multinomial(self, num_samples, replacement, generator=generator)


class SamplingMixin:
    """Tensor methods that draw random numbers."""
    __slots__ = ()

    bernoulli, bernoulli_ = _bernoulli_method, _bernoulli_
    exponential_, multinomial = _exponential_, _multinomial_method
    random_ = _random_
