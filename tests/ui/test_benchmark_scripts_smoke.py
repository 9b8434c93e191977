"""The start-up and collector-pause benchmarks still run and print their tables (so they
cannot rot). No timing is asserted: targets live in the benchmarks' output."""
import os
import pathlib
import subprocess
import sys

BENCHMARKS = pathlib.Path(__file__).resolve().parents[2] / "benchmarks"


def _run(script, *args):
    proc = subprocess.run([sys.executable, str(BENCHMARKS / script), *args],
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(BENCHMARKS.parent),
                               "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("load average: ")
    return [r for r in proc.stdout.splitlines() if r.startswith("| ") and "---" not in r]


def test_the_startup_benchmark_times_the_windows_and_lists_imports():
    rows = _run("startup.py", "--repeat", "1")
    assert rows[0].startswith("| start to first paint | median ms |")
    assert [r.split("|")[1].strip() for r in rows[1:4]] == [
        "bare PySide6 window", "GradStudio, first frame",
        "GradStudio, the frame showing the tutorial"]
    assert all(float(r.split("|")[2]) > 0 for r in rows[1:4])
    assert float(rows[3].split("|")[2]) >= float(rows[2].split("|")[2])
    assert any(r.startswith("| gradstudio |") for r in rows[4:]), rows


def test_the_gc_pause_benchmark_prints_both_heaps():
    rows = _run("gc_pauses.py", "--edits", "3", "--rounds", "1")
    assert [r.split("|")[1].strip() for r in rows[1:]] == ["as loaded", "settled"]


def test_the_import_data_benchmark_times_every_step():
    rows = _run("import_data.py", "--quick")
    assert [r.split("|")[1].strip() for r in rows[1:]] == [
        "read the file", "rows and room check", "add the node", "run it (20 % split)",
        "whole import in the window"]
    assert all(float(r.split("|")[2]) > 0 for r in rows[1:])


def test_the_live_play_benchmark_prints_its_rows():
    rows = _run("live_play.py", "--repeat", "1", "--seconds", "1")
    names = [r.split("|")[1].strip() for r in rows]
    assert names[1:5] == ["engine forward (data_view)", "image update (Data panel drawn)",
                          "both (target <= 15 ms)", "both, CPU time of the thread"]
    assert names[-2:] == ["18_playground_xor", "19_playground_circles"]
    assert all(float(r.split("|")[2]) > 0 for r in rows[-2:])
