"""Export to PyTorch: the script's shape (names, blocks, comments, line map) and its
promise: run under real PyTorch it prints exactly ``transcript(doc, run(doc))``, for
every bundled example, a document using every node kind, and random documents."""
import ast
import difflib

import pytest

import script_runner
from kinds_doc import every_kind_document
from random_docs import random_document

from gradstudio.document import Document, run
from gradstudio.document.catalogue import CATALOGUE, RESEEDING_KINDS
from gradstudio.document.catalogue_data import DATASET_KINDS
from gradstudio.document.examples import EXAMPLES, build
from gradstudio.document.export import RESERVED_NAMES, export_script, transcript
from cpu_paths import same_print

RANDOM_SEEDS = range(60)


def _cases():
    cases = [(f"example-{name}", build(name)) for name in EXAMPLES]
    cases.append(("every-kind", every_kind_document()))
    cases += [(f"random-{s}", random_document(s)) for s in RANDOM_SEEDS]
    return cases


CASES = _cases()
IDS = [name for name, _ in CASES]


@pytest.fixture(scope="module")
def exported():
    """name -> (script text, expected transcript), the run made once per document."""
    out = {}
    for name, doc in CASES:
        result = run(doc)
        out[name] = (export_script(doc, result).text, transcript(doc, result))
    return out


def _outputs(exported, backend):
    names = list(exported)
    # (one process runs them all: the Playground examples' loops take a while on a busy
    # machine)
    return dict(zip(names, script_runner.run_scripts([exported[n][0] for n in names],
                                                     backend, timeout=900)))


@pytest.fixture(scope="module")
def under_torch(exported):
    if not script_runner.torch_available():
        pytest.skip("PyTorch (the test oracle) is not installed")
    return _outputs(exported, "torch")


@pytest.fixture(scope="module")
def under_engine(exported):
    return _outputs(exported, "engine")


def _check(name, exported, outputs):
    script, expected = exported[name]
    stdout, error = outputs[name]
    assert error is None, f"the exported script failed:\n{script}\n{error}"
    if not same_print(stdout, expected):      # (Intel's MKL: within its last digits)
        diff = "".join(difflib.unified_diff(expected.splitlines(True), stdout.splitlines(True),
                                            "document transcript", "script output"))
        pytest.fail(f"the script prints something else than the document:\n{script}\n{diff}")


@pytest.mark.parametrize("name", IDS)
def test_script_prints_the_transcript_under_torch(name, exported, under_torch):
    _check(name, exported, under_torch)


@pytest.mark.parametrize("name", IDS)
def test_script_prints_the_transcript_under_the_engine(name, exported, under_engine):
    _check(name, exported, under_engine)


def test_random_documents_exercise_the_hard_parts(exported):
    """The random set is not vacuous: it holds regions, commented-out failing nodes,
    actions PyTorch rejects, autograd.grad, renamed labels and watched gradients."""
    scripts = "\n".join(exported[f"random-{s}"][0] for s in RANDOM_SEEDS)
    for needle in ("with torch.no_grad():", "  # RuntimeError", "except Exception as",
                   "torch.autograd.grad(", "type_2 = ", "x_2 = ", ".grad)", ".retain_grad()",
                   "create_graph=True", ".grad = None", ".grad.zero_()",
                   ".register_hook(lambda grad: ", ".remove()"):
        assert needle in scripts, needle


# ----------------------------------------------------------------------------- shape
def tutorial():
    d = Document()
    x = d.add_node("ones", {"shape": (2, 2), "requires_grad": True}, label="x", watched=True)
    y = d.add_node("add", {"other": 2}, label="y")
    d.connect(x, y, "self")
    yy = d.add_node("mul")
    d.connect(y, yy, "self")
    d.connect(y, yy, "other")
    out = d.add_node("mean", label="out", watched=True)
    d.connect(yy, out, "self")
    d.add_action("backward", {"target": out})
    return d, (x, y, yy, out)


def test_tutorial_script_reads_like_the_notebook():
    d, (x, y, yy, out) = tutorial()
    script = export_script(d)
    assert script.text == (
        '"""Exported from GradStudio. Run it with PyTorch: python <this file>."""\n'
        "import torch\n"
        "\n"
        "torch.manual_seed(0)\n"
        "\n"
        "x = torch.ones(2, 2, requires_grad=True)\n"
        "y = x + 2\n"
        f"mul_{yy} = y * y\n"
        f"out = mul_{yy}.mean()\n"
        "\n"
        "print(x)\n"
        "print(out)\n"
        "\n"
        "out.backward()\n"
        "print(x.grad)\n")
    lines = script.text.splitlines()
    assert {n: lines[i - 1].split(" =")[0] for n, i in script.lines.items()} == \
        {x: "x", y: "y", yy: f"mul_{yy}", out: "out"}
    assert lines[script.action_lines[d.timeline[0].id] - 1] == "out.backward()"
    assert script.names == {x: "x", y: "y", yy: f"mul_{yy}", out: "out"}
    assert transcript(d) == (
        "tensor([[1., 1.],\n        [1., 1.]], requires_grad=True)\n"
        "tensor(9., grad_fn=<MeanBackward0>)\n"
        "tensor([[1.5000, 1.5000],\n        [1.5000, 1.5000]])\n")


def test_no_seed_no_manual_seed_line():
    d, _ = tutorial()
    d.set_seed(None)
    assert "manual_seed" not in export_script(d).text
    d.set_seed(123)
    assert "torch.manual_seed(123)\n" in export_script(d).text


def test_names_never_collide():
    d = Document()
    names = ["type", "float", "Exception", "a", "a", "ones_n9"]
    ids = [d.add_node("ones", label=n, watched=True) for n in names]
    ids.append(d.add_node("ones", node_id="n9", watched=True))      # would be ones_n9
    d.add_action("backward", {"target": ids[0]})                     # fails: no grad
    script = export_script(d)
    got = [script.names[i] for i in ids]
    assert got == ["type_2", "float_2", "Exception_2", "a", "a_2", "ones_n9", "ones_n9_2"]
    assert not set(got) & RESERVED_NAMES
    assert "except Exception as error:" in script.text
    compile(script.text, "<exported>", "exec")


def test_error_variable_avoids_labels():
    d = Document()
    e = d.add_node("ones", label="error", watched=True)
    d.add_action("backward", {"target": e})
    text = export_script(d).text
    assert "except Exception as error_2:" in text
    assert 'print(f"{type(error_2).__name__}: {error_2}")' in text


def test_no_grad_regions_become_blocks():
    d = Document()
    x = d.add_node("ones", {"requires_grad": True}, label="x")
    a = d.add_node("exp", label="a")
    b = d.add_node("sin", label="b")
    c = d.add_node("cos", label="c")
    for n in (a, b, c):
        d.connect(x, n, "self")
    d.add_region([a, c])
    text = export_script(d).text
    assert ("with torch.no_grad():\n    a = x.exp()\nb = x.sin()\n"
            "with torch.no_grad():\n    c = x.cos()\n") in text
    d.add_region([b])
    assert ("with torch.no_grad():\n    a = x.exp()\n    b = x.sin()\n    c = x.cos()\n") \
        in export_script(d).text


def test_failing_nodes_are_comments_and_the_script_still_runs():
    d = Document()
    a = d.add_node("ones", {"shape": (2, 3)}, label="a", watched=True)
    bad = d.add_node("matmul", label="bad", watched=True)
    d.connect(a, bad, "self")
    d.connect(a, bad, "other")
    after = d.add_node("sum", label="after", watched=True)
    d.connect(bad, after, "self")
    loose = d.add_node("mul", label="loose")                       # nothing connected
    d.add_region([loose])
    d.add_action("backward", {"target": after})                    # blocked by the error
    d.add_action("backward")                                       # no target chosen
    result = run(d)
    script = export_script(d, result)
    lines = script.text.splitlines()
    assert lines[script.lines[bad] - 1] == (
        "# bad = a @ a  # RuntimeError: mat1 and mat2 shapes cannot be multiplied "
        "(2x3 and 2x3)")
    assert lines[script.lines[after] - 1] == (
        "# after = bad.sum()  # Not computed: its input 'bad' has an error.")
    assert lines[script.lines[loose] - 1] == (
        "    # loose = ? * 1.0  # Connect an input to 'self' to compute this node.")
    assert lines[script.lines[loose]] == "    pass"
    assert lines[script.action_lines[d.timeline[0].id] - 1].startswith(
        "# after.backward()  # not run: Its target 'after' has an error; fix that node "
        "first.")
    assert lines[script.action_lines[d.timeline[1].id] - 1] == (
        "# ?.backward()  # not run: Choose the target of this action.")
    assert "print(bad)" not in script.text and "print(after)" not in script.text
    namespace = {}
    exec(compile(script.text.replace("import torch", "import gradstudio.engine as torch"),
                 "<exported>", "exec"), namespace)
    assert transcript(d, result) == "tensor([[1., 1., 1.],\n        [1., 1., 1.]])\n"


def test_grad_action_names_and_prints_its_results():
    d = Document()
    x = d.add_node("ones", {"shape": (2,), "requires_grad": True}, label="x")
    w = d.add_node("full", {"shape": (2,), "fill_value": 3.0, "requires_grad": True},
                   label="grad_x")
    p = d.add_node("mul", label="p")
    d.connect(x, p, "self")
    d.connect(w, p, "other")
    s = d.add_node("sum", label="s")
    d.connect(p, s, "self")
    d.add_action("grad", {"outputs": [s], "inputs": [x, w], "create_graph": True})
    text = export_script(d).text
    assert ("grad_x_2, grad_grad_x = torch.autograd.grad([s], [x, grad_x], "
            "create_graph=True, allow_unused=True)\nprint(grad_x_2)\nprint(grad_grad_x)\n") \
        in text
    assert transcript(d) == ("tensor([3., 3.], grad_fn=<MulBackward0>)\n"
                             "tensor([1., 1.], grad_fn=<MulBackward0>)\n")


def test_a_full_product_with_keepdim_fails_as_in_pytorch():
    """``x.prod(keepdim=True)`` is a TypeError in PyTorch (a full product keeps no
    dimension); the node refuses it in plain words instead of computing something, and the
    exported line stays a comment."""
    d = Document()
    x = d.add_node("tensor", {"value": [[1.0, 2.0]]}, label="x")
    p = d.add_node("prod", {"keepdim": True}, label="p", watched=True)
    d.connect(x, p, "self")
    result = run(d)
    assert result.errors[p] == ("TypeError: prod's keepdim needs a dim: choose a dim, or turn "
                                "keepdim off (PyTorch keeps no dimensions for the product of "
                                "all elements)")
    script = export_script(d, result)
    line = script.text.splitlines()[script.lines[p] - 1]
    assert line.startswith("# p = x.prod(keepdim=True)  # TypeError: ")
    if script_runner.torch_available():
        [(_, error)] = script_runner.run_scripts([
            "import torch\ntorch.tensor([[1.0, 2.0]]).prod(keepdim=True)\n"], "torch")
        assert "TypeError: prod() received an invalid combination of arguments" in error
    d.set_param(p, "dim", 1)
    assert run(d).errors == {}


# ----------------------------------------------------------------------------- settings
def _another_value(pspec, value):
    """A value other than ``value`` that a person could give the setting, or None."""
    k = pspec.kind
    if k == "bool":
        return not value
    if k == "int":
        return (value or 0) + 1
    if k == "scalar":
        return (value if value is not None else 0) + 1.5
    if k == "dims":
        return 1 if value in (None, 0, (0,), [0]) else 0
    if k == "choice":
        return next(c for c in pspec.choices if c != value)
    if k == "dtype":
        return "float64" if value != "float64" else "float32"
    if k == "hook":
        return "grad.clamp(-1.0, 1.0)"
    return None


# settings the node's own code leaves to the statement around it (a random source's
# manual_seed is a torch.manual_seed(n) line before it: test_trace_dtypes_and_args)
_WRITTEN_AROUND = {(k, "manual_seed") for k in RESEEDING_KINDS} | \
    {(k, "manual_seed") for k in DATASET_KINDS}


@pytest.mark.parametrize("kind", sorted(CATALOGUE))
def test_every_setting_a_person_changes_reaches_the_exported_code(kind):
    """A setting left out of the export makes the script compute something else than the
    graph (logsumexp's keepdim, isclose's rtol and all's keepdim once were)."""
    spec = CATALOGUE[kind]
    base = {**spec.defaults(), **_EVERY_PORT_USED.get(kind, {})}
    for pspec in spec.params:
        other = _another_value(pspec, base[pspec.name])
        if other is None or (kind, pspec.name) in _WRITTEN_AROUND:
            continue
        changed = {**base, pspec.name: other}
        codes = []
        for params in (base, changed):
            ports = {p: f"in_{p}" for p in spec.input_names(params)
                     if spec.port(p).fallback is None}
            code = spec.code(params, ports)
            if spec.then is not None:           # a write into a copy: the write's statement
                code += "\n" + "\n".join(spec.then(params, ports, "name"))
            if spec.prelude is not None:        # what it uses, written before the program
                code += "\n" + "\n".join(spec.prelude(params)[0])
            codes.append(code)
        assert codes[0] != codes[1], f"{kind}'s {pspec.name}={other!r} is not in {codes[1]}"


def test_keepdim_and_isclose_settings_print_under_torch_what_the_graph_shows():
    doc = Document()
    x = doc.add_node("tensor", {"value": [[1.0, 0.0], [3.0, float("nan")]]}, label="x")
    for kind, params in (("all", {"keepdim": True}), ("any", {"dim": 1, "keepdim": True}),
                         ("argmax", {"keepdim": True}), ("argmin", {"dim": 0, "keepdim": True}),
                         ("logsumexp", {"dim": 1, "keepdim": True}),
                         ("isclose", {"rtol": 0.5, "atol": 0.1, "equal_nan": True})):
        n = doc.add_node(kind, params, label=f"{kind}_out", watched=True)
        for port in CATALOGUE[kind].input_names(doc.node(n).params):
            doc.connect(x, n, port)
    result = run(doc)
    assert not result.errors, result.errors
    code, text = export_script(doc, result).text, transcript(doc, result)
    assert "x.logsumexp(1, keepdim=True)" in code and "equal_nan=True" in code
    assert script_runner.run_scripts([code], backend="engine")[0] == (text, None)
    if script_runner.torch_available():
        assert script_runner.run_scripts([code], backend="torch")[0] == (text, None)


@pytest.mark.parametrize("kind", ["max", "min", "median", "prod"])
def test_keepdim_without_a_dim_is_a_node_error_where_pytorch_has_no_such_call(kind):
    doc = Document()
    x = doc.add_node("tensor", {"value": [[1.0, 2.0], [3.0, 4.0]]}, label="x")
    n = doc.add_node(kind, {"keepdim": True})
    doc.connect(x, n, "self")
    assert run(doc).errors[n].startswith(f"TypeError: {kind}'s keepdim needs a dim")


# params under which every port of the kind is used (index's i and j only count when
# its key names them)
_EVERY_PORT_USED = {"index": {"key": "i, 0, j"}, "setitem": {"key": "i, 0, j"},
                    # (a BatchNorm's count of batches: moved in training only)
                    "batch_norm": {"training": True},
                    # (a data node's split_seed counts once it splits)
                    **{k: {"test_fraction": 0.5} for k in (*DATASET_KINDS, "imported_data")}}


@pytest.mark.parametrize("kind", sorted(CATALOGUE))
def test_every_kind_spells_itself_as_python(kind):
    """Each catalogue kind carries its PyTorch spelling next to its evaluation; with its
    default params and named inputs it is one valid Python expression using those names."""
    spec = CATALOGUE[kind]
    params = {**spec.defaults(), **_EVERY_PORT_USED.get(kind, {})}
    inputs = {p: f"in_{p}" for p in spec.input_names(params)}
    code = spec.code(params, inputs)
    if spec.output_of:     # another output of a Function: bound by the Function's own
        # statement (a, b = MyFn.apply(x)); its code is only what its card reads
        assert spec.statements is not None and code == "output 1 of in_function"
        return
    tree = ast.parse(code, mode="eval")
    if spec.then is not None:        # a write into a copy: out = x.clone(); out[...] = v
        code = f"out = {code}\n" + "\n".join(spec.then(params, inputs, "out"))
        tree = ast.parse(code)
        inputs["out"] = "out"
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    used -= {a.arg for n in ast.walk(tree) if isinstance(n, ast.Lambda)   # (a hook's grad)
             for a in n.args.args}
    assert set(inputs.values()) <= used, code
    binds = {"out" + s for s in (spec.binds(params) if spec.binds is not None else ())}
    if spec.prelude is not None:     # (names its prelude binds, and the builtins it calls)
        binds |= set(spec.prelude(params)[1]) | {"next"}
    assert used - set(inputs.values()) <= {"torch", "float", "print"} | binds, code


def test_the_graph_outputs_are_the_computed_nodes_nothing_uses():
    from gradstudio.document.export import graph_outputs, prints_nothing
    doc = Document()
    x = doc.add_node("ones", {"shape": [2], "requires_grad": True}, (0, 0), "x")
    y = doc.add_node("add", {"other": 2.0}, (1, 0), "y")
    doc.connect(x, y, "self")
    z = doc.add_node("exp", {}, (2, 0), "z")
    doc.connect(x, z, "self")
    assert graph_outputs(doc) == [y, z]
    assert prints_nothing(doc)
    doc.set_watched(z, True)
    assert not prints_nothing(doc)
