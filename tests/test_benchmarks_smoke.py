"""The engine-vs-torch benchmark still runs and prints its whole table (so it cannot rot).
No timing is asserted: speed targets live in the benchmark's output, never in tests. The
engine-vs-torch table runs with ``--smoke`` (every row, from the smallest workloads:
issue 30)."""
import os
import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("torch")

SCRIPT = pathlib.Path(__file__).resolve().parents[1] / "benchmarks" / "engine_vs_torch.py"


def test_engine_vs_torch_smoke_run_prints_every_row():
    proc = subprocess.run([sys.executable, str(SCRIPT), "--smoke", "--repeat", "1",
                           "--min-run", "0.001"],
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(SCRIPT.parents[1])})
    assert proc.returncode == 0, proc.stderr
    rows = [line for line in proc.stdout.splitlines() if line.startswith("| ")]
    assert rows[0].startswith("| workload | engine ms | torch ms | ratio | target | met? |")
    timed = [r for r in rows if r.split("|")[5].strip().startswith("<=")]
    assert len(timed) == 6, proc.stdout
    for row in timed:
        engine_ms, torch_ms, ratio = (float(c) for c in row.split("|")[2:5])
        assert engine_ms > 0 and torch_ms > 0 and ratio > 0
    chain = next(r for r in rows if "-op chain" in r)
    assert chain.rstrip().endswith("| completes | yes |"), proc.stdout
    engine_memory = next(r for r in rows if r.startswith("| engine |"))
    assert "%" in engine_memory, proc.stdout
    assert "Targets missed:" in proc.stdout or "All targets met." in proc.stdout


def test_sgd_step_quick_run_prints_its_four_rows():
    script = SCRIPT.parent / "sgd_step.py"
    proc = subprocess.run([sys.executable, str(script), "--quick"], capture_output=True,
                          text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(SCRIPT.parents[1])})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("load average")
    rows = [line for line in proc.stdout.splitlines()
            if line.startswith("| ") and "---" not in line][1:]
    assert [r.split("|")[1].strip() for r in rows] == [
        "training step, warm", "opt.step(), warm", "training step, fresh process",
        "opt.step(), fresh process"], proc.stdout
    for row in rows:
        assert all(float(c) > 0 for c in row.split("|")[2:5])
