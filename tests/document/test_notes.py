"""Notes on the canvas in the document: saved and read back, checked, exported as
comments in the script and as Markdown cells in the notebook."""
import json

import pytest

from gradstudio.document.examples import build
from gradstudio.document.export import export_script
from gradstudio.document.files import FileError, dumps, loads
from gradstudio.document.model import DocumentError
from gradstudio.document.notebook_export import export_notebook
from gradstudio.document.notes import Note


def _doc():
    doc = build("01_autograd_tutorial")
    doc.set_note("note1", Note("note1", "**y** adds 2:\nits grad_fn is `AddBackward0`.",
                               (10.0, -80.0), (200.0, 90.0), "n2"))
    doc.set_note("note2", Note("note2", "# The tutorial\nRead it top to bottom.",
                               (-300.0, -200.0)))
    return doc


def test_notes_are_saved_and_read_back_in_order():
    doc = _doc()
    text = dumps(doc)
    again = loads(text)
    assert list(again.notes) == ["note1", "note2"] and again.notes == doc.notes
    assert dumps(again) == text


def test_a_note_pinned_to_a_deleted_node_is_saved_free():
    doc = _doc()
    doc.remove_node("n2")
    assert loads(dumps(doc)).notes["note1"].node is None


@pytest.mark.parametrize("edit, message", [
    (lambda n: n[0].update(size=[10, 10]), r"notes\[0\]\.size: must be a pair"),
    (lambda n: n[0].update(node="n99"), r"notes\[0\]\.node: node 'n99' does not exist"),
    (lambda n: n[0].update(text=5), r"notes\[0\]\.text: must be a text"),
    (lambda n: n[1].update(id="note1"), r"notes\[1\]\.id: 'note1' is used twice"),
    (lambda n: n[0].update(colour="red"), r"notes\[0\]: unknown field 'colour'"),
])
def test_a_bad_note_is_refused_with_its_place(edit, message):
    data = json.loads(dumps(_doc()))
    edit(data["notes"])
    with pytest.raises(FileError, match=message):
        loads(json.dumps(data))


def test_the_model_refuses_a_note_on_a_missing_node():
    doc = build("01_autograd_tutorial")
    with pytest.raises(DocumentError, match="does not exist"):
        doc.set_note("a", Note("a", "x", node="n99"))
    assert doc.notes == {}


def test_the_script_has_the_notes_as_comments():
    script = export_script(_doc()).text.splitlines()
    y = next(i for i, line in enumerate(script) if line.startswith("y = "))
    assert script[y - 2:y] == ["# **y** adds 2:", "# its grad_fn is `AddBackward0`."]
    assert script[1:3] == ["# # The tutorial", "# Read it top to bottom."]
    compile("\n".join(script), "<export>", "exec")


def test_the_notebook_has_the_notes_as_markdown_cells():
    cells = json.loads(export_notebook(_doc()))["cells"]
    markdown = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    assert "*Note on `y`:*\n\n**y** adds 2:\nits grad_fn is `AddBackward0`." in markdown
    assert "# The tutorial\nRead it top to bottom." in markdown
