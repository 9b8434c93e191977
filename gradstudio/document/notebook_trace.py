"""Tracing a Jupyter notebook: its code cells run in order in the tracing child, and the
graph they compute opens with the notebook as its lesson.

``trace_notebook(data, filename)`` reads the notebook (``notebook.read_notebook``),
runs its code cells as ``trace.TraceJob`` runs a script (same child process, time limit
and checks), cell by cell as a student runs them: a cell's trailing expression is
displayed, an error ends its own cell and the next cells still run, IPython magics and
shell lines never run (``notebook.program``). The document it returns carries a
``Lesson``: every cell with the output the notebook stored next to the output the traced
run produced, the error a cell raised, where each node and action came from, and whether
the notebook seeds torch's generator itself. A refusal names the cell and its line
(``cell 4, line 2: GradStudio cannot trace this: ...``).

An unseeded notebook draws random numbers as if seeded with the document's seed (0), so
the graph's numbers are reproducible but differ from the ones the notebook stored; the
lesson's ``seeded`` flag lets the lesson view say so.
"""
import re

from gradstudio.words import Number, Said, translate

from .lesson import MAX_LESSON_TEXT, Cell, Lesson, program_fingerprint
from .notebook import NotebookError, program, read_notebook
from .trace import DEFAULT_TIMEOUT, TraceError, TraceJob

__all__ = ["trace_notebook", "start_notebook_trace", "NotebookTraceJob", "NOTEBOOK_SUFFIX"]

NOTEBOOK_SUFFIX = ".ipynb"


def _line_pattern():
    """``line 3`` as the language installed writes it (``TraceNotes``), its number a
    group."""
    words = re.escape(translate("TraceNotes", "line {line}")).replace(
        re.escape("{line}"), r"(\d+)", 1)
    return re.compile(r"\b" + words + r"\b")


# how the tracing child begins a cell's error that is GradStudio's, not the notebook's
# (a part of PyTorch the engine does not have): PyTorch would have run that cell
_NOT_IN_GRADSTUDIO = "GradStudio cannot trace this: "
# how the engine's errors for what it does not have begin (PyTorch would run that cell)
_ENGINE_LACKS = "GradStudio's engine "
# a cell's error for a name nothing assigned (perhaps a line of IPython syntax not run)
_UNDEFINED = re.compile(r"NameError: name '(\w+)' is not defined")
MAX_CELL_OUTPUT = 64 * 1024       # characters of one output a lesson keeps (as the child)


class _Budget:
    """Outputs kept in a lesson: each cut to ``MAX_CELL_OUTPUT`` characters and all of them
    together to what the file allows beside the cells' sources."""

    def __init__(self, total):
        self.left = total

    def keep(self, text):
        if text is None:
            return None
        room = max(0, min(MAX_CELL_OUTPUT, self.left))
        if len(text) > room:
            note = f"\n… ({len(text) - room:,} more characters not kept)\n"
            text = text[:max(0, room - len(note))] + note
        self.left -= len(text)
        return text


class NotebookTraceJob:
    """A notebook's trace running in a child process: ``done()``, ``cancel()``,
    ``result()`` (the ``Document`` with its lesson, or ``TraceError``)."""

    def __init__(self, data, filename="notebook.ipynb", timeout=DEFAULT_TIMEOUT):
        try:
            self.notebook = read_notebook(data, filename)
        except NotebookError as e:
            raise TraceError(str(e)) from None
        self.program = program(self.notebook)
        self._job = TraceJob(self.program.text, timeout, "<notebook>",
                             cells=self.program.ranges())

    @property
    def output(self):
        return self._job.output

    @property
    def recorded(self):
        return self._job.recorded

    def done(self):
        return self._job.done()

    def cancel(self):
        self._job.cancel()

    def wait(self, timeout):
        self._job._thread.join(timeout)

    def located(self, message):
        """``message`` (in the language installed) with its first program line named as
        the notebook's cell and line."""
        def cell_line(m):
            where = self.program.where(int(m.group(1)))
            return m.group(0) if where is None else translate(
                "TraceNotes", "cell {cell}, line {line}").format(cell=where[0] + 1,
                                                                 line=where[1])
        return _line_pattern().sub(cell_line, message, count=1)

    def result(self, timeout=None):
        try:
            doc = self._job.result(timeout)
        except TraceError as e:
            raise TraceError(self.located(str(e))) from None
        doc.lesson = self.lesson(doc, self._job.data, self._job.ids)
        if doc.trace_note:
            doc.trace_note = self.located(doc.trace_note)
        else:
            doc.trace_note = self.engine_failures(self._job.data)
        return doc

    def engine_failures(self, data):
        """What to say when a cell failed under GradStudio where PyTorch would run it (the
        cell's own errors, which PyTorch raises too, are the notebook's; an error in the
        engine's words of what it does not have, and a name that only IPython syntax
        GradStudio did not run assigns, are GradStudio's): None if none."""
        failed = [(c, why) for c in data.get("cells", [])
                  for why in [self._not_in_gradstudio(c.get("error") or {})] if why]
        if not failed:
            return None
        (first, text), = failed[:1]
        where = self.program.where(first["error"].get("line"))
        cell = first["cell"] + 1
        place = translate("TraceNotes", "Cell {cell}").format(cell=cell) if where is None \
            else translate("TraceNotes", "Cell {cell}, line {line}").format(cell=cell,
                                                                            line=where[1])
        note = translate("NotebookTrace", "{place} fails in GradStudio but would run under "
                         "PyTorch ({text}): the graph and its export leave out what that "
                         "cell computes.").format(place=place, text=text)
        if len(failed) > 1:
            note += " " + translate("NotebookTrace", "{count} more cells fail the same "
                                    "way.").format(count=Number(len(failed) - 1))
        return note

    def _not_in_gradstudio(self, error):
        """Why a cell's ``error`` is GradStudio's, in words, or None when it is the
        notebook's own."""
        text = error.get("text", "")
        if text.startswith(_NOT_IN_GRADSTUDIO):
            reason = Said.from_json(error.get("reason"))  # (the child's words, translated)
            return reason.shown() if isinstance(reason, Said) else \
                text[len(_NOT_IN_GRADSTUDIO):].rstrip(".")
        if _ENGINE_LACKS in text:            # (the engine's own words: PyTorch runs it)
            return text.split(": ", 1)[-1].rstrip(".")
        missing = _UNDEFINED.match(text)
        unrun = [u for u in self.program.unrun if missing and u[0] == missing.group(1)]
        if not unrun:
            return None
        name, cell, line = unrun[-1]
        return translate("NotebookTrace", "{name} is assigned in cell {cell}, line {line} "
                         "by IPython syntax, which GradStudio does not run").format(
                         name=name, cell=cell + 1, line=line)

    def lesson(self, doc, data, ids):
        ran = {c["cell"]: c for c in data.get("cells", [])}
        sources = sum(len(c.source) for c in self.notebook.cells)
        budget = _Budget(MAX_LESSON_TEXT - sources - 64 * 1024)
        cells = []
        for i, nc in enumerate(self.notebook.cells):
            if nc.kind != "code":
                cells.append(Cell("markdown", nc.source))
                continue
            r = ran.get(i, {})
            error = r.get("error")
            if error is not None:
                where = self.program.where(error.get("line"))
                error = error["text"] if where is None else \
                    f"line {where[1]}: {error['text']}"
            cells.append(Cell("code", nc.source, budget.keep(nc.stored),
                              budget.keep(r.get("output", "")), budget.keep(error),
                              self.program.notes[i], nc.execution_count))
        origins = {}
        for n in data["nodes"]:
            where = self.program.where(n.get("line"))
            if where is not None and n["id"] in ids:
                origins[ids[n["id"]]] = where
        for a, action in zip(data["actions"], doc.timeline):
            where = self.program.where(a.get("line"))
            if where is not None:
                origins[action.id] = where
        return Lesson(tuple(cells), origins, self.notebook.name, program_fingerprint(doc),
                      bool(data.get("script_seeded")))


def start_notebook_trace(data, filename="notebook.ipynb", timeout=DEFAULT_TIMEOUT):
    """Starts tracing the notebook ``data`` (bytes or text) and returns at once."""
    return NotebookTraceJob(data, filename, timeout)


def trace_notebook(data, filename="notebook.ipynb", timeout=DEFAULT_TIMEOUT,
                   should_cancel=None):
    """The notebook's graph, with its lesson (see the module docstring)."""
    job = start_notebook_trace(data, filename, timeout)
    while not job.done():
        if should_cancel is not None and should_cancel():
            job.cancel()
            break
        job.wait(0.05)
    return job.result()
