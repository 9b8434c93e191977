"""Large files in the window (issue 29): how long the real window takes to show a big
file, how long its event loop stalls meanwhile, and the process's peak memory, against the
same file loaded and run without a window (what the command line does).

Three files, each written to a temporary ``.gsg`` with the document API:

- ``chain``: ``--nodes`` nodes (default 100,000, the reader's limit): a ``ones`` then a
  chain of ``add`` nodes, laid out on a grid;
- ``literal``: one ``tensor`` node holding ``--numbers`` numbers (default 1,000,000, the
  limit of a literal) and a ``sum`` of it;
- ``loop``: a few nodes and a timeline looping ``--count`` times (default 10,000, the
  limit) over forward, backward and zero_grad: a 1 KB file whose run takes seconds.

Each case runs in a fresh child process (so the peak resident memory is its own):
``cli`` loads and runs the file; ``window`` builds the ``MainWindow`` offscreen, opens the
file, then edits it once (a ``SetParam`` pushed on the undo stack) and undoes the edit.
It reports the wall time (and the GUI process's CPU time) until the first painted frame
that shows the file (the run applied and every canvas item built, or for a big graph,
whose cards are made only where the view is, those in view, and then the view painted
once), the longest stall of the event loop (the gap between ticks of a 20 ms timer: the
time the window did not respond), the same for the edit and the undo, the peak resident
memory, and the load average (1 min) at the end: the machine's other work stretches the
wall times.

Run: ``QT_QPA_PLATFORM=offscreen python benchmarks/large_files.py [--nodes N] [--only
chain,literal,loop]``. Prints a table; asserts nothing. The 100,000-node case takes
minutes and about 1-2 GB.
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


def chain(n):
    from gradstudio.document import Document
    doc = Document()
    cols = 300
    prev = doc.add_node("ones", {"shape": (2,)}, (0.0, 0.0))
    for i in range(1, n):
        node = doc.add_node("add", {"other": 1.0}, ((i % cols) * 220.0, (i // cols) * 160.0))
        doc.connect(prev, node, "self")
        prev = node
    return doc, prev


def literal(numbers):
    from gradstudio.document import Document
    doc = Document()
    x = doc.add_node("tensor", {"value": [float(i % 97) / 7 for i in range(numbers)]},
                     (0.0, 0.0))
    s = doc.add_node("sum", {}, (240.0, 0.0))
    doc.connect(x, s, "self")
    return doc, x


def loop(count):
    from gradstudio.document import Document
    doc = Document()
    x = doc.add_node("randn", {"shape": (32, 32), "requires_grad": True}, (0.0, 0.0))
    m = doc.add_node("mm", {}, (240.0, 0.0))
    doc.connect(x, m, "self")
    doc.connect(x, m, "mat2")
    s = doc.add_node("sum", {}, (480.0, 0.0))
    doc.connect(m, s, "self")
    doc.add_action("loop", {"count": count})
    doc.add_action("forward")
    doc.add_action("backward", {"target": s})
    doc.add_action("zero_grad", {"tensor": x})
    doc.add_action("end_loop")
    return doc, x


def write(case, args, path):
    from gradstudio.document import files
    doc, _ = {"chain": lambda: chain(args.nodes), "literal": lambda: literal(args.numbers),
              "loop": lambda: loop(args.count)}[case]()
    files.save(doc, path)


def peak_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child_cli(path):
    from gradstudio.document import files, run
    t0, c0 = time.perf_counter(), time.process_time()
    run(files.load(path))
    return dict(wall=time.perf_counter() - t0, cpu=time.process_time() - c0, mb=peak_mb())


class Stalls:
    """The longest gap between ticks of a 20 ms timer since ``reset``."""

    def __init__(self):
        from PySide6.QtCore import QTimer
        self.timer = QTimer()
        self.timer.setInterval(20)
        self.timer.timeout.connect(self._tick)
        self.reset()
        self.timer.start()

    def reset(self):
        self.last = time.perf_counter()
        self.longest = 0.0

    def _tick(self):
        now = time.perf_counter()
        self.longest = max(self.longest, now - self.last)
        self.last = now


def wait_until(app, done, limit=900.0):
    t0 = time.perf_counter()
    while not done() and time.perf_counter() - t0 < limit:
        app.processEvents()
        time.sleep(0.002)
    for _ in range(5):
        app.processEvents()


def child_window(path):
    from PySide6.QtWidgets import QApplication
    from gradstudio.ui.main_window import MainWindow
    app = QApplication.instance() or QApplication([])
    window = MainWindow(settings=os.path.join(os.path.dirname(path), "settings.ini"))
    window.resize(1600, 1000)
    window.show()
    app.processEvents()
    session, scene = window.session, window.canvas.scene()
    stalls = Stalls()
    out = {}

    def shown():
        busy = getattr(session, "run_pending", False) or getattr(scene, "realizing", False) \
            or getattr(scene, "applying", False)
        every = getattr(scene, "sparse", False) or \
            len(scene.nodes) == len(session.document.node_ids)   # (else cards in view)
        return session.path == os.path.abspath(path) and session.result is not None and \
            not busy and every

    t0, c0 = time.perf_counter(), time.process_time()
    window.files.open_file(path)
    wait_until(app, shown)
    window.canvas.viewport().repaint()      # (the first frame that shows it, painted)
    out["open"] = time.perf_counter() - t0
    out["open_cpu"] = time.process_time() - c0
    out["open_stall"] = stalls.longest
    from gradstudio.ui.commands import SetParam
    node = session.document.node_ids[0]
    for what in ("edit", "undo"):
        stalls.reset()
        before = session.result
        t0 = time.perf_counter()
        if what == "edit":
            kind = session.document.node(node).kind
            name, value = ("shape", (3,)) if kind == "ones" else \
                ("requires_grad", not session.document.node(node).params["requires_grad"])
            session.push(SetParam(session.document, node, name, value))
        else:
            session.undo_stack.undo()
        wait_until(app, lambda: session.result is not before and not
                   getattr(session, "run_pending", False) and not
                   getattr(scene, "applying", False))
        out[what] = time.perf_counter() - t0
        out[what + "_stall"] = stalls.longest
    out["mb"] = peak_mb()
    window.close()
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=100_000)
    ap.add_argument("--numbers", type=int, default=1_000_000)
    ap.add_argument("--count", type=int, default=10_000)
    ap.add_argument("--only", default="chain,literal,loop")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        mode, path = args.child
        print(json.dumps(child_cli(path) if mode == "cli" else child_window(path)))
        return
    print("| file | size | cli s (cpu) | cli MB | window: shown s (cpu) | longest stall s | "
          "edit s (stall) | undo s (stall) | window MB | load |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        for case in args.only.split(","):
            path = os.path.join(tmp, case + ".gsg")
            write(case, args, path)
            r = {}
            for mode in ("cli", "window"):
                done = subprocess.run([sys.executable, __file__, "--child", mode, path],
                                      capture_output=True, text=True)
                if done.returncode:
                    print(done.stderr[-2000:], file=sys.stderr)
                    r[mode] = {}
                else:
                    r[mode] = json.loads(done.stdout.strip().splitlines()[-1])
            c, w = r["cli"], r["window"]
            f = lambda d, k, fmt="{:.1f}": fmt.format(d[k]) if k in d else "?"  # noqa: E731
            print(f"| {case} | {os.path.getsize(path):,} B | {f(c, 'wall')} ({f(c, 'cpu')}) | "
                  f"{f(c, 'mb', '{:.0f}')} | {f(w, 'open')} ({f(w, 'open_cpu')}) | "
                  f"{f(w, 'open_stall', '{:.2f}')} | "
                  f"{f(w, 'edit')} ({f(w, 'edit_stall', '{:.2f}')}) | "
                  f"{f(w, 'undo')} ({f(w, 'undo_stall', '{:.2f}')}) | {f(w, 'mb', '{:.0f}')} | "
                  f"{os.getloadavg()[0]:.1f} |",
                  flush=True)


if __name__ == "__main__":
    main()
