"""``torch.finfo`` and ``torch.iinfo``: the limits of a dtype, printed as PyTorch prints
them (six significant digits)."""
import numpy as np

from . import dtype as D

__all__ = ["finfo", "iinfo"]


class finfo:
    """The limits of a floating-point dtype (the default dtype when none is given)."""
    __module__ = "torch"

    def __init__(self, type=None):
        dt = D.get_default_dtype() if type is None else type
        if not dt.is_floating_point:
            raise TypeError("torch.finfo() requires a floating point input type. Use "
                            "torch.iinfo to handle 'torch.finfo'")
        info = np.finfo(dt.np)
        self.bits = info.bits
        self.eps, self.max, self.min = float(info.eps), float(info.max), float(info.min)
        self.tiny = self.smallest_normal = float(info.tiny)
        self.resolution = 10.0 ** -info.precision
        self.dtype = dt.name

    def __repr__(self):
        return (f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, "
                f"eps={self.eps:g}, smallest_normal={self.smallest_normal:g}, "
                f"tiny={self.tiny:g}, dtype={self.dtype})")


class iinfo:
    """The limits of an integer dtype."""
    __module__ = "torch"

    def __init__(self, type):
        if type is D.bool_:
            raise TypeError("torch.bool is not supported by torch.iinfo")
        if type.is_floating_point:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo "
                            "to handle 'torch.iinfo'")
        info = np.iinfo(type.np)
        self.bits, self.max, self.min = info.bits, int(info.max), int(info.min)
        self.dtype = type.name

    def __repr__(self):
        return f"iinfo(min={self.min:g}, max={self.max:g}, dtype={self.dtype})"
