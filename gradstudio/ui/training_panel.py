"""The training panel: how a loop's iterations went. The loss per iteration (with the
other watched one-element nodes), the selected node's value and ``.grad`` per iteration
(every one-element parameter when nothing tracked is selected) and two heatmap strips,
value and ``.grad``, one row per element and one column per iteration. A line marks the
iteration the other views show; dragging it or clicking a plot shows another one
(``session.set_iteration``). Everything is read from the run's ``LoopHistory``; an update
sets new numbers on the plot items already made."""
import html
import re

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QVBoxLayout

from gradstudio.document.actions import epoch_split, loop_structure
from gradstudio.document.export import action_text
from gradstudio.document.live import lr_marks
from gradstudio.timeline import ACTIONS
from gradstudio.ui.lazy import pyqtgraph as pg
from gradstudio.ui.live import LiveBar, live_session
from gradstudio.ui.panel import SessionPanel
from gradstudio.ui.widgets import wheel_only_when_focused
from gradstudio.ui.plain import ElidedLabel, PlainLabel
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, Number, translate

__all__ = ["TrainingPanel", "EMPTY_TEXT", "NOT_RUN_TEXT", "MAX_CURVES"]

EMPTY_TEXT = QT_TRANSLATE_NOOP("TrainingPanel", "No training loop yet: Add ▸ Train… in the timeline inserts one.")
NOT_RUN_TEXT = QT_TRANSLATE_NOOP("TrainingPanel", "This loop did not run: its error is shown in the timeline.")
SCRUB_TIP = QT_TRANSLATE_NOOP("TrainingPanel", "Drag the line, or click a plot, to show that iteration in every view.")
MAX_CURVES = 8           # the most elements of one node drawn as curves
STRIPS_MIN_HEIGHT = 330   # below it, the heatmap strips leave the room to the curves
_COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
           "#17becf")
STACKED_BELOW = 480       # a narrower panel shows each row's two plots one above the other,
STACKED_FROM = 360        # when it is at least this tall (else they would be flat lines)
_AXIS_WIDTH = 56         # every plot's side axes: the plots of both rows line up
_TITLE = {"size": "9pt", "color": "#333"}


def _set_title(plot, title):
    """Gives ``plot`` the title ``title`` over its whole width, axes included, shown as
    it fits (``_fit_title``) now and whenever the plot is resized; the whole title is
    ``plot.full_title``."""
    if getattr(plot, "full_title", None) == title:
        return
    if not hasattr(plot, "full_title"):
        plot.layout.removeItem(plot.titleLabel)
        plot.layout.addItem(plot.titleLabel, 0, 0, 1, 3)
        plot.titleLabel.item.document().setDocumentMargin(1)
        plot.geometryChanged.connect(lambda: _fit_title(plot))
    plot.full_title = title
    _fit_title(plot)


def _title_lines(title, metrics, room):
    """``title`` in at most two lines of ``room`` pixels: whole, else broken after its
    first part ("w is not tracked (tick watched)" · "parameters per iteration"), else
    after the last word that fits (a name longer than the line: its last character that
    fits), the second line cut with "…" when the rest is longer still."""
    def fits(text):
        return metrics.horizontalAdvance(text) <= room
    if fits(title):
        return [title]
    first, dot, rest = title.partition(" · ")
    if dot and fits(first) and fits(rest):
        return [first, rest]
    spaces = [i for i, c in enumerate(title) if c == " " and fits(title[:i])]
    cut = spaces[-1] if spaces else next(
        (k for k in range(len(title) - 1, 0, -1) if fits(title[:k])), 1)
    return [title[:cut].rstrip(),
            metrics.elidedText(title[cut:].lstrip(), Qt.TextElideMode.ElideRight, room)]


def _fit_title(plot):
    """Shows ``plot.full_title`` in the plot's width (``_title_lines``); a title shown
    shorter has the whole one as its tooltip."""
    title = plot.full_title
    font = QFont()
    font.setPointSizeF(float(_TITLE["size"][:-2]))
    metrics = QFontMetricsF(font)
    lines = _title_lines(title, metrics, max(0.0, plot.width() - 8))
    shown = "<br>".join(html.escape(line, quote=False) for line in lines)
    if shown != plot.titleLabel.text:
        height = max(30, int(len(lines) * metrics.lineSpacing()) + 4)
        plot.setTitle(shown, **_TITLE)
        plot.titleLabel.setMaximumHeight(height)
        plot.layout.setRowFixedHeight(0, height)
    plot.titleLabel.setToolTip(title if " ".join(lines) != title else "")


def _element_names(name, shape, count):
    """``name`` for a one-element tensor, else ``name[0, 1]`` for its first ``count``."""
    if int(np.prod(shape)) == 1:
        return [name]
    return [f"{name}[{', '.join(map(str, np.unravel_index(i, shape)))}]"
            for i in range(count)]


def _rows(history, table, failed_row=False):
    """``table`` (values or grads of one node) as (iterations, elements): the completed
    iterations, and with ``failed_row`` the failed one (a gradient may be left there)."""
    n = min(history.count, history.iterations + (failed_row and history.failed is not None))
    return table[:n].reshape(n, table[0].size)


class _Curves:
    """The curves of one view, made as needed and reused: ``show`` sets new numbers on
    the same items and says whether the names or pens changed (the legend then changes)."""

    def __init__(self, view):
        self.view, self.items, self.key = view, [], ()

    def show(self, curves):
        """``curves``: ``[(name, y, colour index, dashed)]`` (x: 0, 1, ...); returns True
        when the names or pens differ from the last call's."""
        while len(self.items) < len(curves):
            self.items.append(pg.PlotDataItem())
            self.view.addItem(self.items[-1])
        key = [(name, color, dashed) for name, _, color, dashed in curves]
        changed, self.key = key != self.key, key
        for item, (name, y, color, dashed) in zip(self.items, curves):
            color = _COLORS[color % len(_COLORS)]
            if changed:
                item.opts["name"] = name
                item.setPen(pg.mkPen(color, width=1.5, style=Qt.PenStyle.DashLine
                                     if dashed else Qt.PenStyle.SolidLine))
                item.setVisible(True)
            elif np.array_equal(item.getOriginalDataset()[1], y, equal_nan=True):
                continue        # another iteration shown: the same numbers
            item.setData(np.arange(len(y)), y, symbol="o" if len(y) == 1 else None,
                         symbolSize=6, symbolPen=None, symbolBrush=color)
        for item in self.items[len(curves):]:
            item.setData([], [])
            item.setVisible(False)
        return changed

    def shown(self):
        return self.items[:len(self.key)]


class _Strip:
    """One heatmap strip: elements down, iterations across, on a diverging colour scale
    symmetric about 0 (a scale of its own: values and gradients differ in size)."""

    def __init__(self, plot, cmap):
        self.plot = plot
        self.image = pg.ImageItem(axisOrder="row-major")
        self.image.setColorMap(cmap)
        plot.addItem(self.image)
        plot.getViewBox().invertY(True)
        plot.setMouseEnabled(x=True, y=False)
        self.title, self.rows = None, None

    def show(self, title, a, shape):
        """``a``: (iterations, elements) of a node of tensor shape ``shape``."""
        finite = np.abs(a[np.isfinite(a)])
        m = float(finite.max()) if finite.size and finite.max() > 0 else 1.0
        title = f"{title} (±{m:.3g})" if finite.size else translate("TrainingPanel", "{title}: none").format(title=title)
        if title != self.title:
            _set_title(self.plot, title)
            self.title = title
        self.image.setVisible(a.size > 0)
        if a.size:
            self.image.setImage(a.T, levels=(-m, m), autoLevels=False)
            self.image.setRect(QRectF(-0.5, -0.5, a.shape[0], a.shape[1]))
        if a.shape[1] != self.rows:
            self.rows = rows = a.shape[1]
            names = _element_names("", shape, rows) if 1 < rows <= 8 else None
            self.plot.getAxis("left").setTicks(
                [[]] if rows == 1 else None if names is None else [list(enumerate(names))])
            self.plot.setYRange(-0.5, rows - 0.5, padding=0)


class _Marks:
    """Where the learning rate changes: a dashed line on the loss's and the parameters'
    curves, the new value written on the loss's."""

    def __init__(self, labelled, other):
        self.plots, self.marks, self.lines = (labelled, other), None, []

    def show(self, marks):
        """``marks``: ``[(iteration, text)]`` (``document.live.lr_marks``)."""
        if marks == self.marks:
            return
        self.marks = marks
        for plot, line in self.lines:
            plot.removeItem(line)
        self.lines = []
        pen = pg.mkPen("#e07000", width=1.5, style=Qt.PenStyle.DashLine)
        for at, text in marks:
            for plot in self.plots:
                line = pg.InfiniteLine(at, angle=90, movable=False, pen=pen,
                                       label=text if plot is self.plots[0] else None,
                                       labelOpts={"position": 0.88, "color": "#b05000",
                                                  "fill": (255, 255, 255, 200)})
                plot.addItem(line, ignoreBounds=True)
                self.lines.append((plot, line))

    def texts(self):
        return [(int(line.value()), line.label.format) for plot, line in self.lines
                if plot is self.plots[0]]


def _epoch_steps(doc, loop_id):
    """The iterations per epoch of the loop ``loop_id`` (1: not split into epochs)."""
    ends, _ = loop_structure(doc.timeline)
    start = next((i for i in ends if doc.timeline[i].id == loop_id), None)
    if start is None:
        return 1
    return epoch_split(doc.timeline[start + 1:ends[start]],
                       doc.timeline[start].params["count"])[0]


def _loop_title(doc, loop):
    """How the loop list names ``loop``: its statement, or for a loop split into epochs
    its epochs and steps (its statement counts every iteration of every epoch)."""
    every = _epoch_steps(doc, loop.id)
    if every == 1:
        return action_text(doc, loop).rstrip(":")
    return translate("TrainingPanel", "{epochs} epochs of {steps} steps").format(
        epochs=Number(loop.params["count"] // every), steps=Number(every))


class TrainingPanel(SessionPanel):
    """The chosen loop's history (``loop_id``): loss, the selected node and its heatmaps
    per iteration, the shown iteration marked on each. The plots are made the first time
    they are needed: a loop to show, or a method asking about them."""

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.loop_id = None
        self._strips_wanted = False
        self.stacked = False                  # (the plots one above the other: _arrange)
        self._loops = None            # [(loop id, label)] in the chooser
        self._span = None             # iterations on the x axes (reset when it changes)

        self.chooser = wheel_only_when_focused(QComboBox())
        self.chooser.currentIndexChanged.connect(self._on_loop_chosen)
        # (one line, cut with "…": "iteration 120 of 120 (epoch = 29, step = 119)"
        # widened the dock of a 1024×640 window past its width, seen under Xvfb)
        self.status = ElidedLabel(tip=translate("TrainingPanel", SCRUB_TIP))
        self.log_scale = QCheckBox(translate("TrainingPanel", "log scale"))
        self.log_scale.setToolTip(translate("TrainingPanel", "A logarithmic loss axis: losses span orders of magnitude."))
        self.log_scale.toggled.connect(self._on_log_scale_toggled)
        self.empty = PlainLabel(translate("TrainingPanel", EMPTY_TEXT))
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setStyleSheet("color: palette(placeholder-text);")
        # the plots (curves_view, strips_view and what they hold) are made by
        # _ensure_plots when first needed: they are most of the panel's start-up, and
        # the dock starts behind another tab and most documents have no loop
        self.curves_view = self.strips_view = None
        self.live_bar = LiveBar(live_session(session))

        top = QHBoxLayout()
        top.addWidget(self.chooser)
        top.addWidget(self.status, 1)
        top.addWidget(self.log_scale)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.live_bar)
        layout.addLayout(top)
        layout.addWidget(self.empty, 1)

        self.follow(session.run_finished, self.refresh)
        self.follow(session.selection_changed, self.refresh)
        session.document_replaced.connect(self._on_document_replaced)
        self.first_refresh()

    def _ensure_plots(self):
        """Makes the plots, once: the curves view and the strips view under the empty
        label, in the state the panel is in (log scale, what is shown)."""
        if self.curves_view is not None:
            return
        self.curves_view = self._plots()
        self.loss_plot = self._plot(self.curves_view, 0, translate("TrainingPanel", "Loss per iteration"))
        self.node_plot = self._plot(self.curves_view, 1, "")
        self.loss_legend, self.node_legend = (
            p.addLegend(offset=(-8, 8), brush=(255, 255, 255, 180), labelTextColor="#333")
            for p in (self.loss_plot, self.node_plot))
        # the gradients get a view and an axis of their own (right): they differ in size
        self.grad_view = pg.ViewBox()
        self.node_plot.scene().addItem(self.grad_view)
        self.node_plot.getAxis("right").linkToView(self.grad_view)
        self.node_plot.setLabel("right", translate("TrainingPanel", ".grad (dashed)"))
        self.grad_view.setXLink(self.node_plot)
        self.node_plot.getViewBox().sigResized.connect(self._on_node_plot_resized)
        self.loss_curves = _Curves(self.loss_plot)
        self.value_curves = _Curves(self.node_plot)
        self.grad_curves = _Curves(self.grad_view)
        self.marks = _Marks(self.loss_plot, self.node_plot)

        self.strips_view = self._plots()
        self.strips_view.setMinimumHeight(90)       # a third of the height, at most 170
        self.strips_view.setMaximumHeight(170)
        cmap = pg.colormap.get("CET-D1")          # diverging blue-white-red
        self.value_strip = _Strip(self._plot(self.strips_view, 0, ""), cmap)
        self.grad_strip = _Strip(self._plot(self.strips_view, 1, ""), cmap)
        self.all_plots = (self.loss_plot, self.node_plot, self.value_strip.plot,
                          self.grad_strip.plot)
        self.markers = [self._marker(p) for p in self.all_plots]

        self.layout().addWidget(self.curves_view, 2)
        self.layout().addWidget(self.strips_view, 1)
        if self.log_scale.isChecked():        # ticked before there was a plot to change
            self.loss_plot.setLogMode(y=True)
        # shown or hidden at once, as _show_empty and _fit_strips would have left them
        # (the layout would show them only later, whatever the panel shows)
        self.curves_view.setVisible(self.empty.isHidden())
        self._fit_strips()
        _arrange(self)

    # ------------------------------------------------------------------ API
    @property
    def history(self):
        """The chosen loop's ``LoopHistory``, or None (no loop, or it did not run)."""
        result = self.session.result
        return None if result is None else result.histories.get(self.loop_id)

    def curve_names(self):
        """The loss plot's legend, in order."""
        self._ensure_plots()
        return [label.text for _, label in self.loss_legend.items]

    def node_curve_names(self):
        """The names of the selected node's plot's curves (values, then gradients)."""
        self._ensure_plots()
        return [item.name() for item in self._node_items()]

    def curve_data(self, name):
        """``(x, y)`` of the curve called ``name`` in either plot (KeyError if none)."""
        self._ensure_plots()
        for item in self.loss_curves.shown() + self._node_items():
            if item.name() == name:
                x, y = item.getOriginalDataset()
                return (np.zeros(0), np.zeros(0)) if x is None else (x, y)
        raise KeyError(name)

    def node_title(self):
        """What the selected node's plot shows, as its title says it."""
        self._ensure_plots()
        return self.node_plot.full_title

    def node_title_shown(self):
        """The selected node's plot's title as it is shown, fitted to the plot's width,
        and its tooltip (the whole title, when what is shown is shorter)."""
        self._ensure_plots()
        label = self.node_plot.titleLabel
        return label.text, label.toolTip()

    def marker_iteration(self):
        """The iteration the line marks (None while no loop is shown)."""
        if self.history is None:
            return None
        self._ensure_plots()
        return int(round(self.markers[0].value()))

    def empty_text(self):
        """The empty state's text, "" while the plots are shown."""
        return self.empty.text() if self.empty.isVisibleTo(self) else ""

    def heatmap_shape(self):
        """``(elements, iterations)`` of the value strip; None while it shows none."""
        self._ensure_plots()
        image = self.value_strip.image
        if not self.strips_view.isVisibleTo(self) or not image.isVisible():
            return None
        return tuple(image.image.shape)

    def show_iteration(self, k):
        """Shows iteration ``k`` (rounded, kept to those that ran) in every view."""
        history = self.history
        if history is None:
            return
        self._ensure_plots()
        last = self._last(history)
        self.session.set_iteration(self.loop_id, max(0, min(int(round(k)), last)))
        self._place_markers(self.session.iteration(self.loop_id), last)

    def refresh(self):
        doc = self.session.document
        loops = [(a.id, _loop_title(doc, a))
                 for a in doc.timeline if ACTIONS[a.kind].loop == "opens"]
        self._show_loops([(i, translate("TrainingPanel", "loop {n}: {text}").format(n=n, text=text)) for n, (i, text) in enumerate(loops, 1)])
        history = self.history
        self._show_empty(None if history is not None else translate("TrainingPanel", NOT_RUN_TEXT) if loops else
                         translate("TrainingPanel", EMPTY_TEXT))
        if history is None:
            return
        k, last = self.session.iteration(self.loop_id), self._last(history)
        var = re.match(r"for (\w+) in", dict(loops)[self.loop_id])
        every = _epoch_steps(doc, self.loop_id)
        where = f" (epoch = {k // every}, step = {k})" if every > 1 else \
            f" ({var[1]} = {k})" if var else ""      # (a loop split into epochs: both)
        text = translate("TrainingPanel", "iteration {v} of {count}").format(v=Number(k + 1), count=Number(history.count)) + where
        if history.failed is not None:
            text += translate("TrainingPanel", " · stopped at an error in iteration {v}").format(v=history.failed + 1)
        self.status.setText(text)
        live = self.session.live
        span = history.count if live is not None else last + 1    # (live: it grows)
        if span != self._span:
            self._span = span
            for plot in self.all_plots:     # whole iterations only on a short axis
                plot.setXRange(-0.5, span - 0.5, padding=0.02)
                plot.getAxis("bottom").setTickSpacing(*((1, 1) if span < 11 else ()))
        title = translate("TrainingPanel", "Loss per iteration") + (
            "" if history.iterations else translate("TrainingPanel", ": no iteration completed"))
        _set_title(self.loss_plot, title)
        names = self.session.document.display_name
        metrics = self._metrics(history)
        changed = self.loss_curves.show([(names(n), history.scalar(n), i, False)
                                         for i, n in enumerate(metrics)])
        self._legend(self.loss_legend, changed, [self.loss_curves])
        # (a selected loss is on the loss plot already: not drawn a second time)
        node = next((n for n in self.session.selection if n in history.values
                     and n not in metrics), None)
        self._show_node(history, node, metrics)
        self._show_strips(history, node if node is not None else next(
            (n for n in history.nodes if history.values[n][0].size > 1), None))
        self._place_markers(k, self._last(history))
        self.marks.show(lr_marks(self.session.document, self.loop_id,
                                 () if live is None else live.changes))

    def mark_texts(self):
        """``[(iteration, text)]`` of the learning-rate changes marked on the curves."""
        return self.marks.texts() if self.curves_view is not None else []

    # ------------------------------------------------------------------ internals
    def _plots(self):
        view = pg.GraphicsLayoutWidget()
        view.setBackground("w")
        view.ci.layout.setContentsMargins(2, 2, 2, 2)
        view.scene().sigMouseClicked.connect(self._on_clicked)
        return view

    def _plot(self, view, col, title):
        plot = view.addPlot(row=0, col=col)
        _set_title(plot, title)
        plot.setMinimumWidth(120)
        plot.setPreferredWidth(120)            # two equal halves whatever the titles say
        plot.showAxis("right")
        for side in ("left", "right", "bottom"):
            axis = plot.getAxis(side)
            axis.enableAutoSIPrefix(False)
            axis.setTextPen("#444")
            if side != "bottom":
                axis.setWidth(_AXIS_WIDTH)
        plot.getAxis("right").setStyle(showValues=False)
        return plot

    def _marker(self, plot):
        line = pg.InfiniteLine(0, angle=90, movable=True, pen=pg.mkPen("#222", width=2),
                               hoverPen=pg.mkPen("#000", width=4))
        line.setZValue(10)
        line.setToolTip(translate("TrainingPanel", SCRUB_TIP))
        line.sigPositionChangeFinished.connect(self._on_marker_dropped)
        plot.addItem(line, ignoreBounds=True)
        return line

    def _node_items(self):
        return self.value_curves.shown() + self.grad_curves.shown()

    @staticmethod
    def _last(history):
        """The last iteration that can be shown: the failed one, else the last that ran."""
        return max(history.iterations - 1, 0) if history.failed is None else history.failed

    def _metrics(self, history):
        """The loss nodes, then the other watched one-element nodes the loop does not
        update (an accuracy, say): those with a value per iteration."""
        doc, updated = self.session.document, set()
        for a in doc.timeline:
            updated.update(ACTIONS[a.kind].changed(a.params))
        watched = [n for n in history.nodes if n not in history.losses and n not in updated
                   and doc.node(n).watched]
        return [n for n in history.losses + watched if history.scalar(n) is not None]

    def _show_node(self, history, node, metrics=()):
        """The tracked ``node``'s value (solid) and .grad (dashed, right axis) per
        iteration; every tracked one-element non-loss node when ``node`` is None
        (``metrics``: the nodes on the loss plot)."""
        doc = self.session.document
        name, values, grads = doc.display_name(node) if node else "", [], []
        if node is None:
            params = [n for n in history.nodes
                      if n not in history.losses and history.scalar(n) is not None]
            values = [(doc.display_name(n), history.scalar(n), i, False)
                      for i, n in enumerate(params)]
            title = translate("TrainingPanel", "Parameters per iteration") if params else translate("TrainingPanel", "Select a tracked node")
            picked = next((n for n in self.session.selection if doc.has_node(n)), None)
            if picked in metrics:
                title = translate("TrainingPanel", "{v} is on the loss plot · ").format(v=doc.display_name(picked)) + \
                    title[0].lower() + title[1:]
            elif picked is not None:   # the loop keeps the watched nodes' values
                title = translate("TrainingPanel", "{v} is not tracked (tick watched) · ").format(v=doc.display_name(picked)) + \
                    title[0].lower() + title[1:]
        else:
            size = history.values[node][0].size
            v, g = _rows(history, history.values[node]), _rows(history, history.grads[node],
                                                               failed_row=True)
            has_grad = bool(np.isfinite(g).any())
            labels = _element_names(name, history.values[node].shape[1:],
                                    min(size, MAX_CURVES))
            for i, label in enumerate(labels):
                values.append((label, v[:, i], i, False))
                if has_grad:
                    grads.append((label.replace(name, name + ".grad", 1), g[:, i],
                                  i if size > 1 else 1, True))
            title = translate("TrainingPanel", "{name} per iteration").format(name=name) + (
                translate("TrainingPanel", ": first {MAX_CURVES} of {size} elements").format(MAX_CURVES=MAX_CURVES, size=size) if size > MAX_CURVES else "") + (
                "" if has_grad else translate("TrainingPanel", " (no .grad kept)"))
        _set_title(self.node_plot, title)
        changed = self.value_curves.show(values)
        changed = self.grad_curves.show(grads) or changed
        if changed:
            self.node_plot.getAxis("right").setStyle(showValues=bool(grads))
            self.node_plot.getAxis("right").showLabel(bool(grads))
        self._legend(self.node_legend, changed, [self.value_curves, self.grad_curves], 4)

    @staticmethod
    def _legend(legend, changed, pools, most=MAX_CURVES):
        """Lists the pools' curves in ``legend`` when they changed (none past ``most``:
        a legend that long would hide the plot)."""
        if changed:
            legend.clear()
            items = [item for pool in pools for item in pool.shown()]
            for item in items if len(items) <= most else ():
                legend.addItem(item, item.name())
            legend.setVisible(bool(legend.items))

    def _show_strips(self, history, node):
        self._strips_wanted = node is not None
        self._fit_strips()
        if node is not None:
            name, shape = self.session.document.display_name(node), \
                history.values[node].shape[1:]
            self.value_strip.show(translate("TrainingPanel", "{name} per iteration").format(name=name),
                                  _rows(history, history.values[node]), shape)
            self.grad_strip.show(translate("TrainingPanel", "{name}.grad per iteration").format(name=name),
                                 _rows(history, history.grads[node], failed_row=True), shape)

    def _show_loops(self, loops):
        """The chooser's ``[(loop id, label)]``; the first loop when the chosen one went."""
        ids = [loop_id for loop_id, _ in loops]
        if self.loop_id not in ids:
            self.loop_id, self._span = (ids[0] if ids else None), None
        self.chooser.blockSignals(True)
        if loops != self._loops:
            self._loops = loops
            self.chooser.clear()
            for loop_id, label in loops:
                self.chooser.addItem(label, loop_id)
        self.chooser.setCurrentIndex(ids.index(self.loop_id) if ids else -1)
        self.chooser.blockSignals(False)
        self.chooser.setVisible(len(loops) > 1)

    def _show_empty(self, text):
        """The empty state's ``text`` instead of the plots, or the plots (None)."""
        if text is None:
            self._ensure_plots()              # the first loop to show
        self.empty.setText(text or "")
        self.empty.setVisible(text is not None)
        for w in (self.status, self.log_scale, self.curves_view):
            if w is not None:                 # no plots made yet: none to hide
                w.setVisible(text is None)
        self._fit_strips()

    def _place_markers(self, k, last):
        for line in self.markers:
            line.setBounds((0, last))
            line.setValue(k)

    def _fit_strips(self):
        """The strips, when there is one to show and room for them under the curves (a
        short dock keeps its height for the curves)."""
        if self.strips_view is None:          # not made yet (_ensure_plots)
            return
        self.strips_view.setVisible(self._strips_wanted and self.empty.isHidden() and
                                    self.height() >= STRIPS_MIN_HEIGHT)

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self._fit_strips()
        _arrange(self)

    # ------------------------------------------------------------------ slots
    def _on_node_plot_resized(self, *_):
        self.grad_view.setGeometry(self.node_plot.getViewBox().sceneBoundingRect())

    def _on_loop_chosen(self, index):
        loop_id = self.chooser.itemData(index)
        if loop_id is not None and loop_id != self.loop_id:
            self.loop_id, self._span = loop_id, None
            self.refresh()

    def _on_marker_dropped(self, line):
        self.show_iteration(line.value())

    def _on_clicked(self, event):
        """A left click in a plot shows the iteration under it."""
        if event.isAccepted() or event.button() != Qt.MouseButton.LeftButton:
            return
        for plot in self.all_plots:
            view = plot.getViewBox()
            if plot.scene() is self.sender() and \
                    view.sceneBoundingRect().contains(event.scenePos()):
                self.show_iteration(view.mapSceneToView(event.scenePos()).x())
                return

    def _on_log_scale_toggled(self, checked):
        if self.curves_view is not None:      # else _ensure_plots applies it
            self.loss_plot.setLogMode(y=checked)

    def _on_document_replaced(self):
        # the old document's loops mean nothing in the new one; run_finished shows it
        self.loop_id, self._span = None, None


def _arrange(panel):
    """The ``panel``'s two plots of each row side by side, or one above the other in a
    panel narrower than ``STACKED_BELOW`` and at least ``STACKED_FROM`` tall (side by
    side, each kept a sliver between its axes, its ticks written over each other)."""
    if panel.curves_view is None:
        return
    stacked = panel.width() < STACKED_BELOW and panel.height() >= STACKED_FROM
    if stacked == panel.stacked:
        return
    panel.stacked = stacked
    for view, plots in ((panel.curves_view, (panel.loss_plot, panel.node_plot)),
                        (panel.strips_view, (panel.value_strip.plot, panel.grad_strip.plot))):
        for plot in plots:
            view.ci.removeItem(plot)
        for i, plot in enumerate(plots):
            view.ci.addItem(plot, row=i if stacked else 0, col=0 if stacked else i)
