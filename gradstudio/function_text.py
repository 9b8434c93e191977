"""The text of a custom ``torch.autograd.Function``: its ``forward`` and ``backward``
written as a few statements over the op table's tensor methods, held by a document as
data and never run as Python.

A document holds a Function as three settings: its class name (``MyReLU``) and the two
``def``s, ``def forward(ctx, input): ...`` and ``def backward(ctx, grad_output): ...``.
The language is small and checked (``parse_function``): statements are ``name = e``,
``a, b = e``, ``name[index] = e``, ``name += e`` (and the other augmented operators),
``a = b = e``, ``ctx.save_for_backward(...)``, ``ctx.mark_non_differentiable(...)``,
``ctx.name = e`` (forward), several at once (``ctx.lo, ctx.hi = lo, hi``), ``if`` blocks
whose test reads ``ctx.needs_input_grad[i]`` and ``name is None`` / ``is not None``
(with ``and``, ``or``, ``not``), assigning only names bound before them (PyTorch's own
``LinearFunction`` example), and one ``return`` at the end (a forward returning several tensors, ``return y, aux``,
is a Function of several outputs, whose backward takes one gradient per output:
``output_count``); expressions are names bound
before, numbers, ``True``/``False``/``None``, ``+ - * / // % ** @ & | ^``, unary
``- + ~``, one comparison,
indexing with numbers, slices, ``None``, ``...`` and tensors, lists and tuples as
arguments (``torch.cat([a, b], dim=1)``), ``ctx.saved_tensors``,
``ctx.<name>``, and calls of the op table's tensor methods (``x.clamp(min=0)``,
``x.exp()``) and of ``torch.<op>`` (``torch.where``, ``torch.zeros_like``). Nothing else
is a name, an attribute or a call, so a Function read from a file computes tensors and
nothing more. ``function_class`` makes the engine's Function of the text by walking its
tree (never ``eval``); ``class_lines`` is how the exported script writes it.

Shared by the document (the ``custom_function`` kind) and the tracer (which reads a
script's class into this text); imports only the engine's public op table.
"""
import ast
import keyword
import operator

from gradstudio.engine.optable import OPS
from gradstudio.words import QT_TRANSLATE_NOOP, translate

__all__ = ["FunctionTextError", "MAX_FUNCTION_TEXT", "MAX_OUTPUTS", "parse_function",
           "check_class_name", "input_names", "output_count", "output_names", "normal_text", "function_class", "class_lines", "backward_words",
           "METHODS", "FUNCTIONS"]

MAX_FUNCTION_TEXT = 4000      # characters of one def
_MAX_DEPTH = 30               # nested operations
_MAX_STATEMENTS = 40
MAX_OUTPUTS = 8               # tensors a forward returns

# what a Function's text may call: the op table's tensor methods (a method of the
# engine's Tensor of that name) and torch functions, plus a few plain tensor methods
_EXTRA = {"clone", "square", "expand_as", "view_as", "reshape", "view", "t", "float",
          "double", "contiguous", "masked_fill", "sum", "mean", "detach"}
METHODS = frozenset(n for n in set(OPS) | _EXTRA
                    if not n.startswith("_") and (n in _EXTRA or OPS[n].category != "internal"))
FUNCTIONS = (METHODS - {"float", "double"}) | {
    "where", "zeros_like", "ones_like", "full_like", "exp", "sigmoid", "tanh", "clamp",
    "sign", "abs", "maximum", "minimum"}
_CTX_CALLS = {"save_for_backward", "mark_non_differentiable", "set_materialize_grads"}
_CTX_RESERVED = {"saved_tensors", "needs_input_grad", "to_save", "next_functions",
                 "dirty_tensors", "non_differentiable", "materialize_grads",
                 "saved_for_forward", "name", "apply", "metadata"} | _CTX_CALLS

_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv,
           ast.Mod: operator.mod, ast.Pow: operator.pow, ast.MatMult: operator.matmul,
           ast.BitAnd: operator.and_, ast.BitOr: operator.or_, ast.BitXor: operator.xor}
_IN_PLACE = {ast.Add: operator.iadd, ast.Sub: operator.isub, ast.Mult: operator.imul,
             ast.Div: operator.itruediv}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert}
_COMPARE = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
            ast.GtE: operator.ge, ast.Eq: operator.eq, ast.NotEq: operator.ne}


class FunctionTextError(ValueError):
    """A text GradStudio cannot hold as a Function, in words (``str``); ``template`` and
    ``fields`` keep the sentence's parts, for the tracer's child to send untranslated
    (``gradstudio.words.Said`` in context ``CONTEXT``)."""
    CONTEXT = "FunctionText"

    def __init__(self, template, fields):
        super().__init__(translate(self.CONTEXT, template).format(**fields))
        self.template, self.fields = template, fields


def _fail(text, **fields):
    return FunctionTextError(text, fields)


# ----------------------------------------------------------------------------- checking
def check_class_name(name):
    """``name`` when it can name the Function's class (``MyReLU``); ValueError else."""
    if not isinstance(name, str) or not name.isidentifier() or keyword.iskeyword(name) \
            or name.startswith("_") or name == "torch" or len(name) > 60:
        raise _fail(QT_TRANSLATE_NOOP(
            "FunctionText", "a Function's name is a Python name such as MyReLU"))
    return name


def parse_function(role, text):
    """The checked ``def`` of ``text``, the Function's ``role`` (``forward`` or
    ``backward``); ValueError in words when GradStudio cannot hold it."""
    if not isinstance(text, str) or len(text) > MAX_FUNCTION_TEXT:
        raise _fail(QT_TRANSLATE_NOOP(
            "FunctionText", "a Function's {role} is the text of its def, at most {n} characters"),
            role=role, n=MAX_FUNCTION_TEXT)
    try:
        tree = ast.parse(text.strip())
    except SyntaxError:
        raise _fail(QT_TRANSLATE_NOOP(
            "FunctionText", "its {role} is not Python such as def {role}(ctx, ...): ..."),
            role=role) from None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.FunctionDef) or \
            tree.body[0].name != role:
        raise _fail(QT_TRANSLATE_NOOP(
            "FunctionText", "its {role} must be one def {role}(ctx, ...)"), role=role)
    fn = tree.body[0]
    args = fn.args
    if fn.decorator_list or args.vararg or args.kwarg or args.kwonlyargs or \
            args.posonlyargs or args.defaults or fn.returns or len(args.args) < 2 or \
            any(a.annotation is not None for a in args.args):
        raise _fail(QT_TRANSLATE_NOOP(
            "FunctionText", "its {role} takes ctx and plain inputs: def {role}(ctx, x)"),
            role=role)
    names = [a.arg for a in args.args]
    if names[0] != "ctx" or "torch" in names or len(set(names)) != len(names):
        raise _fail(QT_TRANSLATE_NOOP(
            "FunctionText", "its {role} takes ctx first: def {role}(ctx, x)"), role=role)
    if role == "backward" and len(names) > MAX_OUTPUTS + 1:
        raise _fail(QT_TRANSLATE_NOOP(
            "FunctionText", "its backward takes one gradient per output, at most {n}"),
            n=MAX_OUTPUTS)
    _check_body(fn.body, role, set(names[1:]))
    return fn


def input_names(forward):
    """The names of the inputs of the (checked) ``forward`` text, ctx left out."""
    return tuple(a.arg for a in parse_function("forward", forward).args.args[1:])


def _returned(fn):
    value = fn.body[-1].value
    return value.elts if isinstance(value, ast.Tuple) else [value]


def output_count(forward, backward=None):
    """How many tensors the (checked) ``forward`` returns (``return y, aux``: 2); with
    ``backward``, FunctionTextError unless it takes that many gradients."""
    n = len(_returned(parse_function("forward", forward)))
    if backward is not None:
        grads = len(parse_function("backward", backward).args.args) - 1
        if grads != n:
            raise _fail(QT_TRANSLATE_NOOP(
                "FunctionText", "its forward returns {n} outputs, so its backward takes {n} "
                "gradients after ctx, not {got}"), n=n, got=grads)
    return n


def output_names(forward):
    """What the (checked) ``forward`` returns, each as written (``x * 2``, ``aux``): the
    names of its outputs on the canvas."""
    return tuple(_short(ast.unparse(p), 16) for p in _returned(parse_function("forward",
                                                                            forward)))


def _check_body(body, role, bound):
    body = body[1:] if _is_docstring(body[0]) else body
    if not body or len(body) > _MAX_STATEMENTS or not isinstance(body[-1], ast.Return) or \
            body[-1].value is None:
        raise _fail(QT_TRANSLATE_NOOP(
            "FunctionText", "its {role} ends with a return of what it computes"), role=role)
    for stmt in body[:-1]:
        _check_statement(stmt, role, bound)
    value = body[-1].value
    parts = value.elts if isinstance(value, ast.Tuple) else [value]
    if role == "forward" and not 0 < len(parts) <= MAX_OUTPUTS or \
            role == "forward" and len(parts) > 1 and any(
                isinstance(p, ast.Constant) for p in parts):
        raise _fail(QT_TRANSLATE_NOOP(
            "FunctionText", "its forward returns one tensor, or at most {n} tensors "
            "separated by commas"), n=MAX_OUTPUTS)
    for p in parts:
        if not (isinstance(p, ast.Constant) and p.value is None):
            _check(p, bound, 0)


def _is_docstring(stmt):
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and \
        isinstance(stmt.value.value, str)


def _is_ctx(node):
    return isinstance(node, ast.Name) and node.id == "ctx"


def _check_statement(stmt, role, bound):
    if isinstance(stmt, ast.Pass):
        return
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and \
            isinstance(stmt.value.func, ast.Attribute) and _is_ctx(stmt.value.func.value) \
            and stmt.value.func.attr in _CTX_CALLS and role == "forward" \
            and not stmt.value.keywords:
        for a in stmt.value.args:
            _check(a, bound, 1)
        return
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and \
            isinstance(stmt.targets[0], ast.Tuple) and isinstance(stmt.value, ast.Tuple) \
            and len(stmt.targets[0].elts) == len(stmt.value.elts):  # ctx.lo, ctx.hi = lo, hi
        for v in stmt.value.elts:
            _check(v, bound, 1)
        for t in stmt.targets[0].elts:
            _check_target(t, role, bound)
        return
    if isinstance(stmt, ast.Assign) and (len(stmt.targets) == 1 or all(
            isinstance(t, ast.Name) for t in stmt.targets)):
        _check(stmt.value, bound, 0)
        for target in stmt.targets:
            _check_target(target, role, bound)
        return
    if isinstance(stmt, ast.If):
        _check_if(stmt, role, bound)
        return
    if isinstance(stmt, ast.AugAssign) and type(stmt.op) in _IN_PLACE:
        _check(stmt.value, bound, 0)
        target = stmt.target
        if isinstance(target, ast.Name) and target.id in bound:
            return
        if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and \
                target.value.id in bound:
            _check_index(target.slice, bound, 1)
            return
    if _is_docstring(stmt):
        return
    raise _fail(QT_TRANSLATE_NOOP(
        "FunctionText", "'{code}' cannot be part of a Function GradStudio draws: use "
        "assignments of tensor operations, ctx.save_for_backward and one return"),
        code=_short(ast.unparse(stmt)))


def _check_if(stmt, role, bound):
    """``if ctx.needs_input_grad[0]: grad_x = ...`` (else too): the test reads which
    inputs need a gradient and which names are None; the blocks assign names bound
    before the if, so each name is bound whichever block runs."""
    _check_test(stmt.test, bound)
    for block in (stmt.body, stmt.orelse):
        inner = set(bound)
        for s in block:
            _check_statement(s, role, inner)
        new = sorted(n for n in inner - bound if not n.startswith("ctx."))
        if new:
            raise _fail(QT_TRANSLATE_NOOP(
                "FunctionText", "'{name}' is assigned inside an if of a Function: give it a "
                "value before the if (such as {name} = None)"), name=new[0])
        if any(n.startswith("ctx.") for n in inner - bound):
            raise _fail(QT_TRANSLATE_NOOP(
                "FunctionText", "a Function's text sets ctx.<name> only outside an if"))


def _check_test(node, bound):
    if isinstance(node, ast.BoolOp):
        for v in node.values:
            _check_test(v, bound)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        _check_test(node.operand, bound)
    elif isinstance(node, ast.Compare) and len(node.ops) == 1 and \
            type(node.ops[0]) in (ast.Is, ast.IsNot) and isinstance(node.left, ast.Name) and \
            node.left.id in bound and isinstance(node.comparators[0], ast.Constant) and \
            node.comparators[0].value is None:
        return
    elif not (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and
              _is_ctx(node.value.value) and node.value.attr == "needs_input_grad" and
              isinstance(node.slice, ast.Constant) and type(node.slice.value) is int):
        raise _fail(QT_TRANSLATE_NOOP(
            "FunctionText", "the if '{code}' cannot be part of a Function GradStudio draws: "
            "an if may test ctx.needs_input_grad[i] and whether a name is None"),
            code=_short(ast.unparse(node)))


def _check_target(target, role, bound):
    if isinstance(target, ast.Name):
        _bind(target.id, bound)
    elif isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name) for e in target.elts):
        for e in target.elts:
            _bind(e.id, bound)
    elif isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and \
            target.value.id in bound:
        _check_index(target.slice, bound, 1)
    elif isinstance(target, ast.Attribute) and _is_ctx(target.value) and role == "forward" \
            and _plain(target.attr) and target.attr not in _CTX_RESERVED:
        bound.add("ctx." + target.attr)
    else:
        raise _fail(QT_TRANSLATE_NOOP(
            "FunctionText", "'{code}' cannot be assigned to in a Function GradStudio draws"),
            code=_short(ast.unparse(target)))


def _plain(name):
    return not name.startswith("_")


def _bind(name, bound):
    if name in ("ctx", "torch") or not _plain(name):
        raise _fail(QT_TRANSLATE_NOOP(
            "FunctionText", "a Function's text cannot assign to {name}"), name=name)
    bound.add(name)


def _check(node, bound, depth):
    if depth > _MAX_DEPTH:
        raise _fail(QT_TRANSLATE_NOOP(
            "FunctionText", "a Function's text nests at most {n} operations"), n=_MAX_DEPTH)
    d = depth + 1
    if isinstance(node, ast.Name):
        if node.id not in bound:
            raise _fail(QT_TRANSLATE_NOOP(
                "FunctionText", "a Function computes from its inputs and what it assigned, not "
                "'{name}'"), name=node.id)
    elif isinstance(node, ast.Constant):
        if node.value is not None and type(node.value) not in (int, float, bool):
            raise _fail(QT_TRANSLATE_NOOP(
                "FunctionText", "a Function's text uses numbers only, not {value!r}"),
                value=node.value)
    elif isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        _check(node.left, bound, d)
        _check(node.right, bound, d)
    elif isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        _check(node.operand, bound, d)
    elif isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _COMPARE:
        _check(node.left, bound, d)
        _check(node.comparators[0], bound, d)
    elif isinstance(node, ast.Attribute) and _is_ctx(node.value):
        if node.attr != "saved_tensors" and "ctx." + node.attr not in bound and \
                not (_plain(node.attr) and node.attr not in _CTX_RESERVED):
            raise _fail(QT_TRANSLATE_NOOP(
                "FunctionText", "a Function's text reads ctx.saved_tensors and what forward set "
                "on ctx, not ctx.{attr}"), attr=node.attr)
    elif isinstance(node, ast.Attribute) and node.attr == "dtype":
        _check(node.value, bound, d)        # mask.to(grad.dtype)
    elif isinstance(node, ast.Subscript):
        _check(node.value, bound, d)
        _check_index(node.slice, bound, d)
    elif isinstance(node, (ast.List, ast.Tuple)) and depth > 0 and len(node.elts) <= 16:
        for e in node.elts:            # torch.cat([a, b], dim=1), x.sum(dim=(0, 1))
            _check(e, bound, d)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        _check_call(node, bound, d)
    else:
        raise _fail(QT_TRANSLATE_NOOP(
            "FunctionText", "'{code}' cannot be part of a Function GradStudio draws: use "
            "tensor methods such as clamp, exp and mul, numbers and + - * /"),
            code=_short(ast.unparse(node)))


def _check_call(node, bound, depth):
    func = node.func
    if isinstance(func.value, ast.Name) and func.value.id == "torch":
        if func.attr not in FUNCTIONS:
            raise _fail(QT_TRANSLATE_NOOP(
                "FunctionText", "a Function's text cannot call torch.{attr}"), attr=func.attr)
    elif func.attr not in METHODS:
        raise _fail(QT_TRANSLATE_NOOP(
            "FunctionText", "a Function's text cannot call {attr}: only tensor operations such "
            "as clamp, exp and mul"), attr=func.attr)
    else:
        _check(func.value, bound, depth)
    for a in node.args:
        _check(a, bound, depth)
    for k in node.keywords:
        if k.arg is None:
            raise _fail(QT_TRANSLATE_NOOP(
                "FunctionText", "a Function's calls name their arguments one by one"))
        _check(k.value, bound, depth)


def _check_index(node, bound, depth):
    parts = node.elts if isinstance(node, ast.Tuple) else [node]
    for p in parts:
        if isinstance(p, ast.Slice):
            for q in (p.lower, p.upper, p.step):
                if q is not None:
                    _check(q, bound, depth)
        elif isinstance(p, ast.Constant) and p.value is Ellipsis:
            continue
        else:
            _check(p, bound, depth)


def _short(text, n=40):
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[:n - 1] + "…"


# ----------------------------------------------------------------------------- running
_UNSET = object()


class _Run:
    """Walks one checked def on the engine's values: ``env`` holds its names."""

    def __init__(self, torch, ctx, env):
        self.torch, self.ctx, self.env = torch, ctx, env

    def body(self, fn):
        for stmt in fn.body:
            if isinstance(stmt, ast.Return):
                v = stmt.value
                if isinstance(v, ast.Tuple):
                    return tuple(self.value(e) for e in v.elts)
                return self.value(v)
            self.statement(stmt)
        raise AssertionError("checked: a def ends with its return")

    def statement(self, stmt):
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            call = stmt.value
            getattr(self.ctx, call.func.attr)(*(self.value(a) for a in call.args))
        elif isinstance(stmt, ast.Assign):
            pairs = isinstance(stmt.targets[0], ast.Tuple) and \
                isinstance(stmt.value, ast.Tuple)
            if pairs:                               # ctx.lo, ctx.hi = lo, hi
                values = [self.value(v) for v in stmt.value.elts]
                for t, v in zip(stmt.targets[0].elts, values):
                    self.assign(t, v)
            else:
                value = self.value(stmt.value)
                for target in stmt.targets:
                    self.assign(target, value)
        elif isinstance(stmt, ast.If):
            for s in stmt.body if self.test(stmt.test) else stmt.orelse:
                self.statement(s)
        elif isinstance(stmt, ast.AugAssign):
            op = _IN_PLACE[type(stmt.op)]
            target = stmt.target
            if isinstance(target, ast.Name):
                self.env[target.id] = op(self.env[target.id], self.value(stmt.value))
            else:
                tensor, key = self.tensor(target.value), self.index(target.slice)
                tensor[key] = op(tensor[key], self.value(stmt.value))

    def test(self, node):
        """An if's test (checked: needs_input_grad, is None, and/or/not)."""
        if isinstance(node, ast.BoolOp):
            values = (self.test(v) for v in node.values)
            return all(values) if isinstance(node.op, ast.And) else any(values)
        if isinstance(node, ast.UnaryOp):
            return not self.test(node.operand)
        if isinstance(node, ast.Compare):
            none = self.env[node.left.id] is None
            return none if isinstance(node.ops[0], ast.Is) else not none
        return bool(self.ctx.needs_input_grad[node.slice.value])

    def assign(self, target, value):
        if isinstance(target, ast.Name):
            self.env[target.id] = value
        elif isinstance(target, ast.Tuple):
            values = tuple(value)
            if len(values) != len(target.elts):
                few = QT_TRANSLATE_NOOP(
                    "FunctionText", "not enough values to unpack (expected {n}, got {got})")
                many = QT_TRANSLATE_NOOP(
                    "FunctionText", "too many values to unpack (expected {n})")
                raise _fail(few if len(values) < len(target.elts) else many,
                            n=len(target.elts), got=len(values))
            for e, v in zip(target.elts, values):
                self.env[e.id] = v
        elif isinstance(target, ast.Subscript):
            self.tensor(target.value)[self.index(target.slice)] = value
        elif hasattr(type(self.ctx), target.attr):     # (a method of the node: kept)
            raise AttributeError(translate(
                "FunctionText", "ctx.{attr} belongs to the node itself: give your value "
                "another name").format(attr=target.attr))
        else:
            setattr(self.ctx, target.attr, value)

    def ctx_value(self, attr):
        """``ctx.saved_tensors``, or a value forward set on ctx (a number or a tensor)."""
        if attr == "saved_tensors":
            return self.ctx.saved_tensors
        v = vars(self.ctx).get(attr, _UNSET)
        if v is _UNSET:
            raise AttributeError(translate(
                "FunctionText", "'{node}' object has no attribute '{attr}'").format(
                node=type(self.ctx).__name__, attr=attr))
        if v is not None and not isinstance(v, (self.torch.Tensor, int, float, bool)):
            raise TypeError(translate("FunctionText", "ctx.{attr} is not a number or a "
                                      "tensor").format(attr=attr))
        return v

    def tensor(self, node):
        t = self.value(node)
        if not isinstance(t, self.torch.Tensor):
            raise TypeError(translate("FunctionText", "'{code}' is not a tensor").format(
                code=_short(ast.unparse(node))))
        return t

    def index(self, node):
        if isinstance(node, ast.Tuple):
            return tuple(self.index(e) for e in node.elts)
        if isinstance(node, ast.Slice):
            return slice(*(None if q is None else self.value(q)
                           for q in (node.lower, node.upper, node.step)))
        if isinstance(node, ast.Constant):
            return node.value
        return self.value(node)

    def value(self, node):
        if isinstance(node, ast.Name):
            return self.env[node.id]
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.BinOp):
            a, b = self.value(node.left), self.value(node.right)
            for v in (a, b):
                if not isinstance(v, (self.torch.Tensor, int, float)):
                    raise TypeError(translate(
                        "FunctionText", "'{code}' computes with something that is not a "
                        "tensor or a number").format(code=_short(ast.unparse(node))))
            if type(node.op) is ast.Pow and type(a) is int and type(b) is int:
                a, b = float(a), float(b)        # (10 ** 10 ** 10 overflows, not fills memory)
            return _BINARY[type(node.op)](a, b)
        if isinstance(node, ast.UnaryOp):
            return _UNARY[type(node.op)](self.value(node.operand))
        if isinstance(node, ast.Compare):
            return _COMPARE[type(node.ops[0])](self.value(node.left),
                                               self.value(node.comparators[0]))
        if isinstance(node, ast.List):
            return [self.value(e) for e in node.elts]
        if isinstance(node, ast.Tuple):
            return tuple(self.value(e) for e in node.elts)
        if isinstance(node, ast.Attribute) and not _is_ctx(node.value):   # grad.dtype
            return self.tensor(node.value).dtype
        if isinstance(node, ast.Attribute):          # ctx.saved_tensors, ctx.scale
            return self.ctx_value(node.attr)
        if isinstance(node, ast.Subscript):
            base = self.value(node.value)
            if not isinstance(base, (self.torch.Tensor, tuple)):
                raise TypeError(translate("FunctionText", "'{code}' cannot be indexed").format(
                    code=_short(ast.unparse(node.value))))
            return base[self.index(node.slice)]
        return self.call(node)

    def call(self, node):
        func = node.func
        if isinstance(func.value, ast.Name) and func.value.id == "torch" and \
                "torch" not in self.env:
            fn = getattr(self.torch, func.attr)
        else:
            fn = getattr(self.tensor(func.value), func.attr)
        return fn(*(self.value(a) for a in node.args),
                  **{k.arg: self.value(k.value) for k in node.keywords})


def _runner(torch, fn):
    names = [a.arg for a in fn.args.args[1:]]

    def run(ctx, *args):
        if len(args) != len(names):
            raise TypeError(translate(
                "FunctionText", "{role}() takes {n} positional arguments but {got} were "
                "given").format(role=fn.name, n=len(names) + 1, got=len(args) + 1))
        return _Run(torch, ctx, dict(zip(names, args))).body(fn)
    run.__name__ = run.__qualname__ = fn.name
    return staticmethod(run)


_CLASSES = {}          # (name, forward, backward) -> the class made of them (a few)


def function_class(torch, name, forward, backward, once=False):
    """The engine's ``torch.autograd.Function`` subclass ``name`` whose forward and
    backward walk the checked texts (one class per distinct text, kept); ``once``: its
    backward is ``@once_differentiable`` (run without recording, its results not
    differentiable again)."""
    key = (name, forward, backward, bool(once))
    cls = _CLASSES.get(key)
    if cls is None:
        check_class_name(name)
        if len(_CLASSES) > 256:
            _CLASSES.clear()
        back = _runner(torch, parse_function("backward", backward))
        if once:
            back = staticmethod(torch.autograd.function.once_differentiable(back.__func__))
        cls = _CLASSES[key] = type(name, (torch.autograd.Function,), {
            "forward": _runner(torch, parse_function("forward", forward)),
            "backward": back, "__module__": "__main__"})
    return cls


# ----------------------------------------------------------------------------- writing
def normal_text(role, text):
    """``text`` (a checked def) as GradStudio keeps and writes it."""
    return ast.unparse(parse_function(role, text))


ONCE = "torch.autograd.function.once_differentiable"


def class_lines(name, forward, backward, once=False):
    """The class as the exported script writes it, as one statement's text (``once``:
    its backward decorated ``@torch.autograd.function.once_differentiable``)."""
    def method(role, text, marks=()):
        body = ast.unparse(parse_function(role, text))
        return ["    @staticmethod", *marks] + ["    " + line for line in body.split("\n")]
    return "\n".join([f"class {check_class_name(name)}(torch.autograd.Function):", ""]
                     + method("forward", forward) + [""]
                     + method("backward", backward, [f"    @{ONCE}"] if once else []))


def backward_words(name, forward, backward, once=False):
    """What the Function's backward does, in words and its own statements, for the
    step-through (``once``: it is marked ``@once_differentiable``)."""
    inputs = [a.arg for a in parse_function("forward", forward).args.args[1:]]
    fn = parse_function("backward", backward)
    body = fn.body[1:] if _is_docstring(fn.body[0]) else fn.body
    ret = body[-1].value
    grads = ret.elts if isinstance(ret, ast.Tuple) else [ret]
    grad_names = [a.arg for a in fn.args.args[1:]]
    if len(grad_names) == 1:
        lines = [translate("FunctionText", "{name}'s backward is your own: from the gradient "
                           "{grad} of its output it runs").format(name=name,
                                                                 grad=grad_names[0])]
    else:
        lines = [translate("FunctionText", "{name}'s backward is your own: from the gradients "
                           "{grads} of its {n} outputs (zeros for an output the loss does "
                           "not use, or None after ctx.set_materialize_grads(False)) it "
                           "runs").format(name=name, grads=", ".join(grad_names),
                                          n=len(grad_names))]
    lines += ["    " + line for stmt in body[:-1] for line in ast.unparse(stmt).split("\n")]
    said = [translate("FunctionText", "{value} for {input}").format(
        value=ast.unparse(g), input=i) for g, i in zip(grads, inputs)]
    lines.append(translate("FunctionText", "and returns {said}.").format(
        said=", ".join(said)))
    if once:
        lines.append(translate("FunctionText", "It is marked @once_differentiable: it runs "
                               "without recording, so what it returns cannot be "
                               "differentiated again (a second backward through it "
                               "raises an error)."))
    return "\n".join(lines)
