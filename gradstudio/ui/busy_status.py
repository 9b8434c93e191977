"""What the window is busy with, in its status bar: drawing a big graph (a progress bar
and a Cancel button) and a run going on off the GUI thread ("Running the graph…", the
views showing the previous run meanwhile).

Cancel while a big graph is being drawn closes it: the window shows a new empty document,
and the file on disk is untouched (nothing was edited yet)."""
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton

from gradstudio.document import Document
from gradstudio.ui.i18n import translate

__all__ = ["BusyStatus"]


class BusyStatus(QObject):
    """The status bar's busy indicators of ``window`` (a ``MainWindow``), its child."""

    def __init__(self, window):
        super().__init__(window)
        bar = window.statusBar()
        self.label = QLabel()
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.setTextVisible(False)
        self.cancel_button = QPushButton(translate("BusyStatus", "Cancel"))
        self.cancel_button.setToolTip(translate("BusyStatus", "Stop drawing this graph and close it (the file is "
                                      "left as it is)"))
        for widget in (self.label, self.progress, self.cancel_button):
            bar.addWidget(widget)
            widget.hide()
        self.cancel_button.clicked.connect(self.cancel_build)
        scene = window.canvas.scene()
        scene.build_progressed.connect(self._on_build_progressed)
        scene.build_finished.connect(self._on_build_finished)
        window.session.run_pending_changed.connect(self._on_run_pending_changed)

    @property
    def window(self):
        return self.parent()

    def _on_build_progressed(self, done, total):
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.label.setText(translate("BusyStatus", "Drawing the graph: {done:,} of {total:,} items…").format(done=done, total=total))
        for widget in (self.label, self.progress, self.cancel_button):
            widget.show()

    def _on_build_finished(self):
        drawn = not self.progress.isHidden()   # (a big graph, drawn a batch at a time)
        self.progress.hide()
        self.cancel_button.hide()
        self._on_run_pending_changed(self.window.session.run_pending)
        if drawn:                              # every card is there now: all in view
            self.window.canvas.fit_to_view()

    def _on_run_pending_changed(self, pending):
        if not self.progress.isHidden():
            return                    # (drawing the graph says more)
        self.label.setText(translate("BusyStatus", "Running the graph… the views show the previous run until it "
                           "is done."))
        self.label.setVisible(pending)

    def cancel_build(self):
        """Stops drawing the graph being opened and closes it (its file is untouched)."""
        window = self.window
        scene = window.canvas.scene()
        if not scene.building:
            return
        if window.session.is_modified and not window.files.maybe_save():
            return                    # (edited meanwhile and the user kept it)
        scene.cancel_build()
        path = window.session.path
        for widget in (self.label, self.progress, self.cancel_button):
            widget.hide()
        window.files.set_document(Document())
        if path:
            window.statusBar().showMessage(
                translate("BusyStatus", "Stopped opening “{name}”; the file is unchanged.").format(name=Path(path).name), 10000)
