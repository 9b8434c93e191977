"""Runs many Python scripts in one child process, under real PyTorch or under the engine
installed as ``torch``, and returns what each printed (stdout) or the error that ended it.

Starting torch costs seconds, so the whole test session shares one torch child
(``tests/child_pool.py``); the engine's child is fresh for each call. Each script runs in
a fresh namespace, after what a script may change is put back as a new process has it:
grad mode on, the default dtype float32, default print options and the thread count (a
new process seeds its random generator at random, so a script that draws seeds it). Run
as a script (``python script_runner.py torch|engine``) this file is that child: scripts
as a JSON list on stdin, results as a JSON list on stdout (with ``--serve``: one list a
line).
"""
import importlib.util
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def torch_available():
    return importlib.util.find_spec("torch") is not None


def run_scripts(scripts, backend="torch"):
    """``[(stdout, error_or_None), ...]`` for ``scripts`` (a list of source texts)."""
    import child_pool
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    child = child_pool.request(__file__, backend, env, list(scripts),
                               fresh=backend == "engine")
    return [(r["stdout"], r["error"]) for r in child_pool.reply(child)]


def _fresh_state(torch, threads):
    """Puts back what a script may have changed, as a new process has it."""
    torch.set_grad_enabled(True)
    torch.set_default_dtype(torch.float32)
    torch.set_printoptions(profile="default")
    if torch.get_num_threads() != threads:
        torch.set_num_threads(threads)


def _run(torch, threads, scripts):
    import contextlib
    import io
    import traceback
    import warnings
    results = []
    for source in scripts:
        _fresh_state(torch, threads)
        out = io.StringIO()
        error = None
        try:
            with contextlib.redirect_stdout(out), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                exec(compile(source, "<exported>", "exec"), {"__name__": "__main__"})
        except BaseException:  # reported to the test, which shows it
            error = traceback.format_exc()
        results.append({"stdout": out.getvalue(), "error": error})
    return results


def _main(backend, serving):
    if backend == "engine":
        import gradstudio.engine as engine
        sys.modules.update(engine.torch_modules())
    import torch
    threads = torch.get_num_threads()
    if serving:
        sys.path.insert(0, str(ROOT / "tests"))
        import child_pool
        child_pool.serve(lambda scripts: _run(torch, threads, scripts))
        return
    json.dump(_run(torch, threads, json.loads(sys.stdin.read())), sys.stdout)


if __name__ == "__main__":
    _main(sys.argv[1], "--serve" in sys.argv[2:])
