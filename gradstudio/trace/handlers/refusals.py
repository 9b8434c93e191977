"""What the graph cannot show, refused in plain words when the script calls it: hooks
on gradients (but a printing ``Tensor.register_hook``: see ``hooks``), a custom
``autograd.Function``, ``load_state_dict``, gradient clipping, a module's forward hooks
and buffers. ``REFUSED`` maps each observed name to its sentence."""
from functools import partial

from ..hooks import register_hook
from ..values import TraceError
from .kinds import at_top

_HOOKS = ("Tensor.register_hook", "Tensor.register_post_accumulate_grad_hook",
          "Node.register_hook", "Node.register_prehook")


def _hook_sentence(name):
    what = name.replace("Tensor.", "").replace("Node.", "grad_fn.")
    return (f"{what} cannot be drawn yet: a hook changes or reads gradients during "
            "backward, which the graph cannot show")


def _clipping_sentence(name):
    return (f"gradient clipping ({name}) cannot be drawn yet: it changes the parameters' "
            ".grad in place")


def _forward_hook_sentence(name):
    return (f"a module's {name.replace('register_', '').replace('_', ' ')} cannot be drawn "
            "yet: it runs code of your own around the layer, which the graph cannot show")


REFUSED = {
    **{name: _hook_sentence(name) for name in _HOOKS},
    "torch.autograd.Function.apply":
        "a custom autograd.Function cannot be drawn yet: its backward is code of your own, "
        "which the graph cannot show",
    "torch.nn.Module.load_state_dict":
        "loading a state_dict into a module (load_state_dict) cannot be drawn yet: it "
        "overwrites the parameters with saved values",
    **{"torch.nn.utils." + name: _clipping_sentence(name)
       for name in ("clip_grad_norm_", "clip_grad_value_")},
    **{"torch.nn.Module." + name: _forward_hook_sentence(name)
       for name in ("register_forward_hook", "register_forward_pre_hook")},
}


def refused(rec, sentence, func, args, kwargs):
    if not rec.quiet:
        raise TraceError(sentence)
    return func(*args, **kwargs)


def buffer(rec, func, args, kwargs):
    # (a loss registers its weight as a buffer, None when it has none)
    tensor = args[2] if len(args) > 2 else kwargs.get("tensor")
    if not rec.quiet and tensor is not None:
        name = type(args[0]).__name__ if args else ""
        if name.startswith("BatchNorm"):
            raise TraceError(f"torch.nn.{name} cannot be drawn yet: its running "
                             "statistics are buffers it writes during the forward "
                             "pass, which the graph cannot show")
        raise TraceError("a module's buffer cannot be drawn yet: use a tensor of the "
                         "script instead")
    return func(*args, **kwargs)


def _register_hook(rec, func, args, kwargs):
    return register_hook(rec, func, *args, **kwargs)


def handlers(rec):
    """The refusals' handlers for ``rec``, by observed name; ``Tensor.register_hook``
    called by the script itself is ``hooks.register_hook``'s (a hook that prints)."""
    h = {name: partial(refused, rec, sentence) for name, sentence in REFUSED.items()}
    h["torch.nn.Module.register_buffer"] = partial(buffer, rec)
    h["Tensor.register_hook"] = at_top(rec, partial(_register_hook, rec))
    return h
