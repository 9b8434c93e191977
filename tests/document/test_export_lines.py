"""The exported script's map from lines back to nodes (``ExportedScript.line_nodes``),
which the Code panel uses to select the node whose line is clicked."""
from gradstudio.document import Document
from gradstudio.document.examples import build
from gradstudio.document.export import export_script


def _line(script, text):
    """The 1-based number of the line reading ``text`` (indentation aside)."""
    (number,) = [i for i, line in enumerate(script.text.splitlines(), 1)
                 if line.strip() == text]
    return number


def test_every_node_statement_line_maps_to_its_node_and_nothing_else_does():
    doc = build("01_autograd_tutorial")
    script = export_script(doc)
    names = {doc.display_name(n): n for n in doc.node_ids}
    assert script.line_nodes[_line(script, "z = y_times_y * 3")] == names["z"]
    assert script.line_nodes[_line(script, "x = torch.ones(2, 2, requires_grad=True)")] \
        == names["x"]
    for node_id, line in script.lines.items():
        assert script.line_nodes[line] == node_id
    for text in ("import torch", "print(z)", "out.backward()", "print(x.grad)"):
        assert _line(script, text) not in script.line_nodes


def test_a_node_written_on_two_lines_owns_both():
    doc = Document()
    x = doc.add_node("ones", {"shape": (2,), "requires_grad": True}, label="x")
    kept = doc.add_node("exp", label="kept", retains_grad=True)
    doc.connect(x, kept, "self")
    script = export_script(doc)
    assert script.line_nodes[_line(script, "kept = x.exp()")] == kept
    assert script.line_nodes[_line(script, "kept.retain_grad()")] == kept


def test_a_forward_pass_written_again_in_a_loop_maps_to_the_same_nodes():
    doc = build("09_linear_regression")
    script = export_script(doc)
    loss = next(n for n in doc.node_ids if doc.display_name(n) == "loss")
    lines = [i for i, node in script.line_nodes.items() if node == loss]
    assert len(lines) == 2 and script.lines[loss] == min(lines)
    text = script.text.splitlines()
    assert all(text[i - 1].strip().startswith("loss = ") for i in lines)
