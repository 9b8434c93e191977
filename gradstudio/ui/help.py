"""The Help menu's content and the application's identity: the icon, the About text
(with the version) and Keyboard Shortcuts, a table made from the window's own actions so
it can never disagree with them."""
from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon, QKeySequence
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QDialog, QDialogButtonBox,
                               QHeaderView, QTableWidget, QTableWidgetItem, QVBoxLayout)

from gradstudio import __version__
from gradstudio.resources import ICON_PNG, ICON_SVG
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, translate

__all__ = ["app_icon", "about_text", "shortcut_rows", "ShortcutsDialog"]


def app_icon():
    """GradStudio's icon: the drawing, with its 256-pixel rendering for platforms that
    cannot read SVG."""
    icon = QIcon(str(ICON_SVG))
    icon.addFile(str(ICON_PNG))
    return icon


def about_text(name):
    version = QApplication.applicationVersion() or __version__
    return (f"<b>{name}</b> {version}<p>" + translate(
        "Help", "Build, run and understand PyTorch-style autograd graphs.") + "</p>")


def _typable(sequence):
    """False for the extra buttons of multimedia keyboards (Copy, Open, Zoom In …) that
    Qt's standard shortcuts also bind: those are not keys to learn."""
    return all(sequence[i].key().value < Qt.Key.Key_Back.value
               for i in range(sequence.count()))


def _plain(text):
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


def shortcut_rows(menu_bar):
    """``(menu, command, keys)`` for every menu command that has a shortcut, in menu
    order: ``("Edit", "Copy", "Ctrl+C")``; several shortcuts are joined by " or ".
    Submenus read ``File ▸ Open Recent``."""
    rows = []

    def walk(menu, path):
        for action in menu.actions():
            if action.menu() is not None:
                walk(action.menu(), f"{path} ▸ {_plain(action.text())}")
            elif action.isVisible():
                keys = " or ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                                   for k in action.shortcuts() if _typable(k))
                if keys:
                    rows.append((path, _plain(action.text()), keys))

    for top in menu_bar.actions():
        if top.menu() is not None:
            walk(top.menu(), _plain(top.text()))
    return rows


# keys that belong to the canvas or a panel rather than to a menu command
CANVAS_ROWS = [
    (QT_TRANSLATE_NOOP("Help", "Canvas"), QT_TRANSLATE_NOOP("Help", "Quick add a node (wired to the selected node)"), QT_TRANSLATE_NOOP("Help", "Tab")),
    (QT_TRANSLATE_NOOP("Help", "Canvas"), QT_TRANSLATE_NOOP("Help", "Select the nearest node that way"), QT_TRANSLATE_NOOP("Help", "Left, Right, Up, Down")),
    (QT_TRANSLATE_NOOP("Help", "Canvas"), QT_TRANSLATE_NOOP("Help", "Edit the selected node's parameters in the inspector"), QT_TRANSLATE_NOOP("Help", "Return")),
    (QT_TRANSLATE_NOOP("Help", "Canvas"), QT_TRANSLATE_NOOP("Help", "Delete the selection"), QT_TRANSLATE_NOOP("Help", "Delete or Backspace")),
    (QT_TRANSLATE_NOOP("Help", "Canvas"), QT_TRANSLATE_NOOP("Help", "Pan"), QT_TRANSLATE_NOOP("Help", "Space+drag or middle drag")),
    (QT_TRANSLATE_NOOP("Help", "Canvas"), QT_TRANSLATE_NOOP("Help", "Commands for a node, a region or the background"), QT_TRANSLATE_NOOP("Help", "right click")),
    (QT_TRANSLATE_NOOP("Help", "Inspector"), QT_TRANSLATE_NOOP("Help", "Back to the canvas"), QT_TRANSLATE_NOOP("Help", "Esc")),
    (QT_TRANSLATE_NOOP("Help", "Exercise"), QT_TRANSLATE_NOOP("Help", "Check the prediction typed"), QT_TRANSLATE_NOOP("Help", "Return")),
]


class ShortcutsDialog(QDialog):
    """Help ▸ Keyboard Shortcuts: one row per menu command with a shortcut, read from
    the menus when the dialog is made, then the canvas's own keys (``CANVAS_ROWS``)."""

    def __init__(self, window):
        super().__init__(window)
        self.setWindowTitle(translate("Help", "Keyboard Shortcuts"))
        rows = shortcut_rows(window.menuBar()) + [
            tuple(translate("Help", text) for text in row) for row in CANVAS_ROWS]
        self.table = QTableWidget(len(rows), 3, self)
        self.table.setHorizontalHeaderLabels([translate("Help", "Menu"),
                                              translate("Help", "Command"),
                                              translate("Help", "Keys")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                self.table.setItem(r, c, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(520, 560)

    def rows(self):
        """What the table shows, row by row."""
        return [tuple(self.table.item(r, c).text() for c in range(3))
                for r in range(self.table.rowCount())]
