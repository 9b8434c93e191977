"""Train…: the dialog that inserts a training loop for a loss (timeline ▸ Add ▸ Train…).

The person picks the loss, the parameters (the leaves that require grad upstream of it,
all ticked), a manual update or a ``torch.optim`` optimizer, the learning rate, the number
of iterations and whether to zero the gradients each time (unticked: the classic bug,
gradients piling up). ``settings()`` is what ``commands.TrainLoop`` takes."""
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox,
                               QDoubleSpinBox, QFormLayout, QListWidget,
                               QListWidgetItem, QSpinBox, QVBoxLayout)

from gradstudio.document.actions import CHOICES, MAX_COUNT
from gradstudio.document.training import trainable_leaves
from gradstudio.ui.plain import PlainLabel
from gradstudio.ui.i18n import translate
from gradstudio.ui.tones import tone_style

__all__ = ["TrainDialog", "MANUAL"]

MANUAL = "manual: p -= lr * p.grad"
_ID_ROLE = Qt.ItemDataRole.UserRole


class TrainDialog(QDialog):
    def __init__(self, session, parent=None):
        super().__init__(parent)
        self.setWindowTitle(translate("TrainDialog", "Train"))
        self.session = session
        doc = session.document
        self.loss = QComboBox()
        for nid in self._scalars():
            self.loss.addItem(doc.display_name(nid), nid)
        self.loss.setCurrentIndex(max(0, self.loss.findData(self._likely_loss())))
        self.params = QListWidget()
        self.params.setMaximumHeight(120)
        self.update = QComboBox()
        self.update.addItems([MANUAL] + [f"torch.optim.{a}" for a in CHOICES["algorithm"]])
        self.lr = QDoubleSpinBox()
        self.lr.setDecimals(6)
        self.lr.setRange(0.0, 1e3)
        self.lr.setSingleStep(0.01)
        self.lr.setValue(0.1)
        self.count = QSpinBox()
        self.count.setRange(1, MAX_COUNT)
        self.count.setValue(100)
        self.zero_grad = QCheckBox(translate("TrainDialog", "zero the gradients every iteration"))
        self.zero_grad.setChecked(True)
        self.zero_grad.setToolTip(translate("TrainDialog", "Untick it to see the most common bug of a training loop: "
                                  "each backward adds to .grad, the gradients pile up."))
        self.message = PlainLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet(tone_style("error"))
        form = QFormLayout()
        form.addRow(translate("TrainDialog", "Loss"), self.loss)
        form.addRow(translate("TrainDialog", "Parameters"), self.params)
        form.addRow(translate("TrainDialog", "Update"), self.update)
        form.addRow(translate("TrainDialog", "Learning rate"), self.lr)
        form.addRow(translate("TrainDialog", "Iterations"), self.count)
        form.addRow("", self.zero_grad)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                        QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(translate("TrainDialog", "Insert loop"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.loss.currentIndexChanged.connect(self._fill_params)
        self.params.itemChanged.connect(self._check)
        self._fill_params()

    def _scalars(self):
        """The nodes a loop can call backward() on without a gradient argument and that
        something trains: one element, computed (not a leaf), requiring grad."""
        result = self.session.result
        if result is None:
            return []
        return result.distinct_tensors(
            [n for n in result.order if result.computed(n)
             and result.state(n, 0).requires_grad and not result.state(n, 0).is_leaf
             and result.state(n, 0).value.size == 1])

    def _likely_loss(self):
        """The selected node when it can be a loss, else the last such node (one named
        like a loss first)."""
        scalars = self._scalars()
        picked = [n for n in self.session.selection if n in scalars]
        if picked:
            return picked[0]
        named = [n for n in scalars if "loss" in self.session.document.display_name(n).lower()]
        return (named or scalars or [None])[-1]

    def _fill_params(self):
        self.params.blockSignals(True)
        self.params.clear()
        loss = self.loss.currentData()
        doc, result = self.session.document, self.session.result
        if loss is not None and result is not None:
            for nid in trainable_leaves(doc, result, loss):
                item = QListWidgetItem(doc.display_name(nid))
                item.setData(_ID_ROLE, nid)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked)
                self.params.addItem(item)
        self.params.blockSignals(False)
        self._check()

    def chosen_params(self):
        return [self.params.item(i).data(_ID_ROLE) for i in range(self.params.count())
                if self.params.item(i).checkState() == Qt.CheckState.Checked]

    def _check(self, *_):
        if self.loss.currentData() is None:
            text = (translate("TrainDialog", "Add a loss first: a one-element node computed from leaves that "
                    "require grad."))
        elif not self.params.count():
            text = (translate("TrainDialog", "Nothing upstream of this loss requires grad: tick requires_grad on a "
                    "leaf it is computed from."))
        elif not self.chosen_params():
            text = translate("TrainDialog", "Tick at least one parameter to train.")
        else:
            text = ""
        self.message.setText(text)
        self.message.setVisible(bool(text))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not text)

    def settings(self):
        """The loop asked for, as ``commands.TrainLoop`` takes it."""
        update = self.update.currentText()
        return dict(params=self.chosen_params(), loss=self.loss.currentData(),
                    count=self.count.value(), lr=self.lr.value(),
                    optimizer=None if update == MANUAL else update.rsplit(".", 1)[1],
                    zero_grad=self.zero_grad.isChecked())
