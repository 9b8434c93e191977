"""Recording what cannot be drawn (part of the tracing child): the *cut*.

A program the engine runs is never refused because a part of it cannot be drawn. The
tracer counts the script's own events (an engine call or op the script made itself, an
optimizer's call, a print: ``tick``); a refusal says at which count it happened
(``refused_at``). The parent then traces the program again with ``cut_at`` that count:
everything before it is drawn as usual, and when the count is reached the graph is
finished right there (``Recorder.finish`` at that moment: every value and ``.grad`` as it
then was), the tracer stops listening, the program runs on to its end under the engine,
and what it prints from then on is recorded: say steps holding the text it printed, each
naming its line. ``cut_at`` 0 draws nothing: everything printed is recorded.

Drawing on after a cut (``record_at``, a list of counts, instead of ``cut_at``): at each
count a *recorded part* starts (``parts``): nothing is drawn until the script's
top-level statement holding that event has ended, then drawing goes on. What the part
printed is recorded text; the tensors it made or changed that the script uses afterwards
enter the graph as recorded literals (``Recorder.node_index``, each with the line that
made it), so what comes after is drawn on them.

Imports only numpy, the engine's public API (given as ``rec.torch``) and its sibling
modules.
"""
import ast
import sys
import weakref

import numpy as np

from gradstudio.engine import inspect as raw

from .said import said_event
from .values import TraceError

__all__ = ["tick", "cut_result", "drawn_on_result", "refused_at", "made_in_part",
           "end_part", "made_line"]


def tick(rec):
    """One event of the script itself: counted, its line's first count kept, and the cut
    made (or a recorded part started) when its count is reached."""
    if rec.cut is not None and rec.part is None:
        return
    rec.clock += 1
    if rec.part is not None:           # (inside a recorded part: only counted)
        return
    line = rec.line()
    if line is not None:
        rec.line_clock.setdefault(line, rec.clock)
        rec.line_clock_since.setdefault(line, rec.clock)
    if rec.record_at and rec.clock >= rec.record_at[0]:
        _begin_part(rec, line, rec.record_at.pop(0))
    elif rec.cut_at is not None and rec.clock >= rec.cut_at:
        _cut(rec, line)


# ------------------------------------------------------------------ recorded parts
def _begin_part(rec, line, at):
    """Stops drawing until the top-level statement running now has ended (``end_part``),
    remembering what every drawn tensor holds (to know what the part changed)."""
    frame = _module_frame(rec)
    span = None if frame is None else _statement_span(rec, frame.f_lineno)
    snapshot = {}
    for key, i in rec.node_of.items():
        t = rec.objects[i]
        g = raw.grad(t) if raw.grad_fn(t) is None else None
        snapshot[key] = (np.array(raw.data(t)), None if g is None else np.array(raw.data(g)))
    rec.part = {"line": line, "span": span, "snapshot": snapshot,
                "random": _random_state(rec), "clock": rec.clock, "at": [at]}
    rec.cut = {"result": None, "line": line}
    if frame is not None and span is not None:
        _watch(rec, frame, span)


def _module_frame(rec):
    """The script's outermost frame running now (its module code, or a notebook cell's)."""
    f, found = sys._getframe(1), None
    while f is not None:
        if f.f_code.co_filename == rec.filename:
            found = f
        f = f.f_back
    return found


def _statement_span(rec, line):
    """(first, last) lines of the top-level statement of the script holding ``line``, or
    None when the script (or its cell) does not parse."""
    lines = rec.source.split("\n")
    first, last = 1, len(lines)
    for _, a, b in rec.cells or ():
        if a <= line <= b:
            first, last = a, b
    try:
        tree = ast.parse("\n" * (first - 1) + "\n".join(lines[first - 1:last]))
    except (SyntaxError, ValueError):
        return None
    for stmt in tree.body:
        if stmt.lineno <= line <= (stmt.end_lineno or stmt.lineno):
            return stmt.lineno, stmt.end_lineno or stmt.lineno
    return None


def _watch(rec, frame, span):
    """The part ends at the first line the script's top-level frame runs outside
    ``span`` (the statement after it)."""
    inner, mine = frame.f_trace, rec.part

    def watcher(frame, event, arg):
        # (only its own part: an earlier part's watcher stays on the frame, beneath)
        if event == "line" and rec.part is mine and \
                not span[0] <= frame.f_lineno <= span[1]:
            end_part(rec)
        if inner is not None:
            inner(frame, event, arg)
        return watcher
    frame.f_trace = watcher


def _random_state(rec):
    return np.array(rec.torch.default_generator.get_state())


def made_in_part(rec, out):
    """A tensor (or tensors) a recorded part made: the line that made it, kept for the
    literal it may become (held weakly: the part's temporaries are not kept alive)."""
    for t in out if isinstance(out, (tuple, list)) else (out,):
        if isinstance(t, rec.Tensor) and made_line(rec, t) is None:
            rec.made[id(t)] = (weakref.ref(t), rec.line())


def made_line(rec, t):
    """The line a recorded part made ``t`` at, or None."""
    ref, line = rec.made.get(id(t), (None, None))
    return line if ref is not None and ref() is t else None


def end_part(rec):
    """The recorded part is over: drawing goes on. A drawn tensor the part changed (its
    values or its .grad) is one the graph no longer holds: its next use is a recorded
    literal (its earlier nodes keep what they held); after random numbers the part drew,
    a random source is recorded too (the graph's stream is not the script's)."""
    part, rec.part, rec.cut = rec.part, None, None
    changed = {}
    for key, (data, grad) in part["snapshot"].items():
        i = rec.node_of.get(key)
        if i is None:
            continue
        t = rec.objects[i]
        g = raw.grad(t) if raw.grad_fn(t) is None else None
        now = None if g is None else np.array(raw.data(g))
        if not _same(raw.data(t), data) or (grad is None) != (now is None) or (
                grad is not None and not _same(now, grad)):
            changed[id(t)] = None if grad is None else grad.tolist()
            del rec.node_of[key]
    if changed:
        for k, t in enumerate(rec.objects):
            if id(t) in changed:
                # (its node ends here: its .grad is checked up to here, and at the end
                # against what it was here; ``recorder_finish``)
                rec.nodes[k]["superseded"] = {"uid": rec.uids + 1,
                                              "grad": changed[id(t)]}
                rec.made[id(t)] = (weakref.ref(t), part["line"])   # (changed there)
        for g_key, owner in list(rec.grad_of.items()):
            if id(rec.objects[owner]) in changed:
                del rec.grad_of[g_key]
    if not np.array_equal(_random_state(rec), part["random"]):
        rec.random_dirty = True
    while rec.record_at and rec.record_at[0] <= rec.clock:
        part["at"].append(rec.record_at.pop(0))   # (a later part's start inside this one)
    rec.parts.append({"line": part["line"], "span": part["span"], "at": part["at"]})
    rec.line_clock_since = {}


def _same(a, b):
    a = np.asarray(a)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def _cut(rec, line):
    rec.name_tensors(rec.namespace)
    try:
        result = rec.finish()
    except TraceError:
        result = None          # (what came before cannot be drawn either: nothing is)
    rec.cut = {"result": result, "line": line}


def refused_at(rec, exc):
    """The count at which the refusal ``exc`` happened (for a second trace with the cut
    there), or None when it has none: one found at the end, without a line seen."""
    if rec.refusal is not None and exc is rec.refusal:
        return rec.refusal_clock
    line = getattr(exc, "line", None)
    # (a line run again after a recorded part: its count since; else its first count, such
    # as a node drawn before the first part and refused at the end)
    for clocks in (rec.line_clock_since, rec.line_clock) if rec.parts else (rec.line_clock,):
        if line is not None and line in clocks:
            return clocks[line]
    return rec.clock or None


def _recorded_step(events, after):
    """One say step printing what ``events`` printed, recorded."""
    text = "".join(e["text"] for e in events)
    line = events[0]["line"]
    parts = [{"text": text}]
    return {"kind": "say", "params": {"tensors": [], "parts": parts, "sep": " ",
                                      "end": "", "line": line},
            "line": line, "after": after, "said": text, "said_parts": parts}


def drawn_on_result(rec, reason):
    """The result of a trace that drew on after its recorded parts (``record_at``): the
    whole graph, and where the parts were."""
    if rec.part is not None:
        end_part(rec)
    rec.name_tensors(rec.namespace)
    result = rec.finish()
    recorded = sum(1 for n in result["nodes"] if n.get("recorded_at"))
    result["cut"] = {"line": rec.parts[0]["line"] if rec.parts else None,
                     "reason": reason, "drawn": bool(result["nodes"]),
                     "parts": [[p["line"], *(p["span"] or (p["line"], p["line"]))]
                               for p in rec.parts], "recorded": recorded,
                     "starts": [p["at"] for p in rec.parts]}
    return result


def cut_result(rec, reason):
    """The result of a trace cut at ``rec.cut_at``: the graph finished at the cut, then a
    say step for every print made after it (for every print, when nothing was drawn)."""
    if rec.cut is None:                # the program ended before the count was reached
        rec.cut = {"result": None, "line": None}
    result = rec.cut["result"]
    events = rec.said_after
    if result is None:
        result = {"ok": True, "nodes": [], "actions": [], "seed": None, "loops": [],
                  "printed": []}
        events = rec.said_before_cut() + events
    after = len(result["nodes"])
    if events:
        result["actions"] = result["actions"] + [_recorded_step(events, after)]
    result["cut"] = {"line": rec.cut["line"], "reason": reason,
                     "drawn": bool(result["nodes"])}
    return result


def recorded_event(rec, texts, sep, end):
    """A print made after the cut: its text only."""
    return said_event([("text", None)] * len(texts), texts, sep, end, rec.line(), 0, 0)
