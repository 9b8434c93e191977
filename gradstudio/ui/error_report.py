"""What the window says about an exception nobody caught (``MainWindow.install_excepthook``).

Where it came from decides the advice. An exception raised while an edit ran (an undo
command doing or undoing its change) may have left that edit half done: undoing the last
step is the way back. One raised while a view or panel drew the graph changed nothing in
the document: undoing would not help, so the message says which view failed, that the
graph is safe, that reopening the panel or restarting helps, and where the details are.
The details (the traceback) are printed and appended to ``error_log_path()``."""
import os
import re
import time
import traceback
from pathlib import Path

from PySide6.QtCore import QStandardPaths
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, translate

__all__ = ["uncaught_message", "again", "cause_of", "error_log_path", "keep_details",
           "VIEWS"]

MAX_LOG_BYTES = 1_000_000      # a log grown past this starts again

# module (under gradstudio/ui) -> the view a user knows it as
VIEWS = {
    "canvas": QT_TRANSLATE_NOOP("ErrorReport", "The canvas"), "probe_panel": QT_TRANSLATE_NOOP("ErrorReport", "The Jacobian and Gradient Check panel"),
    "heatmap": QT_TRANSLATE_NOOP("ErrorReport", "The Jacobian and Gradient Check panel"),
    "walk_panel": QT_TRANSLATE_NOOP("ErrorReport", "The Step Through panel"), "training_panel": QT_TRANSLATE_NOOP("ErrorReport", "The Training panel"),
    "train_dialog": QT_TRANSLATE_NOOP("ErrorReport", "The Train dialog"), "lesson_panel": QT_TRANSLATE_NOOP("ErrorReport", "The Lesson panel"),
    "timeline": QT_TRANSLATE_NOOP("ErrorReport", "The Timeline panel"), "inspector": QT_TRANSLATE_NOOP("ErrorReport", "The Inspector"),
    "inspector_fields": QT_TRANSLATE_NOOP("ErrorReport", "The Inspector"), "inspector_literal": QT_TRANSLATE_NOOP("ErrorReport", "The Inspector"),
    "tensor_plot": QT_TRANSLATE_NOOP("ErrorReport", "The Inspector's plot"), "autograd_view": QT_TRANSLATE_NOOP("ErrorReport", "The Autograd Graph panel"),
    "autograd_items": QT_TRANSLATE_NOOP("ErrorReport", "The Autograd Graph panel"), "code_view": QT_TRANSLATE_NOOP("ErrorReport", "The Code panel"),
    "palette": QT_TRANSLATE_NOOP("ErrorReport", "The Palette"), "node_search": QT_TRANSLATE_NOOP("ErrorReport", "The node search"),
}
_EDITS = ("commands",)         # gradstudio/ui modules whose code performs an edit
# what PySide puts before the message of an exception raised in a Qt virtual (such as an
# undo command's redo or undo)
_OVERRIDE = re.compile(r"^Error calling Python override of [\w:]+\(\): ")
_UNDO = re.compile(r"^Error calling Python override of QUndoCommand::")


def _ui_modules(tb):
    """The gradstudio.ui module of each frame, outermost first (``canvas`` for the whole
    canvas package)."""
    out = []
    for frame in traceback.extract_tb(tb):
        parts = Path(frame.filename).parts
        if "gradstudio" not in parts:
            continue
        rest = parts[len(parts) - parts[::-1].index("gradstudio"):]
        if len(rest) >= 2 and rest[0] == "ui":
            out.append("canvas" if rest[1] == "canvas" else Path(rest[1]).stem)
    return out


def cause_of(tb, exc=None):
    """``("edit", None)`` when an edit ran in the traceback, ``("view", name)`` when a
    view or panel did (its name as the user knows it), else ``("other", None)``."""
    modules = _ui_modules(tb)
    if any(m in _EDITS for m in modules) or _UNDO.search(str(exc)):
        return "edit", None
    for m in modules:
        if m in VIEWS:
            return "view", translate("ErrorReport", VIEWS[m])
    return "other", None


def _what(exc_type, exc):
    """``"ValueError: bad value"``: the exception in words, without a closing stop (nor
    PySide's "Error calling Python override of QUndoCommand::undo(): ")."""
    text = _OVERRIDE.sub("", str(exc)).strip().rstrip(".").rstrip()
    return f"{exc_type.__name__}: {text}" if text else exc_type.__name__


def uncaught_message(exc_type, exc, tb, log_path=None):
    """``(title, text)`` of the message for an uncaught exception; ``log_path`` is where
    the details were kept (None: they were printed only)."""
    cause, view = cause_of(tb, exc)
    what = _what(exc_type, exc)
    where = (translate("ErrorReport", "the details are in {log_path}").format(log_path=log_path) if log_path else
             translate("ErrorReport", "the details were printed where GradStudio was started"))
    if cause == "view":
        return (translate("ErrorReport", "{view} failed").format(view=view),
                translate("ErrorReport", "{view} could not show the graph ({what}); your graph is safe and "
                "unchanged, so close and reopen the panel, or save and restart "
                "GradStudio if it happens again ({where}).").format(view=view, what=what, where=where))
    if cause == "edit":
        return (translate("ErrorReport", "The edit failed"),
                translate("ErrorReport", "The last edit failed ({what}); the graph is still open, so undo the "
                "last step if something looks wrong ({where}).").format(what=what, where=where))
    return (translate("ErrorReport", "Something went wrong"),
            translate("ErrorReport", "Something went wrong ({what}); the graph is still open, so save it and "
            "restart GradStudio if something looks wrong ({where}).").format(what=what, where=where))


def again(title):
    """What the status bar says when the failure just shown happens again (a view that
    fails on every edit would otherwise open a dialog per edit)."""
    return translate("ErrorReport", "{title} again, with the same error as the message before.").format(title=title)


def error_log_path():
    """Where the details of uncaught exceptions are kept: ``$GRADSTUDIO_ERROR_LOG`` when
    set, else ``errors.log`` in the application-data folder."""
    path = os.environ.get("GRADSTUDIO_ERROR_LOG")
    if path:
        return Path(path)
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or os.path.expanduser("~/.gradstudio")) / "errors.log"


def keep_details(exc_type, exc, tb, path=None):
    """Appends the traceback to the error log; returns its path, or None when it could
    not be written (the message then says the details were printed)."""
    path = Path(path or error_log_path())
    text = "".join(traceback.format_exception(exc_type, exc, tb))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        mode = "w" if path.is_file() and path.stat().st_size > MAX_LOG_BYTES else "a"
        with open(path, mode, encoding="utf-8") as f:
            f.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{text}\n")
    except OSError:
        return None
    return path
