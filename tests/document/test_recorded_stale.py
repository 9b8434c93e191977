"""What a trace recorded rather than drew is never silently reused once the graph is
edited (issue 32, item 1): the document keeps a digest of what it computed as traced,
and after an edit that changes what it computes its recorded steps say they may no
longer match, in the timeline, in the step's explanation, in the export and on the
command line; editing only how a print prints, or undoing the edit, does not."""
import json

import pytest

from gradstudio.app import cli
from gradstudio.document import run
from gradstudio.document.export import export_script, transcript
from gradstudio.document.files import dumps, loads
from gradstudio.document.recorded import STALE_WORDS, fingerprint, is_stale
from gradstudio.document.trace import trace

from trace_jobs import dedent

SCRIPT = dedent("""
    import torch
    w = torch.tensor([1.0, -2.0], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1)
    for step in range(3):
        opt.zero_grad()
        loss = (w ** 2).sum()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")
    print("done", w)
""")


@pytest.fixture(scope="module")
def traced():
    return trace(SCRIPT)


@pytest.fixture
def doc(traced):
    return loads(dumps(traced))


def _optimizer(doc):
    return next(a for a in doc.timeline if a.kind == "optimizer")


def test_a_traced_document_is_not_stale_and_says_so_nowhere(doc):
    assert doc.recorded_against == fingerprint(doc) and not is_stale(doc)
    script = export_script(doc).text
    assert "# recorded (line 9)" in script and "edited" not in script


def test_an_edit_of_what_it_computes_makes_its_recorded_text_stale(doc):
    before = transcript(doc, run(doc))
    opt = _optimizer(doc)
    doc.set_action_param(opt.id, "lr", 0.3)
    assert is_stale(doc)
    assert transcript(doc, run(doc)) != before      # (the graph's own print moved)
    script = export_script(doc).text
    assert "# recorded (line 9), before the graph was edited: it may no longer match" \
        in script
    doc.set_action_param(opt.id, "lr", 0.1)         # back as traced
    assert not is_stale(doc)


def test_an_edit_of_a_node_makes_it_stale_too(doc):
    w = next(n for n in doc.node_ids if doc.node(n).kind == "tensor")
    doc.set_param(w, "value", [3.0, 3.0])
    assert is_stale(doc)


def test_how_a_print_prints_is_not_an_edit_of_what_was_recorded(doc):
    say = next(a for a in doc.timeline if a.kind == "say")
    doc.set_action_param(say.id, "sep", ", ")
    assert not is_stale(doc)


def test_the_file_keeps_what_it_was_recorded_against(doc):
    doc.set_action_param(_optimizer(doc).id, "lr", 0.5)
    text = dumps(doc)
    assert json.loads(text)["recorded_against"] == doc.recorded_against
    again = loads(text)
    assert again.recorded_against == doc.recorded_against and is_stale(again)


@pytest.mark.parametrize("bad", ['"abc"', "12", '"' + "g" * 64 + '"'])
def test_a_malformed_digest_is_refused_in_words(doc, bad):
    data = json.loads(dumps(doc))
    text = json.dumps(data).replace(json.dumps(data["recorded_against"]), bad)
    with pytest.raises(Exception, match="recorded_against: must be the 64 hexadecimal"):
        loads(text)


def test_a_graph_built_in_the_studio_records_nothing(doc):
    from gradstudio.document import Document
    fresh = Document()
    assert fresh.recorded_against is None and not is_stale(fresh)
    assert "recorded_against" not in dumps(fresh)


def test_run_prints_what_the_graph_prints_and_warns_when_stale(doc, tmp_path, capsys):
    path = tmp_path / "traced.gsg"
    path.write_text(dumps(doc), encoding="utf-8")
    assert cli.main(["run", str(path), "--prints"]) == 0
    out, err = capsys.readouterr()
    assert out == transcript(doc, run(doc)) and out.startswith("step 0 loss 5.0000\n")
    assert err == ""
    doc.set_action_param(_optimizer(doc).id, "lr", 0.2)
    path.write_text(dumps(doc), encoding="utf-8")
    assert cli.main(["run", str(path), "--prints"]) == 0
    out, err = capsys.readouterr()
    assert STALE_WORDS in err
