"""An edit of the code panel's script lexes again only the lines it touched
(``highlight.relex``), and colours exactly as lexing the whole new text would: random
edits (strings opened and closed across lines, lines added and taken away) of real
exported scripts and of one with a triple-quoted string."""
import random

from PySide6.QtWidgets import QPlainTextEdit

from gradstudio.document import Document
from gradstudio.document.examples import autograd_tutorial
from gradstudio.document.export import export_script
from gradstudio.ui import highlight
from gradstudio.ui.highlight import PygmentsHighlighter, _lex, relex

STRINGY = ('"""A docstring\nfor x in range(3): # not a comment\n"""\n'
           's = "a # b"  # a comment\nfor i in range(2):\n    pass\n')
PIECES = ('"""', "\n", "x = 1\n", "# c\n", "'''", 'f"{a}"', "def f():\n", '"', "\\\n",
          "print(1)", "(", ")")


def chain(n=60):
    doc = Document()
    ids = [doc.add_node("rand", {"shape": (2, 2), "requires_grad": True}),
           doc.add_node("rand", {"shape": (2, 2), "requires_grad": True})]
    while len(ids) < n:
        k = doc.add_node(("add", "mul", "sub")[len(ids) % 3])
        doc.connect(ids[-1], k, "self")
        doc.connect(ids[-2], k, "other")
        ids.append(k)
    return doc


def edited(text, rng):
    rows = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(rows))
        roll, piece = rng.random(), rng.choice(PIECES)
        if roll < 0.4:
            cut = rng.randint(0, len(rows[i]))
            rows[i] = rows[i][:cut] + piece + rows[i][cut:]
        elif roll < 0.7:
            del rows[i:i + rng.randint(1, 3)]
        else:
            rows.insert(i, piece)
        rows = rows or [""]
    return "\n".join(rows)


def test_relexing_an_edit_gives_what_lexing_the_whole_text_gives():
    rng = random.Random(35)
    for text in (export_script(chain(), None).text,
                 export_script(autograd_tutorial(), None).text, STRINGY):
        for _ in range(150):
            new = edited(text, rng)
            assert relex(text, _lex(text), new) == _lex(new)
            text = new            # (edits follow edits)


def test_one_changed_line_of_a_long_script_is_lexed_alone(qtbot, monkeypatch):
    text = export_script(chain(300), None).text
    editor = QPlainTextEdit(text)
    qtbot.addWidget(editor)
    document = editor.document()
    document.setUndoRedoEnabled(False)
    h = PygmentsHighlighter(document)
    qtbot.waitUntil(lambda: h._text is not None)
    lexed = []
    real = highlight._lex_into
    monkeypatch.setattr(highlight, "_lex_into", lambda *a, **k: lexed.append(
        (a[4], real(*a, **k))) or lexed[-1][1])
    whole = []
    monkeypatch.setattr(highlight, "_lex", lambda text: whole.append(text) or _lex(text))
    cursor = document.find("requires_grad=True")
    cursor.insertText("requires_grad=False")
    row = cursor.blockNumber()
    assert whole == []                        # the script is not lexed whole again
    (first, stopped), = lexed
    assert first == row and stopped == row + 1    # that line and no other
    assert (h._lines, h._ends, h._starts) == _lex(document.toPlainText())


def test_the_lexer_that_keeps_states_gives_pygments_own_tokens():
    from pygments.lexers.python import PythonLexer
    rng = random.Random(7)
    for text in (export_script(chain(), None).text, STRINGY,
                 open(highlight.__file__, encoding="utf-8").read()):
        for _ in range(15):
            text = edited(text, rng)
            theirs = [(kind, value) for _i, kind, value in PythonLexer(
                stripnl=False, ensurenl=False).get_tokens_unprocessed(text)]
            ours = [(kind, value) for kind, value, _states in highlight._tokens(
                PythonLexer(stripnl=False, ensurenl=False), text, ("root",))]
            assert ours == theirs
