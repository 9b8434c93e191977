"""Import by tracing: every seed notebook traces into a document whose run reproduces
what the script computed (values, grad_fn, final gradients), and so do scripts using
split/chunk/unbind/iteration and the later reductions, divisions and losses; exported
scripts trace back into documents that print the same; and a bad script (endless loop,
exception, crash, unsupported operation) gives one clear message without touching the
caller."""
import os
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from kinds_doc import every_kind_document

from gradstudio.document.catalogue import RETURNS_INPUT
from gradstudio.document.catalogue_data import has_dataset
from gradstudio.document import run
from gradstudio.document.examples import EXAMPLES, build
from gradstudio.document.export import export_script, transcript
from gradstudio.document.trace import TraceError, start_trace, trace

SEEDS = sorted((Path(__file__).resolve().parents[1] / "engine" / "seeds").glob("*.py"))


def _steps(doc):
    """The timeline without its say steps (the script's prints: test_trace_transcript)."""
    return [a for a in doc.timeline if a.kind != "say"]


def _trace_all(sources, record_values=False, limit=3):
    """Traces ``sources`` a few at a time (each child needs a CPU to start)."""
    jobs, results = [], []
    for i, src in enumerate(sources):
        jobs.append(start_trace(src, record_values=record_values, filename=f"<script {i}>"))
        if len(jobs) - len(results) >= limit:
            results.append(_collect(jobs[len(results)]))
    while len(results) < len(jobs):
        results.append(_collect(jobs[len(results)]))
    return results


def _collect(job):
    try:
        return job, job.result()
    except TraceError as exc:
        return job, exc


def dedent(text):
    return textwrap.dedent(text).lstrip("\n")


# ----------------------------------------------------------------------------- seeds
@pytest.fixture(scope="module")
def seed_traces():
    return dict(zip([p.stem for p in SEEDS],
                    _trace_all([p.read_text(encoding="utf-8") for p in SEEDS],
                               record_values=True)))


def test_every_seed_notebook_is_vendored():
    assert len(SEEDS) == 5


@pytest.mark.parametrize("seed", [p.stem for p in SEEDS])
def test_seed_notebook_traces_into_a_document_that_reproduces_it(seed, seed_traces):
    _assert_reproduces(*seed_traces[seed])


def test_tutorial_chain_is_drawn_as_the_notebook_reads(seed_traces):
    _, doc = seed_traces["003_062b1e8a1bc57c72"]
    nodes = {n.label: n for n in doc.nodes() if n.label}
    assert [nodes[k].kind for k in ("x", "y", "z", "out")] == ["ones", "add", "mul", "mean"]
    assert nodes["x"].params["requires_grad"] and nodes["x"].watched
    assert doc.inputs_of(nodes["y"].id) == {"self": nodes["x"].id}
    assert nodes["y"].params["other"] == 2
    # the doubling loop, unrolled: y_2 ... y_11; its condition (y.data.norm() < 1000)
    # fed only Python's while and is dropped
    doubled = [n for n in doc.nodes() if n.label and n.label.startswith("y_")]
    assert len(doubled) == 10 and all(n.kind == "mul" for n in doubled)
    assert not any(n.kind in ("norm", "lt", "detach") for n in doc.nodes())
    # a.requires_grad = True is a requires_grad_ node written in place
    assert sum(n.kind == "requires_grad_" for n in doc.nodes()) == 1
    # the no_grad block is a region holding one x ** 2; the other one is outside
    (region,) = doc.regions.values()
    (inside,) = region.nodes
    assert doc.node(inside).kind == "pow"
    assert [a.kind for a in _steps(doc)] == ["backward", "backward"]
    vjp = _steps(doc)[1].params
    assert doc.node(vjp["target"]).label == "y_11"
    assert doc.node(vjp["gradient"]).params["value"] == [0.1, 1.0, 0.0001]
    assert doc.seed == 0                                      # unseeded: drawn as seed 0
    positions = [n.position for n in doc.nodes()]
    assert len(set(positions)) == len(positions)


# ----------------------------------------------------------------------------- round trip
def _one_watch_per_tensor(doc):
    """requires_grad_ and register_hook hand back the tensor they got: a script printing
    it under either name prints one tensor, which a trace draws as one watched node."""
    for n in doc.nodes():
        if n.kind in RETURNS_INPUT and n.watched:
            doc.set_watched(doc.source_of(n.id, "self"), False)
    return doc


def _without_splits(doc):
    """A data node's train/test split is exported with a torch.Generator of its own
    (traced back by ``test_a_split_data_node_traces_back_drawn_whole_with_its_generator``);
    the every-kind document's round trip leaves it out."""
    for n in doc.nodes():
        if n.params.get("test_fraction"):
            doc.set_param(n.id, "test_fraction", 0.0)
    return doc


@pytest.fixture(scope="module")
def round_trips():
    """``{name: (document, its export, the export traced back, what the document
    prints)}``; each document runs once, for its export and its transcript."""
    docs = [(name, build(name)) for name in EXAMPLES] + \
        [("every-kind", _without_splits(_one_watch_per_tensor(every_kind_document())))]
    results = [run(d) for _, d in docs]
    scripts = [export_script(d, r).text for (_, d), r in zip(docs, results)]
    traced = _trace_all(scripts)
    return {name: (d, script, got, transcript(d, r)) for (name, d), script, (_, got), r in
            zip(docs, scripts, traced, results)}


@pytest.fixture(scope="module")
def traced_prints(round_trips):
    """``{name: what the traced-back document prints}`` (None where the trace failed),
    each run once for the tests that read it."""
    return {name: None if isinstance(got, Exception) else transcript(got)
            for name, (_, _, got, _) in round_trips.items()}


def _matplotlib(monkeypatch, folder, body):
    """Puts ``folder`` first on the traced scripts' path, holding a ``matplotlib``
    package whose ``__init__`` is ``body`` and whose pyplot draws nothing."""
    (folder / "matplotlib").mkdir(parents=True)
    (folder / "matplotlib" / "__init__.py").write_text(body)
    (folder / "matplotlib" / "pyplot.py").write_text(
        "def __getattr__(name):\n    return lambda *args, **kwargs: None\n")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        [str(folder)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))


def test_an_exported_playground_traces_to_the_same_graph_with_matplotlib_or_without(
        tmp_path, monkeypatch):
    """The export ends with a plot of the trained model, computed over a 100x100 grid
    where matplotlib imports: opened in GradStudio (which sets ``TRACING_ENV``), that part
    is left out, so the graph is the program's, matplotlib installed or not (it added
    the grid's forward to the graph, and took 6.8 s). (``round_trips`` traces every
    example with the matplotlib installed here, if any.)"""
    from gradstudio.document.files import dumps
    script = export_script(build("18_playground_xor")).text
    assert "import matplotlib.pyplot as plt" in script
    graphs = []
    for name, body in (("with", ""), ("without", 'raise ImportError("no matplotlib")\n')):
        with monkeypatch.context() as mp:
            _matplotlib(mp, tmp_path / name, body)
            (_, traced), = _trace_all([script])
        assert not isinstance(traced, Exception), traced
        graphs.append(traced)
    assert dumps(graphs[0]) == dumps(graphs[1])
    assert not [n.label for n in graphs[0].nodes() if "grid" in (n.label or "")]


# (a dataset node, as in the Playground examples, is traced back as the torch calls that
# make it, not folded into one node: their export and trace print the same all the same,
# test_exported_script_traces_back_to_a_document_that_prints_the_same)
TRAINING = [name for name in EXAMPLES if any(a.kind == "loop" for a in build(name).timeline)
            and not has_dataset(build(name))]


def test_every_training_example_is_checked():
    assert len(TRAINING) == 5


@pytest.mark.parametrize("name", TRAINING)
def test_an_exported_training_loop_traces_back_folded_into_one_graph_and_a_loop(
        name, round_trips, traced_prints):
    """The exported script computes the forward once, then again in each of the loop's
    iterations: the trace folds the iterations onto that first forward, so the graph has
    the original's nodes (not one copy per iteration), the timeline the same loop block
    with the same count, optimizer and settings, and the document prints the same."""
    doc, script, traced, printed = round_trips[name]
    assert not isinstance(traced, Exception), f"{traced}\n{script}"
    assert len(traced.node_ids) == len(doc.node_ids)
    assert sorted(n.kind for n in traced.nodes()) == sorted(n.kind for n in doc.nodes())
    assert [a.kind for a in _steps(traced)] == [a.kind for a in doc.timeline]
    (loop,) = [a for a in traced.timeline if a.kind == "loop"]
    (original,) = [a for a in doc.timeline if a.kind == "loop"]
    assert loop.params["count"] == original.params["count"]
    for got, want in zip(_steps(traced), doc.timeline):
        settings = {k: v for k, v in want.params.items()
                    if k not in ("target", "tensor", "tensors", "params", "optimizer")}
        assert {k: got.params[k] for k in settings} == settings, want.kind
    assert traced_prints[name] == printed


@pytest.mark.parametrize("name", list(EXAMPLES) + ["every-kind"])
def test_exported_script_traces_back_to_a_document_that_prints_the_same(name, round_trips,
                                                                       traced_prints):
    doc, script, traced, printed = round_trips[name]
    assert not isinstance(traced, Exception), f"{traced}\n{script}"
    assert traced_prints[name] == printed
    assert traced.seed == doc.seed
    # (the exported script's prints come back as say steps)
    assert len(_steps(traced)) == len(doc.timeline)
    assert len(traced.regions) == len(doc.regions)


# ----------------------------------------------------------------------------- ops
# Scripts using the engine's multi-output views (split, chunk, unbind, iterating a tensor)
# and its later reductions, divisions and losses. A document node has one output, so each
# piece of a split or unbind is drawn as the slice or select it views: its grad_fn is
# SliceBackward0 / SelectBackward0 where PyTorch's pieces share one SplitBackward0 /
# SplitWithSizesBackward0 / UnbindBackward0; values and gradients are the same.
PIECE_GRAD_FN = {"UnbindBackward0": "SelectBackward0", "SplitBackward0": "SliceBackward0",
                 "SplitWithSizesBackward0": "SliceBackward0"}

OP_SCRIPTS = {
    "iterate": """
        import torch
        x = torch.tensor([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], requires_grad=True)
        total = 0
        for row in x:
            total = total + (row * row).sum()
        total.backward()
        print(x.grad)
    """,
    "unbind": """
        import torch
        x = torch.arange(12.0).reshape(3, 4).requires_grad_()
        first, second, third = x.unbind()
        cols = torch.unbind(x, dim=1)
        loss = (first * third).sum() + cols[3].exp().sum()     # second and cols 0-2 unused
        loss.backward()
    """,
    "split": """
        import torch
        torch.manual_seed(1)
        x = torch.randn(4, 5, requires_grad=True)
        a, b = x.split([2, 3], dim=1)
        c, d = torch.split(x, 3)                               # 3 rows, then 1
        loss = a.sum() + (b ** 2).sum() + (d * 10).sum()
        loss.backward()
    """,
    "chunk": """
        import torch
        x = torch.linspace(-1.0, 1.0, 7, requires_grad=True)
        p, q, r = x.chunk(3)                                   # 3, 3 and 1 elements
        h = torch.chunk(x.reshape(7, 1), 2)
        loss = (p * q).sum() + r.sum() + h[1].sum()
        loss.backward()
    """,
    "reductions": """
        import torch
        torch.manual_seed(4)
        x = torch.randn(3, 4, requires_grad=True)
        top, low = x.amax(1), x.amin((0, 1), keepdim=True)
        p, q = x.prod(0), torch.prod(x)
        v, s = x.var(1), x.std(correction=0)
        u = x.var(0, unbiased=False, keepdim=True)
        c = x.cumsum(1)
        loss = top.sum() + low.sum() + p.sum() + q + v.sum() + s + u.sum() + c.sum()
        loss.backward()
    """,
    "division": """
        import torch
        x = torch.tensor([[5.5, -3.25, 7.0], [0.5, 9.0, -8.5]], requires_grad=True)
        y = torch.tensor([2.0, -1.5, 4.0], requires_grad=True)
        q = x // y
        q2 = x // 0.5
        r = x % y
        r2 = torch.remainder(x, 3)
        r3 = 3 // (y.detach() + 5)
        r4 = 7 % y.detach()
        n = torch.tensor([7, -3, 10])
        n //= 2
        n %= 3
        (r.sum() + r2.sum()).backward()
        print(q, q2, r3, r4, n)
    """,
    "losses": """
        import torch
        import torch.nn.functional as F
        torch.manual_seed(2)
        scores = torch.randn(4, 3, requires_grad=True)
        target = torch.tensor([0, 2, 1, 2])
        loss = F.cross_entropy(scores, target)
        logp = scores.log_softmax(dim=1)
        picked = torch.nn.functional.nll_loss(logp, target, ignore_index=2)
        each = F.cross_entropy(scores, target, reduction="none")
        total = F.nll_loss(logp, target, reduction="sum")
        (loss + picked + each.sum() + total).backward()
    """,
}


@pytest.fixture(scope="module")
def op_traces():
    return dict(zip(OP_SCRIPTS, _trace_all([dedent(s) for s in OP_SCRIPTS.values()],
                                           record_values=True)))


def _assert_reproduces(job, doc):
    """The document's run computes what the script did at every node: value, dtype,
    final gradient and grad_fn (a piece's grad_fn as PIECE_GRAD_FN says)."""
    assert not isinstance(doc, Exception), doc
    result = run(doc)
    assert result.errors == {}
    assert all(o.error is None for o in result.outcomes)
    assert set(job.recorded) == set(doc.node_ids)
    for nid, seen in job.recorded.items():
        state = result.state(nid)
        where = f"{doc.display_name(nid)} ({doc.node(nid).kind})"
        assert state.dtype == seen["dtype"], where
        assert state.grad_fn == PIECE_GRAD_FN.get(seen["grad_fn"], seen["grad_fn"]), where
        np.testing.assert_array_equal(state.value, np.asarray(seen["value"], state.value.dtype),
                                      err_msg=where)
        if seen["grad"] is None:
            assert state.grad is None, where
        else:
            np.testing.assert_array_equal(state.grad, np.asarray(seen["grad"]), err_msg=where)


@pytest.mark.parametrize("name", list(OP_SCRIPTS))
def test_a_traced_script_using_the_newer_ops_reproduces_it(name, op_traces):
    _assert_reproduces(*op_traces[name])


def _drawn(doc, label):
    (node,) = [n for n in doc.nodes() if n.label == label]
    return node.kind, node.params


def _drawn_id(doc, label):
    (node,) = [n for n in doc.nodes() if n.label == label]
    return node.id


def test_iterating_a_tensor_draws_each_row_as_an_index(op_traces):
    job, doc = op_traces["iterate"]
    assert _drawn(doc, "row") == ("index", {"key": "0"})
    assert _drawn(doc, "row_2") == ("index", {"key": "1"})
    x = _drawn_id(doc, "x")
    assert doc.inputs_of(_drawn_id(doc, "row_2")) == {"self": x}
    # the script's rows shared one UnbindBackward0; the drawn ones each have a select
    assert job.recorded[_drawn_id(doc, "row")]["grad_fn"] == "UnbindBackward0"
    assert run(doc).state(_drawn_id(doc, "row")).grad_fn == "SelectBackward0"


def test_unbind_split_and_chunk_draw_their_pieces_as_selects_and_slices(op_traces):
    _, doc = op_traces["unbind"]
    assert [_drawn(doc, k) for k in ("first", "second", "third")] == \
        [("index", {"key": "0"}), ("index", {"key": "1"}), ("index", {"key": "2"})]
    # cols was a tuple, so its used piece has no name of its own: x[:, 3]
    assert {n.params["key"] for n in doc.nodes() if n.kind == "index" and not n.label} == \
        {":, 3"}
    _, doc = op_traces["split"]
    assert [_drawn(doc, k) for k in "abcd"] == \
        [("index", {"key": ":, 0:2"}), ("index", {"key": ":, 2:5"}),
         ("index", {"key": "0:3"}), ("index", {"key": "3:4"})]
    _, doc = op_traces["chunk"]
    assert [_drawn(doc, k) for k in "pqr"] == \
        [("index", {"key": "0:3"}), ("index", {"key": "3:6"}), ("index", {"key": "6:7"})]


def test_new_ops_are_drawn_as_their_own_kinds(op_traces):
    _, doc = op_traces["reductions"]
    assert _drawn(doc, "top") == ("amax", {"dim": 1, "keepdim": False})
    assert _drawn(doc, "low") == ("amin", {"dim": (0, 1), "keepdim": True})
    assert _drawn(doc, "p") == ("prod", {"dim": 0, "keepdim": False})
    assert _drawn(doc, "q") == ("prod", {"dim": None, "keepdim": False})
    assert _drawn(doc, "v") == ("var", {"dim": 1, "correction": 1, "keepdim": False})
    assert _drawn(doc, "s") == ("std", {"dim": None, "correction": 0, "keepdim": False})
    assert _drawn(doc, "u") == ("var", {"dim": 0, "correction": 0, "keepdim": True})
    assert _drawn(doc, "c") == ("cumsum", {"dim": 1})
    _, doc = op_traces["division"]
    assert _drawn(doc, "q")[0] == "floor_divide" and _drawn(doc, "r")[0] == "remainder"
    assert _drawn(doc, "q2") == ("floor_divide", {"other": 0.5})
    assert _drawn(doc, "r2") == ("remainder", {"other": 3})
    assert _drawn(doc, "r3") == ("rfloor_divide", {"other": 3})
    assert _drawn(doc, "r4") == ("rremainder", {"other": 7})
    # n //= 2 and n %= 3 on an int64 tensor: drawn as new nodes, n_2 and n_3
    assert [_drawn(doc, k)[0] for k in ("n", "n_2", "n_3")] == \
        ["tensor", "floor_divide", "remainder"]
    _, doc = op_traces["losses"]
    assert _drawn(doc, "loss") == ("cross_entropy", {"ignore_index": -100,
                                                     "reduction": "mean",
                                                     "label_smoothing": 0.0})
    assert _drawn(doc, "picked") == ("nll_loss", {"ignore_index": 2, "reduction": "mean"})
    assert _drawn(doc, "each") == ("cross_entropy", {"ignore_index": -100,
                                                     "reduction": "none",
                                                     "label_smoothing": 0.0})
    assert _drawn(doc, "total") == ("nll_loss", {"ignore_index": -100, "reduction": "sum"})
    target = _drawn_id(doc, "target")
    assert doc.inputs_of(_drawn_id(doc, "loss")) == {"input": _drawn_id(doc, "scores"),
                                                     "target": target}
    # cross_entropy's own log_softmax is inside its node; nll_loss's input is the script's
    assert sum(n.kind == "log_softmax" for n in doc.nodes()) == 1


def test_class_losses_with_a_weight_or_label_smoothing_are_drawn():
    # (refused before the seventh corpus: "with a weight per class, label_smoothing or class
    # probabilities as the target cannot be drawn yet"); the weight is the node's port,
    # label_smoothing its param, and the export writes the call as the script did
    from trace_jobs import check_round_trip
    sources = [dedent(f"""
        import torch
        import torch.nn.functional as F
        x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]], requires_grad=True)
        t = torch.tensor([0, 2])
        loss = F.{call}
        loss.sum().backward()
        print(loss, x.grad)
    """) for call in ("cross_entropy(x, t, weight=torch.tensor([1.0, 2.0, 0.5]))",
                      "nll_loss(x, t, torch.tensor([1.0, 2.0, 0.5]), reduce=False)",
                      "cross_entropy(x, t, label_smoothing=0.1)")]
    docs = [r for _, r in _trace_all(sources)]
    assert [d.trace_note for d in docs] == [None] * 3
    losses = [next(n for n in d.nodes() if n.kind in ("cross_entropy", "nll_loss"))
              for d in docs]
    assert ["weight" in d.inputs_of(n.id) for d, n in zip(docs, losses)] == [True, True, False]
    assert losses[1].params["reduction"] == "none"
    assert losses[2].params["label_smoothing"] == 0.1
    codes, _, _ = check_round_trip(docs, sources)
    assert "weight=" in codes[1] and "label_smoothing=0.1" in codes[2]


def test_a_class_loss_of_probabilities_says_so():
    (got,) = [r.trace_note for _, r in _trace_all([dedent("""
        import torch
        import torch.nn.functional as F
        x = torch.ones(2, 3, requires_grad=True)
        t = torch.tensor([0, 2])
        F.cross_entropy(x, torch.softmax(x.detach(), 1))
    """)])]      # (line 5 recorded)
    assert got == ("Not drawn: line 5 (cross_entropy with class probabilities as the target "
                   "cannot be drawn yet). What it printed is recorded as text and everything "
                   "after it is drawn.")


def test_trace_keeps_names_actions_and_prints():
    doc = trace(dedent("""
        import torch
        torch.manual_seed(3)
        w = torch.randn(3, requires_grad=True)
        x = torch.tensor([1.0, 2.0, 3.0])
        for step in range(2):
            loss = (w * x).sum()
            loss.backward()
            print(w.grad)
            w.grad.zero_()
        h = torch.autograd.grad((w ** 2).sum(), w)
        w.grad = None
        with torch.no_grad():
            frozen = w * 2
        m = x.reshape(3, 1) @ x.reshape(1, 3)
        first = m[0, 1:]
        print("done", first)
    """))
    labels = {n.label: n for n in doc.nodes() if n.label}
    assert set(labels) >= {"w", "x", "loss", "loss_2", "frozen", "m", "first"}
    assert labels["w"].watched and labels["first"].watched and not labels["x"].watched
    assert [a.kind for a in _steps(doc)] == ["backward", "zero_grad", "backward",
                                             "zero_grad", "grad", "set_grad_none"]
    assert _steps(doc)[4].params["inputs"] == [labels["w"].id]
    assert doc.in_no_grad(labels["frozen"].id) and not doc.in_no_grad(labels["m"].id)
    assert labels["m"].kind == "matmul" and labels["first"].kind == "index"
    assert labels["first"].params["key"] == "0, 1:"
    assert doc.seed == 3
    result = run(doc)
    assert result.errors == {} and all(o.error is None for o in result.outcomes)


def test_assigning_a_gradient_is_a_set_grad_step_and_the_next_backward_adds_to_it():
    """``w.grad = g`` (a student's hand-made gradient): a ``set_grad`` step whose code is
    the assignment; g becomes w's .grad itself, so backward adds into g, as in PyTorch."""
    doc = trace(dedent("""
        import torch
        w = torch.tensor([1.0, 2.0], requires_grad=True)
        g = torch.full_like(w, 0.5)
        w.grad = g
        (w * w).sum().backward()
        print(w.grad, g)
        w.grad = None
        (3 * w).sum().backward()
        print(w.grad)
    """))
    assert [a.kind for a in _steps(doc)] == ["set_grad", "backward", "set_grad_none",
                                             "backward"]
    labels = {n.label: n.id for n in doc.nodes() if n.label}
    assert _steps(doc)[0].params == {"tensor": labels["w"], "grad": labels["g"]}
    result = run(doc)
    assert result.state(labels["g"]).value.tolist() == [2.5, 4.5]    # (added into g)
    assert "w.grad = g\n" in export_script(doc).text
    assert transcript(doc, result) == ("tensor([2.5000, 4.5000]) tensor([2.5000, 4.5000])\n"
                                       "tensor([3., 3.])\n")


def test_a_caught_backward_error_is_a_timeline_step():
    doc = trace(dedent("""
        import torch
        x = torch.ones(2, requires_grad=True)
        y = (x * x).sum()
        y.backward()
        try:
            y.backward()
        except RuntimeError as e:
            print("caught")
    """))
    result = run(doc)
    assert [o.error is None for o in result.outcomes] == [True, False, True]   # (say)
    assert "backward through the graph a second time" in result.outcomes[1].error


# ----------------------------------------------------------------------------- failures
def test_bad_scripts_give_one_clear_message(tmp_path):
    marker = tmp_path / "pid.txt"
    sources = {
        "raises": "import torch\nx = torch.ones(2)\nraise ValueError('boom')\n",
        "syntax": "x = (1,\n",
        "exits": "import os\nos._exit(3)\n",
        "unsupported": "import torch\nx = torch.ones(2, 2, 2)\ni = torch.tensor([0, 1])\ny = x[i, i, i]\n",
        "leaf update": dedent("""
            import torch
            w = torch.ones(2, requires_grad=True)
            with torch.no_grad():
                w -= 0.1
        """),
        "engine error": "import torch\ntorch.ones(2, 3) @ torch.ones(2, 3)\n",
        "io": f"import os\nopen({str(marker)!r}, 'w').write(str(os.getpid()))\n"
              "import sys\nsys.exit(0)\n",
    }
    got = dict(zip(sources, (r for _, r in _trace_all(list(sources.values())))))
    assert str(got["raises"]) == "line 3: ValueError: boom"
    assert str(got["syntax"]).startswith("line 1: SyntaxError: ")
    assert str(got["exits"]) == "The script stopped Python before it finished (exit code 3)."
    # (what cannot be drawn opens drawn up to it: issue 32)
    assert got["unsupported"].trace_note.startswith(
        "Not drawn: line 4 (this indexing with a tensor cannot be drawn yet")
    assert "(an in-place update of a leaf" in got["leaf update"].trace_note
    assert str(got["engine error"]) == ("line 2: RuntimeError: mat1 and mat2 shapes cannot be "
                                        "multiplied (2x3 and 2x3)")
    for name in sources:
        if name not in ("io", "unsupported", "leaf update"):
            assert isinstance(got[name], TraceError) and "\n" not in str(got[name]), name
    # the script ran, in another process: the caller is untouched
    assert got["io"].node_ids == []
    assert int(marker.read_text()) != os.getpid()
    # and this process's engine was never observed or patched by the tracer
    from gradstudio.engine import Tensor, observer
    assert observer.LISTENER is None
    assert Tensor.backward.__module__ == "gradstudio.engine._tensor_class.autograd_state"


def test_an_endless_loop_hits_the_time_limit():
    start = time.monotonic()
    with pytest.raises(TraceError, match=r"^The script computed for more than 1\.5 seconds of "
                                         r"processor time \(an endless loop\?\) and was "
                                         r"stopped\.$"):
        trace("x = 0\nwhile True:\n    x += 1\n", timeout=1.5)
    assert time.monotonic() - start < 15


def test_the_time_limit_counts_processor_time_not_the_clock():
    """A script that waits longer than its limit (as an import does on a busy machine)
    but computes for less is traced; the clock's net is far larger than the limit."""
    doc = trace("import time\nimport torch\ntime.sleep(1.5)\nx = torch.ones(2)\nprint(x)\n",
                timeout=1)
    assert len(doc.node_ids) == 1


def test_a_trace_can_be_cancelled():
    job = start_trace("while True:\n    pass\n", timeout=60)
    job.cancel()
    with pytest.raises(TraceError, match="cancelled"):
        job.result(timeout=10)
    start = time.monotonic()
    with pytest.raises(TraceError, match="cancelled"):
        trace("while True:\n    pass\n", timeout=60, should_cancel=lambda: True)
    assert time.monotonic() - start < 10


def test_what_the_script_prints_is_kept_apart():
    job = start_trace("import torch\nprint('hello')\nimport os\nos.write(1, b'noise')\n")
    doc = job.result()
    assert doc.node_ids == [] and job.output == "hello\n"


def test_an_in_place_update_of_a_view_is_refused_not_drawn_wrong():
    """y[1:].mul_(3) changes y itself (PyTorch's CopySlices: x.grad = [2, 6, 6]); drawn
    as a node of its own it would leave y, and x.grad, as they were."""
    sources = [dedent(f"""
        import torch
        x = torch.ones(3, requires_grad=True)
        y = x * 2
        {update}
        y.sum().backward()
    """) for update in ("y[1:].mul_(3)", "y[0] += 5")]
    got = [r.trace_note for _, r in _trace_all(sources)]     # (drawn up to line 4)
    # (and not drawn on with y recorded: x.grad would then differ from the program's)
    assert got == ["Drawn up to line 4; from there on, what the program printed is recorded, "
                   "as text, because an in-place update of a part of a tensor that requires "
                   "grad (such as y[0] += 5 or y[1:].mul_(3)) cannot be drawn yet; compute a "
                   "new tensor instead (for example with torch.cat). It could not be drawn "
                   "on after that with the values it computed recorded, because the graph "
                   "would differ from the script from line 5 (y.sum().backward()): x.grad "
                   "would be None where the script had a gradient after the backward "
                   "step."] * 2


def test_a_split_data_node_traces_back_drawn_whole_with_its_generator():
    """(Its export's shuffle draws from a separate torch.Generator: a randperm node
    drawing from the graph's generator 1, seeded as the split was; issue 32.)"""
    from gradstudio.document import Document
    doc = Document()
    data = doc.add_node("make_moons", {"n": 20, "noise": 0.1, "test_fraction": 0.25},
                        label="data")
    x = doc.add_node("sum", {}, label="total")
    doc.connect(data, x, "self")
    doc.set_watched(x, True)
    traced = trace(export_script(doc).text)
    assert traced.trace_note is None
    assert [(traced.node(n).params["generator"], traced.node(n).params["generator_seed"])
            for n in traced.node_ids if traced.node(n).kind == "randperm"] == [(1, 0)]
    assert transcript(traced) == transcript(doc)
