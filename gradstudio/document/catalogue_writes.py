"""Writes into a tensor, drawn as a new tensor: ``x[key] = v``, ``fill_``, ``zero_`` and
``copy_``.

A script that writes into ``x`` changes ``x`` itself; a graph keeps every node's tensor,
so each write is a node that copies its input and writes into the copy, exported as the
two statements a person would write for it::

    x_2 = x.clone()
    x_2[0] = 5

The node before the write still shows the values from before it. Where that differs
from the script (a tensor that requires grad gains a ``CloneBackward0`` the script does
not have), the tracer refuses the write instead of drawing it (``trace.listener``).
Registered into the catalogue by ``catalogue`` itself.
"""
from .index_text import bind_index, format_index, parse_index
from .spelling import number

__all__ = ["register"]


def _value(p, value):
    return p["value"] if value is None else value


def _setitem(p, self, value=None, i=None, j=None):
    out = self.clone()
    out[bind_index(parse_index(p["key"]), {"i": i, "j": j})] = _value(p, value)
    return out


def _fill(p, self, value=None):
    return self.clone().fill_(_value(p, value))


def _zero(p, self):
    return self.clone().zero_()


def _copy(p, self, src):
    return self.clone().copy_(src)


def _value_text(p, a):
    return a.get("value", number(p["value"]) if p.get("value") is not None else "?")


def register(add, NodeKind, Port, ParamSpec):
    """Adds the write kinds with the catalogue's ``add``."""
    clone = lambda p, a: f"{a['self']}.clone()"     # noqa: E731 (the copy written into)
    value = ParamSpec("value", "scalar", 0.0, "the number written when 'value' is not "
                      "connected")
    add(NodeKind("setitem", "shape", "Writes into a copy of a tensor: x[key] = v (a number, or "
                 "the tensor on port value), as x[0] = 5, x[1:] = 0 or x[mask] = 0 do; with a "
                 "tensor on port i (and j) the key names it.",
                 (Port("self"), Port("value", optional=True, fallback="value"),
                  Port("i", optional=True), Port("j", optional=True)),
                 (ParamSpec("key", "index", "0", "what goes inside [ ]: i and j are the "
                            "tensors on those ports"), value),
                 _setitem, "{self}[{key}] = {value}", "CopySlices", code=clone,
                 label="x[key] = v",
                 then=lambda p, a, name: [f"{name}[{format_index(parse_index(p['key']), a)}] = "
                                          f"{_value_text(p, a)}"]))
    add(NodeKind("fill_", "shape", "A copy of a tensor with every element set to one number "
                 "(or the one-element tensor on port value): x.fill_(v).",
                 (Port("self"), Port("value", optional=True, fallback="value")), (value,),
                 _fill, "{self}.fill_({value})", "FillBackward2", code=clone,
                 then=lambda p, a, name: [f"{name}.fill_({_value_text(p, a)})"]))
    add(NodeKind("zero_", "shape", "A copy of a tensor with every element set to zero: "
                 "x.zero_().", (Port("self"),), (), _zero, "{self}.zero_()", "ZeroBackward0",
                 code=clone, then=lambda p, a, name: [f"{name}.zero_()"]))
    add(NodeKind("copy_", "shape", "A copy of a tensor with the values of src written into it "
                 "(broadcast to its shape, in its dtype): x.copy_(src).",
                 (Port("self"), Port("src")), (), _copy, "{self}.copy_({src})",
                 "CopyBackwards", code=clone,
                 then=lambda p, a, name: [f"{name}.copy_({a['src']})"]))
