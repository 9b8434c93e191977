"""Files dropped on the main window: a graph (``.gsg``) or a notebook (``.ipynb``) opens as
File ▸ Open opens it, a script (``.py``) is traced as File ▸ Import PyTorch Script traces
it (``open_path``, which the command line's files take too). A filter on the window and
on the canvas's viewport (whose own drops are the palette's kinds), so the window keeps no
drag code of its own."""
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QTimer

__all__ = ["FileDrops", "dropped_file", "open_path", "SUFFIXES"]

SUFFIXES = (".gsg", ".ipynb", ".py")
_DRAG_EVENTS = (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop)


def open_path(window, path):
    """Opens a graph or a notebook in ``window`` as File ▸ Open does, and traces a ``.py``
    script as File ▸ Import PyTorch Script does; returns what that command returns."""
    if Path(path).suffix.lower() == ".py":
        return window.files.import_script(path)
    return window.files.open_file(path)


def dropped_file(mime):
    """The first local file among ``mime``'s URLs that the window opens, or None."""
    if mime is None or not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile() and Path(url.toLocalFile()).suffix.lower() in SUFFIXES:
            return Path(url.toLocalFile())
    return None


class FileDrops(QObject):
    """Accepts a dragged file on ``window`` and the ``widgets`` it watches; on the drop,
    once the drag is over (so a question the open asks does not run inside it), calls
    ``open_path``. Owned by the window; keeps no reference but Qt's parent."""

    def __init__(self, window, widgets=()):
        super().__init__(window)
        window.setAcceptDrops(True)
        for widget in (window, *widgets):
            widget.installEventFilter(self)

    def eventFilter(self, watched, event):
        if event.type() not in _DRAG_EVENTS:
            return False
        path = dropped_file(event.mimeData())
        if path is None:
            return False            # (the palette's kinds, text …: the widget's own)
        event.acceptProposedAction()
        if event.type() == QEvent.Type.Drop:
            window = self.parent()
            QTimer.singleShot(0, window, lambda: open_path(window, path))
        return True
