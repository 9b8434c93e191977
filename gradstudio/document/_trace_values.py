"""What the tracing child records, as plain values: the ``TraceError`` a script sees
when an operation cannot be drawn, the ``_Record`` of one node still to be committed, and
the helpers that turn tensor data and call arguments into JSON-able values (literal
values, their inferred dtype, plain numbers, nested-list shapes).

Part of the tracing child (``_trace_child.py``); imports only numpy, never the document
package.
"""
import math

import numpy as np


class TraceError(Exception):
    """An operation the tracer cannot draw as a graph; raised inside the user's script
    (its line is where the traceback ends) or, found only at the end, with ``line``."""

    def __init__(self, message, line=None):
        super().__init__(message)
        self.line = line


class _Record:
    __slots__ = ("kind", "params", "inputs", "output", "alias")

    def __init__(self, kind, params, inputs, output, alias=False):
        self.kind, self.params, self.inputs, self.output = kind, params, inputs, output
        self.alias = alias     # the output is the same Python object as input 'self'


# ----------------------------------------------------------------------------- values
def _values(t):
    data = t._data
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
            kinds.add(type(v))
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


def _number(v, what):
    if isinstance(v, np.generic):
        v = v.item()
    if isinstance(v, bool) or not isinstance(v, (int, float)) or \
            (isinstance(v, float) and math.isnan(v)):
        raise TraceError(f"{what} must be a plain number to be drawn")
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
