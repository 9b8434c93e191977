"""Every file the window writes goes through ``QSaveFile``: the bytes go to a temporary
file that replaces the target only once it is complete, so a failed save or export leaves
the old file whole. Graphs keep the previous file as ``NAME.gsg.bak`` (as the command
line's ``files.save`` does); the text itself always comes from ``files.dumps``."""
import os

from PySide6.QtCore import QByteArray, QIODevice, QSaveFile

from gradstudio.document import files

__all__ = ["write_atomically", "save_document"]


def write_atomically(path, data: bytes, before_commit=None):
    """Writes ``data`` to ``path`` through ``QSaveFile`` (a symbolic link is followed and
    the file's permissions are kept). ``before_commit()`` runs once every byte is written
    and before the file is replaced. Raises ``OSError`` with Qt's reason."""
    f = QSaveFile(os.fspath(path))
    if not f.open(QIODevice.OpenModeFlag.WriteOnly):
        raise OSError(f.errorString())
    if f.write(QByteArray(data)) != len(data):
        reason = f.errorString()
        f.cancelWriting()
        raise OSError(reason)
    try:
        if before_commit is not None:
            before_commit()
    except BaseException:
        f.cancelWriting()
        f.commit()          # discards the temporary file; the target is untouched
        raise
    if not f.commit():
        raise OSError(f.errorString())


def save_document(doc, path):
    """Saves ``doc`` to ``path`` through ``QSaveFile`` (``files.save`` with this module's
    writer); an existing file is kept as ``path + ".bak"``. Raises ``files.FileError`` in
    plain words; on failure the previous file is unchanged."""
    def write(target, data):
        def keep_previous():
            if os.path.exists(target):
                files.keep_backup(target)
        write_atomically(target, data, keep_previous)

    files.save(doc, path, write)
