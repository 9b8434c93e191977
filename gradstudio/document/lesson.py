"""A document's lesson: the notebook it was traced from, or the short text of an example.

A ``Lesson`` is read-only once made. Its ``cells`` are the notebook's cells in order
(``Cell``: markdown or code; a code cell keeps its source, the output stored in the
notebook, and the output and error GradStudio's traced run of that cell produced). The
lesson remembers where each node and timeline action came from (``origins``: node or
action id -> ``(cell index, line in the cell)``, 1-based lines) and a fingerprint of the
program as traced, so a view can tell when the graph has been edited since and the
traced outputs no longer describe it (``matches``).

A bundled example's lesson is one markdown cell: the short text a teacher would put
above the code. ``Document.lesson`` is ``None`` for a program built by hand.

In the file (format 4) the lesson is one ``"lesson"`` object (``to_json``);
``from_json`` checks every field against fixed limits and turns any defect into the
reader's located error.
"""
import hashlib
import json
from dataclasses import dataclass, field
from gradstudio.words import translate

__all__ = ["Cell", "Lesson", "program_fingerprint", "LESSON_LIMITS", "example_lesson"]

MAX_CELLS = 2000
MAX_CELL_TEXT = 256 * 1024        # characters in one cell's source or one output
MAX_LESSON_TEXT = 16 * 1024 ** 2  # characters in the whole lesson
LESSON_LIMITS = dict(cells=MAX_CELLS, cell_text=MAX_CELL_TEXT, text=MAX_LESSON_TEXT)
CELL_KINDS = ("markdown", "code")


@dataclass(frozen=True)
class Cell:
    """One notebook cell. ``stored`` is the output saved in the notebook (text; ``None``
    when the notebook kept none), ``output`` what GradStudio's traced run printed and
    displayed for it, ``error`` the error it raised there (``"RuntimeError: ..."``),
    ``notes`` the lines it did not run (IPython magics, shell commands), and
    ``execution_count`` the notebook's ``In [n]``."""
    kind: str
    source: str
    stored: str | None = None
    output: str = ""
    error: str | None = None
    notes: tuple = ()
    execution_count: int | None = None

    @property
    def is_code(self):
        return self.kind == "code"

    def differs(self):
        """True when the notebook stored an output and the traced run printed another."""
        return self.is_code and self.stored is not None and \
            _plain(self.stored) != _plain(self.output)


@dataclass(frozen=True)
class Lesson:
    """``cells``; ``origins`` maps node and action ids to ``(cell, line)``; ``name`` is
    the notebook's file name (``""`` for an example); ``fingerprint`` the program as
    traced (``None``: nothing was traced); ``seeded``: the notebook seeds torch's
    generator itself."""
    cells: tuple
    origins: dict = field(default_factory=dict)
    name: str = ""
    fingerprint: str | None = None
    seeded: bool = True

    def code_cells(self):
        return [i for i, c in enumerate(self.cells) if c.is_code]

    def items_of(self, cell):
        """The node and action ids that came from cell ``cell``, in the cell's line order."""
        found = [(line, item) for item, (c, line) in self.origins.items() if c == cell]
        return [item for line, item in sorted(found, key=lambda p: p[0])]

    def origin(self, item):
        """``(cell, line)`` of a node or action id, or None."""
        return self.origins.get(item)

    def matches(self, doc):
        """True when ``doc`` is still the program that was traced."""
        return self.fingerprint is not None and self.fingerprint == program_fingerprint(doc)

    def without(self, keep):
        """The lesson with origins only for the ids ``keep(id)`` accepts (what a file
        saves: nodes and actions that still exist)."""
        return Lesson(self.cells, {k: v for k, v in self.origins.items() if keep(k)},
                      self.name, self.fingerprint, self.seeded)

    # --------------------------------------------------------------- file form
    def to_json(self):
        cells = []
        for c in self.cells:
            d = {"kind": c.kind, "source": c.source}
            if c.is_code:
                d.update(stored=c.stored, output=c.output, error=c.error, notes=list(c.notes),
                         execution_count=c.execution_count)
            cells.append(d)
        return {"name": self.name, "fingerprint": self.fingerprint, "seeded": self.seeded,
                "cells": cells,
                "origins": {k: list(v) for k, v in sorted(self.origins.items())}}

    @classmethod
    def from_json(cls, value, fail, exists):
        """Checks the file's ``lesson`` object; ``fail(place, message)`` makes the error
        to raise, ``exists(id)`` tells whether a node or action id exists."""
        read = _LessonReader(fail)
        read.obj(value, "lesson", ("cells",), ("name", "fingerprint", "seeded", "origins"))
        cells = read.cells(value["cells"])
        checked = read.origins(value.get("origins", {}), cells, exists)
        name = read.text(value.get("name", ""), "lesson.name", limit=1000)
        fingerprint = value.get("fingerprint")
        if fingerprint is not None and (not isinstance(fingerprint, str) or
                                        len(fingerprint) != 64):
            raise fail("lesson.fingerprint", translate(
                    "Reader", "must be a 64-digit hash or null."))
        seeded = value.get("seeded", True)
        if not isinstance(seeded, bool):
            raise fail("lesson.seeded", translate("Reader", "must be true or false."))
        return cls(tuple(cells), checked, name, fingerprint, seeded)


class _LessonReader:
    """The checks of a file's ``lesson`` object, in the order its defects are reported;
    counts the text read against ``MAX_LESSON_TEXT``."""

    def __init__(self, fail):
        self.fail = fail
        self.total = 0

    def text(self, v, place, optional=False, limit=MAX_CELL_TEXT):
        if v is None and optional:
            return None
        if not isinstance(v, str):
            raise self.fail(place, translate("Reader", "must be text."))
        if len(v) > limit:
            raise self.fail(place, translate(
                    "Reader", "is longer than {limit:,} characters.").format(
                    limit=limit))
        self.total += len(v)
        if self.total > MAX_LESSON_TEXT:
            raise self.fail(place, translate(
                    "Reader", "the lesson holds more than {MAX_LESSON_TEXT:,} characters of "
                    "text.").format(
                    MAX_LESSON_TEXT=MAX_LESSON_TEXT))
        return v

    def obj(self, v, place, required, optional=()):
        if not isinstance(v, dict):
            raise self.fail(place, translate("Reader", "must be an object { ... }."))
        if getattr(v, "duplicate", None) is not None:
            raise self.fail(place, translate("Reader", "has a field that appears twice."))
        for key in v:
            if key not in required and key not in optional:
                raise self.fail(place, translate(
                        "Reader", "unknown field '{key}'.").format(
                        key=str(key)[:40]))
        for key in required:
            if key not in v:
                raise self.fail(place, translate(
                        "Reader", "the field '{key}' is missing.").format(
                        key=key))
        return v

    def cells(self, cells_in):
        fail = self.fail
        if not isinstance(cells_in, list):
            raise fail("lesson.cells", translate("Reader", "must be a list [ ... ]."))
        if len(cells_in) > MAX_CELLS:
            raise fail("lesson.cells", translate(
                    "Reader", "has {count:,} cells; at most {MAX_CELLS:,} are allowed.").format(
                    count=len(cells_in), MAX_CELLS=MAX_CELLS))
        return [self.cell(c, f"lesson.cells[{i}]") for i, c in enumerate(cells_in)]

    def cell(self, c, place):
        fail, text = self.fail, self.text
        self.obj(c, place, ("kind", "source"),
                 ("stored", "output", "error", "notes", "execution_count"))
        if c["kind"] not in CELL_KINDS:
            raise fail(place + ".kind", translate("Reader", "must be 'markdown' or 'code'."))
        if c["kind"] == "markdown" and len(c) > 2:
            raise fail(place, translate(
                    "Reader", "a markdown cell has only a kind and a source."))
        notes = c.get("notes", [])
        if not isinstance(notes, list) or len(notes) > 1000:
            raise fail(place + ".notes", translate(
                    "Reader", "must be a list of at most 1,000 texts."))
        count = c.get("execution_count")
        if count is not None and (type(count) is not int or not 0 <= count < 10 ** 9):
            raise fail(place + ".execution_count", translate(
                    "Reader", "must be a whole number or null."))
        return Cell(c["kind"], text(c["source"], place + ".source"),
                    text(c.get("stored"), place + ".stored", optional=True),
                    text(c.get("output", ""), place + ".output"),
                    text(c.get("error"), place + ".error", optional=True),
                    tuple(text(n, f"{place}.notes[{k}]", limit=1000)
                          for k, n in enumerate(notes)), count)

    def origins(self, origins, cells, exists):
        """``{node or action id: (cell, line)}``, each checked against ``cells``."""
        fail = self.fail
        self.obj(origins, "lesson.origins", (),
                 tuple(origins) if isinstance(origins, dict) else ())
        checked = {}
        for item, where in origins.items():
            place = f"lesson.origins.{str(item)[:64]}"
            if not exists(item):
                raise fail(place, translate(
                        "Reader", "'{item}' is no node or timeline action of this graph.").format(
                        item=str(item)[:40]))
            if not (isinstance(where, list) and len(where) == 2 and
                    all(type(x) is int for x in where)):
                raise fail(place, translate(
                        "Reader", "must be [cell, line], two whole numbers."))
            cell, line = where
            if not 0 <= cell < len(cells) or not cells[cell].is_code:
                raise fail(place, translate(
                        "Reader", "cell {cell} is not a code cell of the lesson.").format(
                        cell=cell))
            if not 1 <= line <= cells[cell].source.count("\n") + 1:
                raise fail(place, translate(
                        "Reader", "line {line} is not a line of cell {cell}.").format(
                        line=line, cell=cell))
            checked[item] = (cell, line)
        return checked


def example_lesson(text):
    """The lesson of a bundled example: its text as one markdown cell."""
    return Lesson((Cell("markdown", text),))


def program_fingerprint(doc):
    """A hash of what the program computes and does: nodes (kind, params, label, marks),
    edges, regions, timeline and seed; positions and the view are left out, so moving a
    card keeps the lesson's outputs current."""
    nodes = [[d.id, d.kind, sorted(d.params.items()), d.label, bool(d.retains_grad),
              bool(d.watched)] for d in doc.nodes()]
    edges = sorted([u, v, k] for u, v, k in doc.edges())
    regions = sorted(sorted(r.nodes) for r in doc.regions.values())
    timeline = [[a.id, a.kind, sorted(a.params.items())] for a in doc.timeline]
    text = json.dumps([nodes, edges, regions, timeline, doc.seed], default=repr,
                      sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _plain(text):
    """Output text compared as a reader would: trailing spaces and blank lines ignored,
    memory addresses (``0x7f3a...``) equal."""
    import re
    lines = [re.sub(r"0x[0-9A-Fa-f]+", "0x?", ln.rstrip()) for ln in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines
