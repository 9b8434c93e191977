"""The node catalogue: every kind a document can hold.

Operation kinds are derived from the engine's op table (``OPS``): their ports are the
op's tensor arguments, their parameters the op's parameters, their category and one-line
doc the op's own; a node evaluates by calling the op's method (or ``torch.<name>``) and
is exported with the record's own spelling (``Op.code``, its ports and params filled
in). Adding an op to the engine makes it appear here, run and export; whether an op is a
kind of its own is one rule shared with the tracer (``gradstudio.trace.ops.has_kind``).
The kinds built by hand name the table entries they stand for (``NodeKind.ops``,
``_HAND_BUILT``): entries folded into one kind the way PyTorch spells them (``x ** 2``
and ``x ** y`` are both ``pow``; ``max`` with or without ``dim``; ``x // y`` and
``x // 2``), the number-first ``2 // x`` and ``2 % x``, ``var``/``std``'s correction,
the losses' class-index target port, and the composites ``matmul``, ``reshape`` and
indexing. Sources (``ones``, ``rand`` ...) and autograd modifiers (``detach``,
``requires_grad_``) are added; ``retain_grad()`` is a mark on a node, not a kind
(``Document.set_retains_grad``). Calls whose optional arguments are
written only when set are spelled in ``_SPELLED``.
"""
import functools
import operator
from dataclasses import dataclass, field, replace
from typing import Any, Callable

import gradstudio.engine as torch
from gradstudio.engine.optable import OPS
from gradstudio.trace.ops import has_kind
from gradstudio.vocabulary import DTYPES

from . import catalogue_losses, catalogue_random
from .catalogue_norm import batch_norm_kinds
from .catalogue_random import RESEEDING_KINDS
from .index_text import bind_index, format_index, parse_index
from .spelling import (dims, keywords, literal, number, optional, shape_tuple, sizes,
                       source_tail)

__all__ = ["Port", "ParamSpec", "NodeKind", "CATALOGUE", "kind", "categories", "DTYPES",
           "RETURNS_INPUT", "RESEEDING_KINDS", "WRITE_KINDS", "IN_PLACE_KINDS",
           "returns_input"]

# kinds whose node returns its input tensor itself (marked), not a new tensor
RETURNS_INPUT = frozenset({"requires_grad_", "register_hook", "keep_grad",
                           "post_accumulate_hook", "collect"})
# the writes (``catalogue_writes``): they return their input itself when ``in_place``
WRITE_KINDS = frozenset({"setitem", "fill_", "zero_", "copy_"})


# arithmetic a node may make in place (``y.add_(1)``: its ``in_place`` param), as the
# writes: a tensor autograd saved then fails a backward as PyTorch's does
IN_PLACE_KINDS = frozenset({"add", "sub", "mul", "div"})


def returns_input(data):
    """Whether node ``data`` (anything with ``kind`` and ``params``) outputs the very
    tensor on its port ``self``: a ``RETURNS_INPUT`` kind, or a write or arithmetic made
    in place."""
    return data.kind in RETURNS_INPUT or ((data.kind in WRITE_KINDS or
                                           data.kind in IN_PLACE_KINDS) and
                                          bool(data.params.get("in_place")))


@dataclass(frozen=True)
class Port:
    """An input port. ``fallback`` names the parameter used when nothing is connected
    (``x + 2``: port ``other`` falls back to the number in param ``other``)."""
    name: str
    optional: bool = False
    fallback: str | None = None


@dataclass(frozen=True)
class ParamSpec:
    """A parameter: ``kind`` is one of scalar, int, bool, dims, shape, dtype, values
    (a nested list of numbers), index (an indexing expression such as ``0, 1:3``), hook
    (an expression of ``grad``: ``gradstudio.hook_text``) or choice (one of the words in
    ``choices``, such as a loss's reduction)."""
    name: str
    kind: str
    default: Any = None
    doc: str = ""
    optional: bool = False
    choices: tuple = ()


@dataclass(frozen=True)
class NodeKind:
    name: str
    category: str
    doc: str
    inputs: tuple[Port, ...]
    params: tuple[ParamSpec, ...]
    evaluate: Callable = field(repr=False, compare=False)
    torch_name: str = ""          # how PyTorch code spells it, for tooltips and search
    grad_fn: str | None = None    # PyTorch's grad_fn name (the usual one), if any
    is_source: bool = False
    variadic: bool = False
    # code(params, inputs) -> the PyTorch expression; ``inputs`` maps each port to the
    # Python name of what feeds it (an unconnected port with a fallback is absent)
    code: Callable = field(default=None, repr=False, compare=False)
    # the engine's table entries this kind stands for when it is not simply the entry of
    # its own name (``pow`` is ``pow``, ``pow_tensor``); a traced op is read back as it
    ops: tuple = ()
    # what the palette shows when the name is too long for its column (the name is still
    # searched and shown in the tooltip): ``bce_with_logits``
    label: str = ""
    # then(params, inputs, name) -> the statements that finish the node after
    # ``name = code(...)``: a write into a copy (``x_2 = x.clone()``, ``x_2[0] = 5``)
    then: Callable = field(default=None, repr=False, compare=False)
    # binds(params) -> the suffixes of the names its statements bind besides its own
    # (a data node's split binds ``{name}_test``): the export keeps them free
    binds: Callable = field(default=None, repr=False, compare=False)
    # prelude(params) -> (statements, names): what the node's code uses that the export
    # writes once, before the program, and the names they bind (a DataLoader's)
    prelude: Callable = field(default=None, repr=False, compare=False)
    # backward_words(params) -> what the node's grad_fn does, in words, for the
    # step-through (a custom Function's own backward)
    backward_words: Callable = field(default=None, repr=False, compare=False)
    # outputs(params) -> what each output of a node of several outputs is called (a
    # custom Function returning ``y, aux``); the node's own tensor is the first, a
    # ``function_output`` node (``output_of``) taking the node on its port ``function``
    # is another. None (or one name): one output
    outputs: Callable = field(default=None, repr=False, compare=False)
    output_of: bool = False
    # statements(doc, node, names, expr) -> the statements written for the node instead
    # of ``name = expr`` (``a, b = MyFn.apply(x)``; none for an output that statement
    # binds already)
    statements: Callable = field(default=None, repr=False, compare=False)

    def param(self, name):
        return self._params_by_name[name]       # (KeyError for no such param)

    @functools.cached_property
    def _params_by_name(self):
        return {p.name: p for p in self.params}

    def defaults(self):
        return dict(self._defaults)

    @functools.cached_property
    def _defaults(self):
        return {p.name: p.default for p in self.params}

    def input_names(self, params=None):
        """Port names; a variadic kind has ``count`` ports named t0, t1, ..."""
        if self.variadic:
            n = int((params or {}).get("count", 2))
            return tuple(f"t{i}" for i in range(n))
        return self._port_names

    @functools.cached_property
    def required_inputs(self):
        """The names of the ports that must be connected (of a kind that is not
        variadic: every port of a variadic one must be)."""
        return tuple(p.name for p in self.inputs if not p.optional)

    @functools.cached_property
    def _port_names(self):
        return tuple(p.name for p in self.inputs)

    def port(self, name):
        for p in self.inputs:
            if p.name == name:
                return p
        if self.variadic and name.startswith("t") and name[1:].isdigit():
            return Port(name)
        raise KeyError(name)


CATALOGUE: dict[str, NodeKind] = {}

# Kinds built by hand after the table's own, each naming the table entries it stands for
# (``matmul`` is a composite: it runs mm, mv, dot or bmm, which keep kinds of their own).
_HAND_BUILT = {"pow": ("pow", "pow_tensor"), "rsub": ("rsub",), "rpow": ("rpow",),
               "max": ("max", "max_dim"), "min": ("min", "min_dim"),
               "median": ("median", "median_dim"),
               "nanmedian": ("nanmedian", "nanmedian_dim"), "matmul": (), "linear": (),
               "reshape": ("_unsafe_view",), "contiguous": (), "index": ("slice", "index"), "where": ("where",),
               "to": ("to",), "cat": ("cat",), "stack": ("stack",),
               "floor_divide": ("floor_divide", "floor_divide_scalar"),
               "rfloor_divide": ("floor_divide_scalar",),
               "remainder": ("remainder", "remainder_scalar"), "rremainder": ("rremainder",),
               "nll_loss": ("nll_loss",), "cross_entropy": ("nll_loss",),
               "mse_loss": ("mse_loss",), "setitem": ("_setitem",),
               "fill_": ("_fill", "_fill_tensor"), "zero_": ("_zero",), "copy_": ("_copy",)}


# palette labels of the kinds whose names do not fit the palette's name column
_LABELS = {"binary_cross_entropy_with_logits": "bce_with_logits"}


def _add(k: NodeKind):
    if k.name in _LABELS:
        k = replace(k, label=_LABELS[k.name])
    if not k.ops:     # the table entries it stands for (see _HAND_BUILT)
        k = replace(k, ops=_HAND_BUILT.get(k.name, (k.name,) if k.name in OPS else ()))
    CATALOGUE[k.name] = k
    return k


def kind(name) -> NodeKind:
    return CATALOGUE[name]


def categories():
    """Kinds grouped by palette category, in catalogue order."""
    out = {}
    for k in CATALOGUE.values():
        out.setdefault(k.category, []).append(k)
    return out


def _dtype(name):
    return None if name in (None, "") else getattr(torch, name)


# ----------------------------------------------------------------------------- sources
SHAPE = ParamSpec("shape", "shape", (2, 2), "size of each dimension")
DTYPE = ParamSpec("dtype", "dtype", None, "element type (default float32)", optional=True)
RG = ParamSpec("requires_grad", "bool", False, "track operations for autograd")


def _source(name, fn, doc, params, torch_name, code):
    _add(NodeKind(name, "sources", doc, (), tuple(params) + (DTYPE, RG), fn, torch_name,
                  is_source=True, code=lambda p, a: code(p, source_tail(p))))


def _full_code(p, tail):
    fill = p["fill_value"]
    if not p.get("dtype") and not isinstance(fill, float):
        # the node fills with the default float dtype; torch.full would infer int64
        tail = keywords(dtype="torch.float32") + tail
    return f"torch.full({shape_tuple(p['shape'])}, {number(fill)}{tail})"


def _arange_code(p, tail):
    s, e, st = p["start"], p["end"], p["step"]
    if type(st) is int and st == 1:
        args = number(e) if type(s) is int and s == 0 else f"{number(s)}, {number(e)}"
    else:
        args = f"{number(s)}, {number(e)}, {number(st)}"
    return f"torch.arange({args}{tail})"


_source("tensor", lambda p: torch.tensor(p["value"], dtype=_dtype(p["dtype"]),
                                         requires_grad=p["requires_grad"]),
        "A tensor from literal values.", [ParamSpec("value", "values", [[1.0, 2.0], [3.0, 4.0]],
                                                    "the numbers, as nested lists")],
        "torch.tensor", lambda p, tail: f"torch.tensor({literal(p['value'])}{tail})")
for _n, _doc in (("ones", "A tensor filled with ones."), ("zeros", "A tensor filled with zeros."),
                 ("rand", "Uniform random numbers in [0, 1) (seeded)."),
                 ("randn", "Standard normal random numbers (seeded).")):
    _source(_n, (lambda f: lambda p: f(*p["shape"], dtype=_dtype(p["dtype"]),
                                       requires_grad=p["requires_grad"]))(getattr(torch, _n)),
            _doc, [SHAPE], "torch." + _n,
            (lambda n: lambda p, tail: f"torch.{n}({sizes(p['shape'])}{tail})")(_n))
_source("full", lambda p: torch.full(tuple(p["shape"]), p["fill_value"], dtype=_dtype(p["dtype"])
                                     or torch.get_default_dtype(),
                                     requires_grad=p["requires_grad"]),
        "A tensor filled with one number.", [SHAPE, ParamSpec("fill_value", "scalar", 1.0)],
        "torch.full", _full_code)
catalogue_random.add_filled(_source, SHAPE, ParamSpec, _dtype)     # uniform, normal
_source("eye", lambda p: torch.eye(p["n"], p.get("m") or p["n"], dtype=_dtype(p["dtype"]),
                                   requires_grad=p["requires_grad"]),
        "The identity matrix.", [ParamSpec("n", "int", 3, "rows and columns"),
                                 ParamSpec("m", "int", None, "columns, when not n",
                                           optional=True)], "torch.eye",
        lambda p, tail: f"torch.eye({p['n']}{'' if p.get('m') is None else ', ' + str(p['m'])}"
                        f"{tail})")
_source("arange", lambda p: torch.arange(p["start"], p["end"], p["step"], dtype=_dtype(p["dtype"]),
                                         requires_grad=p["requires_grad"]),
        "Evenly spaced values in [start, end).",
        [ParamSpec("start", "scalar", 0), ParamSpec("end", "scalar", 4),
         ParamSpec("step", "scalar", 1)], "torch.arange", _arange_code)
_source("linspace", lambda p: torch.linspace(p["start"], p["end"], p["steps"],
                                             dtype=_dtype(p["dtype"]),
                                             requires_grad=p["requires_grad"]),
        "steps evenly spaced values from start to end.",
        [ParamSpec("start", "scalar", 0.0), ParamSpec("end", "scalar", 1.0),
         ParamSpec("steps", "int", 5)], "torch.linspace",
        lambda p, tail: f"torch.linspace({number(p['start'])}, {number(p['end'])}, "
                        f"{p['steps']}{tail})")
catalogue_random.add_draws(_add, NodeKind, Port, ParamSpec, SHAPE, RG, _dtype)   # randperm ...
# a random source may re-seed the generator, or draw from one of its own
catalogue_random.reseed(CATALOGUE, ParamSpec)


# ----------------------------------------------------------------------------- engine ops
def _spec(p):
    kind_ = {"tensor": "index"}.get(p.kind, p.kind)
    return ParamSpec(p.name, kind_, p.default, p.doc, optional=p.default is None,
                     choices=p.choices)


def _grad_name(op):
    return op.grad_fn if isinstance(op.grad_fn, str) else op.grad_fn({})


# methods (and functions) called with every argument by keyword (their params come first,
# or are keyword-only), the method a kind's op is reached through when its name differs, and the
# methods whose node shows the values of a (values, indices) pair
_BY_KEYWORD = {"gather", "index_select", "sort", "argsort", "topk", "scatter", "scatter_value",
               "scatter_add", "scatter_reduce", "index_add", "addmm", "baddbmm", "roll", "diagonal", "count_nonzero",
               "round_decimals", "mode", "layer_norm", "group_norm",
               "kthvalue", "cummax", "cummin", "addcmul", "addcdiv"}
_METHOD = {"scatter_value": "scatter", "round_decimals": "round",
           "lerp_tensor": "lerp", "fmod_scalar": "fmod", "copysign_scalar": "copysign",
           "linalg_cross": "cross"}
_VALUES_OF = {"sort", "topk", "mode", "kthvalue", "cummax", "cummin"}


def _method_call(name, param_names):
    """Evaluates a kind as PyTorch code calls its op: the method when the op has one,
    else ``torch.<name>`` or ``torch.nn.functional.<name>``, with the tensors first and
    the params in the record's order."""
    def evaluate(p, self, **inputs):
        fn = getattr(self, _METHOD.get(name, name), None)
        if name in _BY_KEYWORD:     # (an optional param left at None is not passed)
            out = fn(**inputs, **{n: p[n] for n in param_names if p[n] is not None})
            return out.values if name in _VALUES_OF else out
        args = (*inputs.values(), *(p[n] for n in param_names))
        if fn is not None:
            return fn(*args)
        fn = getattr(torch, name, None)
        if fn is not None:
            return fn(self, *args)
        # (torch.nn.functional's signatures put other arguments first: by keyword)
        return getattr(torch.nn.functional, name)(self, *inputs.values(),
                                                  **{n: p[n] for n in param_names})
    return evaluate


def _function_call(name, ports, param_names):
    """Evaluates a kind whose first input is not ``self`` as ``torch.<name>`` with the
    tensors in the table's order (``torch.embedding(weight, input)``)."""
    def evaluate(p, **inputs):
        if name in _BY_KEYWORD:
            return getattr(torch, name)(**inputs, **{n: p[n] for n in param_names})
        return getattr(torch, name)(*(inputs[q] for q in ports),
                                    **{n: p[n] for n in param_names})
    return evaluate


_BINARY_SCALAR = {"add", "sub", "mul", "div", "eq", "ne", "lt", "le", "gt", "ge"}


def _binary_eval(name):
    def evaluate(p, self, other=None):
        rhs = other if other is not None else p["other"]
        kw = {"alpha": p["alpha"]} if p.get("alpha", 1) != 1 else {}
        if p.get("in_place"):                   # (y.add_(1): y itself, a new version)
            return getattr(self, name + "_")(rhs, **kw)
        return getattr(self, name)(rhs, **kw)
    return evaluate


_OPERATORS = {"add": "+", "sub": "-", "mul": "*", "div": "/", "eq": "==", "ne": "!=",
              "lt": "<", "le": "<=", "gt": ">", "ge": ">=", "floor_divide": "//",
              "remainder": "%"}
_NUMBER_FIRST = {"-": operator.sub, "//": operator.floordiv, "%": operator.mod}


def _operator_code(name):
    def code(p, a):
        other = a.get("other", number(p["other"]))
        if p.get("in_place"):                   # (the statement is ``then``'s)
            return a["self"]
        if p.get("alpha", 1) != 1:
            return f"{a['self']}.{name}({other}, alpha={number(p['alpha'])})"
        return f"{a['self']} {_OPERATORS[name]} {other}"
    return code


def _in_place_then(name):
    """``y.add_(1)``: the statement of a kind made in place (none otherwise)."""
    def then(p, a, target):
        if not p.get("in_place"):
            return []
        alpha = f", alpha={number(p['alpha'])}" if p.get("alpha", 1) != 1 else ""
        return [f"{target}.{name}_({a.get('other', number(p['other']))}{alpha})"]
    return then


_IN_PLACE = ParamSpec("in_place", "bool", False, "write into the input tensor itself, "
                      "as PyTorch does (the input's node then shows the written values "
                      "too), instead of into a copy of it")


def _binary_kind(name, params=(), other=1.0):
    """``x + y`` and ``x + 2`` as one kind: the 'other' port falls back to a number;
    add, sub, mul and div also in place (``IN_PLACE_KINDS``)."""
    op = OPS[name]
    in_place = name in IN_PLACE_KINDS
    return NodeKind(name, op.category, op.doc,
                    (Port("self"), Port("other", optional=True, fallback="other")),
                    (ParamSpec("other", "scalar", other, "used when 'other' is not connected"),)
                    + tuple(params) + ((_IN_PLACE,) if in_place else ()), _binary_eval(name),
                    op.code or "", _grad_name(op) if op.differentiable else None,
                    code=_operator_code(name), then=_in_place_then(name) if in_place else None)


def _number_first_kind(kind_name, name, doc, grad_fn, other):
    """``2 - x``: the number on the left of the operator of table entry ``name``."""
    symbol = _OPERATORS[name]
    apply = _NUMBER_FIRST[symbol]
    return NodeKind(kind_name, "arithmetic", doc, (Port("self"),),
                    (ParamSpec("other", "scalar", other, "the number on the left"),),
                    lambda p, self: apply(p["other"], self), "{other} " + symbol + " {self}",
                    grad_fn, code=lambda p, a: f"{number(p['other'])} {symbol} {a['self']}")


def _reduce_code(name, middle=lambda p: ()):
    """``x.sum()`` / ``x.sum(1, keepdim=True)``; ``middle(p)`` gives any arguments
    between the dim and keepdim (such as var's correction)."""
    def code(p, a):
        args = ([] if p["dim"] is None else [dims(p["dim"])]) + list(middle(p))
        if p["keepdim"]:
            if not args and name in ("sum", "mean", "nansum"):   # keepdim needs a dim
                args.append("None")
            args.append("keepdim=True")
        return f"{a['self']}.{name}({', '.join(args)})"
    return code


def _reduce_eval(name):
    """Runs a reduction the way ``_reduce_code`` writes it: no dim at all for every dim
    (``x.sum()`` is ``SumBackward0``; ``x.sum(None, keepdim=True)`` the dim overload's
    ``SumBackward1``)."""
    def evaluate(p, self):
        if p["dim"] is None and not p["keepdim"]:
            return getattr(self, name)()
        return getattr(self, name)(p["dim"], keepdim=p["keepdim"])
    return evaluate


def _norm_code(p, a):
    args = "" if p["p"] == 2 and p["dim"] is None and not p["keepdim"] else number(p["p"])
    if p["dim"] is not None:
        args += f", dim={dims(p['dim'])}"
    if p["keepdim"]:
        args += ", keepdim=True"
    return f"{a['self']}.norm({args})"


def _along_code(name, suffix=""):
    """``x.argmax()`` / ``x.max(0, keepdim=True).values``: an optional dim
    (``x.argmax(keepdim=True)``: every dimension kept, with size 1)."""
    def code(p, a):
        if p["dim"] is None:
            return f"{a['self']}.{name}({'keepdim=True' if p['keepdim'] else ''})"
        return f"{a['self']}.{name}({p['dim']}{', keepdim=True' if p['keepdim'] else ''})" + \
            suffix
    return code


def _rendered(param, value):
    """A param's value as it is written in a call, by its kind in the op's record."""
    kind = param.kind
    if kind == "shape":
        return sizes(value)
    if kind == "dims":
        return "" if value is None else dims(value)
    if kind == "dtype":
        return f"torch.{value}"
    if kind == "choice":
        return repr(value)
    return number(value) if value is not None else "None"


def _record_code(op):
    """The op record's own spelling (``op.code``: ``{self}.view({shape})``,
    ``torch.dot({self}, {tensor})``), its ports and params filled in."""
    def code(p, a):
        params = {q.name: _rendered(q, p[q.name]) for q in op.params}
        return op.code.format(**a, **params)
    return code


# Calls whose optional arguments are written only when set (the record's one template
# cannot leave them out): the reductions and clamp; and the methods whose record spells
# an operator or function where the exported script has always called the method.
_SPELLED = {
    "clamp": lambda p, a: f"{a['self']}.clamp("
                          f"{keywords(min=optional(p['min']), max=optional(p['max']))[2:]})",
    "sum": _reduce_code("sum"), "mean": _reduce_code("mean"), "norm": _norm_code,
    "nansum": _reduce_code("nansum"),
    "amax": _reduce_code("amax"), "amin": _reduce_code("amin"),
    "all": _reduce_code("all"), "any": _reduce_code("any"),
    "logsumexp": _reduce_code("logsumexp"),
    "isclose": lambda p, a: f"torch.isclose({a['self']}, {a['other']}"
                            + keywords(rtol=None if p["rtol"] == 1e-05 else number(p["rtol"]),
                                       atol=None if p["atol"] == 1e-08 else number(p["atol"]),
                                       equal_nan="True" if p["equal_nan"] else None) + ")",
    "argmax": _along_code("argmax"), "argmin": _along_code("argmin"),
    "softmax": lambda p, a: f"{a['self']}.softmax(dim={p['dim']})",
    "log_softmax": lambda p, a: f"{a['self']}.log_softmax(dim={p['dim']})",
    "embedding": lambda p, a: f"torch.nn.functional.embedding({a['input']}, {a['weight']}"
                              + keywords(padding_idx=None if p["padding_idx"] == -1
                                         else str(p["padding_idx"])) + ")",
    "mm": lambda p, a: f"{a['self']}.mm({a['mat2']})",
    "bmm": lambda p, a: f"{a['self']}.bmm({a['mat2']})",
    "mv": lambda p, a: f"{a['self']}.mv({a['vec']})",
    "sort": lambda p, a: f"{a['self']}.sort(dim={p['dim']}, descending={p['descending']}"
                         + ("" if p["stable"] is None else f", stable={p['stable']}")
                         + ").values",
    "argsort": lambda p, a: f"{a['self']}.argsort(dim={p['dim']}, "
                            f"descending={p['descending']}"
                            + (", stable=True" if p["stable"] else "") + ")",
    "roll": lambda p, a: f"{a['self']}.roll({dims(p['shifts'])}"
                         + ("" if p["dims"] is None else f", {dims(p['dims'])}") + ")",
}

# ----------------------------------------------------------------------------- hand-built
# Kinds whose table entries are not one plain method call: an operator with a number
# form and a number-first form, reductions whose keyword arguments need spelling out,
# and the losses, whose class-index target is an input port (an int64 tensor).
def _divided_kinds(name, number_first, number_first_doc):
    """``x // y`` and ``x // 2`` (one kind, as add), and ``2 // x`` (``r`` + name, as rsub)."""
    return (_binary_kind(name, other=2.0),
            _number_first_kind("r" + name, name, number_first_doc,
                               _grad_name(OPS[number_first]), other=10.0))


DIM_ALL = ParamSpec("dim", "dims", None, "dimension(s), or None for all", optional=True)
KEEPDIM = ParamSpec("keepdim", "bool", False, "keep the reduced dimensions with size 1")


def _prod_eval(p, self):
    if p["dim"] is None:
        if p["keepdim"]:
            # PyTorch's prod has no keepdim without a dim (a TypeError); the engine
            # would ignore it, so the node says so instead of computing what PyTorch won't
            raise keepdim_needs_dim("prod", "product")
        return self.prod()
    return self.prod(p["dim"], keepdim=p["keepdim"])


def _prod_kinds():
    op = OPS["prod"]
    return (NodeKind("prod", op.category, op.doc, (Port("self"),),
                     (ParamSpec("dim", "int", None, "dimension, or None for all",
                                optional=True), KEEPDIM),
                     _prod_eval, op.code, _grad_name(op), code=_reduce_code("prod")),)


def _spread_kinds(name):
    op = OPS[name]

    def evaluate(p, self):
        return getattr(self, name)(p["dim"], correction=p["correction"], keepdim=p["keepdim"])

    def correction(p):
        return () if p["correction"] == 1 else (f"correction={number(p['correction'])}",)
    return (NodeKind(name, op.category, op.doc, (Port("self"),),
                     (DIM_ALL, ParamSpec("correction", "scalar", 1, "subtracted from the "
                                         "count: 1 (Bessel's) for a sample, 0 for the whole "
                                         "population"), KEEPDIM),
                     evaluate, op.code, _grad_name(op),
                     code=_reduce_code(name, correction)),)


def _div_rounded_kinds():
    """``torch.div(x, y, rounding_mode='floor')`` and ``torch.div(x, 2, ...)`` as one kind:
    the 'other' port falls back to a number, as add's does."""
    op = OPS["div_rounded"]

    def evaluate(p, self, other=None):
        return self.div(other if other is not None else p["other"],
                        rounding_mode=p["rounding_mode"])

    def code(p, a):
        return (f"torch.div({a['self']}, {a.get('other', number(p['other']))}, "
                f"rounding_mode={p['rounding_mode']!r})")
    return (NodeKind("div_rounded", op.category, op.doc,
                     (Port("self"), Port("other", optional=True, fallback="other")),
                     (ParamSpec("other", "scalar", 2.0, "used when 'other' is not connected"),)
                     + tuple(_spec(q) for q in op.params), evaluate, op.code,
                     _grad_name(op), code=code),)


_OWN_KINDS = {
    "div_rounded": _div_rounded_kinds,
    "floor_divide": lambda: _divided_kinds(
        "floor_divide", "floor_divide_scalar", "A number divided by a tensor, rounded down "
        "(PyTorch has no gradient for it)."),
    "remainder": lambda: _divided_kinds(
        "remainder", "rremainder", "The remainder of dividing a number by a tensor (PyTorch "
        "has no gradient for it)."),
    "prod": _prod_kinds,
    "var": lambda: _spread_kinds("var"), "std": lambda: _spread_kinds("std"),
    "batch_norm": batch_norm_kinds,
    **catalogue_losses.builders(NodeKind, Port, ParamSpec, _spec, _grad_name),
}


# hand-built, but in the table entry's palette place (those of _OWN_KINDS built there)
_TABLE_SLOT = {"pow", "max", "min", "median", "nanmedian", "floor_divide", "remainder", "nll_loss",
               "mse_loss", "batch_norm"}
_SKIP = {op for ops in _HAND_BUILT.values() for op in ops} - _TABLE_SLOT


for _name, _op in OPS.items():
    # a node has one output, so ops returning several views (split, unbind) have no kind
    # (a traced script draws each piece as the select or slice it is)
    if not has_kind(_op) and not _op.variadic or _name in _SKIP:
        continue
    if _name in _OWN_KINDS:       # built by hand, in the table's place (palette order)
        for _k in _OWN_KINDS[_name]():
            _add(_k)
        continue
    _params = tuple(_spec(p) for p in _op.params)
    if _name in _BINARY_SCALAR:
        _add(_binary_kind(_name, _params))
        continue
    _names = tuple(p.name for p in _op.params)
    _add(NodeKind(_name, _op.category, _op.doc, tuple(Port(a) for a in _op.arg_names), _params,
                  _reduce_eval(_name) if _name in ("sum", "mean") else
                  _method_call(_name, _names) if _op.arg_names[:1] in ((), ("self",)) else
                  _function_call(_name, _op.arg_names, _names), _op.code or "",
                  _grad_name(_op) if _op.differentiable else None,
                  code=_SPELLED.get(_name) or _record_code(_op)))


def _topk_indices_code(p, a):
    return (f"{a['self']}.topk({p['k']}, dim={p['dim']}, largest={p['largest']}, "
            f"sorted={p['sorted']}).indices")


# the positions of a topk (its int64 indices: no gradient), beside its values
_add(NodeKind("topk_indices", "reduction", "The positions of the k largest (or smallest) "
              "elements along dim.", (Port("self"),), CATALOGUE["topk"].params,
              lambda p, self: self.topk(p["k"], dim=p["dim"], largest=p["largest"],
                                        sorted=p["sorted"]).indices,
              "{self}.topk({k}, dim={dim}, largest={largest}, sorted={sorted}).indices",
              None, code=_topk_indices_code, ops=("_topk_indices",)))


def _pow_eval(p, self, exponent=None):
    return self ** (exponent if exponent is not None else p["exponent"])


_add(NodeKind("pow", "arithmetic", OPS["pow"].doc,
              (Port("self"), Port("exponent", optional=True, fallback="exponent")),
              (ParamSpec("exponent", "scalar", 2.0, "used when 'exponent' is not connected"),),
              _pow_eval, "{self} ** {exponent}", "PowBackward0",
              code=lambda p, a: f"{a['self']} ** {a.get('exponent', number(p['exponent']))}"))
_add(_number_first_kind("rsub", "sub", OPS["rsub"].doc, "RsubBackward1", other=1.0))


def _rpow_code(p, a):
    base = number(p["base"])
    return f"{f'({base})' if base.startswith('-') else base} ** {a['exponent']}"


_add(NodeKind("rpow", "arithmetic", OPS["rpow"].doc, (Port("exponent"),),
              (ParamSpec("base", "scalar", 2.0),), lambda p, exponent: p["base"] ** exponent,
              "{base} ** {exponent}", "PowBackward2", code=_rpow_code))


def keepdim_needs_dim(name, what):
    """The node's TypeError for keepdim without a dim where PyTorch has no such call."""
    return TypeError(f"{name}'s keepdim needs a dim: choose a dim, or turn keepdim off "
                     f"(PyTorch keeps no dimensions for the {what} of all elements)")


def _extreme_eval(name):
    what = {"max": "largest", "min": "smallest", "median": "median",
            "nanmedian": "median of the numbers"}[name]

    def evaluate(p, self):
        if p.get("dim") is None:
            if p["keepdim"]:
                raise keepdim_needs_dim(name, what)
            return getattr(self, name)()
        return getattr(self, name)(p["dim"], keepdim=p["keepdim"]).values
    return evaluate


for _n, _what in (("max", "The largest element"), ("min", "The smallest element"),
                  ("median", "The lower median"),
                  ("nanmedian", "The lower median, nans ignored,")):
    CATALOGUE.pop(_n, None)
    _add(NodeKind(_n, "reduction", f"{_what} (over dim, or all).", (Port("self"),),
                  (ParamSpec("dim", "int", None, "dimension, or None for all", optional=True),
                   ParamSpec("keepdim", "bool", False)), _extreme_eval(_n),
                  "{self}." + _n + "()", _grad_name(OPS[_n]),
                  code=_along_code(_n, ".values")))
_add(NodeKind("matmul", "linear algebra", "Matrix product a @ b (dot, matrix-vector, matrix or "
              "batched, by the inputs' dimensions).", (Port("self"), Port("other")), (),
              lambda p, self, other: self @ other, "{self} @ {other}", "MmBackward0",
              code=lambda p, a: f"{a['self']} @ {a['other']}"))


def _linear_eval(p, input, weight, bias=None):
    return torch.nn.functional.linear(input, weight, bias)


def _linear_code(p, a):
    bias = f", {a['bias']}" if "bias" in a else ""
    return f"torch.nn.functional.linear({a['input']}, {a['weight']}{bias})"


_add(NodeKind("linear", "linear algebra", "A linear layer: input @ weight.T + bias, as "
              "nn.Linear computes it (AddmmBackward0 for a matrix of inputs); weight and bias "
              "are leaves you train.", (Port("input"), Port("weight"), Port("bias", optional=True)),
              (), _linear_eval, "torch.nn.functional.linear({input}, {weight}, {bias})",
              "AddmmBackward0", code=_linear_code))
_add(NodeKind("contiguous", "shape", "The same values laid out in memory row by row: "
              "a copy (CloneBackward0) when the input is a view such as x.t(), else the "
              "input itself.", (Port("self"),), (),
              lambda p, self: self.contiguous(), "{self}.contiguous()", "CloneBackward0",
              code=lambda p, a: f"{a['self']}.contiguous()"))
_add(NodeKind("reshape", "shape", "Same elements with a new shape (copies if it must).",
              (Port("self"),), (ParamSpec("shape", "shape", (-1,)),),
              lambda p, self: self.reshape(tuple(p["shape"])), "{self}.reshape({shape})",
              "ViewBackward0", code=lambda p, a: f"{a['self']}.reshape({sizes(p['shape'])})"))
def _index_eval(p, self, i=None, j=None):
    return self[bind_index(parse_index(p["key"]), {"i": i, "j": j})]


_add(NodeKind("index", "shape", "Indexing such as x[0], x[:, 1:3], x[..., None] or x[[0, 2]]; "
              "with a tensor on port i (and j) the index names it: x[i] for a mask or "
              "positions, x[:, i], x[i, j].",
              (Port("self"), Port("i", optional=True), Port("j", optional=True)),
              (ParamSpec("key", "index", "0", "what goes inside [ ]: i and j are the tensors "
                         "on those ports"),),
              _index_eval, "{self}[{key}]", "SelectBackward0",
              code=lambda p, a: f"{a['self']}[{format_index(parse_index(p['key']), a)}]"))


def _where_eval(p, condition, input=None, other=None):
    return torch.where(condition, p["input"] if input is None else input,
                       p["other"] if other is None else other)


def _where_code(p, a):
    picked = (a.get(n, number(p[n])) for n in ("input", "other"))
    return f"torch.where({a['condition']}, {', '.join(picked)})"


# torch.where(mask, x, 0.0): 'input' and 'other' each fall back to a number
_add(NodeKind("where", "arithmetic", OPS["where"].doc,
              (Port("condition"), Port("input", optional=True, fallback="input"),
               Port("other", optional=True, fallback="other")),
              (ParamSpec("input", "scalar", 1.0, "used where the condition holds when 'input' "
                         "is not connected"),
               ParamSpec("other", "scalar", 0.0, "used elsewhere when 'other' is not "
                         "connected")),
              _where_eval, "torch.where({condition}, {input}, {other})", "WhereBackward0",
              code=_where_code))
_add(NodeKind("to", "autograd", OPS["to"].doc, (Port("self"),),
              (ParamSpec("dtype", "dtype", "float64"),),
              lambda p, self: self.to(_dtype(p["dtype"])), "{self}.to({dtype})",
              "ToCopyBackward0", code=lambda p, a: f"{a['self']}.to(torch.{p['dtype']})"))
for _n in ("cat", "stack"):
    _add(NodeKind(_n, "shape", OPS[_n].doc, (), (ParamSpec("count", "int", 2, "number of inputs"),
                                                  ParamSpec("dim", "int", 0)),
                  (lambda f: lambda p, **ts: f([ts[f"t{i}"] for i in range(p["count"])],
                                               dim=p["dim"]))(getattr(torch, _n)),
                  OPS[_n].code, OPS[_n].grad_fn, variadic=True,
                  code=(lambda n: lambda p, a: f"torch.{n}(["
                        + ", ".join(a.get(f"t{i}", "?") for i in range(p["count"]))
                        + f"], dim={p['dim']})")(_n)))


# ----------------------------------------------------------------------------- autograd, writes
# (the kinds built on the classes above, each group in a module of its own)
from . import (batches, catalogue_autograd, catalogue_collect, catalogue_conv,  # noqa: E402
               catalogue_data, catalogue_function, catalogue_writes)

catalogue_conv.register(_add, NodeKind, Port, ParamSpec)
catalogue_autograd.register(_add, NodeKind, Port, ParamSpec)
catalogue_collect.register(_add, NodeKind, Port, ParamSpec)
catalogue_function.register(_add, NodeKind, Port, ParamSpec)
catalogue_writes.register(_add, NodeKind, Port, ParamSpec)
catalogue_data.register(_add, NodeKind, Port, ParamSpec)
catalogue_data.register_imported(_add, NodeKind, ParamSpec)
batches.register(_add, NodeKind, Port, ParamSpec)
