"""Asking before a notebook or script runs, as Jupyter's trust does.

Opening a notebook (``.ipynb``) or a script (``.py``) runs its code on this computer to
trace the tensors it computes. A file the user has just picked in File ▸ Open or
File ▸ Import PyTorch Script runs, since picking it was the choice; any other way in (the
command line, Open Recent, another program's request) first asks "Run it?" for a file
whose exact content has not run here before. Declining opens nothing and runs nothing.

What ran is remembered by content, never by name: the SHA-256 of the file's bytes, in a
small JSON file in the application's data folder (``trust_file``; beside the crash
recovery folder, see ``recovery.recovery_dir``). A file that changed since asks again. A
store that cannot be read counts as empty (the question comes again); one that cannot
be written only means the question comes again next time."""
import hashlib
import json
import os
from pathlib import Path

from PySide6.QtCore import QStandardPaths, Qt
from PySide6.QtWidgets import QMessageBox

from gradstudio.document import files
from gradstudio.ui.i18n import translate

__all__ = ["trust_file", "content_hash", "is_trusted", "remember", "ask_to_run", "may_run",
           "MAX_REMEMBERED"]

MAX_REMEMBERED = 5000                    # contents remembered, the newest kept
_KIND = "gradstudio-trusted-contents"
_MAX_STORE_BYTES = 2 * 1024 ** 2


def trust_file() -> Path:
    """The file where the hashes of the contents allowed to run are kept."""
    path = os.environ.get("GRADSTUDIO_TRUST_FILE")
    if not path:
        base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
        path = os.path.join(base or os.path.expanduser("~/.gradstudio"), "trusted.json")
    return Path(path)


def content_hash(data: bytes) -> str:
    """The SHA-256 of a file's bytes, in hex: what is remembered."""
    return hashlib.sha256(bytes(data)).hexdigest()


def _remembered(store):
    try:
        with open(store, "rb") as f:
            value = json.loads(f.read(_MAX_STORE_BYTES + 1)[:_MAX_STORE_BYTES])
    except (OSError, ValueError):
        return []
    if not isinstance(value, dict) or value.get("kind") != _KIND or \
            not isinstance(value.get("sha256"), list):
        return []
    hashes = value["sha256"]
    return [h for h in hashes if isinstance(h, str) and len(h) == 64]


def is_trusted(data: bytes, store=None) -> bool:
    """Whether these exact bytes were allowed to run here before."""
    return content_hash(data) in _remembered(store or trust_file())


def remember(data: bytes, store=None) -> bool:
    """Remembers that these bytes may run (the newest first, at most ``MAX_REMEMBERED``);
    False when the store could not be written (the question then comes again)."""
    store = Path(store or trust_file())
    digest = content_hash(data)
    hashes = [digest] + [h for h in _remembered(store) if h != digest]
    text = json.dumps({"kind": _KIND, "sha256": hashes[:MAX_REMEMBERED]}, indent=0)
    try:
        store.parent.mkdir(parents=True, exist_ok=True)
        files.write_atomically(store, text.encode("ascii"))
    except OSError:
        return False
    return True


def ask_to_run(parent, path) -> bool:
    """Run or Cancel (the default) for a notebook or script not run here before."""
    what = "notebook" if Path(path).suffix.lower() == ".ipynb" else "script"
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(translate("Trust", "Run this {what}?").format(what=what))
    box.setTextFormat(Qt.TextFormat.PlainText)   # (a file's name is never HTML)
    box.setText(translate("Trust", "Opening “{name}” runs its code on this computer, with your "
                "permissions; run it only if you trust where it came from.").format(name=Path(path).name))
    box.setInformativeText(translate("Trust", "GradStudio asks once for each file, and again when the file "
                           "changes."))
    run = box.addButton(translate("Trust", "Run the {what}").format(what=what), QMessageBox.ButtonRole.AcceptRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    box.exec()
    return box.clickedButton() is run


def may_run(parent, path, data: bytes, chosen=False) -> bool:
    """Whether the code of the file at ``path`` (its bytes: ``data``) may run: it was
    ``chosen`` in a file dialog just now, or these bytes ran here before, or the user
    answers Run now. A file allowed to run is remembered."""
    if not chosen and not is_trusted(data) and not ask_to_run(parent, path):
        return False
    remember(data)
    return True
