"""Checking and normalising node parameters against their ``ParamSpec``."""
import math

from .catalogue import DTYPES, parse_index

__all__ = ["check_param", "MAX_ELEMENTS", "MAX_DIMS"]

MAX_ELEMENTS = 1_000_000   # elements in a literal or a created tensor
MAX_DIMS = 8


def _error(msg):
    from .model import DocumentError
    return DocumentError(msg)


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v):
    return (_is_int(v) or isinstance(v, float)) and not (isinstance(v, float) and math.isnan(v))


def check_param(spec, name, value):
    """Returns ``value`` in canonical form (tuples for shapes, etc.) or raises
    ``DocumentError`` saying what is expected."""
    try:
        p = spec.param(name)
    except KeyError:
        raise _error(f"'{spec.name}' has no setting '{name}'.") from None
    if value is None:
        if p.optional or p.default is None:
            return None
        raise _error(f"'{name}' of {spec.name} needs a value.")
    k = p.kind
    if k == "scalar":
        if not _is_number(value):
            raise _error(f"'{name}' of {spec.name} must be a number.")
        return value
    if k == "int":
        if not _is_int(value) or abs(value) > 2 ** 31:
            raise _error(f"'{name}' of {spec.name} must be a whole number.")
        if name in ("count",) and not 1 <= value <= 64:
            raise _error("The number of inputs must be from 1 to 64.")
        if name in ("n", "steps") and not 0 <= value <= MAX_ELEMENTS:
            raise _error(f"'{name}' of {spec.name} must be from 0 to {MAX_ELEMENTS}.")
        return value
    if k == "bool":
        if not isinstance(value, bool):
            raise _error(f"'{name}' of {spec.name} must be true or false.")
        return value
    if k in ("dims", "shape"):
        if k == "dims" and _is_int(value):
            return value
        if not isinstance(value, (list, tuple)) or not all(_is_int(v) for v in value):
            raise _error(f"'{name}' of {spec.name} must be a list of whole numbers, "
                         "such as (2, 3).")
        if len(value) > MAX_DIMS:
            raise _error(f"'{name}' of {spec.name} has more than {MAX_DIMS} dimensions.")
        if k == "shape":
            if any(v < -1 for v in value):
                raise _error(f"Sizes in '{name}' must be 0 or more (-1 means 'infer').")
            n = 1
            for v in value:
                n *= max(v, 1)
            if n > MAX_ELEMENTS:
                raise _error(f"A shape of {tuple(value)} has more than {MAX_ELEMENTS:,} "
                             "elements, too many for GradStudio.")
        return tuple(value)
    if k == "choice":
        if value not in p.choices:
            raise _error(f"'{name}' of {spec.name} must be one of "
                         f"{', '.join(repr(c) for c in p.choices)}.")
        return value
    if k == "dtype":
        if value not in DTYPES:
            raise _error(f"'{name}' must be one of {', '.join(DTYPES)}.")
        return value
    if k == "values":
        return _check_values(value)
    if k == "index":
        try:
            parse_index(value)
        except ValueError as e:
            raise _error(f"Index of {spec.name}: {e}.") from None
        return value
    raise _error(f"'{name}' has an unknown kind of setting '{k}'.")


def _check_values(value):
    """Nested lists of numbers or booleans, at most MAX_DIMS deep and MAX_ELEMENTS big."""
    count = 0
    stack = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, (list, tuple)):
            if depth >= MAX_DIMS:
                raise _error(f"Tensor values are nested more than {MAX_DIMS} levels deep.")
            stack.extend((x, depth + 1) for x in v)
        elif isinstance(v, bool) or _is_number(v):
            count += 1
            if count > MAX_ELEMENTS:
                raise _error(f"A tensor literal may hold at most {MAX_ELEMENTS:,} numbers.")
        else:
            raise _error("Tensor values must be numbers, true/false, or lists of them.")
    return _as_lists(value)


def _as_lists(v):
    if isinstance(v, (list, tuple)):
        return [_as_lists(x) for x in v]
    return v
