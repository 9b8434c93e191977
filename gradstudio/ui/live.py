"""Training that plays live, for one session: ``LiveSession`` drives a
``document.live.LiveRun`` off the GUI thread (the run worker's thread, one batch of
iterations per job) and shows each run so far in every view; ``LiveBar`` is its row of
controls (▶/❚❚, step, the learning rate, Keep, Discard), which the Training and Data
panels each show.

While a live run exists, ``session.live`` is its ``LiveRun``: the session's own runs (a
scrub, the pause) are the exact re-run of what it did so far (``run(doc, live=plan)``).
Playing shows the live run's own results; pausing, stepping and scrubbing show the
exact re-run. Keep turns it into the document's loop in one undo step; Discard, or any
edit of the document, drops it and the document's run comes back."""
import time
import weakref

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (QDoubleSpinBox, QHBoxLayout, QLabel, QToolButton,
                               QVBoxLayout, QWidget)

from gradstudio.document.live import LiveRun, keep_edits, live_setting
from gradstudio.ui import shortcuts
from gradstudio.ui.commands import KeepLiveRun
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, number, translate
from gradstudio.ui.run_worker import RunWorker
from gradstudio.ui.widgets import wheel_only_when_focused

__all__ = ["LiveSession", "LiveBar", "live_session", "FRAME_SECONDS", "MOST_PER_FRAME"]

FRAME_SECONDS = 0.03     # the engine time one job (one frame shown) aims at, at least
MOST_PER_FRAME = 100     # iterations one job runs at most (a pause ends the job sooner)
WINDOW_SHARE = 0.25      # the share of the playing time the window spends showing frames
# (posted below every paint a frame asks for: Qt posts its paints at LowEventPriority)
_PAINTED = QEvent.Type(QEvent.registerEventType())
_AFTER_PAINTS = int(Qt.EventPriority.LowEventPriority.value) - 1
NO_LOOP = QT_TRANSLATE_NOOP("LiveBar", "No loop to play: Add ▸ Train… in the timeline inserts one.")
DISCARDED = QT_TRANSLATE_NOOP("LiveBar", "The live run was discarded: the document was edited.")


def live_session(session):
    """The session's ``LiveSession`` (made on first use, a child of the session)."""
    live = getattr(session, "live_controller", None)
    if live is None:
        live = session.live_controller = LiveSession(session)
    return live


class LiveSession(QObject):
    """Play, pause, step, change the learning rate, keep or discard, for the session it
    belongs to. ``state`` is "idle", "playing", "paused" or "ended"."""

    changed = Signal()          # its state, its iteration or its changes
    said = Signal(str)          # a sentence for the user

    def __init__(self, session):
        super().__init__(session)
        self._session = weakref.ref(session)      # (the session owns this object)
        self.run = None
        self.playing = False
        self.in_flight = False
        self.message = ""
        self._shown_at = 0.0            # when the last frame began to be shown
        self._showing = 0.0             # how long the window took to show it, paints too
        self._worker = RunWorker(self)
        self._worker.finished.connect(self._on_arrived)
        session.document_changed.connect(self._on_document_changed)
        session.document_replaced.connect(self._on_document_replaced)
        session.iteration_asked.connect(self._on_iteration_asked)

    @property
    def session(self):
        return self._session()

    @property
    def state(self):
        if self.run is None:
            return "idle"
        if self.playing:
            return "playing"
        return "ended" if self.run.finished else "paused"

    def setting(self):
        """``(action id, setting, value now)`` the learning rate box edits, or None."""
        run = self.run
        doc = self.session.document
        loop = run.loop if run is not None else _first_loop_id(doc)
        found = None if loop is None else live_setting(doc, loop)
        if found is None or run is None:
            return found
        return found[0], found[1], run.setting(found[0], found[1])

    # ------------------------------------------------------------------ commands
    def play(self):
        """Plays from where the live run is (from the first iteration when none is)."""
        if self.playing or not self._begin() or self.run.finished:
            return
        self.playing = True
        self.session.focus.pop(self.run.loop, None)     # the views follow the last
        if not self.in_flight:
            self._submit()
        self.changed.emit()

    def pause(self):
        """Stops after the iteration running now; the views then show the exact re-run
        up to there."""
        if not self.playing:
            return
        self.playing = False
        if self.in_flight:
            self.run.halt()                  # (the job ends after its iteration running)
        else:
            self.session.rerun()
        self.changed.emit()

    def toggle(self):
        """Pauses when playing, else plays (the ▶/❚❚ button, Graph ▸ Play or Pause)."""
        if self.playing:
            self.pause()
        else:
            self.play()

    def step(self):
        """One more iteration (pausing first when playing)."""
        if self.playing:
            self.pause()
            return
        if self.in_flight or not self._begin() or self.run.finished:
            return
        self.session.focus.pop(self.run.loop, None)
        self._submit(1)
        self.changed.emit()

    def set_lr(self, value):
        """The learning rate from the next iteration run on (starting a live run paused
        at its beginning when none is)."""
        setting = self.setting()
        if setting is None or not self._begin():
            return
        if float(value) != float(setting[2]):
            self.run.request(setting[0], setting[1], value)
            self.changed.emit()

    def keep(self):
        """The live run becomes the document's loop, as one undo step."""
        run, session = self.run, self.session
        if run is None or self.playing or self.in_flight:
            return
        edits, note = keep_edits(session.document, run.plan())
        self._end()
        if edits:
            session.push(KeepLiveRun(session.document, edits))
        else:
            session.rerun()
        self._say(note or translate("LiveBar", "Kept: the document's loop is the run played."))

    def discard(self):
        """Drops the live run: the document's own run comes back."""
        if self.run is None:
            return
        self._end()
        self.session.rerun()
        self._say("")

    # ------------------------------------------------------------------ internals
    def _begin(self):
        if self.run is not None:
            return True
        run = LiveRun(self.session.document)
        if run.loop is None:
            self._say(translate("LiveBar", NO_LOOP))
            return False
        self.run = self.session.live = run
        self.message = ""
        return True

    def _end(self):
        self.run = None
        self.playing = self.in_flight = False
        self._worker.supersede()            # a job still out is never shown
        session = self.session
        if session is not None:
            session.live = None
        self.changed.emit()

    def _submit(self, iterations=None):
        run = self.run
        if iterations is None:
            iterations = self._batch(run)
        self.in_flight = True
        job = self._worker.submit(lambda: run.advance(iterations), info=run, wait=0)
        if job is not None:     # done already (the worker thread was quicker than this
            self._show(job)     # one): submit returned it, ``finished`` will not bring it

    def _batch(self, run):
        """How many iterations the next job runs: enough engine time (at least
        ``FRAME_SECONDS``) that showing the last frame took ``WINDOW_SHARE`` of the
        playing time; the curves grow by every iteration whatever a frame costs."""
        if not run.seconds:
            return 1
        aim = max(FRAME_SECONDS, self._showing * (1 - WINDOW_SHARE) / WINDOW_SHARE)
        return max(1, min(MOST_PER_FRAME, int(aim / run.seconds)))

    def event(self, event):
        if event.type() == _PAINTED:
            self._on_frame_painted()
            return True
        return super().event(event)

    def _on_frame_painted(self):
        """The frame is shown and painted: the next job starts only now. (Run beside the
        window's painting, the worker's Python took the GIL back at every Qt call a paint
        made: 25 ms of painting took 150 ms, and a key press waited for all of it.)"""
        self._showing = time.perf_counter() - self._shown_at
        if self.playing and self.run is not None and not self.run.finished \
                and not self.in_flight:
            self._submit()

    def _on_arrived(self, job):
        if self._worker.current(job):
            self._show(job)

    def _show(self, job):
        """The window shows the job's run (the next job once this frame is painted)."""
        if job.info is not self.run:
            return
        self.in_flight = False
        session = self.session
        if job.error is not None:
            self.playing = False
            self.changed.emit()
            raise job.error
        if self.run.finished:
            self.playing = False
        self._shown_at = time.perf_counter()
        if self.playing or self.run.finished:
            session.rerun(result=job.result)
        else:
            session.rerun()                  # paused: the exact re-run up to here
        self.changed.emit()
        if self.playing:                     # (the next job once this frame is painted)
            QCoreApplication.postEvent(self, QEvent(_PAINTED), _AFTER_PAINTS)

    def _on_document_changed(self, _change):
        if self.run is not None:
            self._end()                      # (the edit's own run follows)
            self._say(translate("LiveBar", DISCARDED))

    def _on_iteration_asked(self, _loop_id):
        if self.playing:
            self.pause()

    def _on_document_replaced(self):
        if self.run is not None:
            self._end()
        self._say("")

    def _say(self, text):
        self.message = text
        self.said.emit(text)


def _first_loop_id(doc):
    from gradstudio.document.live import first_loop
    loop, _ = first_loop(doc)
    return None if loop is None else loop.id


class LiveBar(QWidget):
    """▶/❚❚, step, the learning rate, Keep and Discard, and a line saying where the live
    run is; it follows its ``LiveSession`` and the session's runs."""

    def __init__(self, live, parent=None):
        super().__init__(parent)
        self.live = live
        self.play = self._button("▶", translate("LiveBar", "Train live: run the loop iteration by "
                                 "iteration and watch every view follow (again to pause)."),
                                 shortcuts.PLAY_KEY)
        self.play.clicked.connect(live.toggle)
        self.step = self._button("▶|", translate("LiveBar", "One more iteration of the live run."),
                                 shortcuts.STEP_KEY)
        self.step.clicked.connect(live.step)
        self.lr = wheel_only_when_focused(QDoubleSpinBox())
        self.lr.setDecimals(4)
        self.lr.setRange(0.0001, 10.0)
        self.lr.setSingleStep(0.01)
        self.lr.setKeyboardTracking(False)
        self.lr.setPrefix("lr ")
        self.lr.setMaximumWidth(110)
        self.lr.setToolTip(translate("LiveBar", "The learning rate: changed while the loop "
                                     "plays, it takes effect from the next iteration and "
                                     "is marked on the curves."))
        self.lr.setAccessibleName(translate("LiveBar", "learning rate"))
        self.lr.valueChanged.connect(self._on_lr_changed)
        self.keep = self._button(translate("LiveBar", "Keep"), translate(
            "LiveBar", "Make the live run the document's loop (its learning-rate changes "
            "and the iterations played); undo takes it back."))
        self.keep.clicked.connect(live.keep)
        self.discard = self._button(translate("LiveBar", "Discard"), translate(
            "LiveBar", "Drop the live run and go back to the document's own run."))
        self.discard.clicked.connect(live.discard)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setToolTip(translate(
            "LiveBar", "The live run: the iterations it ran of the loop's count. Paused or "
            "ended, scrub to inspect any iteration; Keep makes it the document's loop, "
            "Discard drops it."))
        # two rows, so that a narrow dock keeps every control in sight: what plays, and
        # where the live run is with what to do with it
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        for row in ((self.play, self.step, self.lr), (self.keep, self.discard, self.status)):
            line = QHBoxLayout()
            for w in row:
                line.addWidget(w, 1 if w is self.status else 0, Qt.AlignmentFlag.AlignVCenter)
            if self.status not in row:
                line.addStretch(1)
            layout.addLayout(line)
        live.changed.connect(self.refresh)
        live.said.connect(self.refresh)
        live.session.run_finished.connect(self.refresh)
        self.refresh()

    def _button(self, text, tip, key=None):
        button = QToolButton()
        button.setText(text)
        button.setAccessibleName(tip.split(":")[0])
        if key is not None:     # (the window's Graph menu holds the key: see shortcuts)
            key = QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)
            tip = translate("LiveBar", "{tip} Key: {key}").format(tip=tip, key=key)
        button.setToolTip(tip)
        return button

    def refresh(self, *_):
        """Shows the live session's state."""
        live = self.live
        state = live.state
        setting = live.setting()
        has_loop = setting is not None or _first_loop_id(live.session.document) is not None
        self.play.setText("❚❚" if state == "playing" else "▶")
        self.play.setEnabled(has_loop and state != "ended")
        self.step.setEnabled(has_loop and state in ("idle", "paused"))
        self.lr.setVisible(setting is not None)
        if setting is not None and not self.lr.hasFocus():
            self.lr.blockSignals(True)
            self.lr.setValue(setting[2])
            self.lr.blockSignals(False)
        idle = state == "idle"
        busy = state == "playing" or live.in_flight
        self.keep.setVisible(not idle)
        self.discard.setVisible(not idle)
        self.keep.setEnabled(not busy and live.run is not None and live.run.done > 0)
        self.discard.setEnabled(not busy)
        text = self._text(state)
        self.status.setText(text)
        self.status.setVisible(bool(text))

    def _text(self, state):
        live = self.live
        if state == "idle":
            return live.message
        run = live.run
        where = f"{number(run.done)} / {number(run.count)}"
        return {"playing": translate("LiveBar", "playing: {where}"),
                "paused": translate("LiveBar", "paused at {where}"),
                "ended": translate("LiveBar", "ended at {where}")}[state].format(where=where)

    def _on_lr_changed(self, value):
        self.live.set_lr(value)
