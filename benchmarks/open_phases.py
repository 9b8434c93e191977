"""Opening a big graph file, phase by phase (issue 29: "every legal file within 15 s and
1.5 GB in the window"): where the time goes between the file on disk and the first frame
that shows it.

One ``chain`` file of ``--nodes`` nodes (default 100,000, the reader's limit; see
``large_files.py``) is written once; then, each in a fresh child process:

- ``phases``: in the one thread, the window built first (not counted), then
  **read** (the bytes decoded, the nesting checked, the JSON parsed and migrated: up to
  the reader's first progress report), **build** (every node and edge checked and the
  document built), **run** (``run(document)``), **made for the window** (what the
  open's worker makes besides: the data view, the run's digest, the overview's shapes)
  and **first frame** (the window given the document and its run, and its view painted
  once: the GUI thread's part);
- ``window``: the real path, ``File ▸ Open``'s ``open_file``: the file read, built and
  run in the worker under the progress dialog while the window keeps ticking, until the
  first painted frame that shows it; its longest stall (the event loop's longest gap
  between ticks of a 20 ms timer), and how long Cancel takes to be obeyed (a second open
  cancelled half-way through the read: from the click to the task's end).

Each row gives the wall time, the CPU time of the process (all its threads), the peak
resident memory and the 1-minute load average (the 2-core machine is shared: the wall
time stretches with the load, the CPU time much less). Run:
``QT_QPA_PLATFORM=offscreen python benchmarks/open_phases.py [--nodes N] [--repeat K]``.
Prints a table; asserts nothing.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from large_files import Stalls, chain, peak_mb, wait_until  # noqa: E402


def _clock():
    return time.perf_counter(), time.process_time()


def _since(start):
    wall, cpu = _clock()
    return {"wall": wall - start[0], "cpu": cpu - start[1]}


def _window(path):
    from PySide6.QtWidgets import QApplication
    from gradstudio.ui.main_window import MainWindow
    app = QApplication.instance() or QApplication([])
    window = MainWindow(settings=os.path.join(os.path.dirname(path), "settings.ini"))
    window.resize(1600, 1000)
    window.show()
    app.processEvents()
    return app, window


def _shown(window, path):
    session, scene = window.session, window.canvas.scene()

    def shown():
        busy = session.run_pending or getattr(scene, "realizing", False) or \
            getattr(scene, "applying", False)
        return session.path == os.path.abspath(path) and session.result is not None and \
            not busy
    return shown


def _made_in_the_worker(doc, result):
    """What the open's worker makes for the window besides the run (where the version
    measured has it): the data view, the run's digest, the overview's shapes."""
    from gradstudio.ui import loading
    from gradstudio.ui.canvas import sparse
    if hasattr(loading, "prepare"):
        loading.prepare(doc, result)
    if hasattr(sparse, "prepare_places"):
        result.digest()
        sparse.prepare_places(doc)


def child_phases(path):
    from pathlib import Path
    from gradstudio.document import files, run
    app, window = _window(path)
    out, marks = {}, []
    start = _clock()
    doc = files.load(path, lambda done, total: marks.append(_clock()) if not marks else None)
    out["read"] = {"wall": marks[0][0] - start[0], "cpu": marks[0][1] - start[1]}
    out["build"] = _since(marks[0])
    start = _clock()
    result = run(doc)
    out["run"] = _since(start)
    start = _clock()
    _made_in_the_worker(doc, result)
    out["made for the window"] = _since(start)
    start = _clock()
    window.files._opened(Path(path), doc, result)
    wait_until(app, _shown(window, path))
    window.canvas.viewport().repaint()
    out["first frame"] = _since(start)
    out["mb"] = peak_mb()
    window.close()
    return out


def child_window(path):
    from PySide6.QtWidgets import QPushButton
    app, window = _window(path)
    stalls = Stalls()
    out = {}
    start = _clock()
    window.files.open_file(path)
    wait_until(app, _shown(window, path))
    window.canvas.viewport().repaint()
    out["open in the window"] = {**_since(start), "stall": stalls.longest}
    out["mb"] = peak_mb()
    # Cancel: a second open of the same file, cancelled once the reader reports progress
    task = window.files.open_file(path)
    if task not in (None, False, True):
        wait_until(app, lambda: task.dialog.value() > 0 or not task.running, 120)
        if task.running:
            clicked = _clock()
            task.dialog.findChild(QPushButton).click()
            wait_until(app, lambda: not task.running, 120)
            out["cancel obeyed"] = _since(clicked)
        else:               # (a small file read between two looks: nothing to cancel)
            out["note"] = "cancel not tried: the second open ended before its first report"
    window.close()
    return out


def _row(name, r, mb, load):
    stall = f" (longest stall {r['stall']:.2f} s)" if "stall" in r else ""
    return f"| {name}{stall} | {r['wall']:.2f} | {r['cpu']:.2f} | {mb} | {load} |"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        mode, path = args.child
        print(json.dumps(child_phases(path) if mode == "phases" else child_window(path)))
        return
    from gradstudio.document import files
    print("| phase | wall s | CPU s | peak MB | load (1 min) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "chain.gsg")
        files.save(chain(args.nodes)[0], path)
        for _ in range(args.repeat):
            for mode in ("phases", "window"):
                done = subprocess.run([sys.executable, __file__, "--child", mode, path],
                                      capture_output=True, text=True)
                load = f"{os.getloadavg()[0]:.1f}"
                if done.returncode:
                    print(done.stderr[-2000:], file=sys.stderr)
                    continue
                r = json.loads(done.stdout.strip().splitlines()[-1])
                mb, note = f"{r.pop('mb'):.0f}", r.pop("note", None)
                if mode == "phases":
                    r["all phases"] = {
                        k: sum(p[k] for p in r.values()) for k in ("wall", "cpu")}
                for name, phase in r.items():
                    print(_row(name, phase, mb if "frame" in name or "window" in name
                               else "", load), flush=True)
                if note:
                    print(f"({note})")
        print(f"({args.nodes:,} nodes, {os.path.getsize(path) / 2 ** 20:.1f} MB)")


if __name__ == "__main__":
    main()
