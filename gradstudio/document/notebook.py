"""Jupyter notebooks (``.ipynb``, nbformat 4) read for tracing, checked and never run here.

``read_notebook(data, source)`` parses and validates a notebook (with ``nbformat``, the
format's own library, imported only when a notebook is read or written) and returns a
``Notebook``: its cells in order, each code cell with its source and the output the
notebook stored (as text: printed streams, displayed values' ``text/plain``, an error's
``ename: evalue``). Anything wrong, from bytes that are not JSON to a notebook of
another format version, is one ``NotebookError`` in words.

``program(notebook)`` is what the tracer runs: the code cells one after another, each
starting at a known line of one program, so every recorded line maps back to its cell
(``Program.where``). IPython's own syntax is never run: a line magic (``%timeit``), a
shell line (``!pip install``), an assignment from either (``files = !ls``) and a help
query (``x?``) become ``pass`` with a note on the cell, and a cell magic (``%%bash``)
keeps its whole cell from running. Only ``%time STATEMENT`` and a ``%%time`` cell run
their Python, as IPython does, so that what they assign is there for the next lines;
the note on the cell says the time IPython prints is not shown.
"""
import json
import re
from dataclasses import dataclass
from urllib.parse import unquote

from gradstudio.words import translate

__all__ = ["Notebook", "NotebookError", "Program", "read_notebook", "program",
           "with_attachments", "MAX_NOTEBOOK_BYTES", "MAX_CODE_CHARS"]

MAX_NOTEBOOK_BYTES = 32 * 1024 ** 2      # the file, outputs and images included
MAX_CODE_CHARS = 1024 * 1024             # the code the tracer runs (as for a script)
MAX_CELLS = 2000
MAX_CELL_CHARS = 256 * 1024              # one cell's source (as a lesson keeps it)
MAX_TEXT_CHARS = 8 * 1024 ** 2           # every cell's source together
MAX_DEPTH = 64


class NotebookError(ValueError):
    """The notebook cannot be read; the message says why, in one sentence."""


@dataclass(frozen=True)
class NotebookCell:
    kind: str                    # "markdown" or "code" (raw cells are kept as markdown)
    source: str
    stored: str | None = None    # the output the notebook stored, as text
    execution_count: int | None = None


@dataclass(frozen=True)
class Notebook:
    cells: tuple
    name: str = ""


@dataclass(frozen=True)
class Program:
    """The code cells as one program: ``text``; ``starts[i]`` the program line where
    cell ``i``'s first line is (``None`` for a markdown cell); ``notes[i]`` what was not
    run in it; ``unrun`` ``(name, cell, line)`` of each name a line that was not run would
    have assigned (``files = !ls``, a skipped cell magic's ``x = ...``)."""
    text: str
    starts: tuple
    lengths: tuple
    notes: tuple
    unrun: tuple = ()

    def where(self, line):
        """``(cell, line in cell)`` of a program line, or None."""
        if line is None:
            return None
        for i, (start, n) in enumerate(zip(self.starts, self.lengths)):
            if start is not None and start <= line < start + n:
                return i, line - start + 1
        return None

    def ranges(self):
        """``[(cell, first line, last line)]`` of the code cells that have lines."""
        return [(i, s, s + n - 1) for i, (s, n) in enumerate(zip(self.starts, self.lengths))
                if s is not None and n]


_ATTACHMENT = re.compile(r"attachment:([^\s)\]\"'<>]+)")


def with_attachments(source, attachments, room=MAX_CELL_CHARS):
    """A markdown cell's ``source`` with each image it names as ``attachment:NAME`` (one of
    the cell's ``attachments``) written in as a ``data:`` URI, so that the lesson holds
    its images and a view never looks them up anywhere; an attachment that is not an
    image, or would take the cell past ``MAX_CELL_CHARS`` (or past ``room``), stays a
    name."""
    if not isinstance(attachments, dict) or "attachment:" not in source:
        return source
    images = {}
    for name, bundle in attachments.items():
        if not isinstance(bundle, dict):
            continue
        for mime, data in bundle.items():
            if isinstance(mime, str) and mime.startswith("image/") and \
                    re.fullmatch(r"[\w.+-]+/[\w.+-]+", mime):
                data = _text(data).replace("\n", "")
                if re.fullmatch(r"[A-Za-z0-9+/=]*", data):
                    images[str(name)] = f"data:{mime};base64,{data}"
                    break
    limit = min(MAX_CELL_CHARS, len(source) + max(0, room))

    def inline(m):
        nonlocal size
        uri = images.get(m.group(1)) or images.get(unquote(m.group(1)))
        if uri is None or size + len(uri) - len(m.group(0)) > limit:
            return m.group(0)
        size += len(uri) - len(m.group(0))
        return uri
    size = len(source)
    return _ATTACHMENT.sub(inline, source)


def _text(value):
    if isinstance(value, list):
        return "".join(str(v) for v in value)
    return value if isinstance(value, str) else ""


def _stored(outputs):
    parts = []
    for out in outputs:
        kind = out.get("output_type")
        if kind == "stream":
            parts.append(_text(out.get("text")))
        elif kind in ("execute_result", "display_data"):
            data = out.get("data", {})
            if "text/plain" in data:
                text = _text(data["text/plain"])
                parts.append(text if text.endswith("\n") else text + "\n")
            elif data:
                parts.append(f"[{sorted(data)[0]}]\n")
        elif kind == "error":
            parts.append(f"{out.get('ename', 'Error')}: {out.get('evalue', '')}\n")
    return "".join(parts)


def _depth_ok(text):
    depth = 0
    inside = escaped = False
    for ch in text:
        if inside:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                inside = False
        elif ch == '"':
            inside = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def read_notebook(data, source="notebook.ipynb") -> Notebook:
    """Parses and checks ``data`` (bytes or text of a ``.ipynb`` file)."""
    name = str(source).replace("\\", "/").rsplit("/", 1)[-1]
    nb = _validated(_format_4(_json_of(data, name), name), name)
    if len(nb.cells) > MAX_CELLS:
        raise NotebookError(translate(
                "Notebook", "{name} has {count:,} cells; GradStudio reads notebooks of up to "
                "{MAX_CELLS:,}.").format(
                name=name, count=len(nb.cells), MAX_CELLS=MAX_CELLS))
    return Notebook(_cells(nb, name), name)


def _json_of(data, name):
    """``data`` (bytes or text) read as JSON, within the size and depth limits."""
    if len(data) > MAX_NOTEBOOK_BYTES:
        raise NotebookError(translate(
                "Notebook", "{name} is larger than {MAX_NOTEBOOK_BYTES} MB, the most "
                "GradStudio reads as a notebook.").format(
                name=name, MAX_NOTEBOOK_BYTES=MAX_NOTEBOOK_BYTES // 2 ** 20))
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise NotebookError(translate(
                    "Notebook", "{name} is not UTF-8 text, so it is not a Jupyter "
                    "notebook.").format(name=name)) from None
    if not _depth_ok(data):
        raise NotebookError(translate(
                "Notebook", "{name} is nested more than {MAX_DEPTH} levels deep; it is not a "
                "Jupyter notebook.").format(
                name=name, MAX_DEPTH=MAX_DEPTH))
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as e:
        where = f" (line {e.lineno}, column {e.colno})" if hasattr(e, "lineno") else ""
        raise NotebookError(translate(
                "Notebook", "{name} is not valid JSON{where}, so it is not a Jupyter "
                "notebook.").format(
                name=name, where=where)) from None


def _format_4(raw, name):
    """``raw`` itself, once it is a notebook of format 4."""
    if not isinstance(raw, dict) or "cells" not in raw and "worksheets" not in raw:
        raise NotebookError(translate(
                "Notebook", "{name} is JSON but not a Jupyter notebook (it has no cells).").format(
                name=name))
    version = raw.get("nbformat")
    if version != 4:
        raise NotebookError(translate(
                "Notebook", "{name} is a notebook in format {version!r}; GradStudio reads "
                "format 4 (Jupyter's since 2015). Open it in Jupyter and save it again to "
                "convert it.").format(
                name=name, version=version))
    return raw


def _validated(raw, name):
    """``raw`` as nbformat's notebook, checked against format 4's schema."""
    import warnings

    import nbformat
    try:
        with warnings.catch_warnings():   # cells without ids (nbformat < 4.5) are fine
            warnings.simplefilter("ignore")
            nb = nbformat.from_dict(raw)
            nbformat.validate(nb, version=4)
    except Exception as e:  # nbformat raises ValidationError and others
        detail = str(getattr(e, "message", e)).splitlines()[0][:200]
        raise NotebookError(translate(
                "Notebook", "{name} is not a valid format 4 notebook: {detail}.").format(
                name=name, detail=detail)) from None
    return nb


def _cells(nb, name):
    """The notebook's cells, within the limits of text and code."""
    cells = []
    code = text = 0
    for k, c in enumerate(nb.cells, start=1):
        src = _text(c.get("source"))
        text += len(src)
        if len(src) > MAX_CELL_CHARS:
            raise NotebookError(translate(
                    "Notebook", "cell {k} of {name} holds {count:,} characters; GradStudio "
                    "reads cells of up to {MAX_CELL_CHARS:,}.").format(
                    k=k, name=name, count=len(src), MAX_CELL_CHARS=MAX_CELL_CHARS))
        if text > MAX_TEXT_CHARS:
            raise NotebookError(translate(
                    "Notebook", "{name} holds more than {MAX_TEXT_CHARS} MB of cell text; "
                    "GradStudio reads notebooks of up to that.").format(
                    name=name, MAX_TEXT_CHARS=MAX_TEXT_CHARS // 1024 ** 2))
        if c.cell_type == "code":
            code += len(src)
            count = c.get("execution_count")
            cells.append(NotebookCell("code", src, _stored(c.get("outputs", [])) or None,
                                      count if isinstance(count, int) else None))
        else:
            shown = with_attachments(src, c.get("attachments"), MAX_TEXT_CHARS - text)
            text += len(shown) - len(src)
            cells.append(NotebookCell("markdown", shown))
    if code > MAX_CODE_CHARS:
        raise NotebookError(translate(
                "Notebook", "{name} has more than {MAX_CODE_CHARS} MB of code; trace a "
                "shorter notebook.").format(
                name=name, MAX_CODE_CHARS=MAX_CODE_CHARS // 1024 ** 2))
    return tuple(cells)


_MAGIC = re.compile(r"^(\s*)(%|!)")
_ASSIGNED = re.compile(r"^(\s*)[A-Za-z_][\w\s,]*=\s*(%|!)")
_TIME = re.compile(r"^(\s*)%time\s(.*)$")
_HELP = re.compile(r"^(\s*)[\w.]*\?\??\s*$")


def _line_skip(line):
    """A note when ``line`` is IPython syntax that is not Python, else None."""
    for pattern, what in ((_MAGIC, None), (_ASSIGNED, None), (_HELP, "a help query")):
        m = pattern.match(line)
        if m and line.strip():
            if what is None:
                what = "an IPython magic" if m.group(2) == "%" else "a shell command"
            return m.group(1), what
    return None


def _timed(line):
    """``(indent, statement)`` of a ``%time STATEMENT`` line, else None."""
    m = _TIME.match(line)
    return (m.group(1), m.group(2).rstrip()) if m and m.group(2).strip() else None


def _assigned(line):
    """The names ``line`` (IPython syntax that is not run) would assign."""
    m = _ASSIGNED.match(line)
    if m is None:
        return []
    return [n.strip() for n in line.split("=", 1)[0].split(",") if n.strip()]


def _magic_cell_names(body):
    """The names a cell magic's ``body`` assigns at its top level (when it is Python)."""
    import ast
    try:
        tree = ast.parse("\n".join(body))
    except (SyntaxError, ValueError):
        return []
    return [t.id for node in tree.body if isinstance(node, (ast.Assign, ast.AugAssign,
                                                            ast.AnnAssign))
            for target in getattr(node, "targets", [getattr(node, "target", None)])
            for t in ast.walk(target) if isinstance(t, ast.Name)]


def _cell_lines(src):
    """A code cell's lines as the program runs them, and its notes (the module
    docstring): ``%time`` and ``%%time`` run what they time, as IPython does (the time
    they print is not shown), the rest of IPython's syntax becomes ``pass``."""
    notes, out, names = [], [], []
    if src and src[0].lstrip().startswith("%%"):
        magic = src[0].split()[0]
        if magic != "%%time" or src[0].split()[1:]:
            notes.append(f"line 1: the cell magic {magic} was not run, nor the cell "
                         "under it")
            names = [(n, 1) for n in _magic_cell_names(src[1:])]
            return ["# " + ln if ln.strip() else ln for ln in src], notes, names
        notes.append("line 1: the cell magic %%time ran the cell, as IPython does; the "
                     "time it took is not shown")
        out.append("pass")
        src = src[1:]
    for k, ln in enumerate(src, start=len(out) + 1):
        timed = _timed(ln)
        if timed is not None:
            notes.append(f"line {k}: %time ran its statement, as IPython does; the time "
                         f"it took is not shown: {ln.strip()[:80]}")
            out.append(timed[0] + timed[1])
            continue
        skip = _line_skip(ln)
        if skip is None:
            out.append(ln)
            continue
        indent, what = skip
        notes.append(f"line {k}: {what} was not run: {ln.strip()[:80]}")
        names.extend((n, k) for n in _assigned(ln))
        out.append(f"{indent}pass")
    return out, notes, names


def program(notebook: Notebook) -> Program:
    """The code cells as one program (see the module docstring)."""
    lines, starts, lengths, notes, unrun = [], [], [], [], []
    for i, cell in enumerate(notebook.cells):
        if cell.kind != "code":
            starts.append(None)
            lengths.append(0)
            notes.append(())
            continue
        src = cell.source.split("\n")
        if src and src[-1] == "":
            src.pop()
        out, cell_notes, names = _cell_lines(src)
        unrun.extend((name, i, line) for name, line in names)
        starts.append(len(lines) + 1)
        lengths.append(len(out))
        notes.append(tuple(cell_notes))
        lines.extend(out)
    return Program("\n".join(lines) + "\n", tuple(starts), tuple(lengths), tuple(notes),
                   tuple(unrun))
