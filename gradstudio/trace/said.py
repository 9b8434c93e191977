"""What the script printed, as ``say`` steps of the timeline (part of the tracing child).

Every ``print`` the script makes (and, in a notebook, every value a cell displays) is
kept in order by ``Recorder.say``: its arguments, each a tensor the graph holds (printed
by the document as it then is), a ``.grad`` of one, or the text it printed (a string, a
number, an f-string, a model's repr: *recorded*), and where it happened in the stream of
nodes and actions. ``Said`` places them in the timeline ``fold`` rewrites: outside a
training loop a print is a ``say`` step of its own at the moment the script printed; the
prints inside a folded loop are one ``say`` step at the end of the loop's body holding,
for each iteration, the text that iteration printed (recorded: the loop is drawn once,
what it printed each time is data). The document then prints exactly what the script
printed (``document/export.py``), and the trace's check compares every say step's text
with the script's (``document/trace.py``).

Imports only the standard library.
"""
import bisect

__all__ = ["Said", "said_event"]


def said_event(parts, texts, sep, end, line, nodes, actions):
    """One print: ``parts`` as ``[("tensor"|"grad"|"text", node index or None), ...]``,
    ``texts`` what each argument printed, its ``sep`` and ``end``, its script ``line``
    and how many nodes and actions the recorder held then."""
    return {"parts": parts, "texts": texts, "sep": sep, "end": end,
            "text": sep.join(texts) + end, "line": line, "nodes": nodes,
            "actions": actions}


class Said:
    """The prints of a trace, by their position in ``fold``'s stream of events."""

    def __init__(self, events, real, n_actions, removed_before=None):
        def position(e):      # (``removed_before``: nodes that are no event, by count)
            a = e["actions"]
            gone = removed_before[e["nodes"]] if removed_before else 0
            return e["nodes"] - gone + (real[a] if a < len(real) else n_actions)
        self.events = sorted(events, key=lambda e: position(e))
        self.positions = [position(e) for e in self.events]
        self.next = 0

    def before(self, q, node):
        """The say steps of the prints made before stream position ``q`` (outside any
        loop) not placed yet; ``node(i)`` is the node drawn for node ``i``, or None
        when that one cannot be printed there (an earlier iteration's)."""
        out = []
        while self.next < len(self.events) and self.positions[self.next] <= q:
            out.append(self._step(self.events[self.next], node))
            self.next += 1
        return out

    def in_loop(self, start, end, period, count):
        """The say step of the prints a folded loop made (stream positions ``start`` to
        ``end``, ``count`` iterations of ``period`` events), or None: each iteration's
        text, recorded. A print made right after the loop's last event belongs to it
        when its line printed in an earlier iteration too."""
        lo = bisect.bisect_right(self.positions, start, self.next)
        hi = bisect.bisect_left(self.positions, end, lo)
        inside = list(range(lo, hi))
        lines = {self.events[k]["line"] for k in inside}
        while hi < len(self.events) and self.positions[hi] == end and \
                self.events[hi]["line"] in lines:
            inside.append(hi)
            hi += 1
        if not inside:
            return None
        # (a print before the loop's first event stays before the loop: same order)
        texts = [""] * count
        for k in inside:
            it = min((self.positions[k] - start - 1) // period, count - 1)
            texts[it] += self.events[k]["text"]
        self.next = hi
        first = self.events[inside[0]]
        return {"kind": "say", "params": {"tensors": [], "parts": [{"texts": texts}],
                                          "sep": " ", "end": "", "line": first["line"]},
                "line": first["line"], "after": first["nodes"], "said": texts}

    @staticmethod
    def _step(event, node):
        tensors, parts = [], []
        for (kind, value), text in zip(event["parts"], event["texts"]):
            if kind == "list":          # (a collect node's list, read: ``collect``)
                parts.append({"list": list(value)})
                continue
            i = node(value) if kind != "text" else None
            if i is None:
                parts.append({"text": text})
            else:
                parts.append({kind: len(tensors)})
                tensors.append(i)
        return {"kind": "say", "params": {"tensors": tensors, "parts": parts,
                                          "sep": event["sep"], "end": event["end"],
                                          "line": event["line"]},
                "line": event["line"], "after": event["nodes"], "said": event["text"],
                "said_parts": [{"text": t} for t in event["texts"]]}


MAX_SAY_STEPS = 1000     # say steps one trace draws; past that, adjacent ones are merged


def _flat(step):
    """A say step's parts with its ``sep`` and ``end`` as text parts, and its tensors."""
    p = step["params"]
    parts = []
    for k, part in enumerate(p["parts"]):
        if k:
            parts.append({"text": p["sep"]})
        parts.append(part)
    parts.append({"text": p["end"]})
    return parts, list(p["tensors"])


def _joined(parts):
    """``parts`` with neighbouring texts joined and empty texts dropped."""
    out = []
    for part in parts:
        if "text" in part and out and "text" in out[-1]:
            out[-1] = {"text": out[-1]["text"] + part["text"]}
        elif "text" not in part or part["text"]:
            out.append(part)
    return out


def merge_adjacent(actions):
    """``actions`` with every run of adjacent say steps (outside a loop's per-iteration
    texts) made one say step printing the same text, when a trace made more than
    ``MAX_SAY_STEPS`` of them (a document's timeline has a limit)."""
    if sum(a["kind"] == "say" for a in actions) <= MAX_SAY_STEPS:
        return actions
    out = []
    for a in actions:
        prev = out[-1] if out else None
        mergeable = a["kind"] == "say" and isinstance(a.get("said"), str)
        if mergeable and prev is not None and prev["kind"] == "say" and \
                isinstance(prev.get("said"), str):
            parts, tensors = _flat(prev)
            more, more_tensors = _flat(a)
            shift = len(tensors)
            parts += [{k: v + shift} if k in ("tensor", "grad") else {k: v}
                      for part in more for k, v in part.items()]
            said = prev["said"] + a["said"]
            out[-1] = dict(prev, params=dict(prev["params"], parts=_joined(parts),
                                             tensors=tensors + more_tensors, sep="",
                                             end=""),
                           said=said, said_parts=[{"text": said}])
        else:
            out.append(a)
    return out
