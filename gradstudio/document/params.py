"""Checking and normalising node parameters against their ``ParamSpec``."""
import itertools
import math

from .catalogue import DTYPES
from gradstudio.function_text import check_class_name, normal_text
from gradstudio.hook_text import check_list_name, parse_hook, parse_keep
from gradstudio.vocabulary import MAX_JOINED

from .index_text import parse_index

__all__ = ["check_param", "MAX_ELEMENTS", "MAX_DIMS", "literal_shape", "reshape_literal"]

MAX_ELEMENTS = 1_000_000   # elements in a literal or a created tensor
MAX_DIMS = 8


def _error(msg):
    from .model import DocumentError
    return DocumentError(msg)


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v):
    return (_is_int(v) or isinstance(v, float)) and not (isinstance(v, float) and math.isnan(v))


# int params wider than the usual +-2**31: (lowest, highest, in words)
_WIDE_INTS = {"manual_seed": (0, 2 ** 64 - 1, "0 to 2**64 - 1"),
              "generator_seed": (0, 2 ** 64 - 1, "0 to 2**64 - 1"),
              "low": (-2 ** 63, 2 ** 63 - 1, "-2**63 to 2**63 - 1"),
              "high": (-2 ** 63, 2 ** 63 - 1, "-2**63 to 2**63 - 1")}


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
    check = _CHECKS.get(p.kind)
    if check is None:
        raise _error(f"'{name}' has an unknown kind of setting '{p.kind}'.")
    return check(spec, p, name, value)


def _scalar(spec, p, name, value):
    if type(value) is float and value == value:
        return value                    # (the usual case, at once)
    if not _is_number(value):
        raise _error(f"'{name}' of {spec.name} must be a number.")
    return value


def _int(spec, p, name, value):
    wide = _WIDE_INTS.get(name)
    if wide is not None and _is_int(value) and not wide[0] <= value <= wide[1]:
        raise _error(f"'{name}' of {spec.name} must be a whole number from {wide[2]}.")
    if not _is_int(value) or wide is None and abs(value) > 2 ** 31:
        raise _error(f"'{name}' of {spec.name} must be a whole number.")
    if name in ("count",) and not 1 <= value <= MAX_JOINED:
        raise _error("The number of inputs must be from 1 to 64.")
    if name in ("n", "steps") and not 0 <= value <= MAX_ELEMENTS:
        raise _error(f"'{name}' of {spec.name} must be from 0 to {MAX_ELEMENTS}.")
    return value


def _bool(spec, p, name, value):
    if not isinstance(value, bool):
        raise _error(f"'{name}' of {spec.name} must be true or false.")
    return value


def _dims_or_shape(spec, p, name, value):
    k = p.kind
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


def _choice(spec, p, name, value):
    if value not in p.choices:
        raise _error(f"'{name}' of {spec.name} must be one of "
                     f"{', '.join(repr(c) for c in p.choices)}.")
    return value


def _dtype(spec, p, name, value):
    if value not in DTYPES:
        raise _error(f"'{name}' must be one of {', '.join(DTYPES)}.")
    return value


def _index(spec, p, name, value):
    try:
        parse_index(value)
    except ValueError as e:
        raise _error(f"Index of {spec.name}: {e}.") from None
    return value


def _hook(spec, p, name, value):
    try:
        parse_hook(value)
    except ValueError as e:
        raise _error(f"Hook of {spec.name}: {e}.") from None
    return value.strip()


def _keep(spec, p, name, value):
    try:
        parse_keep(value)
    except ValueError as e:
        raise _error(f"What {spec.name} keeps: {e}.") from None
    return value.strip()


def _list_name(spec, p, name, value):
    try:
        return check_list_name(value)
    except ValueError as e:
        raise _error(f"{e}.") from None


def _function_name(spec, p, name, value):
    try:
        return check_class_name(value)
    except ValueError as e:
        raise _error(f"{e}.") from None


def _function_def(spec, p, name, value):
    """A custom Function's ``forward`` or ``backward`` (the setting's name): the text of
    its def in ``function_text``'s checked language, kept as GradStudio writes it."""
    try:
        return normal_text(name, value)
    except ValueError as e:
        raise _error(f"The {name} of {spec.name}: {e}.") from None


def _numbers(spec, p, name, value):
    """A custom Function's numbers (passed to ``apply`` after its tensors): a flat list
    of at most 8 numbers; one number alone is the list of it."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) or _is_int(value):
        value = [value]
    if not isinstance(value, (list, tuple)) or len(value) > 8 or \
            not all(type(v) in (int, float, bool) or _is_int(v) for v in value):
        raise _error(f"The numbers of {spec.name} are a flat list of at most 8 numbers, "
                     f"such as [0.5, 2].")
    return [v if type(v) in (int, float, bool) else int(v) for v in value]


# a setting's kind -> its check: ``(spec, param, name, value) -> canonical value``
_CHECKS = {"scalar": _scalar, "int": _int, "bool": _bool, "dims": _dims_or_shape,
           "shape": _dims_or_shape, "choice": _choice, "dtype": _dtype,
           "values": lambda spec, p, name, value: _check_values(value),
           "index": _index, "hook": _hook, "function_name": _function_name,
           "function_def": _function_def, "numbers": _numbers, "keep": _keep,
           "list_name": _list_name}


def _check_values(value):
    """Nested lists of numbers or booleans, at most MAX_DIMS deep and MAX_ELEMENTS big."""
    table = _table(value)
    if table is not None:
        return table
    count = 0
    stack = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, (list, tuple)):
            if depth >= MAX_DIMS:
                raise _error(f"Tensor values are nested more than {MAX_DIMS} levels deep.")
            stack.extend((x, depth + 1) for x in v)
        elif isinstance(v, (bool, float)) or _is_int(v):     # nan and inf included
            count += 1
            if count > MAX_ELEMENTS:
                raise _error(f"A tensor literal may hold at most {MAX_ELEMENTS:,} numbers.")
        else:
            raise _error("Tensor values must be numbers, true/false, or lists of them.")
    return _as_lists(value)


def _table(value):
    """A copy of ``value`` when it is a table (a list of two or more lists of numbers or
    booleans, as many in each, at most MAX_ELEMENTS): an imported data file's hundred
    thousand rows, checked in a few passes made in C; None when it is anything else
    (checked one by one)."""
    if type(value) is not list or len(value) < 2 or set(map(type, value)) != {list}:
        return None
    widths = set(map(len, value))
    if len(widths) != 1 or not 0 < len(value) * min(widths) <= MAX_ELEMENTS:
        return None
    if not set(map(type, itertools.chain.from_iterable(value))) <= _PLAIN:
        return None               # (numpy scalars, deeper lists, text: one by one)
    return [row[:] for row in value]


_PLAIN = {float, int, bool}


def _as_lists(v):
    if isinstance(v, (list, tuple)):
        return [_as_lists(x) for x in v]
    return v


# ----------------------------------------------------------------------------- literals
def literal_shape(value):
    """The shape of a tensor literal (nested lists of numbers; a number is 0-d), or None
    when its rows differ in length (PyTorch refuses such a literal)."""
    if not isinstance(value, (list, tuple)):
        return ()
    if type(value) is list and value and set(map(type, value)) == {list}:
        widths = set(map(len, value))          # (a table, such as imported data: in C)
        cells = set(map(type, itertools.chain.from_iterable(value)))
        if len(widths) == 1 and not any(issubclass(t, (list, tuple)) for t in cells):
            return (len(value), widths.pop())
    shape, level, seq = [], [value], (list, tuple)
    while True:                     # one dimension at a time (a million numbers: ~0.1 s)
        if not isinstance(level[0], seq):
            return None if any(isinstance(v, seq) for v in level) else tuple(shape)
        n = len(level[0])
        if any(not isinstance(v, seq) or len(v) != n for v in level):
            return None
        shape.append(n)
        if n == 0:
            return tuple(shape)
        level = [x for v in level for x in v]


def _flat(value):
    out, stack = [], [value]
    while stack:
        v = stack.pop()
        if isinstance(v, (list, tuple)):
            stack.extend(reversed(v))
        else:
            out.append(v)
    return out


def _zero(value):
    """The number a new cell of this literal starts at: ``False``, ``0`` or ``0.0``."""
    flat = _flat(value)
    if flat and all(isinstance(v, bool) for v in flat):
        return False
    if flat and all(_is_int(v) for v in flat):
        return 0
    return 0.0


def reshape_literal(value, shape):
    """``value`` (a tensor literal) given ``shape``, keeping what it can: with as many
    dimensions as before, each number stays at its index (a 2x2 grown to 3x3 keeps its
    block, shrunk to 1x2 keeps its first row); otherwise the numbers flow row by row
    into the new shape (``[1, 2, 3, 4]`` as 2x2 is ``[[1, 2], [3, 4]]``). New cells are
    zero; shape ``()`` gives one number. Raises ``DocumentError`` for a shape that is
    not whole numbers >= 0 within the limits."""
    shape = tuple(shape)
    if (not all(_is_int(n) and n >= 0 for n in shape) or len(shape) > MAX_DIMS
            or math.prod(shape) > MAX_ELEMENTS):
        raise _error(f"A tensor literal's shape is at most {MAX_DIMS} sizes of 0 or more "
                     f"and {MAX_ELEMENTS:,} numbers in all, such as 3 or 2, 3.")
    zero = _zero(value)
    old = literal_shape(value)
    if old is not None and len(old) == len(shape):
        return _block(_as_lists(value), shape, zero)
    return _fill(iter(_flat(value)), shape, zero)


def _block(value, dims, zero):
    """``value``'s numbers at their own indices in a literal of ``dims``, zero elsewhere."""
    if not dims:
        return value
    return [_block(value[i], dims[1:], zero) if i < len(value) else _fill(iter(()), dims[1:],
                                                                          zero)
            for i in range(dims[0])]


def _fill(numbers, dims, zero):
    """A literal of ``dims`` filled row by row from the iterator ``numbers``, then zero."""
    if not dims:
        return next(numbers, zero)
    return [_fill(numbers, dims[1:], zero) for _ in range(dims[0])]
