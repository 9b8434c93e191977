"""A number read from a tensor stays marked through ``int(...)`` and ``float(...)``.

``values.marked`` hands the script ``x.item()`` as a marked number, so a tensor computed
from it is recorded rather than drawn with the number frozen as a constant. Python's
``int()`` and ``float()`` return a plain number whatever they are given (a subclass's
``__int__`` cannot keep the mark), so ``k = int(x.argmax().item()); w[k]`` or
``n = int(t.sum())`` would lose it and the graph would hold the traced value silently.
The script is compiled with each call ``int(a)`` / ``float(a)`` spelled
``__gradstudio_number__(int, a)``: the name ``int`` is still looked up where the script
looks it up (a script's own ``int`` is called as is), and the result is marked when the
builtin converted a marked number or a tensor (or, once the script read a graph tensor
as a numpy array, any numpy value: ``values.NUMPY_READ``). Numpy's own ``a.item()`` and
``a.tolist()`` hand back plain Python numbers too (``s = x.numpy().sum().item(); w * s``):
each call ``obj.item()`` / ``obj.tolist()`` is spelled ``__gradstudio_number__(obj.item)``
(the attribute still read before the arguments, as Python does), and what a numpy value's
method returns is marked once the script read a graph tensor as a numpy array (a tensor's
own are marked by the engine's observer already). The functions of ``math`` return plain
floats as well (``math.sqrt(loss.item())``): a call of one of their names goes through the
same function, and the result of ``math``'s own is marked when an argument was.
``round()`` and ``math.floor`` / ``ceil`` / ``trunc`` keep the mark through the marked
classes' own methods (``values``).

Part of the tracing child; imports only the engine's public API and ``values``.
"""
import ast
import builtins
import math
import re

import numpy as np

from .values import NUMPY_READ, FloatFromTensor, IntFromTensor, marked, marked_list

NUMBER_CALL = "__gradstudio_number__"
_CONVERTERS = ("int", "float")
_READERS = ("item", "tolist")        # (methods of numpy values that return Python numbers)
_MATH = frozenset(name for name in dir(math) if callable(getattr(math, name)))


class _Converters(ast.NodeTransformer):
    def visit_Call(self, node):
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Name) and func.id in _CONVERTERS and node.args or \
                isinstance(func, ast.Attribute) and func.attr in _READERS or \
                isinstance(func, ast.Name) and func.id in _MATH or \
                isinstance(func, ast.Attribute) and func.attr in _MATH and \
                isinstance(func.value, ast.Name) and func.value.id == "math":
            name = ast.copy_location(ast.Name(NUMBER_CALL, ast.Load()), func)
            node.func, node.args = name, [func] + node.args
        return node


_WORDS = re.compile(r"\b(?:int|float|item|tolist|math)\b")


def keeping_marks(tree, source=None):
    """``tree`` (a parsed module or expression) with its ``int(a)`` / ``float(a)``,
    ``obj.item()`` / ``obj.tolist()`` and ``math`` function calls going through
    ``number_call``. Given the ``source`` it was parsed from, a tree whose text names
    none of these is returned as it is without a walk (an ASCII text only: Python reads
    other letters as these names too, ``ｉｎｔ`` for ``int``)."""
    if source is not None and source.isascii() and _WORDS.search(source) is None:
        return tree
    return ast.fix_missing_locations(_Converters().visit(tree))


def number_call(tensor_class):
    """The function the script's converted calls go through (``NUMBER_CALL`` in its
    namespace): ``func(*args, **kwargs)``, marked when ``func`` is the builtin ``int`` or
    ``float`` or a function of ``math`` and an argument (``int``'s and ``float``'s first)
    is a marked number or a tensor (``tensor_class``), or a numpy value once ``NUMPY_READ``;
    or when ``func`` is a numpy value's ``item``/``tolist`` (once ``NUMPY_READ``)."""
    read_from_tensor = (FloatFromTensor, IntFromTensor, tensor_class)

    def read(v):
        return isinstance(v, read_from_tensor) or \
            NUMPY_READ and isinstance(v, (np.ndarray, np.generic))

    def convert(func, *args, **kwargs):
        result = func(*args, **kwargs)
        if func is builtins.int or func is builtins.float:
            return marked(result) if read(args[0]) else result
        if getattr(func, "__module__", None) == "math":
            return marked(result) if any(map(read, args)) else result
        if NUMPY_READ and getattr(func, "__name__", None) in _READERS and \
                isinstance(getattr(func, "__self__", None), (np.ndarray, np.generic)):
            return marked_list(result)
        return result
    convert.__name__ = convert.__qualname__ = NUMBER_CALL
    return convert
