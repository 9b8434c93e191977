"""Issue 29, a literal of many numbers: the card and the PyTorch Code panel show it
summarised as torch prints a big tensor (``...`` after the first three numbers of a
dimension), so showing it costs the same for a million numbers as for a thousand; the
exported script still spells every number."""
from gradstudio.document import Document
from gradstudio.document.export import export_script
from gradstudio.document.spelling import BRIEF_ELEMENTS, brief_literals, literal
from gradstudio.ui.code_view import CodePanel
from gradstudio.ui.session import Session

from driving import shown

NUMBERS = [float(i) / 8 for i in range(5 * BRIEF_ELEMENTS)]


def big_literal_doc():
    doc = Document()
    x = doc.add_node("tensor", {"value": NUMBERS}, (0.0, 0.0), label="x")
    s = doc.add_node("sum", {}, (240.0, 0.0), label="s")
    doc.connect(x, s, "self")
    return doc, x


def test_a_big_literal_is_summarised_as_torch_prints_it_only_when_asked():
    with brief_literals():
        assert literal(NUMBERS) == "[0.0, 0.125, 0.25, ..., 624.625, 624.75, 624.875]"
        assert literal([[1.0] * 2000] * 2) == "[[1.0, 1.0, 1.0, ..., 1.0, 1.0, 1.0], " \
            "[1.0, 1.0, 1.0, ..., 1.0, 1.0, 1.0]]"
        assert literal([1.0, 2.0]) == "[1.0, 2.0]"          # small: every number
    assert literal(NUMBERS) == "[" + ", ".join(map(repr, NUMBERS)) + "]"
    assert literal([float("nan"), float("-inf"), True, 2]) == \
        "[float('nan'), -float('inf'), True, 2]"


def test_the_code_panel_and_the_card_show_a_big_literal_summarised(qtbot):
    doc, x = big_literal_doc()
    session = Session(doc)
    panel = shown(qtbot, CodePanel(session), (700, 500))
    text = panel.editor.toPlainText()
    assert "x = torch.tensor([0.0, 0.125, 0.25, ..., 624.625, 624.75, 624.875])" in text
    assert len(text) < 1000
    assert "624.5" in export_script(doc).text            # the export spells them all


def test_a_cards_code_text_is_bounded(qtbot):
    from gradstudio.ui.canvas import Canvas
    doc, x = big_literal_doc()
    canvas = shown(qtbot, Canvas(Session(doc)), (700, 500))
    code = canvas.scene().nodes[x].code_text
    assert code.startswith("torch.tensor([0.0, 0.125, 0.25, ...") and len(code) < 200


def test_the_inspector_shows_a_big_literal_summarised_and_its_shape_stays_editable(
        qtbot, monkeypatch):
    import gradstudio.ui.inspector_literal as inspector_literal
    from gradstudio.ui.inspector import Inspector
    monkeypatch.setattr(inspector_literal, "TEXT_ELEMENTS", len(NUMBERS) - 1)
    doc, x = big_literal_doc()
    session = Session(doc)
    inspector = shown(qtbot, Inspector(session), (400, 700))
    session.select([x])
    editor = inspector._editors["value"]
    assert editor.widget.isReadOnly()
    assert editor.widget.text() == "[0.0, 0.125, 0.25, ..., 624.625, 624.75, 624.875]"
    assert editor.shape_edit.text() == f"{len(NUMBERS)}"
    editor.widget.editingFinished.emit()                  # nothing to commit
    assert session.document.node(x).params["value"] == NUMBERS
    editor.shape_edit.setText("3")
    editor.shape_edit.editingFinished.emit()
    assert session.document.node(x).params["value"] == [0.0, 0.125, 0.25]
    assert not editor.widget.isReadOnly() and editor.widget.text() == "[0.0, 0.125, 0.25]"


def test_a_long_vector_is_plotted_as_a_line_not_a_bar_each():
    import numpy as np
    from gradstudio.ui.tensor_plot import MAX_BARS, TensorPlot
    plot = TensorPlot()
    plot.show_arrays(np.arange(MAX_BARS + 1, dtype=np.float32), None)
    value = plot.panes[0]
    assert value.bars is None and value.line.isVisible()
    assert value.line.getData()[1].size == MAX_BARS + 1
    plot.show_arrays(np.arange(3, dtype=np.float32), None)
    assert value.bars.isVisible() and not value.line.isVisible()
    plot.deleteLater()
