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
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QTabWidget, QVBoxLayout, QWidget

from gradstudio.document import probe
from gradstudio.ui.panel import SessionPanel
from gradstudio.ui.probe_pages import (CHECK, HEATMAP_HEIGHT, JACOBIAN, SWEEP, check_page,
                                       check_texts, draw_sweep, jacobian_caption, jacobian_page,
                                       set_sweep_ranges, sweep_page, sweep_view, vjp_texts)
from gradstudio.ui.probe_choices import (NO_OP_TEXT, NO_OUTPUT_TEXT, backward_shown,
                                         default_input, default_output, empty_text,
                                         floating)
from gradstudio.ui.widgets import wheel_only_when_focused
from gradstudio.ui.plain import PlainLabel
from gradstudio.ui.i18n import translate
from gradstudio.ui.tones import tone_style

__all__ = ["ProbePanel", "JACOBIAN", "CHECK", "SWEEP", "NO_OUTPUT_TEXT", "NO_OP_TEXT"]



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
        self.output_box.setToolTip(translate("ProbePanel", "The result whose derivatives are shown (y)."))
        self.input_box.setToolTip(translate("ProbePanel", "The tensor it is differentiated with respect to (x)."))
        self.output_box.currentIndexChanged.connect(self._on_output_chosen)
        self.input_box.currentIndexChanged.connect(self._on_input_chosen)
        choose = QHBoxLayout()
        for text, box in (("output", self.output_box), ("input", self.input_box)):
            choose.addWidget(PlainLabel(text))
            choose.addWidget(box, 1)
        self.empty = PlainLabel(translate("ProbeChoices", NO_OUTPUT_TEXT))
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.hide()

        self.tabs = QTabWidget()
        self.tabs.addTab(jacobian_page(self), translate("ProbePanel", "Jacobian"))
        self.tabs.addTab(check_page(self), translate("ProbePanel", "Gradient check"))
        self.tabs.addTab(sweep_page(self), translate("ProbePanel", "Sweep"))
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

    # ------------------------------------------------------------------ plots
    def plot_slot(self, tab, height=0):
        """The place of the tab's plots in its page (``probe_pages``), empty until
        ``_plots`` builds them."""
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

    def _ensure_heatmap(self, tab):
        if tab not in self._built:
            from gradstudio.ui.heatmap import Heatmap       # (imports pyqtgraph)
            view = self._place(tab, Heatmap())
            setattr(self, "jacobian_map" if tab == JACOBIAN else "difference_map", view)
            view.setMinimumHeight(HEATMAP_HEIGHT)

    def _ensure_sweep_view(self):
        if SWEEP not in self._built:
            self._place(SWEEP, sweep_view(self))

    def _plots(self, tab):
        """Builds the tab's plots if need be and draws in them the result waiting."""
        self._ensure_sweep_view() if tab == SWEEP else self._ensure_heatmap(tab)
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
        self.refresh()

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
        self._run_checks(self._holders() or ([self.input] if self.input is not None else []))
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
    def _update_choices(self):
        doc = self.session.document
        floating_nodes, outputs = floating(self.session)
        self.empty.setText("" if outputs else empty_text(doc, floating_nodes))
        self.empty.setVisible(not outputs)
        self.tabs.setVisible(bool(outputs))
        if self.output not in outputs:
            self.output = default_output(self.session, outputs)
        _set_items(self.output_box, [(n, doc.display_name(n)) for n in outputs], self.output)
        inputs = [] if self.output is None else probe.candidate_inputs(
            doc, self.session.result, self.output, self.session.step)
        if self.input not in inputs:
            self.input = default_input(self.session, inputs)
        _set_items(self.input_box, [(n, doc.display_name(n)) for n in inputs], self.input)
        self.output_box.setEnabled(bool(outputs))
        self.input_box.setEnabled(bool(inputs))

    # ------------------------------------------------------------------ computing
    def _compute(self, tab):
        if tab not in self._stale or self.tabs.isHidden():
            return
        self._stale.discard(tab)
        (self._show_jacobian, lambda: self._run_checks(self._rechecked()),
         self._show_sweep)[tab]()

    def _pair(self):
        if self.output is None or self.input is None:
            raise probe.ProbeError(translate("ProbePanel", "Choose an output and an input above."))
        return self.session.document, self.session.result

    def _show_jacobian(self):
        self.jacobian, self.vjp_row = None, None
        index, action = backward_shown(self.session, self.output)
        self.backward_index = index
        try:
            doc, result = self._pair()
            step = self.session.step if index is None else index
            self.jacobian = probe.jacobian(doc, result, self.output, self.input, step)
        except probe.ProbeError as exc:
            self._say(JACOBIAN, str(exc))
            self.jacobian_caption.setText("")
            self.vjp_box.hide()
            return
        self._say(JACOBIAN, "")
        self.jacobian_caption.setText(jacobian_caption(self.jacobian, doc, index, action))
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
        try:
            vjp = probe.vjp(doc, result, index)
        except probe.ProbeError as exc:
            self._vjp_rows(f"Step {index + 1}: {exc}", None)
            return
        self.vjp_row = next((r for r in vjp.rows if r.node == self.input), None)
        caption, rows, equal = vjp_texts(doc, self.output, self.input, index, action, vjp,
                                         self.vjp_row)
        self._vjp_rows(caption, rows)
        if equal is not None:
            self._set_equal(*equal)

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
        self.equal_label.setStyleSheet("" if ok is None else tone_style("ok" if ok else "error"))

    def _rechecked(self):
        """What a check after a run covers: every leaf when the last one did, else the
        chosen input."""
        holders = self._holders() if self._every_leaf else []
        return holders or ([self.input] if self.input is not None else [])

    def _holders(self):
        """Every leaf (and retained tensor) the output depends on, the chosen input last."""
        result = self.session.result
        holders = [] if result is None else probe.gradient_holders(
            self.session.document, result, self.output, self.session.step)
        if self.input in holders:          # the one shown goes last
            holders = [n for n in holders if n != self.input] + [self.input]
        return holders

    def _run_checks(self, inputs):
        """Checks each of ``inputs`` against the output; the last one is shown."""
        self._stale.discard(CHECK)
        doc, result = self.session.document, self.session.result
        verdicts = dict(self.verdicts)
        self.check, problem = None, None
        for nid in inputs:
            try:
                self._pair()
                check = probe.gradient_check(doc, result, nid, self.output, self.session.step)
            except probe.ProbeError as exc:
                verdicts.pop(nid, None)
                self.check, problem = None, str(exc)
                continue
            verdicts[nid] = check.ok
            self.check, problem = check, None
        if not inputs:
            problem = translate("ProbePanel", "Choose an output and an input above.")
        self._show_check(problem)
        self.leaves_text.setText(translate("ProbePanel", "Every leaf: ") + " · ".join(
            f"{doc.display_name(n)} {'✓' if verdicts[n] else '✗'}"
            for n in inputs if n in verdicts) if len(inputs) > 1 else "")
        self._set_verdicts(verdicts)

    def _show_check(self, problem):
        check = self.check
        self._say(CHECK, problem or "")
        if check is None:
            self.verdict_label.setText("")
            self.error_text.setText("")
            return
        verdict, error = check_texts(check)
        self.verdict_label.setText(verdict)
        self.verdict_label.setStyleSheet(tone_style("ok" if check.ok else "error"))
        self.error_text.setText(error)
        self._show_plots(CHECK)

    def _draw_check(self):
        check = self.check
        self.difference_map.show_matrix(check.difference, check.row_labels,
                                        check.column_labels, translate("ProbePanel", "analytic − numeric"),
                                        tolerance=check.tolerance)

    def _set_verdicts(self, verdicts):
        if verdicts != self.verdicts:
            self.verdicts = verdicts
            self.verdicts_changed.emit(dict(verdicts))

    def _show_sweep(self):
        self.sweep = None
        result = self.session.result
        set_sweep_ranges(self, result, self.session.step)
        element, output_element, span = self.sweep_settings()
        try:
            doc, result = self._pair()
            self.sweep = probe.sweep(doc, result, self.input, element, self.output,
                                     output_element, span, step=self.session.step)
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
        draw_sweep(self, self.sweep)

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

    def on_sweep_changed(self, *_):
        """A sweep setting changed: sweeps again."""
        self._stale.add(SWEEP)
        self._compute(SWEEP)

    def _on_selection_changed(self):
        """A selected node becomes the input when the output depends on it, else the
        output when it can be one."""
        doc, result = self.session.document, self.session.result
        picked = [n for n in self.session.selection if doc.has_node(n)]
        if not picked or result is None:
            return
        nid = picked[0]
        if nid in (self.output, self.input):
            return
        if self.output is not None and nid in probe.candidate_inputs(
                doc, result, self.output, self.session.step):
            self.set_probe(self.output, nid)
        elif nid in floating(self.session)[1]:
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
