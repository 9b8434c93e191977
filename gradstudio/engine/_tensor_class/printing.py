"""PyTorch's tensor ``repr``: a port of ``torch/_tensor_str.py`` (BSD licence) onto numpy.

Only what a dense, strided CPU tensor of our dtypes needs is kept; the names and the order
of the decisions follow the original so the two can be read side by side. The formatter
works on Python scalars from ``ndarray.tolist()``, exactly as torch formats ``.item()``.
"""
import contextlib
import dataclasses
import math

import numpy as np

from .._types.dtype import get_default_dtype
from ..observer import observed

__all__ = ["format_tensor", "set_printoptions", "get_printoptions", "printoptions"]


@dataclasses.dataclass
class _PrinterOptions:
    precision: int = 4
    threshold: float = 1000
    edgeitems: int = 3
    linewidth: int = 80
    sci_mode: bool | None = None


PRINT_OPTS = _PrinterOptions()

_PROFILES = {
    "default": dict(precision=4, threshold=1000, edgeitems=3, linewidth=80),
    "short": dict(precision=2, threshold=1000, edgeitems=2, linewidth=80),
    "full": dict(precision=4, threshold=math.inf, edgeitems=3, linewidth=80),
}


def _set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                      profile=None, sci_mode=None):
    for name, value in _PROFILES.get(profile, {}).items():
        setattr(PRINT_OPTS, name, value)
    if precision is not None:
        PRINT_OPTS.precision = precision
    if threshold is not None:
        PRINT_OPTS.threshold = threshold
    if edgeitems is not None:
        PRINT_OPTS.edgeitems = edgeitems
    if linewidth is not None:
        PRINT_OPTS.linewidth = linewidth
    PRINT_OPTS.sci_mode = sci_mode


@observed("torch.set_printoptions")      # (a listener sees the script's calls, not ours)
def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     profile=None, sci_mode=None):
    """Set the print options, with the semantics of ``torch.set_printoptions``.

    ``profile`` ('default', 'short' or 'full'; anything else is ignored, as in torch) is
    applied first and the other arguments override it. ``sci_mode`` is always assigned:
    leaving it out resets it to None (choose automatically).
    """
    _set_printoptions(precision, threshold, edgeitems, linewidth, profile, sci_mode)


def get_printoptions():
    """The current print options as a dict that ``set_printoptions(**d)`` accepts."""
    return dataclasses.asdict(PRINT_OPTS)


@contextlib.contextmanager
def printoptions(**kwargs):
    """Temporarily change the print options (same arguments as ``set_printoptions``)."""
    old = get_printoptions()
    _set_printoptions(**kwargs)
    try:
        yield
    finally:
        _set_printoptions(**old)


class _Formatter:
    """Chooses int / fixed / scientific notation and a common width from ``values``
    (a flat array of the elements that will actually be printed)."""

    def __init__(self, values, floating_dtype):
        self.floating_dtype = floating_dtype
        self.int_mode = True
        self.sci_mode = False
        self.max_width = 1

        if not floating_dtype:
            for value in values.tolist():
                self.max_width = max(self.max_width, len(f"{value}"))
            return

        nonzero_finite_vals = values[np.isfinite(values) & (values != 0)]
        if nonzero_finite_vals.size == 0:
            return  # no valid number: int mode, width 1

        # Magnitudes in float64 (float16 would overflow 1e8); the integer test stays in
        # the tensor's own dtype, as torch.ceil does.
        nonzero_finite_abs = np.abs(nonzero_finite_vals).astype(np.float64)
        lo, hi = float(nonzero_finite_abs.min()), float(nonzero_finite_abs.max())
        self.int_mode = bool(np.all(nonzero_finite_vals == np.ceil(nonzero_finite_vals)))

        if PRINT_OPTS.sci_mode is None:
            self.sci_mode = hi / lo > 1000.0 or hi > 1.0e8 or lo < 1.0e-4
        else:
            self.sci_mode = PRINT_OPTS.sci_mode

        p = PRINT_OPTS.precision
        if self.sci_mode:
            spec, extra = f".{p}e", 0
        elif self.int_mode:
            spec, extra = ".0f", 1  # room for the "." appended to integral floats
        else:
            spec, extra = f".{p}f", 0
        for value in nonzero_finite_vals.tolist():
            self.max_width = max(self.max_width, len(format(value, spec)) + extra)

    def width(self):
        return self.max_width

    def format(self, value):
        if self.floating_dtype:
            if self.sci_mode:
                ret = format(value, f"{self.max_width}.{PRINT_OPTS.precision}e")
            elif self.int_mode:
                ret = f"{value:.0f}"
                if not (math.isinf(value) or math.isnan(value)):
                    ret += "."
            else:
                ret = format(value, f".{PRINT_OPTS.precision}f")
        else:
            ret = f"{value}"
        return (self.max_width - len(ret)) * " " + ret


def _vector_str(a, indent, summarize, formatter):
    # element_length includes the ", " between elements
    element_length = formatter.width() + 2
    elements_per_line = max(1, math.floor((PRINT_OPTS.linewidth - indent) / element_length))
    edge = PRINT_OPTS.edgeitems

    if summarize and not edge:
        data = ["..."]
    elif summarize and a.shape[0] > 2 * edge:
        data = ([formatter.format(v) for v in a[:edge].tolist()] + [" ..."]
                + [formatter.format(v) for v in a[-edge:].tolist()])
    else:
        data = [formatter.format(v) for v in a.tolist()]

    lines = [", ".join(data[i:i + elements_per_line])
             for i in range(0, len(data), elements_per_line)]
    return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"


def _tensor_str_with_formatter(a, indent, summarize, formatter):
    dim = a.ndim
    if dim == 0:
        return formatter.format(a.item())
    if dim == 1:
        return _vector_str(a, indent, summarize, formatter)

    edge = PRINT_OPTS.edgeitems
    n = a.shape[0]
    if summarize and n > 2 * edge:
        slices = ([_tensor_str_with_formatter(a[i], indent + 1, summarize, formatter)
                   for i in range(edge)]
                  + ["..."]
                  + [_tensor_str_with_formatter(a[i], indent + 1, summarize, formatter)
                     for i in range(n - edge, n)])
    else:
        slices = [_tensor_str_with_formatter(a[i], indent + 1, summarize, formatter)
                  for i in range(n)]

    # sub-blocks of an n-d tensor are separated by n-1 newlines (blank lines for n >= 3)
    return "[" + ("," + "\n" * (dim - 1) + " " * (indent + 1)).join(slices) + "]"


def _summarized_data(a):
    """The elements a summarised print shows, flattened (torch's get_summarized_data).
    With edgeitems=0 torch keeps all of a 1-d tensor (``a[-0:]`` is everything) and none
    of an n-d one; either way only "..." is printed, so the difference never shows."""
    edge = PRINT_OPTS.edgeitems
    if a.ndim == 0:
        return a.reshape(1)
    if a.ndim == 1:
        return np.concatenate((a[:edge], a[-edge:])) if a.shape[0] > 2 * edge else a
    if not edge:
        return a.reshape(-1)[:0]
    n = a.shape[0]
    rows = [*range(edge), *range(n - edge, n)] if n > 2 * edge else range(n)
    return np.concatenate([_summarized_data(a[i]) for i in rows])


def _tensor_str(a, indent, floating_dtype):
    if a.size == 0:
        return "[]"
    summarize = a.size > PRINT_OPTS.threshold
    values = _summarized_data(a) if summarize else a.reshape(-1)
    formatter = _Formatter(values, floating_dtype)
    return _tensor_str_with_formatter(a, indent, summarize, formatter)


def _add_suffixes(tensor_str, suffixes, indent, force_newline):
    tensor_strs = [tensor_str]
    # torch's arithmetic, off by two on the first line (rfind gives -1): kept for parity
    last_line_len = len(tensor_str) - tensor_str.rfind("\n") + 1
    for suffix in suffixes:
        if force_newline or last_line_len + len(suffix) + 2 > PRINT_OPTS.linewidth:
            tensor_strs.append(",\n" + " " * indent + suffix)
            last_line_len = indent + len(suffix)
            force_newline = False
        else:
            tensor_strs.append(", " + suffix)
            last_line_len += len(suffix) + 2
    tensor_strs.append(")")
    return "".join(tensor_strs)


def format_tensor(data, dtype, *, requires_grad=False, grad_fn_name=None,
                  tensor_class_name="tensor", tangent=None):
    """Exactly what ``repr(torch_tensor)`` prints for a CPU tensor holding ``data``.

    ``data`` is a numpy array of any shape (0-d, empty, non-contiguous all fine); it is
    viewed as ``dtype`` (a ``gradstudio.engine._types.dtype.dtype``). ``grad_fn_name`` adds
    ``grad_fn=<NAME>``; otherwise ``requires_grad`` adds ``requires_grad=True``.
    ``tangent``, the text of a dual tensor's tangent, adds ``tangent=...``.
    """
    a = np.asarray(data).astype(dtype.np, copy=False)
    prefix = tensor_class_name + "("
    indent = len(prefix)
    suffixes = []
    default_name = get_default_dtype().name
    dtype_suffix = "dtype=torch." + dtype.name

    if a.size == 0:
        # Like numpy, the shape is spelled out unless it is (0,); and with no elements
        # to suggest int64 the dtype is shown for anything but the default float type.
        if a.ndim != 1:
            suffixes.append("size=" + str(tuple(a.shape)))
        if dtype.name != default_name:
            suffixes.append(dtype_suffix)
        tensor_str = "[]"
    else:
        if not PRINT_OPTS.edgeitems:
            suffixes.append("size=" + str(tuple(a.shape)))
        if dtype.name not in (default_name, "int64", "bool"):
            suffixes.append(dtype_suffix)
        tensor_str = _tensor_str(a, indent, dtype.is_floating_point)

    if grad_fn_name is not None:
        suffixes.append(f"grad_fn=<{grad_fn_name}>")
    elif requires_grad:
        suffixes.append("requires_grad=True")
    if tangent is not None:
        suffixes.append("tangent=" + tangent)

    return _add_suffixes(prefix + tensor_str, suffixes, indent, force_newline=False)
