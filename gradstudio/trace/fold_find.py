"""Finding training loops (part of the tracing child, for ``fold``): the recorder's nodes
and actions as one stream of events (``Stream``), each with a signature, and the loops in
it (``find_loops``): from each parameter change, the shortest period such that each event
is the same as the one a period later, cut into the most whole iterations where every
node of an iteration comes before its first parameter change and no iteration uses a
tensor of another (``fold`` says why). ``same_forward_before`` finds the same forward
computed just before a loop (an exported script computes one).

Imports only its sibling modules, the action records (``gradstudio.timeline``: which
kinds train) and the standard library.
"""
import json

from gradstudio.timeline import ACTIONS

from .values import NODE_PARAMS, ActionRef

MAX_CHANGES_PER_ITERATION = 64


def _canon(v):
    return json.dumps(v, sort_keys=True, default=repr)


class Stream:
    """The nodes and actions in the order they were made, each with a signature:
    ``(static, refs)``, ``refs`` the stream positions of the nodes (and no_grad block,
    and optimizer) it uses."""

    def __init__(self, nodes, actions):
        self.nodes, self.actions = nodes, actions
        # (a node removed before the search, such as a permutation its batches now
        # draw (``batches``), is no event: nothing uses it)
        events, i = [], 0
        for j, a in enumerate(actions):
            while i < a["after"]:
                if not nodes[i].get("removed"):
                    events.append((False, i))
                i += 1
            events.append((True, j))
        events.extend((False, k) for k in range(i, len(nodes)) if not nodes[k].get("removed"))
        self.events = events
        self.npos, self.apos = [0] * len(nodes), [0] * len(actions)
        self.nodes_before = [0]
        for q, (is_action, k) in enumerate(events):
            (self.apos if is_action else self.npos)[k] = q
            self.nodes_before.append(self.nodes_before[-1] if is_action else k + 1)
        self.removed_before = [0]          # removed nodes among the first k nodes
        for k, node in enumerate(nodes):
            gone = bool(node.get("removed"))
            self.removed_before.append(self.removed_before[-1] + gone)
            if gone:                       # (where it was: the event before it)
                self.npos[k] = self.npos[k - 1] if k else 0
        self.uid_pos = {a["uid"]: self.apos[j] for j, a in enumerate(actions) if "uid" in a}
        self.block_pos = {}
        for k, node in enumerate(nodes):
            region = node["region"]
            if region not in (None, "global"):
                self.block_pos.setdefault(region, self.npos[k])
        self._sig = None         # the events' signatures, made when a search asks (``sig``)
        self.is_node = [not a for a, _ in events]
        self.is_change = [a and ACTIONS[actions[k]["kind"]].trains for a, k in events]
        # the first event of a repeating stretch found using a tensor of an earlier
        # iteration (its stream position), or None
        self.carried = None
        # the first node found after a step inside a repeating stretch's iteration (its
        # stream position), or None
        self.after_change = None

    @property
    def sig(self):
        """Each event's signature, made on first use: a trace whose actions change no
        parameter searches no loop and needs none."""
        if self._sig is None:
            nodes, actions = self.nodes, self.actions
            self._sig = [self._action_sig(actions[k]) if a else self._node_sig(nodes[k])
                         for a, k in self.events]
        return self._sig

    def _node_sig(self, node):
        ports = tuple(sorted(node["inputs"]))
        region = node["region"]
        where = None if region is None else "global" if region == "global" else "block"
        static = ("n", node["kind"], _canon(node["params"]), node["alias"], node["retains_grad"],
                  node["taint"] is not None, where, ports)
        refs = [self.npos[node["inputs"][p]] for p in ports]
        if where == "block":
            refs.append(self.block_pos[region])
        return static, tuple(refs)

    def _action_sig(self, a):
        static, refs = ["a", a["kind"], bool(a.get("failed"))], []
        for k in sorted(a["params"]):
            v = a["params"][k]
            if isinstance(v, ActionRef):
                static.append((k, "optimizer"))
                refs.append(self.uid_pos.get(v.uid))
            elif k == "value" and a["kind"] == "scheduler_step" and v is not None:
                # (the number ReduceLROnPlateau's step was given, one per iteration:
                # ``Folded`` keeps each iteration's)
                static.append((k, "number"))
            elif k not in NODE_PARAMS or v is None:
                static.append((k, _canon(v)))
            elif isinstance(v, list):
                static.append((k, "nodes", len(v)))
                refs.extend(None if x is None else self.npos[x] for x in v)
            else:
                static.append((k, "node"))
                refs.append(self.npos[v])
        return tuple(static), tuple(refs)

    def same(self, q, r, p):
        """Whether event ``r`` repeats event ``q``, ``p`` events later."""
        sig = self.sig
        (sa, ra), (sb, rb) = sig[q], sig[r]
        if sa != sb:
            return False
        return all(x == y or (x is not None and y == x + p) for x, y in zip(ra, rb))

    def line(self, q):
        is_action, k = self.events[q]
        return (self.actions if is_action else self.nodes)[k]["line"]


class Loop:
    __slots__ = ("start", "period", "count", "pre")

    def __init__(self, start, period, count):
        self.start, self.period, self.count = start, period, count
        self.pre = None          # stream positions of the same forward just before the loop

    @property
    def end(self):
        return self.start + self.period * self.count


def find_loops(st):
    n = len(st.events)
    changes = [q for q in range(n) if st.is_change[q]]
    loops, done = [], 0
    failed = {}          # period -> end of a repeating stretch that held no loop
    for i, u in enumerate(changes):
        if u < done:
            continue
        for m in range(i + 1, min(len(changes), i + 1 + MAX_CHANGES_PER_ITERATION)):
            p = changes[m] - u
            if u + 2 * p > n or failed.get(p, -1) > u or \
                    not all(st.same(u + t, u + p + t, p) for t in range(p)):
                continue
            loop, hi = _best_loop(st, u, p, done)
            if loop is not None:
                loops.append(loop)
                done = loop.end
                break
            failed[p] = hi
    return loops


def _best_loop(st, u, p, done):
    """The loop of the most whole iterations in the periodic stretch around ``u``."""
    lo = u
    while lo - 1 >= done and st.same(lo - 1, lo - 1 + p, p):
        lo -= 1
    q = u
    while q + p < len(st.events) and st.same(q, q + p, p):
        q += 1
    hi = q + p
    best = None
    for s in range(lo, min(lo + p, hi)):
        count = (hi - s) // p
        if count >= 2 and (best is None or count > best.count) and _valid(st, s, p, count):
            best = Loop(s, p, count)
    return best, hi


def _valid(st, s, p, count):
    first_change = next(q for q in range(s, s + p) if st.is_change[q])
    # (a value collected after the step, ``losses.append(loss.item())``, is computed by
    # a compute step of the loop's body: ``collect``)
    late = next((q for q in range(first_change, s + p) if st.is_node[q] and
                 not st.nodes[st.events[q][1]].get("collecting")), None)
    if late is not None:
        # (computed after the step from what the iteration computed before it: the
        # reason a trace that finds no loop gives; not the next iteration's forward)
        refs = [r for r in st.sig[late][1] if r is not None]
        if st.after_change is None and refs and all(s <= r < first_change for r in refs):
            st.after_change = late
        return False
    for k in range(count):
        base = s + k * p
        for q in range(base, base + p):
            for r in st.sig[q][1]:      # (a block's first node names its own position)
                if r is not None and r >= s and not base <= r <= q:
                    if st.carried is None:
                        st.carried = q
                    return False
    return True


def same_forward_before(st, loop, lower):
    """The positions of the nodes before the loop (after the last parameter change) that
    compute what its first iteration's nodes compute, or None; nothing from the loop on
    may use them. Other nodes may come between (the parameters made along the way)."""
    s, p = loop.start, loop.period
    forward = [q for q in range(s, s + p) if st.is_node[q]]
    found, q = [], s - 1
    while q >= lower and len(found) < len(forward):
        if st.is_change[q]:
            return None
        if st.is_node[q] and st.sig[q][0] == st.sig[forward[-1 - len(found)]][0]:
            found.append(q)
        q -= 1
    if not forward or len(found) < len(forward):
        return None
    found.reverse()
    index = {x: j for j, x in enumerate(forward)}
    taken = set(found)
    for x, c in zip(forward, found):
        (s1, r1), (s0, r0) = st.sig[x], st.sig[c]
        if s1 != s0:
            return None
        for a, b in zip(r1, r0):
            if a >= s:
                if a not in index or b != found[index[a]]:
                    return None
            elif a != b or a in taken:
                return None
    for q in range(s, len(st.events)):
        if any(r in taken for r in st.sig[q][1]):
            return None
    return found
