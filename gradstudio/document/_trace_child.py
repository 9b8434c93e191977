"""The tracing child process: ``python -P <this file>`` (run by path, so that it imports
only the engine and numpy, not the document package).

Reads ``{"source": ..., "filename": ...}`` as JSON on stdin, runs the script with the
engine installed as ``torch`` and records every tensor operation, and writes one JSON
object on its own stdout: ``{"ok": true, "nodes": [...], "actions": [...], "seed": ...,
"output": ...}`` or ``{"ok": false, "error": "line 7: RuntimeError: ...", ...}``.

Only this process ever runs the user's code, and only it patches the engine: the op
table's ``apply`` and ``inplace`` (every operation, as autograd sees it), a few public
functions and Tensor methods (factories, ``matmul``, ``reshape``, indexing, ``where``,
``detach``, ``requires_grad_``, ``retain_grad``, ``.data``, ``.grad``, ``backward``,
``autograd.grad``, ``manual_seed``, grad-mode blocks) and the script's ``print``.
Operations inside a recorded call are not recorded again (``x @ w`` is one node, not the
``mm`` it runs); a call with no node kind of its own is recorded as the operations it
ran. Nodes are named after the script's variables (the first name a tensor is bound
to; ``y``, ``y_2``... when a loop rebinds ``y``), and temporaries nobody kept (a loop
condition such as ``y.data.norm() < 1000``) are dropped at the end.
"""
import builtins
import io
import json
import keyword
import math
import os
import sys
import traceback
import warnings

import numpy as np

MAX_NODES = 20_000
UNSEEDED = 0     # an unseeded script draws as if seeded with 0, the document's default
MAX_OUTPUT = 64 * 1024
_RANDOM_KINDS = {"rand", "randn"}
_RESERVED = {"torch", "print"}


class TraceError(Exception):
    """An operation the tracer cannot draw as a graph; raised inside the user's script."""


class _OutOfTime(BaseException):
    """Raised into the script by the timer (a BaseException: ``except Exception`` in the
    script does not swallow it)."""


class _Record:
    __slots__ = ("kind", "params", "inputs", "output", "alias")

    def __init__(self, kind, params, inputs, output, alias=False):
        self.kind, self.params, self.inputs, self.output = kind, params, inputs, output
        self.alias = alias     # the output is the same Python object as input 'self'


class Recorder:
    def __init__(self, engine, filename, record_values=False):
        self.record_values = record_values
        self.values = {}              # node index -> (data copy, dtype, grad_fn name)
        self.objects = []             # node index -> its output tensor
        self.torch = engine
        self.Tensor = engine.Tensor
        self.filename = filename
        self.quiet = 0
        self.frames = [[]]            # buffered records of open composite calls
        self.nodes = []               # committed node dicts, in order
        self.node_of = {}             # id(tensor) -> node index
        self.keep = []                # every tensor seen, kept alive so ids stay unique
        self.grad_of = {}             # id(.grad tensor) -> node index of its owner
        self.actions = []
        self.seed = None
        self.random_drawn = False
        self.block_stack = []         # ids of open grad-mode blocks
        self.blocks = 0
        self.labels = set()

    # ---------------------------------------------------------------- helpers
    def line(self):
        f = sys._getframe(1)
        while f is not None:
            if f.f_code.co_filename == self.filename:
                return f.f_lineno
            f = f.f_back
        return None

    def is_tensor(self, v):
        return isinstance(v, self.Tensor)

    def node_index(self, t):
        """The node holding tensor ``t``; an unknown tensor becomes a literal node."""
        i = self.node_of.get(id(t))
        if i is not None:
            return i
        if t._grad_fn is not None:
            raise TraceError("a tensor computed outside the traced operations (for example a "
                             "gradient returned with create_graph=True) is used here; "
                             "GradStudio cannot draw where it came from")
        if id(t) in self.grad_of:
            owner = self.nodes[self.grad_of[id(t)]]
            note = f"the gradient of '{owner['label'] or owner['kind']}' as it was then"
        else:
            note = None
        dtype = t._dtype.name
        value = _values(t)
        params = {"value": value, "requires_grad": bool(t._requires_grad)}
        if dtype != _inferred_dtype(value):
            if dtype not in ("float32", "float64", "int64", "bool"):
                raise TraceError(f"a {dtype} tensor cannot be drawn; GradStudio documents "
                                 "hold float32, float64, int64 and bool tensors")
            params["dtype"] = dtype
        return self._commit(_Record("tensor", params, {}, t), note=note)

    # ---------------------------------------------------------------- records
    def emit(self, rec):
        """Commits ``rec`` (a ``_Record``, or an op call still to be mapped) or, inside a
        composite call, keeps it until that call is known to have no kind of its own."""
        if len(self.frames) > 1:
            self.frames[-1].append(rec)
        else:
            self._commit(op_record(*rec) if isinstance(rec, tuple) else rec)

    def _commit(self, rec, note=None):
        if len(self.nodes) >= MAX_NODES:
            raise TraceError(f"the script made more than {MAX_NODES:,} tensor operations, "
                             "too many to draw")
        inputs = {}
        for port, t in rec.inputs.items():
            inputs[port] = self.node_index(t)
        if rec.kind in _RANDOM_KINDS:
            self.random_drawn = True
        grad_on = self.torch.is_grad_enabled()
        region = None
        if not grad_on:
            region = self.block_stack[-1] if self.block_stack else "global"
        index = len(self.nodes)
        self.nodes.append({"kind": rec.kind, "params": _jsonable(rec.params), "inputs": inputs,
                           "label": None, "watched": False, "region": region,
                           "line": self.line(), "alias": rec.alias, "keep": False,
                           "note": note})
        self.node_of[id(rec.output)] = index
        self.keep.append(rec.output)
        self.objects.append(rec.output)
        if self.record_values:
            t = rec.output
            fn = t._grad_fn
            self.values[index] = (np.array(t._data), t._dtype.name,
                                  None if fn is None else type(fn).__name__)
        return index

    def composite(self, fn, mapper):
        """Wraps a public call that has a node kind of its own (``x @ w``, ``x[0]``)."""
        rec_self = self

        def wrapper(*args, **kwargs):
            if rec_self.quiet:
                return fn(*args, **kwargs)
            rec_self.frames.append([])
            try:
                result = fn(*args, **kwargs)
            finally:
                children = rec_self.frames.pop()
            mapped = mapper(result, *args, **kwargs)
            if mapped is None:
                for c in children:
                    rec_self.emit(c)
            else:
                rec_self.emit(mapped)
            return result
        wrapper.__name__ = getattr(fn, "__name__", "wrapper")
        wrapper.__doc__ = getattr(fn, "__doc__", None)
        return wrapper

    def special(self, fn, handler):
        """Wraps a call recorded by ``handler(result, *args, **kwargs)`` (factories,
        backward ...) at the top level only; nothing inside it is recorded."""
        rec_self = self

        def wrapper(*args, **kwargs):
            if rec_self.quiet or len(rec_self.frames) > 1:
                return fn(*args, **kwargs)
            rec_self.quiet += 1
            try:
                result = fn(*args, **kwargs)
            finally:
                rec_self.quiet -= 1
            handler(result, *args, **kwargs)
            return result
        wrapper.__name__ = getattr(fn, "__name__", "wrapper")
        wrapper.__doc__ = getattr(fn, "__doc__", None)
        return wrapper

    # ---------------------------------------------------------------- naming
    def name_tensors(self, namespace):
        for name, v in list(namespace.items()):
            if type(v) is not self.Tensor:
                continue
            i = self.node_of.get(id(v))
            if i is None:
                continue
            node = self.nodes[i]
            if node["label"] is not None or node["alias"]:
                continue
            if not name.isidentifier() or name.startswith("__") or keyword.iskeyword(name) \
                    or len(name) > 60 or name in _RESERVED:
                continue
            label, n = name, 1
            while label in self.labels:
                n += 1
                label = f"{name}_{n}"
            self.labels.add(label)
            node["label"] = label

    def mark_watched(self, value):
        if not self.is_tensor(value):
            return
        i = self.node_of.get(id(value))
        if i is None:
            i = self.grad_of.get(id(value))
        if i is not None:
            self.nodes[i]["watched"] = True

    def mark_kept(self, t):
        i = self.node_of.get(id(t))
        if i is not None:
            self.nodes[i]["keep"] = True

    # ---------------------------------------------------------------- result
    def finish(self):
        """Drops dead temporaries and returns the JSON-able result."""
        used = set()
        for a in self.actions:
            for v in a["params"].values():
                for i in (v if isinstance(v, list) else [v]):
                    if isinstance(i, int) and not isinstance(i, bool):
                        used.add(i)
        consumers = [0] * len(self.nodes)
        for node in self.nodes:
            for i in node["inputs"].values():
                consumers[i] += 1
        alive = [True] * len(self.nodes)
        for i in range(len(self.nodes) - 1, -1, -1):
            node = self.nodes[i]
            if consumers[i] or i in used or node["label"] or node["watched"] or \
                    node["keep"] or node["kind"] in _RANDOM_KINDS:
                continue
            alive[i] = False
            for j in node["inputs"].values():
                consumers[j] -= 1
        new_id = {}
        nodes = []
        for i, node in enumerate(self.nodes):
            if alive[i]:
                new_id[i] = f"t{len(nodes) + 1}"
                nodes.append(dict(node, id=new_id[i],
                                  inputs={p: new_id[j] for p, j in node["inputs"].items()}))
        if self.record_values:
            # a tensor's .grad belongs to its node and to the requires_grad_/retain_grad
            # nodes that alias it (the same tensor in the document too), but not to nodes
            # an in-place operation left behind (separate tensors in the document)
            owner = {}
            superseded = set()
            for i in range(len(self.nodes) - 1, -1, -1):
                obj = id(self.objects[i])
                if obj in superseded:
                    continue
                owner[i] = self.objects[i]
                if not self.nodes[i]["alias"]:
                    superseded.add(obj)
            position = {new_id[i]: k for k, i in enumerate(sorted(new_id))}
            for i, node_id in new_id.items():
                data, dtype, fn = self.values[i]
                t = owner.get(i)
                g = None if t is None or t._grad is None else t._grad._data.tolist()
                nodes[position[node_id]]["recorded"] = {
                    "value": data.tolist(), "dtype": dtype, "grad_fn": fn, "grad": g}
        for n in nodes:
            n.pop("keep")
            n.pop("alias")
        actions = []
        for a in self.actions:
            params = {}
            for k, v in a["params"].items():
                if isinstance(v, list):
                    params[k] = [new_id[i] for i in v]
                elif isinstance(v, int) and not isinstance(v, bool):
                    params[k] = new_id[v]
                else:
                    params[k] = v
            actions.append({"kind": a["kind"], "params": params, "line": a["line"]})
        seed = self.seed
        if seed is None and any(n["kind"] in _RANDOM_KINDS for n in nodes):
            seed = UNSEEDED
        return {"ok": True, "nodes": nodes, "actions": actions, "seed": seed}


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


def _index_text(dim, start, end, step):
    part = f"{start}:{end}" + ("" if step == 1 else f":{step}")
    return ", ".join([":"] * dim + [part])


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
    if name in ("maximum", "minimum"):
        return _Record(name, {}, tensors("self", "other"), output)
    if name in _UNARY:
        return _Record(name, {}, tensors("self"), output)
    if name == "clamp":
        lim = {k: None if p.get(k) is None else _number(p[k], f"clamp's {k}")
               for k in ("min", "max")}
        return _Record("clamp", lim, tensors("self"), output)
    if name in ("sum", "mean"):
        return _Record(name, {"dim": p.get("dim"), "keepdim": bool(p.get("keepdim"))},
                       tensors("self"), output)
    if name == "norm":
        return _Record("norm", {"p": _number(p.get("p", 2.0), "the norm's p"),
                                "dim": p.get("dim"), "keepdim": bool(p.get("keepdim"))},
                       tensors("self"), output)
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
    if name == "where":
        raise TraceError("torch.where with a number cannot be drawn; give it tensors")
    if name in ("_setitem", "_fill", "_copy", "_zero"):
        raise TraceError("assigning into a tensor in place (x[...] = v, fill_, copy_, "
                         "zero_) cannot be drawn; compute a new tensor instead")
    raise TraceError(f"the operation '{name}' cannot be drawn yet")


# ----------------------------------------------------------------------------- install
def install(rec):
    """Patches the engine (in this process only) so that ``rec`` sees every operation."""
    torch = rec.torch
    from gradstudio.engine import _functions, _grad_mode, _tensor, _tensor_ops
    from gradstudio.engine import autograd as autograd_mod
    Tensor = torch.Tensor
    orig_apply, orig_inplace = _tensor.apply, _tensor.inplace

    def apply(op, operands, params=None, out_dtype=None):
        out = orig_apply(op, operands, params, out_dtype)
        if not rec.quiet:
            rec.emit((op, operands, params, out))
        return out

    def inplace(self, op, operands, params=None):
        if rec.quiet:
            return orig_inplace(self, op, operands, params)
        was_tracked_leaf = self._requires_grad and self._grad_fn is None
        rec.quiet += 1
        try:
            out = orig_inplace(self, op, operands, params)
        finally:
            rec.quiet -= 1
        if len(rec.frames) > 1:
            return out
        if id(self) in rec.grad_of and op.name == "_zero":
            rec.actions.append({"kind": "zero_grad", "params": {"tensor": rec.grad_of[id(self)]},
                                "line": rec.line()})
            return out
        if was_tracked_leaf:
            raise TraceError("an in-place update of a leaf that requires grad (such as "
                             "w -= lr * w.grad under no_grad) cannot be drawn as a graph")
        # drawn as the out-of-place operation; the tensor now stands for the new node
        rec.emit(op_record(op, operands, params, self))
        return out

    for mod in (_tensor, _tensor_ops, _functions):
        for attr in ("apply", "_apply"):
            if getattr(mod, attr, None) is orig_apply:
                setattr(mod, attr, apply)
        if getattr(mod, "inplace", None) is orig_inplace:
            setattr(mod, "inplace", inplace)

    # ------------------------------------------------------------ composite calls
    def matmul_map(out, a, b):
        if type(a) is Tensor and type(b) is Tensor:
            return _Record("matmul", {}, {"self": a, "other": b}, out)
        return None

    def rmatmul_map(out, a, b):
        return matmul_map(out, b, a)

    def reshape_map(out, a, *shape):
        if type(a) is not Tensor:
            return None
        return _Record("reshape", {"shape": list(out.shape)}, {"self": a}, out)

    def getitem_map(out, a, key):
        text = _index_key_text(key)
        return None if text is None else _Record("index", {"key": text}, {"self": a}, out)

    def where_map(out, condition, input=None, other=None):
        if not all(type(t) is Tensor for t in (condition, input, other)):
            return None
        return _Record("where", {}, {"condition": condition, "input": input,
                                     "other": other}, out)

    Tensor.matmul = Tensor.__matmul__ = rec.composite(Tensor.__matmul__, matmul_map)
    Tensor.__rmatmul__ = rec.composite(Tensor.__rmatmul__, rmatmul_map)
    torch.matmul = rec.composite(torch.matmul, matmul_map)
    Tensor.reshape = rec.composite(Tensor.reshape, reshape_map)
    torch.reshape = rec.composite(torch.reshape, reshape_map)
    Tensor.__getitem__ = rec.composite(Tensor.__getitem__, getitem_map)
    torch.where = rec.composite(torch.where, where_map)

    # ------------------------------------------------------------ factories
    def dtype_param(t, kind, params):
        name = t._dtype.name
        default = _inferred_dtype(params["value"]) if kind == "tensor" else \
            ("int64" if kind == "arange" and all(
                isinstance(params[k], int) for k in ("start", "end", "step")) else "float32")
        if name != default:
            if name not in _DTYPES:
                raise TraceError(f"a {name} tensor cannot be drawn")
            params["dtype"] = name
        params["requires_grad"] = bool(t._requires_grad)
        return params

    def factory(kind, make_params):
        def handler(out, *args, **kwargs):
            if kwargs.get("generator") is not None:
                raise TraceError("random numbers from a separate torch.Generator cannot be "
                                 "drawn; use torch.manual_seed")
            params = dtype_param(out, kind, make_params(out, *args, **kwargs))
            rec.emit(_Record(kind, params, {}, out))
        return handler

    def tensor_params(out, data, *a, **k):
        value = _jsonable(data) if isinstance(data, (list, tuple, int, float, bool)) else None
        if value is None or _shape(value) != tuple(out.shape) or \
                not _plain(value):
            value = _values(out)
        return {"value": value}

    shape_params = (lambda out, *a, **k: {"shape": list(out.shape)})

    def arange_params(out, start, end=None, step=1, **k):
        if end is None:
            start, end = 0, start
        return {"start": _number(start, "arange's start"), "end": _number(end, "arange's end"),
                "step": _number(step, "arange's step")}

    def linspace_params(out, start, end, steps, **k):
        return {"start": _number(start, "linspace's start"),
                "end": _number(end, "linspace's end"), "steps": int(steps)}

    def full_params(out, size, fill_value, **k):
        return {"shape": list(out.shape), "fill_value": _number(fill_value, "the fill value")}

    def eye_params(out, n, m=None, **k):
        if m is not None and m != n:
            raise TraceError("torch.eye with two sizes cannot be drawn")
        return {"n": int(n)}

    def like(kind):
        def make(out, other, *a, **k):
            return {"shape": list(out.shape)}
        return make

    def full_like_params(out, other, fill_value, **k):
        return {"shape": list(out.shape), "fill_value": _number(fill_value, "the fill value")}

    for name, kind, make in (("tensor", "tensor", tensor_params),
                             ("ones", "ones", shape_params), ("zeros", "zeros", shape_params),
                             ("rand", "rand", shape_params), ("randn", "randn", shape_params),
                             ("full", "full", full_params), ("eye", "eye", eye_params),
                             ("arange", "arange", arange_params),
                             ("linspace", "linspace", linspace_params),
                             ("ones_like", "ones", like("ones")),
                             ("zeros_like", "zeros", like("zeros")),
                             ("rand_like", "rand", like("rand")),
                             ("randn_like", "randn", like("randn")),
                             ("full_like", "full", full_like_params)):
        setattr(torch, name, rec.special(getattr(torch, name), factory(kind, make)))

    def unsupported(what):
        def handler(out, *a, **k):
            raise TraceError(f"{what} cannot be drawn yet")
        return handler

    for name in ("randint", "randperm", "empty", "empty_like", "normal", "bernoulli",
                 "multinomial"):
        if hasattr(torch, name):
            setattr(torch, name, rec.special(getattr(torch, name),
                                             unsupported(f"torch.{name}")))
    for name in ("uniform_", "normal_", "random_", "bernoulli_", "exponential_"):
        if hasattr(Tensor, name):
            setattr(Tensor, name, rec.special(getattr(Tensor, name),
                                              unsupported(f"Tensor.{name}")))

    def seed_handler(out, seed):
        if rec.random_drawn:
            raise TraceError("torch.manual_seed after random numbers were drawn cannot be "
                             "drawn: a document has one seed, set before everything runs")
        value = int(seed) % 2 ** 64
        if value >= 2 ** 63:
            raise TraceError("a document's seed is from 0 to 2**63 - 1")
        rec.seed = value
    torch.manual_seed = rec.special(torch.manual_seed, seed_handler)

    # ------------------------------------------------------------ autograd state
    def detach_handler(out, t):
        rec.emit(_Record("detach", {}, {"self": t}, out))
    Tensor.detach = rec.special(Tensor.detach, detach_handler)

    def detach_inplace(out, t):
        raise TraceError("detach_() cannot be drawn; write x = x.detach()")
    Tensor.detach_ = rec.special(Tensor.detach_, detach_inplace)

    def rebind(kind, params, t):
        """``t`` stays the same Python object but is now the output of a new node."""
        rec.emit(_Record(kind, params, {"self": t}, t, alias=True))

    def requires_grad_handler(out, t, requires_grad=True):
        rebind("requires_grad_", {"requires_grad": bool(requires_grad)}, t)
    Tensor.requires_grad_ = rec.special(Tensor.requires_grad_, requires_grad_handler)

    def retain_handler(out, t):
        rebind("retain_grad", {}, t)
    Tensor.retain_grad = rec.special(Tensor.retain_grad, retain_handler)

    def inspected(prop):
        def get(self):
            if not rec.quiet and len(rec.frames) == 1:
                rec.mark_kept(self)
            return prop.fget(self)
        return get

    req = Tensor.requires_grad
    Tensor.requires_grad = property(
        inspected(req),
        lambda self, v: Tensor.requires_grad_(self, bool(v)))
    for name in ("grad_fn", "is_leaf", "retains_grad"):
        setattr(Tensor, name, property(inspected(getattr(Tensor, name))))

    data_prop = Tensor.data

    def data_get(self):
        out = data_prop.fget(self)
        if rec.quiet or len(rec.frames) > 1:
            return out
        if id(self) in rec.grad_of:
            rec.grad_of[id(out)] = rec.grad_of[id(self)]
            rec.keep.append(out)
        else:
            rec.emit(_Record("detach", {}, {"self": self}, out))
        return out
    Tensor.data = property(data_get, data_prop.fset)

    grad_prop = Tensor.grad

    def grad_get(self):
        g = grad_prop.fget(self)
        if g is not None and not rec.quiet and len(rec.frames) == 1 and \
                id(self) in rec.node_of:
            rec.grad_of[id(g)] = rec.node_of[id(self)]
            rec.keep.append(g)
        return g

    def grad_set(self, value):
        if value is not None:
            raise TraceError("assigning a tensor to .grad cannot be drawn; only "
                             "x.grad = None and x.grad.zero_() can")
        grad_prop.fset(self, None)
        if not rec.quiet and len(rec.frames) == 1:
            rec.actions.append({"kind": "set_grad_none",
                                "params": {"tensor": rec.node_index(self)},
                                "line": rec.line()})

    Tensor.grad = property(grad_get, grad_set, lambda self: grad_set(self, None))

    def backward_handler(out, t, gradient=None, retain_graph=None, create_graph=False,
                         inputs=None):
        if inputs is not None:
            raise TraceError("backward(inputs=...) cannot be drawn")
        rec.actions.append({"kind": "backward", "params": {
            "target": rec.node_index(t),
            "gradient": None if gradient is None else rec.node_index(_as_tensor(gradient)),
            "retain_graph": bool(retain_graph), "create_graph": bool(create_graph)},
            "line": rec.line()})

    def _as_tensor(g):
        if type(g) is not Tensor:
            raise TraceError("backward's gradient must be a tensor to be drawn")
        return g

    def recorded_first(fn, handler):
        """Records the call, then makes it: an action that raises (caught by the script,
        as in ``try: out.backward() except RuntimeError: ...``) is still a step."""
        def wrapper(*args, **kwargs):
            if rec.quiet or len(rec.frames) > 1:
                return fn(*args, **kwargs)
            handler(None, *args, **kwargs)
            rec.quiet += 1
            try:
                return fn(*args, **kwargs)
            finally:
                rec.quiet -= 1
        wrapper.__name__ = getattr(fn, "__name__", "wrapper")
        return wrapper

    Tensor.backward = recorded_first(Tensor.backward, backward_handler)

    def autograd_backward_handler(out, tensors, grad_tensors=None, retain_graph=None,
                                  create_graph=False, inputs=None, **k):
        ts = [tensors] if type(tensors) is Tensor else list(tensors)
        gs = [grad_tensors] if grad_tensors is None or type(grad_tensors) is Tensor \
            else list(grad_tensors)
        if len(ts) != 1 or len(gs) != 1:
            raise TraceError("torch.autograd.backward with several tensors cannot be drawn; "
                             "call backward on each")
        backward_handler(out, ts[0], gs[0], retain_graph, create_graph, inputs)

    def grad_handler(out, outputs, inputs, grad_outputs=None, retain_graph=None,
                     create_graph=False, only_inputs=True, allow_unused=None, **k):
        if grad_outputs is not None:
            raise TraceError("torch.autograd.grad(grad_outputs=...) cannot be drawn")
        outs = [outputs] if type(outputs) is Tensor else list(outputs)
        ins = [inputs] if type(inputs) is Tensor else list(inputs)
        rec.actions.append({"kind": "grad", "params": {
            "outputs": [rec.node_index(t) for t in outs],
            "inputs": [rec.node_index(t) for t in ins],
            "retain_graph": bool(retain_graph), "create_graph": bool(create_graph)},
            "line": rec.line()})

    autograd_mod.backward = recorded_first(autograd_mod.backward, autograd_backward_handler)
    autograd_mod.grad = recorded_first(autograd_mod.grad, grad_handler)

    # ------------------------------------------------------------ grad-mode blocks
    mode_enter, mode_exit = _grad_mode._Mode.__enter__, _grad_mode._Mode.__exit__

    def enter(self):
        rec.blocks += 1
        rec.block_stack.append(f"b{rec.blocks}")
        return mode_enter(self)

    def exit_(self, *exc):
        if rec.block_stack:
            rec.block_stack.pop()
        return mode_exit(self, *exc)
    _grad_mode._Mode.__enter__, _grad_mode._Mode.__exit__ = enter, exit_


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


# ----------------------------------------------------------------------------- main
def _error_line(exc, filename):
    line = None
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        if frame.f_code.co_filename == filename:
            line = lineno
    if isinstance(exc, SyntaxError) and exc.filename == filename:
        line = exc.lineno
    where = f"line {line}: " if line else ""
    if isinstance(exc, TraceError):
        return f"{where}GradStudio cannot trace this: {exc}."
    msg = str(exc) if not isinstance(exc, SyntaxError) else exc.msg
    return f"{where}{type(exc).__name__}: {msg}" if msg else f"{where}{type(exc).__name__}"


def _start_timer(seconds):
    """Interrupts the script after ``seconds`` (the parent also kills this process a
    little later, for code that never returns to Python)."""
    import signal
    if not seconds or not hasattr(signal, "setitimer"):
        return

    def ring(signum, frame):
        raise _OutOfTime()
    signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, float(seconds))


def _stop_timer():
    import signal
    if hasattr(signal, "setitimer"):
        signal.setitimer(signal.ITIMER_REAL, 0)


def trace_source(source, filename="<script>", record_values=False, timeout=None):
    """Runs ``source`` with the engine as torch; returns the result dict. With
    ``record_values`` each node also carries what the script computed (its value, dtype,
    grad_fn and final .grad), so a caller can check the document reproduces it."""
    import gradstudio.engine as engine
    rec = Recorder(engine, filename, record_values)
    install(rec)
    engine.default_generator.manual_seed(UNSEEDED)
    # the script's ``import torch`` gets the engine
    sys.modules["torch"] = engine
    sys.modules["torch.autograd"] = engine.autograd
    sys.modules["torch.nn"] = engine.nn
    sys.modules["torch.nn.functional"] = engine.nn.functional
    output = io.StringIO()
    real_print = builtins.print

    def traced_print(*args, **kwargs):
        if not rec.quiet:
            for a in args:
                rec.mark_watched(a)
        rec.quiet += 1
        try:
            real_print(*args, **kwargs)
        finally:
            rec.quiet -= 1

    namespace = {"__name__": "__main__", "__file__": filename, "print": traced_print}

    def local_tracer(frame, event, arg):
        if event in ("line", "return"):
            rec.name_tensors(frame.f_locals)
        return local_tracer

    def global_tracer(frame, event, arg):
        if frame.f_code.co_filename == filename:
            return local_tracer
        return None

    result = None
    old_out, old_err = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = output
    try:
        code = compile(source, filename, "exec")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            sys.settrace(global_tracer)
            _start_timer(timeout)
            try:
                exec(code, namespace)
            finally:
                _stop_timer()
                sys.settrace(None)
    except _OutOfTime:
        result = {"ok": False, "timeout": True,
                  "error": f"The script did not finish within {timeout:g} seconds (an endless "
                           "loop?) and was stopped."}
    except SystemExit as exc:
        if exc.code not in (None, 0):
            result = {"ok": False, "error": f"The script stopped with exit status {exc.code}."}
    except BaseException as exc:  # the user's error, reported as one message
        result = {"ok": False, "error": _error_line(exc, filename)}
    finally:
        sys.stdout, sys.stderr = old_out, old_err
    if result is None:
        rec.name_tensors(namespace)
        try:
            result = rec.finish()
        except TraceError as exc:
            result = {"ok": False, "error": f"GradStudio cannot trace this: {exc}."}
    text = output.getvalue()
    result["output"] = text[:MAX_OUTPUT]
    return result


MEMORY_LIMIT = 4 * 1024 ** 3     # bytes of address space for the script


def _limit_memory():
    """A script that allocates without end gets a MemoryError instead of starving the
    machine (POSIX only; elsewhere the parent's time limit is the only guard)."""
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = MEMORY_LIMIT if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT, hard)
        if soft == resource.RLIM_INFINITY or soft > limit:
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, ValueError, OSError):
        pass


def main():
    _limit_memory()
    request = json.loads(sys.stdin.read())
    sys.stdin = io.StringIO("")
    # the result goes to the real stdout; whatever the script writes to fd 1 is dropped
    result_stream = os.fdopen(os.dup(1), "w", encoding="utf-8")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    try:
        result = trace_source(request["source"], request.get("filename") or "<script>",
                              bool(request.get("record_values")), request.get("timeout"))
    except BaseException as exc:  # a bug of the tracer itself: still one message
        result = {"ok": False, "error": "The tracer failed: " + "".join(
            traceback.format_exception_only(type(exc), exc)).strip()}
    json.dump(result, result_stream)
    result_stream.flush()
    # done: threads the script started and its exit handlers do not keep us waiting
    os._exit(0)


if __name__ == "__main__":
    main()
