"""The exported script of a program the Data panel shows: under torch it prints what the
run shows (the loop's losses, the final one included), makes the same test rows, and ends
with the trained model over the input plane, the grid computed by the nodes' own code
(compared with PyTorch's forward at the parameters the run ended with) and drawn with
matplotlib only when it is installed; the notebook gives the plot a cell of its own."""
import json

import numpy as np
import pytest

from gradstudio.document import run
from gradstudio.document.data_view import GRID, span
from gradstudio.document.examples import autograd_tutorial
from gradstudio.document.examples_playground import playground
from gradstudio.document.export import export_script, transcript
from gradstudio.document.notebook_export import export_notebook

from data_docs import one_input_regression

from script_runner import run_scripts
from cpu_paths import MKL_GENERIC, same_print

torch = pytest.importorskip("torch")

_DUMP = ("\nimport json as _json\n"
         "print(_json.dumps([loss.item(), logits_grid.numpy().tobytes().hex(), "
         "x_test.numpy().tobytes().hex(), y_test.numpy().tobytes().hex()]))\n")


@pytest.fixture(scope="module")
def moons():
    doc = playground("make_moons", hidden=(8,), count=12, lr=0.05, points=80,
                     test_fraction=0.25)
    return doc, run(doc), {doc.node(n).label: n for n in doc.node_ids}


def _torch_logits(result, named, inputs):
    p = {k: torch.from_numpy(result.state(named[k]).value)
         for k in ("layer1_weight", "layer1_bias", "logits_weight", "logits_bias")}
    h = torch.tanh(torch.nn.functional.linear(inputs, p["layer1_weight"], p["layer1_bias"]))
    return torch.nn.functional.linear(h, p["logits_weight"], p["logits_bias"])


# a matplotlib that draws nothing, so the plot part computes its grid where matplotlib is
# not installed (the part runs only where it can draw)
_PYPLOT_STAND_IN = """import sys as _sys, types as _types
_pyplot = _types.ModuleType("matplotlib.pyplot")
_pyplot.__getattr__ = lambda name: (lambda *args, **kwargs: None)
_mpl = _types.ModuleType("matplotlib")
_mpl.pyplot = _pyplot
_sys.modules.setdefault("matplotlib", _mpl)
_sys.modules.setdefault("matplotlib.pyplot", _pyplot)
"""


def test_the_script_prints_the_run_and_ends_with_the_trained_model_on_a_grid(moons):
    doc, result, named = moons
    script = export_script(doc, result)
    lines = script.text.splitlines(keepends=True)         # (the stand-in just before the
    at = script.plot_line - 1                             # plot part: torch imports first)
    text = "".join(lines[:at]) + _PYPLOT_STAND_IN + "".join(lines[at:])
    (out, error), = run_scripts([text + _DUMP], "torch")
    assert error is None, error
    *printed, dumped = out.splitlines(keepends=True)
    assert same_print("".join(printed), transcript(doc, result))  # the final loss included
    final_loss, grid, x_test, y_test = json.loads(dumped)
    history = result.histories[next(a.id for a in doc.timeline if a.kind == "loop")]
    # (the same to the last bits but one: a matrix product may differ from MKL's in the
    # last bit, docs/engine.md)
    assert final_loss == pytest.approx(history.scalar(named["loss"])[-1], rel=1e-6)
    held_out = result.held_out[named["data"]]
    assert x_test == held_out[:, :2].tobytes().hex() and y_test == held_out[:, 2:].tobytes().hex()
    x = result.state(named["x"]).value
    axes = [torch.linspace(*span(x[:, j]), GRID) for j in (0, 1)]
    gx, gy = torch.meshgrid(*axes, indexing="ij")
    with torch.no_grad():       # the parameters as the loop left them
        want = _torch_logits(result, named, torch.stack([gx.reshape(-1), gy.reshape(-1)], 1))
    got = np.frombuffer(bytes.fromhex(grid), dtype=np.float32).reshape(-1, 1)
    # (after training on an Intel processor, within MKL's last digits there: cpu_paths)
    rtol = 2e-6 if MKL_GENERIC else 1e-4
    np.testing.assert_allclose(got, want.numpy(), rtol=rtol, atol=rtol / 10)
    assert script.plot_line and script.text.splitlines()[script.plot_line - 1].startswith(
        "# The trained model")


def test_the_notebook_draws_the_trained_model_in_a_cell_of_its_own(moons):
    doc, result, _ = moons
    cells = json.loads(export_notebook(doc, result))["cells"]
    last = cells[-1]
    assert last["cell_type"] == "code" and not last["outputs"]
    assert "".join(last["source"]).startswith("# The trained model")
    assert "plt.show()" in "".join(last["source"])
    assert "plt" not in "".join("".join(c["source"]) for c in cells[:-1])


def test_a_one_input_model_draws_its_curve_and_a_graph_without_data_draws_nothing():
    doc, _, _ = one_input_regression("make_sine", 30, 3)
    text = export_script(doc).text
    assert "plt.plot(x_grid[:, 0].numpy(), model_grid[:, 0].numpy()" in text
    assert "meshgrid" not in text
    assert "matplotlib" not in export_script(autograd_tutorial()).text
    assert export_script(autograd_tutorial()).plot_line == 0


def test_with_matplotlib_the_plot_is_drawn_and_the_output_is_the_same(moons, tmp_path):
    pytest.importorskip("matplotlib")
    doc, result, _ = moons
    picture = tmp_path / "boundary.png"
    script = export_script(doc, result).text + (
        f"plt.gcf().savefig({str(picture)!r})\n")
    # (in a fork of the session's torch runner, which has not imported matplotlib: the
    # backend is chosen at its import, as the variable chose it in a new interpreter)
    (out, error), = run_scripts(['import os\nos.environ["MPLBACKEND"] = "Agg"\n' + script],
                                "torch")
    assert error is None, error
    assert out == transcript(doc, result)
    assert picture.stat().st_size > 10_000


def test_a_function_of_two_outputs_in_the_model_is_called_again_on_the_grid(moons):
    """A custom Function returning (half, tanh) between the layers, its output 1 taken by
    the next layer: the plot part calls it again on the grid and takes output 1 of that
    call (never output 0's name indexed), and prints what the run shows under torch."""
    from gradstudio.document.files import dumps
    from gradstudio.document.reader import read
    doc = read(dumps(moons[0]))
    named = {doc.node(n).label: n for n in doc.node_ids}
    f = doc.add_node("custom_function", {
        "name": "HalfTanh",
        "forward": "def forward(ctx, x):\n    t = x.tanh()\n    ctx.save_for_backward(t)\n"
                   "    return x * 0.5, t",
        "backward": "def backward(ctx, g_half, g_tanh):\n    t, = ctx.saved_tensors\n"
                    "    return g_half * 0.5 + g_tanh * (1 - t * t)"}, label="pair")
    doc.connect(named["layer1"], f, "t0")
    h = doc.add_node("function_output", {"index": 1}, label="h")
    doc.connect(f, h, "function")
    doc.connect(h, named["logits"], "input")
    doc.remove_node(named["h1"])
    result = run(doc)
    assert not result.errors
    script = export_script(doc, result)
    assert "pair, h = HalfTanh.apply(layer1)" in script.text
    assert "pair_grid_outputs = HalfTanh.apply(layer1_grid)" in script.text
    assert "h_grid = pair_grid_outputs[1]" in script.text
    lines = script.text.splitlines(keepends=True)
    at = script.plot_line - 1
    text = "".join(lines[:at]) + _PYPLOT_STAND_IN + "".join(lines[at:])
    (out, error), = run_scripts([text], "torch")
    assert error is None, error
    assert same_print(out, transcript(doc, result))
