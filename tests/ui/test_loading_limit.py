"""The biggest graph file the reader accepts (``reader.MAX_NODES`` nodes) opens through
the window's real path (File ▸ Open's ``open_file``: read, built and run in a worker
under the progress dialog), the window's event loop running meanwhile, and the view
paints it; Cancel during such an open leaves the open graph as it was (issue 29). Nothing
here is timed: ``benchmarks/open_phases.py`` measures how long each phase takes."""
import json

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QPushButton

from driving import Ticker

from gradstudio.document import Document, files
from gradstudio.document.migrations import FORMAT_VERSION
from gradstudio.document.reader import MAX_NODES
from gradstudio.ui.main_window import MainWindow

LONG = 900_000          # ms: a guard against hanging, not a measure (a loaded machine)


@pytest.fixture(scope="module")
def biggest(tmp_path_factory):
    """A file of MAX_NODES nodes: ``ones`` with requires_grad, then a chain of ``add``
    (written as text: building it through the document API would take longer than
    reading it)."""
    nodes = [{"id": "x", "kind": "ones", "params": {"requires_grad": True},
              "position": [0.0, 0.0]}]
    nodes += [{"id": f"n{i}", "kind": "add", "params": {"other": 1.0},
               "position": [float(i % 300) * 220, float(i // 300) * 160]}
              for i in range(1, MAX_NODES)]
    edges = [{"source": "x" if i == 1 else f"n{i - 1}", "target": f"n{i}", "port": "self"}
             for i in range(1, MAX_NODES)]
    path = tmp_path_factory.mktemp("biggest") / "biggest.gsg"
    path.write_text(json.dumps({"format_version": FORMAT_VERSION, "nodes": nodes,
                                "edges": edges}), encoding="utf-8")
    return path


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"),
                                      QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    errors = w.errors = []          # the lambda holds the list, not the window
    w.show_error = lambda title, text: errors.append((title, text))
    small = Document()
    small.add_node("ones", {}, (0.0, 0.0), "old")
    w.files.set_document(small, "", name="Old")
    w.show()
    qtbot.waitExposed(w)
    return w


def test_the_biggest_file_opens_in_the_window_and_cancel_keeps_the_open_graph(
        qtbot, window, biggest):
    # Cancel first: once the worker has reported progress, the dialog's Cancel button
    before, text = window.session.document, files.dumps(window.session.document)
    task = window.files.open_file(biggest)
    assert task is not None and task.running          # open_file returned at once
    qtbot.waitUntil(lambda: task.dialog.value() > 0, timeout=LONG)
    with qtbot.waitSignal(task.cancelled, timeout=LONG):
        task.dialog.findChild(QPushButton).click()
    assert window.session.document is before and files.dumps(before) == text
    assert window.windowTitle().startswith("Old") and window.errors == []
    assert not task.running and not task.dialog.isVisible()

    # then the whole open, the event loop ticking while the worker reads and runs
    ticks = Ticker(20)
    task = window.files.open_file(biggest)
    with qtbot.waitSignal(task.succeeded, timeout=LONG):
        pass
    ticks.timer.stop()
    assert ticks.ticks > 0
    doc, scene = window.session.document, window.canvas.scene()
    assert len(doc.node_ids) == MAX_NODES and window.errors == []
    assert window.windowTitle().startswith("biggest.gsg") and not window.session.is_modified
    assert window.session.result.order == doc.topological_order()
    last = window.session.result.state(f"n{MAX_NODES - 1}")
    assert last.ok and set(last.value.ravel().tolist()) == {float(MAX_NODES)}
    assert scene.sparse and len(scene.nodes) < MAX_NODES    # cards only where the view is
    qtbot.waitUntil(lambda: not window.session.run_pending and
                    not getattr(scene, "realizing", False), timeout=LONG)
    frame = window.canvas.viewport().grab().toImage()       # the view paints it
    assert not frame.isNull() and frame.width() > 0
