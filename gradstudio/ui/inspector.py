"""The inspector: the selected node's tensor exactly as PyTorch prints it, its autograd
attributes, its ``.grad`` at the step being viewed, its name and parameters as editors
(each edit is one undo step), a retains_grad toggle that marks the tensor with retain_grad
nodes, and a plot of value and gradient on one shared colour scale. With nothing
selected it shows the graph's settings (the random seed)."""
import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import (QCheckBox, QFormLayout, QFrame, QGroupBox, QLabel,
                               QScrollArea, QVBoxLayout, QWidget)

from gradstudio.document.catalogue import CATALOGUE
from gradstudio.document import DocumentError
from gradstudio.ui import commands
from gradstudio.ui.inspector_fields import (NameField, ParamEditor, SeedField, error_label,
                                            mono_font, set_text, text_box)
from gradstudio.ui.inspector_literal import LiteralEditor
from gradstudio.ui.panel import SessionPanel

__all__ = ["Inspector"]

# bars reach 1 - 2 * 0.075 of the plot's height: a fixed margin, as pyqtgraph's default
# depends on the plot's height at the moment the range is set
_BAR_PADDING = 0.075
_PANE_MIN_WIDTH = 80.0
# what "watched" does: the exporter prints watched tensors (export._watched, _grad_watch)
WATCHED_TEXT = "print it in the exported script"
WATCHED_TIP = ("Adds print(tensor) after the forward pass to the exported PyTorch script, "
               "and print(tensor.grad) after each timeline step when PyTorch keeps its "
               ".grad. The canvas shows every tensor's value either way.")


class _Pane:
    """One plot of the pair (value or grad), updated in place: its image and bar items
    are made once and reused, and the title, axes, ticks and view range are touched
    only when what they show changes (a new shape, not new numbers)."""

    def __init__(self, plot, name, cmap):
        self.plot, self.name, self.cmap = plot, name, cmap
        self.image = pg.ImageItem()
        self.image.setVisible(False)
        plot.addItem(self.image)
        self.bars = None            # a BarGraphItem, made with the first vector shown
        self.title = None
        self.layout = ()            # None, ("image", shape) or ("bars", size) as laid out
        self.shown = None           # (array, levels) drawn, to skip an unchanged update
        for axis in ("left", "bottom", "right", "top"):
            # the axes have no label, so a unit prefix is never shown: without this each
            # range change rewrites the hidden label's HTML
            plot.getAxis(axis).enableAutoSIPrefix(False)
        plot.getViewBox().sigRangeChangedManually.connect(self._on_range_changed_manually)

    def _on_range_changed_manually(self, *_):
        self.layout = ()            # the next update puts the whole array back in view

    def show(self, a, levels):
        """Shows array ``a`` (2-D at most; None for no tensor) at the shared ``levels``."""
        title = self.name if a is not None else f"{self.name}: None"
        if title != self.title:
            self.plot.setTitle(title)
            self.title = title
        if a is None or a.size == 0:
            layout = None
        elif a.ndim == 2 and min(a.shape) > 1:
            layout = ("image", a.shape)
        else:
            layout = ("bars", a.size)
        shown, self.shown = self.shown, None
        if layout != self.layout:
            shown = None
            self._lay_out(layout)
        if layout is None:
            return
        same_numbers = shown is not None and np.array_equal(shown[0], a, equal_nan=True)
        self.shown = (shown[0] if same_numbers else a.copy(), levels)
        if layout[0] == "image":
            # the colour bar sets the image's levels; only new numbers are set here
            if not same_numbers:
                self.image.setImage(np.nan_to_num(a.T), levels=levels)
                if shown is None:       # a new shape: cell i is centred on i
                    self.image.setRect(QRectF(-0.5, -0.5, a.shape[1], a.shape[0]))
            return
        if same_numbers and shown[1] == levels:
            return
        m = levels[1]
        flat = np.nan_to_num(a.reshape(-1))
        brushes = self.cmap.map((flat + m) / (2 * m), mode="qcolor")
        self.bars.setOpts(x=np.arange(flat.size), height=flat, brushes=brushes)
        if shown is None or shown[1] != levels:
            self.plot.setYRange(-m, m, padding=_BAR_PADDING)

    def _lay_out(self, layout):
        """Items, axes, ticks and view range for a new kind or shape of array."""
        plot, view = self.plot, self.plot.getViewBox()
        self.layout = layout
        kind = layout[0] if layout else None
        self.image.setVisible(kind == "image")
        if kind == "bars" and self.bars is None:
            self.bars = pg.BarGraphItem(x=np.arange(layout[1]), height=np.zeros(layout[1]),
                                        width=0.7, pen=pg.mkPen("#555"))
            plot.addItem(self.bars)
        if self.bars is not None:
            self.bars.setVisible(kind == "bars")
        plot.showAxis("left", kind is not None)      # no axes without an array
        plot.showAxis("bottom", kind is not None)
        if kind == "image":
            rows, columns = layout[1]
            _index_ticks(plot, columns, rows)
            view.invertY(True)
            view.setAspectLocked(True)
            view.setRange(QRectF(-0.5, -0.5, columns, rows), padding=0.02)
        elif kind == "bars":
            view.invertY(False)
            view.setAspectLocked(False)
            _index_ticks(plot, layout[1], None)
            plot.setXRange(-0.6, layout[1] - 0.4, padding=0)


def _index_ticks(plot, columns, rows):
    """Whole-number ticks (PyTorch indices) on short axes, automatic ticks otherwise."""
    for axis, n in (("bottom", columns), ("left", rows)):
        ticks = [[(i, str(i)) for i in range(n)]] if n is not None and n <= 12 else None
        plot.getAxis(axis).setTicks(ticks)


class TensorPlot(pg.GraphicsLayoutWidget):
    """Value and gradient side by side on ONE colour scale: a heatmap for matrices, bars
    for vectors and a single bar for scalars; the range is symmetric around zero. An
    update changes only what differs from what is shown (see ``_Pane``)."""

    def __init__(self):
        super().__init__()
        self.setBackground("w")
        self.setFixedHeight(230)
        self.cmap = pg.colormap.get("CET-D1")   # diverging blue-white-red
        self.panes = [_Pane(self.addPlot(row=0, col=0), "value", self.cmap),
                      _Pane(self.addPlot(row=0, col=1), "grad", self.cmap)]
        self.plots = [p.plot for p in self.panes]
        for plot in self.plots:
            # two equal halves whatever their titles and tick labels say: a gradient
            # that comes or goes lays out its own half only, and the value stays put
            plot.setMinimumWidth(_PANE_MIN_WIDTH)
            plot.setPreferredWidth(_PANE_MIN_WIDTH)
        self.bar = pg.ColorBarItem(colorMap=self.cmap, interactive=False, width=12)
        self.bar.axis.enableAutoSIPrefix(False)
        self.addItem(self.bar, row=0, col=2)
        self.bar.setImageItem([p.image for p in self.panes])   # they follow its levels
        self.levels = None

    @staticmethod
    def _as_2d(a):
        a = np.asarray(a, dtype=np.float64)
        if a.ndim > 2:
            a = a.reshape(-1, a.shape[-1])
        return a

    def show_arrays(self, value, grad):
        arrays = [None if a is None else self._as_2d(a) for a in (value, grad)]
        finite = [np.abs(a[np.isfinite(a)]) for a in arrays if a is not None and a.size]
        m = max([float(f.max()) for f in finite if f.size] + [1e-12])
        levels = (-m, m)
        if levels != self.levels:
            self.levels = levels
            self.bar.setLevels(levels)
        for pane, a in zip(self.panes, arrays):
            pane.show(a, levels)


class Inspector(SessionPanel):
    """Everything about the selected node (``session.selection[0]``) at ``session.step``;
    the graph's settings when no node is selected."""

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.node_id = None
        self._editors = {}
        self._editor_key = None

        self.title = QLabel()
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self.name = NameField(session)
        self.error = error_label()
        self.tensor_text = text_box(4)
        self.grad_text = text_box(3)

        self.shape = QLabel()
        self.dtype = QLabel()
        self.requires_grad = QCheckBox()
        self.requires_grad.toggled.connect(self._on_requires_grad_toggled)
        self.is_leaf = QLabel()
        self.grad_fn = QLabel()
        self.grad_fn.setFont(mono_font())
        self.retains_grad = QCheckBox()
        self.retains_grad.toggled.connect(self._on_retains_grad_toggled)
        self.watched = QCheckBox(WATCHED_TEXT)
        self.watched.setToolTip(WATCHED_TIP)
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

        self.node_view = QWidget()          # shown while a node is selected
        node = QVBoxLayout(self.node_view)
        node.setContentsMargins(0, 0, 0, 0)
        naming = QFormLayout()
        naming.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        naming.addRow("name", self.name)
        node.addLayout(naming)
        node.addWidget(self.error)
        node.addWidget(QLabel("print(tensor)"))
        node.addWidget(self.tensor_text)
        node.addLayout(attrs)
        node.addWidget(QLabel(".grad"))
        node.addWidget(self.grad_text)
        node.addWidget(self.params_box)
        node.addWidget(self.plot)
        self.settings = SeedField(session)  # shown while nothing is selected

        self.body = QWidget()
        body = QVBoxLayout(self.body)
        body.addWidget(self.title)
        body.addWidget(self.node_view)
        body.addWidget(self.settings)
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
        try:
            self.session.push(commands.SetParam(doc, self.node_id, name, value))
        except DocumentError as exc:     # refused by the document: said under the field
            self._editors[name].show_error(str(exc))

    def start_rename(self):
        """Puts the keyboard in the inspected node's name field with its text selected
        (for a Rename command); returns False when no node is inspected."""
        if self.node_id is None:
            return False
        self.name.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.name.edit.selectAll()
        return True

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
            self._show_settings()
            return
        data = s.document.node(self.node_id)
        spec = CATALOGUE[data.kind]
        state = s.state(self.node_id)
        self.title.setText(f"{s.document.display_name(self.node_id)} "
                           f"<span style='font-weight:normal;color:#666'>· {data.kind}</span>")
        self.settings.hide()
        self.node_view.show()
        self.name.show_node(self.node_id)
        self._show_state(spec, data, state)
        self._show_params(spec, data)

    # ------------------------------------------------------------------ display
    def _show_settings(self):
        self.title.setText("Select a node to inspect it.")
        self.node_view.hide()
        self._clear_params()
        self.settings.show()
        self.settings.show_seed()

    def _show_state(self, spec, data, state):
        error = state.error if state is not None else None
        self.error.setText(error or "")
        self.error.setVisible(bool(error))
        ok = state is not None and state.value is not None
        set_text(self.tensor_text, state.text if ok else "")
        set_text(self.grad_text, state.grad_text if ok else "")
        self.shape.setText(f"torch.Size({list(state.shape)})" if ok else "—")
        self.dtype.setText(f"torch.{state.dtype}" if ok else "—")
        self.is_leaf.setText(str(state.is_leaf) if ok else "—")
        self.grad_fn.setText((f"<{state.grad_fn}>" if state.grad_fn else "None") if ok else "—")
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
        usable, text, tip = commands.retain_grad_choice(state, data.retains_grad)
        kept = self.retains_grad
        kept.blockSignals(True)
        kept.setChecked(data.retains_grad)
        kept.setText(text)
        kept.setEnabled(usable)
        kept.setToolTip(tip)
        kept.blockSignals(False)
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
                editor = (LiteralEditor if p.kind == "values" else ParamEditor)(spec, p)
                editor.committed.connect(self.set_param)
                self._editors[p.name] = editor
                label = QLabel(p.name)
                label.setToolTip(p.doc)
                self.params_form.addRow(label, editor)
        self.params_box.setVisible(bool(names))
        doc = self.session.document
        inputs = doc.inputs_of(self.node_id)
        # a port with a number fallback (x + 2): its param is unused while it is connected
        feeds = {port.fallback: doc.display_name(inputs[port.name])
                 for port in spec.inputs if port.fallback and port.name in inputs}
        for p in names:
            editor = self._editors[p.name]
            editor.set_connected(feeds.get(p.name))
            editor.set_value(data.params.get(p.name))

    # ------------------------------------------------------------------ slots
    def _on_requires_grad_toggled(self, checked):
        self.set_param("requires_grad", bool(checked))

    def _on_retains_grad_toggled(self, checked):
        if self.node_id is not None:
            self.session.push(commands.SetRetainsGrad(self.session.document, self.node_id,
                                                      bool(checked)))

    def _on_watched_toggled(self, checked):
        if self.node_id is not None:
            self.session.push(commands.SetWatched(self.session.document, self.node_id,
                                                  bool(checked)))

    def _on_document_replaced(self):
        # refused text belonged to the old document; run_finished shows the new one
        self._clear_params()
        self.name.show_error("")
        self.settings.show_error("")
