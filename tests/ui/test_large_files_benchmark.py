"""benchmarks/large_files.py still runs and prints its table (so it cannot rot); tiny
sizes, no timing asserted."""
import os
import pathlib
import subprocess
import sys

BENCHMARKS = pathlib.Path(__file__).resolve().parents[2] / "benchmarks"


def test_the_large_files_benchmark_prints_a_row_per_file():
    proc = subprocess.run(
        [sys.executable, str(BENCHMARKS / "large_files.py"), "--nodes", "30", "--numbers",
         "50", "--count", "3"], capture_output=True, text=True, timeout=600,
        env={**os.environ, "PYTHONPATH": str(BENCHMARKS.parent), "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 0, proc.stderr
    rows = [r for r in proc.stdout.splitlines() if r.startswith("| ") and "---" not in r]
    assert [r.split("|")[1].strip() for r in rows[1:]] == ["chain", "literal", "loop"]
    assert "?" not in "".join(rows[1:]), proc.stderr
