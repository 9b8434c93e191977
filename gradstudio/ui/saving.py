"""Every file the window writes goes through ``QSaveFile``: the bytes go to a temporary
file that replaces the target only once it is complete, so a failed save or export leaves
the old file whole. Graphs keep the previous file as ``NAME.gsg.bak`` (as the command
line's ``files.save`` does); the text itself always comes from ``files.dumps``."""
import errno
import os

from PySide6.QtCore import QByteArray, QIODevice, QSaveFile

from gradstudio.document import files

__all__ = ["write_atomically", "save_document"]


def write_atomically(path, data: bytes, before_commit=None):
    """Writes ``data`` to ``path`` through ``QSaveFile`` (a symbolic link is followed and
    the file's permissions are kept). ``before_commit()`` runs once every byte is written
    and before the file is replaced. Raises ``OSError`` saying what happened (Qt often
    only says "Unknown error"; ``_os_error`` finds the reason)."""
    f = QSaveFile(os.fspath(path))
    if not f.open(QIODevice.OpenModeFlag.WriteOnly):
        raise _os_error(f, path, len(data))
    if f.write(QByteArray(data)) != len(data) or not f.flush():
        error = _os_error(f, path, len(data))
        f.cancelWriting()
        f.commit()          # discards the temporary file; the target is untouched
        raise error
    try:
        if before_commit is not None:
            before_commit()
    except BaseException:
        f.cancelWriting()
        f.commit()
        raise
    if not f.commit():
        raise _os_error(f, path, len(data))


def _os_error(f, path, size):
    """An ``OSError`` with the errno that explains ``f``'s failure: Qt gives a category
    and often "Unknown error", so the folder is looked at (missing, not writable,
    read-only, full) to say which."""
    text = f.errorString()
    folder = os.path.dirname(os.path.realpath(os.fspath(path))) or "."
    code = None
    if not os.path.isdir(folder):
        code = errno.ENOENT
    elif len(os.path.basename(os.fspath(path)).encode()) > 255:
        code = errno.ENAMETOOLONG
    else:
        try:
            fs = os.statvfs(folder)
            if fs.f_flag & os.ST_RDONLY:
                code = errno.EROFS
            elif fs.f_bavail * fs.f_frsize < size + 64 * 1024:
                code = errno.ENOSPC
        except (OSError, AttributeError):
            pass
        if code is None and not os.access(folder, os.W_OK):
            code = errno.EACCES
    if code is not None:
        return OSError(code, os.strerror(code), os.fspath(path))
    known = text and text.strip().lower() != "unknown error"
    return OSError(text if known else "")     # files.why_not_saved: "no reason given"


def save_document(doc, path):
    """Saves ``doc`` to ``path`` through ``QSaveFile`` (``files.save`` with this module's
    writer); an existing file is kept as ``path + ".bak"`` once the new one is in place.
    Raises ``files.FileError`` in plain words; on failure the file and its older ``.bak``
    are unchanged."""
    def write(target, data):
        held = []

        def hold_previous():
            if os.path.exists(target):
                held.append(files.keep_backup(target))
        try:
            write_atomically(target, data, hold_previous)
        except BaseException:
            for backup in held:
                backup.discard()
            raise
        for backup in held:
            backup.commit()

    files.save(doc, path, write)
