"""Qt objects have one owner and never sit in Python reference cycles: a window, a canvas
or a session that is dropped is freed by reference counting and Qt's parent/child
ownership, not by the cyclic garbage collector, which frees a cycle's objects in an order
Qt does not survive (PySide then crashes the process, as it did in the test suite).

Each test builds something as a user would use it, drops it, and asks the collector what
it would have had to free: no Qt wrapper may be among it."""
import gc
import os
import subprocess
import sys
import textwrap
import weakref
from collections import Counter

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QSettings, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMessageBox
from shiboken6 import Shiboken

from gradstudio.document.examples import autograd_tutorial, build as build_example
from gradstudio.ui.canvas import Canvas
from gradstudio.ui.inspector import Inspector
from gradstudio.ui.main_window import MainWindow
from gradstudio.ui.session import Session

from driving import canvas_on, dead_items, drag, ids, press_and_move


def _flush_deferred_deletes():
    for _ in range(2):   # deleteLater'd widgets go, then what they held
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()


def _qt_wrappers_in_cycles(build):
    """Runs ``build()``, which makes its objects, uses them and returns weak references
    to the ones it dropped; checks those are gone once Qt has deleted what was
    deleteLater'd, before any collection; then collects and returns the Qt wrappers the
    collector found in reference cycles, counted by class."""
    _flush_deferred_deletes()
    gc.collect()             # what earlier tests left is not this build's
    gc.disable()
    try:
        dropped = build()
        _flush_deferred_deletes()
        alive = [r() for r in dropped if r() is not None]
        assert not alive, f"still alive without the collector: {alive}"
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        found = Counter(type(o).__qualname__ for o in gc.garbage
                        if isinstance(o, Shiboken.Object))
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    return found


def test_a_session_with_edits_and_undo_history_is_freed_without_the_collector():
    def build():
        session = Session(autograd_tutorial())
        x = ids(session)["x"]
        session.select([x])
        from gradstudio.ui.commands import AddNode, SetParam
        session.push(AddNode(session.document, "exp", position=(0.0, 300.0),
                             inputs={"self": x}))
        session.push(SetParam(session.document, ids(session)["y"], "other", 3.0))
        session.undo_stack.undo()
        session.set_document(autograd_tutorial())   # a second document, history cleared
        return [weakref.ref(session), weakref.ref(session.undo_stack)]
    assert _qt_wrappers_in_cycles(build) == Counter()


def test_a_canvas_used_with_the_mouse_is_freed_without_the_collector(qtbot):
    def build():
        session = Session(autograd_tutorial())
        canvas = Canvas(session)
        canvas.resize(1200, 700)
        canvas.show()
        qtbot.waitExposed(canvas)
        canvas.reset_zoom()
        canvas.centerOn(0, 0)
        y = canvas.item(ids(session)["y"])
        start = canvas.mapFromScene(y.sceneBoundingRect().center())
        drag(qtbot, canvas, start, start + QPoint(80, 60))
        session.select(list(session.document.node_ids))
        canvas.copy_selection()
        canvas.paste()
        session.undo_stack.undo()   # the edit's marks come and go with the runs
        canvas.close()
        canvas.deleteLater()
        return [weakref.ref(canvas), weakref.ref(canvas.scene()), weakref.ref(session)]
    found = _qt_wrappers_in_cycles(build)
    assert found == Counter(), found


def test_a_main_window_with_a_document_is_freed_without_the_collector(qtbot, tmp_path):
    def build():
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings=settings)
        window.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
        window.resize(1400, 900)
        window.show()
        qtbot.waitExposed(window)
        window.session.set_document(build_example("01_autograd_tutorial"))
        names = ids(window.session)
        window.session.select([names["y"]])          # the inspector's editors and plot
        QApplication.processEvents()
        window.edits.add_node("exp")
        window.session.undo_stack.undo()
        window.session.select([names["out"]])
        QApplication.processEvents()
        window.close()
        window.deleteLater()
        return [weakref.ref(window), weakref.ref(window.session),
                weakref.ref(window.findChild(Inspector))]
    found = _qt_wrappers_in_cycles(build)
    assert found == Counter(), found


def test_the_canvas_keeps_no_python_references_between_its_items(session, qtbot):
    """Cards and edges know each other by id only; the scene looks them up."""
    canvas = Canvas(session)
    qtbot.addWidget(canvas)
    scene = canvas.scene()
    items = list(scene.nodes.values()) + list(scene.edges.values())
    for item in items:
        held = [r for r in gc.get_referents(vars(item)) if isinstance(r, Shiboken.Object)]
        assert not any(r is other for r in held for other in items), type(item).__name__


def test_a_process_that_copied_nodes_exits_cleanly():
    """The clipboard owns the copied QMimeData; left for Qt to free after Python has shut
    down, it crashed the process on its way out (exit status 139 after every test had
    passed)."""
    script = textwrap.dedent("""
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from gradstudio.document.examples import autograd_tutorial
        from gradstudio.ui.canvas import Canvas
        from gradstudio.ui.session import Session
        session = Session(autograd_tutorial())
        canvas = Canvas(session)
        session.select(list(session.document.node_ids))
        assert canvas.copy_selection()
        print("copied")
    """)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=60)
    assert (done.returncode, done.stdout.strip()) == (0, "copied"), done.stderr[-2000:]


def test_a_new_document_leaves_no_reference_to_the_items_it_dropped(qtbot):
    """Every kind of canvas item the Python side holds, made and then dropped by a new
    document: the last edit's marks, the step-through's ring, the gradient check's ✓, a
    connection and a move (with a region's hint) dragged when the document goes."""
    earlier = dead_items()           # (whatever an earlier test still holds is not ours)
    session, canvas = canvas_on(qtbot, build_example("03_vector_jacobian_product"),
                                centre=(300, 300))
    scene = canvas.scene()
    names = ids(session)
    scene.show_gradient_checks({names["x"]: True})
    scene.walk_marks.show_marks([(names["x"], "running", [("AccumulateGrad", "running")])])
    scene.marks.show_marks([(names["x"], "gained", [("+ .grad", "gained")])])
    for start in (lambda item: canvas.mapFromScene(item.output_pos()),      # connecting
                  lambda item: canvas.mapFromScene(item.sceneBoundingRect().center())):
        session.document.add_region([names["x"]]) if not session.document.regions else None
        a = start(canvas.item(names["x"]))
        press_and_move(qtbot, canvas, a, a + QPoint(60, 90))
        assert canvas.mode is not None
        session.set_document(build_example("03_vector_jacobian_product"))
        assert canvas.mode is None                  # the drag ended with its document
        qtbot.mouseRelease(canvas.viewport(), Qt.MouseButton.LeftButton, pos=a)
        assert dead_items() - earlier == Counter()
        names = ids(session)
    assert len(scene.nodes) == len(session.document.node_ids)


def test_a_right_click_menu_open_when_the_document_goes_closes_and_holds_no_item(qtbot):
    """Its entries would edit the old document (and a region's held the region's item);
    the node search, which lists the old document's nodes, closes too."""
    earlier = dead_items()
    session, canvas = canvas_on(qtbot, autograd_tutorial(), centre=(300, 200))
    names = ids(session)
    session.document.add_region([names["y"]])
    frame = canvas.scene().regions[next(iter(session.document.regions))].frame
    at = canvas.mapFromScene(frame.topLeft()) + QPoint(3, 3)      # on the frame's edge
    canvas.contextMenuEvent(QContextMenuEvent(QContextMenuEvent.Reason.Mouse, at,
                                              canvas.viewport().mapToGlobal(at)))
    menu = canvas.context_menu
    assert [a.text() for a in menu.actions()][:1] == ["Remove no_grad region"]
    canvas.open_node_search()                   # (it lists the old document's nodes)
    session.set_document(autograd_tutorial())
    assert canvas.context_menu is None and not menu.isVisible()
    assert not canvas.node_search.isVisible()
    del menu
    _flush_deferred_deletes()
    assert dead_items() - earlier == Counter()


def test_dead_items_finds_an_item_held_past_its_scene(qtbot):
    """The checker above, proven on a planted reference."""
    earlier = dead_items()
    session, canvas = canvas_on(qtbot, autograd_tutorial())
    held = canvas.scene().nodes[ids(session)["x"]]
    session.set_document(autograd_tutorial())
    assert dead_items() - earlier == Counter({"NodeItem": 1})
    del held
    assert dead_items() - earlier == Counter()


def test_a_window_with_the_classroom_panels_used_is_freed_without_the_collector(
        qtbot, tmp_path, monkeypatch):
    """The exercise, notes, keyboard, graph list and compare panels, each used once."""
    from gradstudio.document.files import load
    from gradstudio.document.examples import EXAMPLES_DIR
    from gradstudio.ui.canvas import notes as notes_module
    monkeypatch.setattr(notes_module, "ask_note_text", lambda parent, text: "a *note*")

    def build():
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings=settings)
        window.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
        window.resize(1366, 768)
        window.show()
        qtbot.waitExposed(window)
        s = window.session
        s.set_document(load(EXAMPLES_DIR / "14_exercise_tutorial_x_grad.gsg"))
        QApplication.processEvents()
        for name in ("exercise", "graph_list", "compare"):
            window.docks[name].show()
            window.docks[name].raise_()
        QApplication.processEvents()
        panel = window.panel("exercise")
        panel.row("q1").answer.setText("AddBackward0")
        panel.check("q1")
        window.panel("compare").keep_run()
        s.select(["n2"])
        window.add_note_action.trigger()
        window.canvas_keys.open_port_picker()
        window.canvas_keys.picker.close()
        window.canvas_keys.move_selection((1, 0))
        s.undo_stack.undo()
        QApplication.processEvents()
        window.close()
        window.deleteLater()
        return [weakref.ref(window), weakref.ref(window.session), weakref.ref(panel)]
    found = _qt_wrappers_in_cycles(build)
    assert found == Counter(), found
