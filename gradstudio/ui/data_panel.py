"""The Data panel: the training points coloured by class and what the model makes of the
input plane, at the iteration the views show (it follows the Training panel's line).

For a model of two inputs the background is its probability of class 1 (blue for class 0,
orange for class 1, white at one half), its predicted class when there are more, or its
output; for one input, its fitted curve over the points. Points the model gets wrong are
crossed out in red; the line above says the iteration, the accuracy and the loss. All of
it is ``document.data_view``'s: the panel draws, it does not compute. ▶ plays the
boundary's history: it shows the loop's iterations in turn (``session.set_iteration``,
about ``FRAMES`` of them), each the exact run of that iteration."""
import numpy as np
from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtWidgets import QHBoxLayout, QToolButton, QVBoxLayout

from gradstudio.document.data_view import data_view
from gradstudio.timeline import ACTIONS
from gradstudio.ui.lazy import pyqtgraph as pg
from gradstudio.ui.panel import SessionPanel
from gradstudio.ui.plain import PlainLabel
from gradstudio.ui.document_words import document_word
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, translate

__all__ = ["DataPanel", "CLASS_COLOURS", "EMPTY_TEXT", "FRAMES", "FRAME_MS"]

FRAMES = 50          # the history plays in about this many steps, whatever the loop's count
FRAME_MS = 40        # the pause after each frame is shown

EMPTY_TEXT = (QT_TRANSLATE_NOOP("DataPanel", "No data to show: the Data panel shows a model trained on points, such as "
              "File ▸ Examples ▸ Playground."))
# points of each class (class 0 blue, class 1 orange, as TensorFlow Playground)
CLASS_COLOURS = ((31, 96, 196), (232, 119, 34), (44, 160, 44), (148, 103, 189),
                 (214, 39, 40), (140, 86, 75), (227, 119, 194), (23, 190, 207))
_BACKGROUND = ((120, 160, 225), (247, 247, 247), (240, 170, 110))   # p = 0, 1/2, 1
_MISTAKE = (200, 0, 0)


def _class_brushes(labels):
    return [pg.mkBrush(*CLASS_COLOURS[int(c) % len(CLASS_COLOURS)]) for c in labels]


class DataPanel(SessionPanel):
    """The points, the boundary (two inputs) or curve (one input) and the figures of the
    iteration shown. ``view`` is the ``DataView`` drawn last (None before a run)."""

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.view = None
        self.status = PlainLabel()
        self.status.setWordWrap(True)
        self.empty = PlainLabel(translate("DataPanel", EMPTY_TEXT))
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setStyleSheet("color: palette(placeholder-text);")
        self.plot = None                # made when there is something to show
        self.play = QToolButton()
        self.play.setText("▶")
        self.play.setCheckable(True)
        self.play.setEnabled(False)
        self.play.setToolTip(translate("DataPanel", "Play the boundary's history: the loop's iterations one after "
                             "another, from the first (click again to stop)."))
        self.play.toggled.connect(self._on_play_toggled)
        top = QHBoxLayout()
        top.addWidget(self.play, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.status, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.empty, 1)
        self.follow(session.run_finished, self.refresh)
        session.document_replaced.connect(self._on_document_replaced)
        self.first_refresh()

    # ------------------------------------------------------------------ API
    def image_values(self):
        """The background's values as drawn, indexed ``[i, j]`` at ``(xs[i], ys[j])``;
        None while none is shown."""
        if self.plot is None or not self.image.isVisible() or self.image.image is None:
            return None
        return np.asarray(self.image.image)

    def points(self):
        """``(x, y)`` of the points drawn (the second input, or the target, as y)."""
        if self.plot is None:
            return np.zeros(0), np.zeros(0)
        x, y = self.dots.getData()
        return np.asarray(x), np.asarray(y)

    def mistakes(self):
        """How many points are marked wrong."""
        return 0 if self.plot is None else len(self.crosses.getData()[0])

    def status_text(self):
        return self.status.text()

    def empty_text(self):
        """The empty state's text, "" while the plot is shown."""
        return self.empty.text() if self.empty.isVisibleTo(self) else ""

    # ------------------------------------------------------------------ drawing
    def refresh(self):
        result = self.session.result
        if result is None:
            return
        self.view = view = data_view(self.session.document, result)
        self.play.setEnabled(view.inputs is not None)
        if view.inputs is None:
            self.play.setChecked(False)
            self._show_empty(document_word(view.message) or translate("DataPanel", EMPTY_TEXT))
            return
        if self.play.isChecked():
            QTimer.singleShot(FRAME_MS, self._next_frame)
        self._ensure_plot()
        self._show_empty(None)
        self.status.setText(self._figures(view))
        two = view.inputs.shape[1] == 2
        self.plot.setAspectLocked(two)     # (the plane's true shapes: circles stay round)
        x = view.inputs[:, 0]
        y = view.inputs[:, 1] if two else view.targets
        labels = view.targets if view.classes else None
        brushes = _class_brushes(labels) if labels is not None else \
            pg.mkBrush(60, 60, 60, 200)
        self.dots.setData(x, y, brush=brushes)
        wrong = view.wrong if view.wrong is not None else np.zeros(len(x), bool)
        self.crosses.setData(x[wrong], y[wrong])
        self._show_background(view)
        if view.curve is not None:
            self.curve.setData(*view.curve)
        self.curve.setVisible(view.curve is not None)
        names = self.session.document.display_name
        self.plot.setLabel("bottom", names(view.nodes["inputs"]) + ("[:, 0]" if two else ""))
        self.plot.setLabel("left", names(view.nodes["inputs"]) + "[:, 1]" if two else
                           names(view.nodes["target"]))

    def _figures(self, view):
        doc = self.session.document
        parts = []
        loop = self._loop()
        k = None if loop is None else self.session.iteration(loop)
        if k is not None:
            history = self.session.result.histories[loop]
            parts.append(translate("DataPanel", "iteration {v} of {count}").format(v=k + 1, count=history.count))
        if view.accuracy is not None:
            n = int(view.wrong.sum())
            parts.append(translate("DataPanel", "accuracy {v:.1f} % ({n} of {v2} "
                         "wrong)").format(v=100 * view.accuracy, n=n, v2=len(view.wrong)))
        if view.loss is not None:
            parts.append(f"{doc.display_name(view.nodes['loss'])} {view.loss:.4f}")
        if view.message:
            parts.append(document_word(view.message))
        return " · ".join(parts)

    def _show_background(self, view):
        if view.image is None:
            self.image.setVisible(False)
            return
        xs, ys = view.xs, view.ys
        dx, dy = xs[1] - xs[0], ys[1] - ys[0]
        if view.image_kind == "probability":
            self.image.setColorMap(pg.ColorMap([0.0, 0.5, 1.0], _BACKGROUND))
            levels = (0.0, 1.0)
        elif view.image_kind == "class":
            count = max(view.class_count, 2)
            colours = [tuple(int(0.55 * c + 0.45 * 255) for c in CLASS_COLOURS[i % 8])
                       for i in range(count)]
            self.image.setColorMap(pg.ColorMap(np.linspace(0, 1, count), colours))
            levels = (0.0, count - 1.0)
        else:
            self.image.setColorMap(pg.colormap.get("CET-D1"))
            top = float(np.nanmax(np.abs(view.image))) or 1.0
            levels = (-top, top)
        self.image.setImage(view.image, levels=levels, autoLevels=False)
        self.image.setRect(QRectF(xs[0] - dx / 2, ys[0] - dy / 2, xs[-1] - xs[0] + dx,
                                  ys[-1] - ys[0] + dy))
        self.image.setVisible(True)

    def _ensure_plot(self):
        if self.plot is not None:
            return
        self.plot = pg.PlotWidget(background="w")
        self.plot.setMenuEnabled(False)
        self.plot.setAspectLocked(False)
        for side in ("left", "bottom"):
            self.plot.getAxis(side).setTextPen("#444")
        self.image = pg.ImageItem(axisOrder="col-major")
        self.image.setZValue(-10)
        self.plot.addItem(self.image)
        self.curve = pg.PlotDataItem(pen=pg.mkPen((20, 20, 20), width=2))
        self.dots = pg.ScatterPlotItem(size=7, pen=pg.mkPen("w", width=0.8))
        self.crosses = pg.ScatterPlotItem(size=11, symbol="x", pen=None,
                                          brush=pg.mkBrush(*_MISTAKE))
        for item in (self.curve, self.dots, self.crosses):
            self.plot.addItem(item)
        self.layout().addWidget(self.plot, 1)

    # ------------------------------------------------------------------ the history
    def _loop(self):
        """The id of the loop the view follows (the first), or None."""
        return next((a.id for a in self.session.document.timeline
                     if ACTIONS[a.kind].loop == "opens"), None)

    def _on_play_toggled(self, playing):
        self.play.setText("❚❚" if playing else "▶")
        loop = self._loop()
        if not playing or loop is None or self.session.iteration(loop) is None:
            return
        history = self.session.result.histories[loop]
        self._stride = max(1, history.iterations // FRAMES)
        if history.iterations <= 1:
            self.play.setChecked(False)                # (nothing to play)
        elif self.session.iteration(loop) >= history.iterations - 1:
            self.session.set_iteration(loop, 0)        # (its run draws the first frame)
        else:
            self._next_frame()

    def _next_frame(self):
        """Shows the next iteration of the history, or stops at the last."""
        loop = self._loop()
        k = None if loop is None else self.session.iteration(loop)
        if not self.play.isChecked() or k is None or self.session.run_pending:
            return
        last = self.session.result.histories[loop].iterations - 1
        if k >= last:
            self.play.setChecked(False)
            return
        self.session.set_iteration(loop, min(k + self._stride, last))

    def _show_empty(self, text):
        self.empty.setVisible(text is not None)
        if text is not None:
            self.empty.setText(text)
            self.status.setText("")
        if self.plot is not None:
            self.plot.setVisible(text is None)

    def _on_document_replaced(self):
        self.view = None
        self.play.setChecked(False)
        if self.plot is not None:
            self.plot.enableAutoRange()
