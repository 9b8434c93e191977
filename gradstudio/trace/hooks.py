"""Gradient hooks in a traced script (part of the tracing child): ``y.register_hook(fn)``
is a ``register_hook`` node when ``fn`` is a function of the script that returns an
expression of its gradient and numbers (``lambda grad: grad * 10``, or a ``def`` whose
body is one ``return``) or prints (``lambda g: print("g:", g)``, or a ``def`` whose body
is that one ``print``), read from the script's text into ``gradstudio.hook_text``'s
language, its parameter renamed ``grad`` (the strings and numbers a factory's closure
holds written as constants: ``inline_cells``). A hook that keeps what it sees is a
``keep_grad`` node (``keeping``); ``register_post_accumulate_grad_hook`` printing
``p.grad`` a ``post_accumulate_hook`` node; ``handle.remove()`` a ``remove_hook`` step.

Anything else (a hook that reads another variable or is a built-in such as ``print``
itself) is refused in one sentence, and so recorded: the graph could only show a
different program.

Imports only the engine's public API, ``gradstudio.hook_text`` and its siblings.
"""
import ast
import copy
import textwrap

from gradstudio.hook_text import hook_function, hook_prints, is_print, parse_hook, printing
from gradstudio.words import QT_TRANSLATE_NOOP, Said

from gradstudio.timeline import ACTIONS, Seen, traced

from .cut import tick
from .keeping import RenameGrad, keep_form, keep_hook
from .values import TraceError, _Record

__all__ = ["register_hook", "function_node", "def_block", "inline_cells"]

HOW = QT_TRANSLATE_NOOP("TraceRefusal",
    "a hook can be drawn when it is a lambda or function of the script returning an "
    "expression of its gradient and numbers, such as lambda grad: grad * 10, or printing "
    "them, such as lambda grad: print(grad)")
_HOW = Said(TraceError.CONTEXT, HOW)            # (a field of the refusals: translated too)
# a print made during a backward step by a hook the graph does not hold (registered in a
# recorded part, a module's backward hook, a post-accumulate hook): that step is recorded
UNDRAWN_HOOK_PRINTS = QT_TRANSLATE_NOOP(
    "TraceRefusal", "a hook the graph does not hold printed during this step")
HOOK_KINDS = ("register_hook", "keep_grad", "post_accumulate_hook")
POST_READS_TENSOR = QT_TRANSLATE_NOOP(
    "TraceRefusal", "a hook run after the gradient is accumulated "
    "(register_post_accumulate_grad_hook) can be drawn when it prints p.grad or keeps an "
    "expression of it, such as lambda p: print(p.grad); this one does more")     # the nodes whose hook has a handle
NOT_FOUND = QT_TRANSLATE_NOOP("TraceRefusal",
                              "this hook's text was not found in the script; {how}")


class _Handle:
    """The hook's handle, handed to the script: ``handle.remove()`` is a ``remove_hook``
    step naming the hook's node, which gets the handle a name (the script's own when a
    variable of it holds the handle). Inside a recorded part the hook is only removed;
    a later backward the graph's hook would then change is found by the trace's check."""

    def __init__(self, rec, handle, node):
        self._rec = rec
        self._handle = handle
        self._node = node

    def remove(self):
        rec = self._rec
        tick(rec)                      # (an event of the script's own)
        if rec.cut is None and not rec.quiet and len(rec.frames) == 1:
            params = rec.nodes[self._node]["params"]
            name = params.get("handle") or _handle_name(rec, self)
            params["handle"] = name
            rec.action(*traced("handle.remove()", Seen(self._node, (name,))))
            self._handle.remove()
            rec.action_done()
            return
        self._handle.remove()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


def _handle_name(rec, handle):
    """A name for ``handle`` no other hook's handle has: the script variable's holding it
    (``h``), else ``handle``."""
    taken = {n["params"].get("handle") for n in rec.nodes if n["kind"] in HOOK_KINDS}
    base = next((k for k, v in rec.namespace.items() if v is handle and k.isidentifier()
                 and not k.startswith("_")), "handle")
    name, n = base, 2
    while name in taken or name in ("torch", "print"):
        name, n = f"{base}_{n}", n + 1
    return name


def register_hook(rec, func, t, hook):
    """``t.register_hook(hook)`` made by the script: a ``register_hook`` node."""
    form = _keeping(hook, rec)
    if form is not None:
        before = rec.node_index(t)
        handle = keep_hook(rec, func, t, hook, form)
        registered_late(rec, before, rec.node_of[id(t)])
        return _Handle(rec, handle, rec.node_of[id(t)])
    text = hook_text(hook, rec.source, rec.filename)
    before = rec.node_index(t)     # (its node before the hook)
    if hook_prints(text):
        hook = _printing_hook(rec, text)
    rec.quiet += 1
    try:
        handle = func(t, hook)
    finally:
        rec.quiet -= 1
    rec.emit(_Record("register_hook", {"hook": text}, {"self": t}, t, alias=True))
    rec.nodes[rec.node_of[id(t)]]["keep"] = True   # (drawn even when nothing reads it after)
    registered_late(rec, before, rec.node_of[id(t)])
    return _Handle(rec, handle, rec.node_of[id(t)])


def registered_late(rec, before, i):
    """Hook node ``i`` of a tensor (node ``before``) a backward pass already went through
    (``y.backward(); x.register_hook(...)``) is registered at the step it came after
    (a ``compute`` step: ``late``), not in the forward pass, where the earlier backward
    would see it; what is computed from it after comes with it."""
    if "late" not in rec.nodes[i] and any(
            a["after"] > before and (ACTIONS[a["kind"]].target or ACTIONS[a["kind"]].walk)
            for a in rec.actions):
        rec.nodes[i]["late"] = rec.last_uid()


def register_post_accumulate_hook(rec, func, t, hook):
    """``t.register_post_accumulate_grad_hook(hook)`` made by the script, ``hook`` reading
    ``p.grad``: a ``post_accumulate_hook`` node when it prints, a ``keep_grad`` node
    (``accumulated``) when it keeps; TraceError else."""
    node = copy.deepcopy(function_node(_script_code(hook, rec.filename), rec.source))
    node = inline_cells(node, hook)
    on = _AccumulatedGrad(node.args.args[0].arg)
    node = on.visit(node)
    node.args.args[0].arg = "grad"
    if on.bare:
        raise TraceError(POST_READS_TENSOR)
    form = keep_form(node)
    if form is not None:
        handle = keep_hook(rec, func, t, hook, form, accumulated=True)
        return _Handle(rec, handle, rec.node_of[id(t)])
    try:
        text = node_text(node)
    except TraceError:
        text = None
    if text is None or not hook_prints(text):
        raise TraceError(POST_READS_TENSOR)
    before = rec.node_index(t)
    fn = hook_function(text)

    def printing_hook(p):
        lines = []
        with printing(lines):
            fn(p.grad)
        rec.hook_printed(lines)
    rec.quiet += 1
    try:
        handle = func(t, printing_hook)
    finally:
        rec.quiet -= 1
    rec.emit(_Record("post_accumulate_hook", {"hook": text}, {"self": t}, t, alias=True))
    rec.nodes[rec.node_of[id(t)]]["keep"] = True
    registered_late(rec, before, rec.node_of[id(t)])
    return _Handle(rec, handle, rec.node_of[id(t)])


class _AccumulatedGrad(ast.NodeTransformer):
    """``p.grad`` -> ``grad`` in a post-accumulate hook of ``p``; ``bare``: it reads ``p``
    otherwise too."""

    def __init__(self, param):
        self.param, self.bare = param, False

    def visit_Attribute(self, node):
        if isinstance(node.value, ast.Name) and node.value.id == self.param and \
                node.attr == "grad":
            return ast.copy_location(ast.Name("grad", ast.Load()), node)
        self.generic_visit(node)
        return node

    def visit_Name(self, node):
        if node.id == self.param:
            self.bare = True
        if node.id == "grad":
            return ast.copy_location(ast.Name("grad_", ast.Load()), node)
        return node


def _printing_hook(rec, text):
    """The hook the script's printing hook stands for, as the document runs it (the same
    line, which the script would print and ``hook_function`` writes), whose lines go to
    the recorder for the check that the graph prints them at the same steps."""
    fn = hook_function(text)

    def hook(grad):
        lines = []
        with printing(lines):
            fn(grad)
        rec.hook_printed(lines)
    return hook


def _keeping(fn, rec):
    """``keeping.keep_form`` of the script's function ``fn`` (a lambda or def of one
    parameter found in the script), or None."""
    code = getattr(fn, "__code__", None)
    if code is None or code.co_filename != rec.filename or code.co_argcount != 1 or \
            code.co_kwonlyargcount or code.co_flags & 0x0C:
        return None
    try:
        node = function_node(code, rec.source)
    except TraceError:
        return None
    return keep_form(node)


def hook_text(fn, source, filename):
    """The hook text of the script's function ``fn``; TraceError when it has none."""
    return node_text(inline_cells(function_node(_script_code(fn, filename), source), fn))


class _Cells(ast.NodeTransformer):
    def __init__(self, values):
        self.values = values

    def visit_Name(self, node):
        if node.id in self.values:
            return ast.copy_location(ast.Constant(self.values[node.id]), node)
        return node

    def visit_JoinedStr(self, node):
        """An f-string's field that became a constant is written into its text
        (``f"{name}: ..."`` → ``f"layer0: ..."``): Python 3.12 would write the constant
        inside the field with the f-string's own quotes, which 3.11 cannot read."""
        self.generic_visit(node)
        parts = []
        for part in node.values:
            if isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Constant) \
                    and part.format_spec is None and part.conversion in (-1, 115, 114):
                v = part.value.value
                part = ast.Constant(repr(v) if part.conversion == 114 else str(v))
            if parts and isinstance(part, ast.Constant) and isinstance(parts[-1], ast.Constant):
                parts[-1] = ast.Constant(parts[-1].value + part.value)
            else:
                parts.append(part)
        node.values = parts
        return node


def inline_cells(node, fn):
    """``node`` (the lambda or def of ``fn``) with each name of the function that made
    it holding a string or a number written as that constant: the closure a factory
    returns (``def make(name): return lambda g: print(name, g)``) is that hook."""
    values = {}
    for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
        try:
            value = cell.cell_contents
        except ValueError:
            continue
        if type(value) in (str, int, float, bool):
            values[name] = value
    return _Cells(values).visit(node) if values else node


def _script_code(fn, filename):
    """The code of ``fn``, a function of the script taking one argument; TraceError."""
    code = getattr(fn, "__code__", None)
    if code is None or code.co_filename != filename:
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "this hook ({name}) cannot be drawn yet; "
                                           "{how}"),
                         name=getattr(fn, '__name__', type(fn).__name__), how=_HOW)
    if code.co_argcount != 1 or code.co_kwonlyargcount or code.co_flags & 0x0C:
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "a hook taking other arguments than the "
                                           "gradient cannot be drawn yet; {how}"), how=_HOW)
    return code


def node_text(node):
    """The hook text of the lambda or def ``node`` of one parameter; TraceError."""
    param = node.args.args[0].arg
    if isinstance(node, ast.Lambda):
        body = node.body
    else:
        stmts = node.body
        if stmts and isinstance(stmts[0], ast.Expr) and isinstance(stmts[0].value, ast.Constant):
            stmts = stmts[1:]                           # (a docstring)
        one = stmts[0] if len(stmts) == 1 else None
        if isinstance(one, ast.Return) and one.value is not None:
            body = one.value
        elif isinstance(one, ast.Expr) and is_print(one.value):
            body = one.value
        else:
            raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "a hook whose body is more than one return "
                                               "or print cannot be drawn yet; {how}"),
                             how=_HOW)
    renamed = RenameGrad(param).visit(body)
    text = ast.unparse(renamed)
    try:
        parse_hook(text)
    except ValueError as exc:
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "this hook cannot be drawn yet ({error}); "
                                           "{how}"), error=str(exc), how=_HOW) from None
    return text


def function_node(code, source):
    """The one lambda or def of ``source`` that compiled to ``code``."""
    lines = source.split("\n")
    if code.co_name != "<lambda>":
        return _def_node(code, lines)
    return _lambda_node(code, lines)


def _def_node(code, lines):
    """A ``def``: its line (after any decorators) and the lines indented under it."""
    start = code.co_firstlineno
    while start <= len(lines) and lines[start - 1].lstrip().startswith("@"):
        start += 1
    if start > len(lines):
        raise TraceError(NOT_FOUND, how=_HOW)
    tree = def_block(lines, start)
    if tree is None or not tree.body or not isinstance(tree.body[0], ast.FunctionDef) or \
            tree.body[0].name != code.co_name or \
            len(tree.body[0].args.args) != code.co_argcount:
        raise TraceError(NOT_FOUND, how=_HOW)
    return tree.body[0]


def def_block(lines, start):
    """The parsed module of the ``def`` at line ``start`` of ``lines`` and the lines
    indented under it, or None when they do not parse."""
    head = lines[start - 1]
    indent = len(head) - len(head.lstrip())
    end = start
    while end < len(lines) and (not lines[end].strip() or
                                len(lines[end]) - len(lines[end].lstrip()) > indent):
        end += 1
    try:
        return ast.parse(textwrap.dedent("\n".join(lines[start - 1:end])))
    except SyntaxError:
        return None


def _lambda_node(code, lines):
    """A lambda: the smallest span of lines around its first line that parses, searched a
    few lines each way."""
    first = code.co_firstlineno
    for back in range(0, 6):
        for ahead in range(1, 40):
            start = first - back
            if start < 1 or start - 1 + ahead > len(lines):
                continue
            snippet = textwrap.dedent("\n".join(lines[start - 1:start - 1 + ahead]))
            try:
                tree = ast.parse(snippet)
            except SyntaxError:
                continue
            found = [n for n in ast.walk(tree)
                     if isinstance(n, ast.Lambda) and n.lineno == back + 1]
            if len(found) == 1 and len(found[0].args.args) == code.co_argcount:
                return found[0]
            if found:
                raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "several functions on one line: this "
                                                   "hook cannot be drawn yet; {how}"),
                                 how=_HOW)
    raise TraceError(NOT_FOUND, how=_HOW)
