"""Autograd explained in the user's terms, from a document and its run: why a node has no
backward graph, where a gradient stops, which action freed the buffers a later backward
needs. Plain text (names go through ``emphasis``, so the window can bold them); the
window's panels and the command line say the same thing (the window in its language:
``gradstudio.words``)."""
from gradstudio.timeline import ACTIONS
from gradstudio.words import translate

__all__ = ["why_no_graph", "where_grad_stops", "freeing_action", "untracked_backward",
           "SECOND_BACKWARD", "NOT_TRACKED"]

SECOND_BACKWARD = "backward through the graph a second time"
NOT_TRACKED = "does not require grad and does not have a grad_fn"


def _plain(text):
    return text


def why_no_graph(doc, result, node, step=-1, emphasis=_plain):
    """Why ``node``'s tensor has no grad_fn at ``step``, in one or two sentences."""
    name = emphasis(doc.display_name(node))
    state = result.state(node, step) if result is not None else None
    if state is None or not state.ok:
        return translate("Explain", "{name} was not computed (its error is shown on its "
                         "node and in the Inspector), so it has no backward graph.").format(
            name=name)
    if doc.node(node).kind == "detach":
        return translate("Explain", "{name} is a detached copy: it shares its input's "
                         "values, but gradients stop at it, so it has no grad_fn and "
                         "nothing flows back from it.").format(name=name)
    if doc.in_no_grad(node):
        return translate("Explain", "{name} is computed inside torch.no_grad(): PyTorch "
                         "recorded no graph for it, so it has no grad_fn.").format(name=name)
    if state.is_leaf and state.requires_grad:
        return translate("Explain", "{name} is a leaf that requires grad: it has no grad_fn "
                         "of its own; backward() stores its gradient in {name}.grad. Select "
                         "a node computed from it to see a backward graph.").format(name=name)
    if not doc.inputs_of(node):
        if "requires_grad" not in doc.node(node).params:     # a dataset: data, not a leaf
            return translate("Explain", "{name} is data: it does not require grad, so "
                             "PyTorch records no graph for it; the model's parameters are "
                             "what training tracks.").format(name=name)
        return translate("Explain", "{name} does not require grad, so PyTorch records no "
                         "graph for it. Tick requires_grad in the Inspector to track "
                         "it.").format(name=name)
    stop = where_grad_stops(doc, result, node, step)
    if stop == node:
        return translate("Explain", "{name} has no grad_fn: {kind} has no gradient, so "
                         "PyTorch records no graph through it.").format(
            name=name, kind=doc.node(node).kind)
    if stop is not None:
        kind = doc.node(stop).kind
        why = (translate("Explain", "it is a detach()") if kind == "detach" else
               translate("Explain", "it is inside torch.no_grad()") if doc.in_no_grad(stop)
               else translate("Explain", "{kind} has no gradient").format(kind=kind))
        return translate("Explain", "{name} has no grad_fn: the gradient stops further up, "
                         "at {stop} ({why}).").format(
            name=name, stop=emphasis(doc.display_name(stop)), why=why)
    return translate("Explain", "{name} has no grad_fn: nothing it is computed from "
                     "requires grad. Tick requires_grad on a source in the Inspector to "
                     "track it.").format(name=name)


def where_grad_stops(doc, result, node, step=-1):
    """The nearest node at or above ``node`` that does not require grad although one of
    its inputs does (a detach, a no-grad region, an op without a gradient), or None."""
    seen, queue = {node}, [node]
    while queue:
        n = queue.pop(0)
        for src in doc.inputs_of(n).values():
            state = result.state(src, step)
            if state.ok and state.requires_grad:
                return n
            if src not in seen:
                seen.add(src)
                queue.append(src)
    return None


def freeing_action(doc, result, action_id):
    """For an action that failed with PyTorch's "backward through the graph a second time"
    error: the latest earlier backward (or autograd.grad) without retain_graph that ran and
    freed saved tensors, the one that needs ``retain_graph=True``; else None."""
    error = result.action_error(action_id) if result is not None else None
    if not error or SECOND_BACKWARD not in error:
        return None
    earlier = []
    for action in doc.timeline:
        if action.id == action_id:
            break
        earlier.append(action)
    for action in reversed(earlier):
        outcome = result.outcome(action.id)
        if (ACTIONS[action.kind].walk is not None   # (a backward pass)
                and not action.params.get("retain_graph")
                and outcome is not None and outcome.error is None
                and any(step.freed for step in outcome.steps)):
            return action
    return None


def untracked_backward(doc, result, action_id):
    """For a backward that failed with PyTorch's "element 0 of tensors does not require
    grad and does not have a grad_fn": ``(why, source)``, why its target has no grad_fn
    (``why_no_graph``) and the source whose ``requires_grad``, ticked, fixes it; source
    is None when nothing upstream can be ticked (the gradient is stopped by a detach, a
    no_grad region or an op without a gradient: ``why`` names it). Else None."""
    error = result.action_error(action_id) if result is not None else None
    if not error or NOT_TRACKED not in error:
        return None
    action = doc.action(action_id)
    target = action.params.get("target")
    if not doc.has_node(target):
        return None
    step = doc.timeline.index(action)
    why = why_no_graph(doc, result, target, step)
    if where_grad_stops(doc, result, target, step) is not None:
        return why, None
    seen, queue, sources = {target}, [target], []
    while queue:
        n = queue.pop(0)
        if not doc.inputs_of(n) and "requires_grad" in doc.node(n).params:
            state = result.state(n, step)
            if state.ok and _floating(state.dtype) and not state.requires_grad:
                sources.append(n)
        for src in doc.inputs_of(n).values():
            if src not in seen:
                seen.add(src)
                queue.append(src)
    return why, (sources[0] if sources else None)


def _floating(dtype):
    """Whether a dtype name is one that can require grad (floating point)."""
    return bool(dtype) and (dtype.startswith(("float", "bfloat", "complex")) or dtype == "half")
