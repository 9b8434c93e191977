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

Imports only its sibling modules.
"""
from .said import said_event
from .values import TraceError

__all__ = ["tick", "cut_result", "refused_at"]


def tick(rec):
    """One event of the script itself: counted, its line's first count kept, and the cut
    made when its count is reached."""
    if rec.cut is not None:
        return
    rec.clock += 1
    line = rec.line()
    if line is not None:
        rec.line_clock.setdefault(line, rec.clock)
    if rec.cut_at is not None and rec.clock >= rec.cut_at:
        _cut(rec, line)


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
    if getattr(exc, "line", None) is not None and exc.line in rec.line_clock:
        return rec.line_clock[exc.line]
    return rec.clock or None


def _recorded_step(events, after):
    """One say step printing what ``events`` printed, recorded."""
    text = "".join(e["text"] for e in events)
    line = events[0]["line"]
    parts = [{"text": text}]
    return {"kind": "say", "params": {"tensors": [], "parts": parts, "sep": " ",
                                      "end": "", "line": line},
            "line": line, "after": after, "said": text, "said_parts": parts}


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
