"""The canvas without a mouse: a student builds ``y = x + 2`` with key events only (no
mouse event reaches any widget), moves between nodes with the arrow keys, connects an
output to an input from the port picker, and sees the focus ring on the selected card."""
import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication

from gradstudio.document.export import export_script
from gradstudio.ui.canvas.keyboard import nearest_in_direction
from gradstudio.ui.help import ShortcutsDialog
from driving import main_window

_MOUSE = {QEvent.MouseButtonPress, QEvent.MouseButtonRelease, QEvent.MouseButtonDblClick,
          QEvent.MouseMove, QEvent.Wheel, QEvent.GraphicsSceneMousePress,
          QEvent.GraphicsSceneMouseRelease, QEvent.GraphicsSceneMouseDoubleClick}


class _MouseCounter(QObject):
    def __init__(self):
        super().__init__()
        self.seen = []

    def eventFilter(self, obj, event):
        if event.type() in _MOUSE and event.spontaneous() is False:
            self.seen.append((type(obj).__name__, event.type()))
        return False


@pytest.fixture
def window(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1366, 768))
    counter = w.mouse_counter = _MouseCounter()
    QApplication.instance().installEventFilter(counter)
    yield w
    QApplication.instance().removeEventFilter(counter)


def _key(qtbot, w, key, mods=Qt.NoModifier):
    qtbot.keyClick(QApplication.focusWidget() or w, key, mods)


def _quick_add(qtbot, w, kind):
    canvas = w.canvas
    qtbot.keyClick(canvas, Qt.Key_Tab)
    popup = canvas.quick_add
    qtbot.waitUntil(popup.isVisible)
    qtbot.keyClicks(popup.search, kind)
    with qtbot.waitSignal(w.session.run_finished):
        qtbot.keyClick(popup.search, Qt.Key_Return)


def _type_into_focus(qtbot, w, text):
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not w.canvas)
    field = QApplication.focusWidget()
    qtbot.keyClicks(field, text)
    with qtbot.waitSignal(w.session.run_finished):
        qtbot.keyClick(field, Qt.Key_Return)
    qtbot.keyClick(field, Qt.Key_Escape)          # back to the canvas
    qtbot.waitUntil(w.canvas.hasFocus)


def test_y_equals_x_plus_2_by_keyboard_alone(qtbot, window):
    w, s = window, window.session
    w.activateWindow()
    w.palette.setFocus()                            # somewhere else: Ctrl+1 brings it
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_1, Qt.ControlModifier)
    qtbot.waitUntil(w.canvas.hasFocus)
    _quick_add(qtbot, w, "ones")
    (x,) = s.selection
    _key(qtbot, w, Qt.Key_F2)                       # rename: x
    _type_into_focus(qtbot, w, "x")
    _quick_add(qtbot, w, "add")                     # wired to x, the selected node
    (y,) = s.selection
    assert y != x and s.document.inputs_of(y) == {"self": x}
    _key(qtbot, w, Qt.Key_Return)                   # its first parameter: other
    _type_into_focus(qtbot, w, "2")
    _key(qtbot, w, Qt.Key_F2)
    _type_into_focus(qtbot, w, "y")
    assert "y = x + 2" in export_script(s.document).text.splitlines()
    assert (s.state(y).value == 3.0).all()
    # the selected card is ringed while the canvas has the keyboard
    keys = w.canvas_keys
    assert keys.ring.isVisible() and keys.ring.node_id == y
    # the arrow keys walk the graph (y was placed below x: the spot was taken)
    _key(qtbot, w, Qt.Key_Up)
    assert s.selection == [x] and keys.ring.node_id == x
    _key(qtbot, w, Qt.Key_Down)
    assert s.selection == [y]
    assert w.mouse_counter.seen == []


def test_the_port_picker_connects_the_selected_output(qtbot, window):
    w, s = window, window.session
    w.activateWindow()
    w.canvas.setFocus()
    qtbot.waitUntil(w.canvas.hasFocus)
    _quick_add(qtbot, w, "ones")
    (a,) = s.selection
    s.select([])
    _quick_add(qtbot, w, "mul")                     # nothing selected: not wired
    (m,) = s.selection
    assert s.document.inputs_of(m) == {}
    s.select([])
    _key(qtbot, w, Qt.Key_Right)                    # nothing selected: the top-left node
    assert s.selection == [a]
    _key(qtbot, w, Qt.Key_K, Qt.ControlModifier)
    menu = w.canvas_keys.picker
    qtbot.waitUntil(menu.isVisible)
    texts = [act.text() for act in menu.actions()]
    assert texts[:2] == [f"{s.document.display_name(m)}.self",
                         f"{s.document.display_name(m)}.other"]
    qtbot.keyClick(menu, Qt.Key_Down)               # .other
    with qtbot.waitSignal(s.run_finished):
        qtbot.keyClick(menu, Qt.Key_Return)
    assert s.document.inputs_of(m) == {"other": a}
    assert w.mouse_counter.seen == []


def test_nearest_in_direction():
    centres = {"a": (0, 0), "b": (100, 5), "c": (90, 200), "d": (-100, 0)}
    assert nearest_in_direction(centres, "a", (1, 0)) == "b"
    assert nearest_in_direction(centres, "a", (0, 1)) == "c"
    assert nearest_in_direction(centres, "a", (-1, 0)) == "d"
    assert nearest_in_direction(centres, "a", (0, -1)) is None


def test_the_shortcut_list_names_the_canvas_keys(qtbot, window):
    rows = ShortcutsDialog(window).rows()
    keys = " | ".join(r[2] for r in rows)
    for wanted in ("Tab", "Space+drag or middle drag", "Left, Right, Up, Down", "Return",
                   "Ctrl+K", "Ctrl+Shift+N", "Ctrl+1"):
        assert wanted in keys


def test_the_canvas_keys_ignore_events_once_their_canvas_is_gone(qtbot):
    """At exit Qt sends a focus-out to the canvas's filter after the Python canvas is
    gone (its parent is then a bare QWidget): it is let through, not a traceback."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QFocusEvent
    from PySide6.QtWidgets import QWidget
    from gradstudio.ui.canvas.keyboard import CanvasKeys
    from gradstudio.document import Document
    from driving import canvas_on
    doc = Document()
    doc.add_node("ones", {"shape": (2,)}, label="x")
    session, canvas = canvas_on(qtbot, doc)
    keys = CanvasKeys(canvas)
    bare = QWidget()
    keys.setParent(bare)
    assert keys.eventFilter(bare, QFocusEvent(QEvent.FocusOut)) is False
