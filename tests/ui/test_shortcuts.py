"""Every keyboard shortcut, pressed as a user presses it, does what the README says; no
sequence belongs to two commands, whatever the platform binds to Qt's standard keys."""
from collections import Counter

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox

from gradstudio.document.examples import build
from gradstudio.ui import shortcuts
from gradstudio.ui.main_window import MainWindow

from driving import ids, shown

K = QKeySequence.StandardKey

# what KDE and GNOME bind (Qt's generic Unix theme): Delete is Del *and* Ctrl+D there,
# Redo only Ctrl+Shift+Z; offscreen, Qt binds neither, so the clash is simulated
DESKTOP_LINUX = {K.Delete: ["Del", "Ctrl+D"], K.Redo: ["Ctrl+Shift+Z"],
                 K.Undo: ["Ctrl+Z"], K.Quit: ["Ctrl+Q"]}


def _desktop_bindings(standard):
    return [QKeySequence(s) for s in DESKTOP_LINUX.get(standard, [])]


def test_a_standard_binding_another_command_names_goes_to_that_command():
    wanted = {"delete": (["Del"], K.Delete), "detach": (["Ctrl+D"], None),
              "redo": (["Ctrl+Shift+Z", "Ctrl+Y"], K.Redo), "quit": ([], K.Quit)}
    got = {name: [k.toString() for k in keys]
           for name, keys in shortcuts.resolve(wanted, _desktop_bindings).items()}
    assert got == {"delete": ["Del"], "detach": ["Ctrl+D"],
                   "redo": ["Ctrl+Shift+Z", "Ctrl+Y"], "quit": ["Ctrl+Q"]}


def test_two_commands_naming_one_sequence_is_refused():
    with pytest.raises(ValueError, match="Ctrl\\+D"):
        shortcuts.resolve({"a": (["Ctrl+D"], None), "b": (["Ctrl+D"], None)})


def test_the_window_under_desktop_bindings_keeps_ctrl_d_for_detach(qtbot, tmp_path,
                                                                   monkeypatch):
    monkeypatch.setattr(shortcuts.QKeySequence, "keyBindings", _desktop_bindings)
    w = _window(qtbot, tmp_path)
    assert _sequences(w)["Ctrl+D"] == [w.detach_action]
    assert _sequences(w)["Ctrl+Y"] == [w.redo_action]
    assert all(len(actions) == 1 for actions in _sequences(w).values())


def _sequences(window):
    held = {}
    for action in window.findChildren(QAction):
        for key in action.shortcuts():
            held.setdefault(key.toString(), []).append(action)
    return held


def _window(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = MainWindow(settings=settings)
    w.asked = Counter()
    asked = w.asked                       # the lambdas hold the counter, not the window
    w.show_error = lambda title, text: asked.update(["error"])
    w.ask_save_changes = lambda: asked.update(["save?"]) or QMessageBox.StandardButton.Discard
    w.ask_open_path = lambda caption, flt: asked.update(["open"]) or ""
    w.ask_save_path = lambda caption, flt, suggested: asked.update(["save as"]) or ""
    return shown(qtbot, w, (1400, 900))


def test_no_sequence_belongs_to_two_commands(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    clashes = {k: [a.text() for a in v] for k, v in _sequences(w).items() if len(v) > 1}
    assert clashes == {}


@pytest.fixture
def window(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    w.session.set_document(build("01_autograd_tutorial"))
    w.canvas.setFocus()
    qtbot.waitUntil(w.canvas.hasFocus)
    return w


def press(qtbot, w, sequence):
    """Types ``sequence`` (e.g. "Ctrl+Shift+Z") on the focused canvas."""
    combo = QKeySequence(sequence)[0]
    qtbot.keyClick(w.canvas.viewport() if w.canvas.viewport().hasFocus() else w.canvas,
                   combo.key(), combo.keyboardModifiers())
    QApplication.processEvents()


def test_ctrl_d_inserts_a_detach_after_the_selected_node(window, qtbot):
    y = ids(window.session)["y"]
    window.session.select([y])
    press(qtbot, window, "Ctrl+D")
    kinds = [window.session.document.node(n).kind for n in window.session.document.node_ids]
    assert kinds.count("detach") == 1


@pytest.mark.parametrize("redo", ["Ctrl+Shift+Z", "Ctrl+Y"])
def test_undo_and_both_redo_keys(window, qtbot, redo):
    y = ids(window.session)["y"]
    window.session.select([y])
    press(qtbot, window, "Ctrl+D")
    n = len(window.session.document.node_ids)
    press(qtbot, window, "Ctrl+Z")
    assert len(window.session.document.node_ids) == n - 1
    press(qtbot, window, redo)
    assert len(window.session.document.node_ids) == n


def test_edit_keys_cut_copy_paste_delete_select_all(window, qtbot):
    doc = window.session.document
    n = len(doc.node_ids)
    press(qtbot, window, "Ctrl+A")
    assert sorted(window.session.selection) == sorted(doc.node_ids)
    window.session.select([ids(window.session)["out"]])
    press(qtbot, window, "Ctrl+C")
    press(qtbot, window, "Ctrl+V")
    assert len(window.session.document.node_ids) == n + 1
    press(qtbot, window, "Del")                     # the pasted copy is selected
    assert len(window.session.document.node_ids) == n
    window.session.select([ids(window.session)["out"]])
    press(qtbot, window, "Ctrl+X")
    assert "out" not in ids(window.session)


def test_graph_keys_backward_no_grad_rename_arrange(window, qtbot):
    s = window.session
    actions = len(s.document.timeline)
    s.select([ids(s)["z"]])
    press(qtbot, window, "Ctrl+B")
    assert len(s.document.timeline) == actions + 1
    assert s.document.timeline[-1].params["target"] == ids(s)["z"]
    press(qtbot, window, "Ctrl+G")
    assert len(s.document.regions) == 1
    steps = s.undo_stack.count()
    press(qtbot, window, "Ctrl+L")
    assert s.undo_stack.count() == steps + 1       # one undo step moving the nodes
    s.select([ids(s)["y"]])
    press(qtbot, window, "F2")
    assert window.inspector.name.edit.hasFocus()


def test_view_keys_zoom_and_fit(window, qtbot):
    canvas = window.canvas
    press(qtbot, window, "Ctrl+0")
    assert canvas.transform().m11() == pytest.approx(1.0)
    press(qtbot, window, "Ctrl+=")
    assert canvas.transform().m11() > 1.0
    press(qtbot, window, "Ctrl+0")
    press(qtbot, window, "Ctrl+-")
    assert canvas.transform().m11() < 1.0
    for _ in range(8):
        press(qtbot, window, "Ctrl+=")
    scene = canvas.scene()
    visible = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
    assert not visible.contains(scene.nodes_rect())
    press(qtbot, window, "F")
    visible = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
    assert visible.contains(scene.nodes_rect())


def test_file_keys_new_open_save_save_as(window, qtbot):
    press(qtbot, window, "Ctrl+O")
    assert window.asked["open"] == 1
    press(qtbot, window, "Ctrl+Shift+S")
    assert window.asked["save as"] == 1
    press(qtbot, window, "Ctrl+S")                   # never saved: asks where
    assert window.asked["save as"] == 2
    press(qtbot, window, "Ctrl+N")
    assert window.session.document.node_ids == []


def test_ctrl_q_closes_the_window(window, qtbot):
    press(qtbot, window, "Ctrl+Q")
    qtbot.waitUntil(lambda: not window.isVisible())
