"""A learning-rate lambda held as text: ``lambda epoch: 0.95 ** epoch``, the ``lr_lambda``
of a ``LambdaLR`` or ``MultiplicativeLR`` scheduler, or a list of them, one per parameter
group (``[lambda epoch: 0.9 ** epoch, lambda epoch: 1.0]``).

A document holds the lambda as text, so the language is small and checked, as a hook's
is (``gradstudio/hook_text.py``): one parameter; numbers; ``+ - * / // % **``; unary
``-`` and ``+``; comparisons and ``a if test else b``; the built-ins ``min``, ``max``,
``abs``, ``float``, ``int``, ``round``; and ``math``'s ``pi``, ``e``, ``cos``, ``sin``,
``exp``, ``log``, ``sqrt``, ``floor``, ``ceil``. Nothing else is a name, an attribute or
a call. It is evaluated by walking its tree (never ``eval``) with Python's own
arithmetic, so it gives the same numbers as the script's lambda; ``uses_math`` says
whether the exported script needs ``import math``.

Imports nothing of GradStudio but its words.
"""
import ast
import math
import operator

from gradstudio.words import QT_TRANSLATE_NOOP, translate

__all__ = ["FormulaError", "parse_formula", "formula_function", "uses_math", "MAX_FORMULA",
           "MAX_LAMBDAS"]

MAX_FORMULA = 300         # characters
MAX_LAMBDAS = 16          # lambdas of a list (one per parameter group)
_MAX_DEPTH = 30           # nested operations
_MAX_BITS = 100_000       # the most bits a whole-number power may reach

_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
           ast.Pow: operator.pow}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos}
_COMPARE = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
            ast.GtE: operator.ge, ast.Eq: operator.eq, ast.NotEq: operator.ne}
_BUILTINS = {"min": min, "max": max, "abs": abs, "float": float, "int": int, "round": round}
_MATH_FUNCTIONS = {name: getattr(math, name)
                   for name in ("cos", "sin", "exp", "log", "sqrt", "floor", "ceil")}
_MATH_CONSTANTS = {"pi": math.pi, "e": math.e}


class FormulaError(ValueError):
    """A text that is not a learning-rate lambda GradStudio can hold, or one that failed
    at a step; the message is written for the user."""


def _refuse(message, **fields):
    return FormulaError(translate("Formula", message).format(**fields))


def parse_formula(text):
    """The checked ``ast.Lambda`` of ``text``, or for a list of lambdas (one per
    parameter group: ``[lambda epoch: 0.9 ** epoch, lambda epoch: 1.0]``) the checked
    ``ast.List`` of them; ``FormulaError`` in words when it is not a learning-rate lambda
    GradStudio can hold."""
    example = "lambda epoch: 0.95 ** epoch"
    many = isinstance(text, str) and text.strip().startswith("[")
    if not isinstance(text, str) or len(text) > MAX_FORMULA * (MAX_LAMBDAS if many else 1):
        raise _refuse(QT_TRANSLATE_NOOP(
            "Formula", "A learning-rate lambda is a text of at most {n} characters, such as "
            "{example}."), n=MAX_FORMULA, example=example)
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except SyntaxError:
        tree = None
    if many and isinstance(tree, ast.List) and 1 <= len(tree.elts) <= MAX_LAMBDAS:
        for item in tree.elts:
            _one_lambda(item, ast.get_source_segment(text.strip(), item) or "", example)
        return tree
    _one_lambda(tree, text, example)
    return tree


def _one_lambda(tree, text, example):
    args = getattr(tree, "args", None)
    if len(text) > MAX_FORMULA:
        raise _refuse(QT_TRANSLATE_NOOP(
            "Formula", "A learning-rate lambda is a text of at most {n} characters, such as "
            "{example}."), n=MAX_FORMULA, example=example)
    if not isinstance(tree, ast.Lambda) or len(args.args) != 1 or args.posonlyargs or \
            args.vararg or args.kwonlyargs or args.kwarg or args.defaults:
        raise _refuse(QT_TRANSLATE_NOOP(
            "Formula", "'{text}' is not a lambda of one epoch such as {example}."),
            text=text.strip()[:60], example=example)
    _check(tree.body, tree.args.args[0].arg, 0)


def _check(node, param, depth):
    """Raises ``FormulaError`` unless ``node`` is in the language (see the docstring)."""
    if depth > _MAX_DEPTH:
        raise _refuse(QT_TRANSLATE_NOOP(
            "Formula", "This learning-rate lambda nests more than {n} operations."),
            n=_MAX_DEPTH)
    if isinstance(node, ast.Constant):
        if type(node.value) not in (int, float):
            raise _refuse(QT_TRANSLATE_NOOP(
                "Formula", "A learning-rate lambda can use numbers, not {value}."),
                value=repr(node.value)[:40])
        return
    if isinstance(node, ast.Name):
        if node.id != param:
            raise _refuse(QT_TRANSLATE_NOOP(
                "Formula", "A learning-rate lambda can use its epoch ({param}) and numbers, "
                "not the name '{name}'."), param=param, name=node.id)
        return
    children = _children(node)
    if children is None:
        raise _refuse(QT_TRANSLATE_NOOP(
            "Formula", "A learning-rate lambda cannot use '{what}': only numbers, its epoch, "
            "arithmetic, comparisons, min, max, abs, round and math's functions."),
            what=ast.unparse(node)[:60])
    for child in children:
        _check(child, param, depth + 1)


def _children(node):
    """The operands of an allowed operation ``node``; None when it is not one."""
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        return [node.left, node.right]
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        return [node.operand]
    if isinstance(node, ast.Compare) and all(type(op) in _COMPARE for op in node.ops):
        return [node.left, *node.comparators]
    if isinstance(node, ast.IfExp):
        return [node.test, node.body, node.orelse]
    if _math_constant(node) is not None:
        return []
    if isinstance(node, ast.Call) and not node.keywords and node.args and \
            not any(isinstance(a, ast.Starred) for a in node.args) and \
            _callee(node.func) is not None:
        return list(node.args)
    return None


def _math_constant(node):
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
            node.value.id == "math" and node.attr in _MATH_CONSTANTS:
        return _MATH_CONSTANTS[node.attr]
    return None


def _callee(func):
    if isinstance(func, ast.Name):
        return _BUILTINS.get(func.id)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
            func.value.id == "math":
        return _MATH_FUNCTIONS.get(func.attr)
    return None


def uses_math(text):
    """Whether the (checked) lambda ``text`` uses ``math``: its script imports it."""
    return any(isinstance(n, ast.Name) and n.id == "math"
               for n in ast.walk(parse_formula(text)))


def formula_function(text):
    """The lambda ``text`` as a function of the epoch, computing as Python would (a list
    of lambdas: a list of such functions); ``FormulaError`` in words when the text is not
    one or when a step fails (a number too large, a division by zero)."""
    tree = parse_formula(text)
    if isinstance(tree, ast.List):
        return [_function(t, ast.unparse(t)) for t in tree.elts]
    return _function(tree, text)


def _function(tree, text):
    param = tree.args.args[0].arg

    def lr_lambda(epoch):
        try:
            return _value(tree.body, param, epoch)
        except (ArithmeticError, ValueError) as exc:
            raise _refuse(QT_TRANSLATE_NOOP(
                "Formula", "The learning-rate lambda {text} failed at epoch {epoch}: "
                "{error}."), text=text.strip(), epoch=epoch, error=exc) from None
    return lr_lambda


def _value(node, param, epoch):
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return epoch
    if isinstance(node, ast.BinOp):
        left, right = _value(node.left, param, epoch), _value(node.right, param, epoch)
        if isinstance(node.op, ast.Pow) and isinstance(left, int) and \
                isinstance(right, int) and left.bit_length() * abs(right) > _MAX_BITS:
            raise OverflowError(f"{left} ** {right} is too large")
        return _BINARY[type(node.op)](left, right)
    if isinstance(node, ast.UnaryOp):
        return _UNARY[type(node.op)](_value(node.operand, param, epoch))
    if isinstance(node, ast.Compare):
        left = _value(node.left, param, epoch)
        for op, right_node in zip(node.ops, node.comparators):
            right = _value(right_node, param, epoch)
            if not _COMPARE[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.IfExp):
        chosen = node.body if _value(node.test, param, epoch) else node.orelse
        return _value(chosen, param, epoch)
    constant = _math_constant(node)
    if constant is not None:
        return constant
    return _callee(node.func)(*(_value(a, param, epoch) for a in node.args))
