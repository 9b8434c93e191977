"""A ``Dataset`` class of the script's own that only hands out rows of its tensors (issue
32): ``__getitem__`` is ``return self.x[i], self.y[i]`` (or one row, ``self.x[i]``) and
``__len__`` one ``return``. A ``DataLoader`` over it batches exactly what it batches over
``TensorDataset(self.x, self.y)`` (``default_collate`` stacks the rows: ``x[idx]``), so its
batches are drawn as a ``TensorDataset``'s are (``loaders``) and its training loop folds.

The class is read, not run: its ``__getitem__`` must be that one ``return`` in the
script's text (a docstring aside), taking rows of attributes the instance holds (not a
property's), each a tensor of the graph with one row per item (``len(dataset)``). A
``__getitems__`` of its own, anything else computed, printed or drawn in ``__getitem__``
(a transform, a noise draw, ``.item()``) and the loader's batches stay what the loader's
calls ran (the selects and the stack), as before.
"""
import ast

from gradstudio.engine import inspect as raw

from ..hooks import function_node
from ..values import TraceError

__all__ = ["own_dataset_tensors"]


def _returned(rec, fn, argcount):
    """The expression of ``fn``'s one ``return`` (a docstring aside), or None."""
    code = getattr(fn, "__code__", None)
    if code is None or code.co_filename != rec.filename or code.co_argcount != argcount \
            or code.co_kwonlyargcount or code.co_flags & 0x0C:
        return None
    try:
        node = function_node(code, rec.source)
    except (TraceError, SyntaxError, ValueError):
        return None
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return None
    return node, body[0].value


def _row_attributes(node, value):
    """The attribute names of ``return self.a[i], self.b[i]`` (``node``'s own argument
    names), or None for any other return."""
    me, index = (a.arg for a in node.args.args)
    items = value.elts if isinstance(value, ast.Tuple) else [value]
    names = []
    for item in items:
        if not (isinstance(item, ast.Subscript) and isinstance(item.slice, ast.Name) and
                item.slice.id == index and isinstance(item.value, ast.Attribute) and
                isinstance(item.value.value, ast.Name) and item.value.value.id == me):
            return None
        names.append(item.value.attr)
    return names or None


def own_dataset_tensors(rec, dataset):
    """The tensors a script's own ``Dataset`` hands out rows of (see the module
    docstring), in the order ``__getitem__`` returns them, or None."""
    cls = type(dataset)
    if not isinstance(dataset, rec.torch.utils.data.Dataset) or \
            "__getitems__" in dir(cls) or "__len__" not in vars(cls):
        return None
    got, size = _returned(rec, vars(cls).get("__getitem__"), 2), \
        _returned(rec, vars(cls)["__len__"], 1)
    if got is None or size is None:
        return None
    names = _row_attributes(*got)
    held = getattr(dataset, "__dict__", None)
    if names is None or not isinstance(held, dict) or any(n not in held for n in names):
        return None
    tensors = [held[n] for n in names]
    if not all(raw.is_tensor(t) and t.dim() >= 1 for t in tensors):
        return None
    rows = {t.shape[0] for t in tensors}
    try:
        size = len(dataset)      # (its one return; the loader asked for it already)
    except Exception:            # noqa: BLE001 (the script's own code: then not drawn so)
        return None
    return tensors if len(rows) == 1 and size == rows.pop() else None
