"""What the tracing child records, as plain values: the ``TraceError`` a script sees
when an operation cannot be drawn, the ``_Record`` of one node still to be committed, and
the helpers that turn tensor data and call arguments into JSON-able values (literal
values, their inferred dtype, plain numbers, nested-list shapes).

Part of the tracing child (``child.py``); imports only numpy, the engine's public API and
the action records (``gradstudio.timeline``), never the document package.
"""
import math

import numpy as np

from gradstudio.engine import inspect as raw
from gradstudio.timeline import ACTION_KINDS
from gradstudio.words import QT_TRANSLATE_NOOP, Said


class TraceError(Exception):
    """An operation the tracer cannot draw as a graph; raised inside the user's script
    (its line is where the traceback ends) or, found only at the end, with ``line``.
    ``message`` is marked ``QT_TRANSLATE_NOOP(CONTEXT, "...")`` with its ``fields`` by
    name (or is a ``Said``): the window shows it translated (``said``), ``str()`` is
    English."""
    CONTEXT = "TraceRefusal"

    def __init__(self, message, line=None, **fields):
        self.said = message if isinstance(message, Said) else Said(self.CONTEXT, message,
                                                                   **fields)
        super().__init__(str(self.said))
        self.line = line


RANDOM_KINDS = frozenset({"rand", "randn", "uniform", "normal", "randperm", "randint",
                          "dropout"})     # node kinds that draw numbers
# ... and those each of whose evaluations draws anew: a loop computes them every iteration
DRAWING_KINDS = RANDOM_KINDS | {"loader_batch"}     # (a DataLoader's next batch)


# the settings of timeline actions that name nodes (by index while recording), read off
# the action records: a setting's name names a node in every kind that has it
NODE_PARAMS = frozenset(name for settings in ACTION_KINDS.values()
                        for name, typ, _ in settings if typ.startswith("node"))


class ActionRef:
    """A timeline action's reference to an earlier ``optimizer`` action (``step``,
    ``optimizer.zero_grad``), by that action's ``uid``; resolved to its index at the end."""
    __slots__ = ("uid",)

    def __init__(self, uid):
        self.uid = uid


class _Record:
    __slots__ = ("kind", "params", "inputs", "output", "alias", "taint")

    def __init__(self, kind, params, inputs, output, alias=False, taint=None):
        self.kind, self.params, self.inputs, self.output = kind, params, inputs, output
        self.alias = alias     # the output is the same Python object as input 'self'
        self.taint = taint     # why this node would freeze a value the graph cannot compute


# ----------------------------------------------------------------------------- numbers
# A number read out of a tensor (``x.item()``, ``float(x)``, ``x.tolist()``) is a Python
# number to the script; fed back into a tensor operation it would become a constant of
# the graph, frozen at the value it had in this run. It is handed to the script as one of
# these subclasses (which print and compute as the plain number; arithmetic keeps the
# mark), and a node whose params hold one is refused if it stays in the graph.
SCALAR_FED_BACK = QT_TRANSLATE_NOOP("TraceRefusal",
    "a number read from a tensor (such as loss.item() or x.tolist()) is used to compute a"
    " new tensor, which cannot be drawn yet: the graph would hold it as a constant")

NUMPY_FED_BACK = QT_TRANSLATE_NOOP("TraceRefusal",
    "a numpy value is used to compute a new tensor after the script read a tensor as a "
    "numpy array (x.numpy()); GradStudio cannot tell whether it holds that tensor's "
    "numbers, so it does not draw it as a constant")

_ARITHMETIC = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow")


class FloatFromTensor(float):
    __slots__ = ()

    def __reduce__(self):          # (torch.save / pickle write the plain number)
        return float, (float(self),)


class IntFromTensor(int):
    __slots__ = ()

    def __reduce__(self):
        return int, (int(self),)


def marked(v):
    """``v`` (a number from a tensor) marked as such; bools and others as they are."""
    if type(v) is float:
        return FloatFromTensor(v)
    if type(v) is int:
        return IntFromTensor(v)
    return v


def marked_list(v):
    return [marked_list(x) for x in v] if isinstance(v, list) else marked(v)


def plain(v):
    """``v`` without the mark (what the engine computes with)."""
    if isinstance(v, FloatFromTensor):
        return float(v)
    if isinstance(v, IntFromTensor):
        return int(v)
    return v


# the row numbers ``random_split`` chose (``handlers/splits``): numbers the script read
# from a tensor without writing ``.item()``, so the refusal names the line it wrote, and
# the DataLoader making a batch from them (``fed_back``)
SPLIT_ROWS_FED_BACK = QT_TRANSLATE_NOOP("TraceRefusal",
    "the rows random_split chose at line {made} are used to compute a new tensor, which "
    "cannot be drawn yet: the graph would hold those rows as constants")
SPLIT_ROWS_LOADED = QT_TRANSLATE_NOOP("TraceRefusal",
    "the DataLoader at line {loading} makes its batches from the rows random_split chose "
    "at line {made}, which cannot be drawn yet unless the split is of a TensorDataset of "
    "the graph's tensors: the graph would hold those rows as constants")


class RowFromSplit(IntFromTensor):
    """A row number ``random_split`` chose at ``line``."""

    def __new__(cls, value, line):
        v = super().__new__(cls, value)
        v.line = line
        return v


RowFromSplit.__name__ = RowFromSplit.__qualname__ = "int"
RowFromSplit.__module__ = "builtins"


def mark_split_rows(subsets, line):
    """Marks the row numbers of ``subsets`` (``random_split``'s) as chosen at ``line``."""
    for s in subsets:
        if type(s.indices) is list:
            s.indices = [RowFromSplit(i, line) if type(i) in (int, IntFromTensor) else i
                         for i in s.indices]


def _split_line(v):
    stack = [v]
    while stack:
        x = stack.pop()
        if isinstance(x, RowFromSplit):
            return x.line
        if isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return None


def _numpy_only(v):
    """Whether the marked values in ``v`` are numpy values only (no number a tensor's
    ``.item()`` or ``.tolist()`` handed the script)."""
    stack, numpy = [v], False
    while stack:
        x = stack.pop()
        if isinstance(x, (FloatFromTensor, IntFromTensor)):
            return False
        numpy = numpy or isinstance(x, (np.ndarray, np.generic))
        if isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return numpy


def fed_back(v, loading=None):
    """Why a node whose params hold ``v`` (holding a marked number) is refused, as a
    ``Said``: rows ``random_split`` chose name its line (and ``loading``'s, the line of a
    DataLoader making a batch from them, if any), any other number an ``.item()`` read."""
    line = _split_line(v)
    if line is None:
        return Said("TraceRefusal", NUMPY_FED_BACK if _numpy_only(v) else SCALAR_FED_BACK)
    if loading is None:
        return Said("TraceRefusal", SPLIT_ROWS_FED_BACK, made=str(line))
    return Said("TraceRefusal", SPLIT_ROWS_LOADED, made=str(line), loading=str(loading))


# set once the script has read a graph tensor's values as a numpy array (``x.numpy()``,
# ``np.asarray(x)``): from then on every numpy value it hands an op may hold them, so it
# counts as a number read from a tensor (never drawn frozen as a constant)
NUMPY_READ = []


def has_marked(v):
    stack = [v]
    while stack:
        x = stack.pop()
        if isinstance(x, (FloatFromTensor, IntFromTensor)) or \
                (NUMPY_READ and isinstance(x, (np.ndarray, np.generic))):
            return True
        if isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
        elif isinstance(x, slice):            # (w[:n])
            stack.extend((x.start, x.stop, x.step))
    return False


def _keep_mark(base, name):
    method = getattr(base, name)

    def op(self, *other):
        r = method(self, *other)
        if r is NotImplemented and base is int and other and isinstance(other[0], float):
            r = getattr(float, name)(float(self), *other)
        return marked(r)
    op.__name__ = name
    return op


def _array_ufunc(self, ufunc, method, *inputs, **kwargs):
    """A marked number in numpy's arithmetic (``np.exp(loss.item())``, ``a * s``): numpy
    computes with the plain number, as with PyTorch's plain float (a float subclass would
    be a strong float64, where a Python float is weak), and from then on numpy values
    may hold a tensor's numbers (``NUMPY_READ``)."""
    if not NUMPY_READ:
        NUMPY_READ.append(True)
    inputs = tuple(plain(x) for x in inputs)
    return getattr(ufunc, method)(*inputs, **kwargs)


for _base, _cls in ((float, FloatFromTensor), (int, IntFromTensor)):
    _cls.__array_ufunc__ = _array_ufunc
    # type(loss.item()) prints as <class 'float'>, as the script expects
    _cls.__name__ = _cls.__qualname__ = _base.__name__
    _cls.__module__ = "builtins"
    for _name in _ARITHMETIC:
        for _dunder in (f"__{_name}__", f"__r{_name}__"):
            setattr(_cls, _dunder, _keep_mark(_base, _dunder))
    # (round(), math.floor/ceil/trunc call these; int() and float() cannot keep the
    # mark: number_marks.py)
    for _dunder in ("__neg__", "__pos__", "__abs__", "__round__", "__floor__", "__ceil__",
                    "__trunc__"):
        setattr(_cls, _dunder, _keep_mark(_base, _dunder))


# ----------------------------------------------------------------------------- values
def _values(t):
    data = raw.data(t)
    if data.dtype == np.float32:
        # the shortest decimal that is the same float32, so literals read as written
        flat = [float(np.format_float_positional(v, unique=True, trim="-"))
                if np.isfinite(v) else float(v) for v in data.reshape(-1)]
        arr = np.array(flat, dtype=np.float64).reshape(data.shape)
        return arr.tolist()
    return data.tolist()


def _inferred_dtype(value):
    kinds = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            stack.extend(v)
        else:
            kinds.add(bool if isinstance(v, bool) else int if isinstance(v, int) else float
                      if isinstance(v, float) else type(v))
    if float in kinds or not kinds:
        return "float32"
    if int in kinds:
        return "int64"
    return "bool"


def _jsonable(v):
    if isinstance(v, dict):
        return {k: _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, np.generic):
        return v.item()
    return v


# what ``_number`` names in its refusal ("the number must be a plain number to be drawn")
THE_NUMBER = Said("TraceRefusal", QT_TRANSLATE_NOOP("TraceRefusal", "the number"))
THE_FILL_VALUE = Said("TraceRefusal", QT_TRANSLATE_NOOP("TraceRefusal", "the fill value"))


def _number(v, what):
    if isinstance(v, np.generic):
        v = v.item()
    if isinstance(v, bool) or not isinstance(v, (int, float)) or \
            (isinstance(v, float) and math.isnan(v)):
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal",
                                           "{what} must be a plain number to be drawn"),
                         what=what)
    return v


def _shape(value):
    shape = []
    while isinstance(value, list):
        shape.append(len(value))
        if not value:
            break
        value = value[0]
    return tuple(shape)


def _plain(value):
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, bool) or (isinstance(v, (int, float)) and
                                     not (isinstance(v, float) and not math.isfinite(v))):
            continue
        else:
            return False
    return True
