"""The C library's own ``log1pf``, which PyTorch's scalar loops call through
``std::log1p(float)`` (softplus's elements outside its vector blocks). glibc's is not
correctly rounded and numpy's float32 ``log1p`` is another implementation (SVML's on
AVX-512: a last bit apart for one value in ten), so the engine calls the same function,
one element at a time (about a microsecond each: these are short tails and small
tensors). Where no C math library can be loaded, numpy's ``log1p`` stands in. The
library is looked for on the first call, not at import: ``find_library`` runs
``ldconfig`` in a subprocess (17 ms of the engine's import, every start-up)."""
import numpy as np

__all__ = ["log1pf"]


def _load():
    import ctypes
    import ctypes.util
    try:
        lib = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
        fn = lib.log1pf
    except (OSError, AttributeError):
        return None
    fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
    return fn


_LOG1PF = []          # (the C function or None, once looked for)


def log1pf(a):
    """``log1pf`` of each element of the float32 array ``a``."""
    a = np.asarray(a, np.float32)
    if not _LOG1PF:
        _LOG1PF.append(_load())
    fn = _LOG1PF[0]
    if fn is None:
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.log1p(a)
    return np.array([fn(v) for v in a.ravel().tolist()], np.float32).reshape(a.shape)
