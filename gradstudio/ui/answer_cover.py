"""An exercise's answers kept out of the panels that would give them away (issue 34).

The canvas, the inspector and the timeline hide each open question's answer field by
field (``document.exercise.HiddenState``). The autograd graph, the step-through, the
lesson and the Jacobian panel show a whole run at once (every ``grad_fn``, every gradient
that flows, a notebook's printed outputs, the derivatives): while a question of the open
exercise is not yet answered right, their dock shows a plain "hidden until you check"
placeholder instead (``AnswerCover``). The step-through and the autograd graph open
anyway when the student asks for the hint (the Exercise panel's "Hint: step through"
after a wrong check: ``session.hint_shown``), since they are the hint."""
import weakref

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QStackedWidget

__all__ = ["AnswerCover", "COVERED", "HINT_PANELS", "answers_open"]

COVERED = ("autograd", "walk", "lesson", "probe")   # the docks whose panel is covered
HINT_PANELS = ("autograd", "walk")                   # the hint opens these


def answers_open(session):
    """Whether an exercise keeps answers out of sight: one is open, its answers are not
    shown (the teacher's view) and a question of it is not yet answered right."""
    ex = session.exercise
    return ex is not None and any(not ex.solved(q.id) for q in ex.questions)


class AnswerCover(QStackedWidget):
    """``panel`` or, while ``answers_open`` (and, for a hint panel, before the hint is
    taken), a placeholder saying the answers are hidden until checked. The panel stays
    its dock's panel (``panel``) and keeps following the session; only what is painted
    changes. Refers to the session weakly (the session outlives no window)."""

    def __init__(self, panel, session, hint_opens=False):
        super().__init__()
        self.panel = panel
        self.hint_opens = hint_opens
        self._session = weakref.ref(session)
        self.placeholder = QLabel(QCoreApplication.translate(
            "AnswerCover", "Hidden until you check: this panel would show answers of the "
            "open exercise. Check your predictions in the Exercise panel first (a wrong "
            "one offers the step-through as a hint)."))
        self.placeholder.setObjectName("answer_cover")
        self.placeholder.setWordWrap(True)
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setMargin(16)
        self.addWidget(panel)
        self.addWidget(self.placeholder)
        for signal in (session.exercise_changed, session.run_finished,
                       session.document_replaced):
            signal.connect(self.update_cover)
        self.update_cover()

    @property
    def covered(self):
        """Whether the placeholder is shown instead of the panel."""
        return self.currentWidget() is self.placeholder

    def update_cover(self, *_):
        """Shows the placeholder or the panel, as the session's exercise says."""
        session = self._session()
        if session is None:
            return
        cover = answers_open(session) and not (self.hint_opens and session.hint_shown)
        self.setCurrentWidget(self.placeholder if cover else self.panel)

    def minimumSizeHint(self):
        return self.currentWidget().minimumSizeHint()

    def sizeHint(self):
        return self.currentWidget().sizeHint()
