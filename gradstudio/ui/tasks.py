"""Long operations (tracing a script) off the GUI thread, with a progress dialog and a
Cancel button. The GUI thread never waits: the result comes back as a signal."""
import threading

from PySide6.QtCore import QObject, Qt, QThread, Signal
from PySide6.QtWidgets import QProgressDialog

from gradstudio.ui.plain import PlainLabel
from gradstudio.ui.i18n import translate

__all__ = ["CancelToken", "Task"]

DIALOG_WIDTH = 460      # the progress dialog's width, whatever its label says


class CancelToken:
    """Set by the Cancel button; the work checks ``cancelled`` (or calls the token)."""

    def __init__(self):
        self._event = threading.Event()

    def cancel(self):
        self._event.set()

    @property
    def cancelled(self):
        return self._event.is_set()

    def __call__(self):
        return self._event.is_set()


class _Worker(QThread):
    """Runs ``fn(token)``. It holds the work and its token, not the Task that owns it."""

    done = Signal(object)
    failed = Signal(object)

    def __init__(self, fn, token, parent=None):
        super().__init__(parent)
        self.fn, self.token = fn, token

    def run(self):
        try:
            result = self.fn(self.token)
        except BaseException as exc:  # reported to the GUI thread, never raised there
            self.failed.emit(exc)
        else:
            self.done.emit(result)


class Task(QObject):
    """Runs ``fn(token)`` in a worker thread while a progress dialog (busy indicator,
    Cancel button) is shown over ``parent``. Exactly one of ``succeeded(result)``,
    ``failed(exception)`` or ``cancelled()`` is emitted, then ``finished()``."""

    succeeded = Signal(object)
    failed = Signal(object)
    cancelled = Signal()
    finished = Signal()

    def __init__(self, fn, title, label, parent=None):
        super().__init__(parent)
        self.token = CancelToken()
        self.running = False
        self._worker = _Worker(fn, self.token, self)
        self._worker.done.connect(self._on_done)
        self._worker.failed.connect(self._on_failed)
        self.dialog = QProgressDialog(parent)
        self.dialog.setLabel(PlainLabel())      # (the label names a file: never HTML)
        # a fixed width, the label wrapped: the dialog does not widen with each report
        # (its Cancel button moving sideways from under the pointer)
        self.dialog.findChild(PlainLabel).setWordWrap(True)
        self.dialog.setFixedWidth(DIALOG_WIDTH)
        self.dialog.setLabelText(label)
        self.dialog.setCancelButtonText(translate("Tasks", "Cancel"))
        self.dialog.setRange(0, 0)
        self.dialog.setWindowTitle(title)
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(300)
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        self.dialog.canceled.connect(self.cancel)

    def start(self):
        self.running = True
        self._worker.start()

    def cancel(self):
        """Asks the work to stop; ``cancelled`` follows once it has."""
        self.token.cancel()
        self.dialog.setLabelText(translate("Tasks", "Cancelling…"))

    def wait(self, msecs=5000):
        return self._worker.wait(msecs)

    def _on_done(self, result):
        cancelled = self.token.cancelled
        self._finish_with(self.cancelled.emit if cancelled else lambda: self.succeeded.emit(result))

    def _on_failed(self, exc):
        self._finish_with(self.cancelled.emit if self.token.cancelled
                          else lambda: self.failed.emit(exc))

    def _finish_with(self, emit):
        self.running = False
        self.dialog.reset()
        self.dialog.hide()
        self._worker.wait()
        emit()
        self.finished.emit()
