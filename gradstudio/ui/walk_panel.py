"""The step-through panel: a backward pass played node by node, as the engine ran it.

Choose a backward() or autograd.grad() action; play, pause, step forward and back, or
drag the slider or click a step in the list. Each step highlights the grad_fn that runs
(in the autograd graph, and on the canvas the node whose tensor it produced), and the
explanation says what it received, the rule it applies (the op table's formula), the
chain rule in the tensors' names and then in numbers, and for an ``AccumulateGrad`` the
leaf's ``.grad`` before and after. ``session.walk`` holds where the walk is; the
autograd view, the canvas and the timeline follow it.

``export_frames`` writes the walk as a numbered PNG sequence, one frame per step."""
import html
import os

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap, QTextDocument
from PySide6.QtWidgets import (QApplication, QComboBox, QHBoxLayout, QListWidget,
                               QPushButton, QSlider, QSplitter, QStyle,
                               QTextBrowser, QToolButton, QVBoxLayout)

from gradstudio.document.walk import preview, step_lines, walk_actions
from gradstudio.ui.panel import SessionPanel
from gradstudio.ui.widgets import wheel_only_when_focused
from gradstudio.ui.plain import PlainLabel
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, Number, translate

__all__ = ["WalkPanel", "export_frames", "SPEEDS"]

SPEEDS = ((QT_TRANSLATE_NOOP("WalkPanel", "0.5 step/s"), 2000), (QT_TRANSLATE_NOOP("WalkPanel", "1 step/s"), 1000), (QT_TRANSLATE_NOOP("WalkPanel", "2 steps/s"), 500), (QT_TRANSLATE_NOOP("WalkPanel", "4 steps/s"), 250))


class WalkPanel(SessionPanel):
    """Steps through the backward pass of one timeline action (``session.walk``)."""

    export_requested = Signal()      # the window asks where and grabs its views

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.index = None               # the action shown (timeline index)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self.action_box = QComboBox()
        self.action_box.setToolTip(translate("WalkPanel", "The backward pass to step through"))
        self.action_box.activated.connect(self._on_action_chosen)
        self.export_button = QPushButton(translate("WalkPanel", "Export Frames…"))
        self.export_button.setToolTip(translate("WalkPanel", "Save every step as a numbered PNG, for slides"))
        self.export_button.clicked.connect(self.export_requested)
        top = QHBoxLayout()
        top.addWidget(PlainLabel(translate("WalkPanel", "Step through:")))
        top.addWidget(self.action_box, 1)
        top.addWidget(self.export_button)
        controls = self._make_controls()
        self.slider = wheel_only_when_focused(QSlider(Qt.Orientation.Horizontal))
        self.slider.setPageStep(1)
        self.slider.setToolTip(translate("WalkPanel", "Engine steps of the pass: drag, or use the arrow keys"))
        self.slider.valueChanged.connect(self.go)
        self.steps = QListWidget()
        self._rows = None        # the texts the list shows
        self.steps.currentRowChanged.connect(self._on_row)
        self.explanation = QTextBrowser()
        self.explanation.setOpenLinks(False)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.steps)
        split.addWidget(self.explanation)
        split.setStretchFactor(0, 0)             # the explanation takes what is left
        split.setStretchFactor(1, 1)
        split.setSizes([150, 550])
        self.steps.setMinimumWidth(120)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addLayout(controls)
        layout.addWidget(self.slider)
        layout.addWidget(split, 1)
        self.follow(session.run_finished, self.refresh, later=True)
        self.follow(session.walk_changed, self._show_walk)
        self.follow(session.step_changed, self._on_step)
        self.refresh()

    def _make_controls(self):
        """First, back, play, next, last, the speed and where the walk is, in a row."""
        P = QStyle.StandardPixmap
        self.first_button = self._button(P.SP_MediaSkipBackward, translate("WalkPanel", "Before the first step"),
                                         lambda: self.go(0))
        self.back_button = self._button(P.SP_MediaSeekBackward, translate("WalkPanel", "Previous step (F9)"),
                                        lambda: self.go(self.k - 1))
        self.play_button = self._button(P.SP_MediaPlay, translate("WalkPanel", "Play the pass step by step"),
                                        self.toggle_play)
        self.next_button = self._button(P.SP_MediaSeekForward, translate("WalkPanel", "Next step (F10)"),
                                        lambda: self.go(self.k + 1))
        self.last_button = self._button(P.SP_MediaSkipForward, translate("WalkPanel", "After the last step"),
                                        lambda: self.go(self.count))
        self.speed_box = QComboBox()
        for text, ms in ((translate("WalkPanel", t), ms) for t, ms in SPEEDS):
            self.speed_box.addItem(text, ms)
        self.speed_box.setCurrentIndex(1)
        self.speed_box.currentIndexChanged.connect(self._on_speed)
        self.position = PlainLabel()
        controls = QHBoxLayout()
        for b in (self.first_button, self.back_button, self.play_button, self.next_button,
                  self.last_button):
            controls.addWidget(b)
        controls.addWidget(self.speed_box)
        controls.addStretch(1)
        controls.addWidget(self.position)
        return controls

    def _button(self, icon, tip, slot):
        b = QToolButton()
        b.setIcon(self.style().standardIcon(icon))
        b.setToolTip(tip)
        b.clicked.connect(slot)
        return b

    # ------------------------------------------------------------------ state
    @property
    def walk(self):
        return None if self.index is None else self.session.walk_record(self.index)

    @property
    def count(self):
        w = self.walk
        return len(w.steps) if w is not None else 0

    @property
    def k(self):
        walk = self.session.walk
        if walk is not None and walk[0] == self.index:
            return walk[1]
        return self.count

    def go(self, k):
        """Shows the pass after its first ``k`` engine steps."""
        if self.index is not None and self.count:
            self.session.set_walk(self.index, k)

    def choose(self, index):
        """Steps through the action at timeline ``index`` (from its first step)."""
        self.stop()
        self.index = index
        self._fill()
        self.go(0)

    def toggle_play(self):
        if self.timer.isActive():
            self.stop()
            return
        if not self.count:
            return
        if self.k >= self.count:
            self.go(0)
        self.timer.start(self.speed_box.currentData())
        self._set_play_icon(QStyle.StandardPixmap.SP_MediaPause, translate("WalkPanel", "Pause"))

    def stop(self):
        self.timer.stop()
        self._set_play_icon(QStyle.StandardPixmap.SP_MediaPlay, translate("WalkPanel", "Play the pass step by step"))

    def _set_play_icon(self, icon, tip):
        self.play_button.setIcon(self.style().standardIcon(icon))
        self.play_button.setToolTip(tip)

    @property
    def playing(self):
        return self.timer.isActive()

    def _tick(self):
        if self.k >= self.count:
            self.stop()
            return
        self.go(self.k + 1)
        if self.k >= self.count:
            self.stop()

    def _on_speed(self, _i):
        if self.timer.isActive():
            self.timer.setInterval(self.speed_box.currentData())

    # ------------------------------------------------------------------ showing
    def refresh(self):
        s = self.session
        if s.result is None:
            return
        actions = walk_actions(s.document, s.result)
        if s.walk is not None:
            self.index = s.walk[0]
        elif self.index not in actions:
            here = self._action_at_step()
            self.index = here if here in actions else (actions[0] if actions else None)
        self._fill_actions(actions)
        self._fill()
        self._show_walk()

    def _action_at_step(self):
        s = self.session
        step = s.step if s.step >= 0 else s.result.step_count + s.step
        return step - 1

    def _fill_actions(self, actions):
        from gradstudio.document.export import action_text
        doc = self.session.document
        self.action_box.blockSignals(True)
        self.action_box.clear()
        for i in actions:
            self.action_box.addItem(f"{i + 1}. {action_text(doc, doc.timeline[i])}", i)
        if self.index in actions:
            self.action_box.setCurrentIndex(actions.index(self.index))
        self.action_box.blockSignals(False)
        enabled = bool(actions)
        for w in (self.action_box, self.first_button, self.back_button, self.play_button,
                  self.next_button, self.last_button, self.slider, self.export_button):
            w.setEnabled(enabled)

    def _fill(self):
        w = self.walk
        rows = () if w is None else \
            (translate("WalkPanel", "0. before the pass"), *(f"{step.number}. {_short(step)}" for step in w.steps))
        if rows != self._rows:     # (an edit that changes values keeps the steps' names)
            self._rows = rows
            self.steps.blockSignals(True)
            self.steps.clear()
            self.steps.addItems(rows)
            self.steps.blockSignals(False)
        self.slider.blockSignals(True)
        self.slider.setRange(0, self.count)
        self.slider.blockSignals(False)

    def _show_walk(self):
        w = self.walk
        if w is None:
            self.position.setText("")
            self.explanation.setHtml(translate("WalkPanel", _NOTHING))
            return
        k = self.k
        for widget, value in ((self.slider, k), (self.steps, k)):
            widget.blockSignals(True)
            (widget.setValue if widget is self.slider else widget.setCurrentRow)(value)
            widget.blockSignals(False)
        walking = self.session.walk is not None and self.session.walk[0] == self.index
        self.position.setText(translate("WalkPanel", "step {k} of {count}").format(k=Number(k), count=Number(self.count)) if walking else
                              translate("WalkPanel", "{count} steps").format(count=Number(self.count)))
        self.back_button.setEnabled(walking and k > 0)
        self.next_button.setEnabled(k < self.count or not walking)
        self.explanation.setHtml(explanation_html(w, k, self.session.document))

    def _on_step(self):
        if self.session.walk is None and not self.playing:
            self._show_walk()

    def _on_row(self, row):
        if row >= 0:
            self.go(row)

    def _on_action_chosen(self, i):
        self.choose(self.action_box.itemData(i))


_NOTHING = (QT_TRANSLATE_NOOP("WalkPanel", "<p style='color:#5f6368'>No backward pass to step through: add a "
            "<b>backward()</b> action to the timeline (Ctrl+B), then step through it "
            "here.</p>"))


def _short(step):
    if step.accumulate:
        return step.title
    return step.title.split(" = ", 1)[0]


def _indented(line):
    """A line of ``step_lines`` in HTML: its leading indentation kept, the rest wrapping."""
    rest = line.lstrip(" ")
    return "&nbsp;" * (len(line) - len(rest)) + html.escape(rest)


def explanation_html(w, k, doc):
    """What the panel says after ``k`` engine steps of walk ``w``."""
    head = f"<p><b>{html.escape(w.title)}</b></p>"
    if k == 0 or not w.steps:
        if not w.steps:
            return head + f"<p>{html.escape(w.problem or 'Nothing ran.')}</p>"
        first = w.steps[0]
        seed = (translate("WalkPanel", "the gradient you passed, v = ") + preview(first.received)) if w.seeded else \
            translate("WalkPanel", "gradient {v} ({received_name})").format(v=preview(first.received), received_name=first.received_name)
        return head + (translate("WalkPanel", "<p>Before the pass. backward starts at {v}, "
                       "the grad_fn of the output, with {v2}. Each step "
                       "runs one grad_fn: it receives a gradient and sends one to each "
                       "of its inputs by the chain rule.</p>").format(v=html.escape(first.name), v2=html.escape(seed)))
    step = w.steps[k - 1]
    lines = step_lines(step)
    body = "<br>".join(_indented(line) for line in lines[1:])
    tail = ""
    if k == len(w.steps) and w.problem:
        tail = f"<p style='color:#c5221f'>{html.escape(w.problem)}</p>"
    elif k == len(w.steps):
        tail = translate("WalkPanel", "<p style='color:#188038'>The pass is complete.</p>")
    return (head + f"<p><b>{html.escape(lines[0])}</b></p>"
            f"<p style='font-family:monospace'>{body}</p>" + tail)


def export_frames(session, folder, widgets, on_frame=None):
    """Writes the walk of ``session.walk``'s action as ``step_000.png``, ... into
    ``folder``, one frame per engine step (0: before the pass): the ``widgets`` side by
    side (the canvas's whole graph, see ``_picture``), the step's explanation written
    under them across the whole width.
    Returns the paths; restores the walk position it started from."""
    walk = session.walk
    if walk is None:
        raise ValueError(translate("WalkPanel", "Choose a backward pass to step through first."))
    index, start = walk
    count = len(session.walk_record(index).steps)
    os.makedirs(folder, exist_ok=True)
    paths = []
    try:
        for k in range(count + 1):
            session.set_walk(index, k)
            QApplication.processEvents()
            path = os.path.join(folder, f"step_{k:03d}.png")
            text = explanation_html(session.walk_record(index), k, session.document)
            if not _compose([_picture(w) for w in widgets], text).save(path):
                raise OSError(translate("WalkPanel", "could not write {path}").format(path=path))
            paths.append(path)
            if on_frame is not None:
                on_frame(k, count)
    finally:
        session.set_walk(index, start)
    return paths


def _picture(widget):
    """What a frame shows of ``widget``: the whole graph of one that can draw it
    (``render_image``: the canvas, however little of it is scrolled into view), else
    the widget as it is on screen."""
    render = getattr(widget, "render_image", None)
    return QPixmap.fromImage(render(1.0)) if render is not None else widget.grab()


def _compose(pixmaps, text):
    """The pixmaps side by side, the HTML ``text`` under them across the whole width."""
    width = sum(p.width() for p in pixmaps)
    doc = QTextDocument()
    doc.setDocumentMargin(16)
    font = doc.defaultFont()
    font.setPixelSize(15)
    doc.setDefaultFont(font)
    doc.setHtml(text)
    doc.setTextWidth(width)
    top = max(p.height() for p in pixmaps)
    image = QImage(width, top + int(doc.size().height()), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    x = 0
    for p in pixmaps:
        painter.drawPixmap(x, 0, p)
        x += p.width()
    painter.translate(0, top)
    doc.drawContents(painter)
    painter.end()
    return image
