"""The actions that show nodes at a moment of the timeline, one entry each: ``print``
(``print(x)``: inside a loop it prints nothing, the loop prints its one-element tensors)
and ``compute`` (the chosen nodes computed at this step instead of in the forward pass,
``document/run_late.py``)."""
from .record import defaction


def _print_run(ctx, action):          # (the step's snapshot is what it prints)
    ctx.tensor(action.params["tensor"], "tensor")


defaction("print", (("tensor", "node", None),), "print(tensor)",
          lambda a, spell: ([f"print({spell.node(a.params['tensor'])})"], []),
          run=_print_run, aim=lambda k: {"tensor": k.picked or k.last}, prints="tensor",
          then_grads=False,
          explain=lambda a, spell: (
              f"Prints {spell.node(a.params['tensor'])} as it is at this moment."))


def _compute_listed(action, spell):
    return "compute " + (", ".join(spell.node(n) for n in action.params["nodes"])
                         or "(nothing)")


def _compute_code(action, spell):
    return [f"# compute {', '.join(spell.node(n) for n in action.params['nodes']) or '?'}"], []


defaction("compute", (("nodes", "nodes", []),), "compute nodes here", _compute_code,
          run=lambda ctx, a: ctx.compute_late(), aim=lambda k: {"nodes": list(k.selection)},
          recomputes="late", then_grads=False, listed=_compute_listed, distinct=("nodes",),
          explain=lambda a, spell: (
              f"Computes {', '.join(spell.node(n) for n in a.params['nodes']) or 'nothing'} "
              "at this moment, from the tensors as they are now (and every node built on "
              "them that no later step computes)."))
