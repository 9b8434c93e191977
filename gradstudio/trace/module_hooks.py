"""A module's backward hooks in a traced script (part of the tracing child):
``layer.register_full_backward_hook(fn)`` and ``register_full_backward_pre_hook(fn)`` whose
``fn`` prints ``grad_output[0]`` (``print("grad out:", grad_output[0].norm())``) or keeps
it (``grads.append(grad_output[0].detach())``), and reads nothing else of its arguments;
and a full backward hook that reads ``grad_input[0]`` and nothing else: printing it,
keeping it, or returning a new one (``return (grad_input[0] * 0.5,)``).

Each call of the module is then drawn as its own operations, its output carrying a hook
of the graph's: a ``register_hook`` node that prints, or a ``keep_grad`` node; the
identity Function torch runs a hooked module's inputs and outputs through
(``BackwardHookFunction``) is not drawn. The graph's hook runs when the gradient of the
module's output arrives; PyTorch's full hook runs when the gradients of the module's
inputs are computed, just after: what they print and keep is the same, and the trace's
check compares the lines each backward step prints, in order. A hook reading
``grad_input[0]`` sits on a copy of the module's one input (``h_2 = h.clone()``, which
the module's operations then take): its gradient is ``grad_input[0]``, the part that
reaches the input through this call only, as PyTorch's identity Function gives it, and a
gradient the hook returns is what flows on to the input. A def of several prints, those
of ``grad_output[0]`` first, then those of ``grad_input[0]``, is a hook on each side
(PyTorch prints them all at the input, in that order). A hook that reads both otherwise,
or the module, or returns new gradients from ``grad_output``, is recorded, as is every call of
its module (a tensor the module returns prints ``grad_fn=
<BackwardHookFunctionBackward>`` under PyTorch: the check finds that too), and a call
with several input tensors, or none that requires grad, of a module whose hook reads
``grad_input``.

Imports only the engine's public API, ``gradstudio.hook_text`` and its siblings.
"""
import ast
import copy

from gradstudio.hook_text import hook_function, hook_prints, is_print, printing
from gradstudio.words import QT_TRANSLATE_NOOP, Number

from .hooks import function_node, inline_cells, node_text
from .keeping import keep_form, keeping_wrapper
from .recorder_nodes import _value_of
from .values import TraceError, _Record

__all__ = ["register_module_hook", "setting_up", "hook_function_apply"]

MODULE_HOOK = QT_TRANSLATE_NOOP(
    "TraceRefusal", "a module's backward hook ({what}) can be drawn when it prints or "
    "keeps grad_output[0] and reads nothing else; this one does more")
MODULE_HOOK_INPUT = QT_TRANSLATE_NOOP(
    "TraceRefusal", "a module's backward hook ({what}) can be drawn when it prints, keeps "
    "or returns a new grad_input[0] and reads nothing else, or prints or keeps "
    "grad_output[0] and reads nothing else; this one does more")
ONE_INPUT = QT_TRANSLATE_NOOP(
    "TraceRefusal", "a module whose backward hook reads grad_input is called here with "
    "{count} input tensors that require grad; it can be drawn when the module takes one")
LATER_OUTPUT = QT_TRANSLATE_NOOP(
    "TraceRefusal", "a module's backward hook ({what}) that prints grad_input[0] and "
    "grad_output[0] can be drawn when each print reads one of them and grad_output's come "
    "first: the graph prints those when the module's output gradient arrives, before "
    "grad_input's")
CALLED = QT_TRANSLATE_NOOP(
    "TraceRefusal", "a module with a backward hook (register_full_backward_hook or "
    "register_full_backward_pre_hook) is called here, which cannot be drawn yet: the hook "
    "reads or changes gradients during backward")
_SIDES = {"grad_input": "inputs", "grad_output": "outputs"}


class _Grads(ast.NodeTransformer):
    """``grad_output[0]`` or ``grad_input[0]`` -> ``grad`` (``params``: the hook's
    parameters, by role); ``sides`` which were read, ``bare``: the hook reads its
    arguments otherwise."""

    def __init__(self, params):
        self.params, self.sides, self.bare = params, set(), False

    def visit_Subscript(self, node):
        if isinstance(node.value, ast.Name) and node.value.id in self.params and \
                self.params[node.value.id] in _SIDES and \
                isinstance(node.slice, ast.Constant) and node.slice.value == 0:
            self.sides.add(_SIDES[self.params[node.value.id]])
            return ast.copy_location(ast.Name("grad", ast.Load()), node)
        self.generic_visit(node)
        return node

    def visit_Name(self, node):
        if node.id in self.params:
            self.bare = True
        if node.id == "grad":
            return ast.copy_location(ast.Name("grad_", ast.Load()), node)
        return node


def _returned_one(node):
    """``node`` (the hook) returning ``(expr,)``: the same hook returning ``expr`` (the
    hook language's new gradient), else None."""
    if isinstance(node, ast.Lambda):
        body = node.body
    else:
        stmts = [s for s in node.body if not (isinstance(s, ast.Expr) and
                                              isinstance(s.value, ast.Constant))]
        if len(stmts) != 1 or not isinstance(stmts[0], ast.Return):
            return None
        body = stmts[0].value
    if not isinstance(body, ast.Tuple) or len(body.elts) != 1:
        return None
    if isinstance(node, ast.Lambda):
        node.body = body.elts[0]
    else:
        node.body = [ast.Return(body.elts[0])]
    return node


def _form(rec, hook, what, pre):
    """The parts of the script's module hook, ``[(side, kind, form)]``: the side whose
    gradient each reads (``outputs``, ``inputs``), and ``("print", text)``,
    ``("keep", keep_form)`` or, reading ``grad_input``, ``("compute", text)``. A def of
    several prints is a part per print (``print(grad_output[0])`` then
    ``print(grad_input[0])``), those of grad_output first."""
    code = getattr(hook, "__code__", None)
    refusal = MODULE_HOOK if pre else MODULE_HOOK_INPUT
    if code is None or code.co_filename != rec.filename or code.co_kwonlyargcount or \
            code.co_flags & 0x0C or code.co_argcount != (2 if pre else 3):
        raise TraceError(refusal, what=what)
    node = inline_cells(copy.deepcopy(function_node(code, rec.source)), hook)
    names = [a.arg for a in node.args.args]
    roles = ["module", "grad_output"] if pre else ["module", "grad_input", "grad_output"]
    parts = []
    for part in _parts(node):
        on = _Grads(dict(zip(names, roles)))
        part = on.visit(part)
        if on.bare or len(on.sides) != 1:
            raise TraceError(refusal, what=what)
        part.args.args = [ast.arg("grad")]
        parts.append(_part_form(on.sides.pop(), part, refusal, what))
    sides = [side for side, _, _ in parts]
    if len(parts) > 1 and (sides != sorted(sides, key=lambda side: side == "inputs") or
                           any(kind != "print" for _, kind, _ in parts)):
        raise TraceError(LATER_OUTPUT, what=what)
    return parts


def _parts(node):
    """A def whose body is several prints: one copy of it per print; else ``[node]``."""
    if isinstance(node, ast.Lambda):
        return [node]
    body = [k for k, stmt in enumerate(node.body) if not (
        isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))]
    if len(body) < 2 or not all(isinstance(node.body[k], ast.Expr) and
                                is_print(node.body[k].value) for k in body):
        return [node]
    parts = []
    for k in body:
        part = copy.deepcopy(node)
        part.body = [part.body[k]]
        parts.append(part)
    return parts


def _part_form(side, node, refusal, what):
    form = keep_form(node)
    if form is not None:
        return side, "keep", form
    returned = _returned_one(node) if side == "inputs" else None
    try:
        text = node_text(returned or node)
    except TraceError:
        text = None
    if text is None or hook_prints(text) == bool(returned):
        raise TraceError(refusal, what=what)
    return side, "compute" if returned else "print", text


class _ModuleHandle:
    """A module hook's handle: removed, the module's later calls draw it no more (a call
    made before keeps it, as PyTorch's does: the hooks of a call are fixed when it runs)."""

    def __init__(self, rec, handle, drawn, record):
        self._rec, self._handle, self._drawn, self._record = rec, handle, drawn, record

    def remove(self):
        if self._record in self._drawn:
            self._drawn.remove(self._record)
        self._handle.remove()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


def register_module_hook(rec, what, func, args, kwargs):
    """``module.register_full_backward_hook(hook)`` (``what``) made by the script: the
    hook, wrapped, registered; each later call of the module draws it on its output (or,
    reading ``grad_input``, on a copy of its input)."""
    if len(args) != 2 or kwargs:
        raise TraceError(MODULE_HOOK, what=what)
    module, hook = args
    drawn = rec.kept.module_hooks.setdefault(id(module), (module, []))[1]
    records, runs = [], []
    for side, kind, form in _form(rec, hook, what, what.endswith("pre_hook")):
        if kind == "keep":
            keeper, into = keeping_wrapper(rec, hook, form)
            records.append(("keep_grad", {"keep": form[2], "into": into}, side))
            runs.append((side, kind, keeper))
        else:
            records.append(("register_hook", {"hook": form}, side))
            runs.append((side, kind, hook_function(form)))
    record = tuple(records)             # (one registration: its parts' records)
    wrapper = _wrapper(rec, hook, runs, drawn)
    rec.quiet += 1
    try:
        handle = func(module, wrapper)
    finally:
        rec.quiet -= 1
    drawn.append(record)
    return _ModuleHandle(rec, handle, drawn, record)


def _wrapper(rec, hook, runs, drawn):
    """The hook registered in the script's place: it prints into the running step what
    the graph's hooks print (``runs``: each part's side, kind and function), or computes
    the gradient it returns. A hook reading ``grad_input`` of a call not drawn with it
    (``hook_function_apply`` counts those drawn) runs as the script's own, so what it
    prints is a hook the graph does not hold."""
    reads_input = any(side == "inputs" for side, _, _ in runs)

    def wrapper(module, *grads):
        if reads_input:
            calls = rec.kept.input_calls
            if not calls.get(id(drawn)):
                if grads[0][0] is None:     # (no input of the call requires grad)
                    rec.refuse(ONE_INPUT, count=Number(0))
                return hook(module, *grads)
            calls[id(drawn)] -= 1
        lines = []
        for side, kind, fn in runs:
            at = 0 if side == "inputs" else -1    # (grad_input, grad_output): the one read
            if kind == "keep":
                return fn(module, *grads)
            if kind == "compute":
                return (fn(grads[at][0]),)
            with printing(lines):
                fn(grads[at][0])
        rec.hook_printed(lines)
    return wrapper


def setting_up(rec, side, func, args, kwargs):
    """A hooked module's call setting up its inputs or outputs (``side``): the identity
    Function that follows is for that module's hooks, drawn when they all are."""
    if rec.quiet:
        return func(*args, **kwargs)
    backward_hook = args[0]
    drawn = rec.kept.module_hooks.get(id(backward_hook.module), (None, []))[1]
    if len(drawn) != len(backward_hook.user_hooks) + len(backward_hook.user_pre_hooks):
        raise TraceError(CALLED)
    rec.kept.hook_side = (side, drawn)
    rec.quiet += 1                  # (its grad_fn's hooks: the engine's own)
    try:
        return func(*args, **kwargs)
    finally:
        rec.quiet -= 1
        rec.kept.hook_side = None


def hook_function_apply(rec, func, args, kwargs):
    """``BackwardHookFunction.apply(*tensors)`` while a hooked module's call sets up
    (``setting_up``): not drawn; the outputs' tensors carry the module's hooks reading
    ``grad_output``, a copy of the one input tensor those reading ``grad_input``."""
    if rec.kept.hook_side is None:
        if rec.quiet or len(rec.frames) > 1:
            return func(*args, **kwargs)
        raise TraceError(CALLED)
    side, hooks = rec.kept.hook_side
    drawn = [(kind, params) for parts in hooks for kind, params, at in parts if at == side]
    if side == "inputs" and drawn:      # (each hook reading grad_input, once: ``_wrapper``)
        calls = rec.kept.input_calls
        calls[id(hooks)] = calls.get(id(hooks), 0) + sum(
            any(at == "inputs" for *_, at in parts) for parts in hooks)
    inputs = args[1:]
    if side == "inputs" and drawn and len(inputs) != 1:
        # (not drawn: the hook runs as the script's, ``_wrapper``, and this part is
        # recorded, from the call on)
        rec.refuse(ONE_INPUT, count=Number(sum(1 for t in inputs if t.requires_grad)))
        drawn = []
    nodes = [rec.node_index(t) for t in inputs]
    rec.kept.hook_side = None       # (the apply's own nested calls are the engine's)
    outs = func(*args, **kwargs)
    for t, i, out in zip(inputs, nodes, outs if isinstance(outs, tuple) else (outs,)):
        if not drawn:
            rec.node_of[id(out)] = i
            rec.keep.append(out)
            continue
        source, value = t, _value_of(t)   # (the graph's tensor is the module's own)
        if side == "inputs":            # (a copy the module takes: its own gradient)
            rec.emit(_Record("clone", {}, {"self": t}, out))
            source, value = out, value[:2] + ("CloneBackward0",)
            if rec.record_values:
                rec.values[rec.node_of[id(out)]] = value
        for kind, params in drawn:
            rec.emit(_Record(kind, dict(params), {"self": source}, out, alias=True))
            j = rec.node_of[id(out)]
            rec.nodes[j]["keep"] = True
            if rec.record_values:
                rec.values[j] = value
            source = out
    return outs
