"""The graph as a list a screen reader can walk: one row per node, in the run's order,
showing its line of code and read aloud as that line and its state ("y equals x plus
2, requires grad, grad_fn AddBackward0, has no grad"). It is kept in step with the
canvas both ways: selecting a row selects the node, selecting a node selects its row.
The canvas's cards are graphics items Qt's accessibility does not expose; this list is
their accessible view (a dock, "Graph as a List")."""
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout

from gradstudio.document.spoken import spoken_node
from gradstudio.ui.panel import SessionPanel
from gradstudio.ui.i18n import translate

__all__ = ["GraphList", "MAX_LISTED"]

MAX_LISTED = 2000       # a bigger graph lists its nodes by name (writing its code would stall)
ID_ROLE = Qt.ItemDataRole.UserRole


class GraphList(SessionPanel):
    """The nodes as a list; ``rows()`` gives ``(node id, shown text, spoken text)``."""

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.list = QListWidget()
        self.list.setAccessibleName(translate("GraphList", "Graph nodes"))
        self.list.setAccessibleDescription(
            translate("GraphList", "Each node of the graph as its line of code and its state; selecting one "
            "selects it on the canvas."))
        self.list.setSelectionMode(QListWidget.SelectionMode.ExtendedSelection)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list)
        self._syncing = False
        self.list.itemSelectionChanged.connect(self._on_rows_selected)
        self.follow(session.run_finished, self.refresh)
        self.follow(session.step_changed, self.refresh)
        self.follow(session.selection_changed, self._show_selection)
        self.first_refresh()

    def _lines(self, doc, order):
        if len(order) > MAX_LISTED:
            return {}
        from gradstudio.document.export import export_script
        script = export_script(doc, self.session.result)
        text = script.text.splitlines()
        return {n: text[line - 1].strip() for n, line in script.lines.items()
                if 0 < line <= len(text)}

    def refresh(self):
        s = self.session
        doc = s.document
        order = list(s.result.order) if s.result is not None else doc.node_ids
        listed = set(order)       # (once: made for each node it took 1,000² steps)
        order += [n for n in doc.node_ids if n not in listed]
        lines = self._lines(doc, order) if s.result is not None else {}
        states = s.states(order)
        self._syncing = True
        try:
            # rows are updated in place (a screen reader keeps its place in the list)
            while self.list.count() > len(order):
                self.list.takeItem(self.list.count() - 1)
            while self.list.count() < len(order):
                self.list.addItem(QListWidgetItem())
            for row, n in enumerate(order):
                line = lines.get(n) or doc.display_name(n)
                spoken = spoken_node(line, states.get(n))
                item = self.list.item(row)
                if item.data(ID_ROLE) != n:
                    item.setData(ID_ROLE, n)
                if item.text() != line:
                    item.setText(line)
                if item.data(Qt.ItemDataRole.AccessibleTextRole) != spoken:
                    item.setData(Qt.ItemDataRole.AccessibleTextRole, spoken)
                    item.setToolTip(spoken)
        finally:
            self._syncing = False
        self._show_selection(s.selection)

    def rows(self):
        return [(self.list.item(i).data(ID_ROLE), self.list.item(i).text(),
                 self.list.item(i).data(Qt.ItemDataRole.AccessibleTextRole))
                for i in range(self.list.count())]

    def _show_selection(self, node_ids=None):
        chosen = set(self.session.selection if node_ids is None else node_ids)
        self._syncing = True
        try:
            current = None
            for i in range(self.list.count()):
                item = self.list.item(i)
                picked = item.data(ID_ROLE) in chosen
                item.setSelected(picked)
                if picked and current is None:
                    current = item
            if current is not None:
                self.list.setCurrentItem(current, self.list.selectionModel().SelectionFlag
                                         .NoUpdate)
                self.list.scrollToItem(current)
        finally:
            self._syncing = False

    def _on_rows_selected(self):
        if self._syncing:
            return
        ids = [item.data(ID_ROLE) for item in self.list.selectedItems()]
        self.session.select(ids)
