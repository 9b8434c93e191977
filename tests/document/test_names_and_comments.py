"""How the document names a node without a label, and how the exporter says an action
was not run: each reads as one plain name or sentence, never a doubled word."""
from gradstudio.document import Document, run
from gradstudio.document.export import export_script


def test_a_kind_ending_in_underscore_gives_a_name_with_one_underscore():
    d = Document()
    x = d.add_node("ones", {"shape": (2,)}, label="x")
    r = d.add_node("requires_grad_", {"requires_grad": True})
    d.connect(x, r, "self")
    assert d.auto_name(r) == d.display_name(r) == f"requires_grad_{r}"
    assert d.display_name(x) == "x" and d.auto_name(x) == f"ones_{x}"
    s = d.add_node("sum")
    d.connect(r, s, "self")
    assert d.display_name(s) == f"sum_{s}"


def test_an_unlabelled_requires_grad_node_is_written_in_place_in_valid_code():
    d = Document()
    y = d.add_node("exp", label="y")
    x = d.add_node("ones", {"shape": (2,)}, label="x")
    d.connect(x, y, "self")
    r = d.add_node("requires_grad_", {"requires_grad": True})
    d.connect(y, r, "self")
    s = d.add_node("sum")
    d.connect(r, s, "self")
    text = export_script(d).text
    assert "__" not in text.replace('"""', "")
    compile(text, "<exported>", "exec")
    assert f"sum_{s} = y.sum()" in text


def test_an_action_that_was_not_run_says_so_once():
    d = Document()
    a = d.add_node("ones", {"shape": (2, 3)}, label="a")
    bad = d.add_node("matmul", label="bad")
    d.connect(a, bad, "self")
    d.connect(a, bad, "other")
    d.add_action("backward", {"target": bad})
    d.add_action("backward")
    script = export_script(d, run(d))
    lines = script.text.splitlines()
    blocked = lines[script.action_lines[d.timeline[0].id] - 1]
    missing = lines[script.action_lines[d.timeline[1].id] - 1]
    for line in (blocked, missing):
        assert line.startswith("# ") and line.lower().count("not run") == 1, line
    assert blocked == ("# bad.backward()  # not run: Its target 'bad' has an error; fix "
                       "that node first.")
    assert run(d).outcomes[0].error == "Its target 'bad' has an error; fix that node first."


def test_a_reason_that_already_says_not_run_is_not_prefixed_again():
    d = Document()
    x = d.add_node("ones", {"shape": (), "requires_grad": True}, label="x")
    d.add_action("backward", {"target": x})
    result = run(d)                  # a run stopped by its memory limit says this:
    result.outcomes[0].error = "Not run: the run keeps more than 512 MB of tensors."
    assert result.outcomes[0].error_type is None
    line = export_script(d, result).text.splitlines()[-1]
    assert line == "# x.backward()  # Not run: the run keeps more than 512 MB of tensors."
