"""The text of a gradient hook: what ``x.register_hook(lambda grad: ...)`` returns,
written as an expression of ``grad`` (``grad * 10``, ``grad.clamp(-1.0, 1.0)``,
``-grad``, ``grad / (grad.norm() + 1e-6)``).

A document holds hooks as text, so the language is small and checked: the name ``grad``,
numbers, ``+ - * / **``, unary ``-``, parentheses, and calls of a few tensor methods
with numbers or such expressions as arguments (``HOOK_METHODS``). Nothing else is a
name, an attribute or a call, so a hook read from a file or typed in the inspector can
compute a new gradient and nothing more. It is evaluated by walking its tree (never
``eval``); ``hook_code`` is how the exported script writes it.

A hook may instead print: ``print("grad of h:", grad)``, its arguments strings, numbers
or such expressions, their ``.shape`` and ``.item()``, and f-strings of them with a format
spec (``print(f"norm {grad.norm().item():.4f}")``). It changes no gradient (it returns None, as ``print`` does) and
writes its line, as ``print`` would, to the list a ``printing(lines)`` block collects;
outside one the line goes nowhere (never to the app's own output).

A hook may instead *keep* what it sees (``grads.append(g)``, ``store[name] = g``, the
hooks students write to look at gradients later): its text is then the expression it
keeps (``grad``, ``grad.clone()``, ``grad.norm().item()``: a hook's expression, a final
``.item()`` allowed), appended to a list of the program named by the node
(``keep_function``, ``keep_code``). A run's lists live in the block ``keeping(lists)``
that was open when the hook was registered; ``kept(into, call)`` reads one back. A hook
the program removes again has a handle name (``h = y.register_hook(...)``, later
``h.remove()``): ``hold_handle`` keeps the handle under it in the same block,
``remove_handle`` removes it.

Shared by the document (the ``register_hook``, ``keep_grad`` and ``kept_grad`` kinds)
and the tracer (which reads a script's lambda into this text); imports nothing of either.
"""
import keyword
import ast
import operator

from gradstudio.words import translate

__all__ = ["HOOK_METHODS", "MAX_HOOK_TEXT", "parse_hook", "hook_function", "hook_code",
           "hook_prints", "is_print", "printing", "say", "is_open_line", "parse_keep",
           "check_list_name", "keep_function", "keep_code", "keeping", "kept", "hold_handle",
           "remove_handle", "accumulated_code", "collect_into", "collected_values"]

MAX_HOOK_TEXT = 500       # characters
_MAX_DEPTH = 30           # nested operations

# methods a hook may call on a tensor (by keyword too: clamp(min=..., max=...))
HOOK_METHODS = frozenset({
    "clamp", "clip", "abs", "sign", "neg", "sqrt", "exp", "log", "tanh", "sigmoid", "relu",
    "mul", "div", "add", "sub", "pow", "norm", "sum", "mean", "max", "min", "clone",
    "nan_to_num", "round", "square", "detach"})

_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.Div: operator.truediv, ast.Pow: operator.pow}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos}


def parse_hook(text):
    """The checked expression tree of ``text``; ValueError in words when it is not a
    hook GradStudio can hold."""
    if not isinstance(text, str):
        raise ValueError(translate("Hook", "a hook is text such as grad * 10"))
    if len(text) > MAX_HOOK_TEXT:
        raise ValueError(translate(
                "Hook", "a hook is at most {MAX_HOOK_TEXT} characters").format(
                MAX_HOOK_TEXT=MAX_HOOK_TEXT))
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        raise ValueError(translate(
                "Hook", "'{text}' is not an expression such as grad * 10").format(
                text=_short(text))) from None
    if is_print(tree.body):
        if tree.body.keywords:
            raise ValueError(translate(
                    "Hook", "a hook's print takes its values one by one, without sep= or end="))
        for a in tree.body.args:
            if not (isinstance(a, ast.Constant) and type(a.value) is str):
                _check_printed(a, 1)
    else:
        _check(tree.body, 0)
    return tree


def is_print(node):
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
        node.func.id == "print"


def hook_prints(text):
    """Whether the hook ``text`` (already checked) prints rather than computes."""
    return is_print(parse_hook(text).body)


_LINES = []         # the lists of the open ``printing`` blocks, innermost last


class _Partial(str):
    """The end of a printed line still open (``print(..., end="")``)."""


def is_open_line(line):
    """Whether ``line``, of the lines a ``printing`` block collected, is the start of a
    line left open (its print's ``end`` had no newline): written out, no newline follows
    it."""
    return isinstance(line, _Partial)


def say(text):
    """Writes ``text`` (what one ``print`` call printed, its ``end`` included) to the
    innermost ``printing`` block, as lines (a line still open is continued by the next
    text said in the same block)."""
    if not _LINES:
        return
    lines = _LINES[-1]
    if lines and isinstance(lines[-1], _Partial):
        text = lines.pop() + text
    *full, rest = text.split("\n")
    lines.extend(full)
    if rest:
        lines.append(_Partial(rest))


class printing:
    """Collects the lines printing hooks write while the block runs into ``lines``."""

    def __init__(self, lines):
        self.lines = lines

    def __enter__(self):
        _LINES.append(self.lines)
        return self.lines

    def __exit__(self, *exc):
        _LINES.pop()
        return False


def _check_printed(node, depth):
    """What a print may show besides such expressions: ``x.shape``, ``x.item()`` and
    f-strings of them with a format spec (``f"{grad.norm().item():.4f}"``)."""
    if isinstance(node, ast.JoinedStr):
        for v in node.values:
            if isinstance(v, ast.Constant):
                continue
            spec = v.format_spec
            if v.conversion != -1 or (spec is not None and not all(
                    isinstance(p, ast.Constant) for p in spec.values)):
                raise ValueError(translate(
                        "Hook", "a hook's f-string shows values with a format such as "
                        ":.4f, nothing more"))
            if not (isinstance(v.value, ast.Constant) and type(v.value.value) is str):
                _check_printed(v.value, depth + 1)
        return
    if isinstance(node, ast.Attribute) and node.attr == "shape":
        _check(node.value, depth + 1)
        return
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
            node.func.attr == "item" and not node.args and not node.keywords:
        _check(node.func.value, depth + 1)
        return
    _check(node, depth)


def _check(node, depth):
    if depth > _MAX_DEPTH:
        raise ValueError(translate(
                "Hook", "a hook nests at most {MAX_DEPTH} operations").format(
                MAX_DEPTH=_MAX_DEPTH))
    if isinstance(node, ast.Name):
        if node.id != "grad":
            raise ValueError(translate(
                    "Hook", "a hook computes from grad and numbers only, not '{id}'").format(
                    id=node.id))
        return
    if isinstance(node, ast.Constant):
        if type(node.value) not in (int, float):
            raise ValueError(translate(
                    "Hook", "a hook uses numbers only, not {value!r}").format(
                    value=node.value))
        return
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        _check(node.left, depth + 1)
        _check(node.right, depth + 1)
        return
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        _check(node.operand, depth + 1)
        return
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr not in HOOK_METHODS:
            raise ValueError(translate(
                    "Hook", "a hook cannot call {attr}: only tensor methods such as clamp, "
                    "abs, sign, mul and norm").format(
                    attr=node.func.attr))
        _check(node.func.value, depth + 1)
        for a in node.args:
            _check(a, depth + 1)
        for k in node.keywords:
            if k.arg is None:
                raise ValueError(translate(
                        "Hook", "a hook's calls name their arguments one by one"))
            _check(k.value, depth + 1)
        return
    raise ValueError(translate(
            "Hook", "'{value}' cannot be part of a hook: use grad, numbers, + - * / ** and "
            "tensor methods such as clamp").format(
            value=_short(ast.unparse(node))))


def hook_function(text):
    """``fn(grad)``: the hook ``text`` computes, by walking its checked tree."""
    body = parse_hook(text).body
    if is_print(body):
        def hook(grad):
            line = " ".join(a.value if isinstance(a, ast.Constant) and type(a.value) is str
                            else str(_evaluate(a, grad)) for a in body.args)
            if _LINES:              # (outside any block the line goes nowhere)
                _LINES[-1].append(line)
            return None
    else:
        def hook(grad):
            return _evaluate(body, grad)
    hook.__qualname__ = hook.__name__ = "hook"
    return hook


def _evaluate(node, grad):
    if isinstance(node, ast.Name):
        return grad
    if isinstance(node, ast.JoinedStr):       # (a print's f-string)
        return "".join(v.value if isinstance(v, ast.Constant) else format(
            _evaluate(v.value, grad), "" if v.format_spec is None else
            "".join(p.value for p in v.format_spec.values)) for v in node.values)
    if isinstance(node, ast.Attribute):       # (a print's x.shape)
        return _evaluate(node.value, grad).shape
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.BinOp):
        a, b = _evaluate(node.left, grad), _evaluate(node.right, grad)
        if type(node.op) is ast.Pow and isinstance(a, int) and isinstance(b, int):
            a, b = float(a), float(b)     # (10 ** 10 ** 10 overflows, not fills memory)
        return _BINARY[type(node.op)](a, b)
    if isinstance(node, ast.UnaryOp):
        return _UNARY[type(node.op)](_evaluate(node.operand, grad))
    target = getattr(_evaluate(node.func.value, grad), node.func.attr)
    return target(*(_evaluate(a, grad) for a in node.args),
                  **{k.arg: _evaluate(k.value, grad) for k in node.keywords})


def hook_code(text):
    """The hook as the exported script passes it: ``lambda grad: grad * 10``."""
    return f"lambda grad: {ast.unparse(parse_hook(text).body)}"   # (print(...) too)


def _short(text, n=40):
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[:n - 1] + "…"


# ------------------------------------------------------------------ hooks that keep
def parse_keep(text):
    """The checked expression a keeping hook appends (``grad.clone()``; a final
    ``.item()`` allowed); ValueError in words when GradStudio cannot hold it."""
    if isinstance(text, str):
        inner = text.strip()
        if inner.endswith(".item()"):
            inner = inner[:-len(".item()")]
        tree = parse_hook(inner)
        if not is_print(tree.body):
            return tree
    raise ValueError(translate(
            "Hook", "a kept value is an expression of grad such as grad.clone()"))


def check_list_name(name):
    """``name`` when it can name the list a hook keeps into (``grads``); ValueError."""
    if not isinstance(name, str) or not name.isidentifier() or keyword.iskeyword(name) \
            or name.startswith("_") or name in ("torch", "print") or len(name) > 60:
        raise ValueError(translate(
                "Hook", "the list a hook keeps into has a Python name such as grads"))
    return name


_KEPT = []          # the lists of the open ``keeping`` blocks (a run's), innermost last


class keeping:
    """The block of one run: the hooks registered in it keep into ``lists`` (name ->
    list), which ``kept`` reads while it is open."""

    def __init__(self, lists):
        self.lists = lists

    def __enter__(self):
        _KEPT.append(self.lists)
        return self.lists

    def __exit__(self, *exc):
        _KEPT.pop()
        return False


def keep_function(text, into):
    """``fn(grad)`` appending what ``text`` computes of ``grad`` to the list ``into`` of
    the open ``keeping`` block (outside any, to a list of its own)."""
    keep = text.strip()
    item = keep.endswith(".item()")
    body = parse_keep(keep).body
    lists = _KEPT[-1] if _KEPT else {}
    kept_into = lists.setdefault(check_list_name(into), [])

    def hook(grad):
        value = _evaluate(body, grad)
        kept_into.append(value.item() if item else value)
        return None
    hook.__qualname__ = hook.__name__ = "hook"
    return hook


def kept(into, call):
    """What the list ``into`` of the open ``keeping`` block holds at ``call``; None when
    its hooks have not kept that many values (yet)."""
    values = _KEPT[-1].get(into, ()) if _KEPT else ()
    return values[call] if 0 <= call < len(values) else None


def collect_into(into, value):
    """Appends ``value`` to the list ``into`` of the open ``keeping`` block (a ``collect``
    node: ``losses.append(loss.item())``); outside any block, nothing."""
    if _KEPT:
        _KEPT[-1].setdefault(into, []).append(value)


def collected_values(into):
    """The values the list ``into`` of the open ``keeping`` block holds (a copy)."""
    return list(_KEPT[-1].get(into, ())) if _KEPT else []


def keep_code(text, into):
    """The keeping hook as the exported script passes it:
    ``lambda grad: grads.append(grad.clone())``."""
    parse_keep(text)
    return f"lambda grad: {check_list_name(into)}.append({text.strip()})"


_HANDLES = " handles"       # (the block's key of its handles: never a list's name)


def hold_handle(name, handle):
    """Keeps ``handle`` under ``name`` in the open ``keeping`` block (a name bound again
    holds the later handle, as a variable of the script does)."""
    if name is not None and _KEPT:
        _KEPT[-1].setdefault(_HANDLES, {})[check_list_name(name)] = handle


def remove_handle(name):
    """Removes the hook whose handle is held under ``name`` in the open block; False when
    there is none."""
    handle = _KEPT[-1].get(_HANDLES, {}).get(name) if _KEPT else None
    if handle is None:
        return False
    handle.remove()
    return True


class _OnParam(ast.NodeTransformer):
    def visit_Name(self, node):
        if node.id == "grad":
            return ast.copy_location(ast.Attribute(ast.Name("p", ast.Load()), "grad",
                                                   ast.Load()), node)
        return node


def accumulated_code(code):
    """A hook's lambda (``lambda grad: print(grad)``, from ``hook_code`` or
    ``keep_code``) as ``register_post_accumulate_grad_hook`` takes it: a function of the
    tensor whose ``.grad`` it reads (``lambda p: print(p.grad)``)."""
    body = ast.parse(code, mode="eval").body.body
    return f"lambda p: {ast.unparse(_OnParam().visit(body))}"
