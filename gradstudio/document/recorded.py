"""What a traced document recorded rather than drew, and whether it is still right.

A traced program's document prints, at its ``say`` steps, text the script printed that
the graph does not compute (strings, ``.item()`` values, model reprs), and a
``scheduler_step`` may step with a number the script computed: these are *recorded*,
each with the line it came from. They were right for the graph as traced. Once the
graph or the timeline is edited they may no longer be what the program would print or
pass, and the studio says so instead of reusing them silently (issue 32): the document
keeps a ``fingerprint`` of what it computes as traced (``Document.recorded_against``,
saved in the file), and ``is_stale`` compares it with the document now.

``recorded_parts(action)`` tells whether an action holds recorded data at all.
Imports nothing of Qt.
"""
import hashlib
import json

from gradstudio.words import translate

__all__ = ["fingerprint", "mark_traced", "is_stale", "recorded_parts", "STALE_WORDS",
           "recorded_words", "stale_step_words"]

STALE_WORDS = ("recorded when the script ran; the graph has been edited since, so it may "
               "no longer be what the program would print")


def recorded_words(line):
    """What a node holding a value the trace recorded at ``line`` is, in words."""
    return translate("Recorded", "Recorded from line {line} of the script: its values are "
                     "what the script had there (a tensor the trace did not see made, such "
                     "as what torch.load read or a deep copy), not computed by the graph; "
                     "an edit upstream does not change them.").format(line=line)


def stale_step_words():
    """What a timeline step holding recorded data is once the graph was edited, in
    words (the timeline's tooltip and its details)."""
    return translate("Recorded", "What this step holds was recorded when the script ran; "
                     "the graph has been edited since, so it may no longer be what the "
                     "program would print.")


def recorded_parts(action):
    """Whether ``action`` holds data the trace recorded (text, a number) rather than
    something the graph computes."""
    p = action.params
    if action.kind == "say":
        return any("text" in part or "texts" in part for part in p.get("parts", ()))
    return action.kind == "scheduler_step" and (p.get("value") is not None or
                                                bool(p.get("values")))


def fingerprint(doc):
    """A digest of what ``doc`` computes: its nodes (kind, settings, inputs), its seed and
    its timeline, leaving out what only prints (``say`` steps) and where things are
    drawn."""
    nodes = [(nid, d.kind, d.params, sorted((k, u) for u, _, k in doc.graph.in_edges(
        nid, keys=True)), d.retains_grad) for nid in doc.node_ids
        for d in (doc.node(nid),)]
    actions = [(a.id, a.kind, a.params) for a in doc.timeline if a.kind != "say"]
    text = json.dumps([nodes, actions, doc.seed], sort_keys=True, default=repr)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def mark_traced(doc):
    """Remembers ``doc`` as traced, if it holds anything recorded (text, a number, a
    tensor's values)."""
    doc.recorded_against = fingerprint(doc) if any(
        recorded_parts(a) for a in doc.timeline) or any(
        doc.node(n).recorded is not None for n in doc.node_ids) else None


def is_stale(doc):
    """Whether ``doc``'s recorded parts were recorded for a graph it no longer is."""
    against = getattr(doc, "recorded_against", None)
    return against is not None and fingerprint(doc) != against
