"""Predict, then check, as a student and a teacher use it: the answers are never painted
before Check (on the canvas, in the inspector, in the timeline), a prediction is marked
right or wrong by the run (within the teacher's tolerance), progress is saved with the
file and undone with Ctrl+Z, and a teacher writes an exercise from a selected node."""
import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from gradstudio.document.examples import EXAMPLES_DIR
from gradstudio.document.files import load, save
from driving import main_window


class _RecordingPainter(QPainter):
    """A painter that remembers every text painted through it."""

    def __init__(self, device):
        super().__init__(device)
        self.texts = []

    def drawStaticText(self, *args):
        self.texts.append(args[-1].text())
        return super().drawStaticText(*args)

    def drawText(self, *args):
        self.texts.append(next(a for a in args if isinstance(a, str)))
        return super().drawText(*args)


def painted_text(canvas):
    """Every text the canvas's scene paints, rendered at 1:1."""
    scene = canvas.scene()
    rect = scene.itemsBoundingRect()
    image = QImage(int(rect.width()) + 2, int(rect.height()) + 2, QImage.Format_ARGB32)
    painter = _RecordingPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return " | ".join(painter.texts)


def inspector_text(w):
    i = w.inspector
    return " | ".join([i.tensor_text.toPlainText(), i.grad_text.toPlainText(),
                       i.grad_fn.text(), i.is_leaf.text(), i.requires_grad.text()])


def open_example(w, qtbot, name):
    doc = load(EXAMPLES_DIR / f"{name}.gsg")
    with qtbot.waitSignal(w.session.run_finished):
        w.session.set_document(doc, path="")
    return doc


def test_the_answers_are_not_painted_until_checked(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1366, 768))
    doc = open_example(w, qtbot, "14_exercise_tutorial_x_grad")
    assert w.docks["exercise"].isVisible()
    panel = w.panel("exercise")
    text = painted_text(w.canvas)
    assert "AddBackward0" not in text and "4.5" not in text, text
    assert "grad_fn ?" in text and ".grad ?" in text and "?" in text
    assert "MulBackward0" in text          # what is not asked stays shown
    x, y, out = "n1", "n2", "n5"
    for node in (x, y, out):
        w.session.select([node])
        assert "4.5" not in inspector_text(w) and "AddBackward0" not in inspector_text(w)
    w.session.select([x])
    assert w.inspector.grad_text.toPlainText() == "?"
    # a wrong prediction: ✗, and still hidden; the hint is offered
    q3 = panel.row("q3")
    qtbot.keyClicks(q3.answer, "[[9, 9], [9, 9]]")
    with qtbot.waitSignal(w.session.run_finished):
        qtbot.keyClick(q3.answer, Qt.Key_Return)
    assert panel.row("q3").verdict.text().startswith("✗")
    assert not panel.row("q3").hint.isHidden()
    assert "4.5" not in painted_text(w.canvas) and "4.5" not in inspector_text(w)
    # right within the teacher's tolerance (0.001): ✓, and now shown
    row = panel.row("q3")
    row.answer.setText("[[4.5004, 4.5], [4.5, 4.4995]]")
    with qtbot.waitSignal(w.session.run_finished):
        qtbot.mouseClick(row.check_button, Qt.LeftButton)
    assert panel.row("q3").verdict.text().startswith("✓")
    assert "4.5000" in panel.row("q3").verdict.text()
    assert "4.5" in inspector_text(w) and ".grad ✓" in painted_text(w.canvas)
    assert "AddBackward0" not in painted_text(w.canvas)      # q1 is still open
    assert panel.progress.text() == "1 of 3 right"
    assert doc.exercise.attempts["q3"].correct and w.session.is_modified
    # progress is saved with the file, and the saved answer reopens checked
    path = tmp_path / "mine.gsg"
    save(doc, path)
    again = load(path)
    assert again.exercise.attempts["q3"].answer == "[[4.5004, 4.5], [4.5, 4.4995]]"
    # undo takes the check back: hidden again
    with qtbot.waitSignal(w.session.run_finished):
        w.session.undo_stack.undo()
    assert "q3" in doc.exercise.attempts and not doc.exercise.attempts["q3"].correct
    assert "4.5" not in inspector_text(w)


def test_which_step_raises_is_hidden_in_the_timeline(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1366, 768))
    doc = open_example(w, qtbot, "15_exercise_retain_graph")
    timeline = w.timeline
    rows = [timeline.list.item(i).text() for i in range(timeline.list.count())]
    assert len(rows) == 3 and not any("RuntimeError" in r for r in rows)
    timeline.list.setCurrentRow(2)
    assert not timeline.details.error.isVisibleTo(timeline)
    panel = w.panel("exercise")
    panel.row("q3").answer.setText("3: Trying to backward through the graph a second time")
    with qtbot.waitSignal(w.session.run_finished):
        panel.check("q3")
    assert doc.exercise.solved("q3")
    rows = [timeline.list.item(i).text() for i in range(timeline.list.count())]
    assert "RuntimeError" in rows[2]


def test_a_teacher_writes_an_exercise_and_a_student_sees_it_hidden(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1366, 768))
    doc = open_example(w, qtbot, "01_autograd_tutorial")
    assert doc.exercise is None
    w.docks["exercise"].show()
    w.docks["exercise"].raise_()
    panel = w.panel("exercise")
    w.session.select(["n2"])
    panel.asks.setCurrentIndex(panel.asks.findData("grad_fn"))
    with qtbot.waitSignal(w.session.run_finished):
        qtbot.mouseClick(panel.add_button, Qt.LeftButton)
    assert [(q.asks, q.node) for q in doc.exercise.questions] == [("grad_fn", "n2")]
    assert w.session.answers_shown                  # the teacher sees the answers
    assert "AddBackward0" in painted_text(w.canvas)
    path = tmp_path / "exercise.gsg"
    save(doc, path)
    student = load(path)
    with qtbot.waitSignal(w.session.run_finished):
        w.session.set_document(student, path=str(path))
    assert not w.session.answers_shown and "AddBackward0" not in painted_text(w.canvas)
    with qtbot.waitSignal(w.session.run_finished):
        w.session.undo_stack.undo() if w.session.undo_stack.canUndo() else \
            panel.show_answers.setChecked(True)
    assert "AddBackward0" in painted_text(w.canvas)


def test_the_panel_says_it_is_a_learning_aid(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path)
    assert "not an exam" in w.panel("exercise").aid.text()


def test_a_student_solves_an_exercise_by_keyboard_alone(qtbot, tmp_path):
    from PySide6.QtWidgets import QApplication
    w = main_window(qtbot, tmp_path, (1366, 768))
    doc = open_example(w, qtbot, "16_exercise_zero_grad")
    w.activateWindow()
    w.canvas.setFocus()
    qtbot.waitUntil(w.canvas.hasFocus)
    qtbot.keyClick(w.canvas, Qt.Key_2, Qt.ControlModifier)        # to the exercise
    panel = w.panel("exercise")
    qtbot.waitUntil(lambda: panel.row("q1").answer.hasFocus())
    # a draft typed in one box survives another question's check (a re-run)
    for text in ("[[9, 9], [9, 9]]", "[[0, 0], [0, 0]]", "[[4.5, 4.5], [4.5, 4.5]]"):
        box = QApplication.focusWidget()
        qtbot.keyClicks(box, text)
        with qtbot.waitSignal(w.session.run_finished):
            qtbot.keyClick(box, Qt.Key_Return)
    assert all(doc.exercise.solved(q) for q in ("q1", "q2", "q3"))
    assert panel.progress.text() == "3 of 3 right"


def test_a_draft_survives_a_check_of_another_question(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1366, 768))
    open_example(w, qtbot, "16_exercise_zero_grad")
    panel = w.panel("exercise")
    qtbot.keyClicks(panel.row("q3").answer, "[[1, 1]]")
    panel.row("q1").answer.setText("[[9, 9], [9, 9]]")
    with qtbot.waitSignal(w.session.run_finished):
        panel.check("q1")
    assert panel.row("q3").answer.text() == "[[1, 1]]"


def test_a_card_shows_no_question_mark_in_its_numbers_once_answered(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1366, 768))
    doc = open_example(w, qtbot, "17_exercise_detach")
    assert "requires_grad=?" not in painted_text(w.canvas)     # (the badges say it)
    panel = w.panel("exercise")
    for qid, said in (("q1", "False"), ("q2", "None"), ("q3", "True"), ("q4", "[2, 2, 2]")):
        panel.row(qid).answer.setText(said)
        with qtbot.waitSignal(w.session.run_finished):
            panel.check(qid)
    assert all(doc.exercise.solved(q.id) for q in doc.exercise.questions)
    text = painted_text(w.canvas)
    assert "?" not in text and "PowBackward0" in text
