"""The base of the dock panels that show a session (inspector, autograd view, timeline,
code): they update after the session's signals, but only while a person can see them.
A panel whose update is an analysis (the Jacobian, a step-through of a whole backward
pass) follows *later*: once the edits have settled for ``LATER_MS``, so typing or
dragging a value stays as quick as the panels that only show the run."""
import contextlib
import weakref

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QWidget

__all__ = ["SessionPanel", "LATER_MS", "made_hidden"]

LATER_MS = 150
_hidden = []        # not empty inside ``made_hidden()``


class SessionPanel(QWidget):
    """A panel over a ``Session``. ``follow(signal, update)`` calls ``update()`` after
    each emission of ``signal`` while the panel is shown; a panel whose dock is closed or
    tabbed away does no work and calls ``refresh()`` once when it is shown again (the
    main window connects each dock's ``visibilityChanged`` to ``set_shown``). A panel
    starts shown, so one outside a window (as in tests) always follows; one made inside
    ``made_hidden()`` (its dock tabbed away) starts hidden, and ``first_refresh``, which
    ends a panel's construction, then waits until it is shown."""

    def __init__(self, session, parent=None):
        super().__init__(parent)
        self.session = session
        self.shown = not _hidden
        self._missed = bool(_hidden)

    def follow(self, signal, update, later=False):
        """``update`` is one of this panel's methods; ``later``: called once the signals
        have stopped for ``LATER_MS`` (several emissions meanwhile call it once)."""
        signal.connect(_Update(self, update.__func__, later).run)

    def set_shown(self, shown):
        self.shown = bool(shown)
        if self.shown and self._missed:
            self._missed = False
            self.refresh()

    def first_refresh(self):
        """``refresh()`` at the end of the panel's construction; a panel made hidden has
        missed it, and refreshes when it is first shown."""
        if self.shown:
            self.refresh()

    def refresh(self):
        """Shows the session's current state."""
        raise NotImplementedError


@contextlib.contextmanager
def made_hidden():
    """The panels made inside start hidden: no work until they are shown."""
    _hidden.append(True)
    try:
        yield
    finally:
        _hidden.pop()


class _Update(QObject):
    """One followed signal. A child of the panel, so the connection ends with the panel;
    it refers to the panel weakly (the panel already holds it as its child) and calls
    ``method(panel)``."""

    def __init__(self, panel, method, later=False):
        super().__init__(panel)
        self._panel, self._method = weakref.ref(panel), method
        self._timer = None
        if later:
            self._timer = QTimer(self)
            self._timer.setSingleShot(True)
            self._timer.setInterval(LATER_MS)
            self._timer.timeout.connect(self._now)

    def run(self, *_):
        panel = self._panel()
        if self._timer is not None and panel is not None and panel.shown:
            self._timer.start()            # (again: the wait starts over)
            return
        self._now()

    def _now(self):
        panel = self._panel()
        if panel is None:
            return
        if panel.shown:
            self._method(panel)
        else:
            panel._missed = True
