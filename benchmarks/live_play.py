"""Training that plays live: the boundary's update per iteration, iterations per second
with every view following, and how fast the window answers while it plays.

Targets (GradStudio issue 33): "Boundary update at each iteration for a 2-8-8-1 MLP on a
100x100 grid: <= 15 ms (engine forward + image update)"; "Live play of the XOR or circles
example with every view updating: >= 30 iterations per second; the window stays
responsive (input latency <= 50 ms while playing)".

1. **Boundary update**: a 2-8-8-1 tanh MLP on two moons (200 points), run once; then,
   ``--repeat`` times, ``data_view`` (the engine's one batched forward of the 10,000 grid
   points under ``no_grad``, the points' figures) and the Data panel drawing it (its
   image, points and crosses set, then ``processEvents`` until the frame is painted).
2. **Live play**: the real ``MainWindow`` (offscreen, 1366x768) with the Playground
   example open, the Data and Training docks shown, ▶ pressed for ``--seconds`` s: the
   iterations the live run completed per second of wall time, and the frames (runs so
   far shown in every view) per second.
3. **Input latency while playing**: every 50 ms a timer posts an event to an object of the
   GUI thread, stamped with the time it was posted; the latency is the time until the
   event loop delivers it (what a key press or click waits for while the window is busy
   showing the last iteration).

The machine's load average is printed: the machine is shared, and other processes take
the CPU for milliseconds at a time.

Run: ``QT_QPA_PLATFORM=offscreen python benchmarks/live_play.py [--repeat 30]
[--seconds 10]``. Prints tables of milliseconds and rates; asserts nothing.
"""
import argparse
import os
import statistics
import sys
import time

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

from gradstudio.document import run
from gradstudio.document.data_view import data_view
from gradstudio.document.examples import build
from gradstudio.document.examples_playground import playground
from gradstudio.ui.data_panel import DataPanel
from gradstudio.ui.main_window import MainWindow
from gradstudio.ui.session import Session

_STAMPED = QEvent.Type(QEvent.registerEventType())


def _load():
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def _settle(app, rounds=3):
    for _ in range(rounds):
        app.processEvents()


def _ms(values):
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
    return f"{1000 * statistics.median(values):.1f} | {1000 * p90:.1f} | {1000 * values[-1]:.1f}"


def boundary(app, repeat):
    """(data_view seconds, panel seconds) per update, ``repeat`` of each."""
    doc = playground("make_moons", hidden=(8, 8), count=50, lr=0.03)
    session = Session(doc)
    panel = DataPanel(session)
    panel.resize(520, 460)
    panel.show()
    while session.run_pending or session.result is None:
        app.processEvents()
    _settle(app)
    result = session.result
    forward, draw, cpu = [], [], []
    for _ in range(repeat):
        c0, t0 = time.thread_time(), time.perf_counter()
        view = data_view(doc, result)
        t1 = time.perf_counter()
        result.prepared["data_view"] = view
        panel.refresh()
        _settle(app, 2)
        t2 = time.perf_counter()
        forward.append(t1 - t0)
        draw.append(t2 - t1)
        cpu.append(time.thread_time() - c0)
    panel.close()
    return forward, draw, cpu


class _Stamps(QObject):
    """Receives stamped events and keeps how long each waited."""

    def __init__(self):
        super().__init__()
        self.waits = []

    def event(self, event):
        if event.type() == _STAMPED:
            self.waits.append(time.perf_counter() - event.posted)
            return True
        return super().event(event)


def _post(receiver):
    event = QEvent(_STAMPED)
    event.posted = time.perf_counter()
    QCoreApplication.postEvent(receiver, event)


def live(app, name, seconds):
    """(iterations per second, frames per second, [latency seconds], the GUI thread's CPU
    seconds per frame) playing ``name``."""
    w = MainWindow()
    w.resize(1366, 768)
    w.show()
    w.session.set_document(build(name))
    data, training = w.panel("data"), w.panel("training")
    for dock in ("data", "training"):
        w.docks[dock].show()
        w.docks[dock].raise_()
    while w.session.run_pending or data.image_values() is None:
        app.processEvents()
    _settle(app, 5)
    frames = []
    w.session.run_finished.connect(lambda _r: frames.append(1))
    stamps = _Stamps()
    timer = QTimer()
    timer.timeout.connect(lambda: _post(stamps))
    bar = data.live_bar
    bar.play.click()
    begun, cpu = time.perf_counter(), time.thread_time()
    timer.start(50)
    while time.perf_counter() - begun < seconds and bar.live.state == "playing":
        app.processEvents()
    elapsed = time.perf_counter() - begun
    cpu = time.thread_time() - cpu
    done = bar.live.run.done
    timer.stop()
    bar.live.pause()
    while bar.live.in_flight or w.session.run_pending:
        app.processEvents()
    bar.live.discard()
    _settle(app)
    w.close()
    return done / elapsed, len(frames) / elapsed, stamps.waits, cpu / max(len(frames), 1)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    print(f"load average: {_load():.1f} on {os.cpu_count()} CPUs")
    forward, draw, cpu = boundary(app, args.repeat)
    total = [a + b for a, b in zip(forward, draw)]
    print("\n| boundary update, 2-8-8-1 MLP, 100x100 grid | median ms | p90 ms | max ms |")
    print("| --- | ---: | ---: | ---: |")
    print(f"| engine forward (data_view) | {_ms(forward)} |")
    print(f"| image update (Data panel drawn) | {_ms(draw)} |")
    print(f"| both (target <= 15 ms) | {_ms(total)} |")
    print(f"| both, CPU time of the thread | {_ms(cpu)} |")
    print("\n| live play, every view | iterations/s (target >= 30) | frames/s | "
          "window CPU ms per frame | input latency median ms | p90 ms | max ms "
          "(target <= 50) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in ("18_playground_xor", "19_playground_circles"):
        rate, fps, waits, frame = live(app, name, args.seconds)
        print(f"| {name} | {rate:.1f} | {fps:.1f} | {1000 * frame:.0f} | "
              f"{_ms(waits or [0.0])} |")
    print(f"\nload average: {_load():.1f} at the end")


if __name__ == "__main__":
    main()
