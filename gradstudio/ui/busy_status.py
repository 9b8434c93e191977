"""What the window is busy with, in its status bar: a run going on off the GUI thread
("Running the graph…", the views showing the previous run meanwhile). (Reading a big file
has its own progress dialog with Cancel, ``loading``; a big graph's cards are made as they
come into view, ``canvas.sparse``, which takes no time worth showing.)"""
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel

from gradstudio.ui.i18n import translate

__all__ = ["BusyStatus"]


class BusyStatus(QObject):
    """The status bar's busy indicator of ``window`` (a ``MainWindow``), its child."""

    def __init__(self, window):
        super().__init__(window)
        self.label = QLabel()
        window.statusBar().addWidget(self.label)
        self.label.hide()
        window.session.run_pending_changed.connect(self._on_run_pending_changed)

    def _on_run_pending_changed(self, pending):
        self.label.setText(translate("BusyStatus", "Running the graph… the views show the "
                                     "previous run until it is done."))
        self.label.setVisible(pending)
