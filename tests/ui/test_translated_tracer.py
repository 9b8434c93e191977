"""What the tracer says about a script or notebook it could not draw whole, and the counts
the window shows, in the window's language (issue 34).

The tracer runs the script in a child process that has no translator: it sends its
refusals as ``gradstudio.words.Said`` records, which the window translates when it builds
the note. Counts go through ``gradstudio.words.number``, which the window fills from
``QLocale``."""
import json

import pytest
from PySide6.QtWidgets import QApplication

from gradstudio.document.model import Document
from gradstudio.ui import i18n, i18n_update
from gradstudio.ui.data_panel import DataPanel

from driving import main_window
from test_translations import messages

SCRIPT = """import torch
N = 2
class Power(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** N

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return N * x ** (N - 1) * g

x = torch.ones(2, 2, requires_grad=True)
y = Power.apply(x)
z = x + 2
w = (z * z * 3).mean()
w.backward()
print(x.grad)
"""
# what the note begins with, and the refusal of a custom autograd.Function that reads a
# variable of the script (a sentence of gradstudio.function_text inside the tracer's), in
# each language
NOTE = {"en": ("Not drawn: line 15 (", "the custom autograd.Function Power cannot be drawn "
               "yet: a Function computes from its inputs and what it assigned, not 'N'"),
        "de": ("Nicht gezeichnet: Zeile 15 (", "die eigene autograd.Function Power kann noch "
               "nicht gezeichnet werden: eine Function rechnet mit ihren Eingaben und dem, "
               "was sie zugewiesen hat, nicht mit 'N'"),
        "es": ("Sin dibujar: línea 15 (", "la autograd.Function propia Power aún no se puede "
               "dibujar: una Function calcula con sus entradas y lo que ha asignado, no con "
               "'N'")}
TRACER_CONTEXTS = ("Trace", "TraceNotes", "TraceRefusal", "TraceCheck")
TRACE_MS = 60_000


@pytest.fixture
def language(qapp):
    """``language(code)`` installs the translators of ``code`` until the test ends."""
    yield lambda code: i18n.install_translators(qapp, code)
    i18n.install_translators(qapp, "en")


def english_pieces(code, contexts=TRACER_CONTEXTS):
    """The pieces of English (three words or more between fields) of the sentences of
    ``contexts`` that their translation into ``code`` does not hold."""
    import re
    pieces = set()
    for context, source, tr in messages(i18n_update.ts_path(code)):
        if context in contexts:
            for piece in re.split(r"\{[^{}]*\}", source):
                piece = piece.strip(" .,:;()")
                if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 3 and \
                        piece not in (tr.text or ""):
                    pieces.add(piece)
    return pieces


def opened_script_notice(qtbot, tmp_path):
    """``(title, text)`` of the notice File ▸ Import Script shows on ``SCRIPT``."""
    w = main_window(qtbot, tmp_path)
    notices = []
    w.show_notice = lambda title, text: notices.append((title, text))
    script = tmp_path / "custom.py"
    script.write_text(SCRIPT, encoding="utf-8")
    w.files.import_script(script)
    qtbot.waitUntil(lambda: bool(notices) or bool(w.errors), timeout=TRACE_MS)
    assert w.errors == []
    return notices[0]


@pytest.mark.parametrize("code", ["de", "es"])
def test_a_cut_scripts_note_is_in_the_windows_language(qtbot, tmp_path, language, code):
    language(code)
    title, text = opened_script_notice(qtbot, tmp_path)
    start, refusal = NOTE[code]
    assert title == i18n.translate("WindowFiles", "Part of the script is recorded")
    assert text.startswith(f"custom.py: {start}{refusal}"), text
    left = [piece for piece in english_pieces(code) if piece in text]
    assert not left, (text, left)


def test_the_english_window_keeps_the_english_note(qtbot, tmp_path):
    title, text = opened_script_notice(qtbot, tmp_path)
    start, refusal = NOTE["en"]
    assert text.startswith(f"custom.py: {start}{refusal}") and text.endswith(
        "What it printed is recorded as text and everything after it is drawn."), text


def _notebook(path):
    cells = [SCRIPT.split("x = torch.ones")[0],
             "x = torch.ones(2, 2, requires_grad=True)\ny = Power.apply(x)\nz = x + 2",
             "w = (z * z * 3).mean()\nw.backward()\nprint(x.grad)"]
    path.write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {},
                                "cells": [{"cell_type": "code", "metadata": {},
                                           "execution_count": k + 1, "outputs": [],
                                           "source": source}
                                          for k, source in enumerate(cells)]}),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("code, start", [("de", "Nicht gezeichnet: Zelle 2, Zeile 2 ("),
                                         ("es", "Sin dibujar: celda 2, línea 2 (")])
def test_a_cut_notebooks_note_names_its_cell_in_the_windows_language(qtbot, tmp_path,
                                                                      language, code, start):
    """The Lesson panel's note above the cells, its line named as the notebook's cell and
    line in the window's words, wrapped inside the dock of a 1024 × 640 window."""
    language(code)
    w = main_window(qtbot, tmp_path, (1024, 640))
    w.show_notice = lambda title, text: None
    path = _notebook(tmp_path / "custom.ipynb")
    w.ask_open_path = lambda caption, flt: str(path)
    w.open_action.trigger()                          # File ▸ Open…, the notebook chosen
    qtbot.waitUntil(lambda: w.files.task is not None and not w.files.task.running,
                    timeout=TRACE_MS)
    QApplication.processEvents()
    assert w.errors == []
    note = w.lesson_panel.cut_note
    qtbot.waitUntil(note.isVisible)
    assert note.text().startswith(start + NOTE[code][1]), note.text()
    assert not [piece for piece in english_pieces(code) if piece in note.text()]
    # the panel fits its dock at 1024 × 640, so the note wraps where it can be read
    scroll = w.docks["lesson"].widget()
    assert scroll.widget().minimumSizeHint().width() <= scroll.viewport().width()
    assert note.width() <= scroll.viewport().width()


@pytest.mark.parametrize("code, nodes, accuracy", [("en", "1,000 nodes", "97.5 %"),
                                                   ("de", "1.000 Knoten", "97,5 %"),
                                                   ("es", "1000 nodos", "97,5 %")])
def test_counts_and_figures_are_written_as_the_language_writes_numbers(
        qtbot, tmp_path, language, code, nodes, accuracy):
    """The status bar's count of nodes groups thousands as the language does (Spanish
    leaves a four-digit number whole) and the Data panel's accuracy has its decimal
    mark."""
    language(code)
    w = main_window(qtbot, tmp_path, (1366, 768))
    doc = Document()
    for _ in range(1000):
        doc.add_node("tensor", {"value": [1.0]})
    with qtbot.waitSignal(w.session.run_finished, timeout=TRACE_MS):
        w.session.set_document(doc, path="")
    assert w.run_label.text().startswith(nodes + " · "), w.run_label.text()

    class Part:
        accuracy, loss, test = 0.975, None, None

        class wrong:                                   # noqa: N801 (a stand-in array)
            @staticmethod
            def sum():
                return 1

            def __len__(self):
                return 40
    Part.wrong = Part.wrong()
    scores, = DataPanel._scores(Part, False, "loss")
    assert accuracy in scores, scores


@pytest.mark.parametrize("code, start", [
    ("de", "Zelle 2, Zeile 2 scheitert in GradStudio, würde aber unter PyTorch laufen "
           "(torch.special gibt es in GradStudio noch nicht)"),
    ("es", "La celda 2, línea 2 falla en GradStudio pero se ejecutaría con PyTorch "
           "(torch.special aún no está en GradStudio)")])
def test_a_cell_failing_only_in_gradstudio_is_said_in_the_windows_language(language, code,
                                                                           start):
    """A notebook cell PyTorch would run but the engine lacks: the note names the cell and
    line, and what is missing, in the window's words."""
    from gradstudio.document.notebook_trace import trace_notebook
    cells = ["import torch\nx = torch.ones(3, requires_grad=True)",
             "z = x * 3\nw = torch.special.erfcx(x)\nw"]
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
                "cells": [{"cell_type": "code", "metadata": {}, "execution_count": None,
                           "outputs": [], "source": c} for c in cells]}
    language(code)
    doc = trace_notebook(json.dumps(notebook), "nb.ipynb")
    assert doc.trace_note.startswith(start), doc.trace_note
