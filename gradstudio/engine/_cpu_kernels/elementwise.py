"""Elementwise functions computed the way PyTorch's CPU kernels compute them, so that
results agree to the last bit wherever a cheap way exists (numpy's own float32 kernels are
one ulp away from PyTorch's for a fifth to two fifths of all inputs).

``exp``, ``log``, ``sin``, ``cos``, ``tanh``: PyTorch calls MKL's vector math in its high
accuracy mode, which is within about 0.6 ulp of the exact value. Computed here in float64
and rounded once to float32, the result is the correctly rounded one, which is what MKL
returns except close to a rounding midpoint, where it may round the other way: over 2 M
float32 inputs in [-20, 20], 1.0 % of exp, 0.06 % of tanh and about 5 % of log, sin and cos
still differ from PyTorch (numpy's float32 kernels: 39 %, 19 %, 7.5 %, 17 %). MKL's own
algorithms are not public, so the rest cannot be reproduced. float64 ``tanh`` runs in
extended precision where the platform has it (numpy's float64 tanh differs in 18 %,
extended precision in 0.26 %); float64 ``exp``, ``log``, ``sin``, ``cos`` stay numpy's
(0.03 % to 0.5 %, no cheap gain). float32 ``sqrt`` is MKL's too (below).

``sigmoid``: PyTorch computes ``1 / (1 + exp(-x))`` with SLEEF's ``expf`` (the u10
variant) on every full block of two vectors of each innermost run of memory (16 float32
elements with AVX2, 32 on a CPU where PyTorch dispatches to AVX-512: ``_vector_block``),
and glibc's ``expf`` on the rest (short tensors, tails, strided views); float64 alike with
SLEEF's and the C library's ``exp`` (``sleef_double``).
Both are reproduced step for step: SLEEF's with its fused multiply-adds, glibc's from its
table and polynomial (bit-identical to PyTorch on 1 M inputs in every layout).

``sqrt`` of float32: MKL's ``vsSqrt`` (high-accuracy mode), not the correctly rounded
square root. On an Intel CPU with AVX-512 it is ``_cpu_kernels.rsqrt14``'s (about one
result in 160 differs from the correctly rounded root); elsewhere (AMD) it starts from
the CPU's ``rsqrtps`` approximation ``r`` and refines it in float32, ``s = x*r, h = r/2, e = 1/2 - s*h, s += s*e, h += h*e, s += (x - s*s)*h``, so
about one result in six is the other neighbour of the true root (never more than 0.75 ulp
away). ``rsqrtps`` differs between CPU vendors; ``_cpu_kernels.rsqrt_table`` holds the one of the
reference machine (AMD EPYC), which runs MKL's generic kernel (the one MKL picks on
non-Intel CPUs). Zero, subnormals, the 2047 largest floats, infinities, NaNs and negatives
take MKL's exact path. float64 square roots are correctly rounded (MKL's differ in about
one in a hundred).

``sigmoid_backward`` and ``tanh_backward``: PyTorch's evaluation order,
``(g * (1 - out)) * out`` and ``g * fma(-out, out, 1)`` (its compiler fuses the latter).

Size: reproducing PyTorch's bits costs a float64 pass (or an emulated fused multiply-add)
per element, 5 to 70 times numpy's float32 kernel. It is done for tensors of up to
``EXACT_LIMIT`` elements, the ones a program prints; larger ones take numpy's float32
kernels (within two ulp of PyTorch's, four for sigmoid), so that the engine keeps PyTorch's speed on
a million elements.
"""
import numpy as np

from .cpu import MKL_GENERIC
from .fma import fma32, fma64
from .vector_loop import _BLOCK, EXACT_LIMIT, MKL_AVX512, by_vector_blocks  # noqa: F401
from .rsqrt14 import mkl_sqrt32_avx512
from .mkl_vml import vml
from .sleef_double import sigmoid64, silu64
from .sleef_float import log1pf_u10
from .sleef_hyper import expm1f_u10
from .libm import log1pf as libm_log1pf
from .rsqrt_table import RSQRT_TABLE

__all__ = ["expm1", "log1p", "by_vector_blocks", "log_sigmoid", "log_sigmoid_buffer", "softplus", "softplus_exp", "exp", "log", "sin", "cos", "tanh", "sqrt", "sigmoid", "silu", "silu_backward", "sigmoid_backward",
           "tanh_backward"]

_F32, _F64 = np.float32, np.float64
_EXTENDED = np.finfo(np.longdouble).nmant > np.finfo(_F64).nmant


def _rounded_from_float64(np_fn, float64=None, vml_name=None):
    """MKL's ``vml_name`` where PyTorch's MKL release is installed (``mkl_vml``: its
    bits, float32 and float64, at any size); else ``np_fn`` on float32 computed in float64
    and rounded once, float64 by ``float64`` (numpy's own function by default)."""
    def fn(a):
        if vml_name is not None:
            out = vml(vml_name, a)
            if out is not None:
                return out
        dt = a.dtype
        if a.size > EXACT_LIMIT:
            return np_fn(a)
        if dt == _F32:
            return np_fn(a.astype(_F64)).astype(_F32)   # (faster than dtype=)
        if dt == _F64 and float64 is not None:
            return float64(a)
        return np_fn(a)
    fn.__name__ = np_fn.__name__
    return fn


def _tanh64(a):
    return np.tanh(a.astype(np.longdouble)).astype(_F64) if _EXTENDED else np.tanh(a)


exp = _rounded_from_float64(np.exp, vml_name="Exp")
log = _rounded_from_float64(np.log, vml_name="Ln")
sin = _rounded_from_float64(np.sin, vml_name="Sin")
cos = _rounded_from_float64(np.cos, vml_name="Cos")
tanh = _rounded_from_float64(np.tanh, _tanh64, vml_name="Tanh")


def _sleef_all(np_fn, sleef_fn):
    """PyTorch's ``vml::v<op>`` without MKL's version (``expm1``, ``log1p``): SLEEF's u10
    function on every float32 element (``vec::map``'s last vector is a partial one)."""
    def fn(a):
        if a.dtype == _F32 and a.size <= EXACT_LIMIT:
            return sleef_fn(a)
        with np.errstate(all="ignore"):
            return np_fn(a)
    fn.__name__ = np_fn.__name__
    return fn


expm1 = _sleef_all(np.expm1, expm1f_u10)
log1p = _sleef_all(np.log1p, log1pf_u10)


# ------------------------------------------------------------------------------- sigmoid
def _sleef_expf(d):
    """SLEEF's ``xexpf`` (u10) on float32, each ``vmla`` a fused multiply-add."""
    q = np.rint(np.multiply(d, _F32(1.442695040888963407359924681001892137426645954152985934135449406931)))
    q = np.where(np.abs(q) < 256, q, 0).astype(np.int32)   # (nan, inf: fixed below)
    qf = q.astype(_F32)
    s = fma32(qf, _F32(-0.693145751953125), d)
    s = fma32(qf, _F32(-1.428606765330187045e-06), s)
    u = _F32(0.000198527617612853646278381)
    for c in (0.00139304355252534151077271, 0.00833336077630519866943359,
              0.0416664853692054748535156, 0.166666671633720397949219, 0.5):
        u = fma32(u, s, _F32(c))
    u = _F32(1) + fma32(s * s, u, s)
    h = q >> 1
    u = u * np.ldexp(_F32(1), h) * np.ldexp(_F32(1), q - h)
    u = np.where(d < -104, _F32(0), u)
    u = np.where(d > 100, _F32(np.inf), u)
    return np.where(d == d, u, d)


# glibc's expf (the one PyTorch's scalar loops call through ``std::exp``): 2**(k/32) from
# a table times a cubic in the remainder, in float64, rounded once (bit-identical to the
# C library on 4 M inputs, every float32 bit pattern class included)
_N = 32
_EXP2_TABLE = ((2.0 ** (np.arange(_N) / _N)).view(np.uint64)
               - (np.arange(_N, dtype=np.uint64) << np.uint64(47)))
_INV_LN2_N = float.fromhex("0x1.71547652b82fep+0") * _N
_C0, _C1, _C2 = (float.fromhex("0x1.c6af84b912394p-5") / _N ** 3,
                 float.fromhex("0x1.ebfce50fac4f3p-3") / _N ** 2,
                 float.fromhex("0x1.62e42ff0c52d6p-1") / _N)
_SHIFT = float.fromhex("0x1.8p+52")
_OVERFLOW, _UNDERFLOW = float.fromhex("0x1.62e42ep6"), float.fromhex("-0x1.9fe368p6")


_MASK5, _SHIFT47 = np.uint64(_N - 1), np.uint64(47)


def libm_expf(x):
    """glibc's ``expf`` on a float32 array."""
    xd = x.astype(_F64)
    special = not (np.abs(xd) <= 88.0).all()     # (NaN, infinities, over- and underflow)
    if special:
        xd = np.where(np.isfinite(xd), np.clip(xd, -110, 100), 0)
    z = _INV_LN2_N * xd
    kd = z + _SHIFT
    ki = kd.view(np.uint64)
    r = z - (kd - _SHIFT)
    s = (_EXP2_TABLE[ki & _MASK5] + (ki << _SHIFT47)).view(_F64)
    y = ((_C0 * r + _C1) * (r * r) + (_C2 * r + 1.0)) * s
    if not special:
        return y.astype(_F32)
    with np.errstate(over="ignore"):
        out = y.astype(_F32)
    out = np.where(x > _OVERFLOW, _F32(np.inf), np.where(x < _UNDERFLOW, _F32(0), out))
    return np.where(np.isnan(x), x, out)


def _sigmoid_scalar(a):
    with np.errstate(over="ignore"):
        return 1 / (1 + libm_expf(np.negative(a)))


def _sigmoid_vector(a):
    with np.errstate(over="ignore", invalid="ignore"):
        return 1 / (1 + _sleef_expf(-a))


def sigmoid(a):
    """PyTorch's sigmoid kernel (see the module's docstring)."""
    if a.dtype == _F64:
        return sigmoid64(a)
    if a.dtype != _F32 or a.size > EXACT_LIMIT:
        return 1 / (1 + np.exp(-a))
    return by_vector_blocks(a, _sigmoid_vector, _sigmoid_scalar)


def silu(a):
    """PyTorch's silu kernel, ``x / (1 + exp(-x))`` (not ``x * sigmoid(x)``, a last bit
    apart): SLEEF's exp on vector blocks, glibc's on the rest."""
    if a.dtype == _F64:
        return silu64(a)
    with np.errstate(over="ignore", invalid="ignore"):
        if a.dtype != _F32 or a.size > EXACT_LIMIT:
            return a / (1 + np.exp(-a))
        return by_vector_blocks(a, lambda v: v / (1 + _sleef_expf(-v)),
                                lambda v: v / (1 + libm_expf(np.negative(v))))


# ----------------------------------------------------------------------------- backwards
def silu_backward(g, a):
    """PyTorch's ``silu_backward_kernel``: ``dy * sigmoid * (1 + x * (1 - sigmoid))``, the
    sigmoid as ``sigmoid`` computes it and ``1 + x * (1 - sigmoid)`` one fused
    multiply-add (the compiler's, with FMA3, in the vector and the scalar loop alike)."""
    s = sigmoid(a)
    t = 1 - s
    if a.dtype not in (_F32, _F64) or a.size > EXACT_LIMIT or not _BLOCK:
        return (g * s) * (1 + a * t)
    fused = fma32(a, t, _F32(1)) if a.dtype == _F32 else fma64(a, t, 1.0)
    return (g * s) * fused


def sigmoid_backward(g, out):
    return (g * (1 - out)) * out


_LOW29, _TIE = np.uint64(0x1FFFFFFF), np.uint64(0x10000000)
_FEW = 32


def tanh_backward(g, out):
    dt = np.result_type(g, out)
    if out.size > EXACT_LIMIT or dt not in (_F32, _F64):
        return g * (1 - out * out)
    if dt == _F64:
        return g * fma64(-out, out, 1.0)
    # 1 - out*out in float64: the square is exact, the difference rounded once, and it
    # lies in [0, 1], so rounding it to float32 is the fused result but on an exact float32
    # tie (then redone)
    s = 1.0 - np.multiply(out, out, dtype=_F64)    # (the inputs cast, then squared)
    bits = np.asarray(s).view(np.uint64)
    if bits.size <= _FEW:   # (a few elements: Python's ints beat numpy's three passes)
        tie = 0x10000000 in [b & 0x1FFFFFFF for b in bits.ravel().tolist()]
    else:
        tie = ((bits & _LOW29) == _TIE).any()
    if tie:
        return g * fma32(-out, out, _F32(1))
    return g * s.astype(_F32)


# -------------------------------------------------------------------------------- sqrt
_HALF = np.float32(0.5)
_TABLE_BITS = RSQRT_TABLE.view(np.int32)     # each in [0.5, 1): biased exponent 126
_I = np.int32
_SHIFT_M, _SHIFT_E, _ONE, _LOW13, _PARITY = _I(11), _I(23), _I(1), _I(0x1FFF), _I(0x1000)
_BIAS64, _LO, _HI = _I(64 << 23), _I(0x00800000), _I(0x7F7FF000)


def _mkl_sqrt32(x):
    x = np.asarray(x, np.float32)
    bits = x.view(np.int32)
    # MKL's path for normal numbers (but the 2047 largest): the table's rsqrt for the
    # exponent's parity and the top 12 mantissa bits, scaled by 2**(64 - ceil(e / 2)) for
    # the biased exponent e (one add to its exponent bits), then refined in float32
    idx = np.bitwise_xor(np.bitwise_and(bits >> _SHIFT_M, _LOW13), _PARITY)
    scale = _BIAS64 - (((bits >> _SHIFT_E) + _ONE) >> _ONE << _SHIFT_E)
    with np.errstate(all="ignore"):
        r = (_TABLE_BITS[idx] + scale).view(np.float32)
        s = x * r
        h = r * _HALF
        e = _HALF - s * h
        s = s * e + s
        h = h * e + h
        out = (x - s * s) * h + s
        normal = (bits >= _LO) & (bits <= _HI)
        if not normal.all():   # MKL's exact path: 0, subnormals, the top floats, inf, NaN, < 0
            out = np.where(normal, out, np.sqrt(x))
    return out


def sqrt(a, exact=None):
    """PyTorch's square root: MKL's (``mkl_vml`` where PyTorch's MKL release is installed,
    float32 and float64; else for float32 see the module's docstring; ``exact`` overrides
    the size rule), else correctly rounded for float64."""
    out = vml("Sqrt", a)            # (MKL's own vsSqrt / vdSqrt, where installed)
    if out is not None:
        return out
    if exact is None:
        exact = a.size <= EXACT_LIMIT
    if a.dtype == np.float32 and exact and (MKL_AVX512 or MKL_GENERIC):
        # (Intel's MKL with AVX-512: its vrsqrt14ps path; elsewhere on Intel: see .cpu)
        kernel = mkl_sqrt32_avx512 if MKL_AVX512 else _mkl_sqrt32
        return kernel(a.reshape(-1)).reshape(a.shape)
    with np.errstate(invalid="ignore"):
        return np.sqrt(a)


def log_sigmoid(a):
    """``log(sigmoid(a))`` without overflow, as PyTorch's kernel computes it:
    ``min(a, 0) - log1p(exp(-|a|))``; for float32 with SLEEF's ``expf`` and ``log1pf`` on
    every element (its loop is all vectors, the tail a partial one)."""
    z = log_sigmoid_buffer(a)
    if a.dtype == _F32 and a.size <= EXACT_LIMIT:
        with np.errstate(over="ignore", invalid="ignore"):
            return np.minimum(a, _F32(0)) - log1pf_u10(z)
    return np.minimum(a, 0) - np.log1p(z)


def softplus(a, beta, threshold):
    """PyTorch's softplus kernel: ``x`` where ``x * beta > threshold``, else ``log1p(exp(x
    * beta)) / beta``, with SLEEF's ``expf`` and ``log1pf`` on vector blocks and the C
    library's on the rest."""
    beta = a.dtype.type(beta)
    z = a * beta
    with np.errstate(over="ignore", invalid="ignore"):
        if a.dtype == _F32 and a.size <= EXACT_LIMIT:
            soft = by_vector_blocks(a, lambda v: log1pf_u10(_sleef_expf(v * beta)) / beta,
                                    lambda v: libm_log1pf(libm_expf(v * beta)) / beta)
        else:
            soft = np.log1p(exp(z)) / beta
    return np.where(z > threshold, a, soft)


def softplus_exp(a, beta):
    """``exp(x * beta)`` as softplus's backward kernel computes it: SLEEF's ``expf`` on
    float32 vector blocks, the C library's on the rest."""
    beta = a.dtype.type(beta)
    with np.errstate(over="ignore", invalid="ignore"):
        if a.dtype == _F32 and a.size <= EXACT_LIMIT:
            return by_vector_blocks(a, lambda v: _sleef_expf(v * beta),
                                    lambda v: libm_expf(v * beta))
        return exp(a * beta)


def log_sigmoid_buffer(a):
    """``exp(-|a|)``, which PyTorch's logsigmoid keeps for its backward: SLEEF's ``expf``
    on every float32 element."""
    if a.dtype == _F32 and a.size <= EXACT_LIMIT:
        with np.errstate(over="ignore", invalid="ignore"):
            return _sleef_expf(-np.abs(a))
    return exp(-np.abs(a))
