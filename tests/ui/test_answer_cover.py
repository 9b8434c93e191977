"""The panels that show a whole run at once (autograd graph, step-through, lesson,
Jacobian) give no answer of an open exercise away before Check: every text they show or
paint is read, and none holds an answer; a checked exercise opens them again, and the
hint opens the step-through (issue 34)."""
from dataclasses import replace

from PySide6.QtCore import QModelIndex, QRectF, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QGraphicsView, QLabel,
                               QLineEdit, QPlainTextEdit, QTextEdit)

from gradstudio.document.examples import EXAMPLES_DIR
from gradstudio.document.files import load
from gradstudio.document.lesson import Cell
from driving import main_window
from test_exercise_panel import _RecordingPainter

PANELS = ("autograd", "walk", "lesson", "probe")
# the answers of 14_exercise_tutorial_x_grad: y's grad_fn, out's value, x.grad
ANSWERS = ("AddBackward0", "27.", "4.5")
X_GRAD = "tensor([[4.5000, 4.5000],\n        [4.5000, 4.5000]])"


def open_example(w, qtbot, name):
    """The exercise, its lesson given a code cell that printed ``x.grad`` (as a traced
    notebook's lesson has)."""
    doc = load(EXAMPLES_DIR / f"{name}.gsg")
    cell = Cell(kind="code", source="print(x.grad)", stored=X_GRAD, output=X_GRAD)
    doc.lesson = replace(doc.lesson, cells=doc.lesson.cells + (cell,))
    with qtbot.waitSignal(w.session.run_finished):
        w.session.set_document(doc, path="")
    return doc


def _scene_text(view):
    scene = view.scene()
    rect = scene.itemsBoundingRect()
    if rect.isEmpty():
        return []
    image = QImage(int(rect.width()) + 2, int(rect.height()) + 2, QImage.Format_ARGB32)
    painter = _RecordingPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return painter.texts


def _model_text(view):
    model, out = view.model(), []
    if model is None:
        return out
    root = QModelIndex()
    for r in range(model.rowCount(root)):
        for c in range(model.columnCount(root) if model.hasIndex(r, 1) else 1):
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.data(model.index(r, c), role)
                if value:
                    out.append(str(value))
    return out


def visible_text(widget):
    """Every text ``widget`` shows: labels, buttons, text boxes, item views, tooltips
    and what its graphics views paint, of every child visible on the screen."""
    texts = []
    for child in [widget] + widget.findChildren(object):
        if not hasattr(child, "isVisible") or not child.isVisible():
            continue
        if child.toolTip():
            texts.append(child.toolTip())
        if isinstance(child, (QLabel, QAbstractButton, QLineEdit)):
            texts.append(child.text())
        elif isinstance(child, (QTextEdit, QPlainTextEdit)):
            texts.append(child.toPlainText())
        elif isinstance(child, QGraphicsView) and child.scene() is not None:
            texts += _scene_text(child)
        elif isinstance(child, QAbstractItemView):
            texts += _model_text(child)
    return " | ".join(texts)


def _show_all(w):
    for name in PANELS:
        w.docks[name].show()
        w.docks[name].setFloating(True)       # all at once, none tabbed behind another
        w.docks[name].resize(600, 400)
        w.docks[name].raise_()
        w.panel(name).refresh()


def _shown_text(w):
    return {name: visible_text(w.docks[name]) for name in PANELS}


def test_no_answer_is_shown_by_the_run_panels_before_check(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1366, 768))
    doc = open_example(w, qtbot, "14_exercise_tutorial_x_grad")
    _show_all(w)
    qtbot.waitUntil(lambda: all(w.docks[n].isVisible() for n in PANELS))
    for name, text in _shown_text(w).items():
        assert not any(a in text for a in ANSWERS), (name, text)
        assert "Hidden until you check" in text, (name, text)
    # the teacher's view (Show answers): every panel shows its run, answers included
    with qtbot.waitSignal(w.session.run_finished):
        w.panel("exercise").show_answers.setChecked(True)
    _show_all(w)
    shown = _shown_text(w)
    assert "AddBackward0" in shown["autograd"] and "4.5" in shown["lesson"], shown
    with qtbot.waitSignal(w.session.run_finished):
        w.panel("exercise").show_answers.setChecked(False)
    assert "AddBackward0" not in _shown_text(w)["autograd"]
    # every question answered right: nothing is hidden any more
    panel = w.panel("exercise")
    for qid, answer in (("q1", "AddBackward0"), ("q2", "27"), ("q3", "[[4.5, 4.5], [4.5, 4.5]]")):
        panel.row(qid).answer.setText(answer)
        with qtbot.waitSignal(w.session.run_finished):
            panel.check(qid)
    assert all(doc.exercise.solved(q.id) for q in doc.exercise.questions)
    _show_all(w)
    for name, text in _shown_text(w).items():
        assert "Hidden until you check" not in text, (name, text)
    assert "AddBackward0" in _shown_text(w)["autograd"]


def test_the_hint_opens_the_step_through_and_only_it(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1366, 768))
    open_example(w, qtbot, "14_exercise_tutorial_x_grad")
    panel = w.panel("exercise")
    panel.row("q3").answer.setText("[[9, 9], [9, 9]]")
    with qtbot.waitSignal(w.session.run_finished):
        panel.check("q3")
    assert not panel.row("q3").hint.isHidden()
    _show_all(w)
    assert "Hidden until you check" in _shown_text(w)["walk"]
    qtbot.mouseClick(panel.row("q3").hint, Qt.MouseButton.LeftButton)
    _show_all(w)
    shown = _shown_text(w)
    assert "Hidden until you check" not in shown["walk"] + shown["autograd"]
    assert "Hidden until you check" in shown["lesson"] and "Hidden until you check" in \
        shown["probe"]
    assert "4.5" not in shown["lesson"] + shown["probe"]
