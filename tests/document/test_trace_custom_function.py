"""A custom ``torch.autograd.Function`` drawn natively (issue 32, item 2): ``MyReLU.apply(x)``
is a ``custom_function`` node whose settings are the class name and the texts of its
``forward`` and ``backward`` in ``gradstudio.function_text``'s small checked language.
The document runs them (its output prints ``grad_fn=<MyReLUBackward>`` as torch's does,
a backward calls the drawn backward), the export writes the class and ``MyReLU.apply(x)``
and prints under torch what the script printed.

Before, every ``Function.apply`` was refused and the script drawn only up to it. A
Function the language cannot hold (it reads a variable of the script, branches, has
``setup_context``, a non-tensor argument) is still cut there, with a sentence naming it.
A Function read from a file is checked the same way: text that is anything but tensor
operations is refused before anything runs.
"""
import json

import pytest
from trace_jobs import check_exports, check_round_trip, drawn_up_to, outcomes, traced_documents

from gradstudio.document import Document, DocumentError, export, run
from gradstudio.document.files import dumps, load, save
from gradstudio.document.reader import read
from gradstudio.document.walk import explain_text

RELU = """
    import torch


    class MyReLU(torch.autograd.Function):
        @staticmethod
        def forward(ctx, input):
            ctx.save_for_backward(input)
            return input.clamp(min=0)

        @staticmethod
        def backward(ctx, grad_output):
            input, = ctx.saved_tensors
            grad_input = grad_output.clone()
            grad_input[input < 0] = 0
            return grad_input


    x = torch.tensor([-1.0, 2.0, -3.0, 4.0], requires_grad=True)
    y = MyReLU.apply(x)
    print(y)
    z = (y * 3).sum()
    z.backward()
    print(x.grad)
"""

EXP_GRADCHECK = """
    import torch
    from torch.autograd import gradcheck


    class MyExp(torch.autograd.Function):
        \"\"\"e to the x, saving its result for backward.\"\"\"

        @staticmethod
        def forward(ctx, i):
            result = i.exp()
            ctx.save_for_backward(result)
            return result

        @staticmethod
        def backward(ctx, grad_output):
            result, = ctx.saved_tensors
            return grad_output * result


    x = torch.tensor([[0.1, -0.5], [1.0, 2.0]], dtype=torch.double, requires_grad=True)
    y = MyExp.apply(x)
    print(y)
    print(type(y.grad_fn).__name__)
    print(gradcheck(MyExp.apply, (x,), eps=1e-6, atol=1e-4))
    loss = y.sum()
    loss.backward()
    print(x.grad)
"""

TWO_INPUTS = """
    import torch


    class MySigmoid(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            s = 1 / (1 + torch.exp(-x))
            ctx.save_for_backward(s)
            return s

        @staticmethod
        def backward(ctx, grad_output):
            (s,) = ctx.saved_tensors
            return grad_output * s * (1 - s)


    class MulAdd(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a, b):
            ctx.save_for_backward(a, b)
            return a * b + a

        @staticmethod
        def backward(ctx, grad_output):
            a, b = ctx.saved_tensors
            grad_a = grad_output * (b + 1)
            grad_b = grad_output * a
            return grad_a, grad_b


    torch.manual_seed(0)
    w = torch.randn(3, requires_grad=True)
    b = torch.randn(3, requires_grad=True)
    h = MulAdd.apply(w, b)
    out = MySigmoid.apply(h)
    print(h)
    print(out)
    loss = out.sum()
    loss.backward()
    print(w.grad)
    print(b.grad)
"""

STRAIGHT_THROUGH = """
    import torch


    class RoundSTE(torch.autograd.Function):
        \"\"\"Straight-through estimator: round forward, identity backward.\"\"\"

        @staticmethod
        def forward(ctx, x):
            return torch.round(x)

        @staticmethod
        def backward(ctx, grad_output):
            return grad_output


    class SignSTE(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x.sign()

        @staticmethod
        def backward(ctx, grad_output):
            x, = ctx.saved_tensors
            grad = grad_output.clone()
            grad[x.abs() > 1] = 0
            return grad


    w = torch.tensor([0.4, 1.6, -2.3, 0.9], requires_grad=True)
    q = RoundSTE.apply(w * 2)
    s = SignSTE.apply(w)
    print(q, s)
    loss = (q * s).sum()
    loss.backward()
    print(w.grad)
"""

WRONG_BACKWARD = """
    import torch
    from torch.autograd import gradcheck


    class BadSquare(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x ** 2

        @staticmethod
        def backward(ctx, grad_output):
            x, = ctx.saved_tensors
            return grad_output * x  # forgot the 2


    class GoodSquare(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x ** 2

        @staticmethod
        def backward(ctx, grad_output):
            x, = ctx.saved_tensors
            return 2 * x * grad_output


    x = torch.tensor([1.0, -2.0, 3.0], dtype=torch.float64, requires_grad=True)
    print("good:", gradcheck(GoodSquare.apply, (x,)))
    print("bad:", gradcheck(BadSquare.apply, (x,), raise_exception=False))
    y = BadSquare.apply(x)
    y.sum().backward()
    print(x.grad)
"""

CTX_SCALAR = """
    import torch


    class ScaleGrad(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.scale = 0.5
            return x.clone()

        @staticmethod
        def backward(ctx, grad_output):
            return grad_output * ctx.scale


    x = torch.ones(2, 2, requires_grad=True)
    y = ScaleGrad.apply(x * 3)
    z = (y ** 2).mean()
    z.backward()
    print(y)
    print(z)
    print(x.grad)
"""

NUMBER_ARGUMENT = """
    import torch


    class Clip(torch.autograd.Function):
        \"\"\"Clamps forward; lets the gradient through only inside the limit.\"\"\"

        @staticmethod
        def forward(ctx, x, limit):
            ctx.save_for_backward(x)
            ctx.limit = limit
            return x.clamp(-limit, limit)

        @staticmethod
        def backward(ctx, grad_output):
            x, = ctx.saved_tensors
            inside = x.abs() <= ctx.limit
            return grad_output * inside, None


    x = torch.tensor([0.5, -3.0, 1.0, 2.5], requires_grad=True)
    y = Clip.apply(x, 1.0)
    print(y)
    (y * torch.tensor([1.0, -2.0, 3.0, 4.0])).sum().backward()
    print(x.grad)
"""

IN_A_MODULE = """
    import torch
    import torch.nn as nn


    class MyReLU(torch.autograd.Function):
        @staticmethod
        def forward(ctx, input):
            ctx.save_for_backward(input)
            return input.clamp(min=0)

        @staticmethod
        def backward(ctx, grad_output):
            input, = ctx.saved_tensors
            grad_input = grad_output.clone()
            grad_input[input < 0] = 0
            return grad_input


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(3, 4)
            self.fc2 = nn.Linear(4, 1)

        def forward(self, x):
            return self.fc2(MyReLU.apply(self.fc1(x)))


    torch.manual_seed(1)
    net = Net()
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    x = torch.tensor([[0.5, -1.0, 2.0], [1.0, 0.0, -0.5]])
    target = torch.tensor([[1.0], [0.0]])
    for step in range(3):
        opt.zero_grad()
        out = net(x)
        loss = ((out - target) ** 2).mean()
        loss.backward()
        opt.step()
        print(step, loss)
    print(net.fc1.weight.grad)
"""

# two numbers kept on ctx in one assignment, a mask made of two comparisons with &
BAND = """
    import torch


    class Band(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, lo, hi):
            ctx.save_for_backward(x)
            ctx.lo, ctx.hi = lo, hi
            return x.clamp(lo, hi)

        @staticmethod
        def backward(ctx, grad):
            x, = ctx.saved_tensors
            mask = (x >= ctx.lo) & (x <= ctx.hi)
            return grad * mask, None, None


    a = torch.tensor([-1.0, -0.25, 0.0, 0.4, 0.9], requires_grad=True)
    b = Band.apply(a, -0.5, 0.5)
    print(b)
    (b * torch.arange(5.0)).sum().backward()
    print(a.grad)
"""

PROGRAMS = (RELU, EXP_GRADCHECK, TWO_INPUTS, STRAIGHT_THROUGH, WRONG_BACKWARD, CTX_SCALAR,
            NUMBER_ARGUMENT, IN_A_MODULE, BAND)


@pytest.fixture(scope="module")
def traced():
    return traced_documents(PROGRAMS)


def _functions(doc):
    return [doc.node(n) for n in doc.node_ids if doc.node(n).kind == "custom_function"]


def test_each_program_opens_whole_with_its_functions_as_nodes(traced):
    names = [sorted({f.params["name"] for f in _functions(d)}) for d in traced]
    # (GoodSquare is only checked by gradcheck, which runs quietly: not a node)
    assert names == [["MyReLU"], ["MyExp"], ["MulAdd", "MySigmoid"], ["RoundSTE", "SignSTE"],
                     ["BadSquare"], ["ScaleGrad"], ["Clip"], ["MyReLU"],
                     ["Band"]]
    assert all(d.trace_note is None for d in traced)      # (drawn to the end: no cut)


def test_a_function_node_holds_the_class_as_text_and_its_output_prints_its_grad_fn(traced):
    doc = traced[0]
    (f,) = _functions(doc)
    assert f.params == {
        "count": 1, "name": "MyReLU",
        "forward": "def forward(ctx, input):\n    ctx.save_for_backward(input)\n"
                   "    return input.clamp(min=0)",
        "backward": "def backward(ctx, grad_output):\n    input, = ctx.saved_tensors\n"
                    "    grad_input = grad_output.clone()\n    grad_input[input < 0] = 0\n"
                    "    return grad_input", "numbers": [],
        "once": False}
    text = export.transcript(doc, run(doc))
    assert text == "tensor([0., 2., 0., 4.], grad_fn=<MyReLUBackward>)\ntensor([0., 3., 0., 3.])\n"
    code = export.export_script(doc).text
    assert "class MyReLU(torch.autograd.Function):" in code
    assert "    @staticmethod\n    def backward(ctx, grad_output):" in code
    assert "y = MyReLU.apply(x)" in code


def test_the_exports_print_under_torch_what_the_scripts_print(traced):
    check_round_trip(traced, PROGRAMS)


def test_two_numbers_kept_on_ctx_at_once_and_a_mask_of_two_comparisons_run_drawn(traced):
    doc = traced[8]
    (f,) = _functions(doc)
    assert f.params["numbers"] == [-0.5, 0.5]
    assert "ctx.lo, ctx.hi = (lo, hi)" in f.params["forward"]
    assert export.transcript(doc, run(doc)).splitlines()[1] == "tensor([0., 1., 2., 3., 0.])"
    doc = read(dumps(doc))                       # a copy: the fixture stays as traced
    node = next(n for n in doc.node_ids if doc.node(n).kind == "custom_function")
    doc.set_param(node, "numbers", [-0.5, 1.0])     # hi raised: 0.9 is inside the band now
    assert export.transcript(doc, run(doc)).splitlines()[1] == "tensor([0., 1., 2., 3., 4.])"


def test_a_number_passed_to_apply_is_a_setting_of_the_node(traced):
    (f,) = _functions(traced[6])
    assert f.params["count"] == 1 and f.params["numbers"] == [1.0]
    assert "y = Clip.apply(x, 1.0)" in export.export_script(traced[6]).text


def test_a_wrong_backward_is_drawn_as_written_so_its_gradient_stays_wrong(traced):
    """The graph runs the student's backward, not the right derivative: x.grad is x, not
    2x, and gradcheck's verdict is the script's (False)."""
    doc = traced[4]
    x = next(n for n in doc.node_ids if doc.node(n).label == "x")
    assert run(doc).state(x).grad.tolist() == [1.0, -2.0, 3.0]
    assert "bad: False" in export.transcript(doc, run(doc))


def test_the_step_through_shows_the_functions_own_backward(traced):
    doc = traced[2]
    index = next(i for i, a in enumerate(doc.timeline) if a.kind == "backward")
    text = explain_text(doc, run(doc), index)
    assert ("MulAdd's backward is your own: from the gradient grad_output of its output "
            "it runs\n      a, b = ctx.saved_tensors\n      grad_a = grad_output * (b + 1)\n"
            "      grad_b = grad_output * a\n  and returns grad_a for a, grad_b for b.") in text


def test_a_function_survives_a_save_and_load(traced, tmp_path):
    for i, doc in enumerate(traced):
        path = tmp_path / f"f{i}.gsg"
        save(doc, path)
        back = load(path)
        assert [f.params for f in _functions(back)] == [f.params for f in _functions(doc)]
        assert export.transcript(back, run(back)) == export.transcript(doc, run(doc))


def test_a_function_built_in_the_studio_runs_and_exports():
    """The palette's kind: its defaults are MyReLU; a Function of two inputs typed in."""
    d = Document()
    x = d.add_node("tensor", {"value": [[-1.5, 0.5], [2.0, -0.25]], "requires_grad": True},
                   label="x")
    relu = d.add_node("custom_function", label="r", watched=True)
    d.connect(x, relu, "t0")
    mix = d.add_node("custom_function", {
        "count": 2, "name": "Mix",
        "forward": "def forward(ctx, a, b):\n    ctx.save_for_backward(a, b)\n"
                   "    return torch.where(a > b, a, b * 2)",
        "backward": "def backward(ctx, g):\n    a, b = ctx.saved_tensors\n"
                    "    return torch.where(a > b, g, 0.0), torch.where(a > b, 0.0, g * 2)"},
        label="m", watched=True)
    d.connect(relu, mix, "t0")
    d.connect(x, mix, "t1")
    loss = d.add_node("sum", label="loss")
    d.connect(mix, loss, "self")
    d.add_action("backward", {"target": loss})
    codes, texts = check_exports([d])
    assert "grad_fn=<MyReLUBackward>" in texts[0] and "grad_fn=<MixBackward>" in texts[0]
    # relu(x) > x only where x < 0: Mix sends g there to relu, which zeroes it (x < 0),
    # and 2 g to x elsewhere
    assert run(d).state(x).grad.tolist() == [[0.0, 2.0], [2.0, 0.0]]


def test_a_count_that_is_not_the_forwards_is_said_on_the_node():
    d = Document()
    x = d.add_node("ones", {"shape": (2,), "requires_grad": True})
    f = d.add_node("custom_function", {"count": 2})
    d.connect(x, f, "t0")
    d.connect(x, f, "t1")
    error = run(d).errors[f]
    assert "forward takes 1 inputs (input) but the node has 2 and 0 numbers: set its " \
           "number of inputs to 1" in error


HOSTILE = [
    "def forward(ctx, x):\n    import os\n    return x",
    "def forward(ctx, x):\n    return __import__('os').system('touch PWNED')",
    "def forward(ctx, x):\n    return x.__class__.__bases__",
    "def forward(ctx, x):\n    return open('PWNED', 'w')",
    "def forward(ctx, x):\n    return torch.load('PWNED')",
    "def forward(ctx, x):\n    return x.register_hook(print)",
    "def forward(ctx, x):\n    return ctx.__dict__",
    "def forward(ctx, x):\n    exec('open(\"PWNED\", \"w\")')\n    return x",
    "def forward(ctx, x):\n    return (lambda: x)()",
    "def forward(ctx, x):\n    for i in range(10 ** 9):\n        pass\n    return x",
    "def forward(ctx, x):\n    return x.apply_(print)",
    "def forward(ctx, x):\n    y = 'os'\n    return x",
    "@staticmethod\ndef forward(ctx, x):\n    return x",
    "def forward(ctx, x):\n    return ctx.save_for_backward.__globals__",
    "def forward(ctx, x):\n    return x.dtype.__class__",
    "def forward(ctx, x):\n    return x.dtype.to_complex()",
]


def test_a_backward_may_cast_a_mask_to_the_gradients_dtype():
    """``mask.to(grad.dtype)``: a tensor's dtype is a value a Function's text may pass on
    (the gradient of a ReLU clipped at 1, as a student writes it)."""
    import gradstudio.engine as engine
    from gradstudio.function_text import function_class
    cls = function_class(
        engine, "Clipped", "def forward(ctx, x):\n    ctx.save_for_backward(x)\n"
        "    return x.clamp(0, 1)",
        "def backward(ctx, grad):\n    x, = ctx.saved_tensors\n"
        "    return grad * ((x > 0) & (x < 1)).to(grad.dtype)")
    x = engine.tensor([-0.5, 0.25, 1.5], requires_grad=True)
    cls.apply(x).sum().backward()
    assert x.grad.tolist() == [0.0, 1.0, 0.0] and x.grad.dtype == engine.float32


@pytest.mark.parametrize("text", HOSTILE)
def test_a_file_whose_function_holds_code_is_refused_before_anything_runs(text, tmp_path,
                                                                           monkeypatch):
    monkeypatch.chdir(tmp_path)
    d = Document()
    x = d.add_node("ones", {"shape": (2,), "requires_grad": True})
    f = d.add_node("custom_function")
    d.connect(x, f, "t0")
    path = tmp_path / "hostile.gsg"
    save(d, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    (node,) = [n for n in data["nodes"] if n["kind"] == "custom_function"]
    node["params"]["forward"] = text
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DocumentError, match="forward of custom_function"):
        load(path)
    assert not (tmp_path / "PWNED").exists()


@pytest.mark.parametrize("name", ["os.system", "__import__", "My ReLU", "class", "torch", ""])
def test_a_class_name_that_is_not_a_plain_name_is_refused(name):
    d = Document()
    with pytest.raises(DocumentError, match="Python name such as MyReLU"):
        d.add_node("custom_function", {"name": name})


CUT = [
    ("""
    import torch
    SCALE = 3.0


    class Scaled(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * SCALE

        @staticmethod
        def backward(ctx, g):
            return g * SCALE


    x = torch.ones(2, requires_grad=True)
    y = Scaled.apply(x)
    y.sum().backward()
    print(x.grad)
    """, "a Function computes from its inputs and what it assigned, not 'SCALE'"),
    ("""
    import torch


    class HalfAndCount(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 0.5, 2

        @staticmethod
        def backward(ctx, g_half, g_count):
            return g_half * 0.5


    x = torch.tensor([0.5, 3.0], requires_grad=True)
    half, count = HalfAndCount.apply(x)
    (half * count).sum().backward()
    print(count, x.grad)
    """, "its forward returns one tensor, or at most 8 tensors separated by commas"),
    ("""
    import torch


    class Branchy(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x.abs()

        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            if x.sum() > 0:
                return g
            return -g


    x = torch.tensor([0.5, -3.0], requires_grad=True)
    Branchy.apply(x).sum().backward()
    print(x.grad)
    """, "the if 'x.sum() > 0' cannot be part of a Function GradStudio draws: an if may "
        "test ctx.needs_input_grad[i] and whether a name is None"),
    ("""
    import torch


    class WithSetup(torch.autograd.Function):
        @staticmethod
        def forward(x):
            return x * 2

        @staticmethod
        def setup_context(ctx, inputs, output):
            pass

        @staticmethod
        def backward(ctx, g):
            return g * 2


    x = torch.tensor([0.5, -3.0], requires_grad=True)
    WithSetup.apply(x).sum().backward()
    print(x.grad)
    """, "it defines setup_context besides forward and backward"),
    # (@once_differentiable is drawn: test_trace_constructs; another decorator is not,
    # nor once_differentiable under a name of the script's own)
    ("""
    import torch
    from torch.autograd.function import once_differentiable as once


    class Cube(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x ** 3

        @staticmethod
        @once
        @torch.no_grad()
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return 3 * x ** 2 * g


    x = torch.tensor([0.5, -1.0], requires_grad=True)
    Cube.apply(x).sum().backward()
    print(x.grad)
    """, "its backward is decorated with @once, @torch.no_grad()"),


    ("""
    import torch


    class Square(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return g * x


    x = torch.tensor([1.0, -2.0], requires_grad=True)
    Square.apply(x).sum().backward()
    print("wrong:", x.grad)


    class Square(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return 2 * g * x


    x.grad = None
    Square.apply(x).sum().backward()
    print("fixed:", x.grad)
    """, "another Function of the script has the same class name"),
]


def test_a_function_the_text_cannot_hold_is_cut_there_and_still_prints_the_same():
    got = outcomes([src for src, _ in CUT])
    for doc, (src, words) in zip(got, CUT):
        note = drawn_up_to(doc, words)
        assert "custom autograd.Function" in note
    check_round_trip(got, [src for src, _ in CUT])


def test_two_functions_of_one_name_that_compute_differently_are_not_exported():
    """Edited in the studio, two nodes may keep one class name for two bodies: the
    script could hold only one class of that name, so the export says so instead of
    writing a script whose second class replaces the first."""
    d = Document()
    x = d.add_node("ones", {"shape": (2,), "requires_grad": True})
    for backward in ("def backward(ctx, g):\n    return g",
                     "def backward(ctx, g):\n    return g * 2"):
        f = d.add_node("custom_function", {"backward": backward}, watched=True)
        d.connect(x, f, "t0")
    with pytest.raises(DocumentError, match="Two custom Functions are both called MyReLU"):
        export.export_script(d)


def test_forward_cannot_replace_what_the_node_itself_runs():
    """``ctx.<name> = value`` keeps a value for backward; a name the grad_fn node already
    has (its run_backward, register_hook ...) is refused, on the node, in words."""
    d = Document()
    x = d.add_node("ones", {"shape": (2,), "requires_grad": True})
    f = d.add_node("custom_function", {
        "forward": "def forward(ctx, input):\n    ctx.run_backward = input\n"
                   "    return input * 2"})
    d.connect(x, f, "t0")
    assert "ctx.run_backward belongs to the node itself" in run(d).errors[f]
