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
Registered into the catalogue by ``catalogue`` itself.
"""
import gradstudio.engine as torch
from gradstudio.function_text import (backward_words, class_lines, function_class,
                                      input_names)
from gradstudio.words import translate

from .spelling import number

__all__ = ["register", "KIND", "RELU_FORWARD", "RELU_BACKWARD"]

KIND = "custom_function"

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
    return cls.apply(*_inputs(p, ts))


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
                                                         p["backward"], p.get("once"))))
