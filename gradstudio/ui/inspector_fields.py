"""The inspector's editing fields: a node's parameters (one editor each, a grid for a
small tensor literal), its name and the graph's random seed. Each edit is checked first,
pushed as one undo step when valid, and otherwise explained under its field in plain
words while the typed text stays, so nothing is lost."""
import ast
import math
import re

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QFrame, QGroupBox,
                               QLineEdit, QPlainTextEdit, QSpinBox, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from gradstudio.document import DocumentError
from gradstudio.document.model import check_label, check_seed
from gradstudio.document.catalogue import DTYPES
from gradstudio.document.params import check_param, literal_shape
from gradstudio.ui import commands
from gradstudio.ui.widgets import wheel_only_when_focused
from gradstudio.ui.plain import PlainLabel, plain_tooltip
from gradstudio.ui.tones import MUTED_STYLE, tone_style
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, translate
from gradstudio.document.op_words import param_doc

__all__ = ["ParamEditor", "ValuesGrid", "NameField", "SeedField", "retain_grad_choice",
           "label_error", "seed_from_text", "mono_font", "text_box", "set_text", "error_label", "is_grid",
           "parse_literal", "format_param", "GRID_CELLS"]

_DEFAULT_DTYPE = "(default)"


def mono_font():
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    font.setStyleHint(QFont.StyleHint.Monospace)
    return font


def text_box(lines=4):
    box = QPlainTextEdit(readOnly=True)
    box.setFont(mono_font())
    box.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    box.setFrameShape(QFrame.Shape.StyledPanel)
    height = box.fontMetrics().lineSpacing() * lines + 12
    box.setFixedHeight(height)
    return box


def set_text(box, text, most=10):
    """Shows text in a read-only box as tall as its lines (2 to ``most``); the same
    text again changes nothing (no new layout, no repaint)."""
    if box.toPlainText() != text:
        box.setPlainText(text)
    lines = min(max(text.count("\n") + 1, 2), most)
    height = box.fontMetrics().lineSpacing() * lines + 14
    if box.minimumHeight() != height or box.maximumHeight() != height:
        box.setFixedHeight(height)


def error_label():
    label = PlainLabel()
    label.setStyleSheet(tone_style("error"))
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.hide()
    return label


def parse_literal(text):
    """A Python literal typed by the user (numbers, tuples, lists, None), never evaluated."""
    text = text.strip()
    if not text:
        return None
    try:
        return ast.literal_eval(text)
    except ValueError:
        pass                    # perhaps nan or inf, which literal_eval does not know
    except (SyntaxError, MemoryError, RecursionError):
        raise DocumentError(translate("InspectorFields", "'{text}' is not a number or a list of numbers.").format(text=text)) from None
    try:
        return _special_numbers(ast.parse(text, mode="eval").body)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        raise DocumentError(translate("InspectorFields", "'{text}' is not a number or a list of numbers.").format(text=text)) from None


_SPECIAL = {"nan": math.nan, "inf": math.inf, "infinity": math.inf}


def _special_numbers(node):
    """Numbers and lists of them as ``literal_eval`` reads them, plus ``nan``, ``inf``,
    ``float('nan')``, ``math.inf`` and ``torch.nan`` (what ``repr`` and PyTorch print)."""
    if isinstance(node, (ast.List, ast.Tuple)):
        items = [_special_numbers(e) for e in node.elts]
        return items if isinstance(node, ast.List) else tuple(items)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        v = _special_numbers(node.operand)
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, ast.Constant) and type(node.value) in (int, float, bool):
        return node.value
    if isinstance(node, ast.Name) and node.id.lower() in _SPECIAL:
        return _SPECIAL[node.id.lower()]
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
            node.value.id in ("math", "torch", "np", "numpy") and node.attr in ("nan", "inf"):
        return _SPECIAL[node.attr]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
            node.func.id == "float" and len(node.args) == 1 and not node.keywords and \
            isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
        word = node.args[0].value.strip().lower()
        sign = -1.0 if word.startswith("-") else 1.0
        if word.lstrip("+-") in _SPECIAL:
            return sign * _SPECIAL[word.lstrip("+-")]
    raise ValueError(translate("InspectorFields", "not a number"))


def format_param(kind, value):
    if value is None:
        return ""
    if kind in ("shape", "dims") and isinstance(value, (tuple, list)):
        return ", ".join(str(v) for v in value) + ("," if len(value) == 1 else "")
    if kind == "numbers" and isinstance(value, (tuple, list)):    # apply(x, 0.5, 2)
        return ", ".join(repr(v) for v in value)
    return str(value) if kind != "values" else repr(value)


class CodeEdit(QPlainTextEdit):
    """A few lines of code to edit (a custom Function's def): monospaced, as tall as
    its lines; ``editing_finished`` when it loses the focus or on Ctrl+Return."""

    editing_finished = Signal()

    def __init__(self):
        super().__init__()
        self.setFont(mono_font())
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setTabChangesFocus(True)
        self.textChanged.connect(self.fit)

    def fit(self):
        """As tall as its lines (3 to 12), plus the horizontal scroll bar when a line is
        wider than the field, so every line shows without scrolling down."""
        text = self.toPlainText()
        lines = min(max(text.count("\n") + 1, 3), 12)
        height = self.fontMetrics().lineSpacing() * lines + 2 * self.frameWidth() + \
            2 * int(self.document().documentMargin()) + 4
        widest = max((self.fontMetrics().horizontalAdvance(line)
                      for line in text.split("\n")), default=0)
        if widest + 2 * self.document().documentMargin() > self.viewport().width():
            height += self.horizontalScrollBar().sizeHint().height()
        self.setFixedHeight(int(height))

    def resizeEvent(self, event):
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.fit()          # a narrower field may now need the scroll bar

    def focusOutEvent(self, event):
        super().focusOutEvent(event)
        self.editing_finished.emit()

    def keyPressEvent(self, event):
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and \
                event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.editing_finished.emit()
            return
        super().keyPressEvent(event)


class ParamEditor(QWidget):
    """One parameter: an editor widget plus a plain-words error line under it. Text that
    does not make a valid value stays as typed, with the error shown. A valid value is
    announced as ``committed(name, value)`` (the editor does not hold the inspector)."""

    committed = Signal(str, object)

    def __init__(self, spec, pspec):
        super().__init__()
        self.spec, self.pspec = spec, pspec
        self.error = error_label()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        k = pspec.kind
        if k == "bool":
            self.widget = QCheckBox()
            self.widget.toggled.connect(lambda v: self.commit(bool(v)))
        elif k == "dtype":
            self.widget = wheel_only_when_focused(QComboBox())
            if pspec.optional:
                self.widget.addItem(_DEFAULT_DTYPE)
            self.widget.addItems(DTYPES)
            self.widget.currentTextChanged.connect(
                lambda t: self.commit(None if t == _DEFAULT_DTYPE else t))
        elif k == "choice":
            self.widget = wheel_only_when_focused(QComboBox())
            self.widget.addItems(list(pspec.choices))
            self.widget.currentTextChanged.connect(self.commit)
        elif k == "int" and not pspec.optional:
            self.widget = wheel_only_when_focused(QSpinBox())
            self.widget.setRange(-2 ** 31 + 1, 2 ** 31 - 1)
            self.widget.setKeyboardTracking(False)
            self.widget.valueChanged.connect(lambda v: self.commit(int(v)))
        elif k == "function_def":    # a custom Function's def: lines of code
            self.widget = CodeEdit()
            self.widget.editing_finished.connect(
                lambda: self.commit(self.widget.toPlainText().strip()))
        else:   # scalar, optional int, shape, dims, index, hook, numbers, values (>2-D)
            self.widget = QLineEdit()
            self.widget.setPlaceholderText(
                "None" if pspec.optional else
                translate("InspectorFields", "none, or numbers such as 0.5, 2")
                if k == "numbers" else "")
            self.widget.editingFinished.connect(self._on_editing_finished)
        self.widget.setToolTip(plain_tooltip(param_doc(pspec)))
        layout.addWidget(self.widget)
        layout.addWidget(self.error)

    def set_value(self, value):
        w = self.widget
        w.blockSignals(True)
        try:
            if isinstance(w, QCheckBox):
                w.setChecked(bool(value))
            elif isinstance(w, QComboBox):
                w.setCurrentText(_DEFAULT_DTYPE if value is None else str(value))
            elif isinstance(w, QSpinBox):
                w.setValue(int(value))
            elif isinstance(w, CodeEdit):
                if not self.error.isVisible() and w.toPlainText() != value:
                    w.setPlainText(value)
                    w.fit()
            elif not self.error.isVisible():      # keep the user's invalid text
                text = format_param(self.pspec.kind, value)
                if w.text() != text:              # the same text keeps the cursor
                    w.setText(text)
        finally:
            w.blockSignals(False)

    def set_connected(self, source):
        """Disables the field while its port is connected (``source``: the feeding node's
        name), as the port's tensor is used instead of the typed value; None enables it."""
        connected = source is not None
        if connected:
            self.show_error("")         # typed text that was refused no longer matters
        self.widget.setEnabled(not connected)
        self.widget.setToolTip(plain_tooltip(
            translate("InspectorFields", "connected to {source}; disconnect to type a value").format(source=source) if connected
            else param_doc(self.pspec)))

    def _on_editing_finished(self):
        if self.pspec.kind in ("index", "hook", "function_name", "keep", "list_name"):   # text (checked on commit)
            self.commit(self.widget.text().strip())
            return
        try:
            value = parse_literal(self.widget.text())
            if self.pspec.kind == "shape" and isinstance(value, int):
                value = (value,)
            elif self.pspec.kind == "numbers" and value is None:
                value = []              # an empty field: no numbers
        except DocumentError as exc:
            self.show_error(str(exc))
            return
        self.commit(value)

    def commit(self, value):
        try:
            value = check_param(self.spec, self.pspec.name, value)
        except DocumentError as exc:
            self.show_error(str(exc))
            return
        self.show_error("")
        self.committed.emit(self.pspec.name, value)

    def show_error(self, message):
        self.error.setText(message)
        self.error.setVisible(bool(message))


class ValuesGrid(QTableWidget):
    """A grid editor for a 1-D or 2-D tensor literal. An edited cell announces the whole
    new literal as ``edited(values)``, or text that is not a number as
    ``refused(message)``; its ParamEditor commits or explains it."""

    edited = Signal(object)
    refused = Signal(str)

    def __init__(self):
        super().__init__()
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
                raise DocumentError(translate("InspectorFields", "'{text}' is not a number: a cell holds one number; "
                                    "type a whole list in the field under the grid.").format(text=text))
            if isinstance(number, bool) or not isinstance(number, (int, float, bool)):
                raise DocumentError(translate("InspectorFields", "'{text}' is not a number.").format(text=text))
        except DocumentError as exc:
            self.refused.emit(str(exc))
            return
        new = [list(r) if isinstance(r, list) else r for r in self.values]
        if new and isinstance(new[0], list):
            new[row][column] = number
        else:
            new[column] = number
        self.edited.emit(new)


GRID_CELLS = 1_000       # a bigger literal is edited as text only


def is_grid(values, shape=None):
    """Whether a literal is shown as a grid: 1-D or 2-D, rectangular, not empty and at
    most ``GRID_CELLS`` numbers (``shape``: its ``literal_shape``, when known)."""
    shape = literal_shape(values) if shape is None else shape
    return (shape is not None and len(shape) in (1, 2) and
            0 < shape[0] * (shape[1] if len(shape) == 2 else 1) <= GRID_CELLS)


# ----------------------------------------------------------------------------- name
def label_error(doc, node_id, label):
    """Why ``label`` cannot name ``node_id`` (None when it can; None itself removes the
    name). The spelling is checked by the document's own rule (``check_label``); a name
    another node already goes by is refused here, as the document accepts it and the
    exported code would then have to rename one of the two."""
    if label is None:
        return None
    try:
        name = check_label(label)     # as Python reads it: 'ﬁ' is 'fi'
    except DocumentError as exc:
        return str(exc)
    if any(other != node_id and doc.display_name(other) == name for other in doc.node_ids):
        same = "" if name == label else translate("InspectorFields", " ('{label}' is '{name}' to Python)").format(label=label, name=name)
        return translate("InspectorFields", "Another node is already called '{name}'{same}; choose a different name.").format(name=name, same=same)
    return None


class _NameEdit(QLineEdit):
    """A line edit that announces Escape as ``escaped`` (its field puts the name back)."""

    escaped = Signal()

    def keyPressEvent(self, event):
        if event.key() == Qt.Key.Key_Escape:
            self.escaped.emit()
            event.accept()
            return
        super().keyPressEvent(event)


class NameField(QWidget):
    """The inspected node's name (its label). Return or leaving the field renames the
    node as one undo step; an empty field removes the name. A refused name is explained
    under the field and changes nothing; Escape puts the current name back."""

    def __init__(self, session):
        super().__init__()
        self.session = session
        self.node_id = None
        self.edit = _NameEdit()
        self.edit.escaped.connect(self._on_escaped)
        self.edit.setToolTip(translate("InspectorFields", "The tensor's name, as in the exported PyTorch code: letters, "
                             "digits and _, not starting with a digit. Leave it empty for "
                             "no name."))
        self.edit.editingFinished.connect(self._on_editing_finished)
        self.error = error_label()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.edit)
        layout.addWidget(self.error)

    def show_node(self, node_id):
        """Shows ``node_id``'s name; the user's refused text stays while the same node
        is shown, so it can be corrected."""
        if node_id != self.node_id:
            self.show_error("")
        self.node_id = node_id
        doc = self.session.document
        data = doc.node(node_id)
        self.edit.setPlaceholderText(translate("InspectorFields", "no name (shown as {v})").format(v=doc.auto_name(node_id)))
        if not self.error.isVisibleTo(self) and self.edit.text() != (data.label or ""):
            self.edit.setText(data.label or "")

    def _on_escaped(self):
        if self.node_id is not None:
            self.revert()

    def revert(self):
        self.show_error("")
        self.show_node(self.node_id)

    def show_error(self, message):
        self.error.setText(message)
        self.error.setVisible(bool(message))

    def _on_editing_finished(self):
        doc = self.session.document
        if self.node_id is None or not doc.has_node(self.node_id):
            return
        label = self.edit.text().strip() or None
        if label == doc.node(self.node_id).label:
            self.revert()
            return
        problem = label_error(doc, self.node_id, label)
        if problem:
            self.show_error(problem)
            return
        self.show_error("")
        self.session.push(commands.SetLabel(doc, self.node_id, label))


# ----------------------------------------------------------------------------- seed
_WHOLE = re.compile(r"[+-]?\d{1,30}")


def seed_from_text(text):
    """The seed typed by the user: a whole number, or None when the text is empty or
    "none". Anything else raises the document's own ``DocumentError`` (``check_seed``)."""
    text = text.strip()
    if not text or text.lower() == "none":
        return None
    value = int(text) if _WHOLE.fullmatch(text) else text
    check_seed(value)
    return value


SEED_HELP = (QT_TRANSLATE_NOOP("InspectorFields", "GradStudio calls torch.manual_seed(seed) before every run, so rand and randn "
             "draw the same numbers each time; leave it empty to draw new numbers on every "
             "run."))


class SeedField(QGroupBox):
    """The graph's settings: its random seed (``Document.seed``). A valid change is one
    undo step and re-runs the graph."""

    def __init__(self, session):
        super().__init__(translate("InspectorFields", "Graph settings"))
        self.session = session
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(translate("InspectorFields", "none"))
        self.edit.setToolTip(translate("InspectorFields", SEED_HELP))
        self.edit.editingFinished.connect(self._on_editing_finished)
        self.error = error_label()
        self.help = PlainLabel(translate("InspectorFields", SEED_HELP))
        self.help.setWordWrap(True)
        self.help.setStyleSheet(MUTED_STYLE)
        field = QWidget()
        column = QVBoxLayout(field)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        column.addWidget(self.edit)
        column.addWidget(self.error)
        form = QFormLayout(self)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        form.addRow(translate("InspectorFields", "random seed"), field)
        form.addRow(self.help)

    def show_seed(self):
        """Shows the document's seed, unless the user's refused text is waiting."""
        if not self.error.isVisibleTo(self):
            seed = self.session.document.seed
            self.edit.setText("" if seed is None else str(seed))

    def show_error(self, message):
        self.error.setText(message)
        self.error.setVisible(bool(message))

    def _on_editing_finished(self):
        try:
            seed = seed_from_text(self.edit.text())
        except DocumentError as exc:
            self.show_error(str(exc))
            return
        self.show_error("")
        doc = self.session.document
        if seed != doc.seed:
            self.session.push(commands.SetSeed(doc, seed))
        self.show_seed()


def retain_grad_choice(state, marked):
    """``(usable, text, tip)`` of a retains_grad toggle (the inspector's, the node menu's)
    for a node's run state and whether the node is marked with retain_grad(): a mark can
    always be taken off; one is offered only where PyTorch keeps the tensor's .grad
    because of it."""
    ok = state is not None and state.error is None and state.value is not None
    if not ok:
        return marked, "—", (translate("InspectorFields", "This node is in error, so it has no tensor to keep a .grad "
                             "for.") + (translate("InspectorFields", " Untick to take retain_grad() off.") if marked else ""))
    text = str(bool(state.retains_grad))
    if not state.requires_grad:
        if marked:
            return True, translate("InspectorFields", "{text} (left out)").format(text=text), (
                translate("InspectorFields", "Marked with retain_grad(), but this tensor does not require grad: PyTorch "
                "refuses retain_grad() on it, so the call is left out of the run and the "
                "code. Untick to take the mark off."))
        return False, text, (translate("InspectorFields", "This tensor does not require grad, so it never gets a .grad: "
                             "PyTorch refuses retain_grad() on it."))
    if state.is_leaf:
        return marked, translate("InspectorFields", "{text} (leaf)").format(text=text) if marked else text, (
            translate("InspectorFields", "A leaf keeps its .grad after backward anyway; retain_grad() does nothing on "
            "it.") + (translate("InspectorFields", " Untick to take the mark off.") if marked else ""))
    if marked:
        return True, text, (translate("InspectorFields", "Marked with retain_grad(): this tensor keeps its .grad after "
                            "backward. Untick to take the mark off."))
    return True, text, (translate("InspectorFields", "Tick to keep this computed tensor's .grad after backward (the code "
                        "calls retain_grad() on it); without it PyTorch computes the "
                        "gradient but does not keep it."))
