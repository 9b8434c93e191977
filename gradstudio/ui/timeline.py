"""The timeline: the ordered actions replayed after the forward pass (``backward``,
``grad.zero_()``, ``grad = None``, ``autograd.grad``, parameter updates, optimizers,
forward again, loops), their parameters, PyTorch's error at the step that raises it, and
the scrubbers choosing which step (and, inside a loop, which iteration) every view
shows."""
import codecs
import html

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QBrush, QColor
from PySide6.QtWidgets import (QBoxLayout, QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout,
                               QFrame, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QMenu, QPushButton, QScrollArea, QSlider,
                               QSpinBox, QToolButton, QVBoxLayout, QWidget)

from gradstudio.document import DocumentError
from gradstudio.document.actions import CHOICES, MAX_COUNT, loop_structure
from gradstudio.document.explain import freeing_action
from gradstudio.ui.untracked_fix import UntrackedFix
from gradstudio.document.export import action_text, optimizer_names
from gradstudio.document.walk import explain_action
from gradstudio.ui import commands
from gradstudio.ui.train_dialog import TrainDialog
from gradstudio.ui.widgets import wheel_only_when_focused
from gradstudio.ui.panel import SessionPanel
from gradstudio.ui.timeline_editors import (ID_ROLE, NONE, PerOutputEditor, clip,
                                            default_text, printed_text, short, show_value)
from gradstudio.ui.timeline_menu import add_menu, context_menu
from gradstudio.timeline import ACTIONS, Picks
from gradstudio.ui.plain import PlainLabel, plain_tooltip

__all__ = ["TimelinePanel", "printed_text"]

GREY = QColor("#757575")
ERROR_COLOR = QColor("#c62828")
SIDE_BY_SIDE_WIDTH = 400     # narrower, the action's details go below the list
NO_ACTIONS_HINT = ("No actions yet: only the forward pass runs. Select a node and press "
                   "Ctrl+B (or Add ▸ backward()) to call its backward() after it.")


class TimelinePanel(SessionPanel):
    """Action list with add/remove/reorder, the selected action's parameters and the step
    scrubber. The slider's last position is "the end" (``session.step == -1``)."""

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.list = QListWidget()
        self.list.setAlternatingRowColors(True)
        self.list.setWordWrap(True)
        self._rows_shown = None      # the rows the list was filled with (``_rows``)
        self.add_button = QToolButton(text="Add")
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.add_button)
        self.add_actions = add_menu(menu, self.add_action)
        self.train_action = QAction("Train…", menu)
        self.train_action.setToolTip("Insert a training loop for a loss: forward, backward, "
                                     "update, zero_grad, repeated")
        self.train_action.triggered.connect(self.open_train_dialog)
        menu.addAction(self.train_action)
        self.add_button.setMenu(menu)
        # right-click on the list: insert, duplicate, move and delete actions
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._on_context_menu)
        self.remove_button = QToolButton(text="Remove")
        self.up_button = QToolButton(text="▲")
        self.up_button.setToolTip("Move the action earlier")
        self.down_button = QToolButton(text="▼")
        self.down_button.setToolTip("Move the action later")
        buttons = QHBoxLayout()
        for b in (self.add_button, self.remove_button, self.up_button, self.down_button):
            buttons.addWidget(b)
        buttons.addStretch(1)

        self.error = PlainLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828;")
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error.hide()
        # under a "second time" error: which earlier step freed the graph, and a fix
        self.fix_text = PlainLabel()
        self.fix_text.setWordWrap(True)
        self.fix_button = QPushButton()
        self.fix_button.clicked.connect(self._keep_graph_at_freeing_step)
        self.fix_text.hide()
        self.fix_button.hide()
        self._freeing = None
        self._ones_for = None
        # under "does not require grad and does not have a grad_fn": why, and a fix
        self.untracked_fix = UntrackedFix(session)
        # under a non-scalar backward without a gradient: pass ones_like(target)
        self.ones_button = QPushButton()
        self.ones_button.clicked.connect(self._pass_ones_gradient)
        self.ones_button.hide()
        # what an autograd.grad action returned
        self.results = QLabel()
        self.results.setWordWrap(True)
        self.results.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.results.setStyleSheet("font-family: monospace;")
        self.results.hide()
        self.params_box = QGroupBox("Action")
        self.params_form = QFormLayout(self.params_box)
        # what the selected action does, in words (its record's explanation)
        self.about = PlainLabel()
        self.about.setWordWrap(True)
        self.about.setStyleSheet("color: palette(placeholder-text);")
        self.about.hide()
        self.param_editors = {}
        self._editor_key = None

        self.slider = wheel_only_when_focused(QSlider(Qt.Orientation.Horizontal))
        self.slider.setPageStep(1)
        self.slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.slider.setTickInterval(1)
        self.step_label = PlainLabel()
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
        self.details = QScrollArea(self)
        self.details.setWidgetResizable(True)
        self.details.setFrameShape(QFrame.Shape.NoFrame)
        self.details.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.body.addWidget(self.details, 1)
        details = QWidget(self.details)
        details_layout = QVBoxLayout(details)
        details_layout.setContentsMargins(0, 0, 0, 0)
        self.hint = PlainLabel(details)
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: palette(placeholder-text);")
        details_layout.addWidget(self.hint)
        # a failing step's fix (when GradStudio knows one) and error come first: they are
        # what the student reads
        details_layout.addWidget(self.fix_text)
        details_layout.addWidget(self.fix_button, 0, Qt.AlignmentFlag.AlignLeft)
        details_layout.addWidget(self.untracked_fix)
        details_layout.addWidget(self.ones_button, 0, Qt.AlignmentFlag.AlignLeft)
        details_layout.addWidget(self.error)
        details_layout.addWidget(self.results)
        details_layout.addWidget(self.params_box)
        details_layout.addWidget(self.about)
        details_layout.addStretch(1)
        self.details.setWidget(details)
        scrub = QHBoxLayout()
        layout.addLayout(scrub)
        scrub.addWidget(PlainLabel("Show the tensors", self))
        scrub.addWidget(self.slider, 1)
        layout.addWidget(self.step_label)
        # inside a loop: which iteration the steps show
        self.iteration_row = QWidget(self)
        iteration = QHBoxLayout(self.iteration_row)
        iteration.setContentsMargins(0, 0, 0, 0)
        self.iteration_title = PlainLabel("Iteration", self.iteration_row)
        iteration.addWidget(self.iteration_title)
        self.iteration_slider = wheel_only_when_focused(
            QSlider(Qt.Orientation.Horizontal, self.iteration_row))
        self.iteration_slider.setPageStep(1)
        iteration.addWidget(self.iteration_slider, 1)
        self.iteration_label = PlainLabel(self.iteration_row)
        iteration.addWidget(self.iteration_label)
        layout.addWidget(self.iteration_row)
        self.iteration_row.hide()
        self._loop_shown = None
        # at a backward action: each engine step of its pass (the step-through)
        self.walk_row = QWidget(self)
        walk = QHBoxLayout(self.walk_row)
        walk.setContentsMargins(0, 0, 0, 0)
        walk.addWidget(PlainLabel("Backward step", self.walk_row))
        self.walk_slider = wheel_only_when_focused(
            QSlider(Qt.Orientation.Horizontal, self.walk_row))
        self.walk_slider.setPageStep(1)
        self.walk_slider.setToolTip("Each grad_fn the backward pass runs, in engine order "
                                    "(Step Through Backward shows the chain rule)")
        walk.addWidget(self.walk_slider, 1)
        self.walk_label = PlainLabel(self.walk_row)
        metrics = self.walk_label.fontMetrics()     # wide enough for any of its texts:
        self.walk_label.setMinimumWidth(max(        # no relayout when it changes
            metrics.horizontalAdvance(t) for t in ("no backward pass at this step",
                                                   "999 of 999: AccumulateGrad")))
        walk.addWidget(self.walk_label)
        layout.addWidget(self.walk_row)
        self._walk_index = None
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
        made = [a.id for a in doc.timeline if ACTIONS[a.kind].makes == "optimizer"]
        before = [a.id for a in doc.timeline[:index] if a.id in made]
        params = ACTIONS[kind].aim(Picks(picked, list(self.session.selection), last, leaves,
                                         before or made))
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
            return "after forward"
        step = len(doc.timeline) if step < 0 else step
        title = f"after step {step}: {action_text(doc, doc.timeline[step - 1])}"
        ends, _ = loop_structure(doc.timeline)
        for start, end in ends.items():
            if start < step - 1 < end:
                loop = doc.timeline[start].id
                k = self.session.iteration(loop)
                if k is not None:
                    title += f", in iteration {k + 1} of {doc.timeline[start].params['count']}"
        return title

    def row_error(self, row):
        """The PyTorch error shown on a row, or ''."""
        return self.list.item(row).data(ID_ROLE + 1) or ""

    def refresh(self):
        doc = self.session.document
        current = self.current_action_id
        rows = self._rows(doc, self.session.result)
        if rows != self._rows_shown:    # the same rows are left as they are: no relayout
            self._rows_shown = rows
            self.list.blockSignals(True)
            self.list.clear()
            for text, action_id, error, note in rows:
                item = QListWidgetItem(text)
                item.setData(ID_ROLE, action_id)
                item.setData(ID_ROLE + 1, error)
                if error:
                    item.setForeground(QBrush(ERROR_COLOR))
                    item.setToolTip(plain_tooltip(error))
                elif note:
                    item.setForeground(QBrush(GREY))
                    item.setToolTip(plain_tooltip(note))
                self.list.addItem(item)
            self.list.blockSignals(False)
            if current is not None:
                self.select_action(current)
        self._update_buttons()
        self._show_action()
        self._sync_slider()

    # ------------------------------------------------------------------ internals
    @staticmethod
    def _rows(doc, result):
        """What the list shows, row by row: ``(text, action id, error, note)``."""
        rows = []
        ends, _ = loop_structure(doc.timeline)
        inside = {j for start, end in ends.items() for j in range(start + 1, end)}
        for i, action in enumerate(doc.timeline, start=1):
            outcome = result.outcome(action.id) if result else None
            error = outcome.error if outcome else None
            note = outcome.note if outcome else None
            indent = "      " if i - 1 in inside else ""
            text = f"{i}.  {indent}{action_text(doc, action)}"
            if error or note:
                text += "\n      " + indent + short(error or note)
            if outcome is not None and outcome.printed:      # (printing hooks)
                text += "\n      " + indent + clip("printed: " + outcome.printed[0])
            rows.append((text, action.id, error, note))
        return rows

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
            self.walk_label.setText("no backward pass at this step")
            return
        self._walk_index = index
        n = len(steps)
        k = n if k is None else k
        self.walk_slider.blockSignals(True)
        self.walk_slider.setRange(0, n)
        self.walk_slider.setValue(k)
        self.walk_slider.blockSignals(False)
        self.walk_label.setText(f"{k} of {n}" + (f": {steps[k - 1].name}" if k else
                                                 ": before it"))

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
        self.iteration_label.setText(f"{k + 1} of {total}")

    def _on_iteration_value(self, value):
        self._label_iteration(value)
        if not self.iteration_slider.isSliderDown():     # keys, clicks on the groove
            self._on_iteration_chosen()

    def _on_iteration_chosen(self):
        if self._loop_shown is not None:
            self.session.set_iteration(self._loop_shown, self.iteration_slider.value())

    def _show_action(self):
        """The current action's error and parameter editors. The editors are made again
        only for another action (or another list of nodes to choose from); a re-run after
        an edit updates them in place, so the one being used keeps the keyboard focus."""
        action_id = self.current_action_id
        if action_id is None:
            self._clear_editors()
            self.params_box.hide()
            self.about.hide()
            self.error.hide()
            self._show_fix(None)
            self.untracked_fix.show_for(None)
            self.ones_button.hide()
            self.results.hide()
            self.hint.setText(NO_ACTIONS_HINT if not self.session.document.timeline
                              else "Select an action to change it.")
            self.hint.show()
            return
        doc = self.session.document
        action = doc.action(action_id)
        outcome = self.session.result.outcome(action_id) if self.session.result else None
        error = outcome.error if outcome else None
        hint = outcome.note if outcome and outcome.note else ""
        if outcome is not None and outcome.printed:
            hint = "\n".join(filter(None, [hint, printed_text(outcome.printed)]))
        self.hint.setText(hint)
        self.hint.setVisible(bool(hint))
        self.error.setText(error or "")
        self.error.setVisible(bool(error))
        self._show_fix(freeing_action(doc, self.session.result, action_id))
        self.untracked_fix.show_for(action_id)
        self._show_ones_fix(action, error)
        self._show_results(action, outcome)
        kind = ACTIONS[action.kind]
        self.params_box.setTitle(kind.title)
        about = explain_action(doc, action)
        self.about.setText(about)
        self.about.setVisible(bool(about))
        self.params_box.show()
        choices = [(doc.display_name(n), n) for n in doc.node_ids]
        names = optimizer_names(doc.timeline)
        optimizers = [(f"{names[a.id]} ({a.params['algorithm']})", a.id)
                      for a in doc.timeline if ACTIONS[a.kind].makes == "optimizer"]
        fields = [(name, typ, typ == "node?" or (typ in ("node", "action") and
                                                 action.params.get(name) is None))
                  for name, typ, _ in kind.settings if kind.applies(action.params, name)]
        key = (action_id, tuple(fields), tuple(choices), tuple(optimizers),
               action.params.get("algorithm"), tuple(action.params.get("outputs") or ()))
        if key != self._editor_key:
            self._clear_editors()
            self._editor_key = key
            for name, typ, with_none in fields:
                w = self._make_editor(name, typ, optimizers if typ == "action" else choices,
                                      with_none)
                self.param_editors[name] = w
                self.params_form.addRow(name, w)
        for name, typ, _ in fields:
            show_value(self.param_editors[name], typ, action.params.get(name))
            self.param_editors[name].setEnabled(kind.enabled(action.params, name))

    def _show_fix(self, freeing):
        """Points from a "second time" error to the backward that freed the graph."""
        self._freeing = None if freeing is None else freeing.id
        if freeing is not None:
            doc = self.session.document
            step = doc.timeline.index(freeing) + 1
            self.fix_text.setText(
                f"Step {step}, {action_text(doc, freeing)}, freed the saved tensors this "
                "step needs. Passing retain_graph=True there keeps them (ticking it on this "
                "step only keeps them for a later one).")
            self.fix_button.setText(f"Tick retain_graph on step {step}")
        self.fix_text.setVisible(freeing is not None)
        self.fix_button.setVisible(freeing is not None)

    def _show_ones_fix(self, action, error):
        """A backward of a non-scalar tensor without a gradient: one click passes
        ``gradient=torch.ones_like(target)``."""
        target = ACTIONS[action.kind].target
        target = action.params.get(target) if target else None
        state = self.session.state(target) if target and error and \
            "implicitly created only for scalar outputs" in error else None
        self._ones_for = action.id if state is not None and state.ok else None
        if self._ones_for is not None:
            name = self.session.document.display_name(target)
            self.ones_button.setText(f"Pass gradient=torch.ones_like({name})")
            self.ones_button.setToolTip(plain_tooltip(
                f"backward() of a tensor with {int(np.prod(state.shape))} elements needs "
                f"the vector v of the vector-Jacobian product vᵀJ: ones add up every "
                f"element's gradient, as {name}.sum().backward() would."))
        self.ones_button.setVisible(self._ones_for is not None)

    def _pass_ones_gradient(self):
        if self._ones_for is None:
            return
        doc = self.session.document
        target = doc.action(self._ones_for).params["target"]
        state = self.session.state(target)
        x, y = doc.node(target).position
        self.session.push(commands.PassOnesGradient(doc, self._ones_for, state.shape,
                                                    state.dtype, (x, y + 220.0)))

    def _show_results(self, action, outcome):
        """The gradients an ``autograd.grad`` action returned, as PyTorch prints them."""
        returns = ACTIONS[action.kind].returns        # (autograd.grad's inputs)
        shown = returns and outcome is not None and outcome.results
        if shown:
            doc = self.session.document
            lines = []
            for node, g in zip(action.params[returns], outcome.results):
                name = doc.display_name(node) if node in doc.graph else "?"
                text = "None (unused)" if g is None else g.text
                lines.append(html.escape(f"d/d{name} = {text}").replace("\n", "<br>")
                             .replace("  ", "&nbsp;&nbsp;"))
            self.results.setText("<b>returned</b><br>" + "<br>".join(lines))
        self.results.setVisible(bool(shown))

    def _keep_graph_at_freeing_step(self):
        if self._freeing is not None:
            self.session.push(commands.SetActionParam(self.session.document, self._freeing,
                                                      "retain_graph", True))

    def _clear_editors(self):
        # deleteLater: this may run inside a signal of one of these editors
        while self.params_form.rowCount():
            row = self.params_form.takeRow(0)
            for item in (row.labelItem, row.fieldItem):
                if item is not None and item.widget() is not None:
                    item.widget().hide()
                    item.widget().deleteLater()
        self.param_editors = {}
        self._editor_key = None

    def _make_editor(self, name, typ, choices, with_none):
        if typ == "bool":
            w = QCheckBox()
            w.toggled.connect(lambda v, n=name: self._set(n, bool(v)))
        elif typ in ("node", "node?", "action", "choice"):
            w = wheel_only_when_focused(QComboBox())
            if with_none:
                w.addItem(NONE, None)
            for label, nid in (choices if typ != "choice" else
                               [(c, c) for c in CHOICES[name]]):
                w.addItem(label, nid)
            w.currentIndexChanged.connect(
                lambda i, n=name, box=w: self._set(n, box.itemData(i)))
        elif typ == "float":
            w = wheel_only_when_focused(QDoubleSpinBox())
            w.setDecimals(6)
            w.setRange(-1e6, 1e6)
            w.setSingleStep(0.01)
            w.setKeyboardTracking(False)       # a value, once typed, not every keystroke
            w.valueChanged.connect(lambda v, n=name: self._set(n, float(v)))
        elif typ == "int":
            w = wheel_only_when_focused(QSpinBox())
            w.setRange(1, MAX_COUNT)
            w.setKeyboardTracking(False)
            w.valueChanged.connect(lambda v, n=name: self._set(n, int(v)))
        elif typ == "nodes?":       # one node (or none) per output: grad_outputs
            action = self.session.document.action(self.current_action_id)
            w = PerOutputEditor([self.session.document.display_name(n)
                                  if n in self.session.document.graph else "?"
                                  for n in action.params.get("outputs") or ()], choices)
            w.changed.connect(lambda value, n=name: self._set(n, value))
        elif typ == "text":         # a print's sep or end, escapes shown as typed: \\n
            w = QLineEdit()
            w.editingFinished.connect(lambda n=name, box=w: self._set_text(n, box))
        elif typ == "float?":
            w = QLineEdit()
            action = self.session.document.action(self.current_action_id)
            w.setPlaceholderText(f"PyTorch's default ({default_text(action, name)})")
            w.editingFinished.connect(lambda n=name, box=w: self._set_number(n, box))
        else:   # nodes: a checkable list
            w = QListWidget()
            w.setMaximumHeight(90)
            for label, nid in choices:
                it = QListWidgetItem(label)
                it.setData(ID_ROLE, nid)
                it.setFlags(it.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                w.addItem(it)
            w.itemChanged.connect(lambda _it, n=name, box=w: self._set(n, [
                box.item(i).data(ID_ROLE) for i in range(box.count())
                if box.item(i).checkState() == Qt.CheckState.Checked]))
        return w

    def _set_text(self, name, box):
        try:
            value = codecs.decode(box.text(), "unicode_escape")
        except (UnicodeDecodeError, ValueError):
            value = box.text()
        self._set(name, value)

    def _set(self, name, value):
        action_id = self.current_action_id
        doc = self.session.document
        if action_id is None or doc.action(action_id).params.get(name) == value:
            return
        self.session.push(commands.SetActionParam(doc, action_id, name, value))

    def _set_number(self, name, box):
        """A setting typed as text: a number, or nothing for PyTorch's default."""
        text = box.text().strip()
        try:
            value = None if not text else float(text)
        except ValueError:
            box.setStyleSheet("color: #c62828;")
            box.setToolTip(plain_tooltip(
                f"'{text}' is not a number; leave it empty for PyTorch's default."))
            return
        box.setStyleSheet("")
        box.setToolTip("")
        try:
            self._set(name, value)
        except DocumentError as exc:
            box.setStyleSheet("color: #c62828;")
            box.setToolTip(plain_tooltip(str(exc)))

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
        self._show_action()

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
        self._editor_key = None
        self._show_action()
