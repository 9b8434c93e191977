"""Nodes computed at a timeline step: a ``compute`` action instead of the forward pass.

A script computes a tensor where its line is: ``x.grad - by_hand`` after the backward
that gave ``x`` its gradient, ``w.detach()`` after the training loop. A ``compute``
action lists such nodes; the run computes them when it reaches the action (from the
tensors as they are then), not in the forward pass, and the export writes them there.

Which nodes a step computes (``LatePlan``):

- a node a ``compute`` action lists is computed at the first such action listing it;
- a node no ``compute`` action lists, with an input computed at a step, is computed at
  the latest of its inputs' steps (building on ``x.grad`` needs no second listing);
- a listed node whose input is computed at a later step cannot be computed: it says
  so, and what uses it is not computed either.

Before its step a node has no value yet; the views say when it will (``pending``).
"""

from gradstudio.words import translate

__all__ = ["LatePlan", "plan_late"]


class LatePlan:
    """``step`` maps each late node to the timeline index of the ``compute`` action that
    computes it; ``at`` maps each such action's id to its nodes, in the run's order;
    ``problems`` maps a listed node that cannot be computed to why."""

    def __init__(self):
        self.step, self.at, self.problems = {}, {}, {}
        self._titles = {}

    def __contains__(self, node_id):
        return node_id in self.step

    def __bool__(self):
        return bool(self.step)

    def when(self, node_id):
        """Where a late node is computed, as the views say it: ``step 2 (compute g)``."""
        i = self.step[node_id]
        return f"step {i + 1} ({self._titles[i]})"

    def pending(self, node_id, step):
        """Why ``node_id`` has no value at run step ``step`` (0: after the forward pass,
        i: after the i-th action), or None when it has one by then."""
        i = self.step.get(node_id)
        if i is None or step > i:
            return None
        return f"Not computed yet: this node is computed at {self.when(node_id)}."


def plan_late(doc, order):
    """The ``LatePlan`` of ``doc`` for the run's ``order`` (empty without ``compute``
    actions: then every node belongs to the forward pass)."""
    plan = LatePlan()
    listed = {}
    for i, action in enumerate(doc.timeline):
        if action.kind == "compute":
            for nid in action.params["nodes"]:
                listed.setdefault(nid, i)
    if not listed:
        return plan
    timeline = doc.timeline
    step, problems = plan.step, plan.problems
    for nid in order:
        latest = max((step[s] for s in doc.inputs_of(nid).values() if s in step),
                     default=None)
        own = listed.get(nid)
        if own is None:
            if latest is None:
                continue
            at = latest
        else:
            at = own
            if latest is not None and latest > at:
                problems[nid] = translate(
                    "Run", "Not computed: an input is computed at step {latest}, after this "
                    "node's step {at}; compute this node at a later step.").format(
                    latest=latest + 1, at=at + 1)
        step[nid] = at
        plan.at.setdefault(timeline[at].id, []).append(nid)
    for i in set(step.values()):
        names = [doc.display_name(n) for n in timeline[i].params["nodes"] if doc.has_node(n)]
        plan._titles[i] = "compute " + ", ".join(names)
    return plan
