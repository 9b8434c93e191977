"""The inspector: the selected node's tensor exactly as PyTorch prints it, its autograd
attributes, its ``.grad`` at the step being viewed, its parameters as editors (each edit
is one undo step) and a plot of value and gradient on one shared colour scale."""
import ast

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QFrame, QGroupBox,
                               QLabel, QLineEdit, QPlainTextEdit, QScrollArea,
                               QSpinBox, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from gradstudio.document import DocumentError
from gradstudio.document.catalogue import CATALOGUE, DTYPES
from gradstudio.document.params import check_param
from gradstudio.ui import commands
from gradstudio.ui.panel import SessionPanel

__all__ = ["Inspector"]

ERROR_STYLE = "color: #c62828;"
_DEFAULT_DTYPE = "(default)"


def mono_font():
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    font.setStyleHint(QFont.StyleHint.Monospace)
    return font


def _text_box(lines=4):
    box = QPlainTextEdit(readOnly=True)
    box.setFont(mono_font())
    box.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    box.setFrameShape(QFrame.Shape.StyledPanel)
    height = box.fontMetrics().lineSpacing() * lines + 12
    box.setFixedHeight(height)
    return box


def _set_text(box, text, most=10):
    """Shows text in a read-only box as tall as its lines (2 to ``most``)."""
    box.setPlainText(text)
    lines = min(max(text.count("\n") + 1, 2), most)
    box.setFixedHeight(box.fontMetrics().lineSpacing() * lines + 14)


def _error_label():
    label = QLabel()
    label.setStyleSheet(ERROR_STYLE)
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
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        raise DocumentError(f"'{text}' is not a number or a list of numbers.") from None


def format_param(kind, value):
    if value is None:
        return ""
    if kind in ("shape", "dims") and isinstance(value, (tuple, list)):
        return ", ".join(str(v) for v in value) + ("," if len(value) == 1 else "")
    return str(value) if kind != "values" else repr(value)


class _ParamEditor(QWidget):
    """One parameter: an editor widget plus a plain-words error line under it. Text that
    does not make a valid value stays as typed, with the error shown."""

    def __init__(self, inspector, spec, pspec):
        super().__init__()
        self.inspector, self.spec, self.pspec = inspector, spec, pspec
        self.error = _error_label()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        k = pspec.kind
        if k == "bool":
            self.widget = QCheckBox()
            self.widget.toggled.connect(lambda v: self.commit(bool(v)))
        elif k == "dtype":
            self.widget = QComboBox()
            if pspec.optional:
                self.widget.addItem(_DEFAULT_DTYPE)
            self.widget.addItems(DTYPES)
            self.widget.currentTextChanged.connect(
                lambda t: self.commit(None if t == _DEFAULT_DTYPE else t))
        elif k == "int" and not pspec.optional:
            self.widget = QSpinBox()
            self.widget.setRange(-2 ** 31 + 1, 2 ** 31 - 1)
            self.widget.setKeyboardTracking(False)
            self.widget.valueChanged.connect(lambda v: self.commit(int(v)))
        else:   # scalar, optional int, shape, dims, index, values (higher-D)
            self.widget = QLineEdit()
            self.widget.setPlaceholderText("None" if pspec.optional else "")
            self.widget.editingFinished.connect(self._on_editing_finished)
        self.widget.setToolTip(pspec.doc)
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
            elif not self.error.isVisible():      # keep the user's invalid text
                w.setText(format_param(self.pspec.kind, value))
        finally:
            w.blockSignals(False)

    def _on_editing_finished(self):
        try:
            value = parse_literal(self.widget.text())
            if self.pspec.kind == "shape" and isinstance(value, int):
                value = (value,)
            if self.pspec.kind == "index":
                value = self.widget.text().strip()
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
        self.inspector.set_param(self.pspec.name, value)

    def show_error(self, message):
        self.error.setText(message)
        self.error.setVisible(bool(message))


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
        self.values = values
        rows = values if values and isinstance(values[0], list) else [values]
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

    def _on_cell_changed(self, row, column):
        text = self.item(row, column).text().strip()
        try:
            number = parse_literal(text)
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


def _is_grid(values):
    if not isinstance(values, list) or not values:
        return False
    if all(not isinstance(v, list) for v in values):
        return True
    return all(isinstance(r, list) and r and all(not isinstance(v, list) for v in r)
               and len(r) == len(values[0]) for r in values)


class TensorPlot(pg.GraphicsLayoutWidget):
    """Value and gradient side by side on ONE colour scale: a heatmap for matrices, bars
    for vectors and a single bar for scalars; the range is symmetric around zero."""

    def __init__(self):
        super().__init__()
        self.setBackground("w")
        self.setFixedHeight(230)
        self.cmap = pg.colormap.get("CET-D1")   # diverging blue-white-red
        self.plots = [self.addPlot(row=0, col=0, title="value"),
                      self.addPlot(row=0, col=1, title="grad")]
        self.bar = pg.ColorBarItem(colorMap=self.cmap, interactive=False, width=12)
        self.addItem(self.bar, row=0, col=2)
        self.levels = (-1.0, 1.0)

    @staticmethod
    def _as_2d(a):
        a = np.asarray(a, dtype=np.float64)
        if a.ndim > 2:
            a = a.reshape(-1, a.shape[-1])
        return a

    @staticmethod
    def _index_ticks(plot, columns, rows):
        """Whole-number ticks (PyTorch indices) on short axes, automatic ticks otherwise."""
        for axis, n in (("bottom", columns), ("left", rows)):
            ticks = [[(i, str(i)) for i in range(n)]] if n is not None and n <= 12 else None
            plot.getAxis(axis).setTicks(ticks)

    def show_arrays(self, value, grad):
        arrays = [None if a is None else self._as_2d(a) for a in (value, grad)]
        finite = [np.abs(a[np.isfinite(a)]) for a in arrays if a is not None and a.size]
        m = max([float(f.max()) for f in finite if f.size] + [1e-12])
        self.levels = (-m, m)
        images = []
        for plot, a, title in zip(self.plots, arrays, ("value", "grad")):
            plot.clear()
            plot.setTitle(title if a is not None else f"{title}: None")
            plot.hideAxis("left") if a is None else plot.showAxis("left")
            if a is None or a.size == 0:
                continue
            if a.ndim == 2 and min(a.shape) > 1:
                img = pg.ImageItem(np.nan_to_num(a.T), levels=self.levels)
                img.setColorMap(self.cmap)
                img.setRect(QRectF(-0.5, -0.5, a.shape[1], a.shape[0]))   # cell i at i
                self._index_ticks(plot, a.shape[1], a.shape[0])
                plot.addItem(img)
                plot.invertY(True)
                plot.setAspectLocked(True)
                plot.getViewBox().autoRange(padding=0.02)
                images.append(img)
            else:
                flat = a.reshape(-1)
                brushes = [self.cmap.map((np.nan_to_num(v) + m) / (2 * m), mode="qcolor")
                           for v in flat]
                plot.invertY(False)
                plot.setAspectLocked(False)
                self._index_ticks(plot, flat.size, None)
                plot.addItem(pg.BarGraphItem(x=np.arange(flat.size), height=np.nan_to_num(flat),
                                             width=0.7, brushes=brushes, pen=pg.mkPen("#555")))
                plot.setXRange(-0.6, flat.size - 0.4, padding=0)
                plot.setYRange(-m, m)
        self.bar.setLevels(self.levels)
        if images:
            self.bar.setImageItem(images)


class Inspector(SessionPanel):
    """Everything about the selected node (``session.selection[0]``) at ``session.step``."""

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.node_id = None
        self._editors = {}
        self._editor_key = None

        self.title = QLabel("Select a node to inspect it.")
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self.error = _error_label()
        self.tensor_text = _text_box(4)
        self.grad_text = _text_box(3)

        self.shape = QLabel()
        self.dtype = QLabel()
        self.requires_grad = QCheckBox()
        self.requires_grad.toggled.connect(self._on_requires_grad_toggled)
        self.is_leaf = QLabel()
        self.grad_fn = QLabel()
        self.grad_fn.setFont(mono_font())
        self.retains_grad = QLabel()
        self.retains_grad.setToolTip("Add a retain_grad node after a non-leaf tensor to keep "
                                     "its .grad after backward.")
        self.watched = QCheckBox("show this tensor's value on the canvas")
        self.watched.toggled.connect(self._on_watched_toggled)

        attrs = QFormLayout()
        attrs.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        for name, w in (("shape", self.shape), ("dtype", self.dtype),
                        ("requires_grad", self.requires_grad), ("is_leaf", self.is_leaf),
                        ("grad_fn", self.grad_fn), ("retains_grad", self.retains_grad),
                        ("watched", self.watched)):
            attrs.addRow(name, w)

        self.params_box = QGroupBox("Parameters")
        self.params_form = QFormLayout(self.params_box)
        self.params_form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.plot = TensorPlot()

        self.body = QWidget()
        body = QVBoxLayout(self.body)
        body.addWidget(self.title)
        body.addWidget(self.error)
        body.addWidget(QLabel("print(tensor)"))
        body.addWidget(self.tensor_text)
        body.addLayout(attrs)
        body.addWidget(QLabel(".grad"))
        body.addWidget(self.grad_text)
        body.addWidget(self.params_box)
        body.addWidget(self.plot)
        body.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.body)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

        for signal in (session.selection_changed, session.run_finished, session.step_changed):
            self.follow(signal, self.refresh)
        session.document_replaced.connect(self._on_document_replaced)
        self.refresh()

    # ------------------------------------------------------------------ API
    def set_param(self, name, value):
        """Pushes one undo step setting a parameter of the inspected node (if it changes)."""
        doc = self.session.document
        if self.node_id is None or doc.node(self.node_id).params.get(name) == value:
            return
        self.session.push(commands.SetParam(doc, self.node_id, name, value))

    def editor(self, name):
        """The editor widget of a parameter (for tests and keyboard focus)."""
        return self._editors[name].widget

    def param_error(self, name):
        e = self._editors[name].error
        return e.text() if e.isVisibleTo(self) else ""

    def refresh(self):
        s = self.session
        sel = s.selection[0] if s.selection else None
        self.node_id = sel if sel in s.document.graph else None
        self.body.setEnabled(True)
        if self.node_id is None:
            self._show_nothing()
            return
        data = s.document.node(self.node_id)
        spec = CATALOGUE[data.kind]
        state = s.state(self.node_id)
        self.title.setText(f"{s.document.display_name(self.node_id)} "
                           f"<span style='font-weight:normal;color:#666'>· {data.kind}</span>")
        self._show_state(spec, data, state)
        self._show_params(spec, data)

    # ------------------------------------------------------------------ display
    def _show_nothing(self):
        self.title.setText("Select a node to inspect it.")
        self.error.hide()
        for w in (self.tensor_text, self.grad_text):
            w.setPlainText("")
        for w in (self.shape, self.dtype, self.is_leaf, self.grad_fn, self.retains_grad):
            w.setText("")
        for w in (self.requires_grad, self.watched):
            w.blockSignals(True)
            w.setChecked(False)
            w.setEnabled(False)
            w.blockSignals(False)
        self._clear_params()
        self.params_box.hide()
        self.plot.hide()

    def _show_state(self, spec, data, state):
        error = state.error if state is not None else None
        self.error.setText(error or "")
        self.error.setVisible(bool(error))
        ok = state is not None and state.value is not None
        _set_text(self.tensor_text, state.text if ok else "")
        _set_text(self.grad_text, state.grad_text if ok else "")
        self.shape.setText(f"torch.Size({list(state.shape)})" if ok else "—")
        self.dtype.setText(f"torch.{state.dtype}" if ok else "—")
        self.is_leaf.setText(str(state.is_leaf) if ok else "—")
        self.grad_fn.setText((f"<{state.grad_fn}>" if state.grad_fn else "None") if ok else "—")
        self.retains_grad.setText(str(state.retains_grad) if ok else "—")
        rg = self.requires_grad
        rg.blockSignals(True)
        rg.setChecked(bool(ok and state.requires_grad))
        if spec.is_source:
            rg.setEnabled(True)
            rg.setToolTip("requires_grad=True makes this leaf track operations for autograd.")
        else:
            rg.setEnabled(False)
            rg.setToolTip("Only source tensors (ones, tensor, rand …) set requires_grad; a "
                          "computed tensor requires grad when any of its inputs does. Use "
                          "detach or requires_grad_ nodes to change it.")
        rg.blockSignals(False)
        self.watched.blockSignals(True)
        self.watched.setEnabled(True)
        self.watched.setChecked(data.watched)
        self.watched.blockSignals(False)
        if ok:
            self.plot.show()
            self.plot.show_arrays(state.value, state.grad)
        else:
            self.plot.hide()

    def _clear_params(self):
        while self.params_form.rowCount():
            self.params_form.removeRow(0)
        self._editors = {}
        self._editor_key = None

    def _show_params(self, spec, data):
        names = [p for p in spec.params if not (spec.is_source and p.name == "requires_grad")]
        key = (self.node_id, data.kind)
        if key != self._editor_key:
            self._clear_params()
            self._editor_key = key
            for p in names:
                editor = _ParamEditor(self, spec, p)
                self._editors[p.name] = editor
                label = QLabel(p.name)
                label.setToolTip(p.doc)
                self.params_form.addRow(label, editor)
                if p.kind == "values":
                    editor.grid = ValuesGrid(editor)
                    editor.layout().insertWidget(0, editor.grid)
        self.params_box.setVisible(bool(names))
        for p in names:
            editor = self._editors[p.name]
            value = data.params.get(p.name)
            editor.set_value(value)
            if p.kind == "values":
                grid = _is_grid(value)
                editor.grid.setVisible(grid)
                editor.widget.setVisible(not grid)
                if grid:
                    editor.grid.set_values(value)

    # ------------------------------------------------------------------ slots
    def _on_requires_grad_toggled(self, checked):
        self.set_param("requires_grad", bool(checked))

    def _on_watched_toggled(self, checked):
        if self.node_id is not None:
            self.session.push(commands.SetWatched(self.session.document, self.node_id,
                                                  bool(checked)))

    def _on_document_replaced(self):
        self._clear_params()            # run_finished follows and shows the new document
