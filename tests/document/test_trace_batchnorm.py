"""Issue 32, BatchNorm drawn natively (``batchnorm_programs.py``: ten programs as students
write them, and ``F.batch_norm`` of running averages of the script's own): each opens
with no part cut, its ``nn.BatchNorm1d`` / ``nn.BatchNorm2d`` drawn as leaves for its
weight, bias and buffers and one ``batch_norm`` node per call that moves the running
averages in training (computed once per call, at a step of the loop where the script
called it) and reads them in eval mode; the tracer's self-check passed (it reproduced
every value); and the export, run under real torch, prints exactly what the program
printed under torch. The originals and the exports run in one request to the shared
torch child."""
import pytest
from batchnorm_programs import PROGRAMS
from trace_jobs import (assert_export_prints_as_torch, assert_loads_and_prints_the_same,
                        check_exports, corpus_documents, corpus_printed)

from gradstudio.document import Document, export, run
from gradstudio.timeline import ACTIONS

NAMES = list(PROGRAMS)

# the tensors recorded (not drawn) where the program keeps values the graph cannot
# compute: the best state_dict deep-copied under an ``if``, a file torch.load read
RECORDED = {"early_stopping_deepcopy_best_bn": 9, "checkpoint_bytesio_with_buffers": 9}

FUNCTIONAL = """
import torch
import torch.nn.functional as F
torch.manual_seed(0)
X = torch.randn(32, 3)
y = (X[:, 0] > 0).long()
W = torch.randn(3, 4, requires_grad=True)
g = torch.ones(4, requires_grad=True)
b = torch.zeros(4, requires_grad=True)
rm = torch.zeros(4)
rv = torch.ones(4)
opt = torch.optim.SGD([W, g, b], lr=0.1)
for epoch in range(3):
    opt.zero_grad()
    h = F.batch_norm(X @ W, rm, rv, g, b, training=True, momentum=0.2)
    loss = F.cross_entropy(h, y)
    loss.backward()
    opt.step()
    print(epoch, round(loss.item(), 4))
print(rm)
print(rv)
print(F.batch_norm(X[:3] @ W, rm, rv, g, b))
"""

# F.batch_norm with arguments left None (no running averages, no bias): optional ports
FUNCTIONAL_NONE = """
import torch
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(6, 3, requires_grad=True)
w = torch.ones(3, requires_grad=True)
y = F.batch_norm(x, None, None, w, None, training=True)
y.pow(2).sum().backward()
print(y)
print(x.grad)
"""
SOURCES = {**PROGRAMS, "functional": FUNCTIONAL, "functional_none": FUNCTIONAL_NONE}


@pytest.fixture(scope="module")
def traced():
    return corpus_documents(SOURCES, {}, None)


@pytest.fixture(scope="module")
def printed(traced):
    """name -> ((original under torch), (export under torch)), in one request."""
    return corpus_printed(traced, SOURCES, {})


def _norms(doc):
    return [n for n in doc.node_ids if doc.node(n).kind == "batch_norm"]


@pytest.mark.parametrize("name", list(SOURCES))
def test_every_program_opens_with_no_part_cut(traced, name):
    doc = traced[name]
    assert isinstance(doc, Document), f"{name} is refused: {doc}"
    assert doc.trace_note is None, doc.trace_note
    recorded = [n for n in doc.node_ids if doc.node(n).recorded is not None]
    assert len(recorded) == RECORDED.get(name, 0), [doc.display_name(n) for n in recorded]


@pytest.mark.parametrize("name", list(SOURCES))
def test_the_export_prints_under_torch_what_the_program_printed(traced, printed, name):
    assert isinstance(traced[name], Document), traced[name]
    assert_export_prints_as_torch(name, printed, {}, {})


@pytest.mark.parametrize("name", NAMES)
def test_batchnorm_is_drawn_as_its_buffers_and_one_node_per_call(traced, name):
    doc = traced[name]
    norms = _norms(doc)
    assert norms
    for n in norms:
        node = doc.node(n)
        assert node.recorded is None
        sources = {p: doc.source_of(n, p) for p in ("running_mean", "running_var",
                                                     "num_batches_tracked")}
        for port, source in sources.items():
            if source is not None:       # (a leaf of its own, named after the buffer)
                assert doc.node(source).recorded is None
                assert doc.display_name(source).startswith(port), doc.display_name(source)
                assert not doc.inputs_of(source)
        # the count moves in training only; eval mode reads the averages
        assert (sources["num_batches_tracked"] is not None) == (
            node.params["training"] and "track_running_stats_false" not in name)


@pytest.mark.parametrize("name", [n for n in NAMES if "track_running_stats_false" not in n])
def test_each_training_call_is_computed_at_its_step_once(traced, name):
    """A call in training moves the buffers: it is computed at a timeline step where the
    script called it (a loop's, every iteration), never in the forward pass as well."""
    doc = traced[name]
    trained = [n for n in _norms(doc) if doc.node(n).params["training"]]
    late = run(doc).late.step
    assert trained and all(n in late for n in trained)
    timeline = doc.timeline
    opens = min(k for k, a in enumerate(timeline) if ACTIONS[a.kind].loop == "opens")
    closes = max(k for k, a in enumerate(timeline) if ACTIONS[a.kind].loop == "closes")
    assert any(opens < late[n] < closes for n in trained)


def test_arguments_given_as_none_are_ports_left_unconnected(traced):
    doc = traced["functional_none"]
    (n,) = _norms(doc)
    assert {p: doc.source_of(n, p) is not None for p in (
        "input", "weight", "bias", "running_mean", "running_var")} == {
        "input": True, "weight": True, "bias": False, "running_mean": False,
        "running_var": False}
    assert "batch_norm(x, None, None, w, None, training=True" in \
        export.export_script(doc).text


def test_momentum_none_is_a_cumulative_average_of_the_count(traced):
    doc = traced["momentum_none_cumulative_average"]
    (train,) = [n for n in _norms(doc) if doc.node(n).params["training"]]
    assert doc.node(train).params["momentum"] is None
    text = export.export_script(doc).text
    assert "momentum=1.0 / float(num_batches_tracked.add_(1))" in text


def test_batchnorm2d_normalizes_the_channels_of_the_conv(traced):
    doc = traced["tiny_cnn_batchnorm2d"]
    (train, evaluate) = sorted(_norms(doc), key=lambda n: not doc.node(n).params["training"])
    assert doc.node(doc.source_of(train, "input")).kind == "conv2d"
    assert doc.source_of(train, "running_mean") == doc.source_of(evaluate, "running_mean")


def _means_after_each_step(name):
    """The script's running_mean after each of its training steps (under the engine)."""
    import script_runner
    src = PROGRAMS[name].replace("    opt.step()\n",
                                 "    opt.step()\n    print(model[1].running_mean.tolist())\n")
    ((out, error),) = script_runner.run_scripts([src], backend="engine")
    assert error is None
    return [eval(line) for line in out.splitlines() if line.startswith("[")]


def test_the_running_mean_at_each_iteration_is_the_script_s(traced):
    """The timeline shows the buffers as the script had them after each training step:
    the loop's iteration k (focused) ends with the k + 1-th update."""
    name = "sequential_bn_full_batch_eval_running_mean"
    doc = traced[name]
    wanted = _means_after_each_step(name)
    assert len(wanted) == 5
    loop = next(a for a in doc.timeline if a.kind == "loop")
    step = next(k for k, a in enumerate(doc.timeline) if a.kind == "step")
    (mean,) = [n for n in doc.node_ids if doc.display_name(n) == "running_mean"]
    for k, values in enumerate(wanted):
        state = run(doc, focus={loop.id: k}).state(mean, step=step + 1)
        assert state.value.tolist() == values


def test_played_live_the_buffers_move_once_per_iteration_as_the_exact_run(traced):
    from gradstudio.document.live import LiveRun
    name = "sequential_bn_full_batch_eval_running_mean"
    doc = traced[name]
    (mean,) = [n for n in doc.node_ids if doc.display_name(n) == "running_mean"]
    live = LiveRun(doc)
    for _ in range(3):
        so_far = live.advance(1)
    exact = run(doc, live=live.plan())
    assert so_far.state(mean).value.tolist() == exact.state(mean).value.tolist() == \
        _means_after_each_step(name)[2]


@pytest.mark.parametrize("name", ["sequential_bn_full_batch_eval_running_mean",
                                  "momentum_none_cumulative_average"])
def test_a_saved_document_loads_and_prints_the_same(traced, tmp_path, name):
    assert_loads_and_prints_the_same(traced[name], tmp_path / "d.gsg")


def test_a_document_built_by_hand_trains_with_batchnorm_as_torch_does():
    """The kind in the palette: a batch_norm in training with the count connected, in a
    loop, then in eval mode; its export prints under torch what the run shows."""
    doc = Document()
    doc.seed = 3
    x = doc.add_node("randn", {"shape": (6, 2)}, label="x")
    w = doc.add_node("randn", {"shape": (2, 3), "requires_grad": True}, label="w")
    h = doc.add_node("matmul")
    doc.connect(x, h, "self")
    doc.connect(w, h, "other")
    mean = doc.add_node("zeros", {"shape": (3,)}, label="running_mean")
    var = doc.add_node("ones", {"shape": (3,)}, label="running_var")
    count = doc.add_node("tensor", {"value": 0}, label="num_batches_tracked")
    bn = doc.add_node("batch_norm", {"training": True, "momentum": None}, label="h")
    for source, port in ((h, "input"), (mean, "running_mean"), (var, "running_var"),
                         (count, "num_batches_tracked")):
        doc.connect(source, bn, port)
    loss = doc.add_node("mean", label="loss")
    sq = doc.add_node("pow", {"exponent": 3.0})
    doc.connect(bn, sq, "self")
    doc.connect(sq, loss, "self")
    evaluated = doc.add_node("batch_norm", {"training": False}, label="e")
    for source, port in ((h, "input"), (mean, "running_mean"), (var, "running_var")):
        doc.connect(source, evaluated, port)
    opt = doc.add_action("optimizer", {"params": [w], "lr": 0.1})
    doc.add_action("loop", {"count": 3})
    doc.add_action("optimizer_zero_grad", {"optimizer": opt})
    doc.add_action("forward")
    doc.add_action("compute", {"nodes": [bn]})
    doc.add_action("backward", {"target": loss})
    doc.add_action("step", {"optimizer": opt})
    doc.add_action("end_loop")
    doc.add_action("compute", {"nodes": [evaluated]})
    for n in (mean, var, count, evaluated):
        doc.set_watched(n, True)
    result = run(doc)
    assert not result.errors, result.errors
    assert result.state(count).value.tolist() == 3
    codes, texts = check_exports([doc])
    assert "num_batches_tracked" in texts[0]
