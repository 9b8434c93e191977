"""The Help menu and the application's identity: Keyboard Shortcuts is made from the
window's own actions, About names the version, the window has GradStudio's icon, and
``main`` given several files opens the first and says so."""
import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox

from gradstudio import __version__
from gradstudio.document import Document, files
from gradstudio.ui import main_window as mw
from gradstudio.ui.help import ShortcutsDialog
from gradstudio.ui.main_window import MainWindow

NATIVE = QKeySequence.SequenceFormat.NativeText


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, settings):
    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    return w


def help_action(w, text):
    (top,) = [a for a in w.menuBar().actions() if a.text().replace("&", "") == "Help"]
    (action,) = [a for a in top.menu().actions() if a.text().replace("&", "") == text]
    return action


def test_keyboard_shortcuts_lists_the_menus_own_shortcuts(window, qtbot):
    help_action(window, "Keyboard Shortcuts…").trigger()
    dialog = window.shortcuts_dialog
    qtbot.waitExposed(dialog)
    rows = dialog.rows()
    def keys_of(command):
        return next(keys for _, c, keys in rows if c == command).split(" or ")
    copy = QKeySequence(QKeySequence.StandardKey.Copy).toString(NATIVE)
    assert copy in keys_of("Copy") and rows[0] == ("File", "New", "Ctrl+N")
    assert ("Graph", "Add Backward of Selection", "Ctrl+B") in rows
    assert ("View", "Fit Graph in View", "F") in rows
    assert {"Ctrl+Y", "Ctrl+Shift+Z"} <= set(keys_of("Redo"))
    keys = [k for _, _, text in rows for k in text.split(" or ")]
    assert all(keys) and not {"Copy", "Open", "Redo", "Zoom In"} & set(keys)  # no media keys
    assert not any(command == "Import PyTorch Script" for _, command, _ in rows)  # no keys
    dialog.close()


def test_keyboard_shortcuts_follow_the_actions_never_a_copy(window):
    window.arrange_action.setShortcut(QKeySequence("Ctrl+Shift+L"))
    extra = QAction("&Frobnicate", window)
    extra.setShortcut(QKeySequence("Ctrl+Alt+F"))
    window.menuBar().actions()[2].menu().addAction(extra)          # the Graph menu
    rows = ShortcutsDialog(window).rows()
    assert ("Graph", "Arrange Graph", "Ctrl+Shift+L") in rows
    assert ("Graph", "Frobnicate", "Ctrl+Alt+F") in rows
    assert not any(keys == "Ctrl+L" for _, _, keys in rows)


def test_about_names_the_version(window, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append(text))
    help_action(window, "About GradStudio").trigger()
    assert len(shown) == 1 and f"<b>GradStudio</b> {__version__}" in shown[0]


def test_the_window_has_gradstudio_s_icon(window):
    icon = window.windowIcon()
    assert not icon.isNull()
    assert not icon.pixmap(64, 64).isNull()


def test_main_with_several_files_opens_the_first_and_says_so(qtbot, settings, tmp_path):
    paths = []
    for name in ("first", "second", "third"):
        doc = Document()
        doc.add_node("ones", {"shape": (2,)}, label=name)
        files.save(doc, tmp_path / f"{name}.gsg")
        paths.append(str(tmp_path / f"{name}.gsg"))
    seen = []

    def close_all():
        for top in QApplication.topLevelWidgets():
            if isinstance(top, MainWindow) and top.isVisible():
                doc = top.session.document
                seen.append((top.windowTitle(), [doc.node(n).label for n in doc.node_ids],
                             top.statusBar().currentMessage(), top.windowIcon().isNull()))
                top.close()
    QTimer.singleShot(0, close_all)
    assert mw.main(paths, settings=settings) == 0
    title, labels, message, no_icon = seen[-1]
    assert title.startswith("first.gsg") and labels == ["first"] and not no_icon
    assert message == ("A window shows one graph, so second.gsg, third.gsg were not "
                       "opened; use File ▸ Open for them.")
    app = QApplication.instance()
    assert app.applicationVersion() == __version__ and not app.windowIcon().isNull()
