"""Keyboard shortcuts that work the same on Windows, macOS and Linux.

Qt's standard keys expand to whatever the platform (and, on Linux, the desktop's theme)
binds: on KDE and GNOME ``Delete`` is Del *and* Ctrl+D, and ``Redo`` is only
Ctrl+Shift+Z. A sequence that two commands hold is ambiguous, and Qt then runs neither
("Ambiguous shortcut overload"): Ctrl+D, which inserts a detach, did nothing there. So a
command's shortcuts are its explicit ones plus its standard key's platform bindings, less
any binding another command names explicitly; no sequence is held twice."""
from PySide6.QtGui import QKeySequence
from gradstudio.ui.i18n import translate

__all__ = ["resolve", "apply", "EXTRA", "NEXT_CELL_KEY", "PREVIOUS_CELL_KEY", "PLAY_KEY",
           "STEP_KEY"]

# explicit sequences some commands get on every platform, besides their standard key
EXTRA = {
    "undo": ["Ctrl+Z"],
    "redo": ["Ctrl+Shift+Z", "Ctrl+Y"],   # both spellings users know, everywhere
    "delete": ["Del"],
    "quit": ["Ctrl+Q"],                   # Windows binds no standard Quit key
}
# View ▸ Next / Previous Cell (the lesson panel's cells)
NEXT_CELL_KEY = "Alt+PgDown"          # (Alt+Down would take a combo box's own key)
PREVIOUS_CELL_KEY = "Alt+PgUp"
# Graph ▸ Play or Pause Training Live, Graph ▸ One Training Iteration (the live bar's ▶/❚❚
# and ▶| buttons: F5 runs in most editors; F9 and F10 step the backward pass)
PLAY_KEY = "F5"
STEP_KEY = "F6"


def resolve(wanted, bindings=None):
    """``wanted``: ``{name: (explicit, standard)}`` — explicit sequences (strings) and a
    ``QKeySequence.StandardKey`` or None. Returns ``{name: [QKeySequence]}`` where each
    sequence belongs to one command: explicit ones first, then the standard key's
    bindings that no command claims explicitly and no earlier command took."""
    explicit = {}
    for name, (seqs, _) in wanted.items():
        for s in seqs:
            key = QKeySequence(s).toString()
            if key in explicit:
                raise ValueError(translate("Shortcuts", "'{key}' is the shortcut of both {v} and {name}").format(key=key, v=explicit[key], name=name))
            explicit[key] = name
    bindings = bindings or QKeySequence.keyBindings     # the platform's, looked up now
    taken = set(explicit)
    out = {}
    for name, (seqs, standard) in wanted.items():
        keys = [QKeySequence(s) for s in seqs]
        for seq in (bindings(standard) if standard is not None else []):
            key = seq.toString()
            if key and key not in taken:
                taken.add(key)
                keys.append(seq)
        out[name] = keys
    return out


def apply(actions, wanted, bindings=None):
    """Sets each named QAction's shortcuts (``actions``: ``{name: QAction}``)."""
    for name, keys in resolve(wanted, bindings).items():
        actions[name].setShortcuts(keys)
