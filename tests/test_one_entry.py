"""A new op is one entry in the engine's table: defined at test time with ``defop`` alone,
it works as a Tensor method, a ``torch.`` function, an in-place method, a palette kind
that runs, an exported line of PyTorch and a traced node (CONTRIBUTING.md shows the same
steps for ``atan2``)."""
import json
import subprocess
import sys
import textwrap

_PROGRAM = textwrap.dedent('''
    import json, sys
    import numpy as np
    import gradstudio.engine as torch
    from gradstudio.engine.optable import Grad, defop

    # the one entry: 2 * self + other, with its two VJPs
    defop("twice_plus", "TwicePlusBackward0", lambda a, b: 2 * a + b,
          Grad(lambda F, g, out, a, b: g * 2), Grad(lambda F, g, out, a, b: g),
          args=("self", "other"), code="torch.twice_plus({self}, {other})",
          doc="2 * self + other.", variants=("method", "function", "inplace"))

    report = {}
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor([[10.0, 20.0], [30.0, 40.0]])
    y = a.twice_plus(b)
    y.sum().backward()
    report["method"] = [str(y), str(a.grad)]
    report["function"] = str(torch.twice_plus(a, b))
    c = torch.zeros(2)
    c.twice_plus_(torch.tensor([1.0, 1.0]))
    report["inplace"] = str(c)
    try:
        torch.twice_plus(a, 3.0)
    except TypeError as e:
        report["refused"] = str(e)

    from gradstudio.document import Document, run
    from gradstudio.document.catalogue import CATALOGUE, categories
    from gradstudio.document.export import export_script, transcript
    kind = CATALOGUE["twice_plus"]
    report["kind"] = [kind.category, [p.name for p in kind.inputs], kind.grad_fn,
                      kind in categories()[kind.category]]
    d = Document()
    x = d.add_node("tensor", {"value": [1.0, 2.0], "requires_grad": True}, label="x")
    w = d.add_node("tensor", {"value": [3.0, 4.0]}, label="w")
    n = d.add_node("twice_plus", None, label="z", watched=True)
    d.connect(x, n, "self")
    d.connect(w, n, "other")
    result = run(d)
    report["run"] = [result.errors, result.state(n, 0).text]
    script = export_script(d, result).text
    report["export"] = [line for line in script.splitlines() if "twice_plus" in line]

    import io, contextlib
    out = io.StringIO()
    sys.modules["torch"] = torch
    with contextlib.redirect_stdout(out):
        exec(compile(script, "<exported>", "exec"), {"__name__": "__main__"})
    report["exported_prints"] = [out.getvalue(), transcript(d, result)]

    from gradstudio.trace.child import trace_source
    traced = trace_source(script, "<exported>")
    report["trace"] = traced.get("error") or [
        (node["kind"], sorted(node["inputs"])) for node in traced["nodes"]]
    print(json.dumps(report))
''')


def test_a_throwaway_op_works_everywhere_from_its_one_entry():
    out = subprocess.run([sys.executable, "-c", _PROGRAM], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    r = json.loads(out.stdout.strip().splitlines()[-1])
    assert r["method"] == ["tensor([[12., 24.],\n        [32., 44.]], "
                           "grad_fn=<TwicePlusBackward0>)", "tensor([4., 4.])"]
    assert r["function"].startswith("tensor([[12., 24.],")
    assert r["inplace"] == "tensor([1., 1.])"
    assert r["refused"] == ("twice_plus(): argument 'other' (position 2) must be Tensor, "
                            "not float")
    assert r["kind"] == ["elementwise", ["self", "other"], "TwicePlusBackward0", True]
    assert r["run"] == [{}, "tensor([5., 8.], grad_fn=<TwicePlusBackward0>)"]
    assert r["export"] == ["z = torch.twice_plus(x, w)"]
    assert r["exported_prints"][0] == r["exported_prints"][1] != ""
    assert ["twice_plus", ["other", "self"]] in r["trace"]
