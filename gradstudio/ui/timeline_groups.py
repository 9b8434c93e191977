"""The editor of an optimizer's parameter groups (its ``groups`` setting:
``timeline/groups.py``): one row per group naming its tensors, with a box for the
learning rate the group gives itself (empty: the optimizer's own ``lr``)."""
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFormLayout, QLineEdit, QWidget

from gradstudio.ui.i18n import translate
from gradstudio.ui.plain import plain_tooltip
from gradstudio.ui.timeline_editors import number_text

__all__ = ["GroupsEditor"]


class GroupsEditor(QWidget):
    """One learning-rate box per parameter group; ``changed`` sends the groups with the
    edited one's ``lr`` (a box emptied drops it: the group takes the optimizer's)."""
    changed = Signal(list)

    def __init__(self, names, parent=None):
        super().__init__(parent)
        self.names = list(names)          # the optimizer's tensors, in order
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.boxes = []
        self.groups = []

    def show_value(self, groups):
        groups = [dict(g) for g in groups or ()]
        if [g["size"] for g in groups] != [g["size"] for g in self.groups]:
            self._rows(groups)
        self.groups = groups
        for box, g in zip(self.boxes, groups):
            if not box.hasFocus():
                box.setText("" if g.get("lr") is None else number_text(g["lr"]))
                box.setStyleSheet("")

    def _rows(self, groups):
        while self.form.rowCount():
            self.form.removeRow(0)
        self.boxes, at = [], 0
        for k, g in enumerate(groups):
            tensors = ", ".join(self.names[at:at + g["size"]]) or "?"
            at += g["size"]
            box = QLineEdit()
            box.setPlaceholderText(translate("TimelineGroups", "the optimizer's lr"))
            box.setToolTip(plain_tooltip(translate(
                "TimelineGroups", "The learning rate of group {k} ({tensors}); leave it "
                "empty for the optimizer's own lr.").format(k=k, tensors=tensors)))
            box.editingFinished.connect(lambda k=k, box=box: self._edited(k, box))
            self.form.addRow(translate("TimelineGroups", "group {k} lr").format(k=k), box)
            self.boxes.append(box)

    def _edited(self, k, box):
        text = box.text().strip()
        try:
            lr = None if not text else float(text)
        except ValueError:
            box.setStyleSheet("color: #c62828;")
            return
        if k >= len(self.groups) or self.groups[k].get("lr") == lr:
            return
        groups = [dict(g) for g in self.groups]
        if lr is None:
            groups[k].pop("lr", None)
        else:
            groups[k]["lr"] = lr
        self.changed.emit(groups)
