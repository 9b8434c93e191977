"""The probe panel's pages, built as Qt Designer's ``setupUi`` builds a form: each builder
makes the widgets of one tab and sets them as attributes of the ``ProbePanel`` it is given
(they are read there by name: ``panel.verdict_label``, ``panel.element_box`` ...), and
connects them to the panel's slots. ``sweep_view`` makes the sweep's plots, the first time
they are needed."""
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDoubleSpinBox, QGridLayout, QHBoxLayout, QPushButton,
                               QSpinBox, QVBoxLayout, QWidget)

import numpy as np

import gradstudio.engine as engine
from gradstudio.document import probe
from gradstudio.document.export import action_text
from gradstudio.engine.inspect import format_tensor
from gradstudio.ui.inspector_fields import error_label, mono_font
from gradstudio.ui.lazy import pyqtgraph as pg
from gradstudio.ui.plain import PlainLabel
from gradstudio.ui.widgets import wheel_only_when_focused
from gradstudio.ui.i18n import translate

__all__ = ["jacobian_page", "check_page", "sweep_page", "sweep_view", "draw_sweep",
           "vjp_texts", "check_texts", "jacobian_caption", "set_sweep_ranges", "JACOBIAN",
           "CHECK", "SWEEP", "HEATMAP_HEIGHT"]

JACOBIAN, CHECK, SWEEP = 0, 1, 2
HEATMAP_HEIGHT = 140        # a heatmap's least height (its place keeps it until it is built)
TITLE = {"size": "9pt", "color": "#333"}


def _mono(text=""):
    label = PlainLabel(text)
    label.setFont(mono_font())
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def jacobian_page(panel):
    """The Jacobian tab: its caption and message, the place of its heatmap, and the
backward step's v, vᵀJ and .grad (``vjp_box``)."""
    page = QWidget()
    panel.jacobian_caption = PlainLabel()
    panel.jacobian_caption.setWordWrap(True)
    panel.jacobian_message = error_label()
    panel.vjp_caption = PlainLabel()
    panel.vjp_caption.setWordWrap(True)
    panel.v_text, panel.vtj_text, panel.grad_text, panel.grad_before_text = (
        _mono() for _ in range(4))
    panel.v_name, panel.vtj_name, panel.grad_name, panel.grad_before_name = (
        PlainLabel() for _ in range(4))
    panel.equal_label = PlainLabel()
    panel.equal_label.setWordWrap(True)
    grid = QGridLayout()
    for row, (name, text) in enumerate(((panel.v_name, panel.v_text),
                                        (panel.vtj_name, panel.vtj_text),
                                        (panel.grad_before_name, panel.grad_before_text),
                                        (panel.grad_name, panel.grad_text))):
        grid.addWidget(name, row, 0, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(text, row, 1)
    grid.setColumnStretch(1, 1)
    panel.vjp_box = QWidget()
    box = QVBoxLayout(panel.vjp_box)
    box.setContentsMargins(0, 4, 0, 0)
    box.addWidget(panel.vjp_caption)
    box.addLayout(grid)
    box.addWidget(panel.equal_label)
    layout = QVBoxLayout(page)
    layout.addWidget(panel.jacobian_caption)
    layout.addWidget(panel.jacobian_message)
    layout.addWidget(panel.plot_slot(JACOBIAN, HEATMAP_HEIGHT), 1)
    layout.addWidget(panel.vjp_box)
    return page


def check_page(panel):
    """The gradient-check tab: Check, Check every leaf, the verdict, the largest error,
every leaf's verdict, its message and the place of the differences' heatmap."""
    page = QWidget()
    panel.check_button = QPushButton(translate("ProbePages", "Check"))
    panel.check_button.setToolTip(translate("ProbePages", "Compare autograd with central finite differences in "
                                 "float64 for the chosen input."))
    panel.check_button.clicked.connect(panel.check_input)
    panel.check_all_button = QPushButton(translate("ProbePages", "Check every leaf"))
    panel.check_all_button.setToolTip(translate("ProbePages", "Check every leaf (and retained tensor) the "
                                     "output depends on."))
    panel.check_all_button.clicked.connect(panel.check_every_leaf)
    buttons = QHBoxLayout()
    buttons.addWidget(panel.check_button)
    buttons.addWidget(panel.check_all_button)
    buttons.addStretch(1)
    panel.verdict_label = PlainLabel()
    font = panel.verdict_label.font()
    font.setBold(True)
    panel.verdict_label.setFont(font)
    panel.verdict_label.setWordWrap(True)
    panel.error_text = PlainLabel()
    panel.error_text.setWordWrap(True)
    panel.leaves_text = PlainLabel()
    panel.leaves_text.setWordWrap(True)
    panel.check_message = error_label()
    layout = QVBoxLayout(page)
    layout.addLayout(buttons)
    layout.addWidget(panel.verdict_label)
    layout.addWidget(panel.error_text)
    layout.addWidget(panel.leaves_text)
    layout.addWidget(panel.check_message)
    layout.addWidget(panel.plot_slot(CHECK, HEATMAP_HEIGHT), 1)
    return page


def sweep_page(panel):
    """The sweep tab: which element moves and which is plotted, the span, its message
and the place of its plots."""
    page = QWidget()
    panel.element_box = wheel_only_when_focused(QSpinBox())
    panel.element_box.setToolTip(translate("ProbePages", "Which element of the input moves (flat index)."))
    panel.output_element_box = wheel_only_when_focused(QSpinBox())
    panel.output_element_box.setToolTip(translate("ProbePages", "Which element of the output is plotted."))
    panel.span_box = wheel_only_when_focused(QDoubleSpinBox())
    panel.span_box.setRange(1e-3, 1e6)
    panel.span_box.setDecimals(3)
    panel.span_box.setValue(3.0)
    panel.span_box.setToolTip(translate("ProbePages", "The element goes from its value − span to its value + "
                             "span (101 points)."))
    panel.element_name, panel.output_element_name = PlainLabel(), PlainLabel()
    for box in (panel.element_box, panel.output_element_box, panel.span_box):
        box.setKeyboardTracking(False)
        box.valueChanged.connect(panel.on_sweep_changed)
    controls = QHBoxLayout()
    for text, box, name in (("move", panel.element_box, panel.element_name),
                            ("plot", panel.output_element_box, panel.output_element_name),
                            (translate("ProbePages", "± span"), panel.span_box, None)):
        controls.addWidget(PlainLabel(text))
        controls.addWidget(box)
        if name is not None:
            controls.addWidget(name)
    controls.addStretch(1)
    panel.sweep_message = error_label()
    layout = QVBoxLayout(page)
    layout.addLayout(controls)
    layout.addWidget(panel.sweep_message)
    layout.addWidget(panel.plot_slot(SWEEP), 1)
    return page


def sweep_view(panel):
    """The sweep's two plots (the output, its derivative), linked in x; returns
    their widget."""
    panel.sweep_view = pg.GraphicsLayoutWidget()
    panel.sweep_view.setBackground("w")
    panel.value_plot = panel.sweep_view.addPlot(row=0, col=0)
    panel.slope_plot = panel.sweep_view.addPlot(row=1, col=0)
    panel.slope_plot.setXLink(panel.value_plot)
    pen = pg.mkPen("#1f77b4", width=2)
    panel.value_curve = panel.value_plot.plot([], [], pen=pen)
    panel.tangent_curve = panel.value_plot.plot(
        [], [], pen=pg.mkPen("#d62728", width=1.5, style=Qt.PenStyle.DashLine))
    panel.slope_curve = panel.slope_plot.plot([], [], pen=pg.mkPen("#2ca02c", width=2))
    panel.value_point, panel.slope_point = (
        pg.ScatterPlotItem(size=9, pen=None, brush=pg.mkBrush("#222")) for _ in range(2))
    panel.value_plot.addItem(panel.value_point)
    panel.slope_plot.addItem(panel.slope_point)
    panel.markers = []
    for plot in (panel.value_plot, panel.slope_plot):
        line = pg.InfiniteLine(0, angle=90, pen=pg.mkPen("#888", width=1))
        plot.addItem(line, ignoreBounds=True)
        panel.markers.append(line)
        for side in ("left", "bottom"):
            plot.getAxis(side).setTextPen("#444")
            plot.getAxis(side).enableAutoSIPrefix(False)
    return panel.sweep_view


def draw_sweep(panel, s):
    """Draws the sweep ``s`` in the panel's plots (``sweep_view``): the output and its
    tangent at the current point, the derivative, the point and its marker."""
    panel.value_plot.setTitle(translate("ProbePages", "{output_label} as {input_label} varies "
                             "(dashed: the tangent at {x0:.4g})").format(output_label=s.output_label, input_label=s.input_label, x0=s.x0), **TITLE)
    panel.slope_plot.setTitle(translate("ProbePages", "∂{output_label}/∂{input_label} = {slope0:.4g} "
                             "here").format(output_label=s.output_label, input_label=s.input_label, slope0=s.slope0), **TITLE)
    panel.value_curve.setData(s.xs, s.ys)
    finite = s.ys[np.isfinite(s.ys)]
    low, high = (float(finite.min()), float(finite.max())) if finite.size else (0., 1.)
    if high - low <= 1e-9 * max(1.0, abs(high)):      # flat: a range around it
        low, high = low - max(1.0, abs(low)) / 2, high + max(1.0, abs(high)) / 2
    panel.tangent_curve.setData(s.xs, s.tangent())      # (the value range is kept)
    panel.slope_curve.setData(s.xs, s.slopes)
    panel.value_point.setData([s.x0], [s.y0])
    panel.slope_point.setData([s.x0], [s.slope0])
    for line in panel.markers:
        line.setValue(s.x0)
    panel.value_plot.enableAutoRange()
    panel.value_plot.setYRange(low, high, padding=0.1)
    panel.slope_plot.enableAutoRange()


def _tensor_text(array, dtype_name):
    if array is None:
        return "None"
    dtype = getattr(engine, dtype_name or "float32")
    return format_tensor(np.asarray(array).astype(dtype.name if dtype_name != "bfloat16"
                                                  else "float32"), dtype)


def vjp_texts(doc, output, input, index, action, vjp, row):
    """``(caption, rows, equal)`` the Jacobian tab shows for backward step ``index``
    (``action``) and its ``vjp``: the rows (name, text) of v, vᵀJ and the input's .grad
    before and after (None: the input keeps no .grad), and ``(text, ok)`` saying whether
    vᵀJ is what the step added (None with no rows)."""
    target, x = doc.display_name(output), doc.display_name(input)
    caption = translate("ProbePages", "Step {v}: {v2} computes vᵀJ").format(v=index + 1, v2=action_text(doc, action)) + (
        translate("ProbePages", ", v = ones (its target has one element).") if vjp.implied else ".")
    v = "v" if vjp.implied else doc.display_name(action.params["gradient"])
    v = "v" if v == "v" else f"v ({v})"
    if row is None:
        return (caption + translate("ProbePages", " {x} keeps no .grad (not a leaf that requires grad nor a "
                "retained tensor).").format(x=x), None, None)
    rows = [(v, _tensor_text(vjp.v, vjp.v_dtype)),
            ("vᵀJ", row.problem or _tensor_text(row.vtj, row.dtype)),
            (translate("ProbePages", "{x}.grad before").format(x=x), None if row.grad_before is None
             else _tensor_text(row.grad_before, row.dtype)),
            (translate("ProbePages", "{x}.grad after").format(x=x), _tensor_text(row.grad, row.dtype))]
    equal, added = row.equal, "" if row.grad_before is None else translate("ProbePages", " what this step added to")
    if equal is None:
        return caption, rows, (translate("ProbePages", "{x}.grad was not set by this step.").format(x=x), None)
    if equal:
        return caption, rows, (translate("ProbePages", "✓ vᵀJ equals{added} {x}.grad (∂{target}/∂{x} weighted by "
                               "v).").format(added=added, x=x, target=target), True)
    return caption, rows, (translate("ProbePages", "✗ vᵀJ differs from{added} {x}.grad by up to "
                           "{max_difference:.3g}.").format(added=added, x=x, max_difference=row.max_difference), False)


def check_texts(check):
    """``(verdict, largest error)`` of a gradient check, in words."""
    y, x = check.output_name, check.input_name
    if check.ok:
        verdict = translate("ProbePages", "✓ autograd agrees with finite differences for ∂{y}/∂{x} (float64).").format(y=y, x=x)
    else:
        verdict = translate("ProbePages", "✗ autograd disagrees with finite differences for ∂{y}/∂{x}.").format(y=y, x=x)
    if not check.difference.size:
        return verdict, ""
    r, c = check.worst
    where = f" at ∂{check.row_labels[r]}/∂{check.column_labels[c]}"
    return verdict, (
        translate("ProbePages", "Largest error {max_error:.3g}{where}: analytic "
        "{v:.6g}, numeric {v2:.6g} "
        "(central differences, eps = {EPS:g}; agreement within "
        "{ATOL:g} + {RTOL:g} × |numeric|).").format(max_error=check.max_error, where=where, v=check.analytic[r, c], v2=check.numeric[r, c], EPS=probe.EPS, ATOL=probe.ATOL, RTOL=probe.RTOL))


def set_sweep_ranges(panel, result, step):
    """The sweep's element boxes range over the input's and the output's elements."""
    n_in = n_out = 1
    if result is not None and panel.input is not None and panel.output is not None:
        a, b = result.state(panel.input, step), result.state(panel.output, step)
        n_in = 1 if a.value is None else max(1, a.value.size)
        n_out = 1 if b.value is None else max(1, b.value.size)
    for box, n in ((panel.element_box, n_in), (panel.output_element_box, n_out)):
        box.blockSignals(True)
        box.setRange(0, n - 1)
        box.setEnabled(n > 1)
        box.blockSignals(False)


def jacobian_caption(jac, doc, index, action):
    """What the Jacobian ``jac`` is, and the backward step ``index`` (``action``) it is
    taken before (None: at the step shown)."""
    rows, cols = jac.matrix.shape
    when = "" if index is None else translate("ProbePages", ", before step {v} " \
        "({v2})").format(v=index + 1, v2=action_text(doc, action))
    return (translate("ProbePages", "∂{output_name}/∂{input_name}: {rows} × {cols}, row m column k is "
            "∂{output_name}[m] / ∂{input_name}[k]{when}.").format(output_name=jac.output_name, input_name=jac.input_name, rows=rows, cols=cols, when=when))
