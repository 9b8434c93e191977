"""The timeline: the ordered actions replayed after the forward pass (``backward``,
``grad.zero_()``, ``grad = None``, ``autograd.grad``, parameter updates, optimizers,
forward again, loops), their parameters, PyTorch's error at the step that raises it, and
the scrubbers choosing which step (and, inside a loop, which iteration) every view
shows."""
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QBrush, QColor
from PySide6.QtWidgets import (QBoxLayout, QFrame, QHBoxLayout, QListWidget, QListWidgetItem,
                               QMenu, QScrollArea, QSlider, QToolButton, QVBoxLayout, QWidget)

from gradstudio.document.actions import loop_structure
from gradstudio.document.export import action_text
from gradstudio.document.recorded import is_stale, recorded_parts, stale_step_words
from gradstudio.ui import commands
from gradstudio.ui.train_dialog import TrainDialog
from gradstudio.ui.widgets import wheel_only_when_focused
from gradstudio.ui.panel import SessionPanel
from gradstudio.ui.timeline_details import NO_ACTIONS_HINT, ActionDetails
from gradstudio.ui.timeline_editors import ID_ROLE, clip, printed_text, short
from gradstudio.ui.timeline_menu import add_menu, context_menu
from gradstudio.timeline import ACTIONS, Picks
from gradstudio.ui.plain import ElidedLabel, PlainLabel, plain_tooltip
from gradstudio.ui.document_words import document_word
from gradstudio.ui.tones import tone_colour
from gradstudio.ui.i18n import Number, translate

__all__ = ["TimelinePanel", "printed_text", "NO_ACTIONS_HINT"]

GREY = QColor("#757575")
SIDE_BY_SIDE_WIDTH = 400     # narrower, the action's details go below the list


class TimelinePanel(SessionPanel):
    """Action list with add/remove/reorder, the selected action's parameters and the step
    scrubber. The slider's last position is "the end" (``session.step == -1``)."""

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.list = QListWidget()
        self.list.setAlternatingRowColors(True)
        self.list.setWordWrap(True)
        self._rows_shown = None      # the rows the list was filled with (``_rows``)
        buttons = self._make_buttons()
        self.slider = wheel_only_when_focused(QSlider(Qt.Orientation.Horizontal))
        self.slider.setPageStep(1)
        self.slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.slider.setTickInterval(1)
        self.step_label = ElidedLabel()
        font = self.step_label.font()
        font.setBold(True)
        self.step_label.setFont(font)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(buttons)
        # the selected action's error and parameters beside the list, in a scroll area:
        # a long PyTorch error in a short panel scrolls instead of squashing the editors
        self.body = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        layout.addLayout(self.body, 1)
        self.body.addWidget(self.list, 1)
        self.details_area = QScrollArea(self)
        self.details_area.setWidgetResizable(True)
        self.details_area.setFrameShape(QFrame.Shape.NoFrame)
        self.details_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.body.addWidget(self.details_area, 1)
        self.details = ActionDetails(session, self.details_area)
        self.details_area.setWidget(self.details)
        scrub = QHBoxLayout()
        layout.addLayout(scrub)
        scrub.addWidget(PlainLabel(translate("Timeline", "Show the tensors"), self))
        scrub.addWidget(self.slider, 1)
        layout.addWidget(self.step_label)
        layout.addWidget(self._make_iteration_row())
        layout.addWidget(self._make_walk_row())
        self._connect(session)

    def _make_buttons(self):
        """Add (its menu: every action kind, Train…), Remove, ▲ and ▼, in a row."""
        self.add_button = QToolButton(text=translate("Timeline", "Add"))
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.add_button)
        self.add_actions = add_menu(menu, self.add_action)
        self.train_action = QAction(translate("Timeline", "Train…"), menu)
        self.train_action.setToolTip(translate("Timeline", "Insert a training loop for a loss: forward, backward, "
                                     "update, zero_grad, repeated"))
        self.train_action.triggered.connect(self.open_train_dialog)
        menu.addAction(self.train_action)
        self.add_button.setMenu(menu)
        # right-click on the list: insert, duplicate, move and delete actions
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._on_context_menu)
        self.remove_button = QToolButton(text=translate("Timeline", "Remove"))
        self.up_button = QToolButton(text="▲")
        self.up_button.setToolTip(translate("Timeline", "Move the action earlier"))
        self.down_button = QToolButton(text="▼")
        self.down_button.setToolTip(translate("Timeline", "Move the action later"))
        buttons = QHBoxLayout()
        for b in (self.add_button, self.remove_button, self.up_button, self.down_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        return buttons

    def _make_iteration_row(self):
        """Inside a loop: which iteration the steps show (hidden elsewhere)."""
        self.iteration_row = QWidget(self)
        iteration = QHBoxLayout(self.iteration_row)
        iteration.setContentsMargins(0, 0, 0, 0)
        self.iteration_title = PlainLabel(translate("Timeline", "Iteration"), self.iteration_row)
        iteration.addWidget(self.iteration_title)
        self.iteration_slider = wheel_only_when_focused(
            QSlider(Qt.Orientation.Horizontal, self.iteration_row))
        self.iteration_slider.setPageStep(1)
        iteration.addWidget(self.iteration_slider, 1)
        self.iteration_label = PlainLabel(self.iteration_row)
        iteration.addWidget(self.iteration_label)
        self.iteration_row.hide()
        self._loop_shown = None
        return self.iteration_row

    def _make_walk_row(self):
        """At a backward action: each engine step of its pass (the step-through)."""
        self.walk_row = QWidget(self)
        walk = QHBoxLayout(self.walk_row)
        walk.setContentsMargins(0, 0, 0, 0)
        walk.addWidget(PlainLabel(translate("Timeline", "Backward step"), self.walk_row))
        self.walk_slider = wheel_only_when_focused(
            QSlider(Qt.Orientation.Horizontal, self.walk_row))
        self.walk_slider.setPageStep(1)
        self.walk_slider.setToolTip(translate("Timeline", "Each grad_fn the backward pass runs, in engine order "
                                    "(Step Through Backward shows the chain rule)"))
        walk.addWidget(self.walk_slider, 1)
        self.walk_label = PlainLabel(self.walk_row)
        metrics = self.walk_label.fontMetrics()     # wide enough for any of its texts:
        self.walk_label.setMinimumWidth(max(        # no relayout when it changes
            metrics.horizontalAdvance(t) for t in (translate("Timeline", "no backward pass at this step"),
                                                   translate("Timeline", "999 of 999: AccumulateGrad"))))
        walk.addWidget(self.walk_label)
        self._walk_index = None
        return self.walk_row

    def _connect(self, session):
        self.walk_slider.valueChanged.connect(self._on_walk_value)
        self.iteration_slider.sliderReleased.connect(self._on_iteration_chosen)
        self.iteration_slider.valueChanged.connect(self._on_iteration_value)
        self.remove_button.clicked.connect(self._on_remove_clicked)
        self.up_button.clicked.connect(lambda: self.move_selected(-1))
        self.down_button.clicked.connect(lambda: self.move_selected(+1))
        self.list.currentRowChanged.connect(self._on_current_row_changed)
        self.slider.valueChanged.connect(self._on_slider_value_changed)
        self.follow(session.run_finished, self.refresh)
        self.follow(session.step_changed, self._sync_slider)
        self.follow(session.walk_changed, self._sync_walk)
        session.document_replaced.connect(self._on_document_replaced)
        self.refresh()

    # ------------------------------------------------------------------ API
    @property
    def current_action_id(self):
        """The selected action's id (None when none is selected, or the list still shows
        actions of a document that was replaced)."""
        item = self.list.currentItem()
        action_id = item.data(ID_ROLE) if item is not None else None
        if action_id is None or not self.session.document.has_action(action_id):
            return None
        return action_id

    def select_action(self, action_id):
        for i in range(self.list.count()):
            if self.list.item(i).data(ID_ROLE) == action_id:
                self.list.setCurrentRow(i)
                return

    def add_action(self, kind):
        """Adds an action after the selected one (or at the end), aimed at a sensible
        node: the selection, else the last node (a backward target) or the first leaf
        that requires grad."""
        doc = self.session.document
        row = self.list.currentRow()
        index = row + 1 if row >= 0 else None
        picked = self.session.selection[0] if self.session.selection else None
        order = self.session.result.order if self.session.result else doc.node_ids
        leaves = [n for n in order if self.session.state(n) and self.session.state(n).is_leaf
                  and self.session.state(n).requires_grad]
        last = order[-1] if order else None
        made = {what: [a.id for a in doc.timeline if ACTIONS[a.kind].makes == what]
                for what in ("optimizer", "scheduler")}
        before = {what: [a.id for a in doc.timeline[:index] if a.id in ids]
                  for what, ids in made.items()}
        params = ACTIONS[kind].aim(Picks(
            picked, list(self.session.selection), last, leaves,
            before["optimizer"] or made["optimizer"], before["scheduler"] or made["scheduler"]))
        if ACTIONS[kind].loop == "opens":   # a loop comes with its end, the steps between
            command = commands.AddLoop(doc, index)
        else:
            command = commands.AddAction(doc, kind, params, index)
        self.session.push(command)
        self.select_action(command.action_id)

    def open_train_dialog(self):
        """Train…: asks for the loss, the parameters, the optimizer and the loop, then
        inserts the loop after the selected action (or at the end) as one undo step."""
        dialog = TrainDialog(self.session, self)
        if dialog.exec():
            row = self.list.currentRow()
            command = commands.TrainLoop(self.session.document, **dialog.settings(),
                                         index=row + 1 if row >= 0 else None)
            self.session.push(command)
            self.select_action(command.action_id)

    def remove_action(self, action_id):
        self.session.push(commands.RemoveAction(self.session.document, action_id))

    def move_action(self, action_id, index):
        self.session.push(commands.MoveAction(self.session.document, action_id, index))
        self.select_action(action_id)

    def step_title(self, step):
        """``after forward`` or ``after step 2: out.backward()``."""
        doc = self.session.document
        if step == 0 or not doc.timeline:
            return translate("Timeline", "after forward")
        step = len(doc.timeline) if step < 0 else step
        title = translate("Timeline", "after step {step}: {v}").format(step=step, v=document_word(action_text(doc, doc.timeline[step - 1])))
        ends, _ = loop_structure(doc.timeline)
        for start, end in ends.items():
            if start < step - 1 < end:
                loop = doc.timeline[start].id
                k = self.session.iteration(loop)
                if k is not None:
                    title += translate("Timeline", ", in iteration {v} of {v2}").format(v=Number(k + 1), v2=Number(doc.timeline[start].params['count']))
        return title

    def row_error(self, row):
        """The PyTorch error shown on a row, or ''."""
        return self.list.item(row).data(ID_ROLE + 1) or ""

    def refresh(self):
        doc = self.session.document
        current = self.current_action_id
        rows = timeline_rows(doc, self.session.result, self.session.errors_hidden())
        if rows != self._rows_shown:    # the same rows are left as they are: no relayout
            self._rows_shown = rows
            self.list.blockSignals(True)
            self.list.clear()
            for text, action_id, error, note in rows:
                item = QListWidgetItem(text)
                item.setData(ID_ROLE, action_id)
                item.setData(ID_ROLE + 1, error)
                if error:
                    item.setForeground(QBrush(tone_colour("error")))
                    item.setToolTip(plain_tooltip(error))
                elif note:
                    item.setForeground(QBrush(GREY))
                    item.setToolTip(plain_tooltip(note))
                self.list.addItem(item)
            self.list.blockSignals(False)
            if current is not None:
                self.select_action(current)
        self._update_buttons()
        self.details.show_action(self.current_action_id)
        self._sync_slider()

    # ------------------------------------------------------------------ internals
    def _update_buttons(self):
        row = self.list.currentRow()
        has = row >= 0
        self.remove_button.setEnabled(has)
        self.up_button.setEnabled(has and row > 0)
        self.down_button.setEnabled(has and row < self.list.count() - 1)

    def _sync_slider(self):
        n = len(self.session.document.timeline)
        step = self.session.step
        self.slider.blockSignals(True)
        self.slider.setRange(0, n)
        self.slider.setValue(n if step < 0 or step > n else step)
        self.slider.blockSignals(False)
        self.step_label.setText(self.step_title(step))
        self._sync_iteration()
        self._sync_walk()

    # ------------------------------------------------------------------ backward steps
    def _sync_walk(self):
        """The engine-step scrubber of the backward action the step shows (or walks)."""
        s = self.session
        if s.result is None:
            return
        if s.walk is not None:
            index, k = s.walk
        else:
            step = s.step if s.step >= 0 else s.result.step_count + s.step
            index, k = step - 1, None
        timeline, outcomes = s.document.timeline, s.result.outcomes
        # the engine's steps as the run recorded them (a walk is worked out only when
        # the scrubber moves)
        steps = outcomes[index].steps if 0 <= index < min(len(outcomes), len(timeline)) \
            and ACTIONS[timeline[index].kind].walk is not None else None
        if not steps:       # the row stays, with nothing to scrub (no relayout per edit)
            self._walk_index = None
            self.walk_slider.blockSignals(True)
            self.walk_slider.setRange(0, 0)
            self.walk_slider.blockSignals(False)
            self.walk_label.setText(translate("Timeline", "no backward pass at this step"))
            return
        self._walk_index = index
        n = len(steps)
        k = n if k is None else k
        self.walk_slider.blockSignals(True)
        self.walk_slider.setRange(0, n)
        self.walk_slider.setValue(k)
        self.walk_slider.blockSignals(False)
        self.walk_label.setText(translate("Timeline", "{v} of {total}").format(v=Number(k), total=Number(n)) + (f": {steps[k - 1].name}" if k else
                                                 translate("Timeline", ": before it")))

    def _on_walk_value(self, value):
        if self._walk_index is not None:
            self.session.set_walk(self._walk_index, value)

    # ------------------------------------------------------------------ iterations
    def shown_loop(self):
        """The loop whose iteration the scrubber picks: the one holding the step shown,
        else the selected action, else the first loop that ran; None without one."""
        doc, result = self.session.document, self.session.result
        if result is None:
            return None
        ends, _ = loop_structure(doc.timeline)
        n = len(doc.timeline)
        step = n if self.session.step < 0 else self.session.step
        current = self.current_action_id
        row = doc.timeline.index(doc.action(current)) if current else None
        for at in (step - 1, row):
            for start, end in ends.items():
                if at is not None and start <= at <= end:
                    return doc.timeline[start].id
        ran = [doc.timeline[start].id for start in ends
               if doc.timeline[start].id in result.histories]
        return ran[0] if ran else None

    def _sync_iteration(self):
        loop = self.shown_loop()
        history = self.session.result.histories.get(loop) if loop else None
        self._loop_shown = loop
        if history is None:
            self.iteration_row.hide()
            return
        shown = self.session.iteration(loop) or 0
        last = history.failed if history.failed is not None else max(history.iterations - 1, 0)
        self.iteration_slider.blockSignals(True)
        self.iteration_slider.setRange(0, last)
        self.iteration_slider.setValue(shown)
        self.iteration_slider.blockSignals(False)
        self._label_iteration(shown, history)
        self.iteration_row.show()

    def _label_iteration(self, k, history=None):
        history = history or self.session.result.histories.get(self._loop_shown)
        total = history.count if history is not None else 0
        self.iteration_label.setText(translate("Timeline", "{v} of {total}").format(v=Number(k + 1), total=Number(total)))

    def _on_iteration_value(self, value):
        self._label_iteration(value)
        if not self.iteration_slider.isSliderDown():     # keys, clicks on the groove
            self._on_iteration_chosen()

    def _on_iteration_chosen(self):
        if self._loop_shown is not None:
            self.session.set_iteration(self._loop_shown, self.iteration_slider.value())

    def move_selected(self, delta):
        """Moves the selected action ``delta`` places (-1: earlier)."""
        row = self.list.currentRow()
        target = row + delta
        if row < 0 or not 0 <= target < self.list.count():
            return
        self.move_action(self.current_action_id, target)

    # ------------------------------------------------------------------ slots
    def _on_remove_clicked(self):
        if self.current_action_id is not None:
            self.remove_action(self.current_action_id)

    def _on_context_menu(self, pos):
        item = self.list.itemAt(pos)
        menu = context_menu(self, self.list.row(item) if item is not None else -1)
        menu.exec(self.list.viewport().mapToGlobal(pos))
        menu.deleteLater()

    def _on_current_row_changed(self, _row):
        self._update_buttons()
        self.details.show_action(self.current_action_id)

    def _on_slider_value_changed(self, value):
        self.session.set_step(-1 if value >= self.slider.maximum() else value)

    def resizeEvent(self, event):
        # beside the list while there is room for both, else below it
        wide = event.size().width() >= SIDE_BY_SIDE_WIDTH
        self.body.setDirection(QBoxLayout.Direction.LeftToRight if wide
                               else QBoxLayout.Direction.TopToBottom)
        super().resizeEvent(event)

    def _on_document_replaced(self):
        # the old document's actions go without a word: their ids mean nothing in the new
        # document (a row change now would look one up there); run_finished follows
        self.list.blockSignals(True)
        self.list.clear()
        self.list.blockSignals(False)
        self._rows_shown = None
        self.details.clear_editors()
        self.details.show_action(self.current_action_id)


def timeline_rows(doc, result, errors_hidden=False):
    """What the list shows, row by row: ``(text, action id, error, note)``."""
    rows = []
    ends, _ = loop_structure(doc.timeline)
    inside = {j for start, end in ends.items() for j in range(start + 1, end)}
    deeper = set()          # the steps of an epoch (before the loop's epoch_end step)
    for start, end in ends.items():
        mark = next((j for j in range(start + 1, end)
                     if ACTIONS[doc.timeline[j].kind].loop == "epoch"), None)
        deeper.update(range(start + 1, start + 1 if mark is None else mark))
    stale = is_stale(doc)
    for i, action in enumerate(doc.timeline, start=1):
        outcome = result.outcome(action.id) if result else None
        error = outcome.error if outcome and not errors_hidden else None
        note = outcome.note if outcome and not errors_hidden else None
        indent = "      " * ((i - 1 in inside) + (i - 1 in deeper))
        text = f"{i}.  {indent}{document_word(action_text(doc, action))}"
        if error or note:
            text += "\n      " + indent + short(error or note)
        if stale and recorded_parts(action):       # (the words: its tooltip)
            marker = translate("Timeline", "   ⚠ recorded before your edits")
            text = text.replace("\n", marker + "\n", 1) if "\n" in text else text + marker
            note = note or stale_step_words()
        if outcome is not None and outcome.printed:      # (printing hooks)
            text += "\n      " + indent + clip(translate("Timeline", "printed: ") + outcome.printed[0])
        rows.append((text, action.id, error, note))
    return rows
