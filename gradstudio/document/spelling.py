"""Writing values as PyTorch source text: the small formatters each node kind's ``code``
(in the catalogue) uses to spell itself for the exporter."""
import math
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["number", "literal", "brief_literals", "BRIEF_ELEMENTS", "shape_tuple", "dims",
           "sizes", "keywords", "optional",
           "source_tail"]


def number(v):
    """A Python number (or bool) as source: ``2``, ``0.5``, ``True``, ``float('inf')``,
    ``float('nan')``."""
    if isinstance(v, bool):
        return "True" if v else "False"
    if isinstance(v, float) and math.isnan(v):
        return "float('nan')"
    if isinstance(v, float) and math.isinf(v):
        return "float('inf')" if v > 0 else "-float('inf')"
    return repr(v)


def optional(v):
    return None if v is None else number(v)


BRIEF_ELEMENTS = 1000     # torch's print threshold: more numbers are summarised
_EDGE = 3                 # ... showing this many at each end of every dimension, as torch
_brief = ContextVar("brief_literals", default=False)


@contextmanager
def brief_literals():
    """Within it, ``literal`` summarises a value of more than ``BRIEF_ELEMENTS`` numbers as
    torch prints one, ``[1.0, 2.0, 3.0, ..., 8.0, 9.0, 10.0]``: for text a person reads (the
    code panel, a card), never for a script that must run. (Per thread, as a ContextVar.)"""
    token = _brief.set(True)
    try:
        yield
    finally:
        _brief.reset(token)


def literal(v):
    """Nested lists of numbers, as for ``torch.tensor([[1.0, 2.0]])`` (summarised with
    ``...`` inside ``brief_literals`` when large)."""
    if _brief.get() and _elements(v) > BRIEF_ELEMENTS:
        return _summary(v)
    return _spelled(v)


def _spelled(v):
    if isinstance(v, (list, tuple)):
        if type(v) is list:
            text = repr(v)      # the same text, made in C, when only finite numbers inside
            if "(" not in text and "n" not in text:     # (no nan, inf or numpy scalar)
                return text
        return "[" + ", ".join(_spelled(x) for x in v) + "]"
    return number(v)


def _elements(v):
    """How many numbers a (rectangular) nested list holds, read down its first items."""
    n = 1
    while isinstance(v, (list, tuple)):
        n *= len(v)
        if not v:
            break
        v = v[0]
    return n


def _summary(v):
    if not isinstance(v, (list, tuple)):
        return number(v)
    if len(v) > 2 * _EDGE:
        parts = [_summary(x) for x in v[:_EDGE]] + ["..."] + \
            [_summary(x) for x in v[-_EDGE:]]
    else:
        parts = [_summary(x) for x in v]
    return "[" + ", ".join(parts) + "]"


def shape_tuple(shape):
    shape = tuple(shape)
    return "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def dims(d):
    """A ``dim`` argument: an int, or a tuple of them."""
    return str(d) if isinstance(d, int) else shape_tuple(d)


def sizes(shape):
    """Arguments for ``ones(2, 3)`` / ``view(2, 3)``; ``()`` for a 0-d shape."""
    return ", ".join(map(str, shape)) if len(shape) else "()"


def keywords(**kw):
    """``, name=value`` for every keyword whose value is not None."""
    return "".join(f", {k}={v}" for k, v in kw.items() if v is not None)


def source_tail(p):
    """The ``dtype=`` and ``requires_grad=`` keywords of a source node."""
    return keywords(dtype=f"torch.{p['dtype']}" if p.get("dtype") else None,
                    requires_grad="True" if p.get("requires_grad") else None)
