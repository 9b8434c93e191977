"""Loaders over a ``random_split`` of a ``TensorDataset`` fold as loaders over the dataset
do (issue 32): the graph draws the split itself (``randperm`` from the same generator,
one slice per subset, ``X[rows]``), so the training loop is one iteration's graph and a
loop block instead of a recorded part of hundreds of per-row selects and stacks. Torch is
the oracle: the export prints what the program printed. A split the graph cannot draw
stays a recorded part whose reason names the lines of ``random_split`` and the
``DataLoader``, the code the student wrote."""
import pytest

from gradstudio.document.export import export_script

from script_runner import run_scripts, torch_available
from split_programs import FOLDED, REFUSED
from trace_jobs import dedent, outcomes

ORACLE = pytest.mark.skipif(not torch_available(), reason="torch is the oracle")


@pytest.fixture(scope="module")
def traced():
    names = list(FOLDED) + list(REFUSED)
    sources = [FOLDED[n][0] for n in FOLDED] + [REFUSED[n][0] for n in REFUSED]
    return dict(zip(names, outcomes(sources)))


def kinds(doc):
    return [doc.node(n).kind for n in doc.node_ids]


@pytest.mark.parametrize("name", list(FOLDED))
def test_a_loader_over_a_split_folds_into_loops_over_its_batches(traced, name):
    doc = traced[name]
    assert not isinstance(doc, Exception), doc
    assert doc.trace_note is None          # (nothing recorded: the graph computes it all)
    _, counts, most = FOLDED[name]
    assert [a.params["count"] for a in doc.timeline if a.kind == "loop"] == counts
    found = kinds(doc)
    # the split drawn: one permutation, a slice per subset used, X[rows] and y[rows]
    assert found.count("randperm") == 1 and found.count("stack") == 0
    assert found.count("tensor") <= 1      # (the program's own literal; no recorded value)
    assert len(found) <= most              # (30 and 17, where 394 and 9 + a recorded part)
    slices = sorted(doc.node(n).params["key"] for n in doc.node_ids
                    if doc.node(n).kind == "index" and
                    doc.node(doc.source_of(n, "self")).kind == "randperm")
    assert slices == (["0:40", "40:50"] if name == "train_val_split" else ["0:27"])


@ORACLE
def test_every_export_prints_under_torch_what_the_program_printed(traced):
    names = list(FOLDED) + list(REFUSED)
    codes = [export_script(traced[n]).text for n in names]
    assert all("torch.randperm(" in c and "DataLoader(range(" in c for c in codes[:len(FOLDED)])
    sources = [dedent(FOLDED[n][0]) for n in FOLDED] + [dedent(REFUSED[n][0]) for n in REFUSED]
    originals = run_scripts(sources + codes, "torch")
    for (want, error), (got, export_error), code in zip(
            originals[:len(names)], originals[len(names):], codes):
        assert error is None and export_error is None, (error, export_error, code)
        assert want and got == want, code


@pytest.mark.parametrize("name", list(REFUSED))
def test_a_split_the_graph_cannot_draw_names_random_split_and_the_loader(traced, name):
    doc = traced[name]
    assert not isinstance(doc, Exception), doc
    _, split_line, loader_line = REFUSED[name]
    note = doc.trace_note
    assert note is not None
    assert f"the DataLoader at line {loader_line} makes its batches from the rows " \
           f"random_split chose at line {split_line}" in note, note
    assert ".item()" not in note and "tolist" not in note and "Generator" not in note
