"""Runs many Python scripts in one child process, under real PyTorch or under the engine
installed as ``torch``, and returns what each printed (stdout) or the error that ended it.

Starting torch costs seconds, so every script of a test module shares one process; each
runs in a fresh namespace with grad mode switched back on. Run as a script
(``python script_runner.py torch|engine``) this file is that child: scripts as a JSON
list on stdin, results as a JSON list on stdout.
"""
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def torch_available():
    return importlib.util.find_spec("torch") is not None


def run_scripts(scripts, backend="torch", timeout=120):
    """``[(stdout, error_or_None), ...]`` for ``scripts`` (a list of source texts)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, __file__, backend], input=json.dumps(list(scripts)),
                          capture_output=True, text=True, env=env, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"the {backend} runner failed:\n{proc.stderr}")
    return [(r["stdout"], r["error"]) for r in json.loads(proc.stdout)]


def _main(backend):
    import contextlib
    import io
    import traceback
    import warnings
    if backend == "engine":
        import gradstudio.engine as engine
        sys.modules.update(engine.torch_modules())
    import torch
    scripts = json.loads(sys.stdin.read())
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
        results.append({"stdout": out.getvalue(), "error": error})
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    _main(sys.argv[1])
