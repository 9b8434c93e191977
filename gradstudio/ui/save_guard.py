"""Before Save writes over a file: was it changed on disk since this window opened or
last saved it (another window, another program), or is it read-only? Either way the user
is asked — Overwrite, Save As… or Cancel — instead of losing the other writer's work or
replacing a file someone protected.

A file is known by its ``Stamp`` (modification time, size and a SHA-256 of its bytes),
taken when the window's path is set (New, Open, Save As, a restored graph) and after each
save. It counts as changed when its time or size differ and its bytes do too: a file
merely touched, or copied back unchanged, is not a conflict."""
import hashlib
import os
import stat
from dataclasses import dataclass

from PySide6.QtWidgets import QMessageBox
from gradstudio.ui.i18n import translate

__all__ = ["Stamp", "stamp_of", "changed_since", "is_read_only", "conflict", "ask_overwrite",
           "OVERWRITE", "SAVE_AS", "CANCEL"]

OVERWRITE, SAVE_AS, CANCEL = "overwrite", "save_as", "cancel"
_CHUNK = 1 << 20


@dataclass(frozen=True)
class Stamp:
    """What a file was: ``mtime_ns``, ``size`` and ``digest`` (SHA-256 hex)."""
    mtime_ns: int
    size: int
    digest: str


def _digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(_CHUNK), b""):
            h.update(block)
    return h.hexdigest()


def stamp_of(path):
    """The file's ``Stamp``, or None when there is no readable file at ``path``."""
    try:
        st = os.stat(path)
        return Stamp(st.st_mtime_ns, st.st_size, _digest(path))
    except OSError:
        return None


def changed_since(path, stamp):
    """Whether the file at ``path`` differs from ``stamp`` (None: nothing was there). A
    file that is gone now counts as unchanged: saving creates it again."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    if stamp is None:
        return True                      # a file appeared where there was none
    if (st.st_mtime_ns, st.st_size) == (stamp.mtime_ns, stamp.size):
        return False
    if st.st_size != stamp.size:
        return True
    try:
        return _digest(path) != stamp.digest
    except OSError:
        return True


def is_read_only(path):
    """Whether an existing file at ``path`` is write-protected: this user may not write
    it, or nobody may (no write permission at all: protected even from an administrator,
    who could write it anyway; Windows' read-only attribute reads as this)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return stat.S_ISREG(mode) and (not os.access(path, os.W_OK) or
                                   not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def conflict(path, stamp, own_file):
    """Why saving over ``path`` needs the user's word, in a sentence, or None. ``stamp``
    is the file as this window last knew it; ``own_file`` whether ``path`` is the file
    the window has open (only then can it have changed behind the window's back)."""
    name = os.path.basename(path)
    if own_file and changed_since(path, stamp):
        return (translate("SaveGuard", "“{name}” was changed on disk since you opened or last saved it (by "
                "another window or program); saving now would replace those changes.").format(name=name))
    if is_read_only(path):
        return translate("SaveGuard", "“{name}” is read-only; saving now would replace it anyway.").format(name=name)
    return None


def ask_overwrite(parent, reason):
    """Overwrite, Save As… or Cancel for a save that would replace ``reason``."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(translate("SaveGuard", "Replace the file?"))
    box.setText(reason)
    box.setInformativeText(translate("SaveGuard", "Overwrite it, save under another name, or cancel the save."))
    overwrite = box.addButton(translate("SaveGuard", "Overwrite"), QMessageBox.ButtonRole.DestructiveRole)
    save_as = box.addButton(translate("SaveGuard", "Save As…"), QMessageBox.ButtonRole.AcceptRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(save_as)
    box.setEscapeButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    return OVERWRITE if clicked is overwrite else SAVE_AS if clicked is save_as else CANCEL
