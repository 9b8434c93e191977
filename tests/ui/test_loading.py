"""Opening a big graph file: read, checked, built and run in a worker while the window
keeps handling events; Cancel leaves the open document untouched; small files still open
at once."""
import time

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QPushButton

from driving import Ticker

from gradstudio.document import Document, files
from gradstudio.ui import loading
from gradstudio.ui.main_window import MainWindow
from gradstudio.ui.tasks import CancelToken

NODES = 8_000        # about 1.6 MB: three times loading.BACKGROUND_BYTES


def chain(n):
    """x = ones(1) with requires_grad, then n - 1 nodes each adding 1 to the one before."""
    doc = Document()
    prev = doc.add_node("ones", {"requires_grad": True}, (0.0, 0.0), "x")
    for i in range(1, n):
        node = doc.add_node("add", {"other": 1.0}, (float(i % 100) * 200, float(i // 100) * 150))
        doc.connect(prev, node, "self")
        prev = node
    return doc


@pytest.fixture(scope="module")
def big_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("big") / "big.gsg"
    path.write_text(files.dumps(chain(NODES)), encoding="utf-8")
    assert path.stat().st_size > 2 * loading.BACKGROUND_BYTES
    return path


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"),
                                      QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    errors = w.errors = []          # the lambda holds the list, not the window
    w.show_error = lambda title, text: errors.append((title, text))
    w.files.set_document(chain(3), "", name="Old")
    w.show()
    qtbot.waitExposed(w)
    return w


def test_a_big_file_is_read_and_run_in_a_worker_while_the_window_keeps_ticking(
        qtbot, window, big_file, monkeypatch):
    from gradstudio.ui import session as session_module
    runs_here = []
    monkeypatch.setattr(session_module, "run", lambda doc: runs_here.append(doc))
    ticker, seen = Ticker(), []

    def run_once_the_window_has_ticked(doc):
        # the worker, its file read, waits for five ticks of the GUI thread's timer: they
        # come only if the event loop runs while the load is unfinished (a load in the GUI
        # thread would wait out the deadline and see none). A count of ticks over the
        # whole load instead depends on the machine's speed and load (once, on CI: one)
        start, deadline = ticker.ticks, time.monotonic() + 30
        while ticker.ticks - start < 5 and time.monotonic() < deadline:
            time.sleep(0.005)
        seen.append(ticker.ticks - start)
        return real_run(doc)

    real_run = loading.run
    monkeypatch.setattr(loading, "run", run_once_the_window_has_ticked)
    task = window.files.open_file(big_file)
    assert task is not None and task.running         # open_file returned at once
    assert window.windowTitle().startswith("Old")    # nothing replaced yet
    with qtbot.waitSignal(task.succeeded, timeout=120_000):
        pass
    ticker.timer.stop()
    assert seen and seen[0] >= 5                     # the event loop ran during the load
    doc = window.session.document
    assert len(doc.node_ids) == NODES and window.errors == []
    assert files.dumps(doc) == big_file.read_text(encoding="utf-8")
    assert window.windowTitle().startswith("big.gsg") and not window.session.is_modified
    assert runs_here == [] and window.session.result.order == doc.topological_order()
    assert window.files.recent_files()[0] == str(big_file.resolve())
    assert not task.dialog.isVisible()


def test_cancel_leaves_the_open_document_untouched(qtbot, window, big_file):
    before, text = window.session.document, files.dumps(window.session.document)
    task = window.files.open_file(big_file)
    with qtbot.waitSignal(task.cancelled, timeout=120_000):
        task.dialog.findChild(QPushButton).click()   # the dialog's Cancel button
    assert window.session.document is before and files.dumps(before) == text
    assert window.windowTitle().startswith("Old") and window.errors == []
    assert "cancelled" in window.statusBar().currentMessage()
    assert not task.dialog.isVisible() and not task.running


def test_a_defect_in_a_big_file_is_reported_and_the_open_document_kept(
        qtbot, window, big_file, tmp_path):
    bad = tmp_path / "bad.gsg"
    bad.write_text(big_file.read_text(encoding="utf-8").replace('"other": 1.0', '"other": "x"'),
                   encoding="utf-8")
    before = window.session.document
    task = window.files.open_file(bad)
    with qtbot.waitSignal(task.failed, timeout=120_000):
        pass
    assert window.session.document is before
    [(title, text)] = window.errors
    assert title == "Could not open the graph" and text.startswith("bad.gsg: nodes[1].params")


def test_a_small_file_still_opens_at_once(window, tmp_path):
    path = tmp_path / "small.gsg"
    path.write_text(files.dumps(chain(5)), encoding="utf-8")
    assert window.files.open_file(path) is True
    assert len(window.session.document.node_ids) == 5


def test_the_worker_reports_progress_and_stops_when_cancelled(big_file):
    reports, token = [], CancelToken()
    doc, result = loading.load_and_run(big_file, token, lambda *r: reports.append(r))
    total = 2 * NODES - 1
    assert reports[0] == (0, total) and reports[-1] == (0, 0)
    assert [d for d, _ in reports[:-1]] == sorted(d for d, _ in reports[:-1])
    assert all(t == total for _, t in reports[:-1]) and len(reports) > 10
    assert len(doc.node_ids) == NODES and result.order == doc.topological_order()

    def cancel_after_two(done, total):
        reports.append(done)
        if len(reports) > 1:
            token.cancel()
    reports.clear()
    with pytest.raises(loading.LoadCancelled):
        loading.load_and_run(big_file, token, cancel_after_two)
    assert len(reports) == 2


def test_the_progress_dialog_keeps_its_width_as_its_reports_grow(qtbot, window):
    # issue 29, seen under Xvfb: each longer report widened the dialog, moving Cancel
    # sideways from under the pointer (a wrapped label may still add a line below)
    from gradstudio.ui.tasks import Task
    task = Task(lambda token: None, "Open Graph", "Reading “big.gsg”…", window)
    task.dialog.show()
    qtbot.waitExposed(task.dialog)
    width, cancel = task.dialog.width(), task.dialog.findChild(QPushButton)
    where = cancel.mapTo(task.dialog, cancel.rect().topLeft())
    task.dialog.setLabelText("Reading “a file with a rather long name.gsg”: 189,000 of "
                             "199,999 nodes and edges checked…")
    qtbot.wait(10)                      # (a layout pass)
    assert task.dialog.width() == width
    assert cancel.mapTo(task.dialog, cancel.rect().topLeft()).x() == where.x()
    task.dialog.hide()


def test_the_overview_of_a_big_file_is_made_in_the_worker_and_shown_by_the_scene(
        qtbot, window, big_file, monkeypatch):
    # issue 29: the first frame of a 100,000-node file made every card's rectangle and
    # every edge's line in the GUI thread (a third of its stall); the worker makes them
    import threading
    from gradstudio.ui.canvas import sparse
    made = []
    real_lines = sparse.Places.lines

    def lines(places):
        if places._lines is None:
            made.append(threading.current_thread() is threading.main_thread())
        return real_lines(places)
    monkeypatch.setattr(sparse.Places, "lines", lines)
    task = window.files.open_file(big_file)
    with qtbot.waitSignal(task.succeeded, timeout=120_000):
        pass
    scene = window.canvas.scene()
    assert scene.sparse and scene.places is not None
    window.canvas.viewport().repaint()              # (the overview, drawn)
    assert made == [False]                          # made once, in the worker
    assert len(scene.places.lines()) == NODES - 1


def test_a_cancelled_open_keeps_nothing_the_worker_made(qtbot, window, big_file,
                                                       monkeypatch):
    # Cancel pressed just as the worker has made the overview: it is let go, not kept
    # for a scene that never shows its document
    from gradstudio.ui.canvas import sparse
    tasks = []

    def prepare_then_cancel(doc):
        real_prepare(doc)
        assert sparse._PREPARED
        tasks[0].token.cancel()
    real_prepare = loading.prepare_places
    monkeypatch.setattr(loading, "prepare_places", prepare_then_cancel)
    before = window.session.document
    tasks.append(window.files.open_file(big_file))
    with qtbot.waitSignal(tasks[0].cancelled, timeout=120_000):
        pass
    assert window.session.document is before and sparse._PREPARED == []
