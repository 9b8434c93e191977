"""Torch-parity harness: the same program text runs under real PyTorch and under
``gradstudio.engine`` installed as ``torch`` (``sys.modules["torch"]``), each in a fresh
subprocess, and the two transcripts are compared.

A transcript is everything the program prints (stdout and stderr), every warning (as
``UserWarning@<line>: message`` where the line is the program's own line that triggered
it, or ``@lib`` when it points into the library), and every uncaught exception (``RuntimeError: message``), with object addresses
(``0x...``) blanked. Transcripts must match exactly (on an Intel processor, number by
number within MKL's last digits there: ``tests/cpu_paths.py``). Values a program passes to
``check(...)`` are compared separately with torch's float32/float64 tolerances, so a
program can test numbers whose last bits may legitimately differ.

Many programs share one process per backend (starting torch costs seconds): a fresh fork,
for each test module, of the session's one runner child of that backend
(``tests/child_pool.py``), which imported torch or the engine once. Before each program
the RNG is seeded, grad mode is switched on and print options and the default dtype are
reset, and each runs in a new namespace. ``cells=True`` runs a notebook: cells are split
on ``# %%`` lines, an exception ends only its cell, and a cell's trailing expression is
displayed as IPython displays it.

Run as a script (``python parity.py torch|engine``) this file is the runner: it reads the
programs as JSON on stdin and writes the results as JSON on stdout (with ``--serve``: one
request a line, until stdin closes).
"""
import json
import os
import re
import sys
from pathlib import Path
from textwrap import dedent

from gradstudio.trace.display import display_text

ROOT = Path(__file__).resolve().parents[2]
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
FILENAME = "<program>"
# torch.testing.assert_close's defaults
TOLERANCES = {"float16": (1e-3, 1e-5), "float32": (1.3e-6, 1e-5), "float64": (1e-7, 1e-7)}


class Program:
    """One program: a name (the test id), its source, and how to run it."""

    def __init__(self, name, code, cells=False, seed=0):
        self.name, self.code, self.cells, self.seed = name, code, cells, seed

    def as_json(self):
        return {"name": self.name, "code": self.code, "cells": self.cells, "seed": self.seed}


def programs(table, **kw):
    """``[(name, code), ...]`` -> Programs (names must be unique)."""
    out = [Program(name, code, **kw) for name, code in table]
    names = [p.name for p in out]
    dup = {n for n in names if names.count(n) > 1}
    assert not dup, f"duplicate program names: {sorted(dup)}"
    return out


def table():
    """A new table and its ``prog(name, code)``, which appends ``(name, dedent(code))``."""
    entries = []

    def prog(name, code):
        entries.append((name, dedent(code)))
    return entries, prog


def torch_available():
    """(Looked up on the path, not in ``sys.modules``: see script_runner's.)"""
    import importlib.machinery
    return importlib.machinery.PathFinder.find_spec("torch") is not None


def results_or_skip(progs):
    """``run_both(progs)``, or skips the calling test when PyTorch is not installed."""
    import pytest
    if not torch_available():
        pytest.skip("PyTorch (the parity oracle) is not installed")
    return run_both(progs)


def parity_tests(progs, exclude=()):
    """The module-scoped ``results`` fixture (``results_or_skip(progs)``) and a test,
    parametrised by program name, asserting each program (but ``exclude``) prints the
    same; a test module binds both, the test under the name it reports::

        results, test_prints_the_same = parity.parity_tests(PROGRAMS)
    """
    import pytest

    @pytest.fixture(scope="module")
    def results():
        return results_or_skip(progs)

    @pytest.mark.parametrize("name", [p.name for p in progs if p.name not in exclude])
    def test(results, name):
        assert_same(results, name)
    return results, test


def _env():
    return dict(os.environ,
                PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
                PYTHONHASHSEED="0", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")


# What each backend printed for each request (the request's JSON): every program table
# runs once per backend in a session, though two tests read it (each table's parity test,
# and test_derivative_formulas's check of every grad_fn alive after each program).
_DONE = {}
START = "__start__"                 # (the engine's check before the request's first program)
MODULES = {"torch": "torch", "engine": "gradstudio.engine"}


def run_both(progs):
    """Runs ``progs`` under torch and under the engine (concurrently, each in a fresh
    fork of the session's runner child of its backend: ``child_pool``); returns
    ``(torch_results, engine_results)``, each ``{name: {"out": str, "values": [...]}}``
    (the engine's also ``"grad_fns"``: ``grad_fn_check``). A table already run in this
    session is not run again."""
    return tuple(backend_results(progs, ("torch", "engine")))


def backend_results(progs, backends):
    """``run_both`` for the ``backends`` named (their results in that order)."""
    import child_pool
    payload = [p.as_json() for p in progs]
    key = json.dumps(payload, sort_keys=True)
    asked = {b: child_pool.request(__file__, b, _env(), payload, cwd=str(ROOT))
             for b in backends if (b, key) not in _DONE}
    for backend, child in asked.items():
        answer = child_pool.reply(child)
        # each backend really ran what it claims to
        assert answer.pop("__module__")["out"] == MODULES[backend]
        _DONE[backend, key] = answer
    return [_DONE[b, key] for b in backends]


def engine_prints(code):
    """What ``code`` prints (its transcript, as ``run_both`` gives it) run to its end under
    the engine installed as ``torch``, in a fresh fork of the session's engine runner: for
    the engine's own checks that need a process of their own, without starting a new
    interpreter for each (issue 30). An uncaught exception fails, as a non-zero exit
    status would."""
    return _prints("engine", "gradstudio.engine", code)


def torch_prints(code):
    """``engine_prints`` under PyTorch: ``code`` run to its end in a fresh fork of the
    session's torch runner, which has imported torch and run no op yet (so what PyTorch
    reads from the environment at its first op, such as ``ATEN_CPU_CAPABILITY``, may
    still be set by ``code``), and has not imported GradStudio's engine."""
    return _prints("torch", "torch", code)


def assert_prints_torchs_bits(code, lines):
    """``code`` (a program printing floats as ``float.hex``) prints, under the engine,
    exactly what it prints under PyTorch, in more than ``lines`` lines; skips when torch
    is not installed."""
    import pytest
    if not torch_available():
        pytest.skip("PyTorch (the parity oracle) is not installed")
    theirs = torch_prints(code)
    ours = engine_prints(code)
    assert ours.count("\n") > lines
    assert ours == theirs


def _prints(backend, module, code):
    import child_pool
    end = "-- the program ran to its end --\n"
    code = dedent(code).rstrip("\n") + f"\nprint({end[:-1]!r})\n"
    payload = [Program("program", code).as_json()]
    answer = child_pool.reply(child_pool.request(__file__, backend, _env(), payload,
                                                 cwd=str(ROOT)))
    assert answer.pop("__module__")["out"] == module
    out = answer["program"]["out"]
    assert out.endswith(end), out
    return out[:-len(end)]


def assert_same(results, name):
    """Asserts that program ``name`` printed the same and checked the same values."""
    from cpu_paths import assert_same_print
    theirs, ours = results[0][name], results[1][name]
    # (exactly, but on Intel's processors: there MKL's own kernels may move a last digit)
    assert_same_print(ours["out"], theirs["out"])
    assert len(ours["values"]) == len(theirs["values"]), "check() called a different number of times"
    for i, (a, b) in enumerate(zip(theirs["values"], ours["values"])):
        _same_value(a, b, f"check #{i}")


def _same_value(expected, got, where):
    import numpy as np
    if isinstance(expected, dict) and "dtype" in expected:
        assert isinstance(got, dict) and "dtype" in got, f"{where}: {got!r} is not a tensor"
        assert got["dtype"] == expected["dtype"], f"{where}: dtype {got['dtype']} != {expected['dtype']}"
        assert got["shape"] == expected["shape"], f"{where}: shape {got['shape']} != {expected['shape']}"
        e = np.array(expected["data"], dtype=np.float64).reshape(expected["shape"])
        g = np.array(got["data"], dtype=np.float64).reshape(got["shape"])
        rtol, atol = TOLERANCES.get(expected["dtype"], (0, 0))
        np.testing.assert_allclose(g, e, rtol=rtol, atol=atol, equal_nan=True, err_msg=where)
    elif isinstance(expected, list):
        assert isinstance(got, list) and len(got) == len(expected), f"{where}: {got!r} != {expected!r}"
        for i, (a, b) in enumerate(zip(expected, got)):
            _same_value(a, b, f"{where}[{i}]")
    elif isinstance(expected, float) and isinstance(got, float):
        np.testing.assert_allclose(got, expected, rtol=1.3e-6, atol=1e-5, err_msg=where)
    else:
        assert got == expected and type(got) is type(expected), f"{where}: {got!r} != {expected!r}"


# ============================================================================ the runner
def _install(backend):
    if backend == "torch":
        import torch
        return torch
    import gradstudio.engine as engine
    sys.modules.update(engine.torch_modules())
    return engine


def _plain(x):
    """A JSON-able picture of a checked value."""
    if hasattr(x, "detach") and hasattr(x, "dtype"):
        a = x.detach().numpy()
        return {"dtype": str(x.dtype).replace("torch.", ""), "shape": list(a.shape),
                "data": a.astype("float64").reshape(-1).tolist()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    return repr(x)


def _exec_cell(src, ns, display):
    import ast
    tree = ast.parse(src, FILENAME)
    last = None
    if display and tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    exec(compile(tree, FILENAME, "exec"), ns)
    if last is not None:
        v = eval(compile(last, FILENAME, "eval"), ns)
        if v is not None:
            print(display_text(v))


def _run_one(torch, prog, watch=None):
    import contextlib
    import io
    import warnings
    torch.set_grad_enabled(True)
    torch.set_default_dtype(torch.float32)
    torch.set_printoptions(profile="default")
    torch.manual_seed(prog["seed"])
    buf, values = io.StringIO(), []

    def show(message, category, filename, lineno, file=None, line=None):
        # the program's own line, or another "<...>" source (eval), or "lib" for any file
        # of torch or the engine (their layouts differ)
        where = f"@{lineno}" if filename == FILENAME else \
            f"@{filename}" if filename.startswith("<") else "@lib"
        buf.write(f"{category.__name__}{where}: {message}\n")

    ns = {"__name__": "__main__", "__builtins__": __builtins__, "torch": sys.modules["torch"],
          "check": lambda *xs: values.extend(_plain(x) for x in xs)}
    cells = re.split(r"(?m)^# %%.*$", prog["code"]) if prog["cells"] else [prog["code"]]
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf), \
            warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = show
        for cell in cells:
            try:
                _exec_cell(cell, ns, prog["cells"])
            except Exception as e:  # noqa: BLE001 (the transcript records it)
                print(f"{type(e).__name__}: {e}")
    result = {"out": ADDRESS.sub("0x?", buf.getvalue()), "values": values}
    if watch is not None:           # (while the program's names are alive)
        result["grad_fns"] = watch.after_program()
    return result


def _answer(torch, progs):
    """Each program's transcript; under the engine also each program's check of the
    grad_fns alive after it (``grad_fn_check``), and of what existed before the first
    (``__start__``), so the programs run once for both checks."""
    results, watch = {}, None
    if torch.__name__ != "torch":
        from grad_fn_check import Watch
        watch = Watch()
        results[START] = {"out": "", "values": [], "grad_fns": watch.start()}
    for prog in progs:
        try:
            results[prog["name"]] = _run_one(torch, prog, watch)
        except BaseException as e:  # noqa: BLE001 (a runner bug must not hide the others)
            results[prog["name"]] = {"out": f"RUNNER {type(e).__name__}: {e}", "values": []}
        if watch is not None:
            watch.collect()
    results["__module__"] = {"out": torch.__name__, "values": []}
    return results


def _main(backend, serving):
    torch = _install(backend)
    if serving:                     # the session's child: one request per line
        sys.path.insert(0, str(ROOT / "tests"))
        import child_pool
        child_pool.serve(lambda progs: _answer(torch, progs))
        return
    progs = json.loads(sys.stdin.read())
    json.dump(_answer(torch, progs), sys.stdout)


if __name__ == "__main__":
    _main(sys.argv[1], "--serve" in sys.argv[2:])
