"""The mapping of the engine's op-table calls to catalogue node kinds and their params:
``op_record(op, operands, params, output)`` is the node one operation becomes (or a
``TraceError`` saying why it cannot be drawn), ``view_records`` the nodes of the pieces a
multi-output op (``split``, ``chunk``, ``unbind``, iterating a tensor) returns, plus the
index-key text of ``x[key]``.

Part of the tracing child (``child.py``); imports only its sibling modules and
``gradstudio.vocabulary``.
"""
from gradstudio.vocabulary import DTYPES, MAX_JOINED
from gradstudio.words import QT_TRANSLATE_NOOP, Number, Said

from .conv_ops import EXPLICIT as _CONV_EXPLICIT
from .values import THE_FILL_VALUE, THE_NUMBER, TraceError, _number, _Record


# ----------------------------------------------------------------------------- ops
_BINARY = {"add", "sub", "mul", "div", "eq", "ne", "lt", "le", "gt", "ge"}


_INDEX_PORTS = ("i", "j")


def _list_index_text(value):
    """A list index (``[0, 2]``, ``[[0, 1], [1, 0]]``, ``[True, False]``) as the index
    kind writes it, or None when it holds anything but ints, or anything but bools."""
    kinds, stack = set(), [value]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, (bool, int)):
            kinds.add(type(v))
        else:
            return None
    return None if len(kinds) > 1 else repr(value)


def _index_key_text(key, is_tensor):
    """``x[key]`` as the index kind's text (``0, 1:3, None, ...``, ``[0, 2]``, ``:, i``)
    and the tensors on its index ports (``{"i": mask}``), or (None, None) when the key
    holds anything else (a bool, a tuple inside it, a third tensor)."""
    def is_int(v):
        return isinstance(v, int) and not isinstance(v, bool)
    out, ports = [], {}
    for k in key if isinstance(key, tuple) else (key,):
        if k is Ellipsis:
            out.append("...")
        elif k is None:
            out.append("None")
        elif is_int(k):
            out.append(str(k))
        elif isinstance(k, slice) and all(v is None or is_int(v)
                                          for v in (k.start, k.stop, k.step)):
            text = ("" if k.start is None else str(k.start)) + ":" + \
                ("" if k.stop is None else str(k.stop))
            out.append(text if k.step is None else f"{text}:{k.step}")
        elif is_tensor(k) and len(ports) < len(_INDEX_PORTS):
            name = _INDEX_PORTS[len(ports)]
            ports[name] = k
            out.append(name)
        elif isinstance(k, list) and _list_index_text(k) is not None:
            out.append(_list_index_text(k))
        else:
            return None, None
    return (", ".join(out), ports) if out else (None, None)


def _dims(d):
    """A reduction's dims as the script most likely wrote them: ``x.sum(1)``, not
    ``x.sum((1,))`` (the engine hands over a tuple either way; both compute the same)."""
    return d[0] if isinstance(d, (tuple, list)) and len(d) == 1 else d


def _index_text(dim, start, end, step):
    part = f"{start}:{end}" + ("" if step == 1 else f":{step}")
    return ", ".join([":"] * dim + [part])


def view_records(op, src, params, outs):
    """One node per piece of a multi-output view op: a document node has one output, so
    ``a, b = x.split(2)`` draws as ``a = x[0:2]`` and ``b = x[2:4]`` (SliceBackward0 each,
    where PyTorch's pieces share one SplitBackward0) and each row of ``for row in x`` or
    ``x.unbind(d)`` as ``x[i]`` / ``x[:, i]`` (SelectBackward0 each, where PyTorch's share
    one UnbindBackward0). Values and gradients are the same: unbind's and split's
    backward stack or concatenate the pieces' gradients, zeros for a piece none reached,
    which is what the separate select/slice nodes add up to."""
    dim = params["dim"]
    if op.name == "unbind":
        lead = ":, " * dim
        return [_Record("index", {"key": f"{lead}{k}"}, {"self": src}, out)
                for k, out in enumerate(outs)]
    if op.name in ("split", "split_with_sizes"):
        records, start = [], 0
        for out in outs:
            end = start + out.shape[dim]
            records.append(_Record("index", {"key": _index_text(dim, start, end, 1)},
                                   {"self": src}, out))
            start = end
        return records
    raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "the operation '{name}' cannot be drawn yet"),
                     name=op.name)


def has_kind(op):
    """Whether an op of the table is a node kind of its own, named after it (the rest are
    internal, several views at once, or read back by ``_EXPLICIT``)."""
    return not (op.category == "internal" or op.multi_output or op.variadic or
                op.name.startswith("_"))


def _param_value(param, value):
    """A param as a node holds it, by its kind in the op's record."""
    if value is None:
        return None
    kind = param.kind
    if kind == "dims":
        return _dims(list(value) if isinstance(value, tuple) else value)
    if kind == "shape":
        return list(value)
    if kind == "scalar":
        return _number(value, Said("TraceRefusal", QT_TRANSLATE_NOOP(
            "TraceRefusal", "the {name}"), name=param.name))
    if kind == "bool":
        return bool(value)
    if kind == "int":
        return int(value)
    if kind == "choice" and value in param.choices:
        return value
    raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "the {name} of '{name}' cannot be drawn yet"),
                     name=param.name)


def _generic(op, operands, params, output):
    """The node of an op whose kind is named after it: its tensor arguments are the
    ports, its params (as the record declares them) the node's."""
    if not has_kind(op):
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "the operation '{name}' cannot be drawn yet"),
                         name=op.name)
    inputs = {}
    for port, o in zip(op.arg_names, operands):
        if not isinstance(o, type(output)):     # (a Parameter is a tensor too)
            raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", 
                "{name} with a number in place of the tensor '{port}' cannot be drawn yet; "
                "give it a tensor"), name=op.name, port=port)
        inputs[port] = o
    values = {p.name: _param_value(p, params.get(p.name, p.default)) for p in op.params}
    return _Record(op.name, values, inputs, output)


# the indices half of a (values, indices) pair with no kind of its own: refused only if
# the script goes on to use them (a node that stays in the graph)
_INDICES_ONLY = {"_median_indices": "x.median(dim)",
                 "_mode_indices": "x.mode(dim)", "_kthvalue_indices": "x.kthvalue(k)",
                 "_nanmedian_indices": "x.nanmedian(dim)", "_cummax_indices": "x.cummax(dim)",
                 "_cummin_indices": "x.cummin(dim)"}


def op_record(op, operands, params, output):
    """The node for one op of the engine's table, or raises TraceError."""
    if op.name in _INDICES_ONLY:
        return _Record(op.name, {}, {"self": operands[0]}, output, taint=(
            None, f"the indices of {_INDICES_ONLY[op.name]} cannot be drawn yet; its values "
                  "(.values) can"))
    if op.name == "_topk_indices":        # (x.topk(k).indices: a kind of its own)
        return _Record("topk_indices", {q.name: _param_value(q, (params or {}).get(
            q.name, q.default)) for q in op.params}, {"self": operands[0]}, output)
    explicit = _EXPLICIT.get(op.name)
    if explicit is None:
        return _generic(op, operands, params or {}, output)
    return explicit(op.name, operands, params or {}, output)


# ----------------------------------------------------------------------------- explicit
# The table entries a node kind reads back its own way: a number operand as a param,
# several entries folded into one kind, a default the node spells differently, and the
# ones that cannot be drawn.
def _binary(name, operands, p, output):
    a, b = operands
    kw = {}
    if p.get("alpha", 1) != 1:
        kw["alpha"] = _number(p["alpha"], "alpha")
    if isinstance(b, type(output)):
        return _Record(name, kw, {"self": a, "other": b}, output)
    return _Record(name, dict(kw, other=_number(b, THE_NUMBER)), {"self": a}, output)


def _pow(name, operands, p, output):
    return _Record("pow", {"exponent": _number(p.get("exponent", 2.0), "the exponent")},
                   {"self": operands[0]}, output)


def _pow_tensor(name, operands, p, output):
    return _Record("pow", {}, {"self": operands[0], "exponent": operands[1]}, output)


def _rsub(name, operands, p, output):
    if p.get("alpha", 1) != 1:
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "rsub with alpha cannot be drawn"))
    return _Record("rsub", {"other": _number(p["other"], THE_NUMBER)},
                   {"self": operands[0]}, output)


def _rpow(name, operands, p, output):
    return _Record("rpow", {"base": _number(p["base"], Said("TraceRefusal", QT_TRANSLATE_NOOP(
        "TraceRefusal", "the base")))},
                   {"exponent": operands[0]}, output)


def _tensor_pair(name, operands, p, output):       # x //= y too (no inplace param)
    return _Record(name, {}, {"self": operands[0], "other": operands[1]}, output)


def _number_operand(name, operands, p, output):
    # 2 // x is floor_divide_scalar, reflected; 2 % x is rremainder
    kind = ("r" if p.get("reflected") else "") + name.removesuffix("_scalar")
    return _Record(kind, {"other": _number(p["other"], THE_NUMBER)},
                   {"self": operands[0]}, output)


def _div_rounded(name, operands, p, output):
    # torch.div(x, y, rounding_mode=...) / torch.div(x, 2, ...): a number as the param
    mode = p.get("rounding_mode", "trunc")      # (None is div itself: never this op)
    a, b = operands
    if isinstance(b, type(output)):
        return _Record(name, {"rounding_mode": mode}, {"self": a, "other": b}, output)
    return _Record(name, {"rounding_mode": mode, "other": _number(b, THE_NUMBER)},
                   {"self": a}, output)


def _clamp(name, operands, p, output):
    lim = {k: None if p.get(k) is None else _number(p[k], f"clamp's {k}")
           for k in ("min", "max")}
    return _Record("clamp", lim, {"self": operands[0]}, output)


def _spread(name, operands, p, output):
    # no correction given is Bessel's (1): the same values, drawn as the default
    c = p.get("correction")
    what = Said("TraceRefusal", QT_TRANSLATE_NOOP("TraceRefusal", "the correction"))
    return _Record(name, {"dim": _dims(p.get("dim")), "keepdim": bool(p.get("keepdim")),
                          "correction": 1 if c is None else _number(c, what)},
                   {"self": operands[0]}, output)


def _extreme(name, operands, p, output):
    return _Record(name, {"dim": None, "keepdim": False}, {"self": operands[0]}, output)


def _extreme_dim(name, operands, p, output):
    return _Record(name[:-len("_dim")], {"dim": p["dim"], "keepdim": bool(p.get("keepdim"))},
                   {"self": operands[0]}, output)


def _squeeze(name, operands, p, output):
    return _Record("squeeze", {"dim": p.get("dim")}, {"self": operands[0]}, output)


def _unsafe_view(name, operands, p, output):
    return _Record("reshape", {"shape": list(p["shape"])}, {"self": operands[0]}, output)


def _slice(name, operands, p, output):
    return _Record("index", {"key": _index_text(p["dim"], p["start"], p["end"], p["step"])},
                   {"self": operands[0]}, output)


def _to(name, operands, p, output):
    dt = p["dtype"].name
    if dt not in DTYPES:
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "converting to {dtype} cannot be drawn; use "
                                           "one of {dtypes}"), dtype=dt,
                         dtypes=", ".join(DTYPES))
    return _Record("to", {"dtype": dt}, {"self": operands[0]}, output)


def _joined(name, operands, p, output):
    if len(operands) > MAX_JOINED:   # (a DataLoader's batch of more rows, stacked by its
        raise TraceError(QT_TRANSLATE_NOOP(            # collate: recorded, not refused)
            "TraceRefusal", "torch.{name} of more than {count} tensors cannot be drawn yet"),
            name=name, count=Number(MAX_JOINED))
    return _Record(name, {"count": len(operands), "dim": p["dim"]},
                   {f"t{i}": o for i, o in enumerate(operands)}, output)


def _fill(name, operands, p, output):
    return _Record("fill_", {"value": _number(p["value"], THE_FILL_VALUE)},
                   {"self": operands[0]}, output)


def _fill_tensor(name, operands, p, output):
    return _Record("fill_", {"value": 0.0}, {"self": operands[0], "value": operands[1]},
                   output)


def _zero(name, operands, p, output):
    return _Record("zero_", {}, {"self": operands[0]}, output)


def _copy(name, operands, p, output):
    return _Record("copy_", {}, {"self": operands[0], "src": operands[1]}, output)


def _batch_norm(name, operands, p, output):
    """``F.batch_norm``: a tensor argument given as None is a port left unconnected (the
    kind's weight, bias and running averages are optional, as PyTorch's arguments)."""
    ports = ("input", "weight", "bias", "running_mean", "running_var")
    return _Record(name, {"training": bool(p.get("training", False)),
                          "momentum": _number(p.get("momentum", 0.1), "momentum"),
                          "eps": _number(p.get("eps", 1e-05), "eps")},
                   {q: o for q, o in zip(ports, operands) if o is not None}, output)


def _refused(message):
    def record(name, operands, p, output):
        raise TraceError(message)
    return record


_EXPLICIT = {
    **dict.fromkeys(_BINARY, _binary),
    "pow": _pow, "pow_tensor": _pow_tensor, "rsub": _rsub, "rpow": _rpow,
    **dict.fromkeys(("floor_divide", "remainder"), _tensor_pair),
    **dict.fromkeys(("floor_divide_scalar", "remainder_scalar", "rremainder"),
                    _number_operand),
    "div_rounded": _div_rounded, "clamp": _clamp, "var": _spread, "std": _spread, "max": _extreme, "min": _extreme,
    "max_dim": _extreme_dim, "min_dim": _extreme_dim, "median": _extreme,
    "median_dim": _extreme_dim, "nanmedian": _extreme, "nanmedian_dim": _extreme_dim,
    "squeeze": _squeeze,
    "_unsafe_view": _unsafe_view, "slice": _slice, "to": _to, "cat": _joined,
    "stack": _joined, "batch_norm": _batch_norm,
    "index": _refused(QT_TRANSLATE_NOOP("TraceRefusal", 
        "this indexing cannot be drawn yet; use integers, slices, lists, and at most two "
        "tensors (x[mask], x[:, idx], x[rows, cols])")),
    # reached only through a loss call with arguments its kind has no place for
    "nll_loss": _refused(QT_TRANSLATE_NOOP("TraceRefusal", 
        "this loss cannot be drawn yet: only cross_entropy and nll_loss without a weight "
        "per class can")),
    # (reached only when the condition is not a tensor: torch.where(c, x, 0.0) is drawn)
    "where": _refused(QT_TRANSLATE_NOOP("TraceRefusal", 
        "torch.where with a condition that is not a tensor cannot be drawn; give it a "
        "bool tensor such as x > 0")),
    # writes (see ``writes``): x[key] = v is recorded from the call, with its key's text
    "_setitem": _refused(QT_TRANSLATE_NOOP("TraceRefusal", 
        "this assignment into a tensor cannot be drawn yet")),
    "_fill": _fill, "_fill_tensor": _fill_tensor, "_zero": _zero, "_copy": _copy,
    # convolution and pooling (``conv_ops``): the kinds that compute them
    **_CONV_EXPLICIT,
}
