"""A tensor literal's editor (the ``tensor`` node's ``value``): its shape as text ("3",
"2, 3", empty for one number), a grid of its numbers when it is 1-D or 2-D, and the whole
literal as Python text (``[0.1, 1.0, 0.0001]``, also pasted as ``torch.tensor([...])``).
A new shape keeps the numbers that still fit (``params.reshape_literal``). Each edit is
one undo step; refused text stays in its field with the reason under it."""
import re

from PySide6.QtWidgets import (QHBoxLayout, QLabel, QLineEdit, QTableWidget,
                               QTableWidgetItem, QWidget)

from gradstudio.document import DocumentError
from gradstudio.document.params import MAX_DIMS, check_param, literal_shape, reshape_literal
from gradstudio.ui.inspector_fields import ParamEditor, mono_font, parse_literal

__all__ = ["LiteralEditor", "ValuesGrid", "is_grid", "shape_from_text", "literal_from_text",
           "GRID_CELLS"]

GRID_CELLS = 1_000       # a bigger literal is edited as text only
_TENSOR_CALL = re.compile(r"(?:torch\s*\.\s*)?tensor\s*\((.*)\)", re.DOTALL)
_SHAPE_HELP = ("The tensor's shape: its sizes separated by commas, such as 3 or 2, 3; leave "
               "it empty for a single number (a 0-d tensor). Numbers that still fit are kept.")
_LITERAL_HELP = ("The values as a Python list, as in torch.tensor(...): [0.1, 1.0, 0.0001], "
                 "[[1, 2], [3, 4]], or a single number for a 0-d tensor.")


def shape_from_text(text):
    """The shape typed by the user: ``"3"`` -> ``(3,)``, ``"2, 3"`` or ``"2x3"`` or
    ``"(2, 3)"`` -> ``(2, 3)``, empty -> ``()``. Raises ``DocumentError`` otherwise."""
    text = text.strip()
    if text[:1] in "([" and text[-1:] in ")]":
        text = text[1:-1]
    parts = [p for p in re.split(r"[\s,x×*]+", text.strip()) if p]
    if not all(p.isdigit() for p in parts) or len(parts) > MAX_DIMS:
        raise DocumentError(f"'{text}' is not a shape: type sizes separated by commas, such "
                            "as 3 or 2, 3, or nothing for a single number.")
    return tuple(int(p) for p in parts)


def literal_from_text(text):
    """The literal typed or pasted by the user (``[0.1, 1.0]``, ``torch.tensor([0.1,
    1.0])``, ``2.5``), never evaluated. Raises ``DocumentError`` for anything else,
    including rows of different lengths, which PyTorch refuses."""
    call = _TENSOR_CALL.fullmatch(text.strip())
    value = parse_literal(call.group(1) if call else text)
    if value is None:
        raise DocumentError("A tensor literal needs values: type a number or a list of "
                            "numbers, such as [0.1, 1.0, 0.0001].")
    if isinstance(value, (list, tuple)) and literal_shape(value) is None:
        raise DocumentError("Every row of a tensor literal must have the same length, as "
                            "PyTorch requires.")
    return value


def is_grid(values):
    """Whether a literal is shown as a grid: 1-D or 2-D, rectangular, not empty and at
    most ``GRID_CELLS`` numbers."""
    shape = literal_shape(values)
    return (shape is not None and len(shape) in (1, 2) and 0 < _count(shape) <= GRID_CELLS)


def _count(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def _shape_text(shape):
    return "?" if shape is None else ", ".join(map(str, shape))


class LiteralEditor(ParamEditor):
    """The editor of a ``values`` parameter: shape field, grid and literal text (see the
    module's docstring). ``widget`` is the literal's text field."""

    def __init__(self, inspector, spec, pspec):
        super().__init__(inspector, spec, pspec)
        self.value = None
        self._refused = None              # the field holding refused text, kept as typed
        self.widget.setFont(mono_font())
        self.widget.setPlaceholderText("[0.1, 1.0, 0.0001]")
        self.widget.setToolTip(_LITERAL_HELP)
        self.shape_edit = QLineEdit()
        self.shape_edit.setPlaceholderText("one number (0-d)")
        self.shape_edit.setToolTip(_SHAPE_HELP)
        self.shape_edit.editingFinished.connect(self._on_shape_edited)
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(QLabel("shape"))
        line.addWidget(self.shape_edit, 1)
        self.grid = ValuesGrid(self)
        self.layout().insertWidget(0, row)
        self.layout().insertWidget(1, self.grid)

    def set_value(self, value):
        """Shows the document's literal in every field, except one holding refused text."""
        self.value = value
        shape = literal_shape(value)
        for field, text in ((self.shape_edit, _shape_text(shape)), (self.widget, repr(value))):
            if field is not self._refused and field.text() != text:
                field.blockSignals(True)
                field.setText(text)
                field.blockSignals(False)
        grid = is_grid(value)
        self.grid.setVisible(grid)
        if grid:
            self.grid.set_values(value)

    def set_connected(self, source):
        """A literal has no port: always editable."""

    def show_error(self, message, field=None):
        self._refused = field if message else None
        super().show_error(message)

    def _on_editing_finished(self):
        if self.widget.text() != repr(self.value):
            self._commit_from(self.widget, literal_from_text)

    def _on_shape_edited(self):
        if self.shape_edit.text() != _shape_text(literal_shape(self.value)):
            self._commit_from(self.shape_edit, lambda text: reshape_literal(
                self.value, shape_from_text(text)))
            if self._refused is None:   # "3," and "(3)" both show as "3"
                self.set_value(self.value)

    def _commit_from(self, field, read):
        """Pushes the literal ``read`` makes of ``field``'s text, or keeps the text and
        says why it is refused."""
        try:
            value = check_param(self.spec, self.pspec.name, read(field.text()))
        except DocumentError as exc:
            self.show_error(str(exc), field)
            return
        self.commit(value)


class ValuesGrid(QTableWidget):
    """A grid editor for a 1-D or 2-D tensor literal; an edited cell pushes one SetParam."""

    def __init__(self, editor):
        super().__init__()
        self.editor = editor
        self.values = []
        self.cellChanged.connect(self._on_cell_changed)
        self.setFont(mono_font())
        self.horizontalHeader().setDefaultSectionSize(64)

    def set_values(self, values):
        rows = values if values and isinstance(values[0], list) else [values]
        if values == self.values and self._shows(rows):
            return                      # after an edit elsewhere: nothing to redo
        self.values = values
        self.blockSignals(True)
        self.setRowCount(len(rows))
        self.setColumnCount(max((len(r) for r in rows), default=0))
        for i, row in enumerate(rows):
            for j, v in enumerate(row):
                self.setItem(i, j, QTableWidgetItem(repr(v)))
        # PyTorch indexes from 0
        self.setHorizontalHeaderLabels([str(j) for j in range(self.columnCount())])
        self.setVerticalHeaderLabels([str(i) for i in range(self.rowCount())])
        self.blockSignals(False)
        shown = min(self.rowCount(), 6)
        self.setFixedHeight(self.horizontalHeader().height() + 4 + 2 * self.frameWidth() +
                            sum(self.rowHeight(i) for i in range(shown)))

    def _shows(self, rows):
        """Whether every cell already shows ``rows`` (none holds refused text)."""
        if self.rowCount() != len(rows) or \
                self.columnCount() != max((len(r) for r in rows), default=0):
            return False
        for i, row in enumerate(rows):
            for j, v in enumerate(row):
                item = self.item(i, j)
                if item is None or item.text() != repr(v):
                    return False
        return True

    def _on_cell_changed(self, row, column):
        text = self.item(row, column).text().strip()
        try:
            number = parse_literal(text)
            if isinstance(number, (list, tuple)):
                raise DocumentError(f"'{text}' is not a number: a cell holds one number; "
                                    "type a whole list in the field under the grid.")
            if isinstance(number, bool) or not isinstance(number, (int, float, bool)):
                raise DocumentError(f"'{text}' is not a number.")
        except DocumentError as exc:
            self.editor.show_error(str(exc))
            return
        new = [list(r) if isinstance(r, list) else r for r in self.values]
        if new and isinstance(new[0], list):
            new[row][column] = number
        else:
            new[column] = number
        self.editor.commit(new)
