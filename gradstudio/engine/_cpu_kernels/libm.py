"""The C library's own ``log1pf``, ``powf`` and ``pow``, which PyTorch's scalar loops call
through ``std::log1p(float)`` (softplus's elements outside its vector blocks) and
``std::pow`` (the ``p``-norm's terms and root for a ``p`` other than 0, 1, 2 and
infinity). glibc's are not correctly rounded (``powf``: 0.07 % of results differ from
``pow`` in double rounded once) and numpy's float32 ``log1p`` is another implementation
(SVML's on AVX-512: a last bit apart for one value in ten), so the engine calls the same
functions, one element at a time (about a microsecond each: these are short tails and
small tensors). Where no C math library can be loaded, numpy's ``log1p`` and ``pow`` in
double stand in. The library is looked for on the first call, not at import:
``find_library`` runs ``ldconfig`` in a subprocess (17 ms of the engine's import, every
start-up)."""
import numpy as np

__all__ = ["log1pf", "powf"]


def _load():
    import ctypes
    import ctypes.util
    try:
        lib = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
        fns = {"log1pf": lib.log1pf, "powf": lib.powf, "pow": lib.pow}
    except (OSError, AttributeError):
        return {}
    fns["log1pf"].argtypes = [ctypes.c_float]
    fns["powf"].argtypes = [ctypes.c_float, ctypes.c_float]
    fns["pow"].argtypes = [ctypes.c_double, ctypes.c_double]
    for name, fn in fns.items():
        fn.restype = ctypes.c_double if name == "pow" else ctypes.c_float
    return fns


_LIBM = []          # ({name: the C function}, empty where none was found; once looked for)


def _function(name):
    if not _LIBM:
        _LIBM.append(_load())
    return _LIBM[0].get(name)


def log1pf(a):
    """``log1pf`` of each element of the float32 array ``a``."""
    a = np.asarray(a, np.float32)
    fn = _function("log1pf")
    if fn is None:
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.log1p(a)
    return np.array([fn(v) for v in a.ravel().tolist()], np.float32).reshape(a.shape)


def powf(a, p):
    """``powf(x, p)`` of each element ``x`` of the float32 array ``a`` and the float32
    number ``p``; ``pow`` of a float64 array and a float64 ``p`` (numpy's float64 power
    is SVML's on AVX-512, a last bit apart for some values)."""
    dt = np.float64 if np.asarray(a).dtype == np.float64 else np.float32
    a = np.asarray(a, dt)
    p = dt(p)
    fn = _function("powf" if dt == np.float32 else "pow")
    if fn is None:
        with np.errstate(all="ignore"):
            return np.power(a.astype(np.float64), np.float64(p)).astype(dt)
    p = float(p)
    return np.array([fn(v, p) for v in a.ravel().tolist()], dt).reshape(a.shape)
