"""Autosave and crash recovery, as Qt Creator and Blender do it.

While a window's graph has unsaved changes, it is written to a recovery file of its own
in the recovery folder (atomically; never over the user's file): ``FIRST_AUTOSAVE_MS``
after the first change that is not yet in it, then every ``AUTOSAVE_MS``, so a crash
loses seconds of work, not a minute.
The file records which graph it belongs to and when it was written. Saving, or discarding
the changes, removes it; so does a clean exit. A window holds a lock beside its recovery
file for as long as it lives, so after a crash or a kill the next start finds recovery
files whose lock nobody holds and offers to restore them; a second window running at the
same time never takes a live window's file.

A big graph's file text (more than ``BACKGROUND_NODES`` nodes, or ``BACKGROUND_NUMBERS``
numbers in its literals: seconds of work for 100,000 nodes or a million numbers) is
written out in the run worker's thread, so the window goes on meanwhile; it is
thrown away, and written again a moment later, if the graph was edited in the meantime.

The folder is ``$GRADSTUDIO_RECOVERY_DIR`` when set (tests), else the platform's
application-data folder; ``$GRADSTUDIO_AUTOSAVE_MS`` overrides the interval."""
import functools
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QStandardPaths, Qt, QTimer
from PySide6.QtWidgets import QMessageBox

from gradstudio.document import files
from gradstudio.ui.run_worker import RunWorker
from gradstudio.ui.i18n import translate

__all__ = ["ask_restore", "AUTOSAVE_MS", "FIRST_AUTOSAVE_MS", "Autosaver", "Recovered",
           "recovery_dir", "orphans", "discard"]

AUTOSAVE_MS = 60_000
FIRST_AUTOSAVE_MS = 3_000
BACKGROUND_NODES = 2_000    # a bigger graph is written out off the GUI thread,
BACKGROUND_NUMBERS = 50_000   # ... and one with more numbers in its literals


def _numbers(value):
    """How many numbers a param holds (a nested list's, read along its first items)."""
    n = 1
    while isinstance(value, (list, tuple)):
        if not value:
            return 0
        n, value = n * len(value), value[0]
    return n


def _big(doc):
    """Whether writing ``doc``'s text takes long enough to leave the GUI thread."""
    if len(doc.node_ids) > BACKGROUND_NODES:
        return True
    return sum(_numbers(v) for d in doc.nodes() for v in d.params.values()) > \
        BACKGROUND_NUMBERS
SUFFIX = ".gsg-recovery"
_KIND = "gradstudio-recovery"


def recovery_dir() -> Path:
    """Where recovery files live (made on first use)."""
    folder = os.environ.get("GRADSTUDIO_RECOVERY_DIR")
    if not folder:
        base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
        folder = os.path.join(base or os.path.expanduser("~/.gradstudio"), "recovery")
    return Path(folder)


def _interval():
    try:
        return max(50, int(os.environ.get("GRADSTUDIO_AUTOSAVE_MS", AUTOSAVE_MS)))
    except ValueError:
        return AUTOSAVE_MS


@dataclass(frozen=True)
class Recovered:
    """A recovery file left by a window that did not close cleanly."""
    path: Path            # the recovery file
    file: str             # the user's file it belongs to ("" for an untitled graph)
    title: str            # the window's name for the graph
    saved_at: float       # when it was written (seconds since the epoch)
    text: str             # the graph, as a .gsg file's text

    def describe(self):
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        return translate("Recovery", "{title} (autosaved {when})").format(title=self.title, when=when)


def _lock_for(path):
    return QLockFile(str(path) + ".lock")


def orphans(folder=None):
    """Recovery files whose window is gone (no live lock), newest first. A file that
    cannot be read is skipped (and left alone)."""
    folder = Path(folder or recovery_dir())
    found = []
    for path in folder.glob("*" + SUFFIX) if folder.is_dir() else []:
        lock = _lock_for(path)
        lock.setStaleLockTime(0)
        if not lock.tryLock(0):
            continue                      # a running window's own file
        lock.unlock()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("kind") != _KIND or data.get("pid") == os.getpid():
                continue                  # not ours, or a window of this very process
            found.append(Recovered(path, str(data.get("file") or ""),
                                   str(data.get("title") or path.stem),
                                   float(data.get("saved_at", 0.0)), str(data["graph"])))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return sorted(found, key=lambda r: r.saved_at, reverse=True)


def _remove_quietly(path, *_):
    try:
        os.remove(path)
    except OSError:
        pass


def discard(recovered):
    """Removes a recovery file the user restored or threw away."""
    for p in (recovered.path, Path(str(recovered.path) + ".lock")):
        try:
            p.unlink()
        except FileNotFoundError:
            pass


class Autosaver(QObject):
    """Writes ``window``'s graph to its recovery file while it has unsaved changes. The
    window owns it (a child); it reads the window's session and names through
    ``describe()``, a function given to it, and holds no reference to the window."""

    def __init__(self, session, describe, parent=None):
        super().__init__(parent)
        self.session, self.describe = session, describe
        self.path = None                  # this window's recovery file, once written
        self._lock = None
        self._written = None              # the text last written
        self.problem = None               # why the last autosave failed, if it did
        self._edits = 0                   # changes so far (a text made meanwhile is old)
        self._worker = None               # writes a big graph's text off the GUI thread
        self._closed = False
        self.timer = QTimer(self)             # every minute while there are changes
        self.timer.setInterval(_interval())
        self.timer.timeout.connect(self.save_now)
        self.timer.start()
        self.soon = QTimer(self)              # shortly after the first change
        self.soon.setSingleShot(True)
        self.soon.setInterval(min(FIRST_AUTOSAVE_MS, _interval()))
        self.soon.timeout.connect(self._first_save)
        session.document_changed.connect(self._on_edited)

    def _on_edited(self, _change):
        """A change the recovery file does not hold yet is written a moment later (an
        edit, an undo or a redo; ``save_now`` then writes only what is unsaved)."""
        self._edits += 1
        if self._written is None and not self.soon.isActive():
            self.soon.start()

    def _first_save(self):
        self.soon.stop()                      # (when its timeout was called directly)
        self.save_now()
        self.timer.start()                    # (the minute counts from here)

    def save_now(self):
        """Writes the recovery file if the graph has unsaved changes not yet written;
        removes it once there are none (saved, or changes undone or discarded)."""
        if not self.session.is_modified:
            self.remove()
            return
        doc = self.session.document
        if _big(doc):
            self._dump_later(doc)
            return
        try:
            text = files.dumps(doc)
        except Exception as exc:  # noqa: BLE001 - a safety copy must never stop the user
            self.problem = translate("Recovery", "the graph could not be written ({exc})").format(exc=exc)
            return
        self._write(text)

    def _dump_later(self, doc):
        """Makes a big graph's text in the worker thread; ``_on_dumped`` writes it."""
        if self._worker is None:
            self._worker = RunWorker(self)
            self._worker.finished.connect(self._on_dumped)
        if self._worker.pending:
            return                        # (one at a time: the next tick writes the rest)
        job = self._worker.submit(lambda: files.dumps(doc), info=(doc, self._edits), wait=0)
        if job is not None:
            self._dumped(job)

    def _on_dumped(self, job):
        if self._worker.current(job):     # (and no longer pending)
            self._dumped(job)

    def _dumped(self, job):
        doc, edits = job.info
        if self._closed or doc is not self.session.document:
            return
        if edits != self._edits:          # edited meanwhile: the text may be torn
            self.soon.start()
            return
        if job.error is not None:
            self.problem = translate("Recovery", "the graph could not be written ({error})").format(error=job.error)
            return
        if self.session.is_modified:
            self._write(job.result)

    def _write(self, text):
        if text == self._written:
            return
        file, title = self.describe()
        record = {"kind": _KIND, "file": file, "title": title, "saved_at": time.time(),
                  "pid": os.getpid(), "graph": text}
        try:
            if self.path is None:
                self._claim()
            files.write_atomically(self.path, json.dumps(record).encode("utf-8"))
        except OSError as exc:            # no room for a safety copy: try again next time
            self.problem = str(exc)
            return
        self.problem = None
        self._written = text

    def _claim(self):
        folder = recovery_dir()
        folder.mkdir(parents=True, exist_ok=True)
        n = 0
        while True:
            path = folder / f"{os.getpid()}-{n}{SUFFIX}"
            lock = _lock_for(path)
            if not path.exists() and lock.tryLock(0):
                self.path, self._lock = path, lock
                # dropped without a close (not a crash): its file goes with it
                self.destroyed.connect(functools.partial(_remove_quietly, path))
                return
            n += 1

    def remove(self):
        """Removes this window's recovery file (saved, discarded or closed cleanly)."""
        if self.path is not None:
            try:
                self.path.unlink()
            except FileNotFoundError:
                pass
        self._written = None

    def close(self):
        """A clean exit: no recovery file is left, and the lock goes."""
        self._closed = True
        self.timer.stop()
        self.soon.stop()
        self.remove()
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None
        self.path = None


def ask_restore(parent, newest, others):
    """Restore, Discard or Later (``"restore"``, ``"discard"``, ``"later"``) for unsaved
    work a crashed window left: ``newest`` (a ``Recovered``) and ``others`` more."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(translate("Recovery", "Restore unsaved work?"))
    box.setTextFormat(Qt.TextFormat.PlainText)   # (a file's name is never HTML)
    more = (translate("Recovery", " {others} more can be restored at the next start.").format(others=others) if others else "")
    box.setText(translate("Recovery", "GradStudio did not close properly. Unsaved work on "
                "{v} can be restored.{more}").format(v=newest.describe(), more=more))
    restore = box.addButton(translate("Recovery", "Restore"), QMessageBox.ButtonRole.AcceptRole)
    discard = box.addButton(translate("Recovery", "Discard"), QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(translate("Recovery", "Later"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(restore)
    box.exec()
    clicked = box.clickedButton()
    return "restore" if clicked is restore else "discard" if clicked is discard else "later"


def offer_when_idle(files):
    """``files.offer_recovery()`` (``WindowFiles``) once the file named on the command
    line is open: a script is traced in the background behind a progress dialog, and the
    offer waits for it (one dialog at a time, over the finished window: seen under Xvfb,
    the two were stacked, the offer hidden behind the progress)."""
    task = files.task
    if task is not None and task.running:
        task.finished.connect(lambda: QTimer.singleShot(0, files.offer_recovery))
        return None
    return files.offer_recovery()
