"""GitHub issue 15: ordinary course programs that tracing used to refuse now draw.

- tensors of dtype int32, int16, int8, uint8 and float16 (literals, sources with
  ``dtype=``, ``.to(torch.int32)``);
- ``torch.randperm(n)``, a seeded random source;
- ``torch.where(cond, x, 0.0)`` / ``torch.where(cond, 1.0, x)``: a number in place of
  ``input`` or ``other``;
- ``torch.autograd.grad(..., grad_outputs=v)``.

Each program is traced, its kinds checked, the document run, exported, and the export
run under the engine and under real torch: everything prints what the original script
prints under torch. The same kinds built from the palette run and export alike, and the
file format keeps them (and still reads a file written before these params existed).
"""
import json

import pytest
import script_runner
from trace_jobs import PREFIX, dedent, outcomes

from gradstudio.document import Document, export, files, run
from gradstudio.document.catalogue import CATALOGUE, DTYPES
from gradstudio.document.model import DocumentError

DTYPES_SCRIPT = """
    import torch
    a = torch.tensor([1, 2, 3], dtype=torch.int32)
    b = a * 2
    c = torch.tensor([1, -2, 3], dtype=torch.int8)
    f = torch.tensor([0.5, 1.5, 2.5])
    d = c + f
    u = torch.tensor([250, 3, 0], dtype=torch.uint8)
    w = u + 10
    s = torch.zeros(2, dtype=torch.int16)
    h = torch.tensor([1.0, 2.5, 3.14159], dtype=torch.float16, requires_grad=True)
    x = torch.tensor([1.5, -2.7, 3.2], requires_grad=True)
    y = x.to(torch.float16)
    k = x.to(torch.int32)
    z = (y * h).sum()
    print(b)
    print(d)
    print(w)
    print(s)
    print(h)
    print(x)
    print(y)
    print(k)
    print(z)
    z.backward()
    print(h.grad)
    print(x.grad)
"""

RANDPERM_SCRIPT = """
    import torch
    torch.manual_seed(0)
    perm = torch.randperm(5)
    idx = torch.randperm(4, dtype=torch.int32)
    x = torch.tensor([10.0, 20.0, 30.0, 40.0, 50.0], requires_grad=True)
    y = torch.gather(x, 0, perm)
    z = x.index_select(0, perm)
    q = perm * 2
    loss = (y * torch.arange(5)).sum() + z.sum()
    print(perm)
    print(idx)
    print(x)
    print(y)
    print(q)
    print(loss)
    loss.backward()
    print(x.grad)
"""

WHERE_SCRIPT = """
    import torch
    x = torch.tensor([-1.0, 2.0, -3.0, 4.0], requires_grad=True)
    relu = torch.where(x > 0, x, 0.0)
    clipped = torch.where(x > 1, 1.0, x)
    signs = torch.where(x > 0, 1.0, -1.0)
    loss = (relu * 3).sum() + (clipped * clipped).sum()
    print(x)
    print(relu)
    print(clipped)
    print(signs)
    print(loss)
    loss.backward()
    print(x.grad)
"""

GRAD_OUTPUTS_SCRIPT = """
    import torch
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x * x
    v = torch.tensor([1.0, 0.5, 0.1])
    (g,) = torch.autograd.grad(y, x, grad_outputs=v, retain_graph=True)
    print(g)
    g2 = torch.autograd.grad([y, y.sum()], [x], grad_outputs=[v, torch.tensor(2.0)],
                             retain_graph=True)
    print(g2[0])
    s = y.sum()
    g4 = torch.autograd.grad([y, s], [x], grad_outputs=[v, None], retain_graph=True)
    print(g4[0])
    g3 = torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y))
    print(g3[0])
"""

RANDINT_SCRIPT = """
    import torch
    torch.manual_seed(3)
    labels = torch.randint(0, 3, (6,))
    batch = torch.randint(5, (2, 3))
    small = torch.randint(low=-4, high=4, size=(3,), dtype=torch.int8)
    w = torch.randint(-4, 4, (3,), dtype=torch.float32, requires_grad=True)
    x = torch.randn(6, 3)
    logp = x.log_softmax(dim=1)
    loss = -logp[torch.arange(6), labels].mean() + (w * w).sum()
    print(labels)
    print(batch)
    print(small)
    print(w)
    print(loss)
    loss.backward()
    print(w.grad)
"""

RESEED_SCRIPT = """
    import torch
    torch.manual_seed(0)
    a = torch.randn(3)
    torch.manual_seed(0)
    b = torch.randn(3, requires_grad=True)
    torch.manual_seed(-1)
    c = torch.rand(2)
    d = torch.randint(0, 10, (4,))
    torch.manual_seed(7)
    torch.manual_seed(5)
    w = torch.empty(2).uniform_(-1, 1)
    loss = (a * b).sum() + (c * w).sum()
    print(a)
    print(b)
    print(c)
    print(d)
    print(w)
    loss.backward()
    print(b.grad)
"""

SCRIPTS = [DTYPES_SCRIPT, RANDPERM_SCRIPT, WHERE_SCRIPT, GRAD_OUTPUTS_SCRIPT, RANDINT_SCRIPT,
           RESEED_SCRIPT]


@pytest.fixture(scope="module")
def traced():
    docs = outcomes(SCRIPTS)
    for d in docs:
        assert not isinstance(d, Exception), d
    return docs


def _by_label(doc):
    return {doc.node(n).label: doc.node(n) for n in doc.node_ids if doc.node(n).label}


def _nid(doc, label):
    return next(n for n in doc.node_ids if doc.node(n).label == label)


# ----------------------------------------------------------------------------- what draws
def test_narrow_dtypes_draw_as_sources_and_conversions(traced):
    doc = traced[0]
    nodes = _by_label(doc)
    assert (nodes["a"].kind, nodes["a"].params["dtype"]) == ("tensor", "int32")
    assert (nodes["c"].kind, nodes["c"].params["dtype"]) == ("tensor", "int8")
    assert (nodes["u"].kind, nodes["u"].params["dtype"]) == ("tensor", "uint8")
    assert (nodes["s"].kind, nodes["s"].params["dtype"]) == ("zeros", "int16")
    assert (nodes["h"].kind, nodes["h"].params["dtype"]) == ("tensor", "float16")
    assert (nodes["y"].kind, nodes["y"].params["dtype"]) == ("to", "float16")
    assert (nodes["k"].kind, nodes["k"].params["dtype"]) == ("to", "int32")
    result = run(doc)
    assert result.state(_nid(doc, "w"), 0).text == "tensor([ 4, 13, 10], dtype=torch.uint8)"
    assert result.state(_nid(doc, "d"), 0).dtype == "float32"


def test_randperm_is_a_seeded_random_source(traced):
    doc = traced[1]
    nodes = _by_label(doc)
    assert (nodes["perm"].kind, nodes["perm"].params) == (
        "randperm", {"n": 5, "dtype": None, "requires_grad": False, "generator": None,
                     "generator_seed": None, "manual_seed": None})
    assert nodes["idx"].params["dtype"] == "int32"
    assert doc.seed == 0
    assert (nodes["y"].kind, nodes["z"].kind) == ("gather", "index_select")


def test_randint_is_a_seeded_random_source_read_either_way_it_is_called(traced):
    doc = traced[4]
    nodes = _by_label(doc)
    assert (nodes["labels"].kind, nodes["labels"].params) == (
        "randint", {"low": 0, "high": 3, "shape": (6,), "dtype": None, "requires_grad": False,
                    "generator": None, "generator_seed": None, "manual_seed": None})
    assert (nodes["batch"].params["low"], nodes["batch"].params["high"]) == (0, 5)
    assert (nodes["small"].params["low"], nodes["small"].params["dtype"]) == (-4, "int8")
    assert nodes["w"].params["requires_grad"] and nodes["w"].params["dtype"] == "float32"
    assert doc.seed == 3
    code = export.export_script(doc).text
    assert "batch = torch.randint(0, 5, (2, 3))" in code


def test_seeding_again_after_draws_re_seeds_the_next_random_source(traced):
    """torch.manual_seed(n) after random numbers were drawn is the next random source's
    manual_seed (the last of several in a row); the export seeds again before it."""
    doc = traced[5]
    nodes = _by_label(doc)
    assert doc.seed == 0 and nodes["a"].params["manual_seed"] is None
    assert nodes["b"].params["manual_seed"] == 0
    assert nodes["c"].params["manual_seed"] == 2 ** 64 - 1 and nodes["d"].params["manual_seed"] is None
    assert nodes["w"].params["manual_seed"] == 5
    result = run(doc)
    assert result.state(_nid(doc, "a"), 0).text == "tensor([ 1.5410, -0.2934, -2.1788])"
    assert result.state(_nid(doc, "b"), 0).text == \
        "tensor([ 1.5410, -0.2934, -2.1788], requires_grad=True)"
    code = export.export_script(doc, result).text
    assert "torch.manual_seed(0)\nb = torch.randn(3, requires_grad=True)" in code
    assert "torch.manual_seed(7)" not in code and "torch.manual_seed(5)\nw = " in code
    loaded = files.loads(files.dumps(doc))
    assert _by_label(loaded)["w"].params["manual_seed"] == 5


def test_a_palette_source_re_seeds_and_refuses_a_seed_torch_would_not_take():
    doc = Document()
    doc.set_seed(None)                       # draws differ from run to run ...
    a = doc.add_node("rand", {"shape": (2,), "manual_seed": 3}, label="a")
    b = doc.add_node("randperm", {"n": 5, "manual_seed": 3}, label="b")
    first, second = run(doc), run(doc)
    assert first.state(a, 0).text == second.state(a, 0).text      # ... except after a seed
    assert first.state(b, 0).text == second.state(b, 0).text
    for bad in (-1, 2 ** 64, 1.5):
        with pytest.raises(DocumentError) as info:
            doc.set_param(a, "manual_seed", bad)
        assert "'manual_seed' of rand must be a whole number" in str(info.value)
    doc.set_param(a, "manual_seed", None)
    code = export.export_script(doc).text
    assert "torch.manual_seed(3)\nb = torch.randperm(5)" in code and code.count("manual_seed") == 1


def test_where_takes_a_number_for_input_or_other(traced):
    doc = traced[2]
    relu, clipped, signs = (_nid(doc, n) for n in ("relu", "clipped", "signs"))
    assert set(doc.inputs_of(relu)) == {"condition", "input"}
    assert doc.node(relu).params["other"] == 0.0
    assert set(doc.inputs_of(clipped)) == {"condition", "other"}
    assert doc.node(clipped).params["input"] == 1.0
    assert set(doc.inputs_of(signs)) == {"condition"}
    assert (doc.node(signs).params["input"], doc.node(signs).params["other"]) == (1.0, -1.0)
    result = run(doc)
    assert result.state(relu, 0).grad_fn == "WhereBackward0"
    assert result.state(clipped, 0).grad_fn == "WhereBackward0"
    after = [a.kind for a in doc.timeline].index("backward") + 1
    assert result.state(_nid(doc, "x"), after).grad_text == "tensor([-2.,  3., -6.,  3.])"


def test_autograd_grad_keeps_its_grad_outputs(traced):
    doc = traced[3]
    v = _nid(doc, "v")
    first, second, fourth, third = [a for a in doc.timeline if a.kind != "say"]
    assert [a.kind for a in doc.timeline if a.kind != "say"] == ["grad"] * 4
    assert fourth.params["grad_outputs"] == [v, None]
    assert first.params["grad_outputs"] == [v]
    assert second.params["grad_outputs"][0] == v and len(second.params["grad_outputs"]) == 2
    assert doc.node(third.params["grad_outputs"][0]).kind == "ones"
    code = export.export_script(doc).text
    assert "grad_outputs=[v]" in code
    result = run(doc)
    assert result.outcome(first.id).results[0].text == "tensor([2.0000, 2.0000, 0.6000])"


# ----------------------------------------------------------------------------- round trip
@pytest.fixture(scope="module")
def round_trips(traced):
    """(original under torch, export under the engine, export under torch, transcript)."""
    codes = [export.export_script(d).text for d in traced]
    sources = [dedent(s) for s in SCRIPTS]
    engine = script_runner.run_scripts(codes, backend="engine")
    if not script_runner.torch_available():
        pytest.skip("torch is not installed")
    original = script_runner.run_scripts(sources, backend="torch")
    exported = script_runner.run_scripts(codes, backend="torch")
    return [(o, e, t, export.transcript(d, run(d)))
            for o, e, t, d in zip(original, engine, exported, traced)]


@pytest.mark.parametrize("k", range(len(SCRIPTS)), ids=["dtypes", "randperm", "where",
                                                         "grad_outputs", "randint", "reseed"])
def test_script_graph_export_print_what_the_script_prints_under_torch(round_trips, k):
    original, engine, exported, transcript = round_trips[k]
    for out, error in (original, engine, exported):
        assert error is None, error
    assert original[0]           # (it printed something)
    assert exported[0] == original[0]
    assert engine[0] == original[0]
    assert transcript == original[0]


# ----------------------------------------------------------------------------- palette
def _palette_doc():
    """The four built from the palette, as a person would wire them."""
    doc = Document()
    doc.set_seed(3)
    perm = doc.add_node("randperm", {"n": 4}, label="perm", watched=True)
    x = doc.add_node("tensor", {"value": [1.5, -2.0, 3.0, -4.0], "requires_grad": True},
                     label="x", watched=True)
    small = doc.add_node("tensor", {"value": [100, -100, 7, 1], "dtype": "int8"},
                         label="small", watched=True)
    wrapped = doc.add_node("mul", {"other": 3}, label="wrapped", watched=True)
    doc.connect(small, wrapped, "self")
    half = doc.add_node("to", {"dtype": "float16"}, label="half", watched=True)
    doc.connect(x, half, "self")
    byte = doc.add_node("ones", {"shape": (2,), "dtype": "uint8"}, label="byte", watched=True)
    gathered = doc.add_node("gather", {"dim": 0}, label="gathered", watched=True)
    doc.connect(x, gathered, "self")
    doc.connect(perm, gathered, "index")
    positive = doc.add_node("gt", {"other": 0.0}, label="positive")
    doc.connect(gathered, positive, "self")
    relu = doc.add_node("where", {"other": 0.0}, label="relu", watched=True)
    doc.connect(positive, relu, "condition")
    doc.connect(gathered, relu, "input")
    v = doc.add_node("tensor", {"value": [1.0, 0.5, 0.25, 2.0]}, label="v")
    doc.add_action("grad", {"outputs": [relu], "inputs": [x], "grad_outputs": [v],
                            "retain_graph": True})
    total = doc.add_node("sum", {}, label="total", watched=True)
    doc.connect(relu, total, "self")
    doc.add_action("backward", {"target": total})
    return doc, relu


def test_the_kinds_built_from_the_palette_run_and_export_as_torch_prints():
    doc, relu = _palette_doc()
    result = run(doc)
    assert not result.errors, result.errors
    assert result.state(relu, 0).grad_fn == "WhereBackward0"
    assert all(o.error is None for o in result.outcomes)
    code = export.export_script(doc, result).text
    assert "torch.randperm(4)" in code and "torch.where(positive, gathered, 0.0)" in code
    assert "grad_outputs=[v]" in code and "dtype=torch.int8" in code
    assert "torch.ones(2, dtype=torch.uint8)" in code and "x.to(torch.float16)" in code
    transcript = export.transcript(doc, result)
    assert "dtype=torch.int8" in transcript and "dtype=torch.float16" in transcript
    engine = script_runner.run_scripts([code], backend="engine")[0]
    assert engine == (transcript, None)
    if not script_runner.torch_available():
        pytest.skip("torch is not installed")
    assert script_runner.run_scripts([code], backend="torch")[0] == (transcript, None)


def test_the_new_kinds_and_params_are_in_the_catalogue():
    for name in ("float16", "int32", "int16", "int8", "uint8"):
        assert name in DTYPES
    randperm = CATALOGUE["randperm"]
    assert randperm.is_source and randperm.category == "sources"
    assert [p.name for p in randperm.params] == ["n", "dtype", "requires_grad", "generator",
                                                 "generator_seed", "manual_seed"]
    where = CATALOGUE["where"]
    assert [(p.name, p.optional, p.fallback) for p in where.inputs] == [
        ("condition", False, None), ("input", True, "input"), ("other", True, "other")]
    doc = Document()
    with pytest.raises(DocumentError, match="'dtype' must be one of"):
        doc.add_node("tensor", {"value": [1], "dtype": "int128"})
    with pytest.raises(DocumentError, match="'n' of randperm must be from 0"):
        doc.add_node("randperm", {"n": -1})


# ----------------------------------------------------------------------------- files
def test_the_file_keeps_the_new_dtypes_and_params():
    doc, _ = _palette_doc()
    text = files.dumps(doc)
    again = files.loads(text)
    assert files.dumps(again) == text
    assert export.transcript(again) == export.transcript(doc)


def test_a_file_written_before_these_params_still_reads():
    """A where node without 'input'/'other' params and a grad action without
    'grad_outputs', as an older GradStudio wrote them (same format version)."""
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, -2.0], "requires_grad": True}, label="x")
    c = doc.add_node("gt", {"other": 0.0}, label="c")
    doc.connect(x, c, "self")
    y = doc.add_node("where", {}, label="y", watched=True)
    for port, src in (("condition", c), ("input", x), ("other", x)):
        doc.connect(src, y, port)
    doc.add_action("grad", {"outputs": [y], "inputs": [x]})
    data = json.loads(files.dumps(doc))
    for node in data["nodes"]:
        if node["kind"] == "where":
            node["params"] = {}
    for action in data["timeline"]:
        del action["params"]["grad_outputs"]
    old = files.loads(json.dumps(data))
    assert old.timeline[0].params["grad_outputs"] == []
    result = run(old)
    assert result.outcomes[0].error is not None        # y is not a scalar: torch's error
    assert "implicitly created only for scalar outputs" in result.outcomes[0].error
    assert result.state(_nid(old, "y"), 0).text == \
        "tensor([ 1., -2.], grad_fn=<WhereBackward0>)"


# ----------------------------------------------------------------------------- refused
REFUSED = [
    ("""
        import torch
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        y = x * x
        s = y.sum()
        g = torch.autograd.grad([y, s], [x], grad_outputs=[torch.ones(2), 2.0])
    """, 5, "TypeError: gradients can be either Tensors or None, but got float"),
    ("""
        import torch
        x = torch.tensor([1.0, -2.0])
        y = torch.where(x > 0, x, True)
    """, 3, "the other of torch.where must be a plain number to be drawn."),
    ("""
        import torch
        x = torch.ones(3)
        e = torch.empty_like(x)
    """, 3, "torch.empty_like cannot be drawn yet."),
    ("""
        import torch
        import torch.nn.functional as F
        y = F.conv_transpose1d(torch.ones(1, 1, 4), torch.ones(1, 1, 2))
    """, 3, "torch.nn.functional.conv_transpose1d is not in GradStudio yet."),
]


def test_what_cannot_be_drawn_names_the_construct_and_its_line():
    """A name the engine lacks is refused, naming the line and the name; a program whose
    arguments torch itself refuses fails with torch's error; anything else the graph
    cannot draw opens drawn up to there, the reason said in the same words (issue 32)."""
    got = outcomes([src for src, _, _ in REFUSED])
    for (src, line, message), outcome in zip(REFUSED, got):
        if message.endswith("is not in GradStudio yet.") or message.startswith("TypeError"):
            prefix = "" if message.startswith("TypeError") else PREFIX
            assert str(outcome) == f"line {line}: {prefix}{message}"
        else:
            assert not isinstance(outcome, Exception), outcome
            assert message.rstrip(".") in outcome.trace_note, outcome.trace_note
