"""Renders the main window offscreen with each bundled example open, one PNG per example,
and the lesson panels (a backward pass stepped through, the Jacobian behind a VJP, a
sweep plot) on the examples they teach with (used for the README).

    python -m gradstudio.ui.screenshots OUTDIR [--size 1600x1000]
"""
import argparse
import os
import sys
import tempfile
from gradstudio.ui.i18n import translate
from pathlib import Path


def render(outdir, size=(1600, 1000), examples=None):
    """Writes ``OUTDIR/<example>.png`` for every example; returns the paths written."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gradstudio.ui.main_window import MainWindow, example_paths

    app = QApplication.instance() or QApplication([sys.argv[0]])
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        # a throwaway settings file: screenshots never read or change the user's layout
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        for path in (examples if examples is not None else example_paths()):
            window = MainWindow(settings=settings)
            window.show_error = lambda title, text: print(f"{title}: {text}", file=sys.stderr)
            window.resize(*size)
            window.show()
            if not window.files.open_example(path):
                window.close()
                continue
            _settle(app)
            window.canvas.fit_to_view()
            _select_interesting(window)
            _select_failing_action(window)
            _settle(app)
            target = outdir / f"{Path(path).stem}.png"
            window.grab().save(str(target), "PNG")
            written.append(target)
            for name, show in LESSONS.get(Path(path).stem, ()):
                show(window)
                _settle(app)
                target = outdir / f"{name}.png"
                window.grab().save(str(target), "PNG")
                written.append(target)
            window.session.undo_stack.setClean()
            window.close()
            window.deleteLater()
            _settle(app)
    return written


def _step_through(window, k):
    window.session.select([])
    window.step_through()
    window.session.set_walk(window.session.walk[0], k)


def _probe(window, tab, output=None, input=None):
    """The Jacobian and gradient-check panel, on ``tab``, for the nodes labelled
    ``output`` and ``input`` (the panel's own choice when None)."""
    doc = window.session.document
    named = {doc.display_name(n): n for n in doc.node_ids}
    if input is not None:
        window.session.select([named[input]])
    window.show_probe()
    if output is not None:
        window.probe_panel.set_probe(named[output], named.get(input))
    if tab is not None:
        window.probe_panel.show_tab(tab)


# example -> (screenshot name, what to show) after its own screenshot
LESSONS = {
    "01_autograd_tutorial": [("step_through_tutorial", lambda w: _step_through(w, 3))],
    "03_vector_jacobian_product": [("jacobian_vjp", lambda w: _probe(w, None))],
    "07_matmul": [("sweep_relu", lambda w: _probe(w, 2, "loss", "b"))],
}


def _select_interesting(window):
    """Selects the node a reader most wants to inspect: the first leaf that requires grad
    (its ``.grad`` is the point of most examples), else the last node."""
    s = window.session
    ids = s.document.node_ids
    for n in ids:
        st = s.state(n)
        if st is not None and st.ok and st.requires_grad and st.is_leaf:
            s.select([n])
            return
    if ids:
        s.select([ids[-1]])


def _select_failing_action(window):
    """Shows the first action PyTorch rejects in the timeline (its error and any fix)."""
    s = window.session
    for action in s.document.timeline:
        if s.result is not None and s.result.action_error(action.id):
            window.timeline.select_action(action.id)
            return


def _settle(app):
    for _ in range(5):
        app.processEvents()


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m gradstudio.ui.screenshots",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("outdir")
    parser.add_argument("--size", default="1600x1000", help=translate("Screenshots", "window size, WIDTHxHEIGHT"))
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    for p in render(args.outdir, (w, h)):
        print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
