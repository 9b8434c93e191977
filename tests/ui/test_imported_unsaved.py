"""A graph imported from a script was never saved: New, Open and Close ask before they
discard it, as for any edited graph, until it is saved."""
from PySide6.QtWidgets import QMessageBox

from driving import main_window

SCRIPT = "import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * 3).sum()\n"


def _imported(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path)
    w.asked = []
    asked = w.asked
    w.ask_save_changes = lambda: asked.append(1) or QMessageBox.StandardButton.Cancel
    script = tmp_path / "lesson.py"
    script.write_text(SCRIPT, encoding="utf-8")
    w.files.import_script(script)
    qtbot.waitUntil(lambda: w.files.task is not None and not w.files.task.running, timeout=20000)
    qtbot.waitUntil(lambda: len(w.session.document.node_ids) >= 3)
    assert w.isWindowModified()
    return w


def test_new_and_open_ask_before_discarding_an_imported_graph(qtbot, tmp_path):
    w = _imported(qtbot, tmp_path)
    nodes = list(w.session.document.node_ids)
    assert not w.files.new_document()                       # the user cancels
    assert w.asked == [1] and w.session.document.node_ids == nodes
    assert not w.files.open_file(tmp_path / "other.gsg")
    assert w.asked == [1, 1] and w.session.document.node_ids == nodes


def test_a_saved_import_is_clean(qtbot, tmp_path):
    w = _imported(qtbot, tmp_path)
    assert w.files.save_as(tmp_path / "lesson.gsg")
    assert not w.isWindowModified() and not w.session.is_modified
    assert w.files.new_document() and w.asked == []
