"""The engine-vs-torch benchmark still runs and prints its whole table (so it cannot rot).
No timing is asserted: speed targets live in the benchmark's output, never in tests. The
engine-vs-torch table runs with ``--smoke`` (every row, from the smallest workloads:
issue 30).

Each script runs as a program of its own (``__main__``, its arguments in ``sys.argv``, its
exit status checked) in a fork of the session's torch runner (``parity.torch_prints``),
which has imported torch once, instead of a new interpreter importing it again (about 2 s
of CPU a script; issue 30). What a script starts itself (``sgd_step.py``'s fresh
processes) is still a new interpreter."""
import pathlib
import re
import sys

import pytest

pytest.importorskip("torch")

ROOT = pathlib.Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "engine_vs_torch.py"
sys.path.insert(0, str(ROOT / "tests" / "engine"))
import parity  # noqa: E402  (tests/engine's harness)

_MAIN = """
import runpy, sys
sys.argv = {argv!r}
sys.path.insert(0, {folder!r})
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as end:
    assert end.code in (0, None), f"exit status {{end.code}}"
"""
# (a warning is written into the transcript as it happened; a new interpreter wrote it to
# its stderr, apart from what the script printed)
_WARNING = re.compile(r"^\w+@(\d+|lib|<[^>]*>): ")


def _run(script, *args):
    """What ``python script args`` prints (its warnings left out), run to its end."""
    out = parity.torch_prints(_MAIN.format(argv=[str(script), *args],
                                           folder=str(script.parent)))
    return "".join(line for line in out.splitlines(True) if not _WARNING.match(line))


def test_engine_vs_torch_smoke_run_prints_every_row():
    stdout = _run(SCRIPT, "--smoke", "--repeat", "1", "--min-run", "0.001")
    rows = [line for line in stdout.splitlines() if line.startswith("| ")]
    assert rows[0].startswith("| workload | engine ms | torch ms | ratio | target | met? |")
    timed = [r for r in rows if r.split("|")[5].strip().startswith("<=")]
    assert len(timed) == 6, stdout
    for row in timed:
        engine_ms, torch_ms, ratio = (float(c) for c in row.split("|")[2:5])
        assert engine_ms > 0 and torch_ms > 0 and ratio > 0
    chain = next(r for r in rows if "-op chain" in r)
    assert chain.rstrip().endswith("| completes | yes |"), stdout
    engine_memory = next(r for r in rows if r.startswith("| engine |"))
    assert "%" in engine_memory, stdout
    assert "Targets missed:" in stdout or "All targets met." in stdout


def test_sgd_step_quick_run_prints_its_four_rows():
    stdout = _run(SCRIPT.parent / "sgd_step.py", "--quick", "--cpu")
    assert stdout.startswith("load average")
    rows = [line for line in stdout.splitlines()
            if line.startswith("| ") and "---" not in line][1:]
    assert [r.split("|")[1].strip() for r in rows] == [
        "training step, warm", "opt.step(), warm", "training step, fresh process",
        "opt.step(), fresh process"], stdout
    for row in rows:
        assert all(float(c) > 0 for c in row.split("|")[2:5])
