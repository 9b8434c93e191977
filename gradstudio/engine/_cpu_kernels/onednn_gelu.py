"""oneDNN's float32 GELU (``eltwise_gelu_erf``), which PyTorch runs for
``F.gelu(x)`` (``approximate='none'``) and its gradient on float32 CPU tensors while
``torch.backends.mkldnn`` is enabled (the default), in place of ATen's own kernel
(``activation_kernel``): step for step on numpy arrays, bit for bit against torch 2.13
(oneDNN 3.12) on an AVX-512 processor.

Written from oneDNN's ``src/cpu/x64/injectors/jit_uni_eltwise_injector.cpp``. The forward
(``gelu_erf_minimax_approx_compute_vector_fwd``, the AVX-512 path) evaluates
``erf(x / sqrt(2))`` as a degree-5 polynomial in ``|x|`` chosen among 24 by the top bits
of ``|x|`` (a table of minimax coefficients, below, as oneDNN's bit patterns), then
``x * (1 + erf) * 0.5``. The backward (``gelu_erf_compute_vector_bwd``) is Abramowitz and
Stegun's 7.1.26 with oneDNN's own ``exp`` (``exp_compute_vector_fwd``); the result times
the incoming gradient. On a processor without AVX-512 oneDNN's forward takes the
Abramowitz and Stegun path too, which is not followed (``available`` says so)."""
import numpy as np

from .fma import fma32
from .vector_loop import MKL_AVX512

__all__ = ["available", "gelu_erf", "gelu_erf_backward"]

_F = np.float32
_TABLE_HEX = (
    # degree 0
    "a6f2cb94 32827792 3381cc0c 34523d4a 351ac44d 35f36d88 36ee8229 37b8a3bb "
    "3867a213 3940033b 3a2a5a1d 3ae35863 3b7828f2 3c08b14b 3c515ed3 bb503236 "
    "bd8d8e5e be8abcd9 bf0c19a2 beccb328 3e176ced 3f470d99 3f7abb28 3f800000 "
    "00000000 "
    # degree 1
    "3f4c422a 3f4c421f 3f4c4207 3f4c41cb 3f4c413b 3f4c3fad 3f4c3a2f 3f4c2d40 "
    "3f4c146a 3f4bc341 3f4ad08c 3f48f8cf 3f45fac7 3f404e07 3f3b980f 3f48dff3 "
    "3f78b21b 3fbb0704 40019c32 3fe536d6 3f81331e 3e6c8684 3c98f936 00000000 "
    "3f800000 "
    # degree 2
    "b62173f4 3735e4cf 37f2ff89 388c23be 3917535c 39ab2ab0 3a60fadb 3af9b960 "
    "3b6e5491 3c0a4ec5 3ca5aa8c 3d2138d9 3d8737d4 3ddfb660 3e0f27ab 3d94004b "
    "be0efdeb bf1d96c3 bf89db58 bf6d9897 bef69fb8 bdc4f8a8 bbde6422 00000000 "
    "00000000 "
    # degree 3
    "be081a19 be084570 be08639b be089837 be08f409 be09ab95 be0b66d0 be0e400a "
    "be124df8 be1bde02 be2f19c9 be4931bf be685fbc be89c95f be96cbca be8044aa "
    "be0550f2 3dcfd6a1 3e94c826 3e79345f 3decec91 3ca46568 3aa1e00a 00000000 "
    "00000000 "
    # degree 4
    "ba3d61db 39f097a3 3a5845dc 3ab1fa35 3b0cefb8 3b653ab6 3bcae527 3c221712 "
    "3c6c5840 3cc0a703 3d1dcc19 3d63656d 3d955907 3dbf9910 3dd53f69 3db7dcef "
    "3d639ebe ba6ede48 bd22be69 bd041cf1 bc64f5ab bb097a32 b8ebf380 00000000 "
    "00000000 "
    # degree 5
    "3cb7d80c 3c9b6050 3c978d11 3c92e850 3c8d058b 3c848454 3c6cd623 3c4c824b "
    "3c2a7935 3be0b390 3b0651ac bb232f53 bbd42fa0 bc2c5366 bc492c9e bc2a7aa6 "
    "bbd55d04 ba823a76 3b102aa8 3ae25a7e 3a31f792 38b84375 3689bb5a 00000000 "
    "00000000 "
)


def _table():
    words = _TABLE_HEX.split()
    out = np.zeros((6, 32), np.uint32)            # (oneDNN pads each degree to 32)
    out[:, :25] = np.array([int(w, 16) for w in words], np.uint32).reshape(6, 25)
    return out.view(_F)


_POL = _table()


def _h(bits):
    return np.uint32(bits).view(_F)


_IDX_BIAS = np.int32(np.uint32(0xC21FFFFF).view(np.int32))
_RBOUND = _h(0x40B15CEE)
_HALF, _ONE = _F(0.5), _F(1)


def available():
    """Whether oneDNN's AVX-512 forward is the one PyTorch runs here."""
    return MKL_AVX512


def gelu_erf(x):
    """``eltwise_gelu_erf`` forward of a float32 array."""
    x = np.asarray(x, _F)
    with np.errstate(all="ignore"):
        pos = np.abs(x)
        idx = (pos.view(np.int32).astype(np.int64) + _IDX_BIAS).astype(np.int32) >> 21
        idx = np.clip(idx, 1, 24)
        idx = np.where(_RBOUND < pos, 23, idx)
        pol = _POL[5][idx]
        for degree in (4, 3, 2, 1, 0):
            pol = fma32(pol, pos, _POL[degree][idx])
        pol = np.where(np.signbit(x), -pol, pol)         # (vxorps with the sign)
        return ((x * (pol + _ONE)) * _HALF).astype(_F)


_LN_FLT_MIN, _LN_FLT_MAX = _h(0xC2AEAC50), _h(0x42B17218)
_LOG2E, _LN2 = _h(0x3FB8AA3B), _h(0x3F317218)
_EXP_POL = [_h(b) for b in (0x3C07CFCE, 0x3D2B9D0D, 0x3E2AAD40, 0x3EFFFEE3, 0x3F7FFFFB)]


def _exp(x):
    """oneDNN's ``exp_compute_vector_fwd``."""
    low = x < _LN_FLT_MIN
    x = np.maximum(np.minimum(x, _LN_FLT_MAX), _LN_FLT_MIN)
    n = np.floor(x * _LOG2E + _HALF)
    r = fma32(-n, _LN2, x)
    scale = ((np.rint(n - _ONE).astype(np.int32) + 127) << 23).astype(np.int32).view(_F)
    scale = np.where(low, _F(0), scale)
    p = _EXP_POL[0]
    for c in _EXP_POL[1:]:
        p = fma32(p, r, c)
    return (fma32(p, r, _ONE) * scale) * _F(2)


_AS_P = _h(0x3EA7BA05)
_AS_POL = [_h(b) for b in (0x3F87DC22, 0xBFBA00E3, 0x3FB5F0E3, 0xBE91A98E, 0x3E827906)]
_SQRT1_2, _RSQRT_PI = _h(0x3F3504F3), _h(0x3F106EBA)


def gelu_erf_backward(g, x):
    """``eltwise_gelu_erf`` backward: ``g`` times the derivative at ``x``."""
    x = np.asarray(x, _F)
    with np.errstate(all="ignore"):
        r = x * _SQRT1_2
        q = _exp(-(r * r))
        t = (r * _RSQRT_PI) * q
        w = _ONE / fma32(_AS_P, np.abs(r), _ONE)
        pol = _AS_POL[0]
        for c in _AS_POL[1:]:
            pol = fma32(pol, w, c)
        erf = fma32(-q * w, pol, _ONE)
        erf = np.where(np.signbit(r), -erf, erf)
        return (g * fma32(erf, _HALF, t + _HALF)).astype(_F)
