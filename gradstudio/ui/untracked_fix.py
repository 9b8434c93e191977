"""Under a backward that failed with PyTorch's "element 0 of tensors does not require
grad and does not have a grad_fn": why its target has no grad_fn, in the words of
``document.explain``, and a button that ticks requires_grad on the source that fixes it
(one undo step), as the "second time" error points to retain_graph."""
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from gradstudio.document.explain import untracked_backward
from gradstudio.ui import commands
from gradstudio.ui.i18n import translate

__all__ = ["UntrackedFix"]


class UntrackedFix(QWidget):
    """The explanation (``text``) and the fix (``button``) for the timeline's action;
    hidden for any other error. ``source`` is the node the button ticks."""

    def __init__(self, session, parent=None):
        super().__init__(parent)
        self.session = session
        self.source = None
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.button = QPushButton()
        self.button.clicked.connect(self.apply)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignLeft)
        self.hide()

    def show_for(self, action_id):
        """Shows the explanation for the action ``action_id`` (None: hides it)."""
        s = self.session
        found = None if action_id is None else untracked_backward(s.document, s.result,
                                                                  action_id)
        self.source = None if found is None else found[1]
        if found is not None:
            why = found[0]
            if self.source is not None:
                name = s.document.display_name(self.source)
                why += (translate("UntrackedFix", " backward() needs a graph: ticking requires_grad on {name} makes "
                        "PyTorch record one from it.").format(name=name))
                self.button.setText(translate("UntrackedFix", "Tick requires_grad on {name}").format(name=name))
            self.text.setText(why)
        self.button.setVisible(self.source is not None)
        self.setVisible(found is not None)

    def apply(self):
        """Ticks requires_grad on ``source`` (one undo step)."""
        if self.source is not None:
            self.session.push(commands.SetParam(self.session.document, self.source,
                                                "requires_grad", True))
