"""File ▸ Import Data… as a person meets it: the dialog guesses the delimiter and the
header and previews the first rows; a wrong choice or a bad file is said under the
preview and nothing is added; Import adds one data node named after the file, in one
undo step, carried by the saved graph file; the Data panel trains on its rows and draws
the held-out ones hollow."""
import numpy as np
from PySide6.QtCore import Qt

from gradstudio.document import files, run
from gradstudio.document.data_view import data_view
from gradstudio.document.examples_playground import playground
from gradstudio.ui.commands import AddNode
from gradstudio.ui.import_data import PREVIEW_ROWS, ImportDataDialog

from driving import ids, main_window, shown
from test_data_panel import panel_on


def _csv(tmp_path, name="points.csv", rows=30, bad=None, delimiter=";"):
    lines = [delimiter.join(("x1", "x2", "label"))]
    for i in range(rows):
        cells = [f"{np.sin(i):.6f}", f"{np.cos(2 * i):.6f}", str(i % 2)]
        if bad is not None and i == bad[0]:
            cells[1] = bad[1]
        lines.append(delimiter.join(cells))
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return path


def _dialog(qtbot, path, doc=None):
    from gradstudio.document import Document
    return shown(qtbot, ImportDataDialog(path, doc or Document()))


def _click(qtbot, widget):
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def test_the_dialog_guesses_the_file_and_previews_its_first_rows(qtbot, tmp_path):
    dialog = _dialog(qtbot, _csv(tmp_path))
    assert dialog.chosen_delimiter() == ";" and dialog.header.isChecked()
    assert dialog.preview.rowCount() == PREVIEW_ROWS and dialog.preview.columnCount() == 3
    assert dialog.preview.horizontalHeaderItem(2).text() == "label"
    assert dialog.preview.item(0, 0).text() == "0.000000"
    assert dialog.chosen_label() == 2 and dialog.chosen_features() == [0, 1]
    _click(qtbot, dialog.import_button)
    assert dialog.result() == ImportDataDialog.DialogCode.Accepted
    assert dialog.imported.rows.shape == (30, 3) and dialog.imported.test_fraction == 0.0


def test_a_wrong_delimiter_is_said_and_import_waits_for_the_right_one(qtbot, tmp_path):
    dialog = _dialog(qtbot, _csv(tmp_path))
    dialog.delimiter.setCurrentIndex(dialog.delimiter.findData(","))
    assert "semicolon" in dialog.error_text() and not dialog.import_button.isEnabled()
    assert dialog.preview.rowCount() == 0
    dialog.delimiter.setCurrentIndex(dialog.delimiter.findData(";"))
    assert dialog.error_text() == "" and dialog.import_button.isEnabled()
    _click(qtbot, dialog.header)                    # the header read as a row of data
    assert "header" in dialog.error_text() and not dialog.import_button.isEnabled()


def test_a_bad_cell_below_the_preview_is_said_on_import_and_nothing_is_read(qtbot, tmp_path):
    for cell, words in (("abc", "Line 21, column 2 (x2)"), ("nan", "NaN")):
        dialog = _dialog(qtbot, _csv(tmp_path, bad=(19, cell)))
        assert dialog.error_text() == ""            # (the first rows are fine)
        _click(qtbot, dialog.import_button)
        assert words in dialog.error_text() and dialog.isVisible()
        assert dialog.imported is None


def test_a_binary_file_and_a_pickled_array_are_refused_at_once(qtbot, tmp_path):
    binary = tmp_path / "photo.csv"
    binary.write_bytes(bytes(range(256)) * 16)
    pickled = tmp_path / "objects.npy"
    np.save(pickled, np.array([object(), None], dtype=object), allow_pickle=True)
    for path, words in ((binary, "not a text file"), (pickled, "never loads")):
        dialog = _dialog(qtbot, path)
        assert words in dialog.error_text() and not dialog.import_button.isEnabled()


def test_the_label_is_never_a_feature_too(qtbot, tmp_path):
    dialog = _dialog(qtbot, _csv(tmp_path))
    dialog.label.setCurrentIndex(0)
    assert 0 not in dialog.chosen_features()
    dialog.set_features([])
    _click(qtbot, dialog.import_button)
    assert "at least one feature" in dialog.error_text() and dialog.imported is None


def _answer(qtbot, window, fraction):
    """``window.ask_import_data`` answered as a user would: the dialog shown, the test
    share typed in, Import clicked."""
    def ask(path):
        dialog = _dialog(qtbot, path, window.session.document)
        dialog.test.setValue(fraction)
        _click(qtbot, dialog.import_button)
        return dialog.imported
    return ask


def test_import_data_adds_one_node_in_one_undo_step_carried_by_the_file(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, size=(1366, 768))
    w.session.set_document(playground("make_xor", hidden=(4,), count=5))   # cards in the middle
    path = _csv(tmp_path, rows=40)
    w.ask_open_path = lambda caption, file_filter: str(path)
    w.ask_import_data = _answer(qtbot, w, 25)
    w.import_data_action.trigger()
    doc = w.session.document
    node = ids(w.session)["points"]
    assert doc.node(node).kind == "imported_data" and doc.node(node).params["test_fraction"] \
        == 0.25
    qtbot.waitUntil(lambda: w.session.result is not None and node in w.session.result.held_out)
    assert w.session.result.state(node).value.shape == (30, 3)
    assert w.session.selection == [node] and not w.errors
    card = w.canvas.mapFromScene(w.canvas.item(node).sceneBoundingRect()).boundingRect()
    assert w.canvas.viewport().rect().contains(card)          # (scrolled into view)
    w.undo_action.trigger()
    assert node not in doc.graph
    w.redo_action.trigger()
    files.save(doc, tmp_path / "lesson.gsg")
    again = files.load(tmp_path / "lesson.gsg")
    assert np.array_equal(run(again).state(node).value, run(doc).state(node).value)


def _imported_playground(fraction):
    """The XOR Playground with its dataset replaced by the same points imported."""
    doc = playground("make_xor", hidden=(4,), count=10, lr=0.05, points=80)
    named = {doc.node(n).label: n for n in doc.node_ids}
    rows = run(doc).state(named["data"]).value.astype(np.float64).tolist()
    command = AddNode(doc, "imported_data", {"value": rows, "test_fraction": fraction},
                      label="points")
    command.redo()
    for index in ("x", "y"):
        doc.connect(command.node_id, named[index], "self")
    doc.remove_node(named["data"])
    return doc


def test_the_data_panel_trains_on_imported_rows_and_draws_the_test_rows_hollow(qtbot):
    session, panel = panel_on(qtbot, _imported_playground(0.25))
    want = data_view(session.document, session.result)
    assert len(panel.points()[0]) == 60 and len(panel.test_points()[0]) == 20
    assert np.array_equal(panel.test_points()[0], want.test.inputs[:, 0])
    assert "test (hollow): accuracy" in panel.status_text()


def test_a_file_longer_than_the_cap_is_imported_up_to_it_and_says_so(qtbot, tmp_path,
                                                                     monkeypatch):
    from gradstudio.document import data_file
    monkeypatch.setattr(data_file, "MAX_ROWS", 25)
    w = main_window(qtbot, tmp_path)
    notices = []
    w.show_notice = lambda title, text: notices.append(text)
    w.ask_open_path = lambda caption, file_filter: str(_csv(tmp_path, rows=60))
    w.ask_import_data = _answer(qtbot, w, 0)
    w.import_data_action.trigger()
    node = ids(w.session)["points"]
    assert len(w.session.document.node(node).params["value"]) == 25
    assert len(notices) == 1 and "only its first 25 rows are imported" in notices[0]
