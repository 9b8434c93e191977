"""The autograd kinds: ``detach``, ``requires_grad_``, ``register_hook``, ``keep_grad``,
``kept_grad``, ``autograd_grad`` and ``grad_of``.

``requires_grad_`` and ``register_hook`` hand back the tensor they were given, marked
(``catalogue.RETURNS_INPUT``): the exported code writes them in place and they keep their
input's name. ``autograd_grad`` is ``torch.autograd.grad`` as a value that later nodes
compute with (a second derivative, a gradient penalty, a Jacobian's row); as a timeline
step (action ``grad``) the same call is only shown. ``grad_of`` is ``x.grad`` as a value
(``x.grad - by_hand``): it has one only once a backward has run, so it belongs in a
``compute`` step of the timeline (``actions``); in the forward pass it fails in words.
``keep_grad`` is a hook that keeps what it sees
(``y.register_hook(lambda grad: grads.append(grad))``, the list made once before the
program) and ``kept_grad`` one value it kept (``grads[0]``), which exists only after the
backward that kept it: a ``compute`` step, as for ``grad_of``.
Registered into the catalogue by ``catalogue`` itself.
"""
import gradstudio.engine as torch
from gradstudio.hook_text import (accumulated_code, hold_handle, hook_code, hook_function,
                                  hook_prints, keep_code, keep_function, kept)
from gradstudio.words import translate

from .spelling import number

__all__ = ["register", "NotComputable"]


class NotComputable(Exception):
    """A node that cannot be computed at this moment of the program; the message is
    written for the user (the run shows it on the node as it is)."""


def _requires_grad_(p, self):
    return self.requires_grad_(p["requires_grad"])


def _register_hook(p, self):
    hold_handle(p.get("handle"), self.register_hook(hook_function(p["hook"])))
    return self


def _keep_grad(p, self):
    fn = keep_function(p["keep"], p["into"])
    if p.get("accumulated"):
        handle = self.register_post_accumulate_grad_hook(lambda t: fn(t.grad))
    else:
        handle = self.register_hook(fn)
    hold_handle(p.get("handle"), handle)
    return self


def _keep_code(p, a, name):
    code = keep_code(p["keep"], p["into"])
    if p.get("accumulated"):
        return [_bound(p, f"{name}.register_post_accumulate_grad_hook("
                          f"{accumulated_code(code)})")]
    return [_bound(p, f"{name}.register_hook({code})")]


def _post_accumulate_hook(p, self):
    if not hook_prints(p["hook"]):
        raise NotComputable(translate(
                "Catalogue", "A hook run after the gradient is accumulated returns nothing: "
                "write what it prints, print(grad)."))
    fn = hook_function(p["hook"])
    hold_handle(p.get("handle"), self.register_post_accumulate_grad_hook(lambda t: fn(t.grad)))
    return self


# the name the handle of a hook the program removes again is bound to (h.remove())
def _handle_spec(ParamSpec):
    return ParamSpec("handle", "list_name", None, "the name of its handle, for a remove "
                     "step (h.remove()); none when it stays", optional=True)


def _bound(p, code):
    """A hook's registration as the export writes it, bound to its handle's name."""
    return (f"{p['handle']} = " if p.get("handle") else "") + code


def _kept_grad(p):
    value = kept(p["into"], p["call"])
    if value is None:
        raise NotComputable(translate(
                "Catalogue", "The list {into} holds no value {call} here: its hook keeps one "
                "at each backward that reaches it. Compute this node at a step after that "
                "backward (timeline: Add ▸ compute nodes here).").format(
                into=p["into"], call=p["call"]))
    if not isinstance(value, torch.Tensor):
        raise NotComputable(translate(
                "Catalogue", "The hook keeps numbers in {into}, not tensors: there is no "
                "tensor to show.").format(into=p["into"]))
    return value


def _grad_of(p, self):
    g = self.grad
    if g is None:
        why = "" if self.is_leaf else \
            " (a tensor that is not a leaf keeps its .grad only when marked retain_grad)"
        raise NotComputable(translate(
                "Catalogue", "Its .grad is None here: no backward has given this tensor a "
                "gradient yet{why}. Compute it at a step after a backward (timeline: Add ▸ "
                "compute nodes here).").format(
                why=why))
    return g


def _autograd_grad(p, outputs, inputs, grad_outputs=None):
    return torch.autograd.grad(outputs, inputs, grad_outputs=grad_outputs,
                               retain_graph=p["retain_graph"] or None,
                               create_graph=p["create_graph"])[0]


def _autograd_grad_code(p, a):
    flags = [f"grad_outputs={a['grad_outputs']}"] if "grad_outputs" in a else []
    flags += [f"{n}=True" for n in ("retain_graph", "create_graph") if p[n]]
    return (f"torch.autograd.grad({a['outputs']}, {a['inputs']}"
            + "".join(", " + f for f in flags) + ")[0]")


def _register_keeping(add, NodeKind, Port, ParamSpec):
    """``keep_grad`` and ``kept_grad``."""
    # y.register_hook(lambda grad: grads.append(grad.clone())), grads = [] made first
    add(NodeKind("keep_grad", "autograd", "A hook that keeps the gradient flowing back into "
                 "a tensor, as y.register_hook(lambda grad: grads.append(grad)) does, to look "
                 "at it after the backward (a kept_grad node); the gradient is not changed.",
                 (Port("self"),), (ParamSpec("keep", "keep", "grad", "what the hook keeps: "
                                             "an expression of grad such as grad.clone()"),
                                   ParamSpec("into", "list_name", "grads", "the list it "
                                             "keeps into, made before the program"),
                                   ParamSpec("accumulated", "bool", False, "keep .grad once "
                                             "the gradient is added to it "
                                             "(register_post_accumulate_grad_hook)"),
                                   _handle_spec(ParamSpec)),
                 _keep_grad, "{self}.register_hook(lambda grad: {into}.append({keep}))",
                 code=lambda p, a: a["self"],
                 then=_keep_code,
                 prelude=lambda p: ([f"{p['into']} = []"],
                                    [p["into"]] + ([p["handle"]] if p.get("handle") else []))))
    add(NodeKind("post_accumulate_hook", "autograd", "Prints a leaf's .grad each time a "
                 "backward has added to it, as w.register_post_accumulate_grad_hook(lambda "
                 "p: print(p.grad)) does; grad in its text is p.grad.",
                 (Port("self"),), (ParamSpec("hook", "hook", "print(grad)", "what it prints "
                                             "of grad, the .grad after the backward added "
                                             "to it: print(...)"),
                                   _handle_spec(ParamSpec)),
                 _post_accumulate_hook,
                 "{self}.register_post_accumulate_grad_hook(lambda p: print(p.grad))",
                 code=lambda p, a: a["self"],
                 then=lambda p, a, name: [_bound(p, f"{name}.register_post_accumulate_grad_hook("
                                                   f"{accumulated_code(hook_code(p['hook']))})")],
                 prelude=lambda p: ([], [p["handle"]] if p.get("handle") else []),
                 label="post_accumulate"))
    add(NodeKind("kept_grad", "autograd", "One value a keep_grad hook kept: grads[0] is what "
                 "it kept at the first backward that reached its tensor. It exists only "
                 "after that backward, so put the node in a 'compute' step of the timeline "
                 "after it.", (),
                 (ParamSpec("into", "list_name", "grads", "the list the hook keeps into"),
                  ParamSpec("call", "int", 0, "which kept value: 0 for the first")),
                 _kept_grad, "{into}[{call}]", code=lambda p, a: f"{p['into']}[{p['call']}]",
                 label="grads[k]", prelude=lambda p: ([f"{p['into']} = []"], [p["into"]])))


def register(add, NodeKind, Port, ParamSpec):
    """Adds the autograd kinds with the catalogue's ``add``."""
    add(NodeKind("detach", "autograd", "A new leaf sharing the same values, cut from the "
                 "graph: no gradient flows back through it.", (Port("self"),), (),
                 lambda p, self: self.detach(), "{self}.detach()",
                 code=lambda p, a: f"{a['self']}.detach()"))
    add(NodeKind("requires_grad_", "autograd", "Makes a tensor that was computed without "
                 "gradients a leaf that requires grad (in place, as a.requires_grad_(True)).",
                 (Port("self"),), (ParamSpec("requires_grad", "bool", True),), _requires_grad_,
                 "{self}.requires_grad_({requires_grad})",
                 code=lambda p, a: f"{a['self']}.requires_grad_({number(p['requires_grad'])})"))
    # x.register_hook(lambda grad: grad * 10): the same tensor, with a hook that changes
    # the gradient flowing back into it (its text: gradstudio.hook_text)
    add(NodeKind("register_hook", "autograd", "Changes the gradient that flows back into a "
                 "tensor during backward, as x.register_hook(lambda grad: grad * 10) does: "
                 "what reaches the nodes before it, and a leaf's .grad, is the hook's result. "
                 "A hook that prints, print('g:', grad), shows the gradient at that step "
                 "and changes nothing.",
                 (Port("self"),), (ParamSpec("hook", "hook", "grad * 2", "what the gradient "
                                             "becomes: an expression of grad, or "
                                             "print(...) of it"),
                                   _handle_spec(ParamSpec)),
                 _register_hook, "{self}.register_hook(lambda grad: {hook})",
                 code=lambda p, a: a["self"],
                 then=lambda p, a, name: [_bound(p, f"{name}.register_hook("
                                                   f"{hook_code(p['hook'])})")],
                 prelude=lambda p: ([], [p["handle"]] if p.get("handle") else [])))
    _register_keeping(add, NodeKind, Port, ParamSpec)
    add(NodeKind("autograd_grad", "autograd", "The gradient of outputs with respect to inputs, "
                 "as a tensor to compute with: torch.autograd.grad(y, x)[0]. With create_graph "
                 "the gradient has a graph of its own (a second derivative, a gradient "
                 "penalty).",
                 (Port("outputs"), Port("inputs"), Port("grad_outputs", optional=True)),
                 (ParamSpec("retain_graph", "bool", False, "keep y's graph for later backward "
                            "passes (with create_graph it is kept anyway)"),
                  ParamSpec("create_graph", "bool", False, "record the gradient's own graph, "
                            "to differentiate it again")),
                 _autograd_grad, "torch.autograd.grad({outputs}, {inputs})[0]",
                 code=_autograd_grad_code, label="autograd.grad"))
    add(NodeKind("grad_of", "autograd", "A tensor's .grad as a value to compute with "
                 "(x.grad - by_hand, x.grad.float()): the very tensor backward accumulates "
                 "into. It exists only after a backward, so put the node in a 'compute' "
                 "step of the timeline after it.", (Port("self"),), (), _grad_of,
                 "{self}.grad", code=lambda p, a: f"{a['self']}.grad", label="x.grad"))
