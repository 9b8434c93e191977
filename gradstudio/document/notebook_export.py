"""Export: a document as a Jupyter notebook (``.ipynb``, nbformat 4) whose cells print
what the document's run shows.

``export_notebook(doc, result)`` returns the notebook's text. Two cases:

* The document was traced from a notebook and is still the program that was traced
  (``doc.lesson.matches(doc)``): the notebook's own cells come back in order, markdown
  and code verbatim, each code cell with the output GradStudio's traced run produced
  (printed text as a ``stdout`` stream, an error as an ``error`` output). When the
  notebook never seeds torch's generator but the graph draws random numbers, a first
  code cell seeds it with the document's seed, so that the notebook run with PyTorch
  draws the numbers the outputs show.
* Otherwise (a graph built by hand, an example, a traced notebook edited since): a
  markdown cell with the lesson's text (or a title), then the ``.py`` export
  (``export.export_script``) cut into cells along its sections: the setup (import and
  seed), the forward pass with the watched tensors it prints, then one cell per
  timeline action with the gradients printed after it, a whole training loop as one
  cell, and the plot of the trained model (``export_plot``) as the last cell, where
  Jupyter shows the figure. Each cell's output is the part of ``export.transcript``
  that cell prints (``export.transcript_sections``). The cells' code is the script's, line for line
  (``script_sections``), with the blank lines between sections left out and one
  exception: a cell whose last statement is an expression with a value (say
  ``x.grad.zero_()``) ends in ``;``, as Jupyter would otherwise display that value,
  which the script never prints.

Every text is made safe for JSON first (a lone surrogate becomes U+FFFD) and the
notebook is validated with ``nbformat`` (imported only here) before it is written.
"""
import ast
import copy
import re
from dataclasses import dataclass

from .export import export_script, transcript_sections
from .probe import is_random
from .run import run

__all__ = ["export_notebook", "script_sections", "Section", "seed_cell_source",
           "NOTEBOOK_METADATA", "QUIET_CALLS"]

NOTEBOOK_METADATA = {
    "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
    "language_info": {"name": "python"},
}
# methods and functions the export calls as statements that return None: Jupyter shows
# nothing for them, so their cell needs no ``;``
QUIET_CALLS = frozenset({"print", "backward", "retain_grad", "step", "zero_grad"})
_SURROGATE = re.compile("[\ud800-\udfff]")
_ERROR_LINE = re.compile(r"^line \d+: ")
_EXPORTED = ("*Exported from GradStudio. Run the cells in order with PyTorch: each prints "
             "the output shown under it.*")


@dataclass(frozen=True)
class Section:
    """One cell of the ``.py`` export: ``key`` is ``"setup"``, ``"forward"``, the id of
    the timeline action it starts with, or ``"plot"`` (the trained model drawn); ``code`` its lines of the script exactly (blank
    lines between sections included), ``output`` what they print."""
    key: str
    code: str
    output: str


def seed_cell_source(seed):
    """The cell put first in an unseeded notebook whose graph draws random numbers."""
    return (f"import torch\ntorch.manual_seed({seed});  # added by GradStudio: the seed its "
            "graph's numbers were drawn with")


def script_sections(doc, result=None):
    """The ``.py`` export cut into ``Section``s. Their ``code`` concatenated is the
    script after its docstring line, and their ``output`` concatenated is
    ``export.transcript``."""
    result = result if result is not None else run(doc)
    script = export_script(doc, result)
    lines = script.text.split("\n")[:-1]                 # the text ends with a newline
    printed = transcript_sections(doc, result)
    starts = [("setup", 2, ""), ("forward", script.forward_line, printed[0][1])]
    starts += [(key, script.action_lines[key], text) for key, text in printed[1:]]
    if script.plot_line:                 # the trained model's plot: a cell of its own
        starts.append(("plot", script.plot_line, ""))
    sections = []
    for i, (key, first, text) in enumerate(starts):
        last = starts[i + 1][1] if i + 1 < len(starts) else len(lines) + 1
        code = "".join(line + "\n" for line in lines[first - 1:last - 1])
        sections.append(Section(key, code, text))
    return sections


def export_notebook(doc, result=None, title=None) -> str:
    """The document as the text of an nbformat 4 notebook (see the module docstring).
    ``result`` is the document's run (computed here when needed); ``title`` heads a
    graph that has no lesson text (the file's name, say)."""
    import nbformat
    from nbformat import v4
    lesson = doc.lesson
    if lesson is not None and lesson.matches(doc) and lesson.code_cells():
        cells = _traced_cells(doc, lesson, v4)
    else:
        cells = _script_cells(doc, result, title, v4)
    cells[1:1] = [v4.new_markdown_cell(_safe(text)) for text in note_cells(doc)]
    count = 0
    for i, cell in enumerate(cells, start=1):
        cell.id = f"cell-{i}"                # the same notebook for the same graph
        if cell.cell_type == "code":
            count += 1
            cell.execution_count = count
    nb = v4.new_notebook(cells=cells, metadata=copy.deepcopy(NOTEBOOK_METADATA))
    nbformat.validate(nb)
    return nbformat.writes(nb, version=4)


def note_cells(doc):
    """The canvas's notes as Markdown cells' text, in the order they were added: a
    pinned note says which tensor it is about."""
    out = []
    for note in doc.notes.values():
        if note.node is not None and doc.has_node(note.node):
            out.append(f"*Note on `{doc.display_name(note.node)}`:*\n\n{note.text}")
        else:
            out.append(note.text)
    return out


# ----------------------------------------------------------------------------- traced
def _traced_cells(doc, lesson, v4):
    cells = []
    if not lesson.seeded and doc.seed is not None and \
            any(is_random(n.kind) for n in doc.nodes()):
        cells.append(v4.new_code_cell(seed_cell_source(doc.seed)))
    for c in lesson.cells:
        if not c.is_code:
            cells.append(v4.new_markdown_cell(_safe(c.source)))
            continue
        outputs = []
        printed, error = c.output, None
        if c.error is not None:
            error = _ERROR_LINE.sub("", c.error, count=1)
            if printed.endswith(error + "\n"):           # the traced run printed it there
                printed = printed[:-len(error) - 1]
        if printed:
            outputs.append(v4.new_output("stream", name="stdout", text=_safe(printed)))
        if error is not None:
            outputs.append(_error_output(error, c.error, v4))
        cells.append(v4.new_code_cell(_safe(c.source), outputs=outputs))
    return cells


def _error_output(error, located, v4):
    """``RuntimeError: message`` as Jupyter stores an error: name, value, traceback."""
    name, sep, value = error.partition(": ")
    if not sep or not name.replace(".", "").isidentifier():
        name, value = "Error", error
    return v4.new_output("error", ename=_safe(name), evalue=_safe(value),
                         traceback=[_safe(located)])


# ----------------------------------------------------------------------------- script
def _script_cells(doc, result, title, v4):
    cells = [v4.new_markdown_cell(_safe(_heading(doc, title)))]
    for section in script_sections(doc, result):
        code = section.code.strip("\n")
        if not code.strip() and not section.output:
            continue
        outputs = [v4.new_output("stream", name="stdout", text=_safe(section.output))] \
            if section.output else []
        cells.append(v4.new_code_cell(_safe(_quiet(code)), outputs=outputs))
    return cells


def _heading(doc, title):
    """The first markdown cell: the lesson's text, or a title line."""
    lesson = doc.lesson
    text = "" if lesson is None else "\n\n".join(
        c.source.strip("\n") for c in lesson.cells if not c.is_code and c.source.strip())
    if not text:
        name = title or (lesson.name if lesson is not None and lesson.name else "") or \
            "A GradStudio graph"
        text = f"# {' '.join(str(name).split())}"
    if lesson is not None and lesson.fingerprint is not None:
        text += (f"\n\n*The graph was edited after it was traced from "
                 f"{lesson.name or 'its notebook'}: the cells below are the graph as it is "
                 "now, not the notebook's code.*")
    return f"{text}\n\n{_EXPORTED}"


def _quiet(code):
    """``code`` with ``;`` after its last statement when that is an expression Jupyter
    would display (a value the script never prints)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return code
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        return code
    last = tree.body[-1]
    value = last.value
    if isinstance(value, ast.Call):
        f = value.func
        called = f.id if isinstance(f, ast.Name) else f.attr if isinstance(
            f, ast.Attribute) else None
        if called in QUIET_CALLS:
            return code
    lines = code.split("\n")
    row = lines[last.end_lineno - 1]
    col = len(row.encode("utf-8")[:last.end_col_offset].decode("utf-8"))
    lines[last.end_lineno - 1] = row[:col] + ";" + row[col:]
    return "\n".join(lines)


def _safe(value):
    """``value`` (text) with every lone surrogate (which JSON text cannot carry) made U+FFFD."""
    return _SURROGATE.sub("\ufffd", value)
