"""The probe panel: derivatives of the program looked at directly. For a chosen output and
input (above the tabs, defaulting from the selection and the backward steps):

* **Jacobian**: the full ∂output/∂input as a labelled heatmap (``y[0]`` down, ``x[1]``
  across), computed by the engine one VJP per output element; for a backward step of the
  output, its vector ``v``, vᵀJ and the ``.grad`` the step left, printed as torch prints
  them, and whether vᵀJ equals what the step added to ``.grad``;
* **Gradient check**: autograd against central differences in float64, the verdict
  (✓/✗), the largest error and a heatmap of the differences; the verdicts so far are
  ``verdicts`` (node id -> bool), announced by ``verdicts_changed``;
* **Sweep**: one element of the input moved over its value ± a span, the output (one
  element of it) and its derivative plotted, with the current point and its tangent.

Only the tab in view is computed, after a run while the panel is shown, and when a
choice changes; ``document.probe`` does the work and its refusals appear as one
sentence in place of the plot. A page's plots are built the first time they draw a
result that can be seen (or are read), so a panel behind another dock's tab has none."""
import numpy as np
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (QComboBox, QDoubleSpinBox, QGridLayout, QHBoxLayout,
                               QPushButton, QSpinBox, QTabWidget, QVBoxLayout, QWidget)

import gradstudio.engine as engine
from gradstudio.document import probe
from gradstudio.document.export import action_text
from gradstudio.engine.inspect import format_tensor
from gradstudio.ui.inspector_fields import error_label, mono_font
from gradstudio.ui.lazy import pyqtgraph as pg
from gradstudio.ui.panel import SessionPanel
from gradstudio.ui.widgets import wheel_only_when_focused
from gradstudio.ui.plain import PlainLabel

__all__ = ["ProbePanel", "JACOBIAN", "CHECK", "SWEEP", "NO_OUTPUT_TEXT", "NO_OP_TEXT"]

JACOBIAN, CHECK, SWEEP = 0, 1, 2
NO_OUTPUT_TEXT = "Nothing to probe yet: the program has no floating-point result."
NO_OP_TEXT = ("Nothing to probe yet: {names} {verb} floating-point, but nothing is computed "
              "from {them}; add an operation on {them} to see its derivatives.")
HEATMAP_HEIGHT = 140        # a heatmap's least height (its place keeps it until it is built)
_TITLE = {"size": "9pt", "color": "#333"}
_OK, _BAD = "color: #2e7d32;", "color: #c62828;"


def _mono(text=""):
    label = PlainLabel(text)
    label.setFont(mono_font())
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def _tensor_text(array, dtype_name):
    if array is None:
        return "None"
    dtype = getattr(engine, dtype_name or "float32")
    return format_tensor(np.asarray(array).astype(dtype.name if dtype_name != "bfloat16"
                                                  else "float32"), dtype)


def _set_items(combo, items, current):
    """``items``: [(node id, name)]; keeps ``current`` chosen when it is listed."""
    combo.blockSignals(True)
    if [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())] != items:
        combo.clear()
        for nid, name in items:
            combo.addItem(name, nid)
    ids = [nid for nid, _ in items]
    combo.setCurrentIndex(ids.index(current) if current in ids else -1)
    combo.blockSignals(False)


class _Plot:
    """A plot attribute of ``ProbePanel`` (``jacobian_map``, …) until its page's plots are
    built: reading it builds them (``_plots``), which sets the attribute on the panel."""

    def __init__(self, tab):
        self.tab = tab

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, panel, owner=None):
        if panel is None:
            return self
        panel._plots(self.tab)
        return vars(panel)[self.name]


class ProbePanel(SessionPanel):
    """Jacobian, gradient check and sweep of the session's document (see the module doc).
    ``output`` and ``input`` are the chosen node ids; ``jacobian``, ``vjp_row``,
    ``check`` and ``sweep`` the last results shown (None when refused or not computed);
    ``verdicts`` maps each checked input node to its verdict."""

    verdicts_changed = Signal(dict)       # node id -> bool (True: ✓), after every change

    # the pages' plots, built the first time they are needed (``_plots``)
    jacobian_map, difference_map = _Plot(JACOBIAN), _Plot(CHECK)
    (sweep_view, value_plot, slope_plot, value_curve, tangent_curve, slope_curve,
     value_point, slope_point, markers) = (_Plot(SWEEP) for _ in range(9))

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.output = self.input = None
        self.verdicts = {}
        self.jacobian = self.vjp_row = self.check = self.sweep = None
        self.backward_index = None        # the backward step the Jacobian tab shows
        self._stale = {JACOBIAN, CHECK, SWEEP}
        self._every_leaf = False          # the last check was of every leaf
        # tab -> the place of its plots; tabs whose plots exist, and yet to draw a result
        self._slots, self._built, self._undrawn = {}, set(), set()

        self.output_box = wheel_only_when_focused(QComboBox())
        self.input_box = wheel_only_when_focused(QComboBox())
        self.output_box.setToolTip("The result whose derivatives are shown (y).")
        self.input_box.setToolTip("The tensor it is differentiated with respect to (x).")
        self.output_box.currentIndexChanged.connect(self._on_output_chosen)
        self.input_box.currentIndexChanged.connect(self._on_input_chosen)
        choose = QHBoxLayout()
        for text, box in (("output", self.output_box), ("input", self.input_box)):
            choose.addWidget(PlainLabel(text))
            choose.addWidget(box, 1)
        self.empty = PlainLabel(NO_OUTPUT_TEXT)
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.hide()

        self.tabs = QTabWidget()
        self.tabs.addTab(self._jacobian_page(), "Jacobian")
        self.tabs.addTab(self._check_page(), "Gradient check")
        self.tabs.addTab(self._sweep_page(), "Sweep")
        self.tabs.currentChanged.connect(self._on_tab_changed)
        self._messages = {JACOBIAN: self.jacobian_message, CHECK: self.check_message,
                          SWEEP: self.sweep_message}

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(choose)
        layout.addWidget(self.empty)
        layout.addWidget(self.tabs, 1)

        session.run_finished.connect(self._on_run_finished)     # before refresh: verdicts
        session.document_replaced.connect(self._on_document_replaced)
        self.follow(session.run_finished, self.refresh, later=True)
        self.follow(session.step_changed, self.refresh, later=True)
        self.follow(session.selection_changed, self._on_selection_changed)
        self.first_refresh()

    # ------------------------------------------------------------------ pages
    def _jacobian_page(self):
        page = QWidget()
        self.jacobian_caption = PlainLabel()
        self.jacobian_caption.setWordWrap(True)
        self.jacobian_message = error_label()
        self.vjp_caption = PlainLabel()
        self.vjp_caption.setWordWrap(True)
        self.v_text, self.vtj_text, self.grad_text, self.grad_before_text = (
            _mono() for _ in range(4))
        self.v_name, self.vtj_name, self.grad_name, self.grad_before_name = (
            PlainLabel() for _ in range(4))
        self.equal_label = PlainLabel()
        self.equal_label.setWordWrap(True)
        grid = QGridLayout()
        for row, (name, text) in enumerate(((self.v_name, self.v_text),
                                            (self.vtj_name, self.vtj_text),
                                            (self.grad_before_name, self.grad_before_text),
                                            (self.grad_name, self.grad_text))):
            grid.addWidget(name, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(text, row, 1)
        grid.setColumnStretch(1, 1)
        self.vjp_box = QWidget()
        box = QVBoxLayout(self.vjp_box)
        box.setContentsMargins(0, 4, 0, 0)
        box.addWidget(self.vjp_caption)
        box.addLayout(grid)
        box.addWidget(self.equal_label)
        layout = QVBoxLayout(page)
        layout.addWidget(self.jacobian_caption)
        layout.addWidget(self.jacobian_message)
        layout.addWidget(self._plot_slot(JACOBIAN, HEATMAP_HEIGHT), 1)
        layout.addWidget(self.vjp_box)
        return page

    def _check_page(self):
        page = QWidget()
        self.check_button = QPushButton("Check")
        self.check_button.setToolTip("Compare autograd with central finite differences in "
                                     "float64 for the chosen input.")
        self.check_button.clicked.connect(self.check_input)
        self.check_all_button = QPushButton("Check every leaf")
        self.check_all_button.setToolTip("Check every leaf (and retained tensor) the "
                                         "output depends on.")
        self.check_all_button.clicked.connect(self.check_every_leaf)
        buttons = QHBoxLayout()
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.check_all_button)
        buttons.addStretch(1)
        self.verdict_label = PlainLabel()
        font = self.verdict_label.font()
        font.setBold(True)
        self.verdict_label.setFont(font)
        self.verdict_label.setWordWrap(True)
        self.error_text = PlainLabel()
        self.error_text.setWordWrap(True)
        self.leaves_text = PlainLabel()
        self.leaves_text.setWordWrap(True)
        self.check_message = error_label()
        layout = QVBoxLayout(page)
        layout.addLayout(buttons)
        layout.addWidget(self.verdict_label)
        layout.addWidget(self.error_text)
        layout.addWidget(self.leaves_text)
        layout.addWidget(self.check_message)
        layout.addWidget(self._plot_slot(CHECK, HEATMAP_HEIGHT), 1)
        return page

    def _sweep_page(self):
        page = QWidget()
        self.element_box = wheel_only_when_focused(QSpinBox())
        self.element_box.setToolTip("Which element of the input moves (flat index).")
        self.output_element_box = wheel_only_when_focused(QSpinBox())
        self.output_element_box.setToolTip("Which element of the output is plotted.")
        self.span_box = wheel_only_when_focused(QDoubleSpinBox())
        self.span_box.setRange(1e-3, 1e6)
        self.span_box.setDecimals(3)
        self.span_box.setValue(3.0)
        self.span_box.setToolTip("The element goes from its value − span to its value + "
                                 "span (101 points).")
        self.element_name, self.output_element_name = PlainLabel(), PlainLabel()
        for box in (self.element_box, self.output_element_box, self.span_box):
            box.setKeyboardTracking(False)
            box.valueChanged.connect(self._on_sweep_changed)
        controls = QHBoxLayout()
        for text, box, name in (("move", self.element_box, self.element_name),
                                ("plot", self.output_element_box, self.output_element_name),
                                ("± span", self.span_box, None)):
            controls.addWidget(PlainLabel(text))
            controls.addWidget(box)
            if name is not None:
                controls.addWidget(name)
        controls.addStretch(1)
        self.sweep_message = error_label()
        layout = QVBoxLayout(page)
        layout.addLayout(controls)
        layout.addWidget(self.sweep_message)
        layout.addWidget(self._plot_slot(SWEEP), 1)
        return page

    # ------------------------------------------------------------------ plots
    def _plot_slot(self, tab, height=0):
        """The place of the tab's plots in its page, empty until ``_plots`` builds them."""
        slot = self._slots[tab] = QWidget()
        QVBoxLayout(slot).setContentsMargins(0, 0, 0, 0)
        slot.setMinimumHeight(height)     # as they are, so the page is laid out the same
        slot.installEventFilter(self)     # (shown: see eventFilter)
        return slot

    def _place(self, tab, view):
        self._slots[tab].layout().addWidget(view)
        view.show()          # (a child added to a shown widget stays hidden until shown)
        self._built.add(tab)
        return view

    def _ensure_jacobian_map(self):
        if JACOBIAN not in self._built:
            from gradstudio.ui.heatmap import Heatmap       # (imports pyqtgraph)
            self.jacobian_map = self._place(JACOBIAN, Heatmap())
            self.jacobian_map.setMinimumHeight(HEATMAP_HEIGHT)

    def _ensure_difference_map(self):
        if CHECK not in self._built:
            from gradstudio.ui.heatmap import Heatmap
            self.difference_map = self._place(CHECK, Heatmap())
            self.difference_map.setMinimumHeight(HEATMAP_HEIGHT)

    def _ensure_sweep_view(self):
        if SWEEP in self._built:
            return
        self.sweep_view = pg.GraphicsLayoutWidget()
        self.sweep_view.setBackground("w")
        self.value_plot = self.sweep_view.addPlot(row=0, col=0)
        self.slope_plot = self.sweep_view.addPlot(row=1, col=0)
        self.slope_plot.setXLink(self.value_plot)
        pen = pg.mkPen("#1f77b4", width=2)
        self.value_curve = self.value_plot.plot([], [], pen=pen)
        self.tangent_curve = self.value_plot.plot(
            [], [], pen=pg.mkPen("#d62728", width=1.5, style=Qt.PenStyle.DashLine))
        self.slope_curve = self.slope_plot.plot([], [], pen=pg.mkPen("#2ca02c", width=2))
        self.value_point, self.slope_point = (
            pg.ScatterPlotItem(size=9, pen=None, brush=pg.mkBrush("#222")) for _ in range(2))
        self.value_plot.addItem(self.value_point)
        self.slope_plot.addItem(self.slope_point)
        self.markers = []
        for plot in (self.value_plot, self.slope_plot):
            line = pg.InfiniteLine(0, angle=90, pen=pg.mkPen("#888", width=1))
            plot.addItem(line, ignoreBounds=True)
            self.markers.append(line)
            for side in ("left", "bottom"):
                plot.getAxis(side).setTextPen("#444")
                plot.getAxis(side).enableAutoSIPrefix(False)
        self._place(SWEEP, self.sweep_view)

    def _plots(self, tab):
        """Builds the tab's plots if need be and draws in them the result waiting."""
        (self._ensure_jacobian_map, self._ensure_difference_map,
         self._ensure_sweep_view)[tab]()
        if tab in self._undrawn:
            self._undrawn.discard(tab)
            if (self.jacobian, self.check, self.sweep)[tab] is not None:
                (self._draw_jacobian, self._draw_check, self._draw_sweep)[tab]()

    def _show_plots(self, tab):
        """Draws the tab's result in its plots now when they are built or can be seen, else
        once they are shown (``eventFilter``, ``set_shown``) or read (``_Plot``)."""
        self._undrawn.add(tab)
        if tab in self._built or (self.shown and self._slots[tab].isVisible()):
            self._plots(tab)

    def eventFilter(self, watched, event):
        # a place of plots shown: drawn before it is seen, unless it is off screen (a
        # window's dock tabbed away is "visible" there until it says it is not shown)
        if event.type() == QEvent.Type.Show and self.shown and \
                not watched.visibleRegion().isEmpty():
            for tab in self._undrawn & {t for t, s in self._slots.items() if s is watched}:
                self._plots(tab)
        return super().eventFilter(watched, event)

    def set_shown(self, shown):
        super().set_shown(shown)
        if self.shown:                            # (its dock's tab chosen, say)
            for tab in [t for t in self._undrawn if self._slots[t].isVisible()]:
                self._plots(tab)

    # ------------------------------------------------------------------ API
    def refresh(self):
        """The choices for the current run and step, and the tab in view computed again."""
        self._stale = {JACOBIAN, CHECK, SWEEP}
        self._update_choices()
        self._compute(self.tabs.currentIndex())

    def set_probe(self, output, input=None):
        """Chooses the output (and input) node and shows the tab in view for them."""
        self.output = output
        if input is not None:
            self.input = input
        self._stale = {JACOBIAN, CHECK, SWEEP}
        self._update_choices()
        self._compute(self.tabs.currentIndex())

    def show_tab(self, tab):
        """Shows tab ``JACOBIAN``, ``CHECK`` or ``SWEEP`` (computing it if needed)."""
        self.tabs.setCurrentIndex(tab)
        self._compute(tab)

    def message(self, tab=None):
        """The refusal a tab shows in words ("" when it shows a result)."""
        label = self._messages[self.tabs.currentIndex() if tab is None else tab]
        return label.text() if not label.isHidden() else ""

    def check_input(self):
        """Checks the chosen input against the output; returns the check (or None)."""
        self._every_leaf = False
        self._run_checks([self.input] if self.input is not None else [])
        return self.check

    def check_every_leaf(self):
        """Checks every leaf (and retained tensor) the output depends on; returns
        ``verdicts``. The chosen input's check is the one shown."""
        self._every_leaf = True
        result, doc = self.session.result, self.session.document
        holders = [] if result is None else probe.gradient_holders(
            doc, result, self.output, self.session.step)
        if self.input in holders:          # the one shown goes last
            holders = [n for n in holders if n != self.input] + [self.input]
        self._run_checks(holders or ([self.input] if self.input is not None else []))
        return dict(self.verdicts)

    def sweep_settings(self):
        """``(element, output element, span)`` of the sweep."""
        return (self.element_box.value(), self.output_element_box.value(),
                self.span_box.value())

    def set_sweep(self, element=None, output_element=None, span=None):
        """Changes the sweep's settings (None keeps one) and sweeps again."""
        for box, value in ((self.element_box, element),
                           (self.output_element_box, output_element), (self.span_box, span)):
            if value is not None:
                box.blockSignals(True)
                box.setValue(value)
                box.blockSignals(False)
        self._stale.add(SWEEP)
        self._compute(SWEEP)

    # ------------------------------------------------------------------ choices
    def _step(self):
        return self.session.step

    def _outputs(self):
        """Floating-point nodes that depend on something floating: what can be probed."""
        return self._floating()[1]

    def _floating(self):
        """``(floating nodes, those that depend on something floating)`` in run order."""
        result, doc = self.session.result, self.session.document
        if result is None:
            return [], []
        floating, reached, found = {}, set(), []   # reached: fed by a floating node
        for nid in result.order:
            s = result.state(nid, self._step())
            if any(src in floating or src in reached for src in doc.inputs_of(nid).values()):
                reached.add(nid)
            if s.ok and s.value is not None and s.dtype and \
                    getattr(engine, s.dtype).is_floating_point:
                floating[nid] = None
                if nid in reached:
                    found.append(nid)
        return list(floating), found

    def _empty_text(self, floating):
        """Why there is nothing to probe: no floating-point tensor at all, or only ones
        that nothing is computed from (floating leaves alone)."""
        if not floating:
            return NO_OUTPUT_TEXT
        doc = self.session.document
        names = [doc.display_name(n) for n in floating[:3]]
        listed = names[0] if len(names) == 1 else \
            ", ".join(names[:-1]) + (" and " if len(floating) <= 3 else ", ") + names[-1]
        if len(floating) > 3:
            listed += " …"
        one = len(floating) == 1
        return NO_OP_TEXT.format(names=listed, verb="is" if one else "are",
                                 them="it" if one else "them")

    def _backward(self):
        """``(index, action)`` of the backward step the Jacobian tab shows: the one just
        shown in the timeline, else the first of the output, else None."""
        steps = probe.backward_actions(self.session.document)
        shown = self._shown_action()
        for i, a in steps:
            if i == shown and a.params.get("target") == self.output:
                return i, a
        return next(((i, a) for i, a in steps if a.params.get("target") == self.output),
                    (None, None))

    def _shown_action(self):
        """The timeline index of the action whose step is shown (None at step 0)."""
        result, step = self.session.result, self._step()
        if result is None:
            return None
        if step is None or step < 0:
            step = result.step_count + (step if step is not None else -1)
        return step - 1 if step >= 1 else None

    def _update_choices(self):
        doc = self.session.document
        floating, outputs = self._floating()
        self.empty.setText("" if outputs else self._empty_text(floating))
        self.empty.setVisible(not outputs)
        self.tabs.setVisible(bool(outputs))
        if self.output not in outputs:
            self.output = self._default_output(outputs)
        _set_items(self.output_box, [(n, doc.display_name(n)) for n in outputs], self.output)
        inputs = [] if self.output is None else probe.candidate_inputs(
            doc, self.session.result, self.output, self._step())
        if self.input not in inputs:
            self.input = self._default_input(inputs)
        _set_items(self.input_box, [(n, doc.display_name(n)) for n in inputs], self.input)
        self.output_box.setEnabled(bool(outputs))
        self.input_box.setEnabled(bool(inputs))

    def _default_output(self, outputs):
        doc = self.session.document
        shown = self._shown_action()
        backward = [(i, a.params.get("target")) for i, a in probe.backward_actions(doc)
                    if a.params.get("target") in outputs]
        for i, target in backward:
            if i == shown:
                return target
        picked = [n for n in self.session.selection if n in outputs]
        if picked:
            return picked[0]
        if backward:
            return backward[0][1]
        return outputs[-1] if outputs else None

    def _default_input(self, inputs):
        picked = [n for n in self.session.selection if n in inputs]
        return picked[0] if picked else (inputs[0] if inputs else None)

    # ------------------------------------------------------------------ computing
    def _compute(self, tab):
        if tab not in self._stale or self.tabs.isHidden():
            return
        self._stale.discard(tab)
        if tab == JACOBIAN:
            self._show_jacobian()
        elif tab == CHECK:
            self._run_checks(self._rechecked())
        else:
            self._show_sweep()

    def _pair(self):
        if self.output is None or self.input is None:
            raise probe.ProbeError("Choose an output and an input above.")
        return self.session.document, self.session.result

    def _show_jacobian(self):
        self.jacobian, self.vjp_row = None, None
        index, action = self._backward()
        self.backward_index = index
        try:
            doc, result = self._pair()
            step = self._step() if index is None else index
            self.jacobian = probe.jacobian(doc, result, self.output, self.input, step)
        except probe.ProbeError as exc:
            self._say(JACOBIAN, str(exc))
            self.jacobian_caption.setText("")
            self.vjp_box.hide()
            return
        jac = self.jacobian
        self._say(JACOBIAN, "")
        rows, cols = jac.matrix.shape
        when = "" if index is None else f", before step {index + 1} " \
            f"({action_text(doc, action)})"
        self.jacobian_caption.setText(
            f"∂{jac.output_name}/∂{jac.input_name}: {rows} × {cols}, row m column k is "
            f"∂{jac.output_name}[m] / ∂{jac.input_name}[k]{when}.")
        self._show_plots(JACOBIAN)
        self._show_vjp(index, action)

    def _draw_jacobian(self):
        jac = self.jacobian
        self.jacobian_map.show_matrix(jac.matrix, jac.row_labels, jac.column_labels,
                                      f"∂{jac.output_name}/∂{jac.input_name}")

    def _show_vjp(self, index, action):
        doc, result = self.session.document, self.session.result
        if index is None:
            self.vjp_box.hide()
            return
        self.vjp_box.show()
        target = doc.display_name(self.output)
        x = doc.display_name(self.input)
        try:
            vjp = probe.vjp(doc, result, index)
        except probe.ProbeError as exc:
            self._vjp_rows(f"Step {index + 1}: {exc}", None)
            return
        row = next((r for r in vjp.rows if r.node == self.input), None)
        self.vjp_row = row
        caption = f"Step {index + 1}: {action_text(doc, action)} computes vᵀJ" + (
            ", v = ones (its target has one element)." if vjp.implied else ".")
        v = "v" if vjp.implied else doc.display_name(action.params["gradient"])
        v = "v" if v == "v" else f"v ({v})"
        if row is None:
            self._vjp_rows(caption + f" {x} keeps no .grad (not a leaf that requires grad "
                           "nor a retained tensor).", None)
            return
        self._vjp_rows(caption, [
            (v, _tensor_text(vjp.v, vjp.v_dtype)),
            ("vᵀJ", row.problem or _tensor_text(row.vtj, row.dtype)),
            (f"{x}.grad before", None if row.grad_before is None
             else _tensor_text(row.grad_before, row.dtype)),
            (f"{x}.grad after", _tensor_text(row.grad, row.dtype))])
        equal, added = row.equal, "" if row.grad_before is None else \
            " what this step added to"
        if equal is None:
            self._set_equal(f"{x}.grad was not set by this step.", None)
        elif equal:
            self._set_equal(f"✓ vᵀJ equals{added} {x}.grad (∂{target}/∂{x} weighted by v).",
                            True)
        else:
            self._set_equal(f"✗ vᵀJ differs from{added} {x}.grad by up to "
                            f"{row.max_difference:.3g}.", False)

    def _vjp_rows(self, caption, rows):
        self.vjp_caption.setText(caption)
        pairs = ((self.v_name, self.v_text), (self.vtj_name, self.vtj_text),
                 (self.grad_before_name, self.grad_before_text),
                 (self.grad_name, self.grad_text))
        for (name, text), row in zip(pairs, rows or [(None, None)] * 4):
            name.setText(row[0] or "")
            text.setText(row[1] or "")
            name.setVisible(row[1] is not None)
            text.setVisible(row[1] is not None)
        if rows is None:
            self._set_equal("", None)

    def _set_equal(self, text, ok):
        self.equal_label.setText(text)
        self.equal_label.setStyleSheet("" if ok is None else _OK if ok else _BAD)

    def _rechecked(self):
        """What a check after a run covers: every leaf when the last one did, else the
        chosen input."""
        if self._every_leaf:
            result = self.session.result
            holders = [] if result is None else probe.gradient_holders(
                self.session.document, result, self.output, self._step())
            if self.input in holders:
                holders = [n for n in holders if n != self.input] + [self.input]
            if holders:
                return holders
        return [self.input] if self.input is not None else []

    def _run_checks(self, inputs):
        """Checks each of ``inputs`` against the output; the last one is shown."""
        self._stale.discard(CHECK)
        doc, result = self.session.document, self.session.result
        verdicts = dict(self.verdicts)
        self.check, problem = None, None
        for nid in inputs:
            try:
                self._pair()
                check = probe.gradient_check(doc, result, nid, self.output, self._step())
            except probe.ProbeError as exc:
                verdicts.pop(nid, None)
                self.check, problem = None, str(exc)
                continue
            verdicts[nid] = check.ok
            self.check, problem = check, None
        if not inputs:
            problem = "Choose an output and an input above."
        self._show_check(problem)
        if len(inputs) > 1:
            listed = [f"{doc.display_name(n)} {'✓' if verdicts[n] else '✗'}"
                      for n in inputs if n in verdicts]
            self.leaves_text.setText("Every leaf: " + " · ".join(listed))
        else:
            self.leaves_text.setText("")
        self._set_verdicts(verdicts)

    def _show_check(self, problem):
        check = self.check
        self._say(CHECK, problem or "")
        if check is None:
            self.verdict_label.setText("")
            self.error_text.setText("")
            return
        y, x = check.output_name, check.input_name
        if check.ok:
            self.verdict_label.setText(f"✓ autograd agrees with finite differences for "
                                       f"∂{y}/∂{x} (float64).")
        else:
            self.verdict_label.setText(f"✗ autograd disagrees with finite differences for "
                                       f"∂{y}/∂{x}.")
        self.verdict_label.setStyleSheet(_OK if check.ok else _BAD)
        r, c = check.worst
        where = f" at ∂{check.row_labels[r]}/∂{check.column_labels[c]}" \
            if check.difference.size else ""
        self.error_text.setText(
            f"Largest error {check.max_error:.3g}{where}: analytic "
            f"{check.analytic[r, c]:.6g}, numeric {check.numeric[r, c]:.6g} "
            f"(central differences, eps = {probe.EPS:g}; agreement within "
            f"{probe.ATOL:g} + {probe.RTOL:g} × |numeric|)." if check.difference.size else "")
        self._show_plots(CHECK)

    def _draw_check(self):
        check = self.check
        self.difference_map.show_matrix(check.difference, check.row_labels,
                                        check.column_labels, "analytic − numeric",
                                        tolerance=check.tolerance)

    def _set_verdicts(self, verdicts):
        if verdicts != self.verdicts:
            self.verdicts = verdicts
            self.verdicts_changed.emit(dict(verdicts))

    def _show_sweep(self):
        self.sweep = None
        result = self.session.result
        n_in = n_out = 1
        if result is not None and self.input is not None and self.output is not None:
            a, b = result.state(self.input, self._step()), result.state(
                self.output, self._step())
            n_in = 1 if a.value is None else max(1, a.value.size)
            n_out = 1 if b.value is None else max(1, b.value.size)
        for box, n in ((self.element_box, n_in), (self.output_element_box, n_out)):
            box.blockSignals(True)
            box.setRange(0, n - 1)
            box.setEnabled(n > 1)
            box.blockSignals(False)
        element, output_element, span = self.sweep_settings()
        try:
            doc, result = self._pair()
            self.sweep = probe.sweep(doc, result, self.input, element, self.output,
                                     output_element, span, step=self._step())
        except probe.ProbeError as exc:
            self._say(SWEEP, str(exc))
            self.element_name.setText("")
            self.output_element_name.setText("")
            return
        s = self.sweep
        self._say(SWEEP, "")
        self.element_name.setText(f"{s.input_label} = {s.x0:.4g}")
        self.output_element_name.setText(s.output_label)
        self._show_plots(SWEEP)

    def _draw_sweep(self):
        s = self.sweep
        self.value_plot.setTitle(f"{s.output_label} as {s.input_label} varies "
                                 f"(dashed: the tangent at {s.x0:.4g})", **_TITLE)
        self.slope_plot.setTitle(f"∂{s.output_label}/∂{s.input_label} = {s.slope0:.4g} "
                                 "here", **_TITLE)
        self.value_curve.setData(s.xs, s.ys)
        finite = s.ys[np.isfinite(s.ys)]
        low, high = (float(finite.min()), float(finite.max())) if finite.size else (0., 1.)
        if high - low <= 1e-9 * max(1.0, abs(high)):      # flat: a range around it
            low, high = low - max(1.0, abs(low)) / 2, high + max(1.0, abs(high)) / 2
        self.tangent_curve.setData(s.xs, s.tangent())      # (the value range is kept)
        self.slope_curve.setData(s.xs, s.slopes)
        self.value_point.setData([s.x0], [s.y0])
        self.slope_point.setData([s.x0], [s.slope0])
        for line in self.markers:
            line.setValue(s.x0)
        self.value_plot.enableAutoRange()
        self.value_plot.setYRange(low, high, padding=0.1)
        self.slope_plot.enableAutoRange()

    def _say(self, tab, text):
        """Shows ``text`` in the tab's message instead of its plots ("" shows the plots)."""
        label = self._messages[tab]
        label.setText(text)
        label.setVisible(bool(text))
        if text:
            self._undrawn.discard(tab)        # the plots stay hidden as they are
        self._slots[tab].setVisible(not text)

    # ------------------------------------------------------------------ slots
    def _on_output_chosen(self, index):
        nid = self.output_box.itemData(index)
        if nid is not None and nid != self.output:
            self.set_probe(nid)

    def _on_input_chosen(self, index):
        nid = self.input_box.itemData(index)
        if nid is not None and nid != self.input:
            self.set_probe(self.output, nid)

    def _on_tab_changed(self, tab):
        self._compute(tab)

    def _on_sweep_changed(self, *_):
        self._stale.add(SWEEP)
        self._compute(SWEEP)

    def _on_selection_changed(self):
        """A selected node becomes the input when the output depends on it, else the
        output when it can be one."""
        doc, result = self.session.document, self.session.result
        picked = [n for n in self.session.selection if n in doc.graph]
        if not picked or result is None:
            return
        nid = picked[0]
        if nid in (self.output, self.input):
            return
        if self.output is not None and nid in probe.candidate_inputs(
                doc, result, self.output, self._step()):
            self.set_probe(self.output, nid)
        elif nid in self._outputs():
            self.set_probe(nid)

    def _on_run_finished(self, _result):
        # the verdicts were about the previous program; the next check makes new ones
        self._set_verdicts({})
        if not self.shown:
            self._stale = {JACOBIAN, CHECK, SWEEP}

    def _on_document_replaced(self):
        self.output = self.input = None
        self._every_leaf = False
        self.jacobian = self.vjp_row = self.check = self.sweep = None
