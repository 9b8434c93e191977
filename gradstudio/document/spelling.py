"""Writing values as PyTorch source text: the small formatters each node kind's ``code``
(in the catalogue) uses to spell itself for the exporter."""
import math

__all__ = ["number", "literal", "shape_tuple", "dims", "sizes", "keywords", "optional",
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


def literal(v):
    """Nested lists of numbers, as for ``torch.tensor([[1.0, 2.0]])``."""
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(literal(x) for x in v) + "]"
    return number(v)


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
