"""Issue 29, long runs off the GUI thread: a run that does not finish within
``run_worker.WAIT_SECONDS`` goes on in the worker thread while the event loop keeps
turning (timers fire, edits and undo apply), the views keep the previous run meanwhile,
and only the newest run is ever shown. The runs here are made slow by a gate the test
opens (the real ``run`` waits for it in the worker thread), never by a clock."""
import gc
import threading

import pytest
from PySide6.QtCore import QTimer

import gradstudio.ui.run_worker as run_worker
import gradstudio.ui.session as session_module
from gradstudio.document.examples import autograd_tutorial
from gradstudio.ui.commands import SetParam
from gradstudio.ui.session import Session

from driving import ids


@pytest.fixture
def gate(monkeypatch):
    """``gate.close()`` makes every run from then on wait in the worker thread until
    ``gate.set()`` (always opened at the end, so the one worker thread is never left
    blocked)."""
    opened = threading.Event()
    real = session_module.run

    def slow_run(doc, focus=None, live=None):
        opened.wait()
        return real(doc, focus, live)

    def close():
        monkeypatch.setattr(run_worker, "WAIT_SECONDS", 0.0)
        monkeypatch.setattr(session_module, "run", slow_run)

    opened.close = close
    yield opened
    opened.set()


def y_value(session):
    return float(session.result.state(ids(session)["y"]).value[0, 0])


def test_the_window_keeps_going_while_a_slow_run_is_pending(qtbot, gate):
    session = Session(autograd_tutorial())
    gate.close()
    y = ids(session)["y"]
    before = session.result
    pending = []
    session.run_pending_changed.connect(pending.append)
    session.push(SetParam(session.document, y, "other", 5.0))
    assert session.run_pending and session.result is before and pending == [True]
    fired = []
    QTimer.singleShot(0, lambda: fired.append(True))
    qtbot.waitUntil(lambda: bool(fired))                # the event loop turns meanwhile
    session.undo_stack.undo()                     # ... and edits and undo apply
    session.undo_stack.redo()
    assert session.document.node(y).params["other"] == 5.0
    assert session.run_pending and session.result is before
    # the cyclic collector must not run in the worker thread (it could free Qt wrappers
    # there): it is off while a run is out, and on again once it is back
    assert not gc.isenabled()
    gate.set()
    qtbot.waitUntil(lambda: not session.run_pending)
    qtbot.waitUntil(gc.isenabled)
    assert y_value(session) == 6.0 and pending == [True, False]
    assert session.changes == {}                  # (x + 5: nothing gained or lost)


def test_a_superseded_run_is_never_shown(qtbot, gate):
    session = Session(autograd_tutorial())
    gate.close()
    y = ids(session)["y"]
    shown = []
    session.run_finished.connect(lambda r: shown.append(r))
    session.push(SetParam(session.document, y, "other", 5.0))
    session.push(SetParam(session.document, y, "other", 7.0))
    gate.set()
    qtbot.waitUntil(lambda: not session.run_pending)
    qtbot.waitUntil(lambda: bool(shown))
    for _ in range(3):                            # a late stale result would come now
        fired = []
        QTimer.singleShot(0, lambda: fired.append(True))
        qtbot.waitUntil(lambda: bool(fired))
    assert len(shown) == 1 and y_value(session) == 8.0


def test_opening_another_document_drops_the_pending_run(qtbot, gate):
    session = Session(autograd_tutorial())
    gate.close()
    y = ids(session)["y"]
    session.push(SetParam(session.document, y, "other", 5.0))
    assert session.run_pending
    other = autograd_tutorial()
    shown = []
    session.run_finished.connect(lambda r: shown.append(r))
    from gradstudio.document import run
    session.set_document(other, result=run(other))
    assert not session.run_pending and len(shown) == 1
    gate.set()
    for _ in range(3):
        fired = []
        QTimer.singleShot(0, lambda: fired.append(True))
        qtbot.waitUntil(lambda: bool(fired))
    assert len(shown) == 1 and y_value(session) == 3.0


def test_the_status_bar_says_a_run_is_going_on(qtbot, gate, tmp_path):
    from driving import main_window
    w = main_window(qtbot, tmp_path)
    w.files.set_document(autograd_tutorial())
    gate.close()
    label = w.busy.label
    assert not label.isVisible()
    w.session.push(SetParam(w.session.document, ids(w.session)["y"], "other", 5.0))
    assert label.isVisible() and label.text().startswith("Running the graph")
    gate.set()
    qtbot.waitUntil(lambda: not w.session.run_pending)
    assert not label.isVisible()


def test_opening_a_big_file_runs_it_only_after_a_run_going_on(qtbot, gate, tmp_path):
    from gradstudio.document import files
    from gradstudio.ui import loading
    from gradstudio.ui.tasks import CancelToken
    session = Session(autograd_tutorial())
    gate.close()
    session.push(SetParam(session.document, ids(session)["y"], "other", 5.0))
    qtbot.waitUntil(run_worker.ENGINE_LOCK.locked)         # the run waits at the gate
    path = tmp_path / "t.gsg"
    files.save(autograd_tutorial(), path)
    opened = []
    reader = threading.Thread(
        target=lambda: opened.append(loading.load_and_run(path, CancelToken())))
    reader.start()
    reader.join(0.5)        # (it cannot finish meanwhile: the engine is in use)
    alive = reader.is_alive()
    gate.set()
    reader.join()
    qtbot.waitUntil(lambda: not session.run_pending)
    assert alive and opened and opened[0][1].order == opened[0][0].topological_order()
