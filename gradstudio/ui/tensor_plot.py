"""The inspector's plot: a tensor's value and gradient side by side on one colour scale.
Its own module, imported when a tensor is first shown: pyqtgraph takes a fifth of a
second to import, and the window starts with nothing selected."""
import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF
from gradstudio.ui.i18n import translate

__all__ = ["TensorPlot"]

# bars reach 1 - 2 * 0.075 of the plot's height: a fixed margin, as pyqtgraph's default
# depends on the plot's height at the moment the range is set
_BAR_PADDING = 0.075
_PANE_MIN_WIDTH = 80.0
MAX_BARS = 2000       # a longer vector is drawn as a line (a bar each would take seconds)


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
        self.line = None            # a PlotDataItem, for a vector of over MAX_BARS numbers
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
        title = self.name if a is not None else translate("TensorPlot", "{name}: None").format(name=self.name)
        if title != self.title:
            self.plot.setTitle(title)
            self.title = title
        if a is None or a.size == 0:
            layout = None
        elif a.ndim == 2 and min(a.shape) > 1:
            layout = ("image", a.shape)
        else:
            layout = ("bars" if a.size <= MAX_BARS else "line", a.size)
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
        # nan at 0, inf at the top of the scale (the levels are the finite extremes)
        flat = np.clip(np.nan_to_num(a.reshape(-1)), -m, m)
        if layout[0] == "line":
            self.line.setData(np.arange(flat.size), flat)
            if shown is None or shown[1] != levels:
                self.plot.setYRange(-m, m, padding=_BAR_PADDING)
            return
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
        if kind == "line" and self.line is None:
            # pyqtgraph draws only what the view's pixels can show (peaks kept)
            self.line = pg.PlotDataItem(pen=pg.mkPen("#555"))
            self.line.setDownsampling(auto=True, method="peak")
            self.line.setClipToView(True)
            plot.addItem(self.line)
        if self.line is not None:
            self.line.setVisible(kind == "line")
        plot.showAxis("left", kind is not None)      # no axes without an array
        plot.showAxis("bottom", kind is not None)
        if kind == "image":
            rows, columns = layout[1]
            _index_ticks(plot, columns, rows)
            view.invertY(True)
            view.setAspectLocked(True)
            view.setRange(QRectF(-0.5, -0.5, columns, rows), padding=0.02)
        elif kind in ("bars", "line"):
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
    for vectors (a line beyond ``MAX_BARS`` numbers) and a single bar for scalars; the
    range is symmetric around zero. An update changes only what differs from what is
    shown (see ``_Pane``)."""

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
