"""Compare Runs: keep the run shown now, edit anything, and see what changed — each
node's values, gradient, grad_fn, requires_grad and error, listed as
``x.grad: [[4.5, 4.5]…] → [[9, 9]…]`` and ringed on the canvas. Selecting a line selects
its node. The kept run is the window's, not the file's (it is not saved). Answers an open
exercise hides are never compared (``document.compare``)."""
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton,
                               QVBoxLayout)

from gradstudio.document.compare import differences, keep, step_errors
from gradstudio.ui.panel import SessionPanel
from gradstudio.ui.i18n import Number, translate

__all__ = ["ComparePanel"]

ID_ROLE = Qt.ItemDataRole.UserRole


class ComparePanel(SessionPanel):
    """The kept run against the current one. ``marks`` (a canvas ``ChangeMarks``, or
    None) rings the changed nodes."""

    def __init__(self, session, marks=None, parent=None):
        super().__init__(session, parent)
        self.kept = None
        self.marks = marks
        self.keep_button = QPushButton(translate("ComparePanel", "Keep This Run"))
        self.keep_button.setToolTip(translate("ComparePanel", "Keep the values, gradients and grad_fns shown now, to "
                                    "compare with after your edits."))
        self.forget_button = QPushButton(translate("ComparePanel", "Forget It"))
        self.status = QLabel(translate("ComparePanel", "Keep a run, then edit the graph: what changed is listed "
                             "here and ringed on the canvas."))
        self.status.setWordWrap(True)
        self.list = QListWidget()
        self.list.setAccessibleName(translate("ComparePanel", "What changed since the kept run"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.keep_button)
        buttons.addWidget(self.forget_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.list)
        self.keep_button.clicked.connect(self.keep_run)
        self.forget_button.clicked.connect(self.forget)
        self.list.itemSelectionChanged.connect(self._on_row_selected)
        self.follow(session.run_finished, self.refresh)
        self.follow(session.step_changed, self.refresh)
        self.follow(session.document_replaced, self.forget)
        self.first_refresh()

    def _states(self):
        s = self.session
        if s.result is None:
            return {}
        return s.states(s.result.order)

    def _errors(self):
        s = self.session
        return step_errors(s.document, s.result, s.errors_hidden())

    def keep_run(self):
        """Keeps the run shown now."""
        s = self.session
        step = translate("ComparePanel", "the end") if s.step < 0 else translate("ComparePanel", "step {step}").format(step=s.step)
        self.kept = keep(s.document, self._states(), translate("ComparePanel", "kept at {step}").format(step=step), self._errors())
        self.refresh()

    def forget(self):
        self.kept = None
        self.refresh()

    def lines(self):
        """The changes listed, as text."""
        return [self.list.item(i).text() for i in range(self.list.count())]

    def refresh(self):
        self.forget_button.setEnabled(self.kept is not None)
        self.list.clear()
        if self.kept is None:
            self.status.setText(translate("ComparePanel", "Keep a run, then edit the graph: what changed is listed "
                                "here and ringed on the canvas."))
            if self.marks is not None:
                self.marks.clear()
            return
        found = differences(self.kept, self.session.document, self._states(),
                            self._errors())
        self.status.setText(translate("ComparePanel", "Since the run {label}: ").format(label=self.kept.label) + (
            (translate("ComparePanel", "{n} changes.") if len(found) != 1 else translate("ComparePanel", "{n} change.")).format(n=Number(len(found))) if found else
            translate("ComparePanel", "nothing changed.")))
        for d in found:
            item = QListWidgetItem(d.text)
            item.setData(ID_ROLE, d.node_id)
            self.list.addItem(item)
        if self.marks is not None:
            tags = {}
            for d in found:
                if d.node_id is not None and d.what != "removed":
                    tags.setdefault(d.node_id, []).append(
                        ("changed" if d.what != "added" else "new", "lost"))
            self.marks.show_marks([(n, "lost", t[:1]) for n, t in tags.items()])

    def _on_row_selected(self):
        ids = [i.data(ID_ROLE) for i in self.list.selectedItems()]
        ids = [n for n in ids if self.session.document.has_node(n)]
        if ids:
            self.session.select(ids)
