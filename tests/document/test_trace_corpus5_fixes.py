"""The causes the fifth corpus (``corpus5_programs.py``) found, each on a program of its
own: it opens drawn whole (or, where the graph cannot show a part, with that part said),
and its export prints under real torch exactly what the program printed under torch."""
import re

import pytest
import script_runner
from trace_jobs import dedent, outcomes

from gradstudio.document import Document, export

ADDRESS = re.compile(r"0x[0-9a-fA-F]+")

JACREV = """
    import torch
    from torch.func import jacrev, vmap

    w = torch.tensor([0.5, -1.0, 2.0])
    def features(v):
        return torch.stack([v.sin().sum(), (v ** 2).sum(), v.prod()])
    J = jacrev(features)(w)
    print(J)
    print(vmap(jacrev(lambda v: v.cos()))(torch.ones(2, 2)))
    print(jacrev(lambda v: (v ** 3).sum())(w))
"""

ONE_CYCLE = """
    import torch
    import torch.nn as nn
    from torch.optim.lr_scheduler import OneCycleLR

    torch.manual_seed(3)
    model = nn.Linear(3, 1)
    X, y = torch.randn(12, 3), torch.randn(12, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    sched = OneCycleLR(opt, max_lr=0.2, epochs=3, steps_per_epoch=2, anneal_strategy="linear",
                       three_phase=True)
    for step in range(6):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        sched.step()
        print(step, f"{sched.get_last_lr()[0]:.5f}", opt.param_groups[0]["momentum"])
    w = torch.zeros(2, requires_grad=True)
    adam = torch.optim.Adam([w], lr=0.1)
    cycle = OneCycleLR(adam, max_lr=0.5, total_steps=4, pct_start=0.5, div_factor=10.0,
                       final_div_factor=100.0, base_momentum=0.8, max_momentum=0.9)
    for i in range(4):
        adam.zero_grad()
        ((w - 1) ** 2).sum().backward()
        adam.step()
        cycle.step()
    print(w, adam.param_groups[0]["betas"], model.weight)
"""

VIEW_IN_LOOP = """
    import torch
    torch.manual_seed(0)
    w = torch.randn(1, 3, requires_grad=True)
    x, y = torch.randn(8, 3), torch.randn(8, 1)
    opt = torch.optim.SGD([w], lr=0.1)
    for _ in range(4):
        opt.zero_grad()
        loss = ((x @ w.t() - y) ** 2).mean()
        loss.backward()
        opt.step()
        print(f"{loss.item():.6f}")
    p = torch.tensor([0.0, 0.0], requires_grad=True)
    adam = torch.optim.Adam([p], lr=0.1)
    for _ in range(5):
        adam.zero_grad()
        bowl = 5 * (p[0] - 1) ** 2 + 0.5 * (p[1] + 2) ** 2
        bowl.backward()
        adam.step()
    print(bowl.item(), p, w)
"""

VIEW_THEN_STEP = """
    import torch
    torch.manual_seed(0)
    w = torch.randn(1, 3, requires_grad=True)
    x = torch.randn(8, 3)
    opt = torch.optim.SGD([w], lr=0.1)
    wt = w.t()
    loss = (x @ wt).pow(2).mean()
    loss.backward()
    opt.step()
    print(w, wt)
"""

VIEW_BEFORE_LOOP = """
    import torch
    w = torch.zeros(2, 1, requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1)
    print("before", w.t())        # (the graph computes w.t() again in the loop)
    for step in range(3):
        opt.zero_grad()
        loss = ((w - 1) ** 2).sum()
        loss.backward()
        opt.step()
    print(w.t())
"""

SOURCES = {"jacrev": JACREV, "one_cycle": ONE_CYCLE, "view_in_loop": VIEW_IN_LOOP,
           "view_then_step": VIEW_THEN_STEP, "view_before_loop": VIEW_BEFORE_LOOP}


@pytest.fixture(scope="module")
def traced():
    return dict(zip(SOURCES, outcomes(list(SOURCES.values()))))


@pytest.fixture(scope="module")
def printed(traced):
    if not script_runner.torch_available():
        pytest.skip("torch (the oracle) is not installed")
    names = [n for n in SOURCES if isinstance(traced[n], Document)]
    codes = [export.export_script(traced[n]).text for n in names]
    results = script_runner.run_scripts([dedent(SOURCES[n]) for n in names] + codes)
    return {n: (results[i], results[len(names) + i]) for i, n in enumerate(names)}


def _same_print(printed, name):
    (original, original_error), (out, error) = printed[name]
    assert original_error is None and error is None, (original_error, error)
    assert original and ADDRESS.sub("0x?", out) == ADDRESS.sub("0x?", original)


def test_a_jacobian_of_torch_func_is_drawn_whole(traced, printed):
    # jacrev wrote its basis vectors through a view of a new tensor
    # (zeros(...).view(-1)[j] = 1), which cut the program where it called them
    doc = traced["jacrev"]
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    _same_print(printed, "jacrev")


def test_one_cycle_lr_is_drawn_as_a_scheduler_action(traced, printed):
    # OneCycleLR was cut ("a document's scheduler is one of ..."): its constructor was not
    # observed and the scheduler action had no settings for it
    doc = traced["one_cycle"]
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    made = [a.params for a in doc.timeline if a.kind == "scheduler"]
    assert [(p["schedule"], p["max_lr"], p["total_steps"]) for p in made] == [
        ("OneCycleLR", 0.2, 6), ("OneCycleLR", 0.5, 4)]
    assert made[0]["anneal_strategy"] == "linear" and made[0]["three_phase"] is True
    assert (made[1]["div_factor"], made[1]["final_div_factor"], made[1]["base_momentum"],
            made[1]["max_momentum"], made[1]["pct_start"]) == (10.0, 100.0, 0.8, 0.9, 0.5)
    code = export.export_script(doc).text
    assert "OneCycleLR(optimizer, max_lr=0.2, total_steps=6, anneal_strategy='linear', " \
        "three_phase=True)" in code
    _same_print(printed, "one_cycle")


def test_a_one_cycle_setting_that_is_not_a_flag_is_refused_in_words():
    from gradstudio.document.actions import ActionParamError, check_action_param
    with pytest.raises(ActionParamError, match="three_phase"):
        check_action_param("scheduler", "three_phase", 1)
    assert check_action_param("scheduler", "cycle_momentum", False) is False
    with pytest.raises(ActionParamError, match="anneal_strategy"):
        check_action_param("scheduler", "anneal_strategy", "cosine")


def test_a_one_cycle_of_one_max_lr_per_group_is_drawn_with_its_list():
    """(Was cut at its line before optimizers' groups were drawn: a list of one max_lr is
    a group's, written back as the list.)"""
    from gradstudio.document.export import export_script
    from trace_jobs import dedent, outcomes
    doc, = outcomes([dedent("""
        import torch
        w = torch.ones(3, requires_grad=True)
        opt2 = torch.optim.SGD([w], lr=0.1, momentum=0.9)
        sched = torch.optim.lr_scheduler.OneCycleLR(opt2, max_lr=[0.5], total_steps=3)
        print(sched.get_last_lr())
    """)])
    assert not isinstance(doc, Exception) and doc.trace_note is None, doc
    scheduler, = [a for a in doc.timeline if a.kind == "scheduler"]
    assert scheduler.params.get("max_lrs") == [0.5], scheduler.params
    assert "max_lr=[0.5]" in export_script(doc).text


SEQUENTIAL = """
    import torch
    from torch.optim.lr_scheduler import LinearLR, ExponentialLR, SequentialLR
    torch.manual_seed(5)
    model = torch.nn.Linear(4, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    warmup = LinearLR(opt, start_factor=0.25, total_iters=3)
    decay = ExponentialLR(opt, gamma=0.8)
    sched = SequentialLR(opt, schedulers=[warmup, decay], milestones=[3])
    X = torch.randn(16, 4)
    for epoch in range(6):
        opt.zero_grad()
        loss = model(X).pow(2).mean()
        loss.backward()
        opt.step()
        print(f"epoch {epoch} lr={sched.get_last_lr()[0]:.5f} loss={loss.item():.4f}")
        sched.step()
    print(model.bias)
"""

PADDED = """
    import torch
    torch.manual_seed(41)
    emb = torch.nn.Embedding(6, 3, padding_idx=0)
    tokens = torch.tensor([[1, 2, 0], [3, 0, 0]])
    out = emb(tokens).sum(1)
    out.pow(2).sum().backward()
    print(emb.weight)
    print(emb.weight.grad[0], out)
"""


def test_a_sequential_schedule_is_said_at_its_line_not_drawn_as_its_inner_steps():
    # SequentialLR's constructor stepped the first schedule once more and set the
    # learning rate by hand inside the engine: the trace drew that step as the script's
    # (the self-check then cut the training loop, "the graph would differ")
    (doc,) = outcomes([SEQUENTIAL])
    assert isinstance(doc, Document), doc
    note = doc.trace_note
    assert note.startswith("Not drawn: line 8 (a learning-rate scheduler "
                           "(torch.optim.lr_scheduler.SequentialLR) cannot be drawn yet"), note
    assert "would differ" not in note
    steps = [a for a in doc.timeline if a.kind == "scheduler_step"]
    assert steps == []
    _round_trip(doc, SEQUENTIAL)


def test_an_embedding_with_padding_idx_is_drawn_with_its_padding_row_zeroed():
    # its weight was drawn as a randn leaf, without the padding row's zeros (the
    # self-check caught it as "the graph would differ ... 'weight'[0, 0]"), then refused;
    # now the row's write under no_grad is drawn after the randn draw, as PyTorch makes it
    (doc,) = outcomes([PADDED])
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    (write,) = [n for n in doc.nodes() if n.kind == "setitem"]
    assert (write.params["key"], write.params["value"]) == ("0", 0.0)
    assert doc.node(doc.inputs_of(write.id)["self"]).kind == "randn"
    _round_trip(doc, PADDED)


def _round_trip(doc, source):
    if not script_runner.torch_available():
        pytest.skip("torch (the oracle) is not installed")
    (original, oe), (out, error) = script_runner.run_scripts(
        [dedent(source), export.export_script(doc).text])
    assert oe is None and error is None, (oe, error)
    assert ADDRESS.sub("0x?", out) == ADDRESS.sub("0x?", original)


@pytest.mark.parametrize("name", ["view_in_loop", "view_then_step", "view_before_loop"])
def test_a_view_of_a_parameter_a_step_changes_is_drawn(traced, printed, name):
    # x @ w.t() or p[0] in a training loop: the document kept the view's array, not its
    # value, so the step's update showed through it and the self-check cut the loop
    doc = traced[name]
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    _same_print(printed, name)


def test_a_view_keeps_the_value_it_was_computed_with(traced):
    from gradstudio.document import run
    doc = traced["view_then_step"]
    result = run(doc)
    (w,) = [n for n in doc.node_ids if doc.node(n).label == "w"]
    (wt,) = [n for n in doc.node_ids if doc.node(n).label == "wt"]
    before, after = result.state(w, step=0).value, result.state(w, step=-1).value
    assert (before != after).all()
    assert (result.state(wt, step=0).value == before.T).all()     # as computed
    assert (result.state(wt, step=-1).value == after.T).all()     # a view: as w is now


LINEAR_FUNCTION = """
    import torch
    from torch.autograd import Function

    class LinearFunction(Function):
        @staticmethod
        def forward(ctx, input, weight, bias):
            ctx.save_for_backward(input, weight, bias)
            output = input.mm(weight.t())
            output += bias.unsqueeze(0).expand_as(output)
            return output

        @staticmethod
        def backward(ctx, grad_output):
            input, weight, bias = ctx.saved_tensors
            grad_input = grad_weight = grad_bias = None
            if ctx.needs_input_grad[0]:
                grad_input = grad_output.mm(weight)
            if ctx.needs_input_grad[1]:
                grad_weight = grad_output.t().mm(input)
            if bias is not None and ctx.needs_input_grad[2]:
                grad_bias = grad_output.sum(0)
            elif not ctx.needs_input_grad[2] or bias is None:
                grad_bias = None
            return grad_input, grad_weight, grad_bias

    torch.manual_seed(0)
    x = torch.randn(4, 3)
    w = torch.randn(2, 3, requires_grad=True)
    b = torch.randn(2)
    out = LinearFunction.apply(x, w, b)
    out.pow(2).sum().backward()
    print(out)
    print(w.grad, b.grad, x.grad)
    x2 = torch.randn(4, 3, requires_grad=True)
    LinearFunction.apply(x2, w, b).sum().backward()
    print(x2.grad, w.grad)
"""


def test_pytorchs_linear_function_example_is_drawn_whole():
    # the example of PyTorch's "Extending torch.autograd" (a = b = None, if
    # ctx.needs_input_grad[i]: ...) was cut: its backward was not a Function text
    (doc,) = outcomes([LINEAR_FUNCTION])
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    code = export.export_script(doc).text
    assert "        if bias is not None and ctx.needs_input_grad[2]:\n" in code
    _round_trip(doc, LINEAR_FUNCTION)


@pytest.mark.parametrize("backward, words", [
    ("def backward(ctx, g):\n    if ctx.needs_input_grad[0]:\n        gx = g * 2\n"
     "    return gx", "'gx' is assigned inside an if of a Function: give it a value before "
     "the if (such as gx = None)"),
    ("def backward(ctx, g):\n    gx = None\n    if g.sum() > 0:\n        gx = g\n"
     "    return gx", "the if 'g.sum() > 0' cannot be part of a Function GradStudio draws"),
    ("def backward(ctx, g):\n    gx = None\n    if ctx.needs_input_grad[0]:\n"
     "        return g\n    return gx", "'return g' cannot be part of a Function"),
])
def test_an_if_a_function_text_cannot_hold_is_said(backward, words):
    from gradstudio.function_text import FunctionTextError, parse_function
    with pytest.raises(FunctionTextError) as got:
        parse_function("backward", backward)
    assert words in str(got.value)


def test_an_if_of_a_function_text_runs_as_python_runs_it():
    import gradstudio.engine as engine
    from gradstudio.function_text import function_class
    cls = function_class(engine, "Twice", "def forward(ctx, x, y):\n    return x * 2 + y",
                         "def backward(ctx, g):\n    gx = gy = None\n"
                         "    if ctx.needs_input_grad[0]:\n        gx = g * 2\n"
                         "    if not ctx.needs_input_grad[1]:\n        pass\n    else:\n"
                         "        gy = g\n    return gx, gy")
    x = engine.ones(2, requires_grad=True)
    y = engine.ones(2)
    cls.apply(x, y).sum().backward()
    assert x.grad.tolist() == [2.0, 2.0] and y.grad is None
    y.requires_grad_()
    cls.apply(x, y).sum().backward()
    assert y.grad.tolist() == [1.0, 1.0]


INIT_FROM_A_GENERATOR = """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)

    def build(seed):
        g = torch.Generator().manual_seed(seed)
        layer = nn.Linear(3, 4)
        nn.init.kaiming_uniform_(layer.weight, a=0.1, generator=g)
        nn.init.uniform_(layer.bias, -0.1, 0.1, generator=g)
        return layer

    a, b = build(1), build(2)
    print(a.weight, a.bias)
    print(b.weight)
    g2 = torch.Generator().manual_seed(5)
    w = torch.empty(2, 3).normal_(0.0, 0.5, generator=g2).requires_grad_()
    x = torch.randn(4, 3)
    (a(x).sum() + (x @ w.t()).sum()).backward()
    print(a.weight.grad, w.grad, torch.randn(2))
"""

GRAD_AFTER_A_STEP = """
    import torch
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (x ** 2).sum().backward()
    y = (x ** 3).sum()
    (g,) = torch.autograd.grad(y, x)
    print(g * 2, x.grad)
"""

PENALTY_AFTER_A_STEP = """
    import torch
    torch.manual_seed(0)
    x = torch.randn(5, 2, requires_grad=True)
    critic = torch.nn.Linear(2, 1)
    opt = torch.optim.SGD(critic.parameters(), lr=0.1)
    critic(x).sum().backward()
    print(x.grad)
    x.grad = None
    opt.zero_grad()
    out = critic(x)
    (g,) = torch.autograd.grad(out.sum(), x, create_graph=True)
    (h,) = torch.autograd.grad((out ** 2).sum(), x, create_graph=True)
    penalty = ((g.norm(dim=1) - 1) ** 2).mean() + h.abs().mean()
    penalty.backward()
    opt.step()
    print(penalty, critic.weight.grad, x.grad)
    print(critic.weight)
"""


def test_a_gradient_used_as_a_value_after_a_backward_step_is_drawn():
    # (test_trace_higher_order's example of a gradient that could not be a node)
    (doc,) = outcomes([GRAD_AFTER_A_STEP])
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert [a.kind for a in doc.timeline] == ["backward", "compute", "say"]
    _round_trip(doc, GRAD_AFTER_A_STEP)


def test_a_gradient_with_create_graph_after_a_backward_step_is_drawn():
    # a gradient penalty computed after an earlier backward: autograd.grad's result was
    # drawn only when the call came before every step, else cut ("a tensor computed
    # outside the traced operations"); now its node is computed by a compute step there
    (doc,) = outcomes([PENALTY_AFTER_A_STEP])
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    kinds = [a.kind for a in doc.timeline]
    (compute,) = [a for a in doc.timeline if a.kind == "compute"]
    assert kinds.index("compute") > kinds.index("backward")
    assert "autograd_grad" in [doc.node(n).kind for n in compute.params["nodes"]]
    _round_trip(doc, PENALTY_AFTER_A_STEP)


def test_a_fill_from_a_generator_of_the_script_is_drawn():
    # nn.init's functions given generator=g (and t.normal_(..., generator=g)) were cut:
    # "Tensor.uniform_ cannot be drawn yet ... with the default generator"
    (doc,) = outcomes([INIT_FROM_A_GENERATOR])
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    drawn = [doc.node(n).params for n in doc.node_ids
             if doc.node(n).kind in ("uniform", "normal")]
    # (nn.Linear's own first draws stay sources of their own: the global stream moves)
    assert [p["generator"] for p in drawn] == [None, None, 1, 1, None, None, 2, 2, 3]
    assert [p["generator_seed"] for p in drawn if p["generator"]] == [1, None, 2, None, 5]
    code = export.export_script(doc).text
    assert ".normal_(0.0, 0.5, generator=" in code and ").requires_grad_()" in code
    _round_trip(doc, INIT_FROM_A_GENERATOR)
