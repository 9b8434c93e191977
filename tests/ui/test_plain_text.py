"""Text from a file, a script, a notebook, a name or an error is shown as text, never as
HTML: Qt reads a label's, a message box's or a tooltip's text as HTML when a tag comes
before its first line break, and ``<img src=/dev/zero>`` in HTML makes Qt read that file
(the window froze). Each test puts such a tag where a user's file or typing can put it;
the tag names a file that does not exist, so that a failing test cannot freeze or fill
the memory of the machine running it."""
import json

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QMessageBox

from gradstudio.document import Document
from gradstudio.ui import plain
from gradstudio.ui.inspector import Inspector
from gradstudio.ui.main_window import MainWindow, example_paths
from gradstudio.ui.session import Session
from gradstudio.ui.timeline import TimelinePanel

from driving import main_window, shown

HOSTILE = "<img src=/no/such/picture.png>"
PLAIN = Qt.TextFormat.PlainText


def rich(text):
    """Whether a tooltip (or a label left to guess) would read ``text`` as HTML."""
    return GuiQt.mightBeRichText(text)


def escaped_words(tip, words):
    """Whether the tooltip ``tip`` shows ``words`` as they are: plain text, or HTML in
    which they are escaped."""
    if not rich(tip):
        return words in tip
    return words.replace("<", "&lt;").replace(">", "&gt;") in tip and "<img" not in tip


@pytest.fixture
def boxes(qtbot):
    """The message boxes the window shows, as ``(text format, text)``, each closed as
    soon as it opens (a modal box's loop runs the timer)."""
    seen = []

    def close_open_boxes():
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QMessageBox) and widget.isVisible():
                seen.append((widget.textFormat(), widget.text()))
                widget.done(0)

    timer = QTimer()
    timer.timeout.connect(close_open_boxes)
    timer.start(20)
    yield seen
    timer.stop()


def test_a_file_with_a_tag_for_a_field_name_is_refused_in_plain_text(qtbot, tmp_path, boxes):
    data = json.loads(example_paths()[0].read_text(encoding="utf-8"))
    data[HOSTILE] = 1
    path = tmp_path / "hostile.gsg"
    path.write_text(json.dumps(data), encoding="utf-8")
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = shown(qtbot, MainWindow(settings=settings))
    w.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    assert w.files.open_file(path) is False
    qtbot.waitUntil(lambda: bool(boxes))
    ((text_format, text),) = boxes
    assert text == f"hostile.gsg: unknown field '{HOSTILE}'."
    assert rich(text)                      # (what Qt would have read as HTML)
    assert text_format == PLAIN


def test_the_unsaved_changes_question_names_a_tagged_file_in_plain_text(qtbot, tmp_path,
                                                                       boxes):
    w = main_window(qtbot, tmp_path)
    del w.ask_save_changes                 # (the real question)
    path = tmp_path / "<img src=picture.png>.gsg"
    w.files.set_document(Document(), str(path))
    w.ask_save_changes()
    qtbot.waitUntil(lambda: bool(boxes))
    ((text_format, text),) = boxes
    assert "<img src=picture.png>" in text and text_format == PLAIN


def test_a_tooltip_of_a_typed_number_with_a_tag_shows_the_tag_as_text(qtbot):
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0], "requires_grad": True}, label="x")
    optimizer = doc.add_action("optimizer", {"params": [x]})
    session = Session(doc)
    panel = shown(qtbot, TimelinePanel(session), (900, 500))
    panel.select_action(optimizer)
    box = panel.details.param_editors["momentum"]
    assert isinstance(box, QLineEdit)
    box.setText(HOSTILE)
    box.editingFinished.emit()
    tip = box.toolTip()
    assert "is not a number" in tip and escaped_words(tip, f"'{HOSTILE}'")


def test_a_refused_name_with_a_tag_is_explained_in_plain_text(qtbot):
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0]}, label="x")
    session = Session(doc)
    inspector = shown(qtbot, Inspector(session), (400, 700))
    session.select([x])
    name = inspector.name
    name.edit.setText(HOSTILE)
    name.edit.editingFinished.emit()
    assert doc.node(x).label == "x"
    assert name.error.text().startswith(f"'{HOSTILE}' cannot be a name")
    assert name.error.textFormat() == PLAIN


@pytest.mark.parametrize("text", [HOSTILE, f"error: {HOSTILE}\nsecond line", "a < b",
                                  "plain words\n<b>later</b>", "&lt;b&gt; is shown as <b>"])
def test_plain_tooltip_keeps_the_words_and_never_leaves_html_to_guess(text):
    tip = plain.plain_tooltip(text)
    if rich(text):
        assert "<img" not in tip and "<b>" not in tip
        first = text.split("\n")[0].replace("&", "&amp;").replace("<", "&lt;")
        assert first.replace(">", "&gt;") in tip
    else:
        assert tip == text                 # (what Qt shows as plain text stays as it was)


def test_a_plain_label_made_with_a_parent_only_is_empty_and_plain(qtbot):
    parent = QLabel()
    qtbot.addWidget(parent)
    label = plain.PlainLabel(parent)
    assert label.parent() is parent and label.text() == "" and label.textFormat() == PLAIN
    label = plain.PlainLabel(HOSTILE, parent)
    assert label.text() == HOSTILE and label.textFormat() == PLAIN


# the labels that show a file's, a name's, a typed text's or an error's words
LABELS = {
    "timeline error": lambda w: w.timeline.details.error,
    "timeline fix": lambda w: w.timeline.details.fix_text,
    "timeline hint": lambda w: w.timeline.details.hint,
    "timeline step": lambda w: w.timeline.step_label,
    "timeline walk": lambda w: w.timeline.walk_label,
    "code notice": lambda w: w.code_panel.notice,
    "node name error": lambda w: w.inspector.name.error,
    "seed error": lambda w: w.inspector.settings.error,
    "probe error": lambda w: w.panel("probe").error_text,
    "probe verdict": lambda w: w.panel("probe").verdict_label,
    "probe leaves": lambda w: w.panel("probe").leaves_text,
    "training status": lambda w: w.panel("training").status,
    "training message": lambda w: w.panel("training").empty,
    "lesson title": lambda w: w.panel("lesson").title,
    "node search message": lambda w: w.canvas.node_search.message,   # the typed text
    "walk position": lambda w: w.panel("walk").position,
}


@pytest.mark.parametrize("name", sorted(LABELS))
def test_each_label_that_shows_outside_words_is_plain_text(qtbot, tmp_path, name):
    w = main_window(qtbot, tmp_path)
    label = LABELS[name](w)
    assert isinstance(label, QLabel)
    assert label.textFormat() == PLAIN


def test_a_progress_dialog_names_a_tagged_file_in_plain_text(qtbot):
    from gradstudio.ui.tasks import Task
    task = Task(lambda token: None, "Open Notebook", f"Running the cells of “{HOSTILE}”…")
    qtbot.addWidget(task.dialog)
    (label,) = [l for l in task.dialog.findChildren(QLabel) if HOSTILE in l.text()]
    assert label.textFormat() == PLAIN
    task.dialog.reset()
