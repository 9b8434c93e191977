"""A custom ``torch.autograd.Function`` in a traced script (part of the tracing child):
``MyReLU.apply(x)`` is a ``custom_function`` node when the class's ``forward`` and
``backward`` are ``@staticmethod`` defs of the script that ``gradstudio.function_text``'s
language can hold (assignments of tensor operations, ``ctx.save_for_backward``, one
``return``), read from the script's text into that language: the node's settings are
the class name and the two defs' texts, and the document runs them, never the script's
code. A forward returning several tensors (``a, b = SplitSq.apply(x)``) is the node
(its first output) and one ``function_output`` node for each other output.

A backward marked ``@once_differentiable`` (the engine's own decorator) is the
setting ``once``. Anything else (a Function with ``setup_context``,
``jvp`` or other methods, another decorator, a def that reads a variable of the script, loops or
branches, an argument that is not a tensor) is refused in one sentence
naming what: the script is then drawn up to that line and the rest recorded.

Imports only the engine's public API, ``gradstudio.function_text`` and its siblings.
"""
import ast

from gradstudio.engine import inspect as raw
from gradstudio.engine import autograd
from gradstudio.function_text import FunctionTextError, check_class_name, normal_text
from gradstudio.words import QT_TRANSLATE_NOOP, Said

from .hooks import def_block
from .values import TraceError, _Record

__all__ = ["function_apply", "function_params"]

KIND = "custom_function"
OUTPUT_KIND = "function_output"       # another output of a Function of several
# the engine's once_differentiable wrapper (its code: the one every decorated def gets)
_ONCE_CODE = autograd.function.once_differentiable(lambda ctx: None).__code__
_ONCE_SPELLED = {"@once_differentiable", "@function.once_differentiable",
                 "@torch.autograd.function.once_differentiable",
                 "@autograd.function.once_differentiable"}
# what a Function class of the script may define besides forward and backward
_PLAIN_ATTRS = {"__module__", "__qualname__", "__doc__", "__dict__", "__weakref__",
                "__firstlineno__", "__static_attributes__", "_backward_cls"}


def _refused(why, name, **fields):
    """The refusal of Function ``name``: ``why`` is a marked sentence with its
    ``fields``, or a ``Said`` (a ``function_text`` error's)."""
    if not isinstance(why, Said):
        why = Said(TraceError.CONTEXT, why, **fields)
    return TraceError(QT_TRANSLATE_NOOP(
        "TraceRefusal", "the custom autograd.Function {name} cannot be drawn yet: {why}"),
        name=name, why=why)


def function_apply(rec, func, args, kwargs):
    """``MyFn.apply(*inputs)`` made by the script: a ``custom_function`` node whose
    output is what the script's own Function returned."""
    cls, inputs = args[0], args[1:]
    if getattr(cls, "__name__", "") == "BackwardHookFunction" and \
            getattr(cls, "__module__", "") == "torch.nn.modules._functions":
        # (torch's own identity around a module with backward hooks: ``module_hooks``)
        from .module_hooks import hook_function_apply
        return hook_function_apply(rec, func, args, kwargs)
    if rec.quiet or len(rec.frames) > 1:
        return func(*args, **kwargs)
    params = function_params(cls, rec.source, rec.filename)
    name = params["name"]
    k = next((i for i, a in enumerate(inputs) if not raw.is_tensor(a)), len(inputs))
    numbers = list(inputs[k:])
    inputs = inputs[:k]
    if kwargs or not inputs or len(numbers) > 8 or \
            not all(type(v) in (int, float, bool) for v in numbers):
        raise _refused(QT_TRANSLATE_NOOP(
            "TraceRefusal", "its arguments must be tensors, then at most 8 plain numbers, "
            "passed by position"), name)
    texts = (params["forward"], params["backward"], params.get("once"))
    if rec.function_texts.setdefault(name, texts) != texts:
        raise _refused(QT_TRANSLATE_NOOP(
            "TraceRefusal", "another Function of the script has the same class name"), name)
    params["count"] -= len(numbers)
    params["numbers"] = [v for v in numbers]
    if len(inputs) != params["count"]:
        raise _refused(QT_TRANSLATE_NOOP(
            "TraceRefusal", "it is called with another number of arguments than its "
            "forward takes"), name)
    for t in inputs:
        rec.node_index(t)              # (its inputs' nodes before it)
    rec.quiet += 1
    try:
        out = func(*args, **kwargs)
    finally:
        rec.quiet -= 1
    outs = out if isinstance(out, tuple) else (out,)
    if not outs or not all(raw.is_tensor(o) for o in outs) or \
            any(o is t for o in outs for t in inputs) or \
            len({id(o) for o in outs}) != len(outs):
        raise _refused(QT_TRANSLATE_NOOP(
            "TraceRefusal", "its forward must return new tensors, not its inputs or other "
            "values"), name)
    rec.emit(_Record(KIND, params, {f"t{i}": t for i, t in enumerate(inputs)}, outs[0]))
    for k, o in enumerate(outs[1:], 1):     # (a, b = MyFn.apply(x): output 1 is b)
        rec.emit(_Record(OUTPUT_KIND, {"index": k}, {"function": outs[0]}, o))
    return out


def function_params(cls, source, filename):
    """The ``custom_function`` settings of the script's Function class ``cls``;
    TraceError in words when the language cannot hold it."""
    name = getattr(cls, "__name__", "?")
    try:
        check_class_name(name)
    except ValueError:
        raise _refused(QT_TRANSLATE_NOOP(
            "TraceRefusal", "its class name is not one GradStudio can write"), name) from None
    own = {k for c in cls.__mro__[:-1] if c.__module__ != "torch.autograd.function"
           for k in vars(c)}
    extra = sorted(own - _PLAIN_ATTRS - {"forward", "backward"})
    if extra:
        raise _refused(QT_TRANSLATE_NOOP(
            "TraceRefusal", "it defines {what} besides forward and backward"), name,
            what=", ".join(extra))
    texts = {}
    for role in ("forward", "backward"):
        texts[role] = _def_text(cls, role, name, source, filename)
    count = len(ast.parse(texts["forward"]).body[0].args.args) - 1
    params = {"count": count, "name": name, **texts}
    if _once(cls):
        params["once"] = True
    return params


def _once(cls):
    """Whether the backward is the engine's ``once_differentiable`` of the def."""
    fn = _own(cls, "backward")
    fn = getattr(fn, "__func__", None)
    inner = getattr(fn, "__wrapped__", None)
    return inner is not None and getattr(inner, "__wrapped__", None) is None and \
        fn.__code__ is _ONCE_CODE


def _def_text(cls, role, name, source, filename):
    fn = getattr(cls, role, None)
    while getattr(fn, "__wrapped__", None) is not None:     # (@once_differentiable's)
        fn = fn.__wrapped__
    code = getattr(fn, "__code__", None)
    if code is None or code.co_filename != filename or code.co_name != role or \
            not isinstance(_own(cls, role), staticmethod):
        raise _refused(QT_TRANSLATE_NOOP(
            "TraceRefusal", "its {role} is not a @staticmethod def of the script"), name,
            role=role)
    node = _def_node(code, source.split("\n"), role, name)
    if node is None:
        raise _refused(QT_TRANSLATE_NOOP(
            "TraceRefusal", "the text of its {role} was not found in the script"), name,
            role=role)
    node.decorator_list = []
    try:
        return normal_text(role, ast.unparse(node))
    except FunctionTextError as exc:
        raise _refused(Said(exc.CONTEXT, exc.template, **{
            k: str(v) for k, v in exc.fields.items()}), name) from None


def _own(cls, role):
    for c in cls.__mro__:
        if role in vars(c):
            return vars(c)[role]
    return None


def _def_node(code, lines, role, name):
    """The ``def`` of ``lines`` that compiled to ``code``, with only ``@staticmethod``
    above it (refused with another decorator, such as ``@once_differentiable``); None
    when it is not found."""
    start = code.co_firstlineno
    decorators = []
    while start <= len(lines) and lines[start - 1].lstrip().startswith("@"):
        decorators.append(lines[start - 1].strip())
        start += 1
    if start > len(lines):
        return None
    others = [d for d in decorators if d != "@staticmethod" and
              not (role == "backward" and d in _ONCE_SPELLED)]
    if others:
        raise _refused(QT_TRANSLATE_NOOP(
            "TraceRefusal", "its {role} is decorated with {what}"), name, role=role,
            what=", ".join(others))
    tree = def_block(lines, start)
    if tree is None or len(tree.body) != 1 or not isinstance(tree.body[0], ast.FunctionDef) or \
            tree.body[0].name != code.co_name:
        return None
    return tree.body[0]
