"""The ``gradstudio`` command: run, export and trace work headless; bad input is one
line on stderr and a non-zero exit status, never a traceback."""
import json
import subprocess
import sys
import types
from pathlib import Path

import pytest

from gradstudio.app import cli
from gradstudio.document.examples import EXAMPLES_DIR
from gradstudio.document.export import export_script
from gradstudio.document.files import load

RETAIN = EXAMPLES_DIR / "05_retain_graph.gsg"
ROOT = Path(__file__).resolve().parents[2]


def call(capsys, *argv):
    code = cli.main(list(map(str, argv)))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err):
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("gradstudio: "), err
    assert "Traceback" not in err
    return lines[0]


def test_run_prints_every_node_at_the_end_of_the_timeline(capsys):
    code, out, err = call(capsys, "run", RETAIN)
    assert code == 0 and err == ""
    assert out.startswith("x = tensor([[1., 1.],\n"
                          "            [1., 1.]], requires_grad=True)\n"
                          "x.grad = tensor([[9., 9.],\n"
                          "                 [9., 9.]])\n"
                          "y = tensor([[3., 3.],\n")
    assert "out = tensor(27., grad_fn=<MeanBackward0>)\n" in out
    assert out.splitlines()[-1].startswith(
        "out.backward()  # RuntimeError: Trying to backward through the graph a second time")


def test_run_json(capsys):
    code, out, err = call(capsys, "run", RETAIN, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    x = data["nodes"][0]
    assert (x["name"], x["kind"], x["shape"], x["dtype"]) == ("x", "ones", [2, 2], "float32")
    assert x["grad"] == [[9.0, 9.0], [9.0, 9.0]] and x["requires_grad"] and x["is_leaf"]
    assert x["text"] == "tensor([[1., 1.],\n        [1., 1.]], requires_grad=True)"
    assert [n["name"] for n in data["nodes"]] == ["x", "y", "y_times_y", "z", "out"]
    assert [a["code"] for a in data["actions"]] == ["out.backward(retain_graph=True)",
                                                    "out.backward()", "out.backward()"]
    assert [a["error"] is None for a in data["actions"]] == [True, True, False]
    assert data["seed"] == 0


def test_run_json_spells_nan_and_infinity(tmp_path, capsys):
    from gradstudio.document import Document
    from gradstudio.document.files import save
    d = Document()
    t = d.add_node("tensor", {"value": [1.0, 0.0, -1.0]}, label="t")
    r = d.add_node("log", label="r")
    d.connect(t, r, "self")
    save(d, tmp_path / "odd.gsg")
    code, out, _ = call(capsys, "run", tmp_path / "odd.gsg", "--json")
    assert code == 0
    assert json.loads(out)["nodes"][1]["value"] == [0.0, "-inf", "nan"]


def test_export_that_fails_to_write_leaves_the_old_script_whole(tmp_path, capsys,
                                                                monkeypatch):
    target = tmp_path / "retain.py"
    target.write_text("# my earlier script\n", encoding="utf-8")

    def refuse(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr("os.replace", refuse)
    code, out, err = call(capsys, "export", RETAIN, "-o", target)
    assert code == 1 and "could not write the file (No space left on device)" in \
        one_line_error(err)
    assert target.read_text(encoding="utf-8") == "# my earlier script\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["retain.py"]


def test_export_to_a_file_and_to_stdout(tmp_path, capsys):
    target = tmp_path / "retain.py"
    code, out, err = call(capsys, "export", RETAIN, "-o", target)
    assert code == 0 and out == "" and err == ""
    assert target.read_text(encoding="utf-8") == export_script(load(RETAIN)).text
    code, out, err = call(capsys, "export", RETAIN)
    assert code == 0 and out == target.read_text(encoding="utf-8")


def test_trace_saves_the_graph(tmp_path, capsys):
    script = tmp_path / "lesson.py"
    script.write_text("import torch\nx = torch.ones(2, requires_grad=True)\n"
                      "y = (x * 3).sum()\ny.backward()\nprint(x.grad)\n", encoding="utf-8")
    code, out, err = call(capsys, "trace", script)
    assert code == 0 and err == ""
    saved = tmp_path / "lesson.gsg"
    assert out == f"{saved}: traced 3 nodes and 1 timeline action from lesson.py\n"
    doc = load(saved)
    assert [n.kind for n in doc.nodes()] == ["ones", "mul", "sum"]
    assert doc.nodes()[0].label == "x" and doc.nodes()[0].watched
    code, out, _ = call(capsys, "trace", script, "-o", tmp_path / "other.gsg")
    assert code == 0 and load(tmp_path / "other.gsg").node_ids == doc.node_ids


@pytest.mark.parametrize("argv, code, needle", [
    (["run", "missing.gsg"], 1, "missing.gsg: could not open the file"),
    (["export", "missing.gsg"], 1, "missing.gsg: could not open the file"),
    (["run", "{broken}"], 1, "this is not valid JSON"),
    (["trace", "missing.py"], 1, "missing.py: could not read the script"),
    (["trace", "{bad_script}"], 1, "bad.py: line 2: ZeroDivisionError: division by zero"),
    (["trace", "{bad_script}", "--timeout", "-1"], 2, "--timeout must be a positive"),
    (["export", "{broken}", "-o", "{folder}"], 1, "this is not valid JSON"),
    (["export", str(RETAIN), "-o", "{folder}"], 1, "could not write the file"),
    (["frobnicate", "x.gsg"], 2, "invalid choice: 'frobnicate'"),
    (["run"], 2, "the following arguments are required: FILE.gsg"),
    (["run", str(RETAIN), "--jsn"], 2, "unrecognized arguments: --jsn"),
])
def test_bad_input_is_one_line_and_a_non_zero_status(tmp_path, monkeypatch, capsys, argv,
                                                     code, needle):
    monkeypatch.chdir(tmp_path)
    broken = tmp_path / "broken.gsg"
    broken.write_text("{not json", encoding="utf-8")
    bad = tmp_path / "bad.py"
    bad.write_text("x = 1\ny = x / 0\n", encoding="utf-8")
    argv = [a.format(broken=broken, bad_script=bad, folder=tmp_path) for a in argv]
    got, out, err = call(capsys, *argv)
    assert got == code and out == ""
    assert needle in one_line_error(err)


def test_without_a_command_the_window_opens(monkeypatch, capsys):
    calls = []
    fake = types.ModuleType("gradstudio.ui.main_window")
    fake.main = lambda args: calls.append(args) or 0
    monkeypatch.setitem(sys.modules, "gradstudio.ui.main_window", fake)
    assert cli.main([]) == 0 and cli.main(["lesson.gsg"]) == 0
    assert calls == [[], ["lesson.gsg"]]


def test_without_the_window_it_says_so(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "gradstudio.ui.main_window", None)     # import fails
    code, out, err = call(capsys)
    assert code == 1
    assert "the desktop window cannot start" in one_line_error(err)


def test_the_installed_command_never_shows_a_traceback(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "gradstudio", "run", "nope.gsg"],
                          capture_output=True, text=True, cwd=tmp_path,
                          env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert proc.returncode == 1 and proc.stdout == ""
    assert one_line_error(proc.stderr) == \
        "gradstudio: nope.gsg: could not open the file (No such file or directory)."
