"""The main window's docks, and the panels in them that are built late.

A panel that is behind another dock's tab when the window opens (the autograd graph, the
lesson, training, step-through and Jacobian panels) costs the start-up its import and
its construction, a tenth of a second together, for nothing anyone sees. Its dock holds
an empty placeholder instead, and the panel is built the first time the dock is shown
(``visibilityChanged``), or its window attribute (``DockedPanel``) is read, whichever
comes first. Built, it is the panel it always was: it follows the session while its dock
is shown (``SessionPanel.set_shown``). Read while its dock is tabbed away or closed, it
is made hidden, as if it had been there all along (``panel.made_hidden``): it does no
work, its first ``refresh`` included, until the dock is shown."""
import contextlib

from PySide6.QtWidgets import QDockWidget, QWidget

from gradstudio.ui.panel import SessionPanel, made_hidden

__all__ = ["DockedPanel", "WindowDocks"]


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
        dock.setWidget(widget)
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
        placeholder = dock.widget()
        dock.setWidget(panel)
        placeholder.deleteLater()
        if dock.isVisible():
            panel.show()           # (else shown later by its layout: as if it had been)
        dock.visibilityChanged.connect(panel.set_shown)
        return panel

    def built_panels(self):
        """The names of the late docks whose panel has been built."""
        return sorted(self._panels)
