"""The nodes a ``Recorder`` keeps (a mixin of it): a tensor's node (``node_index``: an
unknown tensor becomes a literal, a gradient a ``grad_of`` or ``autograd_grad`` node),
records committed as nodes (``emit``, ``_commit``: inside a composite call kept until
the call is known to have no kind of its own), tensors sharing memory, and the nodes an
update consumed (``drop_tail``).

Part of the tracing child (``child.py``); imports only numpy, the engine's public API and
its sibling modules.
"""
import numpy as np

from gradstudio import gc_policy
from gradstudio.engine import inspect as raw
from gradstudio.vocabulary import DTYPES
from gradstudio.words import QT_TRANSLATE_NOOP, Number

from .cut import made_line
from .collect import collected_stack
from .keeping import kept_node
from .ops import op_record
from .norms import MOVED, committed
from .writes import VIEW_WRITE
from .values import (RANDOM_KINDS, TraceError, fed_back, _inferred_dtype, _jsonable,
                     _Record, _values, has_marked)

MAX_RECORDED = 200_000        # operations recorded (a training loop's iterations included)
FREEZE_EVERY = 1000    # recorded nodes between two gc.freeze() (see _commit)


class RecordedNodes:
    """The node-building part of ``Recorder`` (its state: ``Recorder.__init__``)."""

    def memory_index(self, t):
        """The node of the parameter (a leaf that requires grad) whose memory ``t`` is,
        whole, when the trace did not see ``t`` made (a ``state_dict()``'s detached
        value); else ``node_index(t)``. Only for a value read where it is, at a step
        (``load_values``): computing with it would not be computing with the
        parameter."""
        if id(t) not in self.node_of and raw.is_tensor(t) and raw.grad_fn(t) is None \
                and not raw.requires_grad(t):
            memory = raw.data(t)
            for held in self.grad_holders.values():
                if raw.data(held) is memory and raw.grad_fn(held) is None and \
                        id(held) in self.node_of:
                    return self.node_of[id(held)]
        return self.node_index(t)

    def node_index(self, t):
        """The node holding tensor ``t``; an unknown tensor becomes a literal node (a
        gradient one marked as such: a value computed from it would be frozen there;
        ``finish`` refuses it if it is still part of the graph at the end)."""
        i = self.node_of.get(id(t))
        if i is not None:
            return i
        if id(t) in self.grad_calls:
            i = self._grad_node(t)
            if i is not None:
                return i
        if id(t) in self.absorbed:
            raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", 
                "the step of a parameter update (lr * w.grad) is used again after the "
                "update, which cannot be drawn yet"))
        if id(t) in self.retired:
            raise TraceError(self.retired[id(t)])
        if id(t) in self.kept.values:            # (a value a hook kept: ``keeping``)
            return kept_node(self, t)
        made_in = made_line(self, t) if self.parts else None
        if raw.grad_fn(t) is not None and made_in is None:
            raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", 
                "a tensor computed outside the traced operations (for example a gradient "
                "returned with create_graph=True) is used here; GradStudio cannot draw where "
                "it came from"))
        if id(t) in self.grad_of:
            return self._grad_value(t)
        taint = None
        if id(t) in self.grad_results:
            taint = QT_TRANSLATE_NOOP(
                "TraceRefusal", "a gradient returned by torch.autograd.grad is used as a "
                "value to compute a new tensor, which cannot be drawn yet: a graph computes "
                "every tensor before its backward steps, so the gradient would be frozen "
                "into a number")
        dtype = t.dtype.name
        value = _values(t)
        params = {"value": value, "requires_grad": bool(raw.requires_grad(t))}
        if dtype != _inferred_dtype(value):
            if dtype not in DTYPES:
                raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", 
                    "a {dtype} tensor cannot be drawn; GradStudio documents hold {dtypes} "
                    "tensors"), dtype=dtype, dtypes=", ".join(DTYPES))
            params["dtype"] = dtype
        i = self._commit(_Record("tensor", params, {}, t),
                         taint=None if taint is None else (self.line(), taint))
        # (its values: the script's here; one a recorded part made: at the line making it)
        self.nodes[i]["recorded_at"] = made_in or self.line()
        if self.parts:         # (its .grad is checked from the next action on, by uid:
            self.nodes[i]["since"] = self.uids + 1    # ``recorder_finish``)
        if raw.grad_fn(t) is not None:
            # made by a recorded part from other tensors: a leaf of the graph holding
            # its values (its grad_fn is the part's; backward stops at it, and the check
            # refuses a graph whose gradients would then differ: ``cut``)
            self.nodes[i]["leaf_rg"] = True
            if self.record_values:
                self.values[i] = self.values[i][:2] + (None,)
        elif made_in is not None and raw.grad(t) is not None:
            self._recorded_grad(i, t, made_in)
        return i

    def _recorded_grad(self, i, t, line):
        """A leaf a recorded part left with a ``.grad`` (a parameter its training loop
        trained): the gradient is a recorded literal too, given to the new node by a
        ``set_grad`` step (``x.grad = g``), so the next backward adds to it as the
        script's did."""
        g = raw.grad(t)
        j = self.node_of.get(id(g))
        if j is None:
            j = self.node_index(g)
            self.nodes[j]["recorded_at"] = line
        self.action("set_grad", {"tensor": i, "grad": j})
        self.action_done()

    def _grad_value(self, t):
        """``x.grad`` (``t``) computed with (``x.grad - by_hand``): a ``grad_of`` node of
        its owner, computed at this moment of the timeline (``late``: after the last
        action so far; ``finish`` makes the ``compute`` step), as is everything computed
        from it. A parameter update consumes it instead (``updates``: ``lr * w.grad``)."""
        owner = self.grad_of[id(t)]
        alias = self.grad_alias.get(id(t))          # x.grad.data: the .grad itself
        index = self._commit(_Record("grad_of", {}, {"self": self.objects[owner]},
                                     t if alias is None else alias))
        self.node_of[id(t)] = index
        self.nodes[index]["grad_owner"] = owner
        return index

    @property
    def grad_anchors(self):
        """id(a torch.autograd.grad call drawn as nodes) -> the ``uid`` of the step its
        nodes are computed after (a call after a backward step)."""
        return vars(self).setdefault("_grad_anchors", {})

    def grads_returned(self, result):
        """What the last action, ``torch.autograd.grad``, returned: each gradient may
        become a node if the script computes with it (``_grad_node``)."""
        a = self.actions[-1]
        for k, g in enumerate(result):
            if g is not None:
                self.grad_results.add(id(g))
                self.grad_calls[id(g)] = (a, g, k)
                self.keep.append(g)

    def _grad_node(self, t):
        """A gradient ``torch.autograd.grad`` returned, now computed with (a second
        derivative, a gradient penalty, a Jacobian's row): its call becomes an
        ``autograd_grad`` node instead of a timeline step, if it asked for one output's
        gradient: a node of the forward pass when the call came before every other step,
        else computed by a ``compute`` step after the step before the call (``late``). A call with several inputs (a
        Jacobian of several inputs, ``jacobian(f, (a, b))``) is one node per input whose
        gradient is used, each the gradient with respect to that input. None otherwise:
        the caller then refuses it in words."""
        a, g, k = self.grad_calls.pop(id(t))
        p = a["params"]
        if id(a) not in self.split_calls:
            # (found by identity: actions are dicts holding arrays, which == cannot compare)
            at = next((j for j, b in enumerate(self.actions) if b is a), None)
            if at is None:
                return None
            anchor = _anchor_before(self.actions, at)
            if anchor is False:
                return None
            if len(p["outputs"]) != 1:
                raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", 
                    "a gradient torch.autograd.grad returned for several outputs is used as "
                    "a value, which cannot be drawn yet; ask for one output's gradient per "
                    "call"), line=a["line"])
            del self.actions[at]
            self.split_calls[id(a)] = a       # (kept: its id stays unique)
            if anchor is not None:
                self.grad_anchors[id(a)] = anchor
            for node in self.nodes:      # (made after the call, which is no step now)
                if "late" in node and node["late"] == a["uid"]:
                    node["late"] = anchor
        inputs = {"outputs": self.objects[p["outputs"][0]],
                  "inputs": self.objects[p["inputs"][k]]}
        if p["grad_outputs"] and p["grad_outputs"][0] is not None:
            inputs["grad_outputs"] = self.objects[p["grad_outputs"][0]]
        # (one call for several inputs is one node each: each keeps the graph for the
        # others; a later backward the freed graph made fail is the check's to find)
        retain = p["retain_graph"] or len(p["inputs"]) > 1
        i = self._commit(_Record("autograd_grad", {"retain_graph": retain,
                                                   "create_graph": p["create_graph"]},
                                 inputs, g))
        node = self.nodes[i]
        node["line"] = a["line"]
        node["watched"] = id(g) in self.printed_grads
        anchor = self.grad_anchors.get(id(a))
        if anchor is not None:   # (after a step: computed there, as a grad_of is)
            node["late"] = anchor
        for name in sorted(self.bound.get(id(g), ())):
            self._name_variable(name, g)
        return i

    # ---------------------------------------------------------------- records
    def emit(self, rec):
        """Commits ``rec`` (a ``_Record``, or an op call still to be mapped) or, inside a
        composite call, keeps it until that call is known to have no kind of its own."""
        if len(self.frames) > 1:
            self.frames[-1].append(rec)
        else:
            if isinstance(rec, tuple) and rec[0].name == "stack" and \
                    collected_stack(self, *rec[1:]) is not None:
                return         # (torch.stack(losses) of the tensors a loop collected)
            rec = op_record(*rec) if isinstance(rec, tuple) else rec
            if rec.taint is not None and rec.taint[0] is None:     # (refused if it stays)
                rec.taint = (self.line(), rec.taint[1])
            self._commit(rec)

    def settle_view(self):
        """Refuses an in-place update of a view that no ``x[key] = view`` followed
        (see ``writes``): called before anything else is recorded."""
        pending, self.pending_view = self.pending_view, None
        if pending is not None:
            raise TraceError(VIEW_WRITE, line=pending.line)

    def _commit(self, rec, taint=None):
        if self.pending_view is not None:
            self.settle_view()
        if self.before_event is not None:
            self.before_event()
        if len(self.nodes) >= MAX_RECORDED:
            raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", 
                "the script made more than {count} tensor operations, too many to trace"),
                count=Number(MAX_RECORDED))
        if len(self.nodes) % FREEZE_EVERY == FREEZE_EVERY - 1:
            # what the trace keeps (every tensor seen) lives to the end: out of the cyclic
            # collector's sight, its full collections walk only what came since
            gc_policy.freeze_survivors()
        inputs = {}
        taint = taint or rec.taint
        if taint is None and has_marked(rec.params):
            taint = (self.line(), fed_back(rec.params, self.loading))
        # computed at a timeline step (``_grad_value``, ``keeping.kept_node``)
        late = rec.kind in ("grad_of", "kept_grad")
        for port, t in rec.inputs.items():
            inputs[port] = self.node_index(t)
            taint = taint or self.nodes[inputs[port]]["taint"]
            late = late or "late" in self.nodes[inputs[port]] or bool(
                self.actions and self.nodes[inputs[port]].get(MOVED))
        if rec.kind in RANDOM_KINDS and rec.params.get("generator") is None:
            # (the global generator's draws: not a torch.Generator's)
            if self.random_dirty and not rec.inputs and self.reseed is None:
                # a recorded part drew random numbers: the graph's stream is not the
                # script's any more, so what this source drew is recorded (``cut``)
                return self.node_index(rec.output)
            self.random_drawn = True
            if self.reseed is not None:       # torch.manual_seed(n) since the last draw
                rec.params["manual_seed"], self.reseed = self.reseed, None
        grad_on = self.torch.is_grad_enabled()
        region = None
        if not grad_on:
            region = self.block_stack[-1] if self.block_stack else "global"
        index = len(self.nodes)
        self.nodes.append({"kind": rec.kind, "params": _jsonable(rec.params), "inputs": inputs,
                           "label": None, "watched": False, "retains_grad": False,
                           "region": region,
                           "line": self.line(), "alias": rec.alias, "keep": False,
                           "taint": taint,
                           "leaf_rg": bool(raw.requires_grad(rec.output) and
                                           raw.grad_fn(rec.output) is None)})
        # (after the last action: the .grad exists only after one; a buffer a BatchNorm
        # moved is read where the script read it, ``norms``)
        if late:
            self.nodes[index]["late"] = self.last_uid()
        t = rec.output
        self.node_of[id(t)] = index
        self.keep.append(t)
        self.objects.append(t)
        if raw.requires_grad(t) and raw.grad_fn(t) is None:
            self.grad_holders[id(t)] = t
        if self.record_values:
            self.values[index] = _value_of(t)
        committed(self, index, rec)      # (a BatchNorm moving its running averages)
        return index

    def written_in_place(self, i, late=None):
        """Node ``i`` wrote into its input tensor itself (``trace.writes``): that node
        and the nodes its chain of same-tensor nodes goes back to (``requires_grad_``,
        earlier writes in place, down to the node that made the tensor) are one tensor,
        in the document too, so their recorded values are taken again, as they are now
        (the check compares them with the document's after its forward pass). A write
        after a timeline action (``late``: the action's ``uid``) takes again only the
        nodes written after that same action: one compute step writes them all, and the
        check compares each with the document's after that step (``numeric[i] = ...``
        for each ``i``, after a backward); the nodes before keep their values."""
        for k in self.same_tensor(i):
            if self.record_values and (late is None or self.nodes[k].get("late") == late):
                self.values[k] = _value_of(self.objects[k])
                j = self.nodes[k]["inputs"].get("self")
                if late is None and self.nodes[k]["kind"] == "detach" and \
                        id(self.objects[j]) in self.retired:
                    # (nn.Parameter(torch.randn(3) * 0.1) is the product's detach: the
                    # product shares its memory, in the script and the document alike)
                    self.values[j] = _value_of(self.objects[j])

    def retake(self, i):
        """Node ``i``'s recorded values taken again, as its tensor is now (a buffer a
        ``batch_norm`` node wrote into in the forward pass: ``norms``)."""
        if self.record_values:
            self.values[i] = _value_of(self.objects[i])

    def same_tensor(self, i):
        """Node ``i`` and the nodes its chain of same-tensor nodes goes back to (see
        ``written_in_place``)."""
        t = self.objects[i]
        while i is not None and self.objects[i] is t:
            yield i
            if not self.nodes[i]["alias"]:
                break
            i = self.nodes[i]["inputs"].get("self")

    def share_memory(self, a, b):
        """``b`` (``a.detach()`` or ``a.data``) shares ``a``'s memory."""
        group = self.memory.get(id(a)) or [a]
        for t in self.memory.get(id(b)) or [b]:
            if all(t is not u for u in group):
                group.append(t)
        for t in group:
            self.memory[id(t)] = group

    def taint_sharers(self, t, message):
        """An in-place update of ``t``: the nodes of the tensors sharing its memory no
        longer hold what the script's tensors do."""
        for other in self.memory.get(id(t), ()):
            i = self.node_of.get(id(other))
            if other is not t and i is not None and self.nodes[i]["taint"] is None:
                self.nodes[i]["taint"] = (self.line(), message)

    def refill(self, i, kind, params):
        """Node ``i``, a new ``torch.empty`` tensor nothing used yet, filled in place
        (``nn.init.uniform_`` inside a module's constructor): it becomes a ``kind`` node,
        its values taken again."""
        node = self.nodes[i]
        node.update(kind=kind, params=_jsonable(params), taint=None)
        if self.record_values:
            self.values[i] = _value_of(self.objects[i])

    def drop_tail(self, indices):
        """Removes the nodes ``indices`` (the last ones made, unused) that an update
        consumed; their tensors may not be used again (``node_index``)."""
        for i in sorted(indices, reverse=True):
            assert i == len(self.nodes) - 1
            t = self.objects.pop()
            self.nodes.pop()
            self.values.pop(i, None)
            if self.node_of.get(id(t)) == i:
                del self.node_of[id(t)]
            if id(t) not in self.grad_of:          # (a gradient may be read again)
                self.absorbed.add(id(t))
            group = self.memory.pop(id(t), None)
            if group is not None:
                group[:] = [u for u in group if u is not t]

    def mark_kept(self, t):
        i = self.node_of.get(id(t))
        if i is not None:
            self.nodes[i]["keep"] = True


def _value_of(t):
    """What a node's recorded values hold: (a copy of the data, dtype, grad_fn name)."""
    fn = raw.grad_fn(t)
    return np.array(raw.data(t)), t.dtype.name, None if fn is None else type(fn).__name__


def _anchor_before(actions, at):
    """Where the nodes of the ``torch.autograd.grad`` call ``actions[at]`` are computed:
    None, in the forward pass (only other such calls came before it); else the ``uid`` of
    the last other step before it, for a ``compute`` step after that one (``late``; the
    ``grad`` calls between change nothing, and may become nodes themselves); False when
    that step has none (a refusal)."""
    before = [b for b in actions[:at] if b["kind"] != "grad"]
    if not before:
        return None
    uid = before[-1].get("uid")
    return False if uid is None else uid
