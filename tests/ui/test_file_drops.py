"""A file dropped on the window opens as File ▸ Open opens it (a script traced as Import
PyTorch Script traces it), and ``gradstudio script.py`` opens the script's traced graph
instead of reading it as a graph file."""
import sys

import nbformat
from PySide6.QtCore import QMimeData, QPointF, QSettings, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from gradstudio.document.examples import build
from gradstudio.document.files import save
from gradstudio.ui import main_window as main_window_module
from gradstudio.ui.canvas import KIND_MIME

from driving import main_window

SCRIPT = ("import torch\n"
          "a = torch.tensor([1.0, 2.0], requires_grad=True)\n"
          "b = (a * 3).sum()\n"
          "b.backward()\n"
          "print(a.grad)\n")


def _mime(*paths):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return mime


def _event(cls, at, *args):
    """A drag event at ``at``: PySide6 6.12 takes the position as a QPointF (its QPoint
    form is deprecated), earlier versions only as a QPoint."""
    try:
        return cls(at, *args)
    except TypeError:
        return cls(at.toPoint(), *args)


def _drop(widget, mime):
    """A drag entering ``widget``, moving over it and dropped: whether each was accepted."""
    at = QPointF(widget.rect().center())
    copy, left, none = (Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton,
                        Qt.KeyboardModifier.NoModifier)
    accepted = []
    for event in (_event(QDragEnterEvent, at, copy, mime, left, none),
                  _event(QDragMoveEvent, at, copy, mime, left, none),
                  QDropEvent(at, copy, mime, left, none)):
        event.setAccepted(False)
        QApplication.sendEvent(widget, event)
        accepted.append(event.isAccepted())
    return accepted


def _traced(qtbot, w):
    qtbot.waitUntil(lambda: w.files.task is not None and not w.files.task.running, timeout=30000)


def test_a_graph_dropped_on_the_window_or_the_canvas_opens(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path)
    graph = tmp_path / "lesson.gsg"
    save(build("05_retain_graph"), graph)
    assert _drop(w, _mime(graph)) == [True, True, True]
    qtbot.waitUntil(lambda: w.session.path == str(graph.resolve()))
    assert len(w.session.document.node_ids) == len(build("05_retain_graph").node_ids)
    other = tmp_path / "other.gsg"
    save(build("06_broadcasting"), other)
    assert _drop(w.canvas.viewport(), _mime(other)) == [True, True, True]
    qtbot.waitUntil(lambda: w.session.path == str(other.resolve()))
    assert w.errors == []


def test_a_script_dropped_is_traced_and_a_notebook_opened(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path)
    script = tmp_path / "grads.py"
    script.write_text(SCRIPT, encoding="utf-8")
    assert _drop(w.canvas.viewport(), _mime(script)) == [True, True, True]
    qtbot.waitUntil(lambda: w.files.task is not None)
    _traced(qtbot, w)
    assert w.windowTitle().startswith("grads (imported)") and w.errors == []
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell(SCRIPT))
    notebook = tmp_path / "lesson.ipynb"
    notebook.write_text(nbformat.writes(nb), encoding="utf-8")
    task = w.files.task
    assert _drop(w, _mime(notebook)) == [True, True, True]
    qtbot.waitUntil(lambda: w.files.task is not task)
    _traced(qtbot, w)
    assert w.windowTitle().startswith("lesson (notebook)") and w.errors == []


def test_other_drops_are_left_alone(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path)
    before = w.session.document
    notes = tmp_path / "notes.txt"
    notes.write_text("x", encoding="utf-8")
    text = QMimeData()
    text.setText("x = 1")
    for mime in (_mime(notes), text):
        assert _drop(w, mime) == [False, False, False]
    kind = QMimeData()                      # the palette's drag still adds its node
    kind.setData(KIND_MIME, b"relu")
    n = len(w.session.document.node_ids)
    assert _drop(w.canvas.viewport(), kind)[2]
    assert len(w.session.document.node_ids) == n + 1
    assert w.session.document is before and w.errors == []


def test_the_command_lines_script_is_traced_not_read_as_a_graph(qtbot, tmp_path,
                                                                 monkeypatch):
    script = tmp_path / "script.py"
    script.write_text(SCRIPT, encoding="utf-8")
    errors = []
    window_class = main_window_module.MainWindow
    monkeypatch.setattr(window_class, "show_error", lambda self, title, text:
                        errors.append(text))
    monkeypatch.setattr(window_class, "ask_save_changes",
                        lambda self: QMessageBox.StandardButton.Discard)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    _app, w, previous_hook = main_window_module._shown_window([str(script)], settings)
    try:
        qtbot.addWidget(w)
        assert errors == [] and w.files.task is not None
        _traced(qtbot, w)
        assert w.windowTitle().startswith("script (imported)") and errors == []
        assert len(w.session.document.node_ids) >= 3
    finally:
        sys.excepthook = previous_hook
