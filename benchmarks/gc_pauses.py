"""Garbage-collector pauses while editing a 1,000-node graph in the window, with and
without the heap settled (``gradstudio.gc_policy.settle``: what the window does after a pause).

Opens the real window on ``document_run.big`` (1,000 nodes, laid out, the last node
selected), toggles the first source's ``requires_grad`` ``--edits`` times, and records
every collection (``gc.callbacks``): how many of each generation, their total and
longest pause. Full (generation 2) collections are what set the p90 of an edit: without
a settled heap each walks every object the app and the document are made of. Each mode
runs in a fresh process, alternately; prints the load average. A measurement, never a
test.

    QT_QPA_PLATFORM=offscreen python benchmarks/gc_pauses.py [--edits 30] [--rounds 2]
"""
import argparse
import json
import os
import subprocess
import sys

_CHILD = r"""
import gc, json, os, pathlib, statistics, sys, tempfile, time
sys.path.insert(0, str(pathlib.Path(sys.argv[3])))
from document_run import big
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gradstudio.document.layout import apply_layered_layout
from gradstudio import gc_policy
from gradstudio.ui.commands import SetParam
from gradstudio.ui.main_window import MainWindow
from gradstudio.ui.session import Session
doc = big()
apply_layered_layout(doc)
ini = os.path.join(tempfile.mkdtemp(), "settings.ini")
w = MainWindow(Session(doc), settings=QSettings(ini, QSettings.Format.IniFormat))
w.resize(1600, 1000)
w.show()
for _ in range(20):
    app.processEvents()
w.session.select([doc.node_ids[-1]])
if sys.argv[1] == "settled":
    gc_policy.settle()
pauses, start = {0: [], 1: [], 2: []}, {}
def watch(phase, info):
    if phase == "start":
        start["t"] = time.perf_counter()
    else:
        pauses[info["generation"]].append(time.perf_counter() - start["t"])
gc.callbacks.append(watch)
first, edits = doc.node_ids[0], []
for i in range(int(sys.argv[2])):
    t = time.perf_counter()
    w.session.push(SetParam(doc, first, "requires_grad", i % 2 == 0))
    for _ in range(3):
        app.processEvents()
    edits.append(time.perf_counter() - t)
gc.callbacks.remove(watch)
print(json.dumps({"median": statistics.median(edits) * 1000,
                  "p90": sorted(edits)[int(0.9 * len(edits))] * 1000,
                  "gc": {g: [len(v), sum(v) * 1000, max(v, default=0) * 1000]
                         for g, v in pauses.items()}}))
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edits", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    here = os.path.dirname(os.path.abspath(__file__))
    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    print("| heap | edits | edit median ms | p90 ms | full collections | their total ms "
          "| longest ms | gen-1 collections ms |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for _ in range(args.rounds):
        for mode in ("as loaded", "settled"):
            proc = subprocess.run([sys.executable, "-c", _CHILD, mode, str(args.edits), here],
                                  env=env, capture_output=True, text=True, timeout=600)
            if proc.returncode != 0:
                raise SystemExit(proc.stderr[-2000:])
            r = json.loads(proc.stdout.strip().splitlines()[-1])
            full, gen1 = r["gc"]["2"], r["gc"]["1"]
            print(f"| {mode} | {args.edits} | {r['median']:.0f} | {r['p90']:.0f} | {full[0]} | "
                  f"{full[1]:.0f} | {full[2]:.0f} | {gen1[1]:.0f} |", flush=True)


if __name__ == "__main__":
    main()
