"""A labelled heatmap of a matrix on a diverging colour scale (the Jacobian and the
gradient check's differences). Its own module, imported when a heatmap is first built:
pyqtgraph takes a fifth of a second to import."""
import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetrics
from gradstudio.ui.plain import plain_tooltip
from gradstudio.ui.i18n import translate

__all__ = ["Heatmap", "MAX_CELL_TEXTS"]

MAX_TICKS = 16               # row or column labels written out; past it, every k-th
_TITLE = {"size": "9pt", "color": "#333"}


def _ticks(labels):
    step = max(1, -(-len(labels) // MAX_TICKS))
    return [[(i, label) for i, label in enumerate(labels) if i % step == 0]]


class Heatmap(pg.PlotWidget):
    """A matrix on a diverging colour scale symmetric about 0, row 0 at the top, rows and
    columns labelled. ``matrix``, ``row_labels`` and ``column_labels`` are what it shows."""

    def __init__(self, parent=None):
        super().__init__(parent, background="w")
        self.image = pg.ImageItem(axisOrder="row-major")
        self.image.setColorMap(pg.colormap.get("CET-D1"))
        self.addItem(self.image)
        self.getViewBox().invertY(True)
        self.getViewBox().setAspectLocked(False)
        self.setMenuEnabled(False)
        self.showAxis("top")
        self.hideAxis("bottom")
        for side in ("left", "top"):
            self.getAxis(side).setTextPen("#444")
        self.matrix, self.row_labels, self.column_labels = None, [], []
        self.cell_texts = []           # the numbers written in the cells of a small matrix
        self.colours = None            # the values the colours are drawn from

    def show_matrix(self, matrix, row_labels, column_labels, title, tolerance=None):
        """Shows ``matrix`` coloured to its largest entry, or with ``tolerance`` (a number
        or an array like it) in multiples of the tolerance: an entry within it is grey,
        only one beyond it has a colour (``colours`` is what is drawn)."""
        matrix = np.asarray(matrix, np.float64)
        self.matrix, self.row_labels, self.column_labels = matrix, row_labels, column_labels
        if tolerance is None:
            self.colours = matrix
            finite = np.abs(matrix[np.isfinite(matrix)])
            top = float(finite.max()) if finite.size and finite.max() > 0 else 1.0
            self.setTitle(translate("Heatmap", "{title} (colour scale ±{top:.3g})").format(title=title, top=top), **_TITLE)
        else:
            self.colours = _beyond(matrix, tolerance)
            finite = np.abs(self.colours[np.isfinite(self.colours)])
            worst = float(finite.max(initial=0.0))
            top = max(2.0, worst)
            self.setTitle(translate("Heatmap", "{title} (grey: within the tolerance").format(title=title) + (
                translate("Heatmap", "; up to {worst:.3g} × it past it)").format(worst=worst) if worst else ")"), **_TITLE)
        rows, cols = matrix.shape
        self.image.setImage(self.colours, levels=(-top, top), autoLevels=False)
        self.image.setRect(QRectF(-0.5, -0.5, cols, rows))
        left = self.getAxis("left")
        left.setTicks(_ticks(row_labels))
        metrics = QFontMetrics(left.style.get("tickFont") or left.font())
        widest = max((metrics.horizontalAdvance(text)
                      for _, text in _ticks(row_labels)[0]), default=0)
        left.setWidth(widest + 16)
        self.getAxis("top").setTicks(_ticks(column_labels))
        self.setToolTip(plain_tooltip(
            translate("Heatmap", "{rows} × {cols}: rows {v} … {v2}, "
            "columns {v3} … {v4}").format(rows=rows, cols=cols, v=row_labels[0], v2=row_labels[-1], v3=column_labels[0], v4=column_labels[-1]) if rows and cols else ""))
        self.setXRange(-0.5, cols - 0.5, padding=0)
        self.setYRange(-0.5, rows - 0.5, padding=0)
        for item in self.cell_texts:
            self.removeItem(item)
        self.cell_texts = []
        if rows * cols <= MAX_CELL_TEXTS:      # small enough to read every entry
            for (r, c), v in np.ndenumerate(matrix):
                item = pg.TextItem(_cell(v), color="#202124", anchor=(0.5, 0.5))
                item.setPos(c, r)
                self.addItem(item)
                self.cell_texts.append(item)


MAX_CELL_TEXTS = 64          # a matrix with at most this many entries shows them as text


def _beyond(matrix, tolerance):
    """``matrix`` in multiples of ``tolerance``, 0 (grey) where it is within it."""
    tolerance = np.broadcast_to(np.asarray(tolerance, np.float64), matrix.shape)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(tolerance > 0, matrix / tolerance, np.sign(matrix) * np.inf)
    ratio = np.where(np.isnan(matrix), np.nan, ratio)
    return np.where(np.abs(ratio) <= 1.0, 0.0, ratio)


def _cell(v):
    return f"{v:.4g}" if np.isfinite(v) else str(v)
