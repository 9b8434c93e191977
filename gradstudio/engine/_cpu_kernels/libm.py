"""The C library's own ``log1pf``, ``tanhf``, ``erff``, ``expm1f``, ``logf``, ``powf`` and
``pow``, which PyTorch's scalar loops call through ``std::log1p(float)`` (softplus's elements
outside its vector blocks), ``std::tanh``, ``std::erf`` (gelu's), ``std::expm1`` (elu's)
and ``std::pow`` (the ``p``-norm's terms and root for a ``p`` other than 0, 1, 2 and
infinity). glibc's are not correctly rounded (``powf``: 0.07 % of results differ from
``pow`` in double rounded once) and numpy's float32 ``log1p`` is another implementation
(SVML's on AVX-512: a last bit apart for one value in ten), so the engine calls the same
functions, one element at a time (about a microsecond each: these are short tails and
small tensors). Where no C math library can be loaded, numpy's ``log1p`` and ``pow`` in
double stand in. The library is looked for on the first call, not at import:
``find_library`` runs ``ldconfig`` in a subprocess (17 ms of the engine's import, every
start-up)."""
import numpy as np

__all__ = ["log1pf", "powf", "tanhf", "expm1f", "erff", "log"]


def _load():
    import ctypes
    import ctypes.util
    try:
        lib = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
        fns = {name: getattr(lib, name) for name in _UNARY + ("powf", "pow", "log")}
    except (OSError, AttributeError):
        return {}
    for name in _UNARY:
        fns[name].argtypes = [ctypes.c_float]
    fns["powf"].argtypes = [ctypes.c_float, ctypes.c_float]
    fns["pow"].argtypes = [ctypes.c_double, ctypes.c_double]
    fns["log"].argtypes = [ctypes.c_double]
    for name, fn in fns.items():
        fn.restype = ctypes.c_double if name in ("pow", "log") else ctypes.c_float
    return fns


_UNARY = ("log1pf", "tanhf", "erff", "expm1f", "logf")


_LIBM = []          # ({name: the C function}, empty where none was found; once looked for)


def _function(name):
    if not _LIBM:
        _LIBM.append(_load())
    return _LIBM[0].get(name)


def _each(name, a, stand_in, dt=np.float32):
    a = np.asarray(a, dt)
    fn = _function(name)
    if fn is None:
        with np.errstate(all="ignore"):
            return stand_in(a.astype(np.float64)).astype(dt)
    return np.array([fn(v) for v in a.ravel().tolist()], dt).reshape(a.shape)


def log(a):
    """``logf`` (float32) or ``log`` (float64) of each element of ``a`` (``xlogy``'s
    scalar kernel, so ``kl_div``; numpy's are SVML's on AVX-512, a last bit apart)."""
    if np.asarray(a).dtype == np.float64:
        return _each("log", a, np.log, np.float64)
    return _each("logf", a, np.log)


def log1pf(a):
    """``log1pf`` of each element of the float32 array ``a``."""
    return _each("log1pf", a, np.log1p)


def tanhf(a):
    """``tanhf`` of each element of the float32 array ``a`` (``gelu``'s scalar loop)."""
    return _each("tanhf", a, np.tanh)


def expm1f(a):
    """``expm1f`` of each element of the float32 array ``a`` (``elu``'s scalar loop)."""
    return _each("expm1f", a, np.expm1)


def erff(a):
    """``erff`` of each element of the float32 array ``a`` (``gelu``'s scalar loop)."""
    import math
    return _each("erff", a, np.frompyfunc(math.erf, 1, 1))


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
