"""Random sequences of what a user does in the window — edits, undo and redo, the panels
(the probe's Jacobian and gradient check, the step-through, training, the lesson), a
connection dragged on the canvas — with File ▸ New, Open and the examples in between.
After every operation the window is whole: no error was shown, every canvas item
mirrors a node of the open document, the status bar counts that document, and no Python
reference outlives an item a new document dropped. Seeds make each sequence
reproducible; the failing seed and step are in the assertion's message."""
import random
from collections import Counter

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gradstudio.ui.probe_panel import CHECK, JACOBIAN
from gradstudio.ui.window_files import example_paths

from driving import dead_items, main_window, press_and_move

KINDS = ["ones", "randn", "exp", "sum", "mul", "tanh"]
STEPS = 20


def _nodes(w):
    return list(w.session.document.node_ids)


def _add(w, rng):
    if _nodes(w):
        w.session.select([rng.choice(_nodes(w))])
    w.edits.add_node(rng.choice(KINDS))


def _select(w, rng):
    nodes = _nodes(w)
    w.session.select(rng.sample(nodes, min(len(nodes), rng.randint(1, 2))) if nodes else [])


def _drag_connection(w, rng, qtbot):
    nodes = _nodes(w)
    if len(nodes) < 2:
        return
    a, b = rng.sample(nodes, 2)
    canvas = w.canvas
    canvas.centerOn(canvas.item(a).output_pos())
    start = canvas.mapFromScene(canvas.item(a).output_pos())
    end = canvas.mapFromScene(canvas.item(b).sceneBoundingRect().center())
    press_and_move(qtbot, canvas, start, end)
    if rng.random() < 0.3:                 # File ▸ New while the mouse is still down
        w.new_action.trigger()
    qtbot.mouseRelease(canvas.viewport(), Qt.MouseButton.LeftButton, pos=end)


def _probe(w, rng):
    w.probe_action.trigger()
    w.probe_panel.show_tab(rng.choice([JACOBIAN, CHECK]))
    if rng.random() < 0.7:
        w.probe_panel.check_every_leaf()


def _walk(w, rng):
    w.walk_action.trigger()
    for _ in range(rng.randint(0, 3)):
        w.walk_next_action.trigger()


def _panel(w, rng):
    name = rng.choice(["training", "lesson", "autograd", "walk", "probe"])
    w.docks[name].show()
    w.docks[name].raise_()
    if name == "lesson":
        w.next_cell_action.trigger()


def _open_saved(w, rng, tmp_path):
    path = tmp_path / f"saved{rng.randint(0, 2)}.gsg"
    if rng.random() < 0.5 or not path.exists():
        w.ask_save_path = lambda *_: str(path)
        w.save_as_action.trigger()
    w.ask_open_path = lambda *_: str(path)
    w.open_action.trigger()


OPERATIONS = {
    "add": _add, "select": _select,
    "undo": lambda w, rng: w.undo_action.trigger(),
    "redo": lambda w, rng: w.redo_action.trigger(),
    "delete": lambda w, rng: w.delete_action.trigger(),
    "backward": lambda w, rng: w.backward_action.trigger(),
    "no_grad": lambda w, rng: w.no_grad_action.trigger(),
    "probe": _probe, "walk": _walk, "panel": _panel,
    "new": lambda w, rng: w.new_action.trigger(),
    "example": lambda w, rng: w.files.open_example(rng.choice(example_paths())),
}


def _check_whole(w, where):
    doc = w.session.document
    assert w.errors == [], where
    scene = w.canvas.scene()
    assert set(scene.nodes) == set(doc.node_ids), where
    assert {(e.source_id, e.target_id, e.port) for e in scene.edges.values()} == \
        set(doc.edges()), where
    n = len(doc.node_ids)
    assert w.run_label.text().startswith(f"{n} node{'s' * (n != 1)} · "), where
    for marks in (scene.marks, scene.walk_marks, scene.check_marks):
        assert set(marks.marks) <= set(doc.node_ids), where


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_operations_keep_the_window_whole(qtbot, tmp_path, seed):
    rng = random.Random(seed)
    w = main_window(qtbot, tmp_path, size=(1400, 900))
    w.files.open_example(example_paths()[0])
    earlier = dead_items()
    names = sorted(OPERATIONS) + ["drag", "open"]
    for step in range(STEPS):
        name = rng.choice(names)
        if name == "drag":
            _drag_connection(w, rng, qtbot)
        elif name == "open":
            _open_saved(w, rng, tmp_path)
        else:
            OPERATIONS[name](w, rng)
        QApplication.processEvents()
        _check_whole(w, f"seed {seed}, step {step}: {name}")
    assert dead_items() - earlier == Counter()
