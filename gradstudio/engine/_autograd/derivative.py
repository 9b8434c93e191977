"""How a grad_fn computes the gradients it sends, as text: ``derivative(node)`` (public as
``inspect.derivative``) gives its forward and one rule per ``next_functions`` entry.

The rules are the op table's (``Grad.formula``), written in the terms of PyTorch's
``derivatives.yaml``: Python-like math over ``grad`` (the gradient the node receives;
``grads``, one per output, for an op returning several views), the op's argument names
(``self``, ``other``, ``mat2`` ...), ``result`` (the op's output) and its params. Two
conventions keep them short: a gradient is summed over broadcast dimensions down to its
input's shape (the engine does it for every op in one place), and in the rule of a
reduction, ``grad`` and ``result`` are seen with the reduced dimensions kept (as with
``keepdim=True``), so ``grad.expand(self.shape)`` is the gradient spread back over its input.

A rule written for several cases (``... if reduction == 1 else ...``) is given for the
node at hand: the conditions on its params are decided and the other branches dropped.
"""
import ast
import inspect
import re
from dataclasses import dataclass, field

from .._torch_functions import sampling as _sampling
from .custom_function import BackwardCFunction, Function, _DelayedError
from .nodes import AccumulateGrad
from .._ops.record import NOT_IMPLEMENTED, OPS
from .views import WRAPPED

__all__ = ["Derivative", "derivative"]

ACCUMULATE = "variable.grad += grad"


@dataclass(frozen=True)
class Derivative:
    """The derivative rule of one grad_fn.

    ``name``: PyTorch's class name (``MulBackward0``); ``op``: the forward op's name
    (``mul``), or None (``AccumulateGrad``, a custom Function); ``forward``: the forward as
    a formula over the same identifiers (``self * other``), or None; ``inputs``: one name per
    ``next_functions`` entry; ``formulas``: one rule per entry, None where the entry is
    None; ``params``: the node's non-tensor-operand params, defaults filled in; ``accumulate``: True for
    ``AccumulateGrad``, whose ``formulas`` are ``(ACCUMULATE,)`` and ``inputs`` ()."""
    name: str
    op: str | None
    forward: str | None
    inputs: tuple
    formulas: tuple
    params: dict = field(default_factory=dict)
    accumulate: bool = False

    def rules(self):
        """``[(input name, formula), ...]`` for the entries that have a rule."""
        return [(n, f) for n, f in zip(self.inputs, self.formulas) if f is not None]


def derivative(node):
    """The ``Derivative`` of ``node``, any grad_fn the engine makes."""
    if node is None:
        raise TypeError("derivative() takes a grad_fn node, not None (a leaf has none)")
    if isinstance(node, AccumulateGrad):
        return Derivative("AccumulateGrad", None, None, (), (ACCUMULATE,), {}, True)
    if isinstance(node, BackwardCFunction):
        return _custom(node)
    name = type(node).__name__
    wrapped = WRAPPED.get(node)
    if wrapped is not None:
        return _copy_slices(name, node, wrapped)
    edges = tuple(n is not None for n, _ in node.next_functions)
    op = getattr(node, "_op", None)
    if getattr(op, "forward", None) is None:   # (no node the engine makes: said honestly)
        return Derivative(name, None, None, tuple(f"input{k}" for k in range(len(edges))),
                          tuple(f"{name}'s own backward" if e else None for e in edges))
    return _table(name, op, node._params, edges)


# ------------------------------------------------------------------------- table ops
def _table(name, op, params, edges):
    env = _params_env(op, params)
    inputs, formulas = [], []
    for k, has_edge in enumerate(edges):
        if op.variadic:
            inputs.append(f"{op.arg_names[0]}[{k}]")
            rule = op.grads[k].formula
            rule = rule and re.sub(r"\bi\b", str(k), rule)
        else:
            inputs.append(op.arg_names[k] if k < len(op.arg_names) else f"input{k}")
            gr = op.grads[k] if k < len(op.grads) else None
            rule = None if gr is None else gr.formula
        formulas.append(resolve(rule, env) if has_edge and rule else None)
    return Derivative(name, op.name, _forward(op, env), tuple(inputs), tuple(formulas),
                      {k: v for k, v in env.items() if k not in op.arg_names})


_DEFAULTS = {}


def _params_env(op, params):
    """The op's params with their defaults filled in (what a rule's conditions read)."""
    defaults = _DEFAULTS.get(op)
    if defaults is None:
        defaults = {p.name: p.default for p in op.params}
        try:
            sig = inspect.signature(op.forward)
            defaults.update((p.name, p.default) for p in sig.parameters.values()
                            if p.default is not inspect.Parameter.empty)
        except (TypeError, ValueError):   # (a builtin forward, such as np.maximum)
            pass
        _DEFAULTS[op] = defaults
    return {**defaults, **params}


_INTERNAL_FORWARDS = {   # ops recorded for in-place methods, which have no code template
    "_setitem": "self[key] = value", "_zero": "self.zero_()", "_fill": "self.fill_(value)",
    "_fill_tensor": "self.fill_(value)", "_copy": "self.copy_(src)",
    "_uniform": "self.uniform_(low, high)", "_normal": "self.normal_(mean, std)",
    "_bernoulli": "torch.bernoulli(self)", "_bernoulli_p": "torch.bernoulli(self, p)",
    "_bernoulli_fill": "self.bernoulli_(p)", "_bernoulli_tensor_fill": "self.bernoulli_(p)",
    "_exponential": "self.exponential_(lambd)", "_take": "self[key]",
    "_as_strided": "self.as_strided(size, stride, storage_offset)",
}


def _forward(op, env):
    """The op's code template with its ``{x}`` placeholders as bare names; a param that is
    None is left out (``self.sum()``, not ``self.sum(dim)``)."""
    code = op.code or _INTERNAL_FORWARDS.get(op.name)
    if code is None:
        names = [*op.arg_names, *(p.name for p in op.params if env.get(p.name) is not None)]
        return f"{op.name}({', '.join(names)})"
    if op.variadic:
        code = code.replace("[{%s}]" % op.arg_names[0], op.arg_names[0])
    for key, value in env.items():
        if value is None and "{%s}" % key in code:
            for pattern in (r", ?%s=\{%s\}", r"\b%s=\{%s\}(, ?)?", r", ?\{%s\}", r"\{%s\}(, ?)?"):
                code = re.sub(pattern.replace("%s", key), "", code)
    return re.sub(r"\{(\w+)\}", r"\1", code)


# ------------------------------------------------------------------------- resolving
_UNKNOWN = object()
_COMPARE = {ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b,
            ast.Lt: lambda a, b: a < b, ast.LtE: lambda a, b: a <= b,
            ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b}
_PLAIN = (int, float, bool, str, tuple, type(None))


def _value(node, env):
    """The value of a condition over params and constants, or ``_UNKNOWN``."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return env.get(node.id, _UNKNOWN)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        v = _value(node.operand, env)
        return _UNKNOWN if v is _UNKNOWN or not isinstance(v, _PLAIN) else not v
    if isinstance(node, ast.BoolOp):
        values = [_value(v, env) for v in node.values]
        if any(v is _UNKNOWN or not isinstance(v, _PLAIN) for v in values):
            return _UNKNOWN
        return all(values) if isinstance(node.op, ast.And) else any(values)
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        a, b = _value(node.left, env), _value(node.comparators[0], env)
        if a is _UNKNOWN or b is _UNKNOWN:
            return _UNKNOWN
        kind = type(node.ops[0])
        if kind in (ast.Is, ast.IsNot):   # (any value: ``weight is None``)
            return (a is b) == (kind is ast.Is)
        if kind in _COMPARE and isinstance(a, _PLAIN) and isinstance(b, _PLAIN):
            try:
                return bool(_COMPARE[kind](a, b))
            except TypeError:
                return _UNKNOWN
    return _UNKNOWN


class _Resolve(ast.NodeTransformer):
    def __init__(self, env):
        self.env = env

    def visit_IfExp(self, node):
        v = _value(node.test, self.env)
        if v is _UNKNOWN or not isinstance(v, _PLAIN):
            return self.generic_visit(node)
        return self.visit(node.body if v else node.orelse)

    def visit_BinOp(self, node):   # x * 1, x / 1, 1 * x: what a decided factor leaves
        node = self.generic_visit(node)
        one = [isinstance(s, ast.Constant) and s.value == 1 and type(s.value) is int
               for s in (node.left, node.right)]
        if one[1] and isinstance(node.op, (ast.Mult, ast.Div)):
            return node.left
        if one[0] and isinstance(node.op, ast.Mult):
            return node.right
        return node


def resolve(formula, env):
    """``formula`` for params ``env``: its conditional parts decided where they depend on
    params only (the text is unchanged when it has none)."""
    if formula is None or " if " not in formula:
        return formula
    try:
        tree = ast.parse(formula, mode="eval")
    except SyntaxError:
        return formula
    return ast.unparse(_Resolve(env).visit(tree))


# ------------------------------------------------------------------------- other nodes
def _renamed(text, names):
    """``text`` with the identifiers of ``names`` (not attributes) replaced."""
    if text is None:
        return None
    pattern = r"(?<![\w.])(%s)\b" % "|".join(map(re.escape, names))
    return re.sub(pattern, lambda m: names[m.group(1)], text)


def _copy_slices(name, node, wrapped):
    """CopySlices: the in-place op ``fn`` it wraps wrote through a view of its base. The
    base's gradient passes on, its ``view`` slice replaced by what ``fn``'s backward makes
    of that slice; ``fn``'s other inputs get ``fn``'s rules on the slice."""
    fn_name, op, params, fn_edges = wrapped
    inner = _table(fn_name, op, params, fn_edges)
    first = op.arg_names[0] if op.arg_names else "self"
    names = {"grad": "grad[view]", first: "self[view]", "result": "result[view]"}
    f0 = _renamed(inner.formulas[0] if inner.formulas else None, names)
    formulas = [f"grad, with grad[view] replaced by {f0}" if f0 else None]
    formulas += [_renamed(f, names) for f in inner.formulas[1:]]
    formulas += [None] * (len(node.next_functions) - len(formulas))
    formulas = [f if n is not None else None for f, (n, _) in zip(formulas, node.next_functions)]
    forward = f"self[view] = {_renamed(inner.forward, {first: 'self[view]'})}"
    inputs = ("self",) + inner.inputs[1:]
    inputs += tuple(f"input{k}" for k in range(len(inputs), len(node.next_functions)))
    return Derivative(name, op.name, forward, inputs[:len(node.next_functions)],
                      tuple(formulas), dict(inner.params))


def _custom(node):
    """A custom ``autograd.Function``'s node: its rules are the class's own backward."""
    cls = type(node)._forward_cls
    name = type(node).__name__
    positions = getattr(node, "_positions", ())
    arg_names = _function_args(cls, getattr(node, "_n_args", len(positions)))
    inputs = tuple(arg_names[p] for p in positions)
    if cls is _DelayedError:
        rule = NOT_IMPLEMENTED + " (a @once_differentiable backward, differentiated again)"
        rules = [rule] * len(positions)
    elif getattr(cls, "FORMULAS", None):   # (the engine's own: torch.linalg's decompositions)
        rules = [cls.FORMULAS.get(arg_names[p]) for p in positions]
    else:
        method = "vjp" if cls.vjp is not Function.vjp else "backward"
        grads = "*grads" if node._outputs else "grad"
        rules = [f"{cls.__name__}.{method}(ctx, {grads})[{p}]" for p in positions]
    formulas = tuple(r if n is not None else None
                     for r, (n, _) in zip(rules, node.next_functions))
    forward = getattr(cls, "FORWARD", None) or f"{cls.__name__}.apply({', '.join(arg_names)})"
    return Derivative(name, None, forward, inputs, formulas, {})


def _function_args(cls, n):
    """Names for the ``n`` arguments of ``cls.apply``: its forward's parameter names."""
    try:
        params = list(inspect.signature(cls.forward).parameters.values())
    except (TypeError, ValueError):
        params = []
    if cls.setup_context is Function.setup_context and params:
        params = params[1:]                      # (forward(ctx, ...))
    names = []
    for p in params:
        if p.kind is p.VAR_POSITIONAL:
            names += [f"{p.name}[{k}]" for k in range(n - len(names))]
            break
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            names.append(p.name)
    names += [f"input{k}" for k in range(len(names), n)]
    return names[:n]


# ------------------------------------------------------------------------- other rules
# the rules of ops registered outside the ``_ops.table`` modules (by
# ``_torch_functions.sampling``, imported above so that they are in ``OPS``)
_REGISTERED_BY = _sampling
_ELSEWHERE = {
    "_bernoulli": ("torch.zeros_like(grad)",),
    "_bernoulli_fill": ("torch.zeros_like(grad)",),
    "_bernoulli_tensor_fill": ("torch.zeros_like(grad)", "torch.zeros_like(p)"),
    "_exponential": ("torch.zeros_like(grad)",),
}
for _name, _rules in _ELSEWHERE.items():
    for _grad, _rule in zip(OPS[_name].grads, _rules):
        if _grad is not None and _grad.formula is None:
            _grad.formula = _rule
