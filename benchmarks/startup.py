"""Start-up time: from starting the process to the main window painted, as a user who
types ``gradstudio`` waits for it: its first frame (every dock laid out), and the frame
that shows the tutorial example, which opens after the first frame (its graph needs
networkx, imported then).

Each run is a fresh process started exactly as ``python -m gradstudio`` does, whose event
loop is replaced by one that stops at the main window's first paint and reports the
wall-clock time since the parent started it. Also timed: a bare PySide6 window (the
floor: the interpreter, Qt and one painted ``QMainWindow``), and, from
``python -X importtime``, the modules that take the most of the import time.

Target (issue: speed): 350 ms. Prints medians over ``--repeat`` runs and the load
average; it is a measurement, never a test.

    QT_QPA_PLATFORM=offscreen python benchmarks/startup.py [--repeat 9]
    DISPLAY=:99 python benchmarks/startup.py      # under X (includes the display check)
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

_CHILD = r"""
import sys, time
START = float(sys.argv[1])

def report_at_first_paint():
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication, QMainWindow

    class FirstPaint(QObject):
        painted = None          # (the time of) the first frame
        content = None          # the first frame that shows a graph (the tutorial's)
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint and hasattr(obj, "window") and \
                    isinstance(obj.window(), QMainWindow):
                now = time.time() - START
                FirstPaint.painted = FirstPaint.painted or now
                session = getattr(obj.window(), "session", None)
                if session is None or session.document.node_ids:
                    FirstPaint.content = FirstPaint.content or now
            return False

    def exec_until_painted(self=None):
        app = QApplication.instance()
        watcher = FirstPaint()
        app.installEventFilter(watcher)
        while FirstPaint.content is None:
            app.processEvents()
        print(f"painted {FirstPaint.painted:.6f} tutorial {FirstPaint.content:.6f}", flush=True)
        return 0
    QApplication.exec = exec_until_painted

if sys.argv[2] == "bare":
    from PySide6.QtWidgets import QApplication, QMainWindow
    report_at_first_paint()
    app = QApplication([])
    w = QMainWindow()
    w.resize(1600, 1000)
    w.show()
    QApplication.exec()
else:
    report_at_first_paint()
    from gradstudio.app.cli import main
    main([])
"""


def one(kind, env):
    start = time.time()
    proc = subprocess.run([sys.executable, "-c", _CHILD, repr(start), kind], env=env,
                          capture_output=True, text=True, timeout=120)
    found = re.search(r"painted ([0-9.]+) tutorial ([0-9.]+)", proc.stdout)
    if proc.returncode != 0 or not found:
        raise SystemExit(f"the {kind} start failed:\n{proc.stderr[-2000:]}")
    return float(found.group(1)) * 1000, float(found.group(2)) * 1000


def import_times(env, top=8):
    """The packages whose own modules take the most import time under ``python -X
    importtime`` (their modules' self times summed, in µs)."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c",
                           "import gradstudio.ui.main_window"],
                          env=env, capture_output=True, text=True, timeout=120)
    totals = {}
    for line in proc.stderr.splitlines():
        parts = line.split("|")
        own = parts[0].split(":")[-1].strip()
        if len(parts) != 3 or not own.isdigit():
            continue
        package = parts[2].strip().split(".")[0].lstrip("_")
        package = {"shiboken6": "PySide6", "shibokensupport": "PySide6"}.get(package, package)
        totals[package] = totals.get(package, 0) + int(own)
    return sorted(totals.items(), key=lambda kv: -kv[1])[:top]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=9)
    args = ap.parse_args()
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen" if not env.get("DISPLAY") else "xcb")
    env.pop("PYTHONDONTWRITEBYTECODE", None)     # an installed app has its .pyc files
    home = tempfile.mkdtemp(prefix="gradstudio-startup-")   # no saved window state
    env.update(XDG_CONFIG_HOME=home, XDG_DATA_HOME=home, XDG_CACHE_HOME=home)
    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    print(f"platform: {env['QT_QPA_PLATFORM']}")
    rows = {"bare PySide6 window": [], "GradStudio, first frame": [],
            "GradStudio, the frame showing the tutorial": []}
    one("app", env)                       # writes the .pyc files a first start compiles
    for _ in range(args.repeat):          # interleaved, so load hits both alike
        rows["bare PySide6 window"].append(one("bare", env)[0])
        first, tutorial = one("app", env)
        rows["GradStudio, first frame"].append(first)
        rows["GradStudio, the frame showing the tutorial"].append(tutorial)
    print("| start to first paint | median ms | min | max | target |")
    print("|---|---:|---:|---:|---:|")
    for name, times in rows.items():
        target = "350" if name.startswith("GradStudio") else "—"
        print(f"| {name} | {statistics.median(times):.0f} | {min(times):.0f} | "
              f"{max(times):.0f} | {target} |")
    print()
    print("| imported by the window (python -X importtime, own modules) | ms |")
    print("|---|---:|")
    for package, us in import_times(env):
        print(f"| {package} | {us / 1000:.0f} |")


if __name__ == "__main__":
    main()
