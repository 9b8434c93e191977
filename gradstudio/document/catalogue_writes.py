"""Writes into a tensor: ``x[key] = v``, ``fill_``, ``zero_`` and ``copy_``.

Each write kind has a bool param ``in_place``:

- False (the default, and what files saved before it mean): the node copies its input
  and writes into the copy, exported as the two statements a person would write::

      x_2 = x.clone()
      x_2[0] = 5

  The node before the write keeps the values from before it; the copy adds a
  ``CloneBackward0`` to a tensor that requires grad.
- True: the node writes into its input tensor itself and returns that very tensor, as
  PyTorch does (``y[0] = 0`` gives ``y`` the grad_fn ``CopySlices`` and bumps its version,
  so a backward that saved ``y`` fails as PyTorch's does). The node and its input are
  one tensor (``catalogue.returns_input``): the input's node shows the written values
  too, and readers of the input run before the write only when they come before it in
  the run's order. Exported in place under the input's name (``y[0] = 0.0``), or, for a
  labelled node, ``z = y`` then ``z[0] = 0.0``.

The tracer draws the script's writes in place, one after a timeline action at a
``compute`` step there (``trace.writes``). Registered into the catalogue by
``catalogue`` itself.
"""
from .index_text import bind_index, format_index, parse_index
from .spelling import number

__all__ = ["register"]


def _value(p, value):
    return p["value"] if value is None else value


def _target(p, self):
    """The tensor written into: the input itself (in place) or a copy of it."""
    return self if p.get("in_place") else self.clone()


def _setitem(p, self, value=None, i=None, j=None):
    out = _target(p, self)
    out[bind_index(parse_index(p["key"]), {"i": i, "j": j})] = _value(p, value)
    return out


def _fill(p, self, value=None):
    return _target(p, self).fill_(_value(p, value))


def _zero(p, self):
    return _target(p, self).zero_()


def _copy(p, self, src):
    return _target(p, self).copy_(src)


def _written(p, a):
    """The tensor the statements after it write into: the input itself, or its copy."""
    return a["self"] if p.get("in_place") else f"{a['self']}.clone()"


def _value_text(p, a):
    return a.get("value", number(p["value"]) if p.get("value") is not None else "?")


def register(add, NodeKind, Port, ParamSpec):
    """Adds the write kinds with the catalogue's ``add``."""
    value = ParamSpec("value", "scalar", 0.0, "the number written when 'value' is not "
                      "connected")
    in_place = ParamSpec("in_place", "bool", False, "write into the input tensor itself, "
                         "as PyTorch does (the input's node then shows the written "
                         "values too), instead of into a copy of it")
    add(NodeKind("setitem", "shape", "Writes into a tensor (or into a copy of it): "
                 "x[key] = v (a number, or the tensor on port value), as x[0] = 5, "
                 "x[1:] = 0 or x[mask] = 0 do; with a tensor on port i (and j) the key "
                 "names it.",
                 (Port("self"), Port("value", optional=True, fallback="value"),
                  Port("i", optional=True), Port("j", optional=True)),
                 (ParamSpec("key", "index", "0", "what goes inside [ ]: i and j are the "
                            "tensors on those ports"), value, in_place),
                 _setitem, "{self}[{key}] = {value}", "CopySlices", code=_written,
                 label="x[key] = v",
                 then=lambda p, a, name: [f"{name}[{format_index(parse_index(p['key']), a)}] = "
                                          f"{_value_text(p, a)}"]))
    add(NodeKind("fill_", "shape", "Sets every element of a tensor (or of a copy of it) to "
                 "one number (or the one-element tensor on port value): x.fill_(v).",
                 (Port("self"), Port("value", optional=True, fallback="value")),
                 (value, in_place), _fill, "{self}.fill_({value})", "FillBackward2",
                 code=_written, then=lambda p, a, name: [f"{name}.fill_({_value_text(p, a)})"]))
    add(NodeKind("zero_", "shape", "Sets every element of a tensor (or of a copy of it) to "
                 "zero: x.zero_().", (Port("self"),), (in_place,), _zero, "{self}.zero_()",
                 "ZeroBackward0", code=_written, then=lambda p, a, name: [f"{name}.zero_()"]))
    add(NodeKind("copy_", "shape", "Writes the values of src into a tensor (or into a copy "
                 "of it), broadcast to its shape, in its dtype: x.copy_(src).",
                 (Port("self"), Port("src")), (in_place,), _copy, "{self}.copy_({src})",
                 "CopyBackwards", code=_written,
                 then=lambda p, a, name: [f"{name}.copy_({a['src']})"]))
