"""The ``custom_function`` kind: a custom ``torch.autograd.Function`` applied to its
inputs, ``MyReLU.apply(x)``.

The Function is data, never code the app runs: its settings are the class name and the
texts of its two ``def``s, ``forward(ctx, ...)`` and ``backward(ctx, grad_output)``, in
``gradstudio.function_text``'s small checked language (assignments of the op table's
tensor operations, ``ctx.save_for_backward``, one ``return``). The node runs the engine's
Function made of them (``function_text.function_class``, whose forward and backward walk
the texts), so its output's ``grad_fn`` is ``<MyReLUBackward>`` as in PyTorch, and a
backward calls the drawn backward. The export writes the class once, before the program
(the kind's ``prelude``), and the node as ``MyReLU.apply(x)``; the tracer reads a
script's Function back into these settings (``gradstudio.trace.functions``).

A Function whose forward returns several tensors (``return y, aux``) is a node of several
outputs: the node's own tensor is its first output, and a ``function_output`` node
taking the Function on its port ``function`` is output ``index`` (1 the second): the run
keeps the other outputs of the very call (``run_timeline.compute``), so both hang from
one ``<SplitSqBackward>`` with their own ``output_nr``. The export writes the call once,
``a, b = SplitSq.apply(x)``, naming each output by its ``function_output`` node (``_``
for an output nothing takes).
Registered into the catalogue by ``catalogue`` itself.
"""
import gradstudio.engine as torch
from gradstudio.function_text import (MAX_OUTPUTS, backward_words, class_lines,
                                      function_class, input_names, output_count,
                                      output_names)
from gradstudio.words import translate

from .spelling import number

__all__ = ["register", "KIND", "OUTPUT_KIND", "RELU_FORWARD", "RELU_BACKWARD", "outputs_taken"]

KIND = "custom_function"
OUTPUT_KIND = "function_output"

RELU_FORWARD = ("def forward(ctx, input):\n"
                "    ctx.save_for_backward(input)\n"
                "    return input.clamp(min=0)")
RELU_BACKWARD = ("def backward(ctx, grad_output):\n"
                 "    input, = ctx.saved_tensors\n"
                 "    grad_input = grad_output.clone()\n"
                 "    grad_input[input < 0] = 0\n"
                 "    return grad_input")


def _numbers(p):
    numbers = list(p.get("numbers") or [])
    if len(numbers) > 8 or not all(type(v) in (int, float, bool) for v in numbers):
        raise ValueError(translate(
            "Catalogue", "A Function's numbers are a flat list of at most 8 numbers, such "
            "as [0.5, 2]."))
    return numbers


def _inputs(p, ts):
    """The arguments of ``apply``: the node's inputs in port order, then its numbers,
    checked against the forward's inputs."""
    names = input_names(p["forward"])
    numbers = _numbers(p)
    if len(names) != p["count"] + len(numbers):
        raise ValueError(translate(
            "Catalogue", "{name}'s forward takes {n} inputs ({names}) but the node has "
            "{count} and {k} numbers: set its number of inputs to {left}.").format(
            name=p["name"], n=len(names), names=", ".join(names), count=p["count"],
            k=len(numbers), left=max(len(names) - len(numbers), 0)))
    return [ts[f"t{i}"] for i in range(p["count"])] + numbers


def _evaluate(p, **ts):
    cls = function_class(torch, p["name"], p["forward"], p["backward"],
                         p.get("once", False))
    try:
        n = output_count(p["forward"], p["backward"])
    except ValueError as e:
        raise ValueError(translate("Catalogue", "{name}: {why}.").format(
            name=p["name"], why=e)) from None
    out = cls.apply(*_inputs(p, ts))
    if n > 1 and not (isinstance(out, tuple) and len(out) == n):
        raise ValueError(translate("Catalogue", "{name}'s forward did not return {n} "
                                   "outputs.").format(name=p["name"], n=n))
    return out


def _outputs(p):
    try:
        return output_names(p["forward"])
    except ValueError:
        return ("?",)


def outputs_taken(doc, nid):
    """Output index -> the ``function_output`` node that names it in the export (the
    first made of those taking output ``index`` of node ``nid``)."""
    order = {n: i for i, n in enumerate(doc.node_ids)}
    taken = {}
    for c in sorted({c for c, port in doc.consumers_of(nid) if port == "function"},
                    key=order.get):
        data = doc.node(c)
        if data.kind == OUTPUT_KIND:
            taken.setdefault(data.params["index"], c)
    return taken


def _unpacked(doc, nid, names, expr):
    """``a, b = SplitSq.apply(x)``: every output named (``_`` for one nothing takes)."""
    n = len(_outputs(doc.node(nid).params))
    if n < 2:
        return [f"{names[nid]} = {expr}"]
    taken = outputs_taken(doc, nid)
    targets = [names[nid]] + [names[taken[k]] if k in taken else "_" for k in range(1, n)]
    return [f"{', '.join(targets)} = {expr}"]


def _output_statements(doc, nid, names, expr):
    """Nothing for the output the Function's statement binds; ``c = b`` for a second
    node taking the same output."""
    src = doc.source_of(nid, "function")
    if src is None:
        return [f"{names[nid]} = {expr}"]
    first = outputs_taken(doc, src).get(doc.node(nid).params["index"])
    return [] if first in (None, nid) else [f"{names[nid]} = {names[first]}"]


def _not_alone(p, **ts):
    raise ValueError(translate("Catalogue", "A Function output takes a custom Function "
                               "of several outputs on its port."))


def _code(p, a):
    args = [a.get(f"t{i}", "?") for i in range(p["count"])]
    args += [number(v) for v in _numbers(p)]
    return f"{p['name']}.apply({', '.join(args)})"


def _prelude(p):
    """The class, written once before the program, and the name it binds."""
    return [class_lines(p["name"], p["forward"], p["backward"],
                        p.get("once", False))], [p["name"]]


def register(add, NodeKind, Port, ParamSpec):
    """Adds ``custom_function`` with the catalogue's ``add``."""
    add(NodeKind(KIND, "autograd", "A custom autograd.Function of your own, "
                 "MyReLU.apply(x): its forward computes the output from the inputs (and "
                 "saves what backward needs with ctx.save_for_backward); its backward "
                 "computes each input's gradient from grad_output. Both are written with "
                 "tensor operations such as clamp, exp and mul.", (),
                 (ParamSpec("count", "int", 1, "number of inputs"),
                  ParamSpec("name", "function_name", "MyReLU", "the Function's class name; "
                            "its grad_fn is <NameBackward>"),
                  ParamSpec("forward", "function_def", RELU_FORWARD, "def forward(ctx, ...): "
                            "the output from the inputs"),
                  ParamSpec("backward", "function_def", RELU_BACKWARD, "def backward(ctx, "
                            "grad_output): the gradient of each input"),
                  ParamSpec("numbers", "numbers", [], "numbers passed to apply after the "
                            "tensors (its backward returns None for each)"),
                  ParamSpec("once", "bool", False, "its backward is marked "
                            "@once_differentiable: it runs without recording, and "
                            "differentiating what it returned again raises an error")),
                 _evaluate, "MyFunction.apply({t0})", None, variadic=True, code=_code,
                 prelude=_prelude, label="Function",
                 backward_words=lambda p: backward_words(p["name"], p["forward"],
                                                         p["backward"], p.get("once")),
                 outputs=_outputs, statements=_unpacked))
    add(NodeKind(OUTPUT_KIND, "autograd", "Another output of a custom Function that "
                 "returns several tensors: in a, b = MyFn.apply(x), b is output 1 (the "
                 "Function node itself is output 0). Connect the Function to its port.",
                 (Port("function"),),
                 (ParamSpec("index", "int", 1, "which output of the Function: 1 is the "
                            "second, 2 the third ..."),),
                 _not_alone, "a, b = MyFunction.apply(x)", None,
                 # (what its card reads; the export writes the Function's own statement)
                 code=lambda p, a: f"output {p['index']} of {a.get('function', '?')}",
                 label="Function output", output_of=True, statements=_output_statements))
