"""The base of the dock panels that show a session (inspector, autograd view, timeline,
code): they update after the session's signals, but only while a person can see them."""
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

__all__ = ["SessionPanel"]


class SessionPanel(QWidget):
    """A panel over a ``Session``. ``follow(signal, update)`` calls ``update()`` after
    each emission of ``signal`` while the panel is shown; a panel whose dock is closed or
    tabbed away does no work and calls ``refresh()`` once when it is shown again (the
    main window connects each dock's ``visibilityChanged`` to ``set_shown``). A panel
    starts shown, so one outside a window (as in tests) always follows."""

    def __init__(self, session, parent=None):
        super().__init__(parent)
        self.session = session
        self.shown = True
        self._missed = False

    def follow(self, signal, update):
        signal.connect(_Update(self, update).run)

    def set_shown(self, shown):
        self.shown = bool(shown)
        if self.shown and self._missed:
            self._missed = False
            self.refresh()

    def refresh(self):
        """Shows the session's current state."""
        raise NotImplementedError


class _Update(QObject):
    """One followed signal. A child of the panel: the connection ends with the panel."""

    def __init__(self, panel, update):
        super().__init__(panel)
        self.panel, self.slot = panel, update

    def run(self, *_):
        if self.panel.shown:
            self.slot()
        else:
            self.panel._missed = True
