"""A tensor literal's editor (the ``tensor`` node's ``value``): its shape as text ("3",
"2, 3", empty for one number), a grid of its numbers when it is 1-D or 2-D, and the whole
literal as Python text (``[0.1, 1.0, 0.0001]``, also pasted as ``torch.tensor([...])``).
A new shape keeps the numbers that still fit (``params.reshape_literal``). Each edit is
one undo step; refused text stays in its field with the reason under it."""
import math
import re

from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QWidget

from gradstudio.document import DocumentError
from gradstudio.document.params import MAX_DIMS, check_param, literal_shape, reshape_literal
from gradstudio.document.spelling import brief_literals, literal
from gradstudio.ui.inspector_fields import (ParamEditor, ValuesGrid, is_grid, mono_font,
                                            parse_literal)
from gradstudio.ui.plain import PlainLabel
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, translate

__all__ = ["LiteralEditor", "shape_from_text", "literal_from_text", "TEXT_ELEMENTS"]

TEXT_ELEMENTS = 10_000    # a bigger literal's text is shown summarised, not editable
_BIG_HELP = (QT_TRANSLATE_NOOP("InspectorLiteral", "Too many numbers to edit as text (the text shows them as torch prints them): "
             "change the shape here, or build the tensor from a smaller one."))

_TENSOR_CALL = re.compile(r"(?:torch\s*\.\s*)?tensor\s*\((.*)\)", re.DOTALL)
_SHAPE_HELP = (QT_TRANSLATE_NOOP("InspectorLiteral", "The tensor's shape: its sizes separated by commas, such as 3 or 2, 3; leave "
               "it empty for a single number (a 0-d tensor). Numbers that still fit are kept."))
_LITERAL_HELP = (QT_TRANSLATE_NOOP("InspectorLiteral", "The values as a Python list, as in torch.tensor(...): [0.1, 1.0, 0.0001], "
                 "[[1, 2], [3, 4]], or a single number for a 0-d tensor."))


def shape_from_text(text):
    """The shape typed by the user: ``"3"`` -> ``(3,)``, ``"2, 3"`` or ``"2x3"`` or
    ``"(2, 3)"`` -> ``(2, 3)``, empty -> ``()``. Raises ``DocumentError`` otherwise."""
    text = text.strip()
    if text[:1] in "([" and text[-1:] in ")]":
        text = text[1:-1]
    parts = [p for p in re.split(r"[\s,x×*]+", text.strip()) if p]
    if not all(p.isdigit() for p in parts) or len(parts) > MAX_DIMS:
        raise DocumentError(translate("InspectorLiteral", "'{text}' is not a shape: type sizes separated by commas, such "
                            "as 3 or 2, 3, or nothing for a single number.").format(text=text))
    return tuple(int(p) for p in parts)


def literal_from_text(text):
    """The literal typed or pasted by the user (``[0.1, 1.0]``, ``torch.tensor([0.1,
    1.0])``, ``2.5``), never evaluated. Raises ``DocumentError`` for anything else,
    including rows of different lengths, which PyTorch refuses."""
    call = _TENSOR_CALL.fullmatch(text.strip())
    value = parse_literal(call.group(1) if call else text)
    if value is None:
        raise DocumentError(translate("InspectorLiteral", "A tensor literal needs values: type a number or a list of "
                            "numbers, such as [0.1, 1.0, 0.0001]."))
    if isinstance(value, (list, tuple)) and literal_shape(value) is None:
        raise DocumentError(translate("InspectorLiteral", "Every row of a tensor literal must have the same length, as "
                            "PyTorch requires."))
    return value


def _shape_text(shape):
    return "?" if shape is None else ", ".join(map(str, shape))


class LiteralEditor(ParamEditor):
    """The editor of a ``values`` parameter: shape field, grid and literal text (see the
    module's docstring). ``widget`` is the literal's text field; a valid literal from any
    of the three is announced as ``committed(name, value)``."""

    def __init__(self, spec, pspec):
        super().__init__(spec, pspec)
        self.value = None
        self._refused = None              # the field holding refused text, kept as typed
        self.widget.setFont(mono_font())
        self.widget.setPlaceholderText("[0.1, 1.0, 0.0001]")
        self.widget.setToolTip(translate("InspectorLiteral", _LITERAL_HELP))
        self.shape_edit = QLineEdit()
        self.shape_edit.setPlaceholderText(translate("InspectorLiteral", "one number (0-d)"))
        self.shape_edit.setToolTip(translate("InspectorLiteral", _SHAPE_HELP))
        self.shape_edit.editingFinished.connect(self._on_shape_edited)
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(PlainLabel("shape"))
        line.addWidget(self.shape_edit, 1)
        self.grid = ValuesGrid()
        self.grid.edited.connect(self.commit)
        self.grid.refused.connect(self.show_error)
        self.layout().insertWidget(0, row)
        self.layout().insertWidget(1, self.grid)

    def set_value(self, value):
        """Shows the document's literal in every field, except one holding refused text."""
        self.value = value
        shape = literal_shape(value)
        big = shape is not None and math.prod(shape) > TEXT_ELEMENTS
        if big:
            with brief_literals():
                text = literal(value)
        else:
            text = repr(value)
        self.widget.setReadOnly(big)
        self.widget.setToolTip(translate("InspectorLiteral", _BIG_HELP) if big else translate("InspectorLiteral", _LITERAL_HELP))
        for field, text in ((self.shape_edit, _shape_text(shape)), (self.widget, text)):
            if field is not self._refused and field.text() != text:
                field.blockSignals(True)
                field.setText(text)
                field.blockSignals(False)
        grid = is_grid(value, shape)
        self.grid.setVisible(grid)
        if grid:
            self.grid.set_values(value)

    def set_connected(self, source):
        """A literal has no port: always editable."""

    def show_error(self, message, field=None):
        self._refused = field if message else None
        super().show_error(message)

    def _on_editing_finished(self):
        if not self.widget.isReadOnly() and self.widget.text() != repr(self.value):
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
