"""Hooks that keep what they see (part of the tracing child): ``y.register_hook(lambda g:
grads.append(g))``, a ``def`` whose one statement is ``store[name] = g.clone()``, the
closure a ``def save(name)`` returns. Such a hook is a ``keep_grad`` node on its tensor
holding the kept expression in ``grad`` (``gradstudio.hook_text``'s language, a final
``.item()`` allowed) and the list it keeps into; a kept tensor the script uses later
(prints, computes with) is a ``kept_grad`` node, ``grads[k]``, computed at the step where the
script uses it (after the backward that kept it), as ``x.grad`` is. The script's container is the script's own
bookkeeping: the trace knows a kept tensor by its identity, whatever dict or list holds it.

The hook the script registered still runs (its container fills as before); the tracer
reads what it stored back from the container, evaluated in the hook's own names. A list
whose hook kept a value while nothing was drawn (in a recorded part) is no longer the
graph's: a value of it used later is recorded.

Imports only the engine's public API, ``gradstudio.hook_text`` and its siblings.
"""
import ast

from gradstudio.hook_text import check_list_name, parse_keep
from gradstudio.words import QT_TRANSLATE_NOOP

from .values import TraceError, _Record

__all__ = ["keep_form", "keep_hook", "keeping_wrapper", "kept_node", "Kept", "RenameGrad"]

NOT_THE_GRAPHS = QT_TRANSLATE_NOOP(
    "TraceRefusal", "a value a hook kept is used here, but the hook also kept values while "
    "the graph was not drawn, so the graph cannot say which one it is")


KEEPS_OTHER = QT_TRANSLATE_NOOP(
    "TraceRefusal", "this hook keeps {what}, which cannot be drawn yet ({error}); a hook "
    "that keeps an expression of its gradient, such as grads.append(grad.clone()), is drawn")


class Kept:
    """A recorder's state of the hooks that keep, and of modules' backward hooks
    (``Recorder.kept``)."""

    def __init__(self):
        self.values = {}        # id(a kept tensor) -> (the list, its place there)
        self.lists = {}         # id(a script's container) -> (the list's name, it)
        self.counts = {}        # the list's name -> how many values it kept so far
        self.broken = set()     # lists that kept a value while nothing was drawn
        self.module_hooks = {}  # id(module) -> (it, the records its drawn backward hooks
        #                         make on each call's output: ``module_hooks``)
        self.hook_side = None   # (side, those records) while a hooked module's call sets up
        self.input_calls = {}   # id(those records) -> the drawn calls of hooks reading
        #                         grad_input not run yet (``module_hooks._wrapper``)
        self.collecting = {}    # id(a list a loop fills) -> its ``collect.Collecting``


class RenameGrad(ast.NodeTransformer):
    """A hook's parameter renamed ``grad``, as the hook language names the gradient
    (another variable called ``grad`` becomes ``grad_``)."""

    def __init__(self, param):
        self.param = param

    def visit_Name(self, node):
        if node.id == self.param:
            return ast.copy_location(ast.Name("grad", ast.Load()), node)
        if node.id == "grad":       # (another variable called grad: not the gradient)
            return ast.copy_location(ast.Name("grad_", ast.Load()), node)
        return node


def _plain(node, param):
    """Whether ``node`` (a container or key) is names, attributes, subscripts and
    constants only, without the hook's parameter: reading it runs nothing."""
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and n.id == param:
            return False
        if not isinstance(n, (ast.Name, ast.Attribute, ast.Subscript, ast.Constant,
                              ast.Load)):
            return False
    return True


def keep_form(node):
    """``(container, key, kept text)`` when the hook ``node`` (its lambda or def)
    keeps what it sees (``key`` None for an append), else None; TraceError when it keeps
    something the graph cannot compute (``grads.append(g.numpy())``)."""
    param = node.args.args[0].arg
    if isinstance(node, ast.Lambda):
        stmt = ast.Expr(node.body)
    else:
        stmts = node.body
        if stmts and isinstance(stmts[0], ast.Expr) and isinstance(stmts[0].value, ast.Constant):
            stmts = stmts[1:]                           # (a docstring)
        if len(stmts) != 1:
            return None
        stmt = stmts[0]
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and \
            isinstance(stmt.value.func, ast.Attribute) and stmt.value.func.attr == "append" \
            and len(stmt.value.args) == 1 and not stmt.value.keywords:
        container, key, value = stmt.value.func.value, None, stmt.value.args[0]
    elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and \
            isinstance(stmt.targets[0], ast.Subscript):
        container, key, value = stmt.targets[0].value, stmt.targets[0].slice, stmt.value
    else:
        return None
    if not _plain(container, param) or (key is not None and not _plain(key, param)):
        return None
    text = ast.unparse(RenameGrad(param).visit(value))
    try:
        parse_keep(text)
    except ValueError as exc:
        raise TraceError(KEEPS_OTHER, what=text, error=str(exc)) from None
    return container, key, text


def _namespace(fn):
    names = dict(fn.__globals__)
    for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
        try:
            names[name] = cell.cell_contents
        except ValueError:            # (a cell not yet filled)
            pass
    return names


def _list_name(rec, container, obj):
    """The name of the list the graph keeps into for the script's container ``obj``:
    one list per container, named after it (``grads``; a dict ``store`` keeps into
    ``store_values``)."""
    lists = rec.kept.lists
    if id(obj) in lists:
        return lists[id(obj)][0]
    base = container.id if isinstance(container, ast.Name) else \
        container.attr if isinstance(container, ast.Attribute) else "kept"
    base = base.strip("_") or "kept"
    if not isinstance(obj, list):
        base += "_values"
    taken = {name for name, _ in lists.values()}
    name, n = base, 2
    while name in taken:
        name, n = f"{base}_{n}", n + 1
    try:
        check_list_name(name)
    except ValueError:
        name = "kept"
    lists[id(obj)] = (name, obj)          # (the container kept alive: ids stay unique)
    rec.kept.counts.setdefault(name, 0)
    return name


def keep_hook(rec, func, t, hook, form, accumulated=False):
    """``t.register_hook(hook)`` where ``hook`` keeps what it sees (``form``, from
    ``keep_form``): a ``keep_grad`` node, and the script's hook wrapped so that each
    tensor it keeps is known by the list and place it has in the graph's list."""
    kept, into = keeping_wrapper(rec, hook, form)
    rec.node_index(t)
    rec.quiet += 1
    try:
        handle = func(t, kept)
    finally:
        rec.quiet -= 1
    params = {"keep": form[2], "into": into}
    if accumulated:             # (register_post_accumulate_grad_hook: it reads p.grad)
        params["accumulated"] = True
    rec.emit(_Record("keep_grad", params, {"self": t}, t, alias=True))
    rec.nodes[rec.node_of[id(t)]]["keep"] = True   # (drawn even when nothing reads it after)
    return handle


def keeping_wrapper(rec, hook, form):
    """``(wrapper, list name)``: the script's keeping ``hook`` (``form``) wrapped so that
    the tensor it keeps at each call is known by its list and place there."""
    container, key, text = form
    code = compile(ast.Expression(container), rec.filename, "eval")
    key_code = None if key is None else compile(ast.Expression(key), rec.filename, "eval")
    obj = eval(code, _namespace(hook))          # (names only: runs nothing of its own)
    into = _list_name(rec, container, obj)

    def kept(*args):
        out = hook(*args)
        box = eval(code, _namespace(hook))
        value = box[-1] if key_code is None else box[eval(key_code, _namespace(hook))]
        call = rec.kept.counts[into]
        rec.kept.counts[into] = call + 1
        if rec.action_lines is None or rec.cut is not None:
            rec.kept.broken.add(into)          # (kept while nothing was drawn)
        elif rec.is_tensor(value):
            rec.kept.values[id(value)] = (into, call)
            rec.keep.append(value)
        return out
    return kept, into


def kept_node(rec, t):
    """The ``kept_grad`` node of the kept tensor ``t``, computed at this moment of the
    timeline (after the backward that kept it)."""
    into, call = rec.kept.values[id(t)]
    if into in rec.kept.broken:
        raise TraceError(NOT_THE_GRAPHS)
    # (read where the script uses it: after the backward that kept it, the list's entry
    # is what it was then; one changed in place since is the check's to find)
    return rec._commit(_Record("kept_grad", {"into": into, "call": call}, {}, t))
