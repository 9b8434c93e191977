"""The main window's docks, and the panels in them that are built late.

A panel that is behind another dock's tab when the window opens (the autograd graph, the
lesson, training, step-through and Jacobian panels) costs the start-up its import and
its construction, a tenth of a second together, for nothing anyone sees. Its dock holds
an empty placeholder instead, and the panel is built the first time the dock is shown
(``visibilityChanged``), or its window attribute (``DockedPanel``) is read, whichever
comes first. Built, it is the panel it always was: it follows the session while its dock
is shown (``SessionPanel.set_shown``). Read while its dock is tabbed away or closed, it
is made hidden, as if it had been there all along (``panel.made_hidden``): it does no
work, its first ``refresh`` included, until the dock is shown.

Every panel sits in a scroll area of its dock, so a dock can be made smaller than its
panel's least size: on a small screen the docks give way and the canvas keeps most of the
window (``give_canvas_room``)."""
import contextlib

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QDockWidget, QFrame, QLabel, QScrollArea, QWidget

from gradstudio.ui.panel import SessionPanel, made_hidden

__all__ = ["DockedPanel", "WindowDocks", "CANVAS_SHARE", "first_size"]

CANVAS_SHARE = 0.55    # of the window's width and height the canvas keeps after a resize
_LEAST_DOCK = 90       # a dock given way is not made smaller than this (pixels)
_FIT_ROUNDS = 6        # a panel in a dock is made taller at most this often to fit its text


class _DockScroll(QScrollArea):
    """A frameless scroll area that gives its panel the whole viewport, and scroll bars
    only where the viewport is smaller than the panel's least size. (Qt's resizable
    scroll area would make a panel with wrapped text as tall as that text laid out in
    its width, so a dock with room for the panel scrolled it all the same.)"""

    def __init__(self, widget):
        super().__init__()
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(False)
        self.setWidget(widget)

    def setWidget(self, widget):
        super().setWidget(widget)
        widget.installEventFilter(self)
        self._fit()

    def takeWidget(self):
        widget = super().takeWidget()
        if widget is not None:
            widget.removeEventFilter(self)
        return widget

    def _fit(self):
        widget = self.widget()
        if widget is None:
            return
        least = widget.minimumSizeHint().expandedTo(widget.minimumSize())
        size = self.maximumViewportSize()
        # (a scroll bar one way takes room the other way)
        if least.width() > size.width():
            size.setHeight(size.height() - self.horizontalScrollBar().sizeHint().height())
        if least.height() > size.height():
            size.setWidth(size.width() - self.verticalScrollBar().sizeHint().width())
        widget.resize(size.expandedTo(least))
        layout = widget.layout()
        if layout is None or not layout.hasHeightForWidth():
            return
        # wrapped text takes more lines in a narrow dock than the least size counts on:
        # taller until no text is cut (a few rounds: one label's lines move the next)
        for _ in range(_FIT_ROUNDS):
            layout.activate()
            short = _shortfall(widget)
            if short <= 0:
                break
            widget.resize(widget.width(), widget.height() + short)

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self._fit()

    def eventFilter(self, watched, event):
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self._fit()
        return super().eventFilter(watched, event)


def _shortfall(widget):
    """How many pixels the most squeezed text label shown in ``widget`` lacks."""
    short = 0
    for label in widget.findChildren(QLabel):
        if label.isVisibleTo(widget) and label.text():
            need = label.heightForWidth(label.width()) if label.wordWrap() else \
                label.minimumSizeHint().height()
            short = max(short, need - label.height())
    return short


_SIDES = ((Qt.Orientation.Horizontal, (Qt.DockWidgetArea.LeftDockWidgetArea,
                                        Qt.DockWidgetArea.RightDockWidgetArea)),
          (Qt.Orientation.Vertical, (Qt.DockWidgetArea.BottomDockWidgetArea,
                                     Qt.DockWidgetArea.TopDockWidgetArea)))


def _extent(widget, orientation):
    """A widget's width (horizontal) or height (vertical)."""
    return widget.width() if orientation == Qt.Orientation.Horizontal else widget.height()


def _span(widget, orientation):
    """Where a widget lies along ``orientation``: (left, right) or (top, bottom)."""
    g = widget.geometry()
    return (g.left(), g.right()) if orientation == Qt.Orientation.Horizontal else \
        (g.top(), g.bottom())


def first_size(screen, wanted=QSize(1500, 940)):
    """The window's size at its first start: ``wanted``, made to fit the screen's
    available geometry (its task bars left out) when that is smaller."""
    if screen is None:
        return wanted
    room = screen.availableGeometry().size()
    return wanted.boundedTo(room - QSize(16, 48))   # (the window manager's frame)


def _scrolled(widget):
    """``widget`` in a scroll area of a dock (``_DockScroll``)."""
    return _DockScroll(widget)


class DockedPanel:
    """A window attribute that is the panel of the dock ``name``, built when first read
    (see ``WindowDocks.panel``)."""

    def __init__(self, name):
        self.name = name

    def __get__(self, window, owner=None):
        if window is None:
            return self
        return window.panel(self.name)


class WindowDocks:
    """The docks of ``MainWindow`` (a mixin): ``docks`` maps a name to its QDockWidget.
    A late dock's panel is made by the window's method ``_make_NAME_panel()``."""

    def _init_docks(self):
        self.docks = {}
        self._panels = {}          # late dock name -> its panel, once built
        self._dock_shown = {}      # late dock name -> what its visibilityChanged last said

    def _dock(self, name, title, widget, area):
        dock = QDockWidget(title, self)
        dock.setObjectName(f"{name}_dock")
        dock.setWidget(_scrolled(widget))
        if isinstance(widget, SessionPanel):     # closed or tabbed away: no work
            dock.visibilityChanged.connect(widget.set_shown)
        self.addDockWidget(area, dock)
        self.docks[name] = dock
        return dock

    def _late_dock(self, name, title, area):
        """A dock whose panel is built when it is first shown or asked for."""
        dock = self._dock(name, title, QWidget(), area)
        # (before the panel's set_shown: what the dock says is known when it is built)
        dock.visibilityChanged.connect(lambda shown, n=name: self._on_late_dock(n, shown))
        return dock

    def _on_late_dock(self, name, shown):
        self._dock_shown[name] = shown
        if shown:
            self.panel(name)

    def panel(self, name):
        """The panel of the dock ``name``, built now if it has not been."""
        if name in self._panels:
            return self._panels[name]
        hidden = self._dock_shown.get(name) is False    # (None: the window is not shown)
        with made_hidden() if hidden else contextlib.nullcontext():
            panel = self._panels[name] = getattr(self, f"_make_{name}_panel")()
        dock = self.docks[name]
        placeholder = dock.widget().takeWidget()
        content = self._dock_content_for(name, panel)
        dock.widget().setWidget(content)
        placeholder.deleteLater()
        if dock.isVisible():
            content.show()         # (else shown later by its layout: as if it had been)
        dock.visibilityChanged.connect(panel.set_shown)
        return panel

    def _dock_content_for(self, name, panel):
        """What the dock ``name`` holds for its new ``panel``: the panel itself, or a
        widget around it that a window adds (``AnswerCover``, which keeps it as
        ``panel``)."""
        return panel

    def dock_content(self, name):
        """The widget that the dock ``name`` holds (in its scroll area): its panel
        (inside an ``AnswerCover`` if it has one)."""
        content = self.docks[name].widget().widget()
        return getattr(content, "panel", content)

    def give_canvas_room(self, share=CANVAS_SHARE):
        """Makes the docks around the central widget smaller, down to ``_LEAST_DOCK``,
        until it has ``share`` of the window's width and of its height (a resize to a
        small window shrinks the central widget alone otherwise)."""
        centre = self.centralWidget()
        if centre is None:
            return
        for orientation, areas in _SIDES:
            want = int(share * _extent(self, orientation))
            have = _extent(centre, orientation)
            docks = self._docked_in(areas, orientation)
            spare = sum(max(0, _extent(d, orientation) - _LEAST_DOCK) for d in docks)
            if have >= want or not spare:
                continue
            cut = min(1.0, (want - have) / spare)
            sizes = [_extent(d, orientation) for d in docks]
            self.resizeDocks(docks, [max(_LEAST_DOCK, int(n - cut * max(0, n - _LEAST_DOCK)))
                                     for n in sizes], orientation)

    def _docked_in(self, areas, orientation):
        """The docks shown in ``areas`` that take room along ``orientation``: one per
        group of tabs (and per row of docks side by side across it)."""
        chosen = []
        for dock in self.docks.values():
            if dock.isFloating() or not dock.isVisible() or dock.visibleRegion().isEmpty() \
                    or self.dockWidgetArea(dock) not in areas:
                continue
            if not any(_span(dock, orientation) == _span(c, orientation) and
                       self.dockWidgetArea(c) == self.dockWidgetArea(dock) for c in chosen):
                chosen.append(dock)
        return chosen

    def widen_walk(self):
        """Gives the step-through dock, beside the timeline, the larger part of their
        width, so that its explanation can be read on a laptop's screen."""
        walk, timeline = self.docks["walk"], self.docks["timeline"]
        if walk.isFloating() or timeline.isFloating() or not timeline.isVisible() or \
                self.dockWidgetArea(walk) != self.dockWidgetArea(timeline):
            return
        both = walk.width() + timeline.width()
        if walk.width() < 0.6 * both:
            self.resizeDocks([timeline, walk], [int(0.35 * both), int(0.65 * both)],
                             Qt.Orientation.Horizontal)

    def built_panels(self):
        """The names of the late docks whose panel has been built."""
        return sorted(self._panels)
