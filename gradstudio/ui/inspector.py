"""The inspector: the selected node's tensor exactly as PyTorch prints it, its autograd
attributes, its ``.grad`` at the step being viewed, its name and parameters as editors
(each edit is one undo step), a retains_grad toggle that marks the tensor with
retain_grad(), and a plot of value and gradient on one shared colour scale
(``tensor_plot``, imported when first shown: pyqtgraph takes long to import). With nothing
selected it shows the graph's settings (the random seed)."""
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QFormLayout, QFrame, QGroupBox, QLabel,
                               QScrollArea, QVBoxLayout, QWidget)

from gradstudio.document.catalogue import CATALOGUE
from gradstudio.document.catalogue_collect import collected_summary
from gradstudio.document import DocumentError
from gradstudio.document.explain import why_no_graph
from gradstudio.document.recorded import recorded_words
from gradstudio.ui import commands
from gradstudio.ui.inspector_fields import (NameField,
                                            ParamEditor, SeedField, error_label, mono_font,
                                            retain_grad_choice, set_text, text_box)
from gradstudio.ui.inspector_literal import LiteralEditor
from gradstudio.ui.panel import SessionPanel
from gradstudio.ui.plain import PlainLabel, escaped
from gradstudio.ui.tones import tone_style
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, translate
from gradstudio.document.op_words import param_doc

__all__ = ["Inspector"]

# what "watched" does: the exporter prints watched tensors (export._watched, _grad_watch)
WATCHED_TEXT = QT_TRANSLATE_NOOP("Inspector", "print it in the exported script")
WATCHED_TIP = (QT_TRANSLATE_NOOP("Inspector", "Adds print(tensor) after the forward pass to the exported PyTorch script, "
               "and print(tensor.grad) after each timeline step when PyTorch keeps its "
               ".grad. The canvas shows every tensor's value either way."))


class Inspector(SessionPanel):
    """Everything about the selected node (``session.selection[0]``) at ``session.step``;
    the graph's settings when no node is selected."""

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.node_id = None
        self._editors = {}
        self._editor_key = None

        self.title = QLabel()
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self.name = NameField(session)
        self.error = error_label()
        self.tensor_text = text_box(4)
        self.grad_text = text_box(3)
        attrs = self._make_attributes()
        self.params_box = QGroupBox(translate("Inspector", "Parameters"))
        self.params_form = QFormLayout(self.params_box)
        self.params_form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self._plot = None                   # made when first needed (see ``plot``)
        self.node_view = self._make_node_view(attrs)    # shown while a node is selected
        self.settings = SeedField(session)  # shown while nothing is selected

        self.body = QWidget()
        body = QVBoxLayout(self.body)
        body.addWidget(self.title)
        body.addWidget(self.node_view)
        body.addWidget(self.settings)
        body.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.body)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

        for signal in (session.selection_changed, session.run_finished, session.step_changed):
            self.follow(signal, self.refresh)
        session.document_replaced.connect(self._on_document_replaced)
        self.refresh()

    def _make_attributes(self):
        """The tensor's attributes as PyTorch names them (shape ... retains_grad), and the
        watched mark, in a form."""
        self.shape = PlainLabel()
        self.dtype = PlainLabel()
        self.requires_grad = QCheckBox()
        self.requires_grad.toggled.connect(self._on_requires_grad_toggled)
        self.is_leaf = PlainLabel()
        self.grad_fn = PlainLabel()
        self.grad_fn.setFont(mono_font())
        self.why = QLabel()                 # why it has no grad_fn (explain.why_no_graph)
        self.why.setWordWrap(True)
        self.why.setStyleSheet(tone_style("pending"))
        self.retains_grad = QCheckBox()
        self.retains_grad.toggled.connect(self._on_retains_grad_toggled)
        self.collected = QLabel()   # what a collect node's list holds (count, first, last)
        self.collected.setWordWrap(True)
        self.watched = QCheckBox(translate("Inspector", WATCHED_TEXT))
        self.watched.setToolTip(translate("Inspector", WATCHED_TIP))
        self.watched.toggled.connect(self._on_watched_toggled)

        attrs = QFormLayout()
        attrs.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        for name, w in (("shape", self.shape), ("dtype", self.dtype),
                        ("requires_grad", self.requires_grad), ("is_leaf", self.is_leaf),
                        ("grad_fn", self.grad_fn), ("retains_grad", self.retains_grad),
                        ("watched", self.watched),
                        (translate("Inspector", "list"), self.collected)):
            attrs.addRow(name, w)
        self._attrs = attrs
        return attrs

    def _make_node_view(self, attrs):
        """What shows a selected node: its name, error, value, attributes, grad and
        parameters (a plot, once made, goes last)."""
        view = QWidget()
        node = QVBoxLayout(view)
        node.setContentsMargins(0, 0, 0, 0)
        naming = QFormLayout()
        naming.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        naming.addRow(translate("Inspector", "name"), self.name)
        node.addLayout(naming)
        node.addWidget(self.error)
        node.addWidget(PlainLabel("print(tensor)"))
        node.addWidget(self.tensor_text)
        node.addLayout(attrs)
        node.addWidget(self.why)
        node.addWidget(PlainLabel(".grad"))
        node.addWidget(self.grad_text)
        node.addWidget(self.params_box)
        self._node_layout = node            # the plot goes last, once made
        return view

    # ------------------------------------------------------------------ API
    def set_param(self, name, value):
        """Pushes one undo step setting a parameter of the inspected node (if it changes)."""
        doc = self.session.document
        if self.node_id is None or doc.node(self.node_id).params.get(name) == value:
            return
        try:
            self.session.push(commands.SetParam(doc, self.node_id, name, value))
        except DocumentError as exc:     # refused by the document: said under the field
            self._editors[name].show_error(str(exc))

    def start_param_edit(self):
        """Puts the keyboard in the inspected node's first parameter (its text selected);
        returns False when there is none."""
        for editor in self._editors.values():
            widget = editor.widget
            if widget.isEnabled() and widget.focusPolicy() != Qt.FocusPolicy.NoFocus:
                widget.setFocus(Qt.FocusReason.ShortcutFocusReason)
                select_all = getattr(widget, "selectAll", None)
                if select_all is not None:
                    select_all()
                return True
        return False

    def start_rename(self):
        """Puts the keyboard in the inspected node's name field with its text selected
        (for a Rename command); returns False when no node is inspected."""
        if self.node_id is None:
            return False
        self.name.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.name.edit.selectAll()
        return True

    def editor(self, name):
        """The editor widget of a parameter (for tests and keyboard focus)."""
        return self._editors[name].widget

    def param_error(self, name):
        e = self._editors[name].error
        return e.text() if e.isVisibleTo(self) else ""

    def refresh(self):
        s = self.session
        sel = s.selection[0] if s.selection else None
        self.node_id = sel if s.document.has_node(sel) else None
        self.body.setEnabled(True)
        if self.node_id is None:
            self._show_settings()
            return
        data = s.document.node(self.node_id)
        spec = CATALOGUE[data.kind]
        state = s.state(self.node_id)
        recorded = "" if data.recorded is None else (
            f"<br><span style='font-weight:normal'>{escaped(recorded_words(data.recorded))}"
            "</span>")
        self.title.setText(translate("Inspector", "{v} <span style="
                           "'font-weight:normal;color:#666'>· {v2}</span>").format(
                               v=escaped(s.document.display_name(self.node_id)),
                               v2=escaped(data.kind)) + recorded)
        self.settings.hide()
        self.node_view.show()
        self.name.show_node(self.node_id)
        self._show_state(spec, data, state)
        self._show_params(spec, data)

    # ------------------------------------------------------------------ display
    def _show_settings(self):
        self.title.setText(translate("Inspector", "Select a node to inspect it."))
        self.node_view.hide()
        self._clear_params()
        self.settings.show()
        self.settings.show_seed()

    def _show_state(self, spec, data, state):
        error = state.error if state is not None else None
        self.error.setText(error or "")
        self.error.setVisible(bool(error))
        # (a node a later timeline step computes is not in error: said in plain grey)
        self.error.setStyleSheet(tone_style("pending" if state is not None and state.pending
                                            else "error"))
        ok = state is not None and state.value is not None
        set_text(self.tensor_text, state.text if ok else "")
        set_text(self.grad_text, state.grad_text if ok else "")
        self.shape.setText(f"torch.Size({list(state.shape)})" if ok else "—")
        self.dtype.setText(f"torch.{state.dtype}" if ok else "—")
        hidden = getattr(state, "hidden", frozenset())     # an open exercise's unknowns
        self.is_leaf.setText("?" if "is_leaf" in hidden else str(state.is_leaf) if ok else "—")
        self.grad_fn.setText("?" if "grad_fn" in hidden else (
            f"<{state.grad_fn}>" if state.grad_fn else "None") if ok else "—")
        why = ok and not state.grad_fn and self.session.result is not None and not hidden
        self.why.setText(why_no_graph(self.session.document, self.session.result,
                                      self.node_id, self.session.step) if why else "")
        self.why.setVisible(bool(why))
        collected = collected_summary(self.session.document, self.session.result, self.node_id)
        self.collected.setText(collected or "")
        self._attrs.setRowVisible(self.collected, collected is not None)
        rg = self.requires_grad
        rg.blockSignals(True)
        rg.setChecked(bool(ok and state.requires_grad))
        if spec.is_source and "requires_grad" in data.params:    # (not a dataset's)
            rg.setEnabled(True)
            rg.setToolTip(translate("Inspector", "requires_grad=True makes this leaf track operations for autograd."))
        else:
            rg.setEnabled(False)
            rg.setToolTip(translate("Inspector", "Only source tensors (ones, tensor, rand …) set requires_grad; a "
                          "computed tensor requires grad when any of its inputs does. Use "
                          "detach or requires_grad_ nodes to change it."))
        if "requires_grad" in hidden:
            rg.setEnabled(False)
            rg.setText("?")
            rg.setToolTip(translate("Inspector", "The exercise asks for this: predict it in the Exercise panel."))
        else:
            rg.setText("")
        rg.blockSignals(False)
        usable, text, tip = retain_grad_choice(state, data.retains_grad)
        if "requires_grad" in hidden:
            usable, text, tip = False, "?", translate("Inspector", "Hidden until you check your prediction.")
        kept = self.retains_grad
        kept.blockSignals(True)
        kept.setChecked(data.retains_grad)
        kept.setText(text)
        kept.setEnabled(usable)
        kept.setToolTip(tip)
        kept.blockSignals(False)
        self.watched.blockSignals(True)
        self.watched.setEnabled(True)
        self.watched.setChecked(data.watched)
        self.watched.blockSignals(False)
        if ok and not hidden:
            self.plot.show()
            self.plot.show_arrays(state.value, state.grad)
        elif self._plot is not None:
            self._plot.hide()

    @property
    def plot(self):
        """The value and grad plot (``TensorPlot``), made the first time a tensor is
        shown: the window opens with nothing selected, and pyqtgraph plots are slow to
        build."""
        if self._plot is None:
            from gradstudio.ui.tensor_plot import TensorPlot
            self._plot = TensorPlot()
            self._node_layout.addWidget(self._plot)
        return self._plot

    def _clear_params(self):
        while self.params_form.rowCount():
            self.params_form.removeRow(0)
        self._editors = {}
        self._editor_key = None

    def _show_params(self, spec, data):
        names = [p for p in spec.params if not (spec.is_source and p.name == "requires_grad")]
        key = (self.node_id, data.kind)
        if key != self._editor_key:
            self._clear_params()
            self._editor_key = key
            for p in names:
                editor = (LiteralEditor if p.kind == "values" else ParamEditor)(spec, p)
                editor.committed.connect(self.set_param)
                self._editors[p.name] = editor
                label = PlainLabel(p.name)
                label.setToolTip(param_doc(p))
                self.params_form.addRow(label, editor)
        self.params_box.setVisible(bool(names))
        doc = self.session.document
        inputs = doc.inputs_of(self.node_id)
        # a port with a number fallback (x + 2): its param is unused while it is connected
        feeds = {port.fallback: doc.display_name(inputs[port.name])
                 for port in spec.inputs if port.fallback and port.name in inputs}
        for p in names:
            editor = self._editors[p.name]
            editor.set_connected(feeds.get(p.name))
            editor.set_value(data.params.get(p.name))

    # ------------------------------------------------------------------ slots
    def _on_requires_grad_toggled(self, checked):
        self.set_param("requires_grad", bool(checked))

    def _on_retains_grad_toggled(self, checked):
        if self.node_id is not None:
            self.session.push(commands.SetRetainsGrad(self.session.document, self.node_id,
                                                      bool(checked)))

    def _on_watched_toggled(self, checked):
        if self.node_id is not None:
            self.session.push(commands.SetWatched(self.session.document, self.node_id,
                                                  bool(checked)))

    def _on_document_replaced(self):
        # refused text belonged to the old document; run_finished shows the new one
        self._clear_params()
        self.name.show_error("")
        self.settings.show_error("")
