"""The session: one open document, its undo stack, its latest run, the selection and the
timeline step being viewed. Views read from it and never compute; every edit is an undo
command pushed onto ``undo_stack``; after every push, undo or redo the document is run
again and ``run_finished`` tells every view. ``document_replaced`` (New/Open) is always
followed by ``run_finished``: views drop what belonged to the old document on the first
and show the new one on the second."""
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from gradstudio.document import Document, run

__all__ = ["Session"]


class Session(QObject):
    document_changed = Signal(object)     # a gradstudio.document.Change
    document_replaced = Signal()          # a new document object (New/Open), not yet run
    run_finished = Signal(object)         # RunResult
    selection_changed = Signal(list)      # selected node ids
    step_changed = Signal(int)            # timeline step shown (-1: the end)
    path_changed = Signal(str)

    def __init__(self, document=None, parent=None):
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.indexChanged.connect(self._on_index_changed)
        self.document = None
        self.result = None
        self.selection = []
        self.step = -1
        self.path = ""
        self._unsubscribe = None
        self.set_document(document or Document())

    # ------------------------------------------------------------------ document
    def set_document(self, document, path=""):
        """Replaces the open document (after New/Open); clears undo history."""
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.document = document
        self.result = None                # the old document's run belongs to no node here
        self._unsubscribe = document.subscribe(self.document_changed.emit)
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self.selection = []
        self.step = -1
        self.path = path
        self.document_replaced.emit()
        self.path_changed.emit(path)
        self.rerun()

    def push(self, command):
        """Performs an edit (a QUndoCommand) and records it for undo."""
        self.undo_stack.push(command)

    def _on_index_changed(self, _index):
        self.rerun()

    def rerun(self):
        """Runs the document from scratch and tells every view."""
        self.result = run(self.document)
        if self.step >= self.result.step_count:
            self.step = -1
        self.run_finished.emit(self.result)
        return self.result

    # ------------------------------------------------------------------ selection & step
    def select(self, node_ids):
        ids = [n for n in node_ids if n in self.document.graph]
        if ids != self.selection:
            self.selection = ids
            self.selection_changed.emit(list(ids))

    def set_step(self, step):
        if step != self.step:
            self.step = step
            self.step_changed.emit(step)

    def state(self, node_id):
        """The selected step's state of a node (or None before the first run)."""
        if self.result is None or node_id not in self.document.graph:
            return None
        return self.result.state(node_id, self.step)

    @property
    def is_modified(self):
        return not self.undo_stack.isClean()
