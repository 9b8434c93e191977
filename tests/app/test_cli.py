"""The ``gradstudio`` command: run, export and trace work headless; bad input is one
line on stderr and a non-zero exit status, never a traceback."""
import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from gradstudio.app import cli, display
from gradstudio.document.examples import EXAMPLES_DIR
from gradstudio.document.export import export_script
from gradstudio.document.files import load

from cli_calls import call, one_line_error

RETAIN = EXAMPLES_DIR / "05_retain_graph.gsg"
ROOT = Path(__file__).resolve().parents[2]



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
    # (the backward, and print(x.grad): a say step)
    assert out == f"{saved}: traced 3 nodes and 2 timeline actions from lesson.py\n"
    doc = load(saved)
    assert [n.kind for n in doc.nodes()] == ["ones", "mul", "sum"]
    assert doc.nodes()[0].label == "x" and doc.nodes()[0].watched
    code, out, _ = call(capsys, "trace", script, "-o", tmp_path / "other.gsg")
    assert code == 0 and load(tmp_path / "other.gsg").node_ids == doc.node_ids


@pytest.mark.parametrize("argv, code, needle", [
    (["run", "missing.gsg"], 1, "missing.gsg: could not open the file"),
    (["export", "missing.gsg"], 1, "missing.gsg: could not open the file"),
    (["run", "{broken}"], 1, "this is not valid JSON"),
    (["explain", "missing.gsg"], 1, "missing.gsg: could not open the file"),
    (["explain", "{broken}"], 1, "this is not valid JSON"),
    (["explain", str(RETAIN), "--action", "0"], 2, "--action must be between 1 and 3"),
    (["explain", str(RETAIN), "--action", "x"], 2, "invalid int value"),
    (["trace", "missing.py"], 1, "missing.py: could not read the script"),
    (["trace", "{bad_script}"], 1, "bad.py: line 2: ZeroDivisionError: division by zero"),
    (["trace", "{bad_script}", "--timeout", "-1"], 2, "--timeout must be a positive"),
    (["trace", "{bad_script}", "--timeout", "inf"], 2, "at most 3600 (got inf)"),
    (["trace", "{bad_script}", "--timeout", "1e9"], 2, "at most 3600 (got 1e+09)"),
    (["trace", "{bad_script}", "--timeout", "nan"], 2, "--timeout must be a positive"),
    (["trace", "missing.py", "--timeout", "inf"], 2, "--timeout must be a positive"),
    (["frobnicate"], 2, "'frobnicate' is neither a command (run, export, explain, trace, examples) nor a file"),
    (["{folder}"], 2, "is neither a command (run, export, explain, trace, examples) nor a file"),
    (["lesson.gsg", "--jsn"], 2, "unrecognized arguments: --jsn"),
    (["--lang", "fr", "lesson.gsg"], 2, "--lang: choose one of en, de, es (not 'fr')"),
    (["--lang=de", "frobnicate"], 2, "'frobnicate' is neither a command"),
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
    assert cli.main(["missing.ipynb"]) == 0          # the window says what is wrong
    assert calls == [[], ["lesson.gsg"], ["missing.ipynb"]]


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


def test_several_files_all_go_to_the_window(monkeypatch, tmp_path):
    calls = []
    fake = types.ModuleType("gradstudio.ui.main_window")
    fake.main = lambda args: calls.append(args) or 0
    monkeypatch.setitem(sys.modules, "gradstudio.ui.main_window", fake)
    script = tmp_path / "notes.txt"                  # any existing file is the window's
    script.write_text("x", encoding="utf-8")
    assert cli.main(["a.gsg", str(script), "b.gsg"]) == 0
    assert calls == [["a.gsg", str(script), "b.gsg"]]


def test_version_is_the_one_in_pyproject(capsys):
    import tomllib
    expected = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["version"]
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--version"])
    assert exit_.value.code == 0 and capsys.readouterr().out == f"gradstudio {expected}\n"


def without_a_display():
    """This environment with no X11 or Wayland display and no Qt platform chosen."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["PYTHONPATH"] = str(ROOT)
    return env


def gradstudio_command(env, *argv, cwd):
    return subprocess.run([sys.executable, "-m", "gradstudio", *argv], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=120)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland is Linux's")
def test_without_a_display_the_window_says_so_in_one_line(tmp_path):
    proc = gradstudio_command(without_a_display(), cwd=tmp_path)
    assert proc.returncode == 1 and proc.stdout == ""
    assert one_line_error(proc.stderr) == (
        "gradstudio: no display found; set QT_QPA_PLATFORM=offscreen to run the window "
        "without one, or use the commands run, export and trace, which need none")
    # a wrong word is a wrong command line before it is a missing display
    proc = gradstudio_command(without_a_display(), "frobnicate", cwd=tmp_path)
    assert proc.returncode == 2
    assert "'frobnicate' is neither a command" in one_line_error(proc.stderr)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland is Linux's")
def test_a_display_that_cannot_be_opened_is_one_line_too(tmp_path):
    env = without_a_display()
    env["DISPLAY"] = ":93"          # no X server listens there
    proc = gradstudio_command(env, cwd=tmp_path)
    assert proc.returncode == 1 and proc.stdout == ""
    line = one_line_error(proc.stderr)
    assert line.startswith("gradstudio: the display :93 could not be opened")
    assert line.endswith("set QT_QPA_PLATFORM=offscreen to run the window without one")


@pytest.mark.parametrize("env, problem", [
    ({}, display.NO_DISPLAY),
    ({"QT_QPA_PLATFORM": "xcb"}, display.NO_DISPLAY),
    ({"QT_QPA_PLATFORM": "wayland;xcb", "WAYLAND_DISPLAY": ""}, display.NO_DISPLAY),
    ({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "wayland-0"}, display.NO_DISPLAY),
    ({"DISPLAY": ":0"}, None),
    ({"WAYLAND_DISPLAY": "wayland-0"}, None),
    ({"QT_QPA_PLATFORM": "offscreen"}, None),
    ({"QT_QPA_PLATFORM": "vnc:size=800x600"}, None),
])
def test_which_environments_have_no_display(env, problem):
    assert display.display_problem(env, "linux", probe=False) == problem
    assert display.display_problem(env, "win32", probe=False) is None
    assert display.display_problem(env, "darwin", probe=False) is None


def test_run_sums_up_a_training_loop(capsys):
    example = EXAMPLES_DIR / "11_logistic_regression_sgd.gsg"
    code, out, err = call(capsys, "run", example)
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == ("for epoch in range(100):  # 100 of 100 iterations: "
                                    "loss 0.6931 -> 0.0724")
    code, out, err = call(capsys, "run", example, "--json")
    data = json.loads(out)
    assert data["actions"][0]["code"] == "optimizer = torch.optim.SGD([w, b], lr=0.5)"
    assert data["actions"][4]["code"] == "optimizer.step()"
    (loop,) = data["loops"]
    assert (loop["count"], loop["iterations"], loop["failed"]) == (100, 100, None)
    assert len(loop["losses"]["loss"]) == 100
    assert loop["losses"]["loss"][0] == pytest.approx(0.6931, abs=1e-4)
