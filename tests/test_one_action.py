"""A new timeline action is one entry, as an op is (``tests/test_one_entry.py``): declared at
test time with ``defaction`` alone, in a fresh process, it runs, exports as a line of
PyTorch that prints what the run shows, is recognised by the tracer, shows in the
timeline (the Add menu, its row, its editor box and explanation, the context menu) and
is explained in the step-through (CONTRIBUTING.md shows the same entry)."""
import json
import pathlib
import re
import subprocess
import sys
import textwrap

_PROGRAM = textwrap.dedent('''
    import contextlib, io, json, os, sys
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    # the one entry, as CONTRIBUTING.md prints it: x.grad.mul_(factor)
    ENTRY

    import gradstudio.engine as torch
    from gradstudio.document import Document, run
    from gradstudio.document.export import export_script, transcript
    from gradstudio.document.walk import explain_text
    report = {}
    d = Document()
    x = d.add_node("tensor", {"value": [1.0, 2.0], "requires_grad": True}, label="x",
                   watched=True)
    s = d.add_node("sum", None, label="s")
    d.connect(x, s, "self")
    d.add_action("backward", {"target": s})
    scale = d.add_action("scale_grad", {"tensor": x})
    result = run(d)
    report["run"] = [result.action_error(scale), result.state(x, 2).grad_text]
    script = export_script(d, result).text
    report["export"] = [line for line in script.splitlines() if "mul_" in line]
    out = io.StringIO()
    sys.modules["torch"] = torch
    with contextlib.redirect_stdout(out):
        exec(compile(script, "<exported>", "exec"), {"__name__": "__main__"})
    report["exported_prints"] = [out.getvalue(), transcript(d, result)]

    from gradstudio.trace.child import trace_source
    traced = trace_source(script, "<exported>")
    labels = {n["id"]: n.get("label") for n in traced.get("nodes", ())}
    report["trace"] = traced.get("error") or [
        [a["kind"], {k: labels.get(v, v) for k, v in a["params"].items()}]
        for a in traced["actions"] if a["kind"] != "say"]
    report["said"] = [a["said"] for a in traced.get("actions", ()) if a["kind"] == "say"]
    report["explain"] = explain_text(d, result, 1)

    from PySide6.QtWidgets import QApplication
    from gradstudio.ui.session import Session
    from gradstudio.ui.timeline import TimelinePanel
    from gradstudio.ui.timeline_menu import context_menu
    app = QApplication([])
    session = Session(d)
    panel = TimelinePanel(session)
    panel.list.setCurrentRow(1)
    report["ui"] = [panel.add_actions["scale_grad"].text(), panel.list.item(1).text(),
                    panel.details.params_box.title(), list(panel.details.param_editors),
                    panel.details.about.text()]
    panel.details.param_editors["factor"].setValue(0.25)   # the editor its setting's type makes
    report["edited"] = [d.action(scale).params["factor"], session.result.state(x).grad_text]
    from PySide6.QtGui import QAction
    menu = context_menu(panel, 1)                  # Insert after ▸ grad.mul_(factor)
    menu.findChild(QAction, "insert_scale_grad").trigger()
    report["inserted"] = [[a.kind, a.params] for a in d.timeline]
    print(json.dumps(report))
''')


def _entry():
    """The worked example of CONTRIBUTING.md: its one ``defaction`` entry."""
    text = (pathlib.Path(__file__).parents[1] / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text[text.index("### Adding an action kind"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_a_throwaway_action_works_everywhere_from_its_one_entry():
    program = _PROGRAM.replace("ENTRY\n", _entry())
    assert 'defaction("scale_grad"' in program
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                         timeout=180)
    assert out.returncode == 0, out.stderr
    r = json.loads(out.stdout.strip().splitlines()[-1])
    assert r["run"] == [None, "tensor([0.5000, 0.5000])"]
    assert r["export"] == ["x.grad.mul_(0.5)"]
    assert r["exported_prints"][0] == r["exported_prints"][1] != ""
    assert r["exported_prints"][0].endswith("tensor([1., 1.])\ntensor([0.5000, 0.5000])\n")
    assert r["trace"] == [["backward", {"target": "s", "gradient": None,
                                        "retain_graph": False, "create_graph": False}],
                          ["scale_grad", {"tensor": "x", "factor": 0.5}]]
    # (what the exported script printed, its prints traced back as say steps)
    assert "".join(r["said"]) == r["exported_prints"][0]
    assert r["explain"] == ("Action 2: x.grad.mul_(0.5)\n  x.grad.mul_() scales the gradient "
                            "in place. Only a backward() or an autograd.grad() action can be "
                            "stepped through.")
    assert r["ui"] == ["grad.mul_(factor)", "2.  x.grad.mul_(0.5)", "grad.mul_(factor)",
                       ["tensor", "factor"], "x.grad.mul_() scales the gradient in place."]
    assert r["edited"] == [0.25, "tensor([0.2500, 0.2500])"]
    # inserted after the selected step, aimed by the entry (at the last node: s)
    assert r["inserted"][1:] == [["scale_grad", {"tensor": "n1", "factor": 0.25}],
                                 ["scale_grad", {"tensor": "n2", "factor": 0.5}]]


def test_a_name_or_a_trace_point_is_taken_once():
    out = subprocess.run([sys.executable, "-c", textwrap.dedent('''
        from gradstudio.timeline import defaction
        for name, traced in (("zero_grad", {}), ("again", {"x.grad = None": dict})):
            try:
                defaction(name, (), "t", lambda a, spell: ([""], []), traced=traced)
            except ValueError as e:
                print(e)
    ''')], capture_output=True, text=True, timeout=60)
    assert out.stdout.splitlines() == ["The action kind 'zero_grad' is already defined.",
                                       "The trace point 'x.grad = None' is already "
                                       "set_grad_none's."]
