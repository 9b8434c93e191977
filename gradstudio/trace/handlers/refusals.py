"""What the graph cannot show, refused in plain words when the script calls it: hooks
on gradients (but ``Tensor.register_hook`` and ``register_post_accumulate_grad_hook``
called by the script itself: see ``hooks``), a module's backward
hooks (but full ones printing or keeping ``grad_output[0]``: see ``module_hooks``), the
deprecated ``register_backward_hook``; a custom ``autograd.Function`` is drawn, or refused, by ``functions``.
``REFUSED`` maps each observed name to its sentence. (``load_state_dict`` and gradient clipping are timeline actions; a module's
forward hooks, its buffers (a tensor of the script it holds; BatchNorm's: ``norms``) and ``state_dict()`` are the script's own code, traced
as it runs: ``quietly``.)"""
from functools import partial

from gradstudio.words import QT_TRANSLATE_NOOP, Said

from ..functions import function_apply
from ..hooks import register_hook, register_post_accumulate_hook
from ..module_hooks import register_module_hook, setting_up
from ..values import TraceError
from .kinds import at_top

_HOOKS = ("Tensor.register_hook", "Tensor.register_post_accumulate_grad_hook",
          "Node.register_hook", "Node.register_prehook")


def _hook_sentence(name):
    what = name.replace("Tensor.", "").replace("Node.", "grad_fn.")
    return Said(TraceError.CONTEXT, QT_TRANSLATE_NOOP(
        "TraceRefusal", "{what} cannot be drawn yet: a hook changes or reads gradients "
        "during backward, which the graph cannot show"), what=what)


# a module's backward hooks run through an identity autograd.Function of torch's own
# (BackwardHookFunction): said as the hook the script registered, not as a Function
_MODULE_BACKWARD_HOOKS = ("register_full_backward_hook", "register_full_backward_pre_hook",
                          "register_backward_hook")


def _module_hook_sentence(name):
    return Said(TraceError.CONTEXT, QT_TRANSLATE_NOOP(
        "TraceRefusal", "a module's backward hook ({what}) cannot be drawn yet: it reads or "
        "changes gradients during backward, which the graph cannot show"), what=name)


def _forward_ad_sentence(name):
    return Said(TraceError.CONTEXT, QT_TRANSLATE_NOOP(
        "TraceRefusal", "forward-mode AD ({what}) cannot be drawn yet: the graph holds "
        "values and their gradients, not the tangents a dual tensor carries"),
        what=f"torch.autograd.forward_ad.{name}")


REFUSED = {
    **{name: _hook_sentence(name) for name in _HOOKS},
    **{f"torch.autograd.forward_ad.{name}": _forward_ad_sentence(name)
       for name in ("make_dual", "unpack_dual")},
    **{f"torch.nn.Module.{name}": _module_hook_sentence(name)
       for name in _MODULE_BACKWARD_HOOKS},
}


def refused(rec, sentence, func, args, kwargs):
    if not rec.quiet:
        raise TraceError(sentence)
    return func(*args, **kwargs)


def quietly(rec, func, args, kwargs):
    """``module.state_dict()``: its values are detached aliases of the parameters, a
    tensor the trace did not see made, so where one is used, a literal of its values
    then (``Recorder.node_index``)."""
    rec.quiet += 1
    try:
        return func(*args, **kwargs)
    finally:
        rec.quiet -= 1


def _register_hook(rec, func, args, kwargs):
    return register_hook(rec, func, *args, **kwargs)


def handlers(rec):
    """The refusals' handlers for ``rec``, by observed name; ``Tensor.register_hook``
    called by the script itself is ``hooks.register_hook``'s (a hook that prints)."""
    h = {name: partial(refused, rec, sentence) for name, sentence in REFUSED.items()}
    h["torch.nn.Module.state_dict"] = partial(quietly, rec)
    h["Tensor.register_hook"] = at_top(rec, partial(_register_hook, rec))
    for name in ("register_full_backward_hook", "register_full_backward_pre_hook"):
        h[f"torch.nn.Module.{name}"] = at_top(rec, partial(register_module_hook, rec, name))
    for side in ("inputs", "outputs"):
        h[f"torch.nn.Module backward hooks' {side}"] = partial(setting_up, rec, side)
    h["Tensor.register_post_accumulate_grad_hook"] = at_top(
        rec, lambda func, args, kwargs: register_post_accumulate_hook(rec, func, *args, **kwargs))
    h["torch.autograd.Function.apply"] = partial(function_apply, rec)
    return h
