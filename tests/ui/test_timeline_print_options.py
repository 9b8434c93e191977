"""torch.set_printoptions in the timeline (issue 32, item 2): added from the Add menu, its
row reads as the call, its editor box has a box per argument (a number left empty is not
passed), every change is one undo step, and the print after it shows the tensor as the
options say; the step-through explains it in words."""
from gradstudio.document import Document
from gradstudio.document.export import transcript
from gradstudio.ui.session import Session
from gradstudio.ui.timeline import TimelinePanel

from driving import shown


def test_print_options_are_added_edited_and_change_the_print_after_them(qtbot):
    doc = Document()
    doc.add_node("tensor", {"value": [1.23456, 2e-5, 300.0]}, label="x")
    session = Session(doc)
    panel = shown(qtbot, TimelinePanel(session), (900, 520))
    assert panel.add_actions["print_options"].text() == "torch.set_printoptions(...)"
    panel.add_action("print_options")
    options = doc.timeline[0]
    assert options.kind == "print_options" and options.params["precision"] == 2.0
    panel.list.setCurrentRow(0)
    panel.add_action("print")                          # print(x), after it
    assert [a.kind for a in doc.timeline] == ["print_options", "print"]
    assert transcript(doc, session.result) == "tensor([1.23e+00, 2.00e-05, 3.00e+02])\n"
    panel.list.setCurrentRow(0)
    assert panel.list.item(0).text().endswith("torch.set_printoptions(precision=2)")
    editors = panel.details.param_editors
    assert set(editors) == {"precision", "threshold", "edgeitems", "linewidth", "sci_mode",
                            "profile"}
    assert panel.details.params_box.title() == "torch.set_printoptions(...)"
    box = editors["sci_mode"]
    box.setCurrentIndex(box.findData("False"))
    assert doc.action(options.id).params["sci_mode"] == "False"
    assert transcript(doc, session.result) == "tensor([  1.23,   0.00, 300.00])\n"
    assert editors["precision"].text() == "2"          # as the row and the export write it
    field = panel.details.param_editors["linewidth"]
    field.setText("20")
    field.editingFinished.emit()
    assert doc.action(options.id).params["linewidth"] == 20.0
    assert panel.list.item(0).text().endswith(
        "torch.set_printoptions(precision=2, linewidth=20, sci_mode=False)")
    assert transcript(doc, session.result) == "tensor([  1.23,\n          0.00,\n        300.00])\n"
    assert "lines of at most 20 characters" in panel.details.about.text()
    session.undo_stack.undo()
    assert doc.action(options.id).params["linewidth"] is None
    session.undo_stack.undo()
    assert transcript(doc, session.result) == "tensor([1.23e+00, 2.00e-05, 3.00e+02])\n"
