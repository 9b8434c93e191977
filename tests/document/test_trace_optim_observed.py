"""``torch.optim``'s calls reach the tracer as observed calls of the engine, like every
other call (issue 30): no trace function watches them. And the engine's optimizers, now
observed, still warn where PyTorch warns."""
import ast
import pathlib
import warnings

import gradstudio.engine as torch
from gradstudio.engine.observer import listen
from gradstudio.trace.listener import Tracer
from gradstudio.trace.recorder import Recorder
import gradstudio

from source_trees import parsed

TRACE = pathlib.Path(gradstudio.__file__).resolve().parent / "trace"    # (installed or not)

_SCRIPT = """
import torch
torch.manual_seed(0)
m = torch.nn.Linear(2, 1)
opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.5)
for i in range(2):
    opt.zero_grad()
    loss = m(torch.ones(3, 2)).sum()
    loss.backward()
    opt.step()
m.zero_grad()
"""


def test_optimizer_calls_are_recorded_by_the_listener_alone():
    """No ``sys.settrace`` here: the tracer sees the optimizer's calls all the same."""
    rec = Recorder(torch, "<optim>", record_values=True)
    namespace = {"torch": torch}
    code = compile(_SCRIPT.replace("import torch\n", ""), "<optim>", "exec")
    with listen(Tracer(rec)):
        exec(code, namespace)
    kinds = [a["kind"] for a in rec.actions]
    assert kinds == ["optimizer"] + ["optimizer_zero_grad", "backward", "step"] * 2 + \
        ["set_grad_none", "set_grad_none"], kinds
    assert rec.actions[0]["params"]["momentum"] == 0.5
    assert not any(a.get("failed") for a in rec.actions)


def test_only_the_naming_sets_a_trace_function():
    """``sys.settrace`` is called in the child only (for naming tensors line by line);
    the optimizers' watch reads no frames."""
    calls = {}
    for path in sorted(TRACE.rglob("*.py")):
        tree = parsed(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in (
                    "settrace", "f_locals", "f_code", "f_trace_lines"):
                calls.setdefault(path.relative_to(TRACE).as_posix(), set()).add(node.attr)
    assert calls.get("optim.py") is None
    assert calls.get("handlers/optimizers.py") is None
    assert "settrace" not in calls.get("naming.py", set())
    assert [p for p, attrs in calls.items() if "settrace" in attrs] == ["child.py"]


def _duplicate_warning():
    w = torch.zeros(2, requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.optim.SGD([w, w], lr=0.1)
    [warning] = [c for c in caught if "duplicate parameters" in str(c.message)]
    return warning


def test_a_duplicate_parameter_warns_at_the_optimizers_init_as_pytorch_does():
    """PyTorch's ``stacklevel=3`` names SGD's ``__init__``: not the observer's wrapper
    around ``Optimizer.__init__``, nor a listener's frames."""
    assert _duplicate_warning().filename.endswith("optim/sgd.py")
    with listen(Tracer(Recorder(torch, "<optim>"))):
        assert _duplicate_warning().filename.endswith("optim/sgd.py")
