"""A session survives File ▸ New and Open after any panel has drawn on the canvas: the
gradient check's ✓ marks, the step-through's ring and the last edit's marks are drawn by
items the scene owns, and a new document drops them with everything else (they used to
outlive it: "Internal C++ object (_Overlay) already deleted" on every later edit, and
panels left half-updated)."""
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from gradstudio.ui import commands
from gradstudio.ui.probe_panel import CHECK
from gradstudio.ui.window_files import example_paths, example_title

from driving import ids, main_window


def _example(title):
    (path,) = [p for p in example_paths() if example_title(p) == title]
    return path


def press(qtbot, w, sequence):
    """Types ``sequence`` (e.g. "Ctrl+N") on the canvas, as a user does."""
    w.canvas.setFocus()
    qtbot.waitUntil(w.canvas.hasFocus)
    combo = QKeySequence(sequence)[0]
    qtbot.keyClick(w.canvas, combo.key(), combo.keyboardModifiers())
    QApplication.processEvents()


def test_new_after_a_gradient_check_leaves_a_working_session(qtbot, tmp_path):
    """Examples ▸ Vector-Jacobian product, Ctrl+J, the Gradient check tab, Ctrl+N: then
    every edit works and every panel follows the new document."""
    w = main_window(qtbot, tmp_path, size=(1400, 900))
    (example,) = [a for a in w.examples_menu.actions() if a.text() == "Vector-Jacobian product"]
    example.trigger()                      # File ▸ Examples ▸ Vector-Jacobian product
    assert len(w.session.document.node_ids) > 5
    press(qtbot, w, "Ctrl+J")
    assert w.docks["probe"].isVisible()
    w.probe_panel.show_tab(CHECK)
    w.probe_panel.check_all_button.click()
    assert w.canvas.scene().check_marks.marks       # ✓ on the checked leaves
    press(qtbot, w, "Ctrl+N")
    assert w.session.document.node_ids == []
    w.edits.add_node("ones")                     # the first edit of the new document
    w.session.undo_stack.undo()
    w.session.undo_stack.redo()
    assert len(w.canvas.scene().nodes) == 1
    assert w.run_label.text().startswith("1 node · 0 actions")
    w.files.open_example(_example("Vector-Jacobian product"))   # and back: panels follow
    n = len(w.session.document.node_ids)
    assert len(w.canvas.scene().nodes) == n
    assert w.run_label.text().startswith(f"{n} nodes")
    w.probe_panel.check_all_button.click()
    assert set(w.canvas.scene().check_marks.marks) <= set(ids(w.session).values())
    assert w.errors == []


def test_open_while_stepping_through_a_backward_leaves_a_working_session(qtbot, tmp_path):
    """The step-through rings the node it is at; File ▸ Open replaces the document."""
    w = main_window(qtbot, tmp_path, size=(1400, 900))
    w.files.open_example(_example("Autograd tutorial"))
    saved = tmp_path / "saved.gsg"
    w.ask_save_path = lambda *_: str(saved)
    assert w.files.save_as()
    w.session.push(commands.AddNode(w.session.document, "exp", position=(0.0, 400.0)))
    press(qtbot, w, "Ctrl+Shift+B")
    press(qtbot, w, "F10")
    assert w.canvas.scene().walk_marks.marks        # the ring on the node stepped to
    w.ask_open_path = lambda *_: str(saved)
    press(qtbot, w, "Ctrl+O")
    assert w.session.path == str(saved.resolve())
    n = len(w.session.document.node_ids)
    assert len(w.canvas.scene().nodes) == n and w.run_label.text().startswith(f"{n} nodes")
    press(qtbot, w, "Ctrl+Shift+B")
    press(qtbot, w, "F10")
    w.edits.add_node("ones")
    assert w.errors == []
