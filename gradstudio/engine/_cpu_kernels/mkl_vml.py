"""MKL's vector math (VML), the very functions PyTorch's CPU build calls for ``exp``,
``log``, ``sin``, ``cos``, ``tanh`` and ``tan``, ``asin``, ``acos``, ``atan``, ``erf``,
``erfc``, ``log2``, ``log10`` of float32 and float64 tensors (``aten/src/ATen/cpu/vml.h``:
``vmsTanh(n, in, out, VML_HA | VML_FTZDAZ_OFF | VML_ERRMODE_IGNORE)`` on every contiguous
run of elements, or on a copy of a strided one, whatever its size).

PyTorch 2.13 links MKL 2024.2 (build 20240605) statically; the same release is on PyPI as
the ``mkl`` wheel (``pip install mkl==2024.2.0``, the ``exact`` extra), whose
``libmkl_rt.so.2`` gives PyTorch's bits: 0 differences in 14 million float32 inputs (every
bit pattern class: random bits, normals, [-100, 100], zeros, infinities, NaN, subnormals)
per function, float64 alike, on an Intel Xeon with AVX-512. MKL's algorithms are not
public, and other releases differ (2026.2: exp in 1.6 % of inputs, sin, cos and log in
0.05 %; tanh alike), so only that release is used: its version string is checked.

Where it is not installed (or on a platform without ``libmkl_rt.so.2``), ``vml`` returns
None and the engine computes in float64 and rounds once (``elementwise``), which is
PyTorch's result but for about 1 % of exp, 0.06 % of tanh and 5 % of log, sin and cos
(docs/engine.md). The library is looked for on the first call, not at import."""
import ctypes
import os
import site
import sys
import threading

import numpy as np

__all__ = ["vml", "available", "VERSION"]

# the release PyTorch 2.13's CPU build links (``torch.__config__.show()``)
VERSION = b"2024.2-Product Build 20240605"
_NAME = "libmkl_rt.so.2"
_MODE = 0x2 | 0x140000 | 0x100    # VML_HA | VML_FTZDAZ_OFF | VML_ERRMODE_IGNORE
_SEQUENTIAL = 1                   # MKL_THREADING_SEQUENTIAL (no OpenMP runtime needed)
_CHUNK = 1 << 30                  # (MKL_INT is 32 bits in the LP64 interface)
_STATE = []                       # [the library or None], once looked for
_SMALL = 1024                     # elements copied through a thread's buffers (``_scratch``)
_LOCAL = threading.local()


def _candidates():
    dirs = [sys.prefix, sys.base_prefix, sys.exec_prefix]
    try:
        dirs.append(site.getuserbase())
    except AttributeError:         # (an embedded interpreter without it)
        pass
    seen = []
    for d in dirs:
        path = os.path.join(d, "lib", _NAME)
        if path not in seen and os.path.exists(path):
            seen.append(path)
    return seen + [_NAME]          # (last: the dynamic linker's own search)


def _open(path):
    try:
        lib = ctypes.CDLL(path)
        lib.MKL_Set_Threading_Layer.argtypes = [ctypes.c_int]
        lib.MKL_Set_Threading_Layer(_SEQUENTIAL)   # (before any other call)
        text = ctypes.create_string_buffer(256)
        lib.MKL_Get_Version_String(text, 256)
    except (OSError, AttributeError):
        return None
    return lib if VERSION in text.value else None


def _load():
    if os.environ.get("GRADSTUDIO_NO_MKL"):        # (to test the fallback)
        return None
    for path in _candidates():
        lib = _open(path)
        if lib is not None:
            return lib
    return None


def _library():
    if not _STATE:
        _STATE.append(_load())
    return _STATE[0]


def available():
    """Whether PyTorch's MKL release was found (loads it on the first call)."""
    return _library() is not None


_FUNCTIONS = {}


def _function(lib, name, prefix):
    key = prefix + name
    fn = _FUNCTIONS.get(key)
    if fn is None:
        fn = getattr(lib, "vm" + key)
        fn.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_longlong]
        fn.restype = None
        _FUNCTIONS[key] = fn
    return fn


def _scratch(dtype):
    """This thread's pair of ``_SMALL``-element buffers of ``dtype`` and their addresses
    (a numpy array's address costs about a microsecond to read: small tensors are copied
    through buffers whose addresses were read once)."""
    pairs = getattr(_LOCAL, "pairs", None)
    if pairs is None:
        pairs = _LOCAL.pairs = {}
    pair = pairs.get(dtype)
    if pair is None:
        src, out = np.empty(_SMALL, dtype), np.empty(_SMALL, dtype)
        pair = pairs[dtype] = (src, out, src.ctypes.data, out.ctypes.data)
    return pair


def vml(name, a):
    """MKL's ``vm?<name>`` (``Tanh``, ``Exp``, ``Ln`` ...) of the float32 or float64 array
    ``a`` in PyTorch's mode, as a new array of its shape; None when the library is absent
    or ``a`` is of another dtype."""
    dtype = a.dtype
    if dtype == np.float32:
        prefix = "s"
    elif dtype == np.float64:
        prefix = "d"
    else:
        return None
    lib = _library()
    if lib is None:
        return None
    fn = _function(lib, name, prefix)
    n = a.size
    if n <= _SMALL:
        src, out, src_at, out_at = _scratch(dtype)
        src[:n] = a.reshape(-1)
        fn(n, src_at, out_at, _MODE)
        result = out[:n].reshape(np.shape(a)).copy()     # (the buffer is used again)
        return result if isinstance(a, np.ndarray) else result[()]
    src = np.ascontiguousarray(a).reshape(-1)
    out = np.empty_like(src)
    step = src.itemsize
    for i in range(0, src.size, _CHUNK):
        k = min(_CHUNK, src.size - i)
        fn(k, src.ctypes.data + i * step, out.ctypes.data + i * step, _MODE)
    out = out.reshape(np.shape(a))
    return out if isinstance(a, np.ndarray) else out[()]
