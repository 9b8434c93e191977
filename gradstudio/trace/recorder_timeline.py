"""The timeline a ``Recorder`` keeps (a mixin of it): actions made at the script's
lines (``action``, ``action_done``: what each did, for the check), refusals found
outside the observer's events (``refuse``), and what the script prints: a tensor
printed (``print_tensor``: watched, or a print step after a parameter changed), every
``print`` a say step (``say``, see ``said``), numbers read with ``.item()`` for a print.

Part of the tracing child (``child.py``); imports only numpy, the engine's public API, the
action records (``gradstudio.timeline``) and its sibling modules.
"""
import numpy as np

from gradstudio.engine import inspect as raw
from gradstudio.timeline import ACTIONS
from gradstudio.words import QT_TRANSLATE_NOOP

from .collect import list_parts
from .cut import made_line, recorded_event
from .said import said_event
from .values import TraceError


class Timeline:
    """The action and print part of ``Recorder`` (its state: ``Recorder.__init__``)."""

    def refuse(self, message, **fields):
        """Keeps the first refusal found outside the observer's events (an optimizer's
        call): the script goes on, the trace is refused at the end."""
        if self.refusal is None and self.cut is None:
            self.refusal = TraceError(message, line=self.line(), **fields)
            self.refusal_clock = self.clock

    def action(self, kind, params):
        """Records a timeline action made at the current script line."""
        self.settle_view()
        if self.before_event is not None:
            self.before_event()
        self.uids += 1
        self.params_changed = self.params_changed or ACTIONS[kind].trains
        a = {"kind": kind, "params": params, "line": self.line(), "after": len(self.nodes),
             "uid": self.uids}
        self.actions.append(a)
        self._grads_rewritten(ACTIONS[kind].grads_changed(params))
        return a

    def _grads_rewritten(self, owners):
        """The ``.grad`` of each node of ``owners`` is changed in place by the action
        just recorded (clipping): the node that read it before (``x.grad`` computed
        with) holds the value before, so a use after the action is a new ``grad_of``
        node, computed after it (``_grad_value``)."""
        self.grads_rewritten = []
        for i in owners:
            g = raw.grad(self.objects[i]) if isinstance(i, int) else None
            j = None if g is None else self.node_of.get(id(g))
            if j is not None and self.nodes[j]["kind"] == "grad_of":
                del self.node_of[id(g)]
                # (the node is that .grad in the document too: after the action it
                # holds the new values, which a loop's check compares: ``fold``)
                self.grads_rewritten.append((j, g))

    def hook_printed(self, lines):
        """Lines a printing hook wrote (see ``hooks``): the running action's, or the
        forward pass's before any action; after one, outside any, they cannot be drawn
        (a graph computes its nodes before its timeline)."""
        if self.action_lines is not None:
            self.action_lines.extend(lines)
        elif self.actions:       # (refused at the end: the script may catch what we raise)
            self.refuse(QT_TRANSLATE_NOOP(
                "TraceRefusal", "a hook that prints outside a backward step, after one, "
                "cannot be drawn yet: the graph would print it before the backward"))
        else:
            self.forward_lines.extend(lines)

    def action_done(self, failed=False, results=None, values=(), printed=()):
        """After the last action ran: whether it raised, what ``autograd.grad`` returned,
        the values of the tensors it changed (``values``: ``(node, tensor)`` pairs), the
        lines printing hooks wrote during it and (while ``MAX_STEP_GRADS`` allows) every
        gradient as it then stood."""
        if not self.record_values or not self.actions:
            return
        for j, g in self.grads_rewritten:
            self.grad_writes.setdefault(j, []).append((len(self.actions) - 1,
                                                       np.array(raw.data(g))))
        self.grads_rewritten = ()
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

    # ---------------------------------------------------------------- prints
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
        if id(value) in self.kept.values:          # (a value a keeping hook kept)
            self.node_index(value)
        i = self.node_of.get(id(value))
        if i is None and made_line(self, value) is not None and id(value) not in \
                self.grad_of and id(value) not in self.grad_calls:
            i = self.node_index(value)     # (made by a recorded part: its literal, printed)
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
        if self.part is not None:       # inside a recorded part: its text, where it was
            self.said.append(said_event([("text", None)] * len(texts), texts, sep, end,
                                        self.line(), len(self.nodes), len(self.actions)))
            return
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
        list_parts(self, args, parts)
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
