"""Notes on the canvas: a teacher's Markdown text next to the graph.

A ``Note`` is free (``node`` None: ``position`` is its top-left corner on the canvas) or
pinned to a node (``position`` is then the offset from that node's position, so the note
follows the node). Notes are immutable: an edit makes a new one, and an undo step holds
the old and the new (``Document.set_note``). In the file (format 5) they are the
optional ``"notes"`` list (``to_json``); ``from_json`` checks every field. The script
export writes them as comments (a pinned note above its node's line) and the notebook
export as Markdown cells.
"""
import math
import re
from dataclasses import dataclass
from gradstudio.words import translate

__all__ = ["Note", "notes_from_json", "NOTE_LIMITS", "comment_lines", "DEFAULT_SIZE"]

MAX_NOTES = 1000
MAX_NOTE_TEXT = 64 * 1024
MIN_SIDE, MAX_SIDE = 40.0, 4000.0
MAX_COORD = 1e7
DEFAULT_SIZE = (220.0, 110.0)
NOTE_LIMITS = dict(notes=MAX_NOTES, text=MAX_NOTE_TEXT, side=(MIN_SIDE, MAX_SIDE))
_ID = re.compile(r"[A-Za-z0-9_.:\-]{1,64}\Z")


@dataclass(frozen=True)
class Note:
    """``text`` (Markdown), ``position`` (x, y), ``size`` (width, height) and the node it
    is pinned to (``node``) or None."""
    id: str
    text: str
    position: tuple = (0.0, 0.0)
    size: tuple = DEFAULT_SIZE
    node: str | None = None

    def to_json(self):
        return {"id": self.id, "text": self.text,
                "position": [float(self.position[0]), float(self.position[1])],
                "size": [float(self.size[0]), float(self.size[1])], "node": self.node}


def check_note(note, fail, place="note"):
    """Raises ``fail(place, message)`` for a note outside the limits."""
    if not isinstance(note.id, str) or not _ID.match(note.id):
        raise fail(f"{place}.id", translate(
                "Reader", "must be an id: 1 to 64 letters, digits or _ . : -."))
    if not isinstance(note.text, str) or len(note.text) > MAX_NOTE_TEXT:
        raise fail(f"{place}.text", translate(
                "Reader", "must be a text of at most {MAX_NOTE_TEXT:,} characters.").format(
                MAX_NOTE_TEXT=MAX_NOTE_TEXT))
    for name, pair, low, high in (("position", note.position, -MAX_COORD, MAX_COORD),
                                  ("size", note.size, MIN_SIDE, MAX_SIDE)):
        if not (isinstance(pair, (list, tuple)) and len(pair) == 2 and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                and low <= v <= high for v in pair)):
            raise fail(f"{place}.{name}", translate(
                    "Reader", "must be a pair of numbers from {low:g} to {high:g}.").format(
                    low=low, high=high))
    if note.node is not None and (not isinstance(note.node, str) or not _ID.match(note.node)):
        raise fail(f"{place}.node", translate("Reader", "must be a node id or null."))


def notes_from_json(value, fail, exists):
    """The file's ``notes`` list as ``{id: Note}``; ``exists(id)`` tells whether a node
    exists."""
    if not isinstance(value, list) or len(value) > MAX_NOTES:
        raise fail("notes", translate(
                "Reader", "must be a list of at most {MAX_NOTES:,} notes.").format(
                MAX_NOTES=MAX_NOTES))
    notes = {}
    for i, n in enumerate(value):
        place = f"notes[{i}]"
        if not isinstance(n, dict) or getattr(n, "duplicate", None) is not None:
            raise fail(place, translate(
                    "Reader", "must be an object { ... } with each field once."))
        for key in n:
            if key not in ("id", "text", "position", "size", "node"):
                raise fail(place, translate(
                        "Reader", "unknown field '{key}'.").format(
                        key=str(key)[:40]))
        for key in ("id", "text", "position"):
            if key not in n:
                raise fail(place, translate(
                        "Reader", "the field '{key}' is missing.").format(
                        key=key))
        note = Note(n["id"], n["text"], _pair(n["position"]), _pair(n.get("size", DEFAULT_SIZE)),
                    n.get("node"))
        check_note(note, fail, place)
        if note.node is not None and not exists(note.node):
            raise fail(f"{place}.node", translate(
                    "Reader", "node '{node}' does not exist.").format(
                    node=note.node))
        if note.id in notes:
            raise fail(f"{place}.id", translate(
                    "Reader", "'{id}' is used twice.").format(
                    id=note.id))
        notes[note.id] = note
    return notes


def _pair(v):
    return tuple(v) if isinstance(v, list) else v


def comment_lines(text):
    """A note's text as Python comment lines (``# ...``; an empty line is ``#``)."""
    lines = text.strip("\n").splitlines() or [""]
    return [("# " + line).rstrip() for line in lines]
