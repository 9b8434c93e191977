"""What the UI tests share: showing a widget, looking nodes up by name, driving the
canvas with the mouse as a user does (real press, move and release events on its
viewport) and finding canvas items held past their scene (``dead_items``)."""
import gc
import os
import subprocess
import sys
import warnings
from collections import Counter

from PySide6.QtCore import QPoint, QSettings, Qt, QTimer
from PySide6.QtWidgets import QGraphicsItem, QMessageBox
from shiboken6 import Shiboken

from gradstudio.ui.canvas import Canvas
from gradstudio.ui.main_window import MainWindow
from gradstudio.ui.session import Session


def shown(qtbot, widget, size=None):
    """``widget``, owned by ``qtbot``, resized to ``size`` (if given), shown and exposed."""
    qtbot.addWidget(widget)
    if size is not None:
        widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def main_window(qtbot, tmp_path, size=None):
    """A shown MainWindow with its settings in ``tmp_path``: the error boxes it would show
    are collected in ``w.errors`` and it discards unsaved changes without asking."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = MainWindow(settings=settings)
    errors = w.errors = []     # the lambda holds the list, not the window (no cycle)
    w.show_error = lambda title, text: errors.append(text)
    w.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    return shown(qtbot, w, size)


def canvas_on(qtbot, doc, size=(1400, 800), centre=None):
    """``(session, canvas)``: a shown Canvas on a new session holding ``doc``; with a
    scene point ``centre``, at 1:1 zoom centred there and holding the keyboard focus."""
    session = Session(doc)
    canvas = shown(qtbot, Canvas(session), size)
    if centre is not None:
        canvas.reset_zoom()
        canvas.centerOn(*centre)
        canvas.setFocus()
    return session, canvas


def ids(session):
    """``{display name: node id}`` of the session's document."""
    doc = session.document
    return {doc.display_name(n): n for n in doc.node_ids}


def press_and_move(qtbot, canvas, a, b, steps=6):
    """Left button down at view point ``a`` and moved to ``b`` in ``steps`` (not released)."""
    w = canvas.viewport()
    qtbot.mousePress(w, Qt.LeftButton, pos=a)
    for i in range(1, steps + 1):
        p = a + (b - a) * (i / steps)
        qtbot.mouseMove(w, QPoint(round(p.x()), round(p.y())))


def drag(qtbot, canvas, a, b, steps=6):
    """A whole left-button drag in the viewport from view point ``a`` to ``b``."""
    press_and_move(qtbot, canvas, a, b, steps)
    qtbot.mouseRelease(canvas.viewport(), Qt.LeftButton, pos=b)


def double_click_palette(qtbot, w, kind):
    """Double-clicks the palette row of ``kind`` as a user does; returns the new node."""
    tree = w.palette.tree
    (item,) = tree.findItems(kind, Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive)
    tree.scrollToItem(item)
    centre = tree.visualItemRect(item).center()
    before = set(w.session.document.node_ids)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    (new,) = set(w.session.document.node_ids) - before
    return new


def menu_action(w, menu_title, text):
    """The QAction ``menu_title`` ▸ ``text`` of window ``w`` (mnemonics ignored)."""
    for top in w.menuBar().actions():
        if top.text().replace("&", "") == menu_title:
            for a in top.menu().actions():
                if a.text().replace("&", "") == text:
                    return a
    raise AssertionError(f"no {menu_title} ▸ {text}")


def started(tmp_path, script):
    """Runs ``script`` (which starts the app in-process) in a fresh interpreter, offscreen,
    with settings of its own under ``tmp_path``; returns its stdout, failing on an error."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CACHE_HOME=str(tmp_path / "cache"))
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def dead_items():
    """The canvas items whose C++ object is gone but whose Python wrapper something still
    holds (an item the scene owns lets go of its wrapper when it is deleted, so a dead
    wrapper that is still alive is a Python reference that outlived its scene)."""
    gc.collect()
    with warnings.catch_warnings():     # (isinstance on every live object reaches
        warnings.simplefilter("ignore")  # deprecated module attributes, torch's among them)
        return Counter(type(o).__qualname__ for o in gc.get_objects()
                       if isinstance(o, QGraphicsItem) and not Shiboken.isValid(o))


class Ticker:
    """A timer of the GUI thread that counts its ticks (every ``interval`` ms): how often
    the event loop got to run while something else was going on."""

    def __init__(self, interval=10):
        self.ticks = 0
        self.timer = QTimer()
        self.timer.setInterval(interval)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self):
        self.ticks += 1
