"""Training that plays live, as a user drives it: open a Playground example, ▶, watch the
iterations arrive, change the learning rate while it plays, ❚❚, scrub, step, and Keep
(one undo step) or Discard (the document untouched). Every wait is a ``waitUntil`` on
what the views show; nothing is timed."""
import numpy as np

from gradstudio.document import run
from gradstudio.document.data_view import data_view
from gradstudio.document.examples import build
from gradstudio.document.files import dumps
from gradstudio.ui import live as live_module
from gradstudio.ui.commands import SetActionParam

from driving import main_window

TIMEOUT = 120000          # (a busy machine; the waits end as soon as the views agree)


def _open(qtbot, tmp_path, name="18_playground_xor"):
    w = main_window(qtbot, tmp_path, (1366, 768))
    w.session.set_document(build(name))
    qtbot.waitUntil(lambda: "data" in w.built_panels(), timeout=TIMEOUT)
    data, training = w.panel("data"), w.panel("training")
    qtbot.waitUntil(lambda: data.image_values() is not None, timeout=TIMEOUT)
    loop = next(a.id for a in w.session.document.timeline if a.kind == "loop")
    loss = next(n.id for n in w.session.document.nodes() if n.label == "loss")
    return w, data, training, loop, loss


def _settled(w, live):
    return live.state in ("paused", "ended", "idle") and not live.in_flight and \
        not w.session.run_pending


def _playing_shown(session, loop, iterations):
    """The views show a live run's result of at least ``iterations`` iterations."""
    note = session.result.outcome(loop).note or ""
    return note.startswith("Playing live") and \
        session.result.histories[loop].iterations >= iterations


def _history(session, loop, loss):
    return session.result.histories[loop].scalar(loss).copy()


def test_play_change_lr_pause_scrub_keep_and_undo(qtbot, tmp_path, monkeypatch):
    # one iteration a frame: the loop cannot end between a condition seen and a click
    monkeypatch.setattr(live_module, "MOST_PER_FRAME", 1)
    w, data, training, loop, loss = _open(qtbot, tmp_path)
    session, bar = w.session, data.live_bar
    live, original = bar.live, dumps(session.document)
    assert bar.play.text() == "▶" and not bar.keep.isVisible()
    bar.play.click()
    assert bar.play.text() == "❚❚" and live.state == "playing"
    # the views grow with the live run: the curves and the boundary follow its iterations
    qtbot.waitUntil(lambda: _playing_shown(session, loop, 3), timeout=TIMEOUT)
    assert data.status_text().startswith("iteration ")
    assert session.result.histories[loop].iterations < 150
    bar.lr.setValue(0.3)                              # while it plays
    qtbot.waitUntil(lambda: bool(live.run.changes), timeout=TIMEOUT)
    at = live.run.changes[0].at
    qtbot.waitUntil(lambda: live.run.done >= at + 3, timeout=TIMEOUT)
    bar.play.click()                                  # ❚❚
    qtbot.waitUntil(lambda: _settled(w, live), timeout=TIMEOUT)
    done = live.run.done
    assert bar.play.text() == "▶" and bar.keep.isEnabled() and bar.discard.isEnabled()
    assert session.iteration(loop) == done - 1        # the scrubber at that iteration
    assert training.marker_iteration() == done - 1
    assert training.mark_texts() == [(at, "lr 0.3")]
    assert data.status_text().startswith(f"iteration {done} of 150")
    played = _history(session, loop, loss)
    assert len(played) == done
    plain = run(session.document).histories[loop].scalar(loss)
    assert np.array_equal(played[:at + 1], plain[:at + 1])
    assert not np.array_equal(played[at + 1:], plain[at + 1:done])

    training.show_iteration(1)                        # scrub while paused
    qtbot.waitUntil(lambda: session.iteration(loop) == 1 and _settled(w, live),
                    timeout=TIMEOUT)
    assert data.status_text().startswith(f"iteration 2 of 150")
    want = data_view(session.document,
                     run(session.document, {loop: 1}, live=live.run.plan()))
    assert np.array_equal(data.image_values(), want.image)
    assert live.state == "paused"

    bar.keep.click()                                  # Keep: one undo step
    qtbot.waitUntil(lambda: not session.run_pending, timeout=TIMEOUT)
    doc = session.document
    assert live.state == "idle" and session.live is None
    assert doc.action(loop).params["count"] == done
    change = next(a for a in doc.timeline if a.kind == "change_lr")
    assert (change.params["at"], change.params["lr"]) == (at, 0.3)
    assert np.array_equal(_history(session, loop, loss), played)    # the exact re-run
    assert training.mark_texts() == [(at, "lr 0.3")]
    assert session.undo_stack.undoText() == "Keep the live run"
    session.undo_stack.undo()
    qtbot.waitUntil(lambda: not session.run_pending, timeout=TIMEOUT)
    assert dumps(session.document) == original
    assert np.array_equal(_history(session, loop, loss), plain)
    assert training.mark_texts() == []


def test_step_and_discard_leave_the_document_untouched(qtbot, tmp_path):
    w, data, training, loop, loss = _open(qtbot, tmp_path, "19_playground_circles")
    session, bar = w.session, training.live_bar
    live, original, undo = bar.live, dumps(session.document), session.undo_stack.count()
    plain = _history(session, loop, loss)
    bar.step.click()
    qtbot.waitUntil(lambda: _settled(w, live) and live.run.done == 1, timeout=TIMEOUT)
    bar.step.click()
    qtbot.waitUntil(lambda: _settled(w, live) and live.run.done == 2, timeout=TIMEOUT)
    assert live.state == "paused" and session.result.histories[loop].iterations == 2
    assert np.array_equal(_history(session, loop, loss), plain[:2])
    assert data.live_bar.status.text() == "paused at 2 / 200"
    bar.discard.click()
    qtbot.waitUntil(lambda: not session.run_pending, timeout=TIMEOUT)
    assert live.state == "idle" and session.live is None
    assert dumps(session.document) == original and session.undo_stack.count() == undo
    assert np.array_equal(_history(session, loop, loss), plain)


def test_an_edit_while_playing_discards_the_live_run_and_says_so(qtbot, tmp_path,
                                                                  monkeypatch):
    monkeypatch.setattr(live_module, "MOST_PER_FRAME", 1)
    w, data, training, loop, loss = _open(qtbot, tmp_path)
    session, bar = w.session, data.live_bar
    bar.play.click()
    qtbot.waitUntil(lambda: _playing_shown(session, loop, 2), timeout=TIMEOUT)
    session.push(SetActionParam(session.document, loop, "count", 40))    # an edit
    assert bar.live.state == "idle" and session.live is None
    assert "discarded" in bar.status.text()
    qtbot.waitUntil(lambda: not session.run_pending, timeout=TIMEOUT)
    assert session.result.histories[loop].iterations == 40      # the document's own run
    session.undo_stack.undo()                  # (the edit, nothing of the live run)
    qtbot.waitUntil(lambda: not session.run_pending, timeout=TIMEOUT)
    assert session.result.histories[loop].iterations == 150


def test_the_next_iterations_run_only_once_the_window_has_painted_the_frame(
        qtbot, tmp_path, monkeypatch):
    """(Run beside the window's painting, the worker's Python took the GIL back at every
    Qt call a paint made: a frame's 25 ms of painting took 150 ms, and a key press
    pressed meanwhile waited for all of it.)"""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QGraphicsView
    from gradstudio.document.live import LiveRun

    # (at most 5 iterations a job, so the 150 make at least 4 frames: on a busy machine
    # a frame took so long to show that the jobs grew to 100 and 3 ended the run)
    monkeypatch.setattr(live_module, "MOST_PER_FRAME", 5)
    w, data, training, loop, loss = _open(qtbot, tmp_path)
    viewport = data.findChildren(QGraphicsView)[0].viewport()
    seen = []

    class Paints(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint:
                seen.append("paint")
            return False

    paints = Paints(viewport)
    viewport.installEventFilter(paints)
    advance = LiveRun.advance

    def advancing(run, iterations=1):
        seen.append("advance")                 # (in the worker thread)
        return advance(run, iterations)

    monkeypatch.setattr(LiveRun, "advance", advancing)
    w.session.run_finished.connect(lambda _r: seen.append("frame"))
    data.live_bar.play.click()
    qtbot.waitUntil(lambda: seen.count("frame") >= 4, timeout=TIMEOUT)
    data.live_bar.play.click()
    qtbot.waitUntil(lambda: _settled(w, data.live_bar.live), timeout=TIMEOUT)
    viewport.removeEventFilter(paints)
    runs = [i for i, s in enumerate(seen) if s == "advance"]
    assert len(runs) >= 3
    for a, b in zip(runs, runs[1:]):        # between two jobs: a frame, then its paint
        between = seen[a + 1:b]
        assert "frame" in between and "paint" in between[between.index("frame"):], seen


def test_f5_plays_and_pauses_f6_steps_and_both_keys_are_shown(qtbot, tmp_path,
                                                                monkeypatch):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication
    from gradstudio.ui.help import ShortcutsDialog

    monkeypatch.setattr(live_module, "MOST_PER_FRAME", 1)
    w, data, training, loop, loss = _open(qtbot, tmp_path)
    session, bar = w.session, data.live_bar
    live = bar.live
    assert bar.play.toolTip().endswith("Key: F5")
    assert bar.step.toolTip().endswith("Key: F6")
    rows = ShortcutsDialog(w).rows()
    assert ("Graph", "Play or Pause Training Live", "F5") in rows
    assert ("Graph", "One Training Iteration", "F6") in rows

    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=TIMEOUT)
    w.canvas.setFocus()
    key = lambda k: qtbot.keyClick(QApplication.focusWidget() or w, k)
    key(Qt.Key.Key_F6)                                # one iteration
    qtbot.waitUntil(lambda: _settled(w, live) and live.run.done == 1, timeout=TIMEOUT)
    key(Qt.Key.Key_F5)                                # ▶
    assert live.state == "playing" and bar.play.text() == "❚❚"
    qtbot.waitUntil(lambda: _playing_shown(session, loop, 3), timeout=TIMEOUT)
    key(Qt.Key.Key_F5)                                # ❚❚
    qtbot.waitUntil(lambda: _settled(w, live), timeout=TIMEOUT)
    assert live.state == "paused" and bar.play.text() == "▶" and live.run.done >= 3


def test_a_pause_ends_the_iterations_running_at_once_not_at_the_end_of_their_job(
        qtbot, tmp_path, monkeypatch):
    """(A job runs as many iterations as keep the window a quarter of the time showing
    frames, up to ``MOST_PER_FRAME``: ❚❚ pressed in its middle went on to its end.)"""
    monkeypatch.setattr(live_module, "MOST_PER_FRAME", 10_000)
    monkeypatch.setattr(live_module, "FRAME_SECONDS", 1_000.0)   # the rest in one job
    w, data, training, loop, loss = _open(qtbot, tmp_path)
    session, bar = w.session, data.live_bar
    live = bar.live
    bar.play.click()
    qtbot.waitUntil(lambda: live.run.done >= 3, timeout=TIMEOUT)     # the second job
    bar.play.click()                                  # ❚❚
    qtbot.waitUntil(lambda: _settled(w, live), timeout=TIMEOUT)
    done = live.run.done
    assert live.state == "paused" and done < 150
    assert session.result.histories[loop].iterations == done
    assert data.status_text().startswith(f"iteration {done} of 150")
    bar.play.click()                                  # ▶ again: on to the end
    qtbot.waitUntil(lambda: live.state == "ended" and _settled(w, live), timeout=TIMEOUT)
    assert live.run.done == 150


def test_play_goes_on_when_a_job_is_done_before_submit_returns(qtbot, tmp_path,
                                                              monkeypatch):
    """(On a busy machine the worker thread can run a whole job before the GUI thread
    checks on it: ``submit`` then returns the finished job and ``finished`` never brings
    it. Play ignored that return and waited for the job for ever.) Each job handed back
    by ``submit`` itself, play still shows frame after frame."""
    from types import SimpleNamespace
    monkeypatch.setattr(live_module, "MOST_PER_FRAME", 5)     # (30 jobs at least)
    w, data, training, loop, loss = _open(qtbot, tmp_path)
    live = data.live_bar.live
    live._begin()

    def done_at_once(fn, info=None, wait=None):
        return SimpleNamespace(info=info, result=fn(), error=None)

    live._worker.submit = done_at_once
    frames = []
    w.session.run_finished.connect(lambda _r: frames.append(1))
    data.live_bar.play.click()
    qtbot.waitUntil(lambda: len(frames) >= 4, timeout=TIMEOUT)
    data.live_bar.play.click()
    qtbot.waitUntil(lambda: _settled(w, live), timeout=TIMEOUT)
    assert _history(w.session, loop, loss).size >= 4
