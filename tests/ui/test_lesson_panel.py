"""The Lesson panel and the notebook commands driven as a user drives them: File ▸ Open on
a Jupyter notebook traces it in the background and shows it cell by cell beside its
graph; clicking a code cell selects its nodes and scrubs the timeline to its moment;
clicking a node shows the cell and line it came from; Alt+PgDown / Alt+PgUp walk the
cells; outputs that differ from the notebook's are marked; a broken notebook is one
message and the open graph stays; File ▸ Export Notebook writes the notebook."""
import json
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QPushButton

from gradstudio.document.lesson import example_lesson
from gradstudio.document.notebook_trace import trace_notebook
from gradstudio.ui import lesson_panel as lp
from gradstudio.ui.lesson_markdown import MarkdownView
from gradstudio.ui import main_window as mw
from gradstudio.ui import window_exports
from gradstudio.ui.canvas.node_item import HEADER, WIDTH
from gradstudio.ui.commands import SetParam
from gradstudio.ui.help import ShortcutsDialog

from driving import main_window, menu_action

NOTEBOOKS = Path(__file__).resolve().parents[1] / "document" / "fixtures" / "notebooks"
AUTOGRAD = NOTEBOOKS / "002_6260b20a9b8b3ca4.ipynb"      # x, y = x + 2, out.backward() …
DIFFERING = NOTEBOOKS / "003_062b1e8a1bc57c72.ipynb"     # two cells print other numbers
TRACE_MS = 60_000



def finish(qtbot, task):
    assert task is not None and task.running
    qtbot.waitUntil(lambda: not task.running, timeout=TRACE_MS)
    QApplication.processEvents()


def open_notebook(qtbot, w, path):
    """File ▸ Open, the notebook chosen in the file dialog; returns once it is traced."""
    asked = []
    w.ask_open_path = lambda caption, flt: asked.append(flt) or str(path)
    menu_action(w, "File", "Open…").trigger()
    assert asked == ["GradStudio graphs, notebooks and PyTorch scripts (*.gsg *.ipynb *.py)"]
    finish(qtbot, w.files.task)


@pytest.fixture
def window(qtbot, tmp_path):
    return main_window(qtbot, tmp_path, (1500, 940))


@pytest.fixture
def lesson_window(window, qtbot):
    open_notebook(qtbot, window, AUTOGRAD)
    assert window.errors == []
    qtbot.waitUntil(lambda: window.lesson_panel.isVisible())
    return window


def in_view(panel, widget):
    """Whether some of ``widget`` shows in the panel's scrolled viewport."""
    viewport = panel.scroll.viewport()
    top_left = widget.mapTo(viewport, QPoint(0, 0))
    return top_left.y() < viewport.height() and top_left.y() + widget.height() > 0


def click_card(qtbot, w, node_id):
    """A left click on a node's card header on the canvas."""
    item = w.canvas.item(node_id)
    w.canvas.centerOn(item)
    point = w.canvas.mapFromScene(item.mapToScene(QPointF(WIDTH / 2, HEADER / 2)))
    qtbot.mouseClick(w.canvas.viewport(), Qt.MouseButton.LeftButton, pos=point)


# ---------------------------------------------------------------------- opening
def test_opening_a_notebook_traces_it_and_shows_every_cell(lesson_window, tmp_path):
    w = lesson_window
    doc, panel = w.session.document, w.lesson_panel
    lesson = doc.lesson
    assert lesson is not None and lesson.name == AUTOGRAD.name
    assert w.windowTitle().startswith("002_6260b20a9b8b3ca4 (notebook)")
    assert w.isWindowModified() and w.session.path == ""       # Save asks for a .gsg name
    assert not w.docks["lesson"].visibleRegion().isEmpty()      # raised over the inspector
    assert w.files.recent_files()[0] == str(AUTOGRAD.resolve())
    assert [v.cell.kind for v in panel.cells] == [c.kind for c in lesson.cells]
    assert len(panel.cells) == 11 and panel.title.text() == AUTOGRAD.name
    assert not panel.hint.isVisibleTo(panel)
    markdown = panel.cells[1]
    assert isinstance(markdown.text, MarkdownView)
    assert "computation graph" in markdown.text.shown_text()
    assert "<img" not in markdown.text.shown_text()
    code = panel.cells[3]                                        # y = x + 2 / y
    assert code.code.toPlainText() == "y = x + 2\ny"
    assert code.code.highlighter is not None and code.code.gutter is not None
    assert code.code.verticalScrollBar().maximum() == 0          # every line shows
    assert code.outputs["output"].toPlainText().startswith("tensor([[3., 3.],")
    assert not code.differs and not code.differs_label.isVisibleTo(panel)
    # randn without torch.manual_seed: the numbers are GradStudio's, drawn with seed 0
    assert panel.seed_note.isVisibleTo(panel) and "seed 0" in panel.seed_note.text()
    assert "torch.manual_seed" in panel.seed_note.text()
    assert not panel.edited_note.isVisibleTo(panel)


def test_the_open_dialog_and_recent_files_reopen_a_notebook(lesson_window, qtbot):
    w = lesson_window
    first = w.session.document
    (entry,) = [a for a in w.recent_menu.actions() if a.data() == str(AUTOGRAD.resolve())]
    entry.trigger()
    finish(qtbot, w.files.task)
    assert w.errors == []
    assert w.session.document is not first and w.session.document.lesson is not None
    assert w.lesson_panel.lesson is w.session.document.lesson


def test_the_command_line_opens_a_notebook(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    seen = []
    deadline = time.monotonic() + TRACE_MS / 1000

    def close_when_traced():
        for top in QApplication.topLevelWidgets():
            if isinstance(top, mw.MainWindow) and top.isVisible():
                done = top.files.task is not None and not top.files.task.running
                if done or time.monotonic() > deadline:
                    seen.append((top.windowTitle(), top.session.document.lesson is not None,
                                 len(top.lesson_panel.cells)))
                    top.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
                    top.close()
                    return
        QTimer.singleShot(50, close_when_traced)

    QTimer.singleShot(0, close_when_traced)
    assert mw.main([str(AUTOGRAD)], settings=settings) == 0
    assert seen and seen[-1][0].startswith("002_6260b20a9b8b3ca4 (notebook)")
    assert seen[-1][1:] == (True, 11)


# ---------------------------------------------------------------------- cells and the graph
def test_clicking_a_code_cell_selects_its_nodes_and_scrubs_the_timeline(lesson_window, qtbot):
    w = lesson_window
    panel, session, doc = w.lesson_panel, w.session, w.session.document
    assert session.step == -1                                    # the end: after backward()
    cell = panel.cells[6]                                        # a = torch.randn(2, 2) …
    panel.scroll.ensureWidgetVisible(cell)
    qtbot.mouseClick(cell.code.viewport(), Qt.MouseButton.LeftButton,
                     pos=cell.code.viewport().rect().center())
    expected = [n for n in doc.lesson.items_of(6) if n in doc.graph]
    assert len(expected) >= 5 and session.selection == expected
    # (the cell's prints are say steps: the step right after them; out.backward() later)
    step = lp.cell_step(doc, doc.lesson, 6)
    backward = next(k for k, a in enumerate(doc.timeline) if a.kind == "backward")
    assert 0 <= step <= backward and session.step == step
    assert w.timeline.slider.value() == step
    assert all(w.canvas.item(n).isSelected() for n in expected)
    assert panel.current == 6 and cell.current and cell.bar_color() == lp.CURRENT_COLOR
    # the cell's caption is part of the cell too; cell 10 comes after the backward
    later = panel.cells[10]
    panel.scroll.ensureWidgetVisible(later)
    qtbot.mouseClick(later.title, Qt.MouseButton.LeftButton)
    assert session.selection == [n for n in doc.lesson.items_of(10) if n in doc.graph]
    assert session.step == -1 and w.timeline.slider.value() == w.timeline.slider.maximum()
    assert later.current and not cell.current and cell.bar_color() == ""
    # a markdown cell is text: clicking it changes nothing
    panel.scroll.ensureWidgetVisible(panel.cells[7])
    qtbot.mouseClick(panel.cells[7], Qt.MouseButton.LeftButton)
    assert panel.current == 10 and session.step == -1


def test_a_drag_that_selects_code_text_does_not_choose_the_cell(lesson_window, qtbot):
    w = lesson_window
    panel = w.lesson_panel
    cell = panel.cells[5]
    panel.scroll.ensureWidgetVisible(cell)
    viewport = cell.code.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=QPoint(5, 8))
    qtbot.mouseMove(viewport, QPoint(120, 8))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=QPoint(120, 8))
    assert cell.code.textCursor().hasSelection()
    assert panel.current is None and w.session.selection == []


def test_clicking_a_node_shows_its_cell_and_line(lesson_window, qtbot):
    w = lesson_window
    panel, doc = w.lesson_panel, w.session.document
    node = next(n for n in doc.node_ids if doc.node(n).kind == "eq")   # x.eq(y) in cell 11
    cell_index, line = doc.lesson.origin(node)
    assert (cell_index, line) == (10, 7)
    cell = panel.cells[cell_index]
    assert panel.scroll.verticalScrollBar().value() == 0 and not in_view(panel, cell)
    click_card(qtbot, w, node)
    assert w.session.selection == [node]
    assert panel.current == cell_index and cell.current
    assert cell.code.marked_lines() == [line]
    qtbot.waitUntil(lambda: in_view(panel, cell))
    assert panel.scroll.verticalScrollBar().value() > 0
    marked = cell.code.mapTo(panel.scroll.viewport(), QPoint(0, cell.code.line_top(line)))
    assert 0 <= marked.y() < panel.scroll.viewport().height()
    # a node the lesson does not know (added by hand) leaves the cell, unmarked
    other = next(n for n in doc.node_ids if doc.lesson.origin(n) is not None and
                 doc.lesson.origin(n)[0] == 2)
    click_card(qtbot, w, other)
    assert panel.current == 2 and not cell.current and cell.code.marked_lines() == []


def test_next_and_previous_cell_walk_the_code_cells_from_the_keyboard(lesson_window, qtbot):
    w = lesson_window
    panel, session, doc = w.lesson_panel, w.session, w.session.document
    assert menu_action(w, "View", "Next Cell").shortcut().toString() == "Alt+PgDown"
    assert menu_action(w, "View", "Previous Cell").shortcut().toString() == "Alt+PgUp"
    w.canvas.setFocus()

    def press(key):
        qtbot.keyClick(w, key, Qt.KeyboardModifier.AltModifier)
        return panel.current

    assert not panel.previous_button.isEnabled() and panel.next_button.isEnabled()
    assert press(Qt.Key.Key_PageDown) == 0                      # import torch
    assert session.selection == [] and session.step == 0
    assert press(Qt.Key.Key_PageDown) == 2                      # the markdown cell is skipped
    assert session.selection == [n for n in doc.lesson.items_of(2) if n in doc.graph]
    assert press(Qt.Key.Key_PageDown) == 3
    assert press(Qt.Key.Key_PageUp) == 2
    assert panel.position.text() == "cell 3 of 11"
    # the keys work with the keyboard in the lesson itself, and so do the buttons
    panel.cells[2].code.setFocus()
    assert press(Qt.Key.Key_PageDown) == 3
    qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    assert panel.current == 4
    for _ in range(10):
        press(Qt.Key.Key_PageDown)
    assert panel.current == 10 and not panel.next_button.isEnabled()
    assert in_view(panel, panel.cells[10])
    assert session.step == -1                                   # after out.backward()
    qtbot.mouseClick(panel.previous_button, Qt.MouseButton.LeftButton)
    assert panel.current == 9


def test_the_cell_keys_show_the_lesson_panel_and_are_listed(lesson_window, qtbot):
    w = lesson_window
    w.docks["inspector"].raise_()
    qtbot.waitUntil(lambda: not w.lesson_panel.shown)
    w.canvas.setFocus()
    qtbot.keyClick(w, Qt.Key.Key_PageDown, Qt.KeyboardModifier.AltModifier)
    assert w.lesson_panel.current == 0
    qtbot.waitUntil(lambda: w.lesson_panel.shown)
    rows = ShortcutsDialog(w).rows()
    native = QKeySequence("Alt+PgDown").toString(QKeySequence.SequenceFormat.NativeText)
    assert ("View", "Next Cell", native) in rows


# ---------------------------------------------------------------------- outputs and notes
def test_an_output_that_differs_from_the_notebook_is_marked(window, qtbot):
    open_notebook(qtbot, window, DIFFERING)
    assert window.errors == []
    panel, lesson = window.lesson_panel, window.session.document.lesson
    differing = [v.index for v in panel.cells if v.differs]
    assert differing == [i for i, c in enumerate(lesson.cells) if c.differs()] == [6, 10]
    for i in differing:
        view = panel.cells[i]
        assert view.bar_color() == lp.DIFFERS_COLOR
        assert view.differs_label.isVisibleTo(panel) and view.differs_label.text() == lp.DIFFERS
        assert view.outputs["stored"].toPlainText() == lesson.cells[i].stored.rstrip("\n")
        assert view.outputs["output"].toPlainText() == lesson.cells[i].output.rstrip("\n")
    same = panel.cells[2]
    assert same.bar_color() == "" and not same.differs_label.isVisibleTo(panel)
    assert "stored" not in same.outputs
    # the mark stays on a differing cell that is also the current one
    panel.scroll.ensureWidgetVisible(panel.cells[10])
    qtbot.mouseClick(panel.cells[10].title, Qt.MouseButton.LeftButton)
    assert panel.cells[10].current and panel.cells[10].bar_color() == lp.DIFFERS_COLOR


def test_a_cell_error_and_the_lines_not_run_are_shown(window, qtbot, tmp_path):
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "code", "metadata": {}, "execution_count": 1, "outputs": [],
         "source": "%matplotlib inline\nimport torch\nx = torch.ones(2, requires_grad=True)"},
        {"cell_type": "code", "metadata": {}, "execution_count": 2, "outputs": [],
         "source": "y = x * 2\ny.backward()"}]}
    path = tmp_path / "errors.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    open_notebook(qtbot, window, path)
    assert window.errors == []
    panel = window.lesson_panel
    first, second = panel.cells
    assert "line 1" in first.cell.notes[0]
    notes = [label.text() for label in first.findChildren(QLabel)
             if label.text().startswith("Not run:")]
    assert notes == [f"Not run: {first.cell.notes[0]}"]
    error = second.outputs["error"]
    assert "RuntimeError" in error.toPlainText() and "line 2" in error.toPlainText()
    assert lp.ERROR_COLOR in error.styleSheet()
    assert "raised an error" in window.statusBar().currentMessage()


def test_an_edit_says_the_outputs_are_the_traced_notebook_s(lesson_window, qtbot):
    w = lesson_window
    panel, doc = w.lesson_panel, w.session.document
    views = list(panel.cells)
    y = next(n for n in doc.node_ids if doc.node(n).kind == "add")
    w.session.push(SetParam(doc, y, "other", 3.0))
    qtbot.waitUntil(lambda: panel.edited_note.isVisibleTo(panel))
    assert panel.edited_note.text() == lp.EDITED_NOTE
    assert panel.cells == views and all(v.parent() is not None for v in views)  # not remade
    w.session.undo_stack.undo()
    qtbot.waitUntil(lambda: not panel.edited_note.isVisibleTo(panel))
    # seeding the graph's run away: the seed note follows the graph's seed
    w.session.document.set_seed(None)
    w.session.rerun()
    qtbot.waitUntil(lambda: not panel.seed_note.isVisibleTo(panel))


# ---------------------------------------------------------------------- without a notebook
def test_an_example_shows_its_text_or_how_to_get_a_lesson(window, qtbot):
    panel = window.lesson_panel
    window.files.open_example(mw.example_paths()[0])
    window.show_lesson()
    doc = window.session.document
    if doc.lesson is None:
        assert panel.hint.isVisibleTo(panel) and panel.hint.text() == lp.HINT
        assert panel.cells == [] and not panel.nav.isVisibleTo(panel)
    else:
        assert [v.cell for v in panel.cells] == list(doc.lesson.cells)
    # an example's lesson is its text as one markdown cell, with no notes above it
    doc.lesson = example_lesson("## The autograd tutorial\n\n`y = x + 2` keeps a **grad_fn**.")
    window.session.rerun()
    (view,) = panel.cells
    assert isinstance(view.text, MarkdownView)
    assert "keeps a grad_fn" in view.text.shown_text()
    assert view.text.markdown == "## The autograd tutorial\n\n`y = x + 2` keeps a **grad_fn**."
    assert not panel.hint.isVisibleTo(panel) and not panel.nav.isVisibleTo(panel)
    assert not panel.edited_note.isVisibleTo(panel) and not panel.seed_note.isVisibleTo(panel)
    assert not panel.title.isVisibleTo(panel)
    window.files.new_document()
    assert panel.cells == [] and panel.hint.isVisibleTo(panel)


def test_the_step_of_a_cell_follows_the_last_earlier_action():
    doc = trace_notebook(DIFFERING.read_bytes(), DIFFERING.name)
    lesson = doc.lesson
    actions = [lesson.origin(a.id)[0] for a in doc.timeline]
    assert [c for c, a in zip(actions, doc.timeline) if a.kind != "say"] == [8, 11]
    steps = {i: lp.cell_step(doc, lesson, i) for i in lesson.code_cells()}
    # right after the last action of that cell or an earlier one (prints are say steps)
    for i, step in steps.items():
        last = max((k + 1 for k, c in enumerate(actions) if c <= i), default=0)
        assert step == (-1 if last == len(doc.timeline) else last), (i, steps)
    assert steps[1] == 0 or doc.timeline[steps[1] - 1].kind == "say"


def test_markdown_images_become_links_and_load_nothing():
    text = lp.label_markdown('see <img src="https://example.org/a.png"> and '
                             '![graph](attachment:g.png) or ![tree](http://x.org/t.png)')
    assert "<img" not in text and "![" not in text
    assert "[image](https://example.org/a.png)" in text
    assert "[image: tree](http://x.org/t.png)" in text and "attachment:" not in text


# ---------------------------------------------------------------------- failures
def test_a_broken_notebook_is_one_message_and_the_open_graph_stays(qtbot, tmp_path,
                                                                   monkeypatch):
    boxes = []
    monkeypatch.setattr(mw, "show_plain_error",
                        lambda parent, title, text: boxes.append(text))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = mw.MainWindow(settings=settings)
    qtbot.addWidget(w)
    w.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    w.show()
    qtbot.waitExposed(w)
    w.files.open_example(mw.example_paths()[0])
    doc, title = w.session.document, w.windowTitle()
    bad = tmp_path / "broken.ipynb"
    bad.write_bytes(b"this is not JSON {")
    finish(qtbot, w.files.open_file(bad))
    assert len(boxes) == 1
    (text,) = boxes
    assert text.startswith("broken.ipynb") and "not valid JSON" in text
    assert text.count(". ") == 0 and text.endswith(".")                  # one sentence
    assert w.session.document is doc and w.windowTitle() == title
    assert str(bad.resolve()) not in w.files.recent_files()
    assert w.lesson_panel.cells == []
    missing = tmp_path / "gone.ipynb"
    assert w.files.open_file(missing) is False
    assert len(boxes) == 2 and boxes[1].startswith("“gone.ipynb” could not be read")
    assert w.session.document is doc


def test_cancel_while_a_notebook_runs_keeps_the_open_graph(window, qtbot, tmp_path):
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "code", "metadata": {}, "execution_count": 1, "outputs": [],
         "source": "import time\ntime.sleep(30)"}]}
    slow = tmp_path / "slow.ipynb"
    slow.write_text(json.dumps(notebook), encoding="utf-8")
    window.files.open_example(mw.example_paths()[0])
    doc = window.session.document
    task = window.files.open_file(slow)
    assert task.running
    qtbot.waitUntil(task.dialog.isVisible, timeout=5000)             # progress, Cancel
    started = time.monotonic()
    with qtbot.waitSignal(task.cancelled, timeout=20000):
        task.dialog.findChild(QPushButton).click()
    assert time.monotonic() - started < 15
    assert window.session.document is doc and window.errors == []
    assert "cancelled" in window.statusBar().currentMessage()


# ---------------------------------------------------------------------- export
def test_export_notebook_writes_what_the_exporter_makes(lesson_window, tmp_path):
    exporter = pytest.importorskip("gradstudio.document.notebook_export").export_notebook
    w = lesson_window
    target = tmp_path / "out.ipynb"
    asked = []
    w.ask_save_path = lambda caption, flt, suggested: asked.append(suggested) or str(target)
    menu_action(w, "File", "Export Notebook…").trigger()
    assert w.errors == []
    assert asked == ["002_6260b20a9b8b3ca4_gradstudio.ipynb"]     # not the notebook's name
    text = target.read_text(encoding="utf-8")
    assert text == exporter(w.session.document, w.session.result)
    data = json.loads(text)
    assert data["nbformat"] == 4 and data["cells"]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []   # atomic


def test_export_notebook_says_so_when_it_cannot(window, tmp_path, monkeypatch):
    target = tmp_path / "out.ipynb"
    window.ask_save_path = lambda caption, flt, suggested: str(target)
    monkeypatch.setattr(window_exports, "_notebook_exporter", lambda: None)
    menu_action(window, "File", "Export Notebook…").trigger()
    assert window.errors == ["Export Notebook is not available in this build yet."]

    def broken(doc, result):
        raise ValueError("no cells to write")
    monkeypatch.setattr(window_exports, "_notebook_exporter", lambda: broken)
    menu_action(window, "File", "Export Notebook…").trigger()
    assert len(window.errors) == 2 and "out.ipynb" in window.errors[1]
    assert "no cells to write" in window.errors[1] and not target.exists()


def test_a_notebook_drawn_only_up_to_a_cell_says_so_at_the_top(window, qtbot, tmp_path):
    """Issue 32: a part the graph cannot draw is said on opening (a notice) and at the
    top of the Lesson panel, naming the cell and line recorded instead of drawn."""
    import nbformat
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import torch\nw = torch.ones(2, requires_grad=True)"
                                          "\nopt = torch.optim.SGD([w], lr=0.1)"),
                nbformat.v4.new_code_cell("sched = torch.optim.lr_scheduler.LambdaLR(opt, abs)\n"
                                          "print(sched.get_last_lr())")]
    path = tmp_path / "cut.ipynb"
    nbformat.write(nb, str(path))
    notices = []
    window.show_notice = lambda title, text: notices.append(text)
    open_notebook(qtbot, window, path)
    panel = window.lesson_panel
    qtbot.waitUntil(lambda: panel.cut_note.isVisibleTo(panel))
    assert panel.cut_note.text().startswith("Not drawn: cell 2, line 1 (")
    assert "LambdaLR's lr_lambda cannot be drawn" in panel.cut_note.text()
    assert notices == ["cut.ipynb: " + panel.cut_note.text()]
    window.files.new_document()
    assert not panel.cut_note.isVisibleTo(panel)
