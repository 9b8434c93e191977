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
as a numpy array, any numpy value: ``values.NUMPY_READ``). ``round()`` and ``math.floor`` /
``ceil`` / ``trunc`` keep the mark through the marked classes' own methods (``values``).

Part of the tracing child; imports only the engine's public API and ``values``.
"""
import ast
import builtins
import re

import numpy as np

from .values import NUMPY_READ, FloatFromTensor, IntFromTensor, marked

NUMBER_CALL = "__gradstudio_number__"
_CONVERTERS = ("int", "float")


class _Converters(ast.NodeTransformer):
    def visit_Call(self, node):
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Name) and func.id in _CONVERTERS and node.args:
            name = ast.copy_location(ast.Name(NUMBER_CALL, ast.Load()), func)
            node.func, node.args = name, [func] + node.args
        return node


_WORDS = re.compile(r"\b(?:int|float)\b")


def keeping_marks(tree, source=None):
    """``tree`` (a parsed module or expression) with its ``int(a)`` / ``float(a)`` calls
    going through ``number_call``. Given the ``source`` it was parsed from, a tree whose
    text never names ``int`` or ``float`` is returned as it is without a walk (an ASCII
    text: Python reads other letters as these names too, ``ｉｎｔ`` for ``int``)."""
    if source is not None and source.isascii() and _WORDS.search(source) is None:
        return tree
    return _Converters().visit(tree)    # (the one new node has the call's location)


def number_call(tensor_class):
    """The function the script's converted calls go through (``NUMBER_CALL`` in its
    namespace): ``func(*args, **kwargs)``, marked when ``func`` is the builtin ``int`` or
    ``float`` and ``args[0]`` is a marked number or a tensor (``tensor_class``)."""
    def convert(func, *args, **kwargs):
        result = func(*args, **kwargs)
        if (func is builtins.int or func is builtins.float) and \
                isinstance(args[0], (FloatFromTensor, IntFromTensor, tensor_class)) or \
                NUMPY_READ and isinstance(args[0], (np.ndarray, np.generic)):
            return marked(result)
        return result
    convert.__name__ = convert.__qualname__ = NUMBER_CALL
    return convert
