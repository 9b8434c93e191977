"""The recorder of the tracing child: ``Recorder`` keeps the nodes and actions a script
makes, buffers the operations inside composite calls, names nodes after the script's
variables and, at the end, folds training loops (``fold``), drops dead temporaries and
returns the JSON-able result.

Part of the tracing child (``child.py``); imports only numpy, the engine's public API, the
action records (``gradstudio.timeline``) and its sibling modules.
"""
import keyword
import sys

import numpy as np

from gradstudio import gc_policy
from gradstudio.engine import inspect as raw
from gradstudio.timeline import ACTIONS
from gradstudio.vocabulary import DTYPES, RESERVED_NAMES

from .fold import fold
from .late import place_computes
from .ops import op_record
from .cut import recorded_event
from .said import merge_adjacent, said_event
from .writes import VIEW_WRITE
from .values import (NODE_PARAMS, RANDOM_KINDS, SCALAR_FED_BACK, ActionRef, TraceError,
                     _inferred_dtype, _jsonable, _Record, _values, has_marked)

MAX_NODES = 20_000            # nodes of the graph drawn (after a training loop is folded)
MAX_RECORDED = 200_000        # operations recorded (a training loop's iterations included)
MAX_STEP_GRADS = 1_000_000    # gradient elements kept after each action, in all
FREEZE_EVERY = 1000    # recorded nodes between two gc.freeze() (see _commit)
UNSEEDED = 0     # an unseeded script draws as if seeded with 0, the document's default
_RANDOM_KINDS = RANDOM_KINDS


class Recorder:
    def __init__(self, engine, filename, record_values=False):
        self.record_values = record_values
        self.values = {}              # node index -> (data copy, dtype, grad_fn name)
        self.written = {}             # node index -> its data after a later write made
        #                               in place by a compute step (for a folded loop)
        self.objects = []             # node index -> its output tensor
        self.torch = engine
        self.Tensor = engine.Tensor
        self.Module = engine.nn.Module
        self.filename = filename
        self.source = ""              # the script's text (a hook is read from it)
        self.quiet = 0
        self.frames = [[]]            # buffered records of open composite calls
        self.nodes = []               # committed node dicts, in order
        self.node_of = {}             # id(tensor) -> node index
        self.keep = []                # every tensor seen, kept alive so ids stay unique
        self.grad_of = {}             # id(.grad tensor) -> node index of its owner
        self.grad_alias = {}          # id(x.grad.data) -> the .grad tensor it aliases
        self.grad_results = set()     # ids of tensors torch.autograd.grad returned
        self.grad_calls = {}          # id(such a tensor) -> (its action, the tensor)
        self.printed_grads = set()    # ids of such tensors printed while not nodes
        self.pending_view = None      # x[1:] += 1 half done (see ``writes``)
        self.memory = {}              # id(tensor) -> the tensors sharing its memory
        self.data_aliases = set()     # ids of tensors x.data returned
        self.data_source = {}         # id(x.data) -> x
        self.absorbed = set()         # ids of tensors a parameter update consumed
        self.retired = {}             # id(tensor) -> why it cannot be used again
        self.item_reads = []          # nodes whose .item() was read since the last print
        self.item_prints = []         # (node, nodes, actions) for each such node printed
        self.watched_prints = []      # (node, nodes, actions, line): a print that watched
        self.said = []                # every print, in order (see ``said``)
        self.clock = 0                # the script's own events so far (see ``cut``)
        self.line_clock = {}          # line -> the count of its first event
        self.cut_at = None            # the count at which to stop drawing (``cut``)
        self.cut = None               # once cut: the result finished there, its line
        self.said_after = []          # the prints made after the cut: text only
        self.namespace = {}           # the script's globals (names for the nodes)
        self.refusal_clock = None     # the count at which ``refusal`` was found
        self.refusal = None           # the first TraceError found outside the observer
        self.uids = 0
        self.grad_holders = {}        # id(tensor) -> tensor that may get a .grad
        self.step_grads_left = MAX_STEP_GRADS
        self.actions = []
        self.forward_lines = []       # lines printing hooks wrote before the first action
        self.action_lines = None      # ... during the action running now (None: none runs)
        self.seed = None
        self.random_drawn = False
        self.reseed = None        # a manual_seed after draws, for the next random source
        self.params_changed = False   # an update or optimizer step was recorded
        self.block_stack = []         # ids of open grad-mode blocks
        self.blocks = 0
        self.labels = set()
        self.suffixes = {}          # name -> the suffix its last label took (see name_node)
        self.bound = {}             # id(tensor) -> the variables seen holding it

    # ---------------------------------------------------------------- helpers
    def line(self):
        f = sys._getframe(1)
        while f is not None:
            if f.f_code.co_filename == self.filename:
                return f.f_lineno
            f = f.f_back
        return None

    def last_uid(self):
        """The ``uid`` of the last action so far (None before any)."""
        return self.actions[-1].get("uid") if self.actions else None

    def is_tensor(self, v):
        return isinstance(v, self.Tensor)

    def node_index(self, t):
        """The node holding tensor ``t``; an unknown tensor becomes a literal node. A
        gradient (a ``.grad`` or what ``torch.autograd.grad`` returned) becomes a literal
        marked as such: a document computes every tensor before its timeline, so a value
        computed from a gradient would be frozen there; ``finish`` refuses it if it is
        still part of the graph at the end."""
        i = self.node_of.get(id(t))
        if i is not None:
            return i
        if id(t) in self.grad_calls:
            i = self._grad_node(t)
            if i is not None:
                return i
        if id(t) in self.absorbed:
            raise TraceError("the step of a parameter update (lr * w.grad) is used again "
                             "after the update, which cannot be drawn yet")
        if id(t) in self.retired:
            raise TraceError(self.retired[id(t)])
        if raw.grad_fn(t) is not None:
            raise TraceError("a tensor computed outside the traced operations (for example a "
                             "gradient returned with create_graph=True) is used here; "
                             "GradStudio cannot draw where it came from")
        if id(t) in self.grad_of:
            return self._grad_value(t)
        taint = None
        if id(t) in self.grad_results:
            taint = ("a gradient returned by torch.autograd.grad is used as a value to "
                     "compute a new tensor, which cannot be drawn yet: a graph computes every "
                     "tensor before its backward steps, so the gradient would be frozen into "
                     "a number")
        dtype = t.dtype.name
        value = _values(t)
        params = {"value": value, "requires_grad": bool(raw.requires_grad(t))}
        if dtype != _inferred_dtype(value):
            if dtype not in DTYPES:
                raise TraceError(f"a {dtype} tensor cannot be drawn; GradStudio documents "
                                 f"hold {', '.join(DTYPES)} tensors")
            params["dtype"] = dtype
        return self._commit(_Record("tensor", params, {}, t),
                            taint=None if taint is None else (self.line(), taint))

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

    def grads_returned(self, result):
        """What the last action, ``torch.autograd.grad``, returned: each gradient may
        become a node if the script computes with it (``_grad_node``)."""
        a = self.actions[-1]
        for g in result:
            if g is not None:
                self.grad_results.add(id(g))
                self.grad_calls[id(g)] = (a, g)
                self.keep.append(g)

    def _grad_node(self, t):
        """A gradient ``torch.autograd.grad`` returned, now computed with (a second
        derivative, a gradient penalty, a Jacobian's row): its call becomes an
        ``autograd_grad`` node of the forward pass instead of a timeline step, if the
        call came before every other step (a graph computes its nodes before its
        timeline) and asked for one output's gradient with respect to one input. None
        otherwise: the caller then refuses it in words."""
        a, g = self.grad_calls.pop(id(t))
        p = a["params"]
        # (found by identity: actions are dicts holding arrays, which == cannot compare)
        at = next((k for k, b in enumerate(self.actions) if b is a), None)
        if at is None or any(b["kind"] != "grad" for b in self.actions[:at]):
            return None
        if len(p["outputs"]) != 1 or len(p["inputs"]) != 1:
            raise TraceError("a gradient torch.autograd.grad returned for several outputs or "
                             "inputs is used as a value, which cannot be drawn yet; ask for "
                             "one output's gradient with respect to one input per call",
                             line=a["line"])
        del self.actions[at]
        inputs = {"outputs": self.objects[p["outputs"][0]],
                  "inputs": self.objects[p["inputs"][0]]}
        if p["grad_outputs"] and p["grad_outputs"][0] is not None:
            inputs["grad_outputs"] = self.objects[p["grad_outputs"][0]]
        i = self._commit(_Record("autograd_grad", {"retain_graph": p["retain_graph"],
                                                   "create_graph": p["create_graph"]},
                                 inputs, g))
        node = self.nodes[i]
        node["line"] = a["line"]
        node["watched"] = id(g) in self.printed_grads
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
        if len(self.nodes) >= MAX_RECORDED:
            raise TraceError(f"the script made more than {MAX_RECORDED:,} tensor operations, "
                             "too many to trace")
        if len(self.nodes) % FREEZE_EVERY == FREEZE_EVERY - 1:
            # what the trace keeps (every tensor seen) lives to the end: out of the cyclic
            # collector's sight, its full collections walk only what came since
            gc_policy.freeze_survivors()
        inputs = {}
        taint = taint or rec.taint
        if taint is None and has_marked(rec.params):
            taint = (self.line(), SCALAR_FED_BACK)
        late = rec.kind == "grad_of"          # computed at a timeline step (``_grad_value``)
        for port, t in rec.inputs.items():
            inputs[port] = self.node_index(t)
            taint = taint or self.nodes[inputs[port]]["taint"]
            late = late or "late" in self.nodes[inputs[port]]
        if rec.kind in _RANDOM_KINDS:
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
        if late:         # (after the last action: the .grad exists only after one)
            self.nodes[index]["late"] = self.last_uid()
        t = rec.output
        self.node_of[id(t)] = index
        self.keep.append(t)
        self.objects.append(t)
        if raw.requires_grad(t) and raw.grad_fn(t) is None:
            self.grad_holders[id(t)] = t
        if self.record_values:
            self.values[index] = _value_of(t)
        return index

    def written_in_place(self, i):
        """Node ``i`` wrote into its input tensor itself (``trace.writes``): that node
        and the nodes its chain of same-tensor nodes goes back to (``requires_grad_``,
        earlier writes in place, down to the node that made the tensor) are one tensor,
        in the document too, so their recorded values are taken again, as they are now
        (the check compares them with the document's after its forward pass)."""
        for k in self.same_tensor(i):
            if self.record_values:
                self.values[k] = _value_of(self.objects[k])

    def same_tensor(self, i):
        """Node ``i`` and the nodes its chain of same-tensor nodes goes back to (see
        ``written_in_place``)."""
        t = self.objects[i]
        while i is not None and self.objects[i] is t:
            yield i
            if not self.nodes[i]["alias"]:
                break
            i = self.nodes[i]["inputs"].get("self")

    def composite(self, fn, mapper):
        """Wraps a public call that has a node kind of its own (``x @ w``, ``x[0]``)."""
        rec_self = self

        def wrapper(*args, **kwargs):
            if rec_self.quiet:
                return fn(*args, **kwargs)
            rec_self.frames.append([])
            try:
                result = fn(*args, **kwargs)
            finally:
                children = rec_self.frames.pop()
            mapped = mapper(result, *args, **kwargs)
            if mapped is None:
                for c in children:
                    rec_self.emit(c)
            else:
                rec_self.emit(mapped)
            return result
        wrapper.__name__ = getattr(fn, "__name__", "wrapper")
        wrapper.__doc__ = getattr(fn, "__doc__", None)
        return wrapper

    def special(self, fn, handler):
        """Wraps a call recorded by ``handler(result, *args, **kwargs)`` (factories,
        backward ...) at the top level only; nothing inside it is recorded."""
        rec_self = self

        def wrapper(*args, **kwargs):
            if rec_self.quiet or len(rec_self.frames) > 1:
                return fn(*args, **kwargs)
            rec_self.quiet += 1
            try:
                result = fn(*args, **kwargs)
            finally:
                rec_self.quiet -= 1
            handler(result, *args, **kwargs)
            return result
        wrapper.__name__ = getattr(fn, "__name__", "wrapper")
        wrapper.__doc__ = getattr(fn, "__doc__", None)
        return wrapper

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

    def refuse(self, message):
        """Keeps the first refusal found outside the observer's events (an optimizer's
        call): the script goes on, the trace is refused at the end."""
        if self.refusal is None and self.cut is None:
            self.refusal = TraceError(message, line=self.line())
            self.refusal_clock = self.clock

    def action(self, kind, params):
        """Records a timeline action made at the current script line."""
        self.settle_view()
        self.uids += 1
        self.params_changed = self.params_changed or ACTIONS[kind].trains
        a = {"kind": kind, "params": params, "line": self.line(), "after": len(self.nodes),
             "uid": self.uids}
        self.actions.append(a)
        return a

    def hook_printed(self, lines):
        """Lines a printing hook wrote (see ``hooks``): the running action's, or the
        forward pass's before any action; after one, outside any, they cannot be drawn
        (a graph computes its nodes before its timeline)."""
        if self.action_lines is not None:
            self.action_lines.extend(lines)
        elif self.actions:       # (refused at the end: the script may catch what we raise)
            self.refuse("a hook that prints outside a backward step, after one, cannot be "
                        "drawn yet: the graph would print it before the backward")
        else:
            self.forward_lines.extend(lines)

    def action_done(self, failed=False, results=None, values=(), printed=()):
        """After the last action ran: whether it raised, what ``autograd.grad`` returned,
        the values of the tensors it changed (``values``: ``(node, tensor)`` pairs), the
        lines printing hooks wrote during it and (while ``MAX_STEP_GRADS`` allows) every
        gradient as it then stood."""
        if not self.record_values or not self.actions:
            return
        a = self.actions[-1]
        a["failed"] = bool(failed)
        a["printed"] = list(printed)
        if results is not None:
            a["results"] = [None if r is None else np.array(raw.data(r)) for r in results]
        if values:
            a["values"] = {i: np.array(raw.data(t)) for i, t in values}
        grads = {key: raw.grad(t) for key, t in self.grad_holders.items()}
        size = sum(raw.data(g).size for g in grads.values() if g is not None)
        self.step_grads_left -= size
        if self.step_grads_left >= 0:
            a["grads"] = {key: None if g is None else np.array(raw.data(g))
                          for key, g in grads.items()}

    # ---------------------------------------------------------------- naming
    def name_tensors(self, namespace):
        """Names every unnamed tensor a variable of ``namespace`` holds."""
        for name, v in list(namespace.items()):
            if isinstance(v, self.Tensor):       # (a Parameter too)
                self._name_variable(name, v)
            elif isinstance(v, self.Module):
                self._name_parameters(v)

    def name_some(self, namespace, names):
        """``name_tensors`` for the variables ``names`` only (those a line may have
        bound, see ``naming``), in the namespace's order where that matters."""
        hits = []
        for name in names:
            v = namespace.get(name)
            if isinstance(v, self.Tensor):
                self.bound.setdefault(id(v), set()).add(name)
                i = self.node_of.get(id(v))
                if i is not None and self.nodes[i]["label"] is None:
                    hits.append(name)
            elif isinstance(v, self.Module):
                self._name_parameters(v)
        if len(hits) > 1:
            hits = set(hits)
            hits = [name for name in namespace if name in hits]
        for name in hits:
            self._name_variable(name, namespace[name])

    def bound_names(self, start):
        """The variables last seen holding the tensors of the nodes from ``start`` on
        (an in-place operation gives a named tensor a new node)."""
        names = ()
        for t in self.objects[start:]:
            seen = self.bound.get(id(t))
            if seen:
                names += tuple(seen)
        return names

    def _name_parameters(self, module):
        """A module's unnamed parameters (``self.w = nn.Parameter(...)``) named after
        their attributes (``w``, ``layer_w`` inside a submodule)."""
        try:
            named = list(module.named_parameters())
        except AttributeError:          # (one still in its __init__, before Module's)
            return
        for name, p in named:
            i = self.node_of.get(id(p))
            if i is not None and self.nodes[i]["label"] is None:
                self._name_variable(name.replace(".", "_"), p)

    def _name_variable(self, name, v):
        self.bound.setdefault(id(v), set()).add(name)
        i = self.node_of.get(id(v))
        if i is None:
            return
        node = self.nodes[i]
        if node["label"] is not None or node["alias"]:
            return
        if not name.isidentifier() or name.startswith("__") or keyword.iskeyword(name) \
                or len(name) > 60 or name in RESERVED_NAMES:
            return
        self.name_node(i, name)

    def name_node(self, i, name):
        """Labels node ``i`` ``name`` (``name_2`` ... if taken). Labels are never
        freed, so the search goes on from the last suffix given to ``name``: a loop
        rebinding ``y`` a thousand times costs a thousand steps, not half a million."""
        n = self.suffixes.get(name, 1)
        label = name if n == 1 else f"{name}_{n}"
        while label in self.labels:
            n += 1
            label = f"{name}_{n}"
        self.suffixes[name] = n
        self.labels.add(label)
        self.nodes[i]["label"] = label

    def mark_watched(self, value):
        if not self.is_tensor(value):
            return
        if id(value) in self.grad_calls:        # (watched if it becomes a node)
            self.printed_grads.add(id(value))
        # a printed .grad is its owner's: watched, the owner's grad is printed; but one
        # computed with at this moment of the timeline is that grad_of node, printed
        # after its step
        i = self.grad_of.get(id(value))
        j = self.node_of.get(id(value))
        if i is None or (j is not None and self.nodes[j]["kind"] == "grad_of" and
                         self.nodes[j].get("late") == self.last_uid()):
            i = j
        if i is not None:
            self.nodes[i]["watched"] = True

    def print_tensor(self, value):
        """``print(x)`` after a parameter changed (an update, an optimizer's step): a
        print action at this moment of the timeline, which prints ``x`` as it then is.
        Before any change every tensor still holds its forward-pass value: ``x`` is
        watched (printed after the forward pass), as is one printed inside a folded loop
        (see ``fold``); a printed ``.grad`` is its owner's."""
        self.settle_view()
        if not self.is_tensor(value):
            return
        i = self.node_of.get(id(value))
        if i is None or id(value) in self.grad_of or not self.params_changed:
            self.mark_watched(value)
            if i is not None and id(value) not in self.grad_of:   # (for ``fold``)
                self.watched_prints.append((i, len(self.nodes), len(self.actions),
                                            self.line()))
            return
        a = self.action("print", {"tensor": i})
        if self.record_values:           # the check compares what the step would print
            a["failed"] = False
            a["values"] = {i: np.array(raw.data(value))}

    def say(self, args, texts, sep, end):
        """A ``print`` of ``args`` (``texts``: what each printed): a say step where it
        happened (``said``); a tensor the graph holds is printed by the graph, a
        ``.grad`` as its owner's, anything else is the text it printed. A print made
        while an action runs is a hook's (``hooks``), not one of these."""
        if self.cut is not None:
            self.said_after.append(recorded_event(self, texts, sep, end))
            return
        if self.action_lines is not None:
            return
        parts = []
        for a in args:
            if self.is_tensor(a) and id(a) in self.grad_of:
                parts.append(("grad", self.grad_of[id(a)]))
            elif self.is_tensor(a) and self.node_of.get(id(a)) is not None:
                parts.append(("tensor", self.node_of[id(a)]))
            else:
                parts.append(("text", None))
        self.said.append(said_event(parts, texts, sep, end, self.line(), len(self.nodes),
                                    len(self.actions)))

    def said_before_cut(self):
        """The prints made before the cut, for a result that draws nothing."""
        return list(self.said)

    def item_read(self, t):
        self.settle_view()
        i = self.node_of.get(id(t))
        if i is not None:
            self.item_reads.append(i)

    def printed(self):
        """A print: the numbers read with ``.item()`` since the last one were (likely) for
        it; inside a folded loop their nodes become watched (see ``fold``)."""
        for i in self.item_reads:
            self.item_prints.append((i, len(self.nodes), len(self.actions)))
        self.item_reads = []

    def mark_kept(self, t):
        i = self.node_of.get(id(t))
        if i is not None:
            self.nodes[i]["keep"] = True

    # ---------------------------------------------------------------- result
    def finish(self):
        """Folds training loops, drops dead temporaries and returns the JSON-able result;
        refuses a graph that would still hold a value computed from a gradient."""
        if self.refusal is not None:
            raise self.refusal
        self.settle_view()
        folded = fold(self)
        alive = self._alive()
        folded.place_computes(alive)
        place_computes(self, alive)
        if self.said:       # the script's prints are its say steps (``said``)
            self.actions = merge_adjacent([a for a in self.actions
                                           if not ACTIONS[a["kind"]].prints])
        if sum(alive) > MAX_NODES:
            raise TraceError(f"the script made more than {MAX_NODES:,} tensor operations, "
                             "too many to draw")
        for i, node in enumerate(self.nodes):
            if alive[i] and node["taint"] is not None:
                line, message = node["taint"]
                raise TraceError(message, line=line)
        new_id = {}
        nodes = []
        for i, node in enumerate(self.nodes):
            if alive[i]:
                new_id[i] = f"t{len(nodes) + 1}"
                nodes.append(dict(node, id=new_id[i],
                                  inputs={p: new_id[j] for p, j in node["inputs"].items()}))
        owner = self._owners() if self.record_values else {}
        # a node a folded loop stands for has the .grad of its last iteration's tensor,
        # the one the document's run ends with (a tensor kept with retain_grad())
        grad_owner = {i: self.objects[self.nodes[i]["last_copy"]]
                      if "last_copy" in self.nodes[i] else t for i, t in owner.items()}
        if self.record_values:
            position = {new_id[i]: k for k, i in enumerate(sorted(new_id))}
            for i, node_id in new_id.items():
                data, dtype, fn = self.values[i]
                t = owner.get(i)
                g = None if t is None else raw.grad(grad_owner[i])
                g = None if g is None else raw.data(g).tolist()
                recorded = {"value": data.tolist(), "shape": list(data.shape), "dtype": dtype,
                            "grad_fn": fn, "grad": g}
                if t is not None and not _same(raw.data(t), data) and \
                        "last_copy" not in self.nodes[i]:
                    # changed after its node was made: by a training step the timeline
                    # shows, or by something the graph does not show (the check tells)
                    # (a folded loop's node: its last iteration's is the loop's check's)
                    recorded["value_end"] = raw.data(t).tolist()
                nodes[position[node_id]]["recorded"] = recorded
        index_of = {id(a): k for k, a in enumerate(self.actions)}
        unchecked = set(folded.unchecked)
        for n, i in zip(nodes, sorted(new_id)):
            after = self.nodes[i].get("check_after")
            if after is not None:
                n["step"] = index_of[id(after)] + 1
            elif i in unchecked:
                n["step"] = None          # its value: only the loop's check compares it
            for key in ("keep", "alias", "taint", "leaf_rg", "grad_owner", "removed",
                        "check_after", "last_copy", "late"):
                n.pop(key, None)
        alive_before = [0]
        for i in range(len(self.nodes)):
            alive_before.append(alive_before[-1] + alive[i])
        uid_index = {a["uid"]: k for k, a in enumerate(self.actions) if "uid" in a}
        actions = []
        for a in self.actions:
            params = {}
            for k, v in a["params"].items():
                if isinstance(v, ActionRef):
                    params[k] = uid_index[v.uid]
                elif k not in NODE_PARAMS or v is None:
                    params[k] = v
                elif isinstance(v, list):
                    params[k] = [None if i is None else new_id[i] for i in v]
                else:
                    params[k] = new_id[v]
            action = {"kind": a["kind"], "params": params, "line": a["line"],
                      "after": alive_before[a["after"]]}
            if "failed" in a:
                action["failed"] = a["failed"]
                action["printed"] = a.get("printed", [])
            if "results" in a:
                action["results"] = [None if r is None else r.tolist() for r in a["results"]]
            if "grads" in a:
                action["grads"] = {node_id: None if a["grads"][id(grad_owner[i])] is None
                                   else a["grads"][id(grad_owner[i])].tolist()
                                   for i, node_id in new_id.items()
                                   if i in owner and id(grad_owner[i]) in a["grads"]}
            if "values" in a:
                action["values"] = {new_id[i]: v.tolist() for i, v in a["values"].items()
                                    if i in new_id}
            for key in ("said", "said_parts"):        # (a say step's, for the check)
                if key in a:
                    action[key] = a[key]
            actions.append(action)
        seed = self.seed
        if seed is None and any(n["kind"] in _RANDOM_KINDS for n in nodes):
            seed = UNSEEDED
        return {"ok": True, "nodes": nodes, "actions": actions, "seed": seed,
                "loops": folded.checks(index_of, new_id), "printed": self.forward_lines}

    def _alive(self):
        """Which nodes the graph keeps: those an action, a name, a print or another kept
        node uses (and random sources, which move the generator); the iterations a
        folded loop stands for are gone."""
        used = set()
        for a in self.actions:
            for k, v in a["params"].items():
                if k in NODE_PARAMS and v is not None:
                    used.update(i for i in (v if isinstance(v, list) else [v]) if i is not None)
        consumers = [0] * len(self.nodes)
        for node in self.nodes:
            if not node.get("removed"):
                for i in node["inputs"].values():
                    consumers[i] += 1
        alive = [True] * len(self.nodes)
        for i in range(len(self.nodes) - 1, -1, -1):
            node = self.nodes[i]
            if not node.get("removed") and (
                    consumers[i] or i in used or node["label"] or node["watched"] or
                    node["keep"] or node["kind"] in _RANDOM_KINDS):
                continue
            alive[i] = False
            if not node.get("removed"):
                for j in node["inputs"].values():
                    consumers[j] -= 1
        return alive

    def _owners(self):
        """node index -> the tensor whose ``.grad`` (and end value) is the node's: a
        tensor's .grad belongs to its node and to the requires_grad_ nodes
        that alias it (the same tensor in the document too), but not to nodes an in-place
        operation left behind (separate tensors in the document)."""
        owner, superseded = {}, set()
        for i in range(len(self.nodes) - 1, -1, -1):
            obj = id(self.objects[i])
            if obj in superseded or self.nodes[i].get("removed"):
                continue
            owner[i] = self.objects[i]
            if not self.nodes[i]["alias"]:
                superseded.add(obj)
        return owner


def _value_of(t):
    """What a node's recorded values hold: (a copy of the data, dtype, grad_fn name)."""
    fn = raw.grad_fn(t)
    return np.array(raw.data(t)), t.dtype.name, None if fn is None else type(fn).__name__


def _same(a, b):
    """Bitwise the same array (NaN equal to NaN, -0.0 not equal to 0.0)."""
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    return a.tobytes() == b.tobytes() or (
        a.dtype.kind == "f" and np.array_equal(a, b, equal_nan=True)
        and np.array_equal(np.signbit(a), np.signbit(b)))
