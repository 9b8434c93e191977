"""Exporting a graph that prints nothing: the window says so and offers to print the
graph's outputs (marking them watched, one undo step) before the script is written."""
from PySide6.QtWidgets import QMessageBox

from gradstudio.document import export
from gradstudio.ui.commands import SetWatched
from gradstudio.ui.i18n import translate

__all__ = ["PRINT", "AS_IS", "ask_print_outputs", "outputs_to_print", "watch"]

PRINT, AS_IS = "print", "as_is"     # the answers (None: cancelled)


def outputs_to_print(session):
    """The graph's outputs to offer when its script would print nothing, else []."""
    doc, result = session.document, session.result
    if result is None or not export.prints_nothing(doc, result):
        return []
    return export.graph_outputs(doc, result)


def ask_print_outputs(parent, names):
    """Print the outputs, Export as is, or Cancel (None) for a graph that prints
    nothing; ``names`` are its outputs' names."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(translate("ExportPrints", "The script prints nothing"))
    box.setText(translate("ExportPrints", "Nothing in this graph is printed, so the exported script would run "
                "without showing anything. Print its outputs ({v})?").format(v=', '.join(names)))
    printed = box.addButton(translate("ExportPrints", "Print the Outputs"), QMessageBox.ButtonRole.AcceptRole)
    as_is = box.addButton(translate("ExportPrints", "Export as Is"), QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(printed)
    box.exec()
    clicked = box.clickedButton()
    return PRINT if clicked is printed else AS_IS if clicked is as_is else None


def watch(session, node_ids):
    """Marks ``node_ids`` watched (printed by the script), in one undo step."""
    stack, doc = session.undo_stack, session.document
    stack.beginMacro(translate("ExportPrints", "Print the outputs in the exported script"))
    try:
        for nid in node_ids:
            session.push(SetWatched(doc, nid, True))
    finally:
        stack.endMacro()
