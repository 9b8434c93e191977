"""The timeline's editors and texts: a setting's value shown in its editor, the editor of
autograd.grad's ``grad_outputs`` (one node per output), PyTorch's default of an
optimizer's setting, and the short texts of the action list."""
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QWidget

from gradstudio.document.actions import OPTIMIZER_SETTINGS
from gradstudio.ui.plain import PlainLabel, plain_tooltip
from gradstudio.ui.widgets import wheel_only_when_focused
from gradstudio.ui.i18n import translate

__all__ = ["show_value", "PerOutputEditor", "default_text", "printed_text", "clip", "short",
           "ID_ROLE", "NONE"]

ID_ROLE = Qt.ItemDataRole.UserRole
NONE = "(none)"


def show_value(editor, typ, value):
    """Puts a parameter's value in its editor without it reporting an edit."""
    editor.blockSignals(True)
    try:
        if typ == "bool":
            editor.setChecked(bool(value))
        elif typ in ("node", "node?", "action", "choice"):
            editor.setCurrentIndex(max(0, editor.findData(value)))
        elif typ in ("float", "int", "count"):
            editor.setValue(value)
        elif typ == "counts":
            if not editor.hasFocus():
                editor.setText(", ".join(str(v) for v in value))
        elif typ == "text":
            if not editor.hasFocus():
                editor.setText(value.encode("unicode_escape").decode("ascii"))
        elif typ in ("formula", "name"):
            if not editor.hasFocus():
                editor.setText(value)
        elif typ == "floats":
            if not editor.hasFocus():
                editor.setText(", ".join(number_text(v) for v in value))
        elif typ == "group":
            if not editor.hasFocus():
                editor.setText("" if value is None else str(value))
        elif typ == "float?":
            if not editor.hasFocus():
                editor.setText("" if value is None else number_text(value))
        elif typ in ("nodes?", "groups"):
            editor.show_value(value)
        else:
            for i in range(editor.count()):
                item = editor.item(i)
                item.setCheckState(Qt.CheckState.Checked if item.data(ID_ROLE) in value
                                   else Qt.CheckState.Unchecked)
    finally:
        editor.blockSignals(False)


def number_text(value):
    """An optional number as its box shows it: a whole number without ``.0`` (the print
    options' ``precision=2`` reads ``2``, as the export writes it), any other as ``repr``."""
    value = float(value)
    return str(int(value)) if value.is_integer() and abs(value) < 2 ** 53 else repr(value)


class PerOutputEditor(QWidget):
    """autograd.grad's ``grad_outputs``: for each output, the node holding its vector v
    of vᵀJ, or (none) for a scalar output's implicit 1 (all (none): no grad_outputs)."""
    changed = Signal(list)

    def __init__(self, outputs, choices, parent=None):
        super().__init__(parent)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        self.combos = []
        for name in outputs:
            box = wheel_only_when_focused(QComboBox())
            box.addItem(NONE, None)
            for label, nid in choices:
                box.addItem(label, nid)
            box.setToolTip(plain_tooltip(
                translate("TimelineEditors", "The gradient flowing into {name}: the vector v of vᵀJ, shaped "
                "like {name} ((none): 1, for a one-element {name})").format(name=name)))
            box.currentIndexChanged.connect(self._changed)
            form.addRow(translate("TimelineEditors", "for {name}").format(name=name), box)
            self.combos.append(box)
        if not outputs:
            form.addRow(PlainLabel(translate("TimelineEditors", "Choose the outputs first.")))

    def value(self):
        chosen = [box.currentData() for box in self.combos]
        return chosen if any(n is not None for n in chosen) else []

    def show_value(self, value):
        value = list(value or ())
        for i, box in enumerate(self.combos):
            box.blockSignals(True)
            box.setCurrentIndex(max(0, box.findData(value[i] if i < len(value) else None)))
            box.blockSignals(False)

    def _changed(self, _index):
        self.changed.emit(self.value())


def default_text(action, name):
    """PyTorch's default of an optimizer's or a scheduler's setting, as the placeholder
    says it."""
    for setting, _, default in OPTIMIZER_SETTINGS.get(action.params.get("algorithm"), ()):
        if setting == name:
            return default
    if name in ("factor", "start_factor") and action.params.get("schedule"):
        return "0.1" if action.params["schedule"] == "ReduceLROnPlateau" else "1/3"
    return "none"


def printed_text(lines, most=8):
    """What printing hooks wrote during a step, as the step's details show it."""
    shown = list(lines[:most]) + ([translate("TimelineEditors", "… and {v} more lines").format(v=len(lines) - most)]
                                  if len(lines) > most else [])
    return translate("TimelineEditors", "Its hooks printed:\n") + "\n".join(clip(line, 200) for line in shown)


def clip(text, limit=90):
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def short(error, limit=90):
    first = error.split(". ")[0]
    return first if len(first) <= limit else first[:limit - 1] + "…"
