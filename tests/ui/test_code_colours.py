"""The code panel colours Python as Python reads it (Pygments, as the Lesson panel does):
a triple-quoted string is a string to its end, a ``#`` inside a string is no comment, an
edit that opens a string re-colours the lines after it; a dark palette gets a dark style
and a dark marked line."""
from types import SimpleNamespace

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QPlainTextEdit

from gradstudio.ui import code_view as cv
from gradstudio.ui.code_view import CodePanel
from gradstudio.ui.highlight import PygmentsHighlighter
from gradstudio.ui.lesson_style import contrast

from driving import shown

SCRIPT = ('"""A docstring\n'
          'for x in range(3): # not a comment\n'
          '"""\n'
          's = "a # b"  # a comment\n'
          'for i in range(2):\n'
          '    pass\n')


@pytest.fixture
def panel(qtbot, session, monkeypatch):
    """A shown code panel on ``SCRIPT`` (node n1 on its last line), coloured."""
    script = SimpleNamespace(text=SCRIPT, lines={"n1": 6}, line_nodes={6: "n1"})
    monkeypatch.setattr(cv, "_export_script", lambda: lambda doc, result=None: script)
    w = shown(qtbot, CodePanel(session), (600, 300))
    qtbot.waitUntil(lambda: w.highlighter is not None)
    qtbot.waitUntil(lambda: bool(w.editor.document().firstBlock().layout().formats()))
    return w


def colour_at(document, line, column):
    """The foreground colour name Qt's layout gives ``(line, column)`` (0-based), or
    None where no colour was set."""
    block = document.findBlockByNumber(line)
    for r in block.layout().formats():
        if r.start <= column < r.start + r.length \
                and r.format.hasProperty(r.format.Property.ForegroundBrush):
            return r.format.foreground().color().name()
    return None


def token_colour(highlighter, token):
    return highlighter.format_for(token).foreground().color().name()


def test_a_triple_quoted_string_is_a_string_to_its_end_and_a_hash_in_a_string_no_comment(
        panel):
    from pygments.token import Comment, Keyword, String
    doc, h = panel.editor.document(), panel.highlighter
    doc_string, comment = token_colour(h, String.Doc), token_colour(h, Comment.Single)
    assert doc_string != comment
    line = SCRIPT.split("\n")[1]                    # for x in range(3): # not a comment
    assert {colour_at(doc, 1, c) for c in range(len(line))} == {doc_string}
    line = SCRIPT.split("\n")[3]                    # s = "a # b"  # a comment
    inner, outer = line.index("#"), line.rindex("#")
    assert colour_at(doc, 3, inner) == token_colour(h, String.Double) != comment
    assert colour_at(doc, 3, outer) == comment
    assert colour_at(doc, 4, 0) == token_colour(h, Keyword)        # for, after the string


def test_opening_a_string_colours_the_lines_after_it_and_closing_it_restores_them(qtbot):
    from pygments.token import Keyword, String
    editor = QPlainTextEdit("x = 1\nfor i in y:\n    pass\n")
    qtbot.addWidget(editor)
    document = editor.document()
    document.setUndoRedoEnabled(False)             # (as in the code panel)
    h = PygmentsHighlighter(document)
    qtbot.waitUntil(lambda: bool(document.findBlockByNumber(1).layout().formats()))
    keyword = token_colour(h, Keyword)
    assert colour_at(document, 1, 0) == keyword
    cursor = document.find("x = 1")
    cursor.insertText('x = """1')                    # the string now runs to the end
    assert colour_at(document, 1, 0) == token_colour(h, String.Double) != keyword
    assert colour_at(document, 2, 4) == token_colour(h, String.Double)
    cursor = document.find('x = """1')
    cursor.insertText("x = 1")
    assert colour_at(document, 1, 0) == keyword and colour_at(document, 2, 4) == keyword


def dark_palette():
    palette = QPalette()
    for role, colour in ((QPalette.ColorRole.Window, "#202124"),
                         (QPalette.ColorRole.WindowText, "#e8eaed"),
                         (QPalette.ColorRole.Base, "#171717"),
                         (QPalette.ColorRole.Text, "#e8eaed"),
                         (QPalette.ColorRole.Highlight, "#3d5afe")):
        palette.setColor(role, QColor(colour))
    return palette


def marked_background(panel):
    (extra,) = panel.editor.extraSelections()
    return extra.format.background().color()


def test_a_dark_palette_gets_a_dark_style_and_a_dark_marked_line(qtbot, panel):
    panel.session.select(["n1"])
    assert panel.highlighted_line() == 6
    assert not panel.highlighter.dark and marked_background(panel).lightnessF() > 0.5
    light_keyword = token_colour(panel.highlighter, _keyword())
    panel.setPalette(dark_palette())
    qtbot.waitUntil(lambda: panel.highlighter.dark)
    background = marked_background(panel)
    assert background.lightnessF() < 0.5
    text = panel.editor.palette().color(QPalette.ColorRole.Text).name()
    assert contrast(text, background.name()) >= 4.5                   # readable on it
    assert token_colour(panel.highlighter, _keyword()) != light_keyword
    assert panel.highlighted_line() == 6


def _keyword():
    from pygments.token import Keyword
    return Keyword
