"""Momentum written by hand (part of the tracing child): ``v = mu * v + w.grad`` then
``w -= lr * v`` under ``torch.no_grad()`` (or ``w.sub_(lr * v)``), with ``v`` a tensor
made before (``torch.zeros_like(w)``), is one ``momentum_update`` action, which changes
``w`` and ``v`` in place as the script did; ``v``'s node stands for the new tensor the
name holds from then on, so the next iteration uses the same node (a loop folds).

The script's nodes of the step (``mu * v``, ``w.grad``, their sum and ``lr * v``) must
be the last ones made, used by nothing else: the action consumes them. Anything else
(the step of another tensor in between, a Nesterov step ``w.grad + mu * v``) stays
what it was: an update the caller refuses, so that part is recorded.

Imports only the engine's public API, the action records and its sibling modules."""
from gradstudio.engine import inspect as raw
from gradstudio.timeline import Seen, traced

from .values import SCALAR_FED_BACK, TraceError, has_marked

__all__ = ["momentum_step"]


def _plain(value):
    return not isinstance(value, bool) and type(value) in (int, float) and \
        abs(value) != float("inf") and value == value


def _scaled(node):
    """``(input, number)`` of a node ``x * number`` (``number * x``), else None."""
    if node["kind"] != "mul" or list(node["inputs"]) != ["self"] or \
            list(node["params"]) != ["other"]:
        return None
    return node["inputs"]["self"], node["params"]["other"]


def _velocity(rec, i, leaf):
    """``(v0, mu, [nodes])`` when node ``i`` is ``mu * v0 + leaf.grad`` (``v0`` a node made
    before, that needs no grad, standing for its tensor still), else None."""
    node = rec.nodes[i]
    if node["kind"] != "add" or set(node["inputs"]) != {"self", "other"} or node["params"]:
        return None
    m, g = node["inputs"]["self"], node["inputs"]["other"]
    scaled = _scaled(rec.nodes[m])
    owner = rec.nodes[g].get("grad_owner")
    grad, now = rec.objects[g], raw.grad(leaf)
    if scaled is None or owner is None or rec.objects[owner] is not leaf or now is None or \
            (grad is not now and rec.grad_alias.get(id(grad)) is not now):
        return None
    v0, mu = scaled
    old = rec.objects[v0]
    if has_marked(mu):
        raise TraceError(SCALAR_FED_BACK)
    # (v.mul_(mu).add_(w.grad): the same tensor all along, standing for the sum now)
    standing = i if old is rec.objects[i] and rec.objects[m] is old else v0
    if not _plain(mu) or raw.requires_grad(old) or rec.node_of.get(id(old)) != standing or \
            tuple(old.shape) != tuple(leaf.shape) or old.dtype != leaf.dtype or \
            rec.nodes[v0]["alias"]:
        return None
    return v0, mu, [m, g, i]


def momentum_step(rec, leaf, step, style):
    """Records ``leaf -= lr * v`` (``step`` the tensor ``lr * v``) as a ``momentum_update``
    when ``v`` was just computed as ``mu * v + leaf.grad``; False when it was not."""
    i = rec.node_of.get(id(step))
    scaled = None if i is None else _scaled(rec.nodes[i])
    if scaled is None or not _plain(scaled[1]):
        if scaled is not None and has_marked(scaled[1]):
            raise TraceError(SCALAR_FED_BACK)
        return False
    a, lr = scaled
    named = {a}                         # (nodes whose name the step's code drops)
    found, nesterov = _velocity(rec, a, leaf), False
    if found is None:
        found, nesterov = _nesterov(rec, a, leaf), True
        if found is None:
            return False
        a, found = found
        named.add(a)
    v0, mu, chain = found
    chain = sorted(chain + [i])
    if not _consumable(rec, chain, named):
        return False
    moved = _to_the_end(rec, chain)
    if moved is None:
        return False
    a, chain = moved.get(a, a), sorted(moved.get(k, k) for k in chain)
    new, old = rec.objects[a], rec.objects[v0]
    rec.drop_tail(chain)
    rec.absorbed.discard(id(new))
    rec.keep.append(old)               # (its id stays unique)
    rec.node_of.pop(id(old), None)
    rec.node_of[id(new)] = v0
    rec.objects[v0] = new
    _join_or_add(rec, rec.node_of[id(leaf)], v0, {
        "lr": float(lr), "momentum": float(mu),
        "form": "mul_add" if new is old else "assign", "style": style,
        "nesterov": nesterov, "no_grad": not rec.torch.is_grad_enabled()})
    return True


def _nesterov(rec, s, leaf):
    """``(v, found)`` when node ``s`` is ``leaf.grad + mu * v`` (a Nesterov step) with
    ``v`` just computed as ``mu * v0 + leaf.grad`` (``found``: ``_velocity``'s, with the
    step's own nodes), else None."""
    node = rec.nodes[s]
    if node["kind"] != "add" or set(node["inputs"]) != {"self", "other"} or node["params"]:
        return None
    g, n = node["inputs"]["self"], node["inputs"]["other"]
    scaled = _scaled(rec.nodes[n])
    if scaled is None or rec.nodes[g].get("grad_owner") is None or \
            rec.objects[rec.nodes[g]["grad_owner"]] is not leaf:
        return None
    v, mu = scaled
    found = _velocity(rec, v, leaf)
    if found is None or found[1] != mu or g not in found[2]:
        return None
    return v, (found[0], mu, found[2] + [n, s])


def _consumable(rec, chain, named):
    """Whether the nodes ``chain`` may be consumed by the step recorded now: made since
    the last action (or, ``_before_last``, only they since it began), unwatched, unkept,
    unnamed but for ``named``, and used by no other node."""
    last = rec.actions[-1] if rec.actions else None
    if _before_last(rec, last, chain):       # (vb's nodes came before w's update)
        last["after"] = chain[0]
    last_action = last["after"] if last else 0
    return not (last_action > chain[0] or any(
            (rec.nodes[k]["label"] and k not in named) or rec.nodes[k]["watched"] or
            rec.nodes[k]["keep"] for k in chain) or any(
            src in chain for k in range(chain[0], len(rec.nodes)) if k not in chain
            for src in rec.nodes[k]["inputs"].values()))


def _before_last(rec, last, chain):
    """Whether ``chain`` is the step of a tensor whose velocity the script computed before
    the last action, a ``momentum_update`` of another tensor (``vw = ...; vb = ...; w -=
    lr * vw; b -= lr * vb``): only ``chain``'s nodes were made since it began."""
    return last is not None and last["kind"] == "momentum_update" and \
        not last.get("failed") and chain[0] < last["after"] and \
        chain == list(range(chain[0], len(rec.nodes)))


def _to_the_end(rec, chain):
    """Moves the nodes ``chain`` after the other nodes made since them (``vw = mu * vw +
    w.grad; vb = mu * vb + b.grad; w -= lr * vw``: ``vb``'s nodes come first, for its own
    update), keeping each group's order (none of those uses a node of ``chain``). Returns
    where each moved node went (old -> new), or None (nothing moved) when a node of them
    is already read by what keeps node numbers."""
    first, end = chain[0], len(rec.nodes)
    others = [k for k in range(first, end) if k not in chain]
    if not others:
        return {}
    tail = set(range(first, end))
    if tail & (set(rec.item_reads) | set(rec.written) | set(rec.grad_writes)):
        return None
    order = others + list(chain)
    new = {old: first + n for n, old in enumerate(order)}
    nodes, objects = [rec.nodes[k] for k in order], [rec.objects[k] for k in order]
    values = {new[k]: rec.values[k] for k in order if k in rec.values}
    rec.nodes[first:], rec.objects[first:] = nodes, objects
    for k in order:
        rec.values.pop(k, None)
    rec.values.update(values)
    for node in nodes:
        node["inputs"] = {p: new.get(src, src) for p, src in node["inputs"].items()}
    for key, k in list(rec.node_of.items()):
        if k in new:
            rec.node_of[key] = new[k]
    return new


def _join_or_add(rec, node, velocity, settings):
    kind, made = traced("p -= lr * v", Seen(params=dict(settings, tensors=[node],
                                                        velocities=[velocity])))
    last = rec.actions[-1] if rec.actions else None
    if last is not None and last["kind"] == kind and last["after"] == len(rec.nodes) \
            and not last.get("failed") and node not in last["params"]["tensors"] and \
            velocity not in last["params"]["velocities"] and \
            all(last["params"][k] == v for k, v in settings.items()):
        last["params"]["tensors"].append(node)
        last["params"]["velocities"].append(velocity)
    else:
        rec.action(kind, made)
    p = rec.actions[-1]["params"]
    rec.action_done(values=[(k, rec.objects[k]) for k in p["tensors"] + p["velocities"]])
