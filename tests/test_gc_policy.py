"""One module owns the garbage-collector policy (``gradstudio.gc_policy``): its pieces do
what they say, a document run computes with the collector paused, and no other module of
the package turns the collector itself."""
import ast
import gc
import pathlib

import pytest

from gradstudio import gc_policy
import gradstudio

from source_trees import parsed

ROOT = pathlib.Path(gradstudio.__file__).resolve().parent      # (installed or not)
TURNS = {"disable", "enable", "collect", "freeze", "unfreeze"}
# the tracer's child still turns it itself (trace/ is another helper's area); to switch:
# child.py (trace_source): ``gc.freeze()`` ... ``finally: gc.unfreeze()`` around the
# listened exec becomes ``with gc_policy.frozen():``; recorder.py (Recorder._commit): the
# ``gc.freeze()`` every FREEZE_EVERY nodes becomes ``gc_policy.freeze_survivors()``; then
# both drop ``import gc`` and come off this list
NOT_YET = set()


@pytest.fixture
def collector_restored():
    was = gc.isenabled()
    yield
    gc.unfreeze()
    (gc.enable if was else gc.disable)()


def _turns(path):
    """The ``gc.<turn>(...)`` calls a file makes (by the module's name ``gc``)."""
    tree = parsed(path)
    return sorted(f"{node.func.attr}:{node.lineno}" for node in ast.walk(tree)
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr in TURNS and isinstance(node.func.value, ast.Name)
                  and node.func.value.id == "gc")


def _turned_elsewhere(root):
    return {str(p.relative_to(root)): _turns(p) for p in sorted(root.rglob("*.py"))
            if p.name != "gc_policy.py" and str(p.relative_to(root)) not in NOT_YET
            and _turns(p)}


def test_no_other_module_turns_the_collector():
    assert _turned_elsewhere(ROOT) == {}


def test_the_checker_sees_a_planted_turn(tmp_path):
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "x.py").write_text("import gc\n\ndef f():\n    gc.disable()\n")
    assert _turned_elsewhere(tmp_path) == {"ui/x.py": ["disable:4"]}


def test_paused_pauses_and_leaves_a_pause_of_someone_else_alone(collector_restored):
    gc.enable()
    with gc_policy.paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    with gc_policy.paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_stop_and_restart_give_back_what_was(collector_restored):
    gc.enable()
    ran = gc_policy.stop()
    assert ran and not gc.isenabled()
    gc_policy.restart(ran)
    assert gc.isenabled()
    gc.disable()
    ran = gc_policy.stop()
    gc_policy.restart(ran)
    assert not ran and not gc.isenabled()


def test_frozen_freezes_for_the_block_and_settle_freezes_what_survives(collector_restored):
    gc.unfreeze()
    with gc_policy.frozen():
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
    gc_policy.settle()
    assert gc.get_freeze_count() > 0
    gc.unfreeze()
    gc_policy.freeze_survivors()
    assert gc.get_freeze_count() > 0


def test_a_document_run_computes_with_the_collector_paused(collector_restored, monkeypatch):
    import importlib
    from gradstudio.document import examples
    run_module = importlib.import_module("gradstudio.document.run")
    seen = []
    real = run_module._run

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(run_module, "_run", spy)
    gc.enable()
    run_module.run(examples.autograd_tutorial())
    assert seen == [False] and gc.isenabled()


def test_the_tracing_child_names_and_finishes_with_the_collector_paused_and_runs_the_script_with_it(
        collector_restored, monkeypatch):
    """The script's own run keeps the collector (its cycles are collected as under
    Python); reading the names off the syntax tree and finishing the graph (the tracer's
    own objects, no cycle among them) pause it, and it runs again after."""
    from gradstudio.trace import child, recorder
    seen = {}
    real_namer, real_finish = child.LineNamer, recorder.Recorder.finish

    def namer(*args):
        seen["naming"] = gc.isenabled()
        return real_namer(*args)

    def finish(self):
        seen["finish"] = gc.isenabled()
        return real_finish(self)

    monkeypatch.setattr(child, "LineNamer", namer)
    monkeypatch.setattr(recorder.Recorder, "finish", finish)
    gc.enable()
    result = child.trace_source("import gc, torch\nran = gc.isenabled()\n"
                                "x = torch.ones(2, requires_grad=True)\n"
                                "(x * 2).sum().backward()\nprint(ran)\n")
    assert result["ok"] and result["output"] == "True\n"
    assert seen == {"naming": False, "finish": False} and gc.isenabled()
