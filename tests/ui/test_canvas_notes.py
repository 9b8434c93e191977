"""Notes on the canvas as a teacher uses them: add one pinned to a node (Graph ▸ Add
Note), its Markdown rendered safely; move, resize and edit it with the mouse; unpin it;
every step undone; saved with the file."""
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from gradstudio.document.examples import autograd_tutorial
from gradstudio.document.files import load, save
from gradstudio.ui.canvas import notes as notes_module
from driving import main_window


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    w = main_window(qtbot, tmp_path, (1366, 768))
    w.typed = []
    with qtbot.waitSignal(w.session.run_finished):
        w.session.set_document(autograd_tutorial())
    monkeypatch.setattr(notes_module, "ask_note_text",
                        lambda parent, text: w.typed.pop(0) if w.typed else None)
    return w


def _view_point(w, scene_point):
    return w.canvas.mapFromScene(scene_point)


def test_a_pinned_note_is_added_rendered_moved_resized_edited_and_undone(qtbot, window,
                                                                          tmp_path):
    w, s = window, window.session
    s.select(["n2"])                                   # y
    w.typed.append("**y** is x + 2\n\n![img](file:///etc/passwd)")
    with qtbot.waitSignal(s.run_finished):
        w.add_note_action.trigger()
    (note_id,) = s.document.notes
    note = s.document.notes[note_id]
    assert note.node == "n2"
    layer = w.canvas.scene().notes_layer
    item = layer.items[note_id]
    text_doc = item.text_item.document()
    assert item.shown_text().startswith("y is x + 2")          # Markdown, rendered
    assert set(text_doc.asked) == {"file:///etc/passwd"}      # asked for, never read
    # the note follows its node
    node_pos = w.canvas.scene().nodes["n2"].pos()
    assert item.pos() == node_pos + QPointF(*note.position)
    # drag it by its body
    start = item.mapToScene(QPointF(60, 50))
    a, b = _view_point(w, start), _view_point(w, start + QPointF(40, 30))
    vp = w.canvas.viewport()
    with qtbot.waitSignal(s.run_finished):
        qtbot.mousePress(vp, Qt.LeftButton, pos=a)
        for k in range(1, 6):
            qtbot.mouseMove(vp, a + (b - a) * k / 5)
        qtbot.mouseRelease(vp, Qt.LeftButton, pos=b)
    moved = s.document.notes[note_id]
    assert moved.node == "n2" and moved.position != note.position
    # resize it by its corner
    r = item.rect()
    corner = item.mapToScene(QPointF(r.width() - 3, r.height() - 3))
    a, b = _view_point(w, corner), _view_point(w, corner + QPointF(60, 40))
    with qtbot.waitSignal(s.run_finished):
        qtbot.mousePress(vp, Qt.LeftButton, pos=a)
        for k in range(1, 6):
            qtbot.mouseMove(vp, a + (b - a) * k / 5)
        qtbot.mouseRelease(vp, Qt.LeftButton, pos=b)
    sized = s.document.notes[note_id]
    assert sized.size[0] > note.size[0] and sized.size[1] > note.size[1]
    # edit its text by double-clicking
    w.typed.append("*edited*")
    with qtbot.waitSignal(s.run_finished):
        qtbot.mouseDClick(vp, Qt.LeftButton, pos=_view_point(w, item.mapToScene(
            QPointF(40, 60))))
    assert s.document.notes[note_id].text == "*edited*" and item.shown_text() == "edited"
    # saved with the file
    path = tmp_path / "notes.gsg"
    save(s.document, path)
    assert load(path).notes == s.document.notes
    # undo: edit, resize, move, add
    for expected in ("**y** is x + 2", None):
        with qtbot.waitSignal(s.run_finished):
            s.undo_stack.undo()
    assert s.document.notes[note_id].size == note.size
    for _ in range(2):
        with qtbot.waitSignal(s.run_finished):
            s.undo_stack.undo()
    assert note_id not in s.document.notes and note_id not in layer.items


def test_a_note_is_unpinned_and_deleted_with_its_header_buttons(qtbot, window):
    w, s = window, window.session
    s.select(["n3"])
    w.typed.append("a note")
    with qtbot.waitSignal(s.run_finished):
        w.add_note_action.trigger()
    (note_id,) = s.document.notes
    item = w.canvas.scene().notes_layer.items[note_id]
    before = item.scenePos()
    vp = w.canvas.viewport()
    pin = item.mapToScene(item._buttons()["pin"].center())
    with qtbot.waitSignal(s.run_finished):
        qtbot.mouseClick(vp, Qt.LeftButton, pos=_view_point(w, pin))
    assert s.document.notes[note_id].node is None and item.scenePos() == before
    close = item.mapToScene(item._buttons()["close"].center())
    with qtbot.waitSignal(s.run_finished):
        qtbot.mouseClick(vp, Qt.LeftButton, pos=_view_point(w, close))
    assert s.document.notes == {}


def test_notes_come_back_when_a_file_opens(qtbot, window, tmp_path):
    from gradstudio.document.notes import Note
    w, s = window, window.session
    doc = s.document
    doc.set_note("free", Note("free", "# Title", (0.0, 0.0)))
    path = tmp_path / "n.gsg"
    save(doc, path)
    with qtbot.waitSignal(s.run_finished):
        s.set_document(load(path), path=str(path))
    assert list(w.canvas.scene().notes_layer.items) == ["free"]
