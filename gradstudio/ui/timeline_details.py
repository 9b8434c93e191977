"""The timeline's details of the selected action: what its run printed or noted (``hint``),
PyTorch's error at it and, when GradStudio knows one, its fix (the backward that freed the
graph, ``ones_like`` for a non-scalar backward, an untracked input), what an
``autograd.grad`` returned, the editors of its settings (made from the settings' types)
and what it does in words."""
import codecs
import html

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QGroupBox,
                               QLabel, QLineEdit, QListWidget, QListWidgetItem, QPushButton,
                               QSpinBox, QVBoxLayout, QWidget)

from gradstudio.document import DocumentError
from gradstudio.document.actions import CHOICES, MAX_COUNT
from gradstudio.document.explain import freeing_action
from gradstudio.document.export import action_text, optimizer_names
from gradstudio.document.recorded import is_stale, recorded_parts, stale_step_words
from gradstudio.document.walk import explain_action
from gradstudio.timeline import ACTIONS
from gradstudio.ui import commands
from gradstudio.ui.plain import PlainLabel, plain_tooltip
from gradstudio.ui.timeline_editors import (ID_ROLE, NONE, PerOutputEditor, default_text,
                                            printed_text, show_value)
from gradstudio.ui.timeline_groups import GroupsEditor
from gradstudio.ui.untracked_fix import UntrackedFix
from gradstudio.ui.widgets import wheel_only_when_focused
from gradstudio.ui.document_words import document_word
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, translate
from gradstudio.ui.tones import tone_style

__all__ = ["ActionDetails", "NO_ACTIONS_HINT"]

NO_ACTIONS_HINT = (QT_TRANSLATE_NOOP("TimelineDetails", "No actions yet: only the forward pass runs. Select a node and press "
                   "Ctrl+B (or Add ▸ backward()) to call its backward() after it."))


class ActionDetails(QWidget):
    """The details of one action of ``session``'s timeline (``show_action``); its editors
    (``param_editors``: setting name -> widget) change the action through undo commands."""

    def __init__(self, session, parent=None):
        super().__init__(parent)
        self.session = session
        self.action_id = None
        self.error = PlainLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(tone_style("error"))
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
        self.params_box = QGroupBox(translate("TimelineDetails", "Action"))
        self.params_form = QFormLayout(self.params_box)
        # what the selected action does, in words (its record's explanation)
        self.about = PlainLabel()
        self.about.setWordWrap(True)
        self.about.setStyleSheet("color: palette(placeholder-text);")
        self.about.hide()
        self.param_editors = {}
        self._editor_key = None

        self.hint = PlainLabel(self)
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: palette(placeholder-text);")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.hint)
        # a failing step's fix (when GradStudio knows one) and error come first: they are
        # what the student reads
        layout.addWidget(self.fix_text)
        layout.addWidget(self.fix_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.untracked_fix)
        layout.addWidget(self.ones_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.error)
        layout.addWidget(self.results)
        layout.addWidget(self.params_box)
        layout.addWidget(self.about)
        layout.addStretch(1)

    def _outcome(self, action_id):
        """``(outcome or None, hidden)``: hidden while an exercise asks which step raises."""
        hide = self.session.errors_hidden()
        result = self.session.result
        return (None if hide or result is None else result.outcome(action_id)), hide

    def show_action(self, action_id):
        """``action_id``'s error and parameter editors (None: the hint alone). The editors
        are made again only for another action (or another list of nodes to choose from); a
        re-run after an edit updates them in place, so the one being used keeps the
        keyboard focus."""
        self.action_id = action_id
        if action_id is None:
            self.clear_editors()
            self.params_box.hide()
            self.about.hide()
            self.error.hide()
            self._show_fix(None)
            self.untracked_fix.show_for(None)
            self.ones_button.hide()
            self.results.hide()
            self.hint.setText(translate("TimelineDetails", NO_ACTIONS_HINT) if not self.session.document.timeline
                              else translate("TimelineDetails", "Select an action to change it."))
            self.hint.show()
            return
        doc = self.session.document
        action = doc.action(action_id)
        outcome, hide = self._outcome(action_id)
        error = outcome.error if outcome else None
        hint = outcome.note if outcome and outcome.note else ""
        if outcome is not None and outcome.printed:
            hint = "\n".join(filter(None, [hint, printed_text(outcome.printed)]))
        self.hint.setText(hint)
        self.hint.setVisible(bool(hint))
        self.error.setText(error or "")
        self.error.setVisible(bool(error))
        self._show_fix(None if hide else freeing_action(doc, self.session.result, action_id))
        self.untracked_fix.show_for(action_id)
        self._show_ones_fix(action, error)
        self._show_results(action, outcome)
        kind = ACTIONS[action.kind]
        self.params_box.setTitle(document_word(kind.title))
        about = explain_action(doc, action)
        if recorded_parts(action) and is_stale(doc):
            about += "\n\n" + stale_step_words()
        self.about.setText(about)
        self.about.setVisible(bool(about))
        self.params_box.show()
        self._show_editors(doc, action, kind)

    def _show_editors(self, doc, action, kind):
        """One editor per setting the action shows (made again when what they offer
        changed), each showing the action's value."""
        choices = [(doc.display_name(n), n) for n in doc.node_ids]
        names = optimizer_names(doc.timeline)
        made = [(f"{names[a.id]} ({a.params.get('algorithm') or a.params.get('schedule')})",
                 a.id, ACTIONS[a.kind].makes) for a in doc.timeline if ACTIONS[a.kind].makes]
        fields = [(name, typ, typ == "node?" or (typ in ("node", "action") and
                                                 action.params.get(name) is None))
                  for name, typ, _ in kind.settings if kind.applies(action.params, name)]
        key = (action.id, tuple(fields), tuple(choices), tuple(made),
               action.params.get("algorithm"), action.params.get("schedule"),
               tuple(action.params.get("outputs") or ()))
        if key != self._editor_key:
            self.clear_editors()
            self._editor_key = key
            for name, typ, with_none in fields:
                w = self._make_editor(
                    name, typ, [(label, aid) for label, aid, what in made if what == name]
                    if typ == "action" else choices, with_none)
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
                translate("TimelineDetails", "Step {step}, {v}, freed the saved tensors this "
                "step needs. Passing retain_graph=True there keeps them (ticking it on this "
                "step only keeps them for a later one).").format(step=step, v=action_text(doc, freeing)))
            self.fix_button.setText(translate("TimelineDetails", "Tick retain_graph on step {step}").format(step=step))
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
            self.ones_button.setText(translate("TimelineDetails", "Pass gradient=torch.ones_like({name})").format(name=name))
            self.ones_button.setToolTip(plain_tooltip(
                translate("TimelineDetails", "backward() of a tensor with {v} elements needs "
                "the vector v of the vector-Jacobian product vᵀJ: ones add up every "
                "element's gradient, as {name}.sum().backward() would.").format(v=int(np.prod(state.shape)), name=name)))
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
                name = doc.display_name(node) if doc.has_node(node) else "?"
                text = translate("TimelineDetails", "None (unused)") if g is None else g.text
                lines.append(html.escape(f"d/d{name} = {text}").replace("\n", "<br>")
                             .replace("  ", "&nbsp;&nbsp;"))
            self.results.setText(translate("TimelineDetails", "<b>returned</b><br>") + "<br>".join(lines))
        self.results.setVisible(bool(shown))

    def _keep_graph_at_freeing_step(self):
        if self._freeing is not None:
            self.session.push(commands.SetActionParam(self.session.document, self._freeing,
                                                      "retain_graph", True))

    def clear_editors(self):
        """Drops the editors (the next ``show_action`` makes them again)."""
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
        if typ in ("groups", "group", "float?", "floats"):
            return self._typed_editor(name, typ)
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
        elif typ in ("int", "count"):
            w = wheel_only_when_focused(QSpinBox())
            w.setRange(1 if typ == "int" else 0, MAX_COUNT)
            w.setKeyboardTracking(False)
            w.valueChanged.connect(lambda v, n=name: self._set(n, int(v)))
        elif typ == "nodes?":       # one node (or none) per output: grad_outputs
            action = self.session.document.action(self.action_id)
            w = PerOutputEditor([self.session.document.display_name(n)
                                  if self.session.document.has_node(n) else "?"
                                  for n in action.params.get("outputs") or ()], choices)
            w.changed.connect(lambda value, n=name: self._set(n, value))
        elif typ == "text":         # a print's sep or end, escapes shown as typed: \\n
            w = QLineEdit()
            w.editingFinished.connect(lambda n=name, box=w: self._set_text(n, box))
        elif typ in ("formula", "name"):   # lambda epoch: 0.95 ** epoch; a hook's handle
            w = QLineEdit()
            w.setPlaceholderText("lambda epoch: 0.95 ** epoch" if typ == "formula" else "h")
            w.editingFinished.connect(lambda n=name, box=w: self._set_formula(n, box))
        elif typ == "counts":      # a scheduler's milestones: 30, 80
            w = QLineEdit()
            w.setPlaceholderText("whole numbers: 30, 80")
            w.editingFinished.connect(lambda n=name, box=w: self._set_counts(n, box))
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

    def _set_counts(self, name, box):
        words = box.text().replace(",", " ").split()
        if all(w.isdigit() for w in words):
            self._set(name, [int(w) for w in words])
        else:       # (not whole numbers: the value it had comes back)
            box.setText(", ".join(str(v) for v in self.session.document.action(
                self.action_id).params.get(name) or ()))

    def _set_formula(self, name, box):
        """A learning-rate lambda typed as text; one that cannot be one is shown in red,
        with why, and changes nothing."""
        try:
            self._set(name, box.text())
        except DocumentError as exc:
            box.setStyleSheet(tone_style("error"))
            box.setToolTip(plain_tooltip(str(exc)))
            return
        box.setStyleSheet("")
        box.setToolTip("")

    def _set_text(self, name, box):
        try:
            value = codecs.decode(box.text(), "unicode_escape")
        except (UnicodeDecodeError, ValueError):
            value = box.text()
        self._set(name, value)

    def _set(self, name, value):
        action_id = self.action_id
        doc = self.session.document
        if action_id is None or not doc.has_action(action_id) or \
                doc.action(action_id).params.get(name) == value:
            return
        self.session.push(commands.SetActionParam(doc, action_id, name, value))

    def _typed_editor(self, name, typ):
        """A box for a number or PyTorch's default (``float?``), an optimizer's parameter
        groups (each one's lr), or the group a learning-rate change sets (empty: every
        group)."""
        if typ == "float?":
            w = QLineEdit()
            action = self.session.document.action(self.action_id)
            w.setPlaceholderText(translate("TimelineDetails", "PyTorch's default ({v})").format(v=default_text(action, name)))
            w.editingFinished.connect(lambda n=name, box=w: self._set_number(n, box))
            return w
        if typ == "floats":         # OneCycleLR's max_lr per group: 0.05, 0.2
            w = QLineEdit()
            w.setPlaceholderText(translate("TimelineDetails", "one number per group: 0.05, 0.2"))
            w.editingFinished.connect(lambda n=name, box=w: self._set_floats(n, box))
            return w
        if typ == "groups":
            doc = self.session.document
            w = GroupsEditor([doc.display_name(n) if doc.has_node(n) else "?"
                              for n in doc.action(self.action_id).params.get("params") or ()])
            w.changed.connect(lambda value, n=name: self._set_checked(n, value))
            return w
        w = QLineEdit()
        w.setPlaceholderText(translate("TimelineDetails", "every group"))
        w.editingFinished.connect(lambda n=name, box=w: self._set_group(n, box))
        return w

    def _set_floats(self, name, box):
        try:
            value = [float(w) for w in box.text().replace(",", " ").split()]
        except ValueError:
            box.setStyleSheet("color: #c62828;")
            return
        box.setStyleSheet("")
        self._set_checked(name, value)

    def _set_group(self, name, box):
        text = box.text().strip()
        if text and not text.isdigit():
            box.setStyleSheet("color: #c62828;")
            return
        box.setStyleSheet("")
        self._set_checked(name, int(text) if text else None)

    def _set_checked(self, name, value):
        """A setting whose editor cannot know every check (a group's lr below 0): one the
        action cannot take is said in the error line and changes nothing."""
        try:
            self._set(name, value)
        except DocumentError as exc:
            self.error.setText(str(exc))
            self.error.show()

    def _set_number(self, name, box):
        """A setting typed as text: a number, or nothing for PyTorch's default."""
        text = box.text().strip()
        try:
            value = None if not text else float(text)
        except ValueError:
            box.setStyleSheet(tone_style("error"))
            box.setToolTip(plain_tooltip(
                translate("TimelineDetails", "'{text}' is not a number; leave it empty for PyTorch's default.").format(text=text)))
            return
        box.setStyleSheet("")
        box.setToolTip("")
        try:
            self._set(name, value)
        except DocumentError as exc:
            box.setStyleSheet(tone_style("error"))
            box.setToolTip(plain_tooltip(str(exc)))
