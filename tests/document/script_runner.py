"""Runs many Python scripts in one child process, under real PyTorch or under the engine
installed as ``torch``, and returns what each printed (stdout) or the error that ended it.

Starting torch costs seconds, so every script of a call shares one process: a fresh fork
of the session's one runner child of its backend (``tests/child_pool.py``), which
imported torch (or the engine) once. Each script runs in a fresh namespace with grad mode
switched back on. Run as a script (``python script_runner.py torch|engine``) this file
is that child: scripts as a JSON list on stdin, results as a JSON list on stdout (with
``--serve``: one list a line).
"""
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def torch_available():
    """Whether real PyTorch is installed: looked up on the path, not in ``sys.modules``,
    where a test may have left the engine under the name ``torch``."""
    return importlib.machinery.PathFinder.find_spec("torch") is not None


def run_scripts(scripts, backend="torch", timeout=None):
    """``[(stdout, error_or_None), ...]`` for ``scripts`` (a list of source texts).
    ``timeout`` is accepted for older callers: the shared child has none of its own (the
    test's own timeout stops a hung one)."""
    import child_pool
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    child = child_pool.request(__file__, backend, env, list(scripts))
    return [(r["stdout"], r["error"]) for r in child_pool.reply(child)]


def _run(torch, scripts):
    import contextlib
    import io
    import traceback
    import warnings
    results = []
    for source in scripts:
        out = io.StringIO()
        error = None
        try:
            with contextlib.redirect_stdout(out), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                exec(compile(source, "<exported>", "exec"), {"__name__": "__main__"})
        except BaseException:  # reported to the test, which shows it
            error = traceback.format_exc()
        torch.set_grad_enabled(True)
        torch.set_printoptions(profile="default")     # (a script's own, not the next one's)
        results.append({"stdout": out.getvalue(), "error": error})
    return results


def _main(backend, serving):
    if backend == "engine":
        import gradstudio.engine as engine
        sys.modules.update(engine.torch_modules())
    import torch
    if serving:
        sys.path.insert(0, str(ROOT / "tests"))
        import child_pool
        child_pool.serve(lambda scripts: _run(torch, scripts))
        return
    json.dump(_run(torch, json.loads(sys.stdin.read())), sys.stdout)


if __name__ == "__main__":
    _main(sys.argv[1], "--serve" in sys.argv[2:])
