"""Opening a big graph file without freezing the window. Reading, checking and building
the document, and its first run, happen in a worker thread (the document layer is pure
Python) while a progress dialog counts the nodes and edges checked and offers Cancel; the
finished document and its run come back to the GUI thread, which only shows them. Cancel
stops the reading at the next progress report and leaves the open document untouched.
Files up to ``BACKGROUND_BYTES`` (the examples, most lessons) open at once, in the GUI
thread, as before."""
import os
from pathlib import Path

from PySide6.QtCore import QObject, Signal, Slot

from gradstudio.document import files, run
from gradstudio.document.data_view import prepare
from gradstudio.ui.canvas.sparse import forget_prepared, prepare_places
from gradstudio.ui.run_worker import ENGINE_LOCK
from gradstudio.ui.tasks import Task
from gradstudio.ui.i18n import Number, translate

__all__ = ["BACKGROUND_BYTES", "LoadCancelled", "in_background", "load_and_run",
           "start_loading"]

BACKGROUND_BYTES = 512 * 1024     # larger files are read and run in a worker thread


class LoadCancelled(Exception):
    """Raised inside the worker once the user has pressed Cancel."""


def in_background(path):
    """Whether ``path`` is big enough to be opened in a worker thread (a file that cannot
    be looked at is opened in the GUI thread, which says what is wrong with it)."""
    try:
        return os.path.getsize(path) > BACKGROUND_BYTES
    except OSError:
        return False


def load_and_run(path, token, report=lambda done, total: None):
    """``(document, its run)`` for the graph file ``path``. ``report(done, total)`` hears
    how many nodes and edges have been checked, then ``(0, 0)`` while the graph runs.
    Raises ``LoadCancelled`` once ``token`` is set, ``FileError`` for a bad file."""
    def progress(done, total):
        if token.cancelled:
            raise LoadCancelled()
        report(done, total)
    doc = files.load(path, progress)
    if token.cancelled:
        raise LoadCancelled()
    report(0, 0)
    with ENGINE_LOCK:               # (not while a run of the open document goes on)
        result = prepare(doc, run(doc))     # (as the session's own runs: data view too)
    result.digest()                 # (made here, kept: the window compares runs by it)
    if token.cancelled:
        raise LoadCancelled()
    prepare_places(doc)             # (the overview's rectangles and lines, made here too)
    return doc, result


class _Progress(QObject):
    """Carries the worker's reports to the dialog (its slot runs in the GUI thread). A
    child of the task; it holds the dialog and the token, not the task."""
    changed = Signal(int, int)

    def __init__(self, task, name):
        super().__init__(task)
        self.dialog, self.token, self.name = task.dialog, task.token, name
        self.open = True
        self.changed.connect(self._on_changed)
        task.finished.connect(self._on_finished)

    @Slot()
    def _on_finished(self):
        self.open = False           # a report still queued must not show the dialog again

    @Slot(int, int)
    def _on_changed(self, done, total):
        if self.token.cancelled or not self.open:
            return
        if total:
            self.dialog.setRange(0, total)
            self.dialog.setValue(done)
            self.dialog.setLabelText(translate("Loading", "Reading “{name}”: {done:,} of {total:,} nodes "
                                     "and edges checked…").format(name=self.name, done=Number(done), total=Number(total)))
        else:
            self.dialog.setRange(0, 0)
            self.dialog.setLabelText(translate("Loading", "Running “{name}”…").format(name=self.name))


def start_loading(path, parent):
    """A started ``Task`` reading and running ``path`` (see ``load_and_run``) under a
    progress dialog over ``parent``; ``succeeded`` carries ``(document, run result)``."""
    name = Path(path).name
    reports = []                    # the _Progress, once the task that owns it exists
    task = Task(lambda token: load_and_run(path, token, reports[0].changed.emit),
                translate("Loading", "Open Graph"), translate("Loading", "Reading “{name}”…").format(name=name), parent)
    reports.append(_Progress(task, name))
    task.cancelled.connect(forget_prepared)     # (what the worker made for the overview)
    task.start()
    return task
