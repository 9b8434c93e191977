"""Folding training loops (part of the tracing child): a loop that repeats the same
forward, backward and update becomes one graph and a loop block, not hundreds of nodes.

The recorder's nodes and actions, in the order the script made them, are one stream of
events (``fold_find``: the search). A *parameter change* (an ``update`` action, an
optimizer's ``step``) anchors the search: from it, the stream is scanned for the shortest
period ``p`` (the distance to a later change) such that each event is the same as the
one ``p`` events later: the same kind and settings, and every tensor it uses either the
same node (made before the loop: data, parameters, an optimizer) or the node ``p``
events later (made in the iteration).
The periodic stretch is cut into whole iterations where

- every node of an iteration comes before its first parameter change (a document's
  ``forward`` action computes the graph again at one moment of the iteration; nodes
  commute with ``backward`` and the gradient resets, never with a change of a parameter);
- no iteration uses a tensor of another iteration (no running totals);

and where the most iterations fit; fewer than two is no loop. The first iteration's
nodes are the graph, or, when the script computed the same forward just before the loop
(an exported script does), those nodes. The timeline gets ``loop(count)``, the
iteration's actions with ``forward`` where its nodes were, and ``end_loop``; the actions
kept are the last iteration's, with what the script computed after them, for the check.
A tensor of an earlier iteration used after the loop, and random numbers drawn in the
forward (the document would draw them once), are refused in one sentence.

A parameter change outside any loop (a single step, a loop whose iterations differ)
stays a step of its own. Nodes computed after a parameter change (or after a loop) from
the changed parameters are computed where the script computed them, by a ``compute``
step (``Folded.place_computes``, then ``late``); their values are checked at that step.
Too many unrolled training steps (a long loop whose iterations differ) is refused.

Imports only its sibling modules, the words every layer shares (``vocabulary``), the
action records (``gradstudio.timeline``: which kinds train, print, close a loop) and the
standard library.
"""
import bisect

from gradstudio.timeline import ACTIONS
from gradstudio.vocabulary import HISTORY_ELEMENTS, MAX_LOOP_COUNT
from gradstudio.words import QT_TRANSLATE_NOOP, Number

from .fold_find import Stream, find_loops, same_forward_before
from .fold_side import without_side_runs
from .said import Said
from .norms import STATEFUL
from .values import NODE_PARAMS, DRAWING_KINDS, TraceError

MAX_UNROLLED_STEPS = 20
MAX_LOOP_VALUES = 2_000_000       # elements of per-iteration values sent for the check

LOOPED = "loop"          # a node's ``late`` mark: computed by a compute step of its loop
GRAD_IN_LOOP = QT_TRANSLATE_NOOP("TraceRefusal",
    "a gradient is used as a value inside a training loop whose forward is computed once "
    "more just before the loop, which cannot be folded into one graph and a loop block")
EARLIER_ITERATION = QT_TRANSLATE_NOOP("TraceRefusal",
    "a tensor made in an earlier iteration of the training loop (such as a list of "
    "losses) is used after the loop, which one graph and a loop block cannot show")
STATEFUL_IN_LOOP = QT_TRANSLATE_NOOP("TraceRefusal",
    "a training loop whose forward moves a BatchNorm's running statistics, computed once "
    "more just before the loop, cannot be folded into one graph and a loop block: the "
    "graph would move them once more")
RANDOM_IN_LOOP = QT_TRANSLATE_NOOP("TraceRefusal",
    "a training loop whose forward draws random numbers, computed once more just before "
    "the loop, cannot be folded into one graph and a loop block: the graph would draw "
    "them in another order")
UNROLLED = QT_TRANSLATE_NOOP("TraceRefusal",
    "this training loop's iterations are not the same steps each time (a different batch,"
    " or a step only some iterations take), so it cannot be folded into a loop block, and"
    " drawn unrolled it would take more than {steps} training steps")
CARRIED = QT_TRANSLATE_NOOP("TraceRefusal",
    "this training loop uses on line {at} ({code}) a tensor of an earlier iteration or "
    "one made before the iteration's step (such as total = total + loss, or "
    "losses.append(loss.detach()) after opt.step()), so it cannot be folded into a loop "
    "block, and drawn unrolled it would take more than {steps} training steps")

AFTER_STEP = QT_TRANSLATE_NOOP("TraceRefusal",
    "this training loop computes on line {at} ({code}) a tensor after the iteration's "
    "step (such as losses.append(loss.detach()) after opt.step()), so it cannot be folded "
    "into a loop block, and drawn unrolled it would take more than {steps} training steps")


def _unrolled(rec, st, after):
    """Why the training steps are drawn no further: iterations that differ, or the line
    of the script that uses a tensor of an earlier iteration (``st.carried``) or computes
    one after the iteration's step (``st.after_change``)."""
    found = st.carried if st.carried is not None else st.after_change
    if found is None:
        return TraceError(UNROLLED, line=after["line"], steps=MAX_UNROLLED_STEPS)
    is_action, k = st.events[found]
    at = (st.actions if is_action else st.nodes)[k].get("line")
    lines = rec.source.splitlines()
    code = lines[at - 1].strip() if at and 0 < at <= len(lines) else "?"
    return TraceError(CARRIED if st.carried is not None else AFTER_STEP, line=after["line"],
                      steps=MAX_UNROLLED_STEPS, at=Number(at or 0), code=code)


class Folded:
    """The loops found, the timeline rewritten around them (``rec.actions``), and what
    the caller's check compares: ``checks``."""

    def __init__(self, rec, st, loops):
        self.rec, self.st, self.loops = rec, st, loops
        self.rep = {}              # node of a folded iteration -> the node drawn for it
        self.stale = set()         # nodes of iterations before the last
        self.groups = []           # (first position, last position, action after which)
        self.unchecked = []        # nodes whose value only the loop's check compares
        self.loop_checks = []      # (loop action, end action, count, iterations,
        #                            last, lines printed per iteration)
        self.values_left = MAX_LOOP_VALUES
        self.real = []             # index of each recorded action among ``rec.actions``

    # ------------------------------------------------------------------ rewriting
    def _node(self, i, line):
        if i in self.stale:
            raise TraceError(EARLIER_ITERATION, line=line)
        return self.rep.get(i, i)

    def _remap_action(self, a):
        p = {}
        for k, v in a["params"].items():
            if k in NODE_PARAMS and isinstance(v, list):
                v = [None if x is None else self._node(x, a["line"]) for x in v]
            elif k in NODE_PARAMS and v is not None:
                v = self._node(v, a["line"])
            p[k] = v
        a = dict(a, params=p)
        if "values" in a:
            a["values"] = {self.rep.get(i, i): v for i, v in a["values"].items()}
        return a

    def _remap_node(self, i):
        node = self.rec.nodes[i]
        node["inputs"] = {port: self._node(j, node["line"]) for port, j in
                          node["inputs"].items()}

    def rewrite(self):
        st, rec = self.st, self.rec
        out, q = [], 0
        starts = {loop.start: loop for loop in self.loops}
        self.said = Said(rec.said, self.real, len(rec.actions), st.removed_before)
        while q < len(st.events):
            out.extend(self.said.before(q, self._printable))
            loop = starts.get(q)
            if loop is not None:
                self._fold(loop, out)
                q = loop.end
                continue
            is_action, k = st.events[q]
            if is_action and rec.actions[k].get("watched"):
                q += 1          # a print before any change, outside a loop: watched only
                continue
            if is_action:
                a = self._remap_action(rec.actions[k])
                out.append(a)
                if ACTIONS[a["kind"]].trains:
                    self.groups.append((q, q, a))
            else:
                self._remap_node(k)
            q += 1
        out.extend(self.said.before(len(st.events), self._printable))
        rec.actions = out
        self._watch_printed_items()

    def _printable(self, i):
        """The node drawn for node ``i`` where a print outside a loop shows it, or None
        (one of a folded loop's earlier iterations)."""
        return None if i is None or i in self.stale else self.rep.get(i, i)

    def _fold(self, loop, out):
        """Folds ``loop`` into ``out`` (the timeline being rewritten): its first
        iteration's nodes (or the forward computed just before it) stand for every
        iteration's, and its actions become ``loop`` ... ``end_loop``."""
        st = self.st
        s, p, n = loop.start, loop.period, loop.count
        drawn = self._drawn_in_loop(loop)
        offsets = [t for t in range(p) if st.is_node[s + t]]
        reps = [st.events[c][1] for c in loop.pre] if loop.pre else \
            [st.events[s + t][1] for t in offsets]
        self._merge_iterations(loop, offsets, reps)
        after = st.nodes_before[s + p]
        loop_action = {"kind": "loop", "params": {"count": n}, "line": st.line(s),
                       "after": st.nodes_before[s]}
        out.append(loop_action)
        late = self._late_in_loop(offsets, reps, drawn)
        self._loop_body(loop, out, after, offsets, drawn, late)
        said = self.said.in_loop(s, loop.end, p, n)
        if said is not None:
            out.append(dict(said, after=after))
        end = {"kind": "end_loop", "params": {}, "line": st.line(loop.end - 1),
               "after": after}
        out.append(end)
        self.groups.append((s, loop.end - 1, end))
        self._loop_values(loop, offsets, reps, loop_action, end)

    def _drawn_in_loop(self, loop):
        """The offsets in ``loop``'s iteration of the nodes a compute step of its body
        makes (``_computed_in_loop``); a loop too long, or one whose forward is computed
        once more before it and has such nodes, is refused."""
        st, rec = self.st, self.rec
        s, p, n = loop.start, loop.period, loop.count
        if n > MAX_LOOP_COUNT:
            raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", 
                "a training loop of more than {count} iterations cannot be drawn"),
                line=st.line(s), count=Number(MAX_LOOP_COUNT))
        drawn = {t for t in range(p) if st.is_node[s + t] and
                 self._computed_in_loop(rec.nodes[st.events[s + t][1]])}
        if drawn and loop.pre:
            kinds = [rec.nodes[st.events[s + t][1]] for t in drawn]
            raise TraceError(RANDOM_IN_LOOP if any(
                n["kind"] in DRAWING_KINDS for n in kinds) else STATEFUL_IN_LOOP if any(
                n.get(STATEFUL) for n in kinds) else GRAD_IN_LOOP, line=st.line(s))
        return drawn

    def _merge_iterations(self, loop, offsets, reps):
        """Each iteration's node at offset ``offsets[j]`` becomes ``reps[j]`` (the node
        drawn for it), which takes its marks; the last iteration's is ``last_copy``."""
        st, rec = self.st, self.rec
        s, p, n = loop.start, loop.period, loop.count
        for j, t in enumerate(offsets):
            rep = reps[j]
            if not loop.pre:
                self._remap_node(rep)
            for k in range(n):
                i = st.events[s + k * p + t][1]
                if i == rep:
                    continue
                copy, node = rec.nodes[i], rec.nodes[rep]
                copy["removed"] = True
                node["watched"] = node["watched"] or copy["watched"]
                node["keep"] = node["keep"] or copy["keep"]
                if node["label"] is None and copy["label"] is not None:
                    node["label"] = copy["label"]
                self.rep[i] = rep
                if k < n - 1:
                    self.stale.add(i)
                else:
                    node["last_copy"] = i     # its tensor is the one the run ends with

    def _loop_body(self, loop, out, after, offsets, drawn, late):
        """The loop's body in ``out``: ``forward`` where its nodes were, a ``compute``
        step where it drew (``drawn``), and its last iteration's actions."""
        st, rec = self.st, self.rec
        s, p = loop.start, loop.period
        last = s + (loop.count - 1) * p
        for t in range(p):
            # (no forward when every node of the iteration is a compute step's)
            if offsets and t == offsets[0] and len(late) < len(offsets):
                out.append({"kind": "forward", "params": {}, "line": st.line(s + t),
                            "after": after})
            if t in drawn:          # drawn again each iteration, where the script drew
                if out[-1]["kind"] != "compute":
                    out.append({"kind": "compute", "params": {"nodes": []},
                                "line": st.line(s + t), "after": after, "failed": False,
                                "printed": []})
                out[-1]["params"]["nodes"].append(st.events[s + t][1])
            is_action, k = st.events[last + t]
            if is_action and ACTIONS[rec.actions[k]["kind"]].prints:
                # a print inside the loop: its tensor is watched (the loop prints its
                # one-element tensors every iteration), not a step of the loop
                rec.nodes[self._remap_action(rec.actions[k])["params"]["tensor"]][
                    "watched"] = True
            elif is_action:
                a = dict(self._remap_action(rec.actions[k]), after=after)
                out.append(self._numbers_per_iteration(loop, t, a))

    def _numbers_per_iteration(self, loop, t, a):
        """``a`` (the last iteration's action at offset ``t``) holding every iteration's
        number where the script gave each its own: ReduceLROnPlateau's
        ``step(val_loss)`` of a number computed each iteration becomes its ``values``,
        run and exported one per iteration (``scheduler.step((0.52, 0.48)[epoch])``)."""
        if a["kind"] != "scheduler_step" or a["params"].get("value") is None:
            return a
        st, rec = self.st, self.rec
        values = [rec.actions[st.events[loop.start + k * loop.period + t][1]]["params"][
            "value"] for k in range(loop.count)]
        if all(v == values[0] for v in values):
            return a
        return dict(a, params=dict(a["params"], value=None, values=values))

    def _computed_in_loop(self, node):
        """Whether a node of a loop's iteration is computed by a compute step of the
        loop's body: a random draw, or a ``.grad`` used as a value (``late``, made after
        an action of the iteration) that is not computed from another such node."""
        if node["kind"] in DRAWING_KINDS or node.get(STATEFUL):
            return True              # (a random draw; a BatchNorm moving its statistics)
        return node.get("late", LOOPED) != LOOPED and not any(
            "late" in self.rec.nodes[j] for j in node["inputs"].values())

    def _late_in_loop(self, offsets, reps, drawn):
        """The random draws and ``.grad`` values of a folded loop (``drawn``: their
        offsets in the iteration) are computed by a ``compute`` step of its body, every
        iteration, where the script computed them; so is every node of the iteration
        computed from one (the document derives it). Their values at step 0 are not the
        script's: only the loop's check compares them (``unchecked``). Returns those
        nodes."""
        late = set()
        if not drawn:
            return late
        for j, t in enumerate(offsets):
            i = reps[j]
            if t in drawn or any(k in late for k in self.rec.nodes[i]["inputs"].values()):
                late.add(i)
                self.rec.nodes[i]["late"] = LOOPED
                self.unchecked.append(i)
        return late

    def _loop_values(self, loop, offsets, reps, loop_action, end):
        """What the script computed in every iteration (the nodes small enough for a
        document's loop history, and the parameters at the iteration's end) and every
        node in the last one."""
        st, rec = self.st, self.rec
        if not rec.record_values:
            return
        s, p, n = loop.start, loop.period, loop.count
        iterations = []
        for k in range(n):
            base = s + k * p
            values = {}
            upto = self._last_action(base, p)
            for j, t in enumerate(offsets):
                i = st.events[base + t][1]
                data = self._value_then(i, upto)
                if data.size <= HISTORY_ELEMENTS:
                    values[reps[j]] = data
            for t in range(p):
                is_action, a = st.events[base + t]
                if is_action:
                    values.update((i, v) for i, v in rec.actions[a].get("values", {}).items()
                                  if v.size <= HISTORY_ELEMENTS)
            size = sum(v.size for v in values.values())
            if size > self.values_left:
                break
            self.values_left -= size
            iterations.append(values)
        upto = self._last_action(s + (n - 1) * p, p)
        final = {reps[j]: self._value_then(i, upto) for j, t in enumerate(offsets)
                 for i in (st.events[s + (n - 1) * p + t][1],)}
        printed = [[line for t in range(p) if st.events[s + k * p + t][0]
                    for line in rec.actions[st.events[s + k * p + t][1]].get("printed", ())]
                   for k in range(n)]          # (what printing hooks wrote, per iteration)
        self.loop_checks.append((loop_action, end, n, iterations, final, printed))

    def _last_action(self, base, period):
        """The index of the last action of the iteration at events ``base`` on (-1)."""
        return max((k for is_action, k in self.st.events[base:base + period] if is_action),
                   default=-1)

    def _value_then(self, i, upto):
        """Node ``i``'s data at the end of an iteration whose last action is ``upto``: a
        ``.grad`` an action of it changed in place (clipping) as it left it."""
        rec = self.rec
        for k, data in reversed(rec.grad_writes.get(i, ())):
            if k <= upto:
                return data
        return rec.written.get(i, rec.values[i][0])

    def _watch_printed_items(self):
        """A number read with ``.item()`` and printed inside a folded loop: its node is
        watched, so the loop prints it every iteration as the script did."""
        st, real = self.st, self.real
        for i, nodes, actions in self.rec.item_prints:
            last = max(st.npos[min(nodes, len(st.npos)) - 1] if nodes else -1,
                       st.apos[real[min(actions, len(real)) - 1]] if actions and real else -1)
            for first, end, _ in self.groups:
                if first != end and first <= last <= end:
                    self.rec.nodes[self.rep.get(i, i)]["watched"] = True

    # ------------------------------------------------------------------ forwards
    def place_computes(self, alive):
        """Nodes computed after a parameter change (or a loop) from a changed parameter
        are computed there, as the script did: each is ``late``, anchored at the action
        just before it, and ``late.place_computes`` gives them their ``compute`` step
        (checked after it). A loop's first-iteration nodes after an earlier change are
        checked only by the loop's own comparison (``unchecked``: its values at step 0
        are not the script's)."""
        rec, st = self.rec, self.st
        nodes, objects = rec.nodes, rec.objects
        changed = {id(objects[i]) for a in rec.actions
                   for i in ACTIONS[a["kind"]].changed(a["params"])}
        depends = [False] * len(nodes)
        for i, node in enumerate(nodes):
            if node.get("removed"):
                continue
            if node["leaf_rg"] or not node["inputs"]:    # (a buffer load_values changes)
                depends[i] = id(objects[i]) in changed
            else:
                depends[i] = any(depends[j] for j in node["inputs"].values())
        needs = [alive[i] and depends[i] and not nodes[i]["leaf_rg"] and
                 (nodes[i]["inputs"] or id(objects[i]) not in changed)
                 for i in range(len(nodes))]
        self._draws_after_loops(needs, alive)
        self._kept_before_loops(needs)
        unrolled = 0
        for g, (first, last, after) in enumerate(self.groups):
            upto = self.groups[g + 1][0] if g + 1 < len(self.groups) else len(st.events)
            later = [q for q in range(last + 1, upto)
                     if st.is_node[q] and needs[st.events[q][1]]]
            if not later:
                continue
            if ACTIONS[after["kind"]].loop != "closes":
                unrolled += 1
                if unrolled > MAX_UNROLLED_STEPS:
                    raise _unrolled(rec, st, after)
            for q in later:
                node = nodes[st.events[q][1]]
                if "late" not in node:
                    node["late"] = self._action_before(q)
        firsts = [first for first, _, _ in self.groups]
        for i, node in enumerate(nodes):
            g = bisect.bisect_right(firsts, st.npos[i]) - 1
            if needs[i] and g > 0 and st.npos[i] <= self.groups[g][1]:   # in loop g
                self.unchecked.append(i)

    def _kept_before_loops(self, needs):
        """A node computed from a parameter before a folded loop trains it, that no node
        of a loop computes with (``w0 = w.detach().clone()``, compared after the
        training): computed once, by a compute step where the script computed it, never
        again by the loop's forward (which computes every node after the parameters
        anew, each iteration)."""
        st, nodes = self.st, self.rec.nodes
        loops = [(first, last) for first, last, after in self.groups
                 if ACTIONS[after["kind"]].loop == "closes"]
        if not loops:
            return
        firsts = [first for first, _ in loops]

        # (a loop's nodes: in its iterations, or drawn for them: the forward before a
        # loop that begins by computing it again, ``loop.pre``)
        own = set(self.rep.values())

        def in_loop(i):
            if i in own:
                return True
            q = st.npos[i]
            k = bisect.bisect_right(firsts, q) - 1
            return k >= 0 and q <= loops[k][1]
        used = [False] * len(nodes)       # a node of a loop computes with it, or its own
        for j in range(len(nodes) - 1, -1, -1):
            if used[j] or (not nodes[j].get("removed") and in_loop(j)):
                for src in nodes[j]["inputs"].values():
                    used[src] = True
        for i, node in enumerate(nodes):
            q = st.npos[i]
            if needs[i] and not used[i] and "late" not in node and q < firsts[-1] and \
                    not in_loop(i):
                node["late"] = self._action_before(q)

    def _draws_after_loops(self, needs, alive):
        """A draw from the global generator after a folded loop that drew from it too
        (a loader's shuffle, a random draw) is computed where the script drew it, after
        the loop, not in the forward pass before the loop's draws, and so is what is
        computed from it (``needs``)."""
        st, nodes = self.st, self.rec.nodes
        ends = [last for first, last, _ in self.groups if first != last and any(
            st.is_node[q] and _draws_globally(nodes[st.events[q][1]])
            for q in range(first, last + 1))]
        if not ends:
            return
        later = [False] * len(nodes)         # (such a draw, or computed from one)
        for i, node in enumerate(nodes):
            if node.get("removed") or node["leaf_rg"]:
                continue
            later[i] = st.npos[i] > ends[0] and _draws_globally(node) or \
                any(later[j] for j in node["inputs"].values())
            needs[i] = needs[i] or (later[i] and alive[i])

    def _action_before(self, q):
        """The ``uid`` of the script's last action before stream position ``q``."""
        st = self.st
        while q > 0:
            q -= 1
            if not st.is_node[q] and not st.actions[st.events[q][1]].get("watched"):
                return st.actions[st.events[q][1]].get("uid")
        return None

    # ------------------------------------------------------------------ the check
    def checks(self, index_of, new_id):
        """Per folded loop, for the caller's check: the loop's and end's action indices,
        the count, each iteration's values and the last iteration's, by node id."""
        out = []
        for loop_action, end, count, iterations, final, printed in self.loop_checks:
            def ids(values):
                return {new_id[i]: v.tolist() for i, v in values.items() if i in new_id}
            out.append({"loop": index_of[id(loop_action)], "end": index_of[id(end)],
                        "count": count, "iterations": [ids(v) for v in iterations],
                        "last": ids(final), "printed": printed})
        return out


def _draws_globally(node):
    """Whether a node draws from the global generator each time it is computed."""
    p = node["params"]
    return node["kind"] in DRAWING_KINDS and p.get("generator") is None and \
        (node["kind"] != "loader_batch" or p.get("seed") is None or
         p.get("source") == "SubsetRandomSampler")     # (its base seed: the global one)


def _with_watched_prints(rec):
    """``rec.actions`` with a ``print`` action (marked ``watched``) where the script
    printed a tensor before any parameter changed (``Recorder.print_tensor`` only watched
    it), and for each real action its index in that list. A loop's first iteration then
    has the print its later iterations have as steps, so it folds with them; outside a
    loop such a print is dropped again (``Folded.rewrite``): it stays a watched tensor."""
    actions, real, at = [], [], 0
    for i, after, count, line in rec.watched_prints:
        while at < count:
            real.append(len(actions))
            actions.append(rec.actions[at])
            at += 1
        actions.append({"kind": "print", "params": {"tensor": i}, "line": line,
                        "after": after, "watched": True})
    for a in rec.actions[at:]:
        real.append(len(actions))
        actions.append(a)
    return actions, real


def fold(rec):
    """Finds the training loops of ``rec`` (a ``Recorder``) and rewrites its actions (and
    marks the nodes of the folded iterations ``removed``); returns the ``Folded``."""
    rec.actions, real = _with_watched_prints(rec)
    st = Stream(rec.nodes, rec.actions)
    loops = find_loops(st) if any(st.is_change) else []
    if any(st.is_change):      # (what only some iterations compute on the side)
        st, loops = without_side_runs(rec, st, loops)
    lower = 0
    for loop in loops:
        loop.pre = same_forward_before(st, loop, lower)
        lower = loop.end
    folded = Folded(rec, st, loops)
    folded.real = real
    folded.rewrite()
    return folded
