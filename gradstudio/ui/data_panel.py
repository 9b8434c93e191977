"""The Data panel: the training points coloured by class and what the model makes of the
input plane, at the iteration the views show (it follows the Training panel's line).

For a model of two inputs the background is its probability of class 1 (blue for class 0,
orange for class 1, white at one half), its predicted class when there are more, or its
output; for one input, its fitted curve over the points. Points the model gets wrong are
crossed out in red; the line above says the iteration, the accuracy and the loss. When
the data node holds points out as a test set, they are drawn hollow (a ring in their
class's colour) and the line gives accuracy and loss on train and test apart. All of
it is ``document.data_view``'s: the panel draws, it does not compute. The live bar
(``live.LiveBar``) trains live: ▶ runs the loop iteration by iteration and the boundary
forms as it trains. ⟲ replays the boundary's history: it shows the loop's iterations in
turn (``session.set_iteration``, about ``FRAMES`` of them), each the exact run of that
iteration."""
import numpy as np
from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtWidgets import QHBoxLayout, QToolButton, QVBoxLayout

from gradstudio.document.data_view import data_view
from gradstudio.timeline import ACTIONS
from gradstudio.ui.lazy import pyqtgraph as pg
from gradstudio.ui.live import LiveBar, live_session
from gradstudio.ui.panel import SessionPanel
from gradstudio.ui.plain import PlainLabel
from gradstudio.ui.run_worker import ENGINE_LOCK
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, Number, number, translate

__all__ = ["DataPanel", "CLASS_COLOURS", "EMPTY_TEXT", "FRAMES", "FRAME_MS", "REPLAY", "STOP"]

REPLAY, STOP = "⟲", "■"   # the history's replay button
FRAMES = 50          # the history plays in about this many steps, whatever the loop's count
FRAME_MS = 40        # the pause after each frame is shown

EMPTY_TEXT = (QT_TRANSLATE_NOOP("DataPanel", "No data to show: the Data panel shows a model trained on points, such as "
              "File ▸ Examples ▸ Playground."))
# points of each class (class 0 blue, class 1 orange, as TensorFlow Playground)
CLASS_COLOURS = ((31, 96, 196), (232, 119, 34), (44, 160, 44), (148, 103, 189),
                 (214, 39, 40), (140, 86, 75), (227, 119, 194), (23, 190, 207))
_BACKGROUND = ((120, 160, 225), (247, 247, 247), (240, 170, 110))   # p = 0, 1/2, 1
_MISTAKE = (200, 0, 0)


_BRUSHES = {}         # class -> its brush, made once: the points share them


def _class_brushes(labels):
    if not _BRUSHES:
        _BRUSHES.update((i, pg.mkBrush(*c)) for i, c in enumerate(CLASS_COLOURS))
    return [_BRUSHES[int(c) % len(CLASS_COLOURS)] for c in labels]


def _colour_map(kind, count):
    """The background's colours: a probability, a predicted class, or an output."""
    if kind == "probability":
        return pg.ColorMap([0.0, 0.5, 1.0], _BACKGROUND)
    if kind == "class":
        colours = [tuple(int(0.55 * c + 0.45 * 255) for c in CLASS_COLOURS[i % 8])
                   for i in range(count)]
        return pg.ColorMap(np.linspace(0, 1, count), colours)
    return pg.colormap.get("CET-D1")


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
        self._dots = None               # (x, y, labels) of the points drawn
        self._colours = None            # (image kind, classes) of the background's map
        self._labels = None             # the axes' labels
        self.play = QToolButton()
        self.play.setText(REPLAY)
        self.play.setCheckable(True)
        self.play.setEnabled(False)
        self.play.setToolTip(translate("DataPanel", "Replay the boundary's history: the "
                                       "loop's iterations one after another, from the "
                                       "first (click again to stop)."))
        self.play.setAccessibleName(translate("DataPanel", "Replay the boundary's history"))
        self.live_bar = LiveBar(live_session(session))
        self.play.toggled.connect(self._on_play_toggled)
        top = QHBoxLayout()
        top.addWidget(self.play, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.status, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.live_bar)
        layout.addLayout(top)
        layout.addWidget(self.empty, 1)
        self.follow(session.run_finished, self.refresh)
        session.document_replaced.connect(self._on_document_replaced)
        session.show_data_view(self.shown)
        self.first_refresh()

    def set_shown(self, shown):
        self.session.show_data_view(shown)      # (runs make the view only while shown)
        super().set_shown(shown)

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

    def test_points(self):
        """``(x, y)`` of the held-out test points drawn hollow (empty without a split)."""
        if self.plot is None or not self.test_dots.isVisible():
            return np.zeros(0), np.zeros(0)
        x, y = self.test_dots.getData()
        return np.asarray(x), np.asarray(y)

    def mistakes(self):
        """How many points (training and test) are marked wrong."""
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
        view = result.prepared.get("data_view")
        if view is None:                  # (a run made while no Data panel was shown, or
            with ENGINE_LOCK:             # given to the session: made here, once; its
                view = data_view(self.session.document, result)    # no_grad must not
            result.prepared["data_view"] = view                    # overlap a run)
        self.view = view
        self.play.setEnabled(view.inputs is not None)
        if view.inputs is None:
            self.play.setChecked(False)
            self._show_empty(view.message or translate("DataPanel", EMPTY_TEXT))
            return
        if self.play.isChecked():
            QTimer.singleShot(FRAME_MS, self._next_frame)
        self._ensure_plot()
        self._show_empty(None)
        self.status.setText(self._figures(view))
        two = view.inputs.shape[1] == 2
        if self.plot.getViewBox().state["aspectLocked"] != (1.0 if two else False):
            self.plot.setAspectLocked(two)  # (the plane's true shapes: circles stay round)
        x = view.inputs[:, 0]
        y = view.inputs[:, 1] if two else view.targets
        labels = view.targets if view.classes else None
        drawn = (x, y, labels)
        if self._dots is None or not all(
                np.array_equal(a, b) for a, b in zip(drawn, self._dots) if a is not None) \
                or (labels is None) != (self._dots[2] is None):
            # (the points stay put while a loop trains: drawn again only when they move)
            self._dots = drawn
            brushes = _class_brushes(labels) if labels is not None else \
                pg.mkBrush(60, 60, 60, 200)
            self.dots.setData(x, y, brush=brushes)
        wrong = view.wrong if view.wrong is not None else np.zeros(len(x), bool)
        tx, ty, twrong = self._show_test(view, two)
        self.crosses.setData(np.concatenate([x[wrong], tx[twrong]]),
                             np.concatenate([y[wrong], ty[twrong]]))
        self._show_background(view)
        if view.curve is not None:
            self.curve.setData(*view.curve)
        self.curve.setVisible(view.curve is not None)
        names = self.session.document.display_name
        labels = (names(view.nodes["inputs"]) + ("[:, 0]" if two else ""),
                  names(view.nodes["inputs"]) + "[:, 1]" if two else
                  names(view.nodes["target"]))
        if labels != self._labels:        # (an axis set again draws itself again)
            self._labels = labels
            self.plot.setLabel("bottom", labels[0])
            self.plot.setLabel("left", labels[1])

    def _show_test(self, view, two):
        """Draws the test points hollow; returns their x, y and which are wrong."""
        test = view.test
        if test is None or test.inputs is None:
            self.test_dots.setVisible(False)
            return np.zeros(0), np.zeros(0), np.zeros(0, bool)
        x = test.inputs[:, 0]
        y = test.inputs[:, 1] if two else test.targets
        if view.classes:
            pens = [pg.mkPen(*CLASS_COLOURS[int(c) % len(CLASS_COLOURS)], width=2)
                    for c in test.targets]
        else:
            pens = pg.mkPen(60, 60, 60, 220, width=2)
        self.test_dots.setData(x, y, pen=pens)
        self.test_dots.setVisible(True)
        wrong = test.wrong if test.wrong is not None else np.zeros(len(x), bool)
        return x, y, wrong

    @staticmethod
    def _scores(view, test, loss_name):
        """``accuracy … · loss …`` of the training points (``test`` False) or the test."""
        part = view.test if test else view
        parts = []
        if part.accuracy is not None:
            parts.append(translate("DataPanel", "accuracy {v:.1f} % ({n} of {v2} "
                                   "wrong)").format(v=Number(100 * part.accuracy),
                                                    n=Number(int(part.wrong.sum())),
                                                    v2=Number(len(part.wrong))))
        if part.loss is not None:
            parts.append(f"{loss_name} {number(part.loss, 4)}")
        return parts

    def _figures(self, view):
        doc = self.session.document
        parts = []
        loop = self._loop()
        k = None if loop is None else self.session.iteration(loop)
        if k is not None:
            history = self.session.result.histories[loop]
            parts.append(translate("DataPanel", "iteration {v} of {count}").format(
                v=k + 1, count=history.count))
        loss_name = doc.display_name(view.nodes["loss"])
        train = self._scores(view, False, loss_name)
        test = view.test
        if test is None:
            parts += train
        else:
            parts.append(translate("DataPanel", "train: {scores}").format(
                scores=", ".join(train)))
            parts.append(test.message if test.message else translate(
                "DataPanel", "test (hollow): {scores}").format(
                    scores=", ".join(self._scores(view, True, loss_name))))
        if view.message:
            parts.append(view.message)
        return " · ".join(parts)

    def _show_background(self, view):
        if view.image is None:
            self.image.setVisible(False)
            return
        xs, ys = view.xs, view.ys
        dx, dy = xs[1] - xs[0], ys[1] - ys[0]
        count = max(view.class_count, 2)
        if (view.image_kind, count) != self._colours:      # (set again only when it changes)
            self._colours = (view.image_kind, count)
            self.image.setColorMap(_colour_map(view.image_kind, count))
        if view.image_kind == "probability":
            levels = (0.0, 1.0)
        elif view.image_kind == "class":
            levels = (0.0, count - 1.0)
        else:
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
        self.test_dots = pg.ScatterPlotItem(size=8, brush=pg.mkBrush(255, 255, 255, 200))
        self.crosses = pg.ScatterPlotItem(size=11, symbol="x", pen=None,
                                          brush=pg.mkBrush(*_MISTAKE))
        for item in (self.curve, self.dots, self.test_dots, self.crosses):
            self.plot.addItem(item)
        self.layout().addWidget(self.plot, 1)

    # ------------------------------------------------------------------ the history
    def _loop(self):
        """The id of the loop the view follows (the first), or None."""
        return next((a.id for a in self.session.document.timeline
                     if ACTIONS[a.kind].loop == "opens"), None)

    def _on_play_toggled(self, playing):
        self.play.setText(STOP if playing else REPLAY)
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
