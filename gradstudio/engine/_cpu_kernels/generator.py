"""PyTorch's CPU random generator, bit for bit, in numpy.

torch's generator is mt19937 seeded with ``seed mod 2**32``: numpy's ``MT19937`` under
legacy seeding. ATen's ``random()`` is one 32-bit draw, ``random64()`` two (high word
first). Uniforms: float32/float16 take 24 bits of ``random()``, float64 53 bits of
``random64()``, then ``fma(x, to - from, from)``. Normals: fewer than 16 elements go
through double Box-Muller, the sine half cached in the generator for the next one; 16 or
more fill uniforms, transform blocks of 16 and redo the last 16 with fresh uniforms when
``n % 16``; float32/float16 there use the AVX polynomials of ``avx_mathfun.h`` (emulated
below with the FMAs GCC fuses into them), float64 libm's log/cos/sin.

We match torch's AVX2/AVX512 kernels (any x86 CPU of the last decade). On a CPU without
AVX2 torch runs plain-C kernels, whose randn/normal/uniform differ in the last bits.
"""
import math
import operator
import os

import numpy as np

from .fma import fma32 as _fma32, fma64 as _fma64
from ..observer import observed

__all__ = ["Generator", "default_generator", "manual_seed", "initial_seed", "seed",
           "get_rng_state", "set_rng_state"]

DEFAULT_SEED = 67280421310721       # c10's default_rng_seed_val
_F32, _F64 = np.float32, np.float64

# torch.Generator.get_state() layout (CPUGeneratorImplState, 5056 bytes).
_STATE = np.dtype([("seed", "<u8"), ("left", "<i4"), ("seeded", "<i4"), ("next", "<u8"),
                   ("key", "<u8", 624), ("normal", "<f8", 3), ("normal_valid", "<i4"),
                   ("pad", "<i4"), ("fnormal", "<f4"), ("fnormal_valid", "u1"), ("pad2", "u1", 3)])


# ---- torch's AVX float32 Box-Muller (ATen/native/cpu/avx_mathfun.h) ----------------------

_LOG_P = [_F32(v) for v in (7.0376836292E-2, -1.1514610310E-1, 1.1676998740E-1, -1.2420140846E-1,
                            1.4249322787E-1, -1.6668057665E-1, 2.0000714765E-1, -2.4999993993E-1,
                            3.3333331174E-1)]


def _log_ps(x):
    bits = x.view(np.int32)                   # x in [2**-24, 1]: no denormal/invalid cases
    e = ((bits >> 23) - 0x7F).astype(_F32) + _F32(1)
    x = ((bits & ~0x7F800000) | 0x3F000000).view(_F32)      # mantissa in [0.5, 1)
    small = x < _F32(0.707106781186547524)
    e = e - small.astype(_F32)
    x = (x - _F32(1)) + np.where(small, x, _F32(0))
    z = x * x
    y = np.full_like(x, _LOG_P[0])
    for p in _LOG_P[1:]:
        y = _fma32(y, x, p)
    y = _fma32(y * x, z, e * _F32(-2.12194440e-4))
    y = y - z * _F32(0.5)
    return _fma32(e, _F32(0.693359375), x + y)


def _sincos_ps(x):
    # x = theta in [0, 2*pi): the sign of the input is always +.
    j = (x * _F32(1.27323954473516)).astype(np.int32)
    j = (j + 1) & ~1
    y = j.astype(_F32)
    for dp in (-0.78515625, -2.4187564849853515625e-4, -3.77489497744594108e-8):
        x = _fma32(y, _F32(dp), x)
    z = x * x
    yc = _fma32(_F32(2.443315711809948E-005), z, _F32(-1.388731625493765E-003))
    yc = _fma32(yc, z, _F32(4.166664568298827E-002)) * z
    yc = _fma32(yc, z, -(z * _F32(0.5))) + _F32(1)
    ys = _fma32(_F32(-1.9515295891E-4), z, _F32(8.3321608736E-3))
    ys = _fma32(ys, z, _F32(-1.6666654611E-1)) * z
    ys = _fma32(ys, x, x)
    first = (j & 2) == 0                      # which polynomial is the sine
    s, c = np.where(first, ys, yc), np.where(first, yc, ys)
    s = np.where((j & 4) != 0, -s, s)
    c = np.where((~(j - 2) & 4) != 0, -c, c)
    return s, c


def _normal16_f32(u, mean, std):
    """NormalFill16<float> (AVX) on rows of 16 float32 uniforms."""
    radius = np.sqrt(_F32(-2) * _log_ps(_F32(1) - u[:, :8]))
    s, c = _sincos_ps(_F32(2.0 * math.pi) * u[:, 8:])
    return np.concatenate([_fma32(radius * c, std, mean), _fma32(radius * s, std, mean)], axis=1)


def _normal16_f64(u, mean, std):
    """NormalFill16<double>: libm log (via math.log), cos and sin."""
    u1 = 1.0 - u[:, :8]
    # numpy's own float64 log differs from libm's in ~0.3% of last bits; its cos/sin call libm.
    logs = np.fromiter(map(math.log, u1.ravel().tolist()), _F64, u1.size).reshape(u1.shape)
    radius = np.sqrt(-2.0 * logs)
    theta = 2.0 * math.pi * u[:, 8:]
    out = np.concatenate([radius * np.cos(theta), radius * np.sin(theta)], axis=1)
    return out + 0.0 if (mean, std) == (0.0, 1.0) else _fma64(out, std, mean)  # +0.0: fma's -0


# ---- the generator ------------------------------------------------------------------------

def _seed_value(seed):
    if isinstance(seed, (bool, float)) or not hasattr(seed, "__index__"):
        raise TypeError(f"manual_seed expected an int, but got {type(seed).__name__}; pass an int.")
    seed = operator.index(seed)
    if not -2 ** 63 <= seed < 2 ** 64:
        raise ValueError(f"seed {seed} does not fit in 64 bits; use a seed in [-2**63, 2**64).")
    return seed % 2 ** 64


class Generator:
    """A CPU random generator producing exactly the numbers ``torch.Generator`` does."""

    def __init__(self, seed: int = DEFAULT_SEED):
        self._bg = np.random.MT19937()
        self.manual_seed(seed)

    def __repr__(self):
        # what Jupyter shows for a cell ending in ``torch.manual_seed(0)``
        return f"<torch._C.Generator object at {hex(id(self))}>"

    def manual_seed(self, seed: int) -> "Generator":
        self._seed = _seed_value(seed)
        self._bg._legacy_seeding(self._seed & 0xFFFFFFFF)
        self._normal = None                   # cached second Box-Muller value (a float)
        self._drawn = False                   # only for get_state's `next` field
        return self

    def initial_seed(self) -> int:
        return self._seed

    def seed(self) -> int:
        """Reseed from the OS entropy pool (nondeterministic, like torch) and return the seed."""
        s = int.from_bytes(os.urandom(8), "little")
        self.manual_seed(s)
        return s

    def get_state(self):
        """The state as torch's 5056-byte layout (a uint8 array ``torch.ByteTensor`` would hold)."""
        st = self._bg.state["state"]
        pos = int(st["pos"])
        rec = np.zeros((), _STATE)
        rec["seed"], rec["seeded"] = self._seed, 1
        rec["left"] = 625 - pos if pos < 624 else 1
        rec["next"] = pos if pos < 624 or self._drawn else 0
        rec["key"] = st["key"]
        if self._normal is not None:
            rec["normal"], rec["normal_valid"] = (0.0, self._normal, 0.0), 1
        return np.frombuffer(rec.tobytes(), np.uint8).copy()

    def set_state(self, state) -> "Generator":
        raw = np.asarray(state, np.uint8).ravel()
        if raw.size != _STATE.itemsize:
            raise ValueError(f"RNG state must be {_STATE.itemsize} bytes (from get_state), "
                             f"got {raw.size}.")
        rec = raw.view(_STATE)[0]
        left, nxt = int(rec["left"]), int(rec["next"])
        pos = 624 if left <= 1 else nxt
        self._bg.state = {"bit_generator": "MT19937",
                          "state": {"key": rec["key"].astype(np.uint32), "pos": pos}}
        self._seed, self._drawn = int(rec["seed"]), nxt != 0
        self._normal = float(rec["normal"][1]) if rec["normal_valid"] else None
        return self

    # -- raw streams
    def _u32(self, n):
        self._drawn |= n > 0
        return self._bg.random_raw(n)         # uint64 holding 32-bit values

    def _u64(self, n):
        r = self._u32(2 * n).reshape(n, 2)
        return (r[:, 0] << np.uint64(32)) | r[:, 1]

    def _unit(self, n, dt):
        """n uniforms in [0, 1) as torch's uniform_real_distribution<dt> makes them."""
        if dt == _F64:
            return (self._u64(n) & np.uint64(2 ** 53 - 1)).astype(_F64) * 2.0 ** -53
        return (self._u32(n) & np.uint64(2 ** 24 - 1)).astype(_F32) * _F32(2.0 ** -24)

    # -- distributions
    def rand(self, shape: tuple, np_dtype) -> np.ndarray:
        return self.uniform(shape, 0.0, 1.0, np_dtype)

    def randn(self, shape: tuple, np_dtype) -> np.ndarray:
        return self.normal(shape, 0.0, 1.0, np_dtype)

    def uniform(self, shape, low, high, np_dtype) -> np.ndarray:
        dt, shape = _float_dtype(np_dtype, "check_uniform_bounds"), tuple(shape)
        low, high, big = float(low), float(high), float(np.finfo(dt).max)
        for name, v in (("from", low), ("to", high)):
            if not -big <= v <= big:
                raise ValueError(f"uniform_: {name}={v} is out of bounds for {dt}; use a "
                                 "value the dtype can hold.")
        if not low <= high:
            raise ValueError(f"uniform_ expects to return a [from, to) range, but found "
                             f"from={low} > to={high}; pass from <= to.")
        if not high - low <= big:
            raise ValueError(f"uniform_ expects to-from <= the largest {dt}, but found "
                             f"to={high} and from={low}; narrow the range.")
        op = _F64 if dt == _F64 else _F32     # torch's opmath type
        lo, hi = op(low), op(high)
        with np.errstate(over="ignore"):
            span = hi - lo
        x = self._unit(math.prod(shape), op)
        if (low, high) != (0.0, 1.0):
            x = _fma64(x, span, lo) if op == _F64 else _fma32(x, span, lo)
        x = x.astype(dt)
        x[x == dt.type(hi)] = dt.type(lo)    # torch maps a value rounded up to `to` to `from`
        return x.reshape(shape)

    def normal(self, shape, mean, std, np_dtype) -> np.ndarray:
        dt, shape = _float_dtype(np_dtype, "normal_kernel_cpu"), tuple(shape)
        mean, std = float(mean), float(std)
        if not std >= 0.0:
            raise ValueError(f"normal expects std >= 0.0, but found std {std}; pass a "
                             "non-negative std.")
        n = math.prod(shape)
        if n < 16:
            vals = self._normal_scalar(n, mean, std)   # double -> (float ->) half, as in C++
            return vals.astype(_F32 if dt == np.float16 else dt).astype(dt).reshape(shape)
        if dt == _F64:
            out = self._unit(n, _F64)
            fill = _normal16_f64
        else:                                 # float32; float16 computes in float32
            out = self._unit(n if dt == _F32 else n - n % 16, _F32)
            out = np.concatenate([out, np.zeros(n - out.size, _F32)])
            fill, mean, std = _normal16_f32, _F32(mean), _F32(std)
        m = n - n % 16
        rows = out[:m].reshape(-1, 16)
        for i in range(0, len(rows), 4096):   # blocks that stay in cache: 2x faster
            rows[i:i + 4096] = fill(rows[i:i + 4096], mean, std)
        if n % 16:                            # torch redoes the last 16 with fresh uniforms
            out[n - 16:] = fill(self._unit(16, out.dtype.type).reshape(1, 16), mean, std)[0]
        return out.astype(dt).reshape(shape)

    def _normal_scalar(self, n, mean, std):
        # at::normal_distribution<double>, element by element, sharing the cached value.
        vals = []
        for _ in range(n):
            if self._normal is not None:
                vals.append(self._normal)
                self._normal = None
                continue
            u1, u2 = self._unit(2, _F64).tolist()
            r = math.sqrt(-2.0 * math.log1p(-u2))
            theta = 2.0 * math.pi * u1
            self._normal = r * math.sin(theta)
            vals.append(r * math.cos(theta))
        return _fma64(np.array(vals, _F64), std, mean)

    def randint(self, low: int, high: int, shape: tuple) -> np.ndarray:
        low, high, shape = operator.index(low), operator.index(high), tuple(shape)
        if low >= high:
            raise ValueError(f"random_ expects 'from' to be less than 'to', but got "
                             f"from={low} >= to={high}; pass low < high.")
        rng, n = high - low, math.prod(shape)
        v = self._u64(n) if rng >= 2 ** 28 else self._u32(n)
        v = v % np.uint64(rng) + np.uint64(low % 2 ** 64)    # wraps like uint64 in C++
        return v.view(np.int64).reshape(shape)

    def randperm(self, n: int) -> np.ndarray:
        n = operator.index(n)
        if n < 0:
            raise ValueError(f"n must be non-negative, got {n}; pass n >= 0.")
        if n >= (2 ** 32 - 1) // 20:
            raise ValueError(f"randperm({n}) is too large for this engine; use n < 214748364.")
        z = (self._u32(max(n - 1, 0)) % np.arange(n, 1, -1, dtype=np.uint64)).tolist()
        p = list(range(n))
        for i, k in enumerate(z):             # sequential swaps: no vectorised form
            k += i
            p[i], p[k] = p[k], p[i]
        return np.array(p, np.int64)


def _float_dtype(np_dtype, kernel):
    """``np_dtype`` when it is a float; else PyTorch's error for its ``kernel``."""
    dt = np.dtype(np_dtype)
    if dt not in (np.float16, np.float32, np.float64):
        from .._types.dtype import from_numpy_dtype, scalar_type
        raise NotImplementedError(f'"{kernel}" not implemented for '
                                  f"'{scalar_type(from_numpy_dtype(dt))}'")
    return dt


# torch seeds its default CPU generator nondeterministically at start-up.
default_generator = Generator()
default_generator.seed()


@observed("torch.manual_seed")
def manual_seed(seed) -> Generator:
    """Seeds the default generator; ``rand``/``randn`` then match PyTorch's numbers."""
    return default_generator.manual_seed(seed)


def initial_seed() -> int:
    return default_generator.initial_seed()


def seed() -> int:
    return default_generator.seed()


def get_rng_state():
    return default_generator.get_state()


def set_rng_state(state):
    default_generator.set_state(state)
