"""The Exercise panel: predict, then check.

A teacher selects a node, picks what the student must predict (its values, its .grad,
its grad_fn, requires_grad, or which timeline step raises) and the step and tolerance,
and adds the question; the document saves it. A student sees one row per question:
what to predict, a box for the prediction and Check (Return in the box checks too).
Check compares the prediction with the engine's run (``document.exercise.check``) and
marks the row ✓ or ✗; a ✗ offers the step-through of the backward pass as a hint. Each
check is an undo step, so progress is saved with the file.

While an exercise is open the canvas and the inspector show "?" where an answer would
be (``Session.exercise``); **Show answers** is the teacher's view. The panel says that
this is a learning aid, not an exam.
"""
import weakref

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QFrame,
                               QGridLayout, QGroupBox, QLabel, QLineEdit,
                               QPushButton, QSpinBox, QVBoxLayout, QWidget)

from gradstudio.document.exercise import (ASK_TITLES, ASKS, DEFAULT_TOLERANCE, LEARNING_AID,
                                          Attempt, Exercise, Question, check)
from gradstudio.ui.panel import SessionPanel
from gradstudio.ui.document_words import document_word
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, Number, translate
from gradstudio.ui.tones import tone_style

__all__ = ["ExercisePanel", "SetExercise", "question_text", "PANELS_ARE_HINTS"]

PANELS_ARE_HINTS = QT_TRANSLATE_NOOP("ExercisePanel", "The Autograd Graph, Step Through "
                                     "Backward, Lesson and Jacobian panels stay hidden until "
                                     "you check; after a wrong check, Hint opens the "
                                     "step-through.")


class SetExercise(QUndoCommand):
    """Replaces the document's exercise (an edit by the teacher, or a student's check)."""

    def __init__(self, doc, old, new, text):
        super().__init__(text)
        self.doc, self.old, self.new = doc, old, new
        self.refused = None

    def redo(self):
        self.doc.set_exercise(self.new)

    def undo(self):
        self.doc.set_exercise(self.old)


def question_text(doc, q):
    """What a question asks, in words: ``x.grad after step 2``."""
    if q.asks == "raises":
        return translate("ExercisePanel", "Which step raises, and what does it say? (e.g. 3: RuntimeError: …, or none)")
    name = doc.display_name(q.node) if doc.has_node(q.node) else q.node
    what = {"value": translate("ExercisePanel", "{name} (its values)").format(name=name),
            "grad": f"{name}.grad",
            "grad_fn": f"{name}.grad_fn", "requires_grad": f"{name}.requires_grad"}[q.asks]
    when = translate("ExercisePanel", "at the end") if q.step < 0 else translate("ExercisePanel", "after the forward pass") if q.step == 0 \
        else translate("ExercisePanel", "after step {step}").format(step=q.step)
    tol = translate("ExercisePanel", " (within {tolerance:g})").format(tolerance=Number(q.tolerance)) if q.asks in ("value", "grad") else ""
    return f"{what} {when}{tol}"


class _Row(QFrame):
    """One question: what it asks, the prediction box, Check, the verdict."""

    def __init__(self, panel, number, doc, q, attempt):
        super().__init__()
        self.question_id = q.id
        self.setFrameShape(QFrame.Shape.StyledPanel)
        grid = QGridLayout(self)
        self.ask = QLabel(f"{number}. {question_text(doc, q)}")
        self.ask.setWordWrap(True)
        self.answer = QLineEdit(attempt.answer if attempt else "")
        self.answer.setPlaceholderText(translate("ExercisePanel", "your prediction"))
        self.answer.setAccessibleName(translate("ExercisePanel", "Prediction for question {number}").format(number=number))
        self.answer.setAccessibleDescription(question_text(doc, q))
        self.check_button = QPushButton(translate("ExercisePanel", "Check"))
        self.check_button.setAccessibleName(translate("ExercisePanel", "Check question {number}").format(number=number))
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse |
                                             Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.verdict.setFocusPolicy(Qt.FocusPolicy.StrongFocus)   # readable by keyboard
        self.answer.setMinimumWidth(60)
        self.hint = QPushButton(translate("ExercisePanel", "Hint: step through"))
        self.hint.setToolTip(translate("ExercisePanel", "Step through the backward pass, node by node, with the chain "
                             "rule in numbers (this shows the gradients)."))
        self.hint.hide()
        grid.addWidget(self.ask, 0, 0, 1, 2)
        grid.addWidget(self.answer, 1, 0)
        grid.addWidget(self.check_button, 1, 1)
        grid.addWidget(self.verdict, 2, 0, 1, 2)
        grid.addWidget(self.hint, 3, 0, 1, 2)
        qid, ref = q.id, weakref.ref(panel)      # (the row holds its panel weakly)
        self.check_button.clicked.connect(lambda: ref() is not None and ref().check(qid))
        self.answer.returnPressed.connect(lambda: ref() is not None and ref().check(qid))
        self.hint.clicked.connect(lambda: ref() is not None and ref().hint_requested.emit())
        self.show_attempt(attempt, None)

    def show_attempt(self, attempt, verdict):
        if attempt is None:
            self.verdict.setText("")
            self.verdict.setVisible(False)
            return
        mark = "✓" if attempt.correct else "✗"
        text = f"{mark} {verdict.message}" if verdict is not None else \
            f"{mark} {'Right.' if attempt.correct else 'Not yet right.'}"
        if attempt.correct and verdict is not None:
            text += translate("ExercisePanel", "\nThe run: {expected}").format(expected=verdict.expected)
        self.verdict.setText(text)
        self.verdict.setStyleSheet(tone_style("ok" if attempt.correct else "error"))
        self.verdict.setAccessibleName((translate("ExercisePanel", "Right: ") if attempt.correct else translate("ExercisePanel", "Wrong: ")) + text)
        self.verdict.setVisible(True)
        self.hint.setVisible(not attempt.correct)


class ExercisePanel(SessionPanel):
    """The exercise of the session's document: the teacher's questions and the
    student's predictions, checked against the run."""

    hint_requested = Signal()      # a student asked for the step-through as a hint

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.rows = []
        self._verdicts = {}        # question id -> the last Verdict this panel showed
        self._drafts = {}          # question id -> a prediction typed and not yet checked
        self._focus_next = None    # the question whose box gets the keyboard after a run
        self.setAccessibleName(translate("ExercisePanel", "Exercise"))
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.aid = QLabel(document_word(LEARNING_AID) + " " + translate("ExercisePanel", PANELS_ARE_HINTS))
        self.aid.setWordWrap(True)
        self.aid.setStyleSheet("color: palette(placeholder-text); font-style: italic;")
        self.progress = QLabel()
        self.empty = QLabel(translate("ExercisePanel", "No exercise yet. A teacher selects a node and adds a question "
                            "below."))
        self.empty.setWordWrap(True)
        self.rows_box = QVBoxLayout()
        layout.addWidget(self.title)
        layout.addWidget(self.aid)
        layout.addWidget(self.progress)
        layout.addWidget(self.empty)
        layout.addLayout(self.rows_box)
        layout.addWidget(self._teacher_box())
        layout.addStretch(1)
        self.follow(session.run_finished, self.refresh)
        self.follow(session.selection_changed, self._update_teacher)
        session.document_replaced.connect(self._forget_drafts)
        self.follow(session.document_replaced, self.refresh)
        self.first_refresh()

    def minimumSizeHint(self):
        """Tall enough for its wrapped text at its width (the dock scrolls the rest)."""
        hint = super().minimumSizeHint()
        layout = self.layout()
        if layout is not None and layout.hasHeightForWidth() and self.width() > 0:
            hint.setHeight(max(hint.height(), layout.totalHeightForWidth(self.width())))
        return hint

    # ------------------------------------------------------------------ building
    def _teacher_box(self):
        box = QGroupBox(translate("ExercisePanel", "For the teacher"))
        form = QFormLayout(box)
        self.show_answers = QCheckBox(translate("ExercisePanel", "Show answers"))
        self.show_answers.setToolTip(translate("ExercisePanel", "Shows the values, gradients and grad_fns the "
                                     "exercise asks for on the canvas and in the inspector."))
        self.show_answers.toggled.connect(self._on_show_answers)
        self.asks = QComboBox()
        for a in ASKS:
            self.asks.addItem(document_word(ASK_TITLES[a]), a)
        self.asks.setAccessibleName(translate("ExercisePanel", "What to predict"))
        # (as wide as the panel allows, not as its longest item: a translated one is long)
        self.asks.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.asks.setMinimumContentsLength(12)
        self.step = QSpinBox()
        self.step.setRange(-1, 100_000)
        self.step.setSpecialValueText(translate("ExercisePanel", "the end"))
        self.step.setValue(-1)
        self.step.setAccessibleName(translate("ExercisePanel", "At timeline step"))
        self.tolerance = QDoubleSpinBox()
        self.tolerance.setDecimals(6)
        self.tolerance.setRange(0.0, 1e6)
        self.tolerance.setSingleStep(0.001)
        self.tolerance.setValue(DEFAULT_TOLERANCE)
        self.tolerance.setAccessibleName(translate("ExercisePanel", "Tolerance for numbers"))
        buttons = QWidget()
        row = QVBoxLayout(buttons)       # (stacked: the dock beside the canvas is narrow)
        row.setContentsMargins(0, 0, 0, 0)
        self.add_button = QPushButton(translate("ExercisePanel", "Add question"))
        self.add_button.clicked.connect(self.add_question)
        self.remove_button = QPushButton(translate("ExercisePanel", "Remove last"))
        self.remove_button.clicked.connect(self.remove_last)
        self.reset_button = QPushButton(translate("ExercisePanel", "Clear progress"))
        self.reset_button.clicked.connect(self.clear_progress)
        for b in (self.add_button, self.remove_button, self.reset_button):
            row.addWidget(b)
        self.target = QLabel()
        self.target.setWordWrap(True)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(self.show_answers)
        form.addRow(translate("ExercisePanel", "Ask about"), self.target)
        form.addRow(translate("ExercisePanel", "Predict"), self.asks)
        form.addRow(translate("ExercisePanel", "At step"), self.step)
        form.addRow(translate("ExercisePanel", "Tolerance"), self.tolerance)
        form.addRow(buttons)
        self.asks.currentIndexChanged.connect(self._update_teacher)
        return box

    # ------------------------------------------------------------------ showing
    def refresh(self):
        s = self.session
        doc = s.document
        ex = doc.exercise
        self.show_answers.blockSignals(True)
        self.show_answers.setChecked(s.answers_shown)
        self.show_answers.blockSignals(False)
        focused = next((r.question_id for r in self.rows if r.answer.hasFocus()), None)
        focus = self._focus_next or focused
        self._focus_next = None
        for row in self.rows:
            row.setParent(None)
            row.deleteLater()
        self.rows = []
        questions = ex.questions if ex is not None else ()
        self.empty.setVisible(not questions)
        self.title.setText("<b>{}</b>".format(ex.title or translate("ExercisePanel", "Exercise")) if questions else
                           translate("ExercisePanel", "<b>Exercise</b>"))
        solved = sum(ex.solved(q.id) for q in questions) if questions else 0
        self.progress.setText(translate("ExercisePanel", "{solved} of {v} right").format(solved=Number(solved), v=Number(len(questions))) if questions else "")
        for i, q in enumerate(questions, start=1):
            row = _Row(self, i, doc, q, ex.attempts.get(q.id))
            if q.id in self._verdicts and ex.attempts.get(q.id) is not None:
                row.show_attempt(ex.attempts[q.id], self._verdicts[q.id])
            if q.id in self._drafts:       # typed before another edit re-ran the graph
                row.answer.setText(self._drafts[q.id])
            drafts = self._drafts              # (the dict, not the panel: no cycle)
            row.answer.textEdited.connect(lambda text, qid=q.id: drafts.__setitem__(qid, text))
            self.rows_box.addWidget(row)
            self.rows.append(row)
        if focus is not None and any(r.question_id == focus for r in self.rows):
            self.row(focus).answer.setFocus(Qt.FocusReason.OtherFocusReason)
        self._update_teacher()

    def focus_first_open(self):
        """Puts the keyboard in the first question not yet answered right; returns
        whether there was one."""
        ex = self.session.document.exercise
        for row in self.rows:
            if ex is None or not ex.solved(row.question_id):
                row.answer.setFocus(Qt.FocusReason.ShortcutFocusReason)
                return True
        return False

    def _update_teacher(self, *_):
        s = self.session
        sel = [n for n in s.selection if s.document.has_node(n)]
        raises = self.asks.currentData() == "raises"
        self.target.setText(translate("ExercisePanel", "the whole timeline") if raises else
                            s.document.display_name(sel[-1]) if sel else
                            translate("ExercisePanel", "(select a node on the canvas)"))
        self.add_button.setEnabled(raises or bool(sel))
        ex = s.document.exercise
        self.remove_button.setEnabled(bool(ex and ex.questions))
        self.reset_button.setEnabled(bool(ex and ex.attempts))
        self.tolerance.setEnabled(self.asks.currentData() in ("value", "grad"))
        self.step.setEnabled(not raises)

    def row(self, question_id):
        """The row showing question ``question_id`` (tests and the keyboard use it)."""
        return next(r for r in self.rows if r.question_id == question_id)

    # ------------------------------------------------------------------ editing
    def _push(self, new, text):
        doc = self.session.document
        self.session.push(SetExercise(doc, doc.exercise, new, text))

    def add_question(self):
        """Adds a question about the selected node (or 'which step raises')."""
        s = self.session
        ex = s.document.exercise or Exercise()
        asks = self.asks.currentData()
        sel = [n for n in s.selection if s.document.has_node(n)]
        node = None if asks == "raises" else sel[-1]
        q = Question(ex.new_question_id(), asks, node,
                     -1 if asks == "raises" else self.step.value(),
                     float(self.tolerance.value()))
        if not s.document.exercise:
            s.answers_shown = True        # the teacher writing it sees the answers
        self._push(ex.with_question(q), translate("ExercisePanel", "Add question"))

    def remove_last(self):
        ex = self.session.document.exercise
        if ex and ex.questions:
            new = ex.without_question(ex.questions[-1].id)
            self._push(new if new.questions else None, translate("ExercisePanel", "Remove question"))

    def clear_progress(self):
        ex = self.session.document.exercise
        if ex and ex.attempts:
            self._verdicts.clear()
            self._push(ex.without_attempts(), translate("ExercisePanel", "Clear progress"))

    def check(self, question_id):
        """Checks the prediction typed for ``question_id`` against the run."""
        s = self.session
        ex = s.document.exercise
        if ex is None or s.result is None:
            return
        q = ex.question(question_id)
        typed = self.row(question_id).answer.text()
        verdict = check(q, typed, s.result)
        self._verdicts[question_id] = verdict
        self._drafts.pop(question_id, None)
        self._focus_next = question_id
        if verdict.correct:               # on to the next open question
            ids = [x.id for x in ex.questions]
            later = ids[ids.index(question_id) + 1:] + ids[:ids.index(question_id)]
            self._focus_next = next((x for x in later if not ex.solved(x)), question_id)
        self._push(ex.with_attempt(question_id, Attempt(typed, verdict.correct)),
                   translate("ExercisePanel", "Check prediction"))

    def _forget_drafts(self):
        self._drafts.clear()
        self._verdicts.clear()

    def _on_show_answers(self, shown):
        self.session.answers_shown = bool(shown)
        self.session.rerun()
