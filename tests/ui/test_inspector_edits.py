"""Editing from the inspector, driven as a user drives it: the retains_grad toggle marks
or unmarks a tensor with retain_grad() (one undo step each, and undo gives back the very
same file),
the name field renames the node, and with nothing selected the seed field changes the
random numbers. The canvas and the inspector are checked to follow each change."""
import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gradstudio.document.examples import build
from gradstudio.document.export import export_script
from gradstudio.document.files import dumps
from gradstudio.ui import commands
from gradstudio.ui.canvas import Canvas
from gradstudio.ui.inspector import Inspector
from gradstudio.ui.session import Session

from driving import ids

SHOTS = os.environ.get("GRADSTUDIO_SHOTS")   # a folder: save PNGs of the inspector there
FORWARD = 0                                  # the step before any timeline action


def make_studio(qtbot, doc):
    """A session on ``doc`` with a canvas and an inspector, both shown."""
    session = Session(doc)
    inspector = Inspector(session)
    canvas = Canvas(session)
    for w, size in ((inspector, (420, 900)), (canvas, (1200, 700))):
        qtbot.addWidget(w)
        w.resize(*size)
        w.show()
        qtbot.waitExposed(w)
    return session, inspector, canvas


@pytest.fixture
def tutorial(qtbot):
    """The bundled autograd tutorial, laid out: x, y, y_times_y, z (marked with
    retain_grad()), out = mean, then out.backward()."""
    return make_studio(qtbot, build("01_autograd_tutorial"))


def badges(canvas, node_id):
    return [text for _, text in canvas.item(node_id).badges]


def shot(widget, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        QApplication.processEvents()          # let the layouts settle, as on screen
        widget.grab().save(os.path.join(SHOTS, name + ".png"))


def type_into(qtbot, edit, text):
    """Replaces a line edit's text by typing, then presses Return."""
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Delete)
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Return)


# ----------------------------------------------------------------------------- retains_grad
def test_ticking_retains_grad_marks_the_tensor_as_one_undo_step(qtbot, tutorial):
    session, w, canvas = tutorial
    doc = session.document
    n = ids(session)
    yy = n["y_times_y"]
    session.select([yy])
    box = w.retains_grad
    assert box.isEnabled() and not box.isChecked() and box.text() == "False"
    assert w.grad_text.toPlainText() == "None"
    assert "retain_grad" not in badges(canvas, yy) and ".grad ✓" not in badges(canvas, yy)
    before = dumps(doc)
    nodes = list(doc.node_ids)

    with qtbot.waitSignal(session.run_finished):
        box.click()

    assert session.undo_stack.count() == 1
    assert session.undo_stack.undoText() == "Keep .grad of y_times_y"
    assert doc.node_ids == nodes and doc.node(yy).retains_grad     # a mark, not a node
    assert "y_times_y.retain_grad()" in export_script(session.document).text
    assert session.selection == [yy]
    # d out / d y_times_y = 3 / 4, kept after the backward and shown everywhere
    assert box.isChecked() and box.text() == "True"
    assert w.grad_text.toPlainText() == ("tensor([[0.7500, 0.7500],\n"
                                         "        [0.7500, 0.7500]])")
    assert "retain_grad" in badges(canvas, yy) and ".grad ✓" in badges(canvas, yy)
    # before the backward action nothing has a gradient yet
    session.set_step(FORWARD)
    assert w.grad_text.toPlainText() == "None" and box.isChecked()
    assert ".grad ✓" not in badges(canvas, yy)
    session.set_step(-1)
    shot(w, "inspector_retains_grad")

    session.undo_stack.undo()
    assert dumps(doc) == before
    assert not box.isChecked() and w.grad_text.toPlainText() == "None"
    assert "retain_grad" not in badges(canvas, yy)
    session.undo_stack.redo()
    assert doc.node(yy).retains_grad
    assert box.isChecked() and "0.7500" in w.grad_text.toPlainText()


def test_unticking_on_the_tensor_takes_the_mark_off(qtbot, tutorial):
    session, w, canvas = tutorial
    doc = session.document
    n = ids(session)
    session.select([n["z"]])
    assert w.retains_grad.isChecked() and "retain_grad" in badges(canvas, n["z"])
    before = dumps(doc)
    with qtbot.waitSignal(session.run_finished):
        w.retains_grad.click()
    assert not doc.node(n["z"]).retains_grad
    assert doc.inputs_of(n["out"]) == {"self": n["z"]}
    assert session.selection == [n["z"]] and not w.retains_grad.isChecked()
    assert "retain_grad" not in badges(canvas, n["z"]) and w.grad_text.toPlainText() == "None"
    assert "retain_grad()" not in export_script(session.document).text
    session.undo_stack.undo()
    assert dumps(doc) == before


def test_a_mark_where_pytorch_would_refuse_it_is_left_out_and_said_so(qtbot, tutorial):
    """Unticking x's requires_grad: z's mark stays, greyed and left out of the code, and
    backward fails with PyTorch's classic error, not a retain_grad one."""
    session, w, canvas = tutorial
    n = ids(session)
    session.select([n["x"]])
    with qtbot.waitSignal(session.run_finished):
        w.requires_grad.click()
    session.select([n["z"]])
    box = w.retains_grad
    assert box.isEnabled() and box.isChecked() and box.text() == "False (left out)"
    assert "left out of the run and the code" in box.toolTip()
    assert "retain_grad left out" in badges(canvas, n["z"])
    assert "# z.retain_grad() is left out" in export_script(session.document).text
    assert session.state(n["z"]).error is None
    assert session.result.outcomes[0].error.startswith(
        "RuntimeError: element 0 of tensors does not require grad")
    with qtbot.waitSignal(session.run_finished):
        box.click()                                     # the mark can still come off
    assert not session.document.node(n["z"]).retains_grad
    assert not [b for b in badges(canvas, n["z"]) if "retain_grad" in b]


def test_retains_grad_is_disabled_where_retain_grad_cannot_apply(qtbot):
    session, w, canvas = make_studio(qtbot, build("04_detach_and_no_grad"))
    n = ids(session)
    box = w.retains_grad
    session.select([n["x"]])
    assert not box.isEnabled() and "leaf keeps its .grad" in box.toolTip()
    for name in ("x_detached", "x_squared_no_grad"):
        session.select([n[name]])
        assert not box.isEnabled() and "does not require grad" in box.toolTip()
        assert "refuses retain_grad()" in box.toolTip()
    session.select([n["x_squared"]])
    assert box.isEnabled()
    add = commands.AddNode(session.document, "mm")       # no inputs: in error
    session.push(add)
    session.select([add.node_id])
    assert not box.isEnabled() and "in error" in box.toolTip() and box.text() == "—"


# ----------------------------------------------------------------------------- rename
def test_renaming_through_the_name_field(qtbot, tutorial):
    session, w, canvas = tutorial
    doc = session.document
    y = ids(session)["y"]
    session.select([y])
    with qtbot.waitActive(w):
        w.activateWindow()
    field = w.name
    assert field.edit.text() == "y"
    assert w.start_rename() and field.edit.hasFocus() and field.edit.selectedText() == "y"

    with qtbot.waitSignal(session.run_finished):
        type_into(qtbot, field.edit, "shifted")
    assert doc.node(y).label == "shifted"
    assert session.undo_stack.count() == 1 and session.undo_stack.undoText() == "Rename y"
    assert w.title.text().startswith("shifted ")
    assert canvas.item(y).data.label == "shifted"
    session.undo_stack.undo()
    assert doc.node(y).label == "y" and field.edit.text() == "y"


@pytest.mark.parametrize("text, words", [
    ("2y", "cannot be a name"),
    ("lambda", "reserved in Python"),
    ("x", "Another node is already called 'x'"),
    ("y_times_y", "Another node is already called 'y_times_y'"),
])
def test_a_refused_name_explains_and_changes_nothing(qtbot, tutorial, text, words):
    session, w, canvas = tutorial
    doc = session.document
    y = ids(session)["y"]
    session.select([y])
    before = dumps(doc)
    type_into(qtbot, w.name.edit, text)
    assert w.name.error.isVisibleTo(w) and words in w.name.error.text()
    assert w.name.edit.text() == text                      # kept, to be corrected
    assert dumps(doc) == before and session.undo_stack.count() == 0
    session.rerun()                                        # a run does not wipe it
    assert w.name.edit.text() == text and w.name.error.isVisibleTo(w)
    qtbot.keyClick(w.name.edit, Qt.Key.Key_Escape)         # Escape puts the name back
    assert w.name.edit.text() == "y" and not w.name.error.isVisibleTo(w)


def test_an_empty_name_removes_the_label(qtbot, tutorial):
    session, w, canvas = tutorial
    doc = session.document
    yy = ids(session)["y_times_y"]
    session.select([yy])
    type_into(qtbot, w.name.edit, "")
    assert doc.node(yy).label is None
    assert w.title.text().startswith(f"mul_{yy} ")
    assert f"mul_{yy}" in w.name.edit.placeholderText()


def test_start_rename_without_a_selection_does_nothing(qtbot, tutorial):
    session, w, canvas = tutorial
    session.select([])
    assert w.start_rename() is False


# ----------------------------------------------------------------------------- seed
def test_seed_field_changes_random_values_and_undo_restores_them(qtbot):
    session, w, canvas = make_studio(qtbot, build("02_requires_grad_on_a_computed_tensor"))
    doc = session.document
    r = ids(session)["r"]
    session.select([])
    assert w.settings.isVisibleTo(w) and not w.node_view.isVisibleTo(w)
    assert "torch.manual_seed(seed)" in w.settings.help.text()
    assert w.settings.edit.text() == str(doc.seed)
    printed = session.state(r).text

    with qtbot.waitSignal(session.run_finished):
        type_into(qtbot, w.settings.edit, "1234")
    assert doc.seed == 1234 and session.undo_stack.count() == 1
    assert session.state(r).text != printed
    session.select([r])
    assert w.tensor_text.toPlainText() == session.state(r).text
    session.select([])
    shot(w, "inspector_graph_settings")

    session.undo_stack.undo()
    assert session.state(r).text == printed and w.settings.edit.text() == str(doc.seed)
    session.undo_stack.redo()
    type_into(qtbot, w.settings.edit, "")                 # empty: unseeded
    assert doc.seed is None and w.settings.edit.text() == ""


@pytest.mark.parametrize("text", ["-1", "1.5", "seven", str(2 ** 63)])
def test_a_refused_seed_explains_and_changes_nothing(qtbot, tutorial, text):
    session, w, canvas = tutorial
    session.select([])
    before = dumps(session.document)
    type_into(qtbot, w.settings.edit, text)
    assert "whole number from 0 to 2**63 - 1" in w.settings.error.text()
    assert w.settings.error.isVisibleTo(w) and w.settings.edit.text() == text
    assert dumps(session.document) == before and session.undo_stack.count() == 0


def test_opening_another_document_drops_refused_text(qtbot, tutorial):
    session, w, canvas = tutorial
    session.select([])
    type_into(qtbot, w.settings.edit, "seven")
    assert w.settings.error.isVisibleTo(w)
    session.set_document(build("03_vector_jacobian_product"))
    assert not w.settings.error.isVisibleTo(w) and w.settings.edit.text() == "7"


def test_a_loss_s_reduction_is_chosen_from_a_list_and_undoes(qtbot):
    from PySide6.QtWidgets import QComboBox
    from gradstudio.document import Document
    from gradstudio.ui.inspector import Inspector
    from gradstudio.ui.session import Session
    doc = Document()
    scores = doc.add_node("tensor", {"value": [[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]]},
                          label="scores")
    target = doc.add_node("tensor", {"value": [1, 2]}, label="target")
    loss = doc.add_node("cross_entropy", label="loss")
    doc.connect(scores, loss, "input")
    doc.connect(target, loss, "target")
    session = Session(doc)
    inspector = Inspector(session)
    qtbot.addWidget(inspector)
    inspector.show()
    session.select([loss])
    box = inspector.editor("reduction")
    assert isinstance(box, QComboBox)
    assert [box.itemText(i) for i in range(box.count())] == ["mean", "sum", "none"]
    box.setCurrentText("none")
    assert doc.node(loss).params["reduction"] == "none"
    assert session.state(loss).shape == (2,)              # one loss per target
    session.undo_stack.undo()
    assert doc.node(loss).params["reduction"] == "mean" and box.currentText() == "mean"
    assert session.state(loss).shape == ()
