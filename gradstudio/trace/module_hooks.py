"""A module's backward hooks in a traced script (part of the tracing child):
``layer.register_full_backward_hook(fn)`` and ``register_full_backward_pre_hook(fn)`` whose
``fn`` prints ``grad_output[0]`` (``print("grad out:", grad_output[0].norm())``) or keeps
it (``grads.append(grad_output[0].detach())``), and reads nothing else of its arguments.

Each call of the module is then drawn as its own operations, its output carrying a hook
of the graph's: a ``register_hook`` node that prints, or a ``keep_grad`` node; the
identity Function torch runs a hooked module's inputs and outputs through
(``BackwardHookFunction``) is not drawn. The graph's hook runs when the gradient of the
module's output arrives; PyTorch's full hook runs when the gradients of the module's
inputs are computed, just after: what they print and keep is the same, and the trace's
check compares the lines each backward step prints, in order. A hook that reads
``grad_input`` or the module, or returns new gradients, is recorded, as is every call of
its module (a tensor the module returns prints ``grad_fn=
<BackwardHookFunctionBackward>`` under PyTorch: the check finds that too).

Imports only the engine's public API, ``gradstudio.hook_text`` and its siblings.
"""
import ast
import copy

from gradstudio.hook_text import hook_function, hook_prints, printing
from gradstudio.words import QT_TRANSLATE_NOOP

from .hooks import function_node, inline_cells, node_text
from .keeping import keep_form, keeping_wrapper
from .recorder_nodes import _value_of
from .values import TraceError, _Record

__all__ = ["register_module_hook", "setting_up", "hook_function_apply"]

MODULE_HOOK = QT_TRANSLATE_NOOP(
    "TraceRefusal", "a module's backward hook ({what}) can be drawn when it prints or "
    "keeps grad_output[0] and reads nothing else; this one does more")
CALLED = QT_TRANSLATE_NOOP(
    "TraceRefusal", "a module with a backward hook (register_full_backward_hook or "
    "register_full_backward_pre_hook) is called here, which cannot be drawn yet: the hook "
    "reads or changes gradients during backward")


class _GradOutput(ast.NodeTransformer):
    """``grad_output[0]`` -> ``grad``; ``bare``: the hook reads its arguments otherwise."""

    def __init__(self, grad_output, others):
        self.grad_output, self.others, self.bare = grad_output, set(others), False

    def visit_Subscript(self, node):
        if isinstance(node.value, ast.Name) and node.value.id == self.grad_output and \
                isinstance(node.slice, ast.Constant) and node.slice.value == 0:
            return ast.copy_location(ast.Name("grad", ast.Load()), node)
        self.generic_visit(node)
        return node

    def visit_Name(self, node):
        if node.id == self.grad_output or node.id in self.others:
            self.bare = True
        if node.id == "grad":
            return ast.copy_location(ast.Name("grad_", ast.Load()), node)
        return node


def _form(rec, hook, what, pre):
    """``("print", text)`` or ``("keep", keep_form)`` of the script's module hook."""
    code = getattr(hook, "__code__", None)
    if code is None or code.co_filename != rec.filename or code.co_kwonlyargcount or \
            code.co_flags & 0x0C or code.co_argcount != (2 if pre else 3):
        raise TraceError(MODULE_HOOK, what=what)
    node = inline_cells(copy.deepcopy(function_node(code, rec.source)), hook)
    names = [a.arg for a in node.args.args]
    on = _GradOutput(names[-1], names[:-1])
    node = on.visit(node)
    if on.bare:
        raise TraceError(MODULE_HOOK, what=what)
    node.args.args = [ast.arg("grad")]
    form = keep_form(node)
    if form is not None:
        return "keep", form
    try:
        text = node_text(node)
    except TraceError:
        text = None
    if text is None or not hook_prints(text):
        raise TraceError(MODULE_HOOK, what=what)
    return "print", text


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
    hook, wrapped, registered; each later call of the module draws it on its output."""
    if len(args) != 2 or kwargs:
        raise TraceError(MODULE_HOOK, what=what)
    module, hook = args
    kind, form = _form(rec, hook, what, what.endswith("pre_hook"))
    if kind == "keep":
        wrapper, into = keeping_wrapper(rec, hook, form)
        record = ("keep_grad", {"keep": form[2], "into": into})
    else:
        fn = hook_function(form)

        def wrapper(module, *grads):
            lines = []
            with printing(lines):
                fn(grads[-1][0])
            rec.hook_printed(lines)
        record = ("register_hook", {"hook": form})
    rec.quiet += 1
    try:
        handle = func(module, wrapper)
    finally:
        rec.quiet -= 1
    drawn = rec.kept.module_hooks.setdefault(id(module), (module, []))[1]
    drawn.append(record)
    return _ModuleHandle(rec, handle, drawn, record)


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
    (``setting_up``): not drawn; the outputs' tensors carry the module's hooks."""
    if rec.kept.hook_side is None:
        if rec.quiet or len(rec.frames) > 1:
            return func(*args, **kwargs)
        raise TraceError(CALLED)
    side, drawn = rec.kept.hook_side
    inputs = args[1:]
    nodes = [rec.node_index(t) for t in inputs]
    rec.kept.hook_side = None       # (the apply's own nested calls are the engine's)
    outs = func(*args, **kwargs)
    for t, i, out in zip(inputs, nodes, outs if isinstance(outs, tuple) else (outs,)):
        if side == "inputs" or not drawn:
            rec.node_of[id(out)] = i
            rec.keep.append(out)
            continue
        source = t
        for kind, params in drawn:
            rec.emit(_Record(kind, dict(params), {"self": source}, out, alias=True))
            j = rec.node_of[id(out)]
            rec.nodes[j]["keep"] = True
            if rec.record_values:         # (the graph's tensor is the module's own output)
                rec.values[j] = _value_of(t)
            source = out
    return outs
