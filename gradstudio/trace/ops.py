"""The mapping of the engine's op-table calls to catalogue node kinds and their params:
``op_record(op, operands, params, output)`` is the node one operation becomes (or a
``TraceError`` saying why it cannot be drawn), ``view_records`` the nodes of the pieces a
multi-output op (``split``, ``chunk``, ``unbind``, iterating a tensor) returns, plus the
index-key text of ``x[key]``.

Part of the tracing child (``child.py``); imports only its sibling modules.
"""
from .values import TraceError, _number, _Record


# ----------------------------------------------------------------------------- ops
_BINARY = {"add", "sub", "mul", "div", "eq", "ne", "lt", "le", "gt", "ge"}
_UNARY = {"neg", "exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "abs", "sqrt", "rsqrt",
          "reciprocal", "log1p", "expm1", "sign", "floor", "ceil", "round", "trunc", "clone",
          "t", "all", "any"}
_DTYPES = ("float32", "float64", "int64", "bool")


def _index_key_text(key):
    """``x[key]`` as the index kind's text (``0, 1:3, None, ...``), or None when the key
    is not made of integers, slices of integers, None and ``...`` only."""
    def is_int(v):
        return isinstance(v, int) and not isinstance(v, bool)
    out = []
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
        else:
            return None
    return ", ".join(out) if out else None


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
    raise TraceError(f"the operation '{op.name}' cannot be drawn yet")


def op_record(op, operands, params, output):
    """The node for one op of the engine's table, or raises TraceError."""
    name = op.name
    p = params or {}
    T = type(output)

    def tensors(*ports):
        return {port: o for port, o in zip(ports, operands)}

    if name in _BINARY:
        a, b = operands
        kw = {}
        if p.get("alpha", 1) != 1:
            kw["alpha"] = _number(p["alpha"], "alpha")
        if type(b) is T:
            return _Record(name, kw, {"self": a, "other": b}, output)
        return _Record(name, dict(kw, other=_number(b, "the number")), {"self": a}, output)
    if name == "pow":
        return _Record("pow", {"exponent": _number(p.get("exponent", 2.0), "the exponent")},
                       {"self": operands[0]}, output)
    if name == "pow_tensor":
        return _Record("pow", {}, tensors("self", "exponent"), output)
    if name == "rsub":
        if p.get("alpha", 1) != 1:
            raise TraceError("rsub with alpha cannot be drawn")
        return _Record("rsub", {"other": _number(p["other"], "the number")},
                       {"self": operands[0]}, output)
    if name == "rpow":
        return _Record("rpow", {"base": _number(p["base"], "the base")},
                       {"exponent": operands[0]}, output)
    if name in ("floor_divide", "remainder", "maximum", "minimum"):      # x //= y too
        return _Record(name, {}, tensors("self", "other"), output)
    if name in ("floor_divide_scalar", "remainder_scalar", "rremainder"):
        # 2 // x is floor_divide_scalar, reflected; 2 % x is rremainder
        kind = ("r" if p.get("reflected") else "") + name.removesuffix("_scalar")
        return _Record(kind, {"other": _number(p["other"], "the number")}, tensors("self"),
                       output)
    if name in _UNARY:
        return _Record(name, {}, tensors("self"), output)
    if name == "clamp":
        lim = {k: None if p.get(k) is None else _number(p[k], f"clamp's {k}")
               for k in ("min", "max")}
        return _Record("clamp", lim, tensors("self"), output)
    if name in ("sum", "mean", "amax", "amin"):
        return _Record(name, {"dim": _dims(p.get("dim")), "keepdim": bool(p.get("keepdim"))},
                       tensors("self"), output)
    if name == "norm":
        return _Record("norm", {"p": _number(p.get("p", 2.0), "the norm's p"),
                                "dim": _dims(p.get("dim")),
                                "keepdim": bool(p.get("keepdim"))},
                       tensors("self"), output)
    if name == "prod":
        return _Record("prod", {"dim": p.get("dim"), "keepdim": bool(p.get("keepdim"))},
                       tensors("self"), output)
    if name in ("var", "std"):
        # no correction given is Bessel's (1): the same values, drawn as the default
        c = p.get("correction")
        return _Record(name, {"dim": _dims(p.get("dim")), "keepdim": bool(p.get("keepdim")),
                              "correction": 1 if c is None else _number(c, "the correction")},
                       tensors("self"), output)
    if name == "cumsum":
        return _Record("cumsum", {"dim": p["dim"]}, tensors("self"), output)
    if name in ("softmax", "log_softmax"):
        return _Record(name, {"dim": p["dim"]}, tensors("self"), output)
    if name in ("max", "min"):
        return _Record(name, {"dim": None, "keepdim": False}, tensors("self"), output)
    if name in ("max_dim", "min_dim"):
        return _Record(name[:3], {"dim": p["dim"], "keepdim": bool(p.get("keepdim"))},
                       tensors("self"), output)
    if name in ("argmax", "argmin"):
        return _Record(name, {"dim": p.get("dim"), "keepdim": bool(p.get("keepdim"))},
                       tensors("self"), output)
    if name in ("mm", "bmm"):
        return _Record(name, {}, tensors("self", "mat2"), output)
    if name == "mv":
        return _Record(name, {}, tensors("self", "vec"), output)
    if name == "dot":
        return _Record(name, {}, tensors("self", "tensor"), output)
    if name in ("view", "expand"):
        return _Record(name, {"shape": list(p["shape"])}, tensors("self"), output)
    if name == "_unsafe_view":
        return _Record("reshape", {"shape": list(p["shape"])}, tensors("self"), output)
    if name == "squeeze":
        return _Record("squeeze", {"dim": p.get("dim")}, tensors("self"), output)
    if name == "unsqueeze":
        return _Record("unsqueeze", {"dim": p["dim"]}, tensors("self"), output)
    if name == "transpose":
        return _Record("transpose", {"dim0": p["dim0"], "dim1": p["dim1"]}, tensors("self"),
                       output)
    if name == "permute":
        return _Record("permute", {"dims": list(p["dims"])}, tensors("self"), output)
    if name == "select":
        return _Record("select", {"dim": p["dim"], "index": p["index"]}, tensors("self"),
                       output)
    if name == "slice":
        return _Record("index", {"key": _index_text(p["dim"], p["start"], p["end"],
                                                    p["step"])}, tensors("self"), output)
    if name == "to":
        dt = p["dtype"].name
        if dt not in _DTYPES:
            raise TraceError(f"converting to {dt} cannot be drawn; use one of "
                             f"{', '.join(_DTYPES)}")
        return _Record("to", {"dtype": dt}, tensors("self"), output)
    if name in ("cat", "stack"):
        return _Record(name, {"count": len(operands), "dim": p["dim"]},
                       {f"t{i}": o for i, o in enumerate(operands)}, output)
    if name == "index":
        raise TraceError("indexing with a tensor, a list or a mask cannot be drawn yet; "
                         "use integers and slices such as x[0] or x[:, 1:3]")
    if name == "nll_loss":
        # reached only through a loss call with arguments its kind has no place for
        raise TraceError("this loss cannot be drawn yet: only cross_entropy and nll_loss "
                         "without a weight per class can")
    if name == "where":
        raise TraceError("torch.where with a number cannot be drawn; give it tensors")
    if name in ("_setitem", "_fill", "_copy", "_zero"):
        raise TraceError("assigning into a tensor in place (x[...] = v, fill_, copy_, "
                         "zero_) cannot be drawn; compute a new tensor instead")
    raise TraceError(f"the operation '{name}' cannot be drawn yet")
