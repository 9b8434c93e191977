"""The message for an exception nobody caught says where it came from: a view or panel
that failed (the graph is safe; reopen the panel or restart; where the details are) is
not told to undo, an edit that failed is; and it never doubles a full stop."""
import sys

import pytest
from PySide6.QtWidgets import QApplication

from gradstudio.document import Document
from gradstudio.ui import error_report
from gradstudio.ui.probe_panel import CHECK
from gradstudio.ui.window_files import example_paths

from driving import main_window


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("GRADSTUDIO_ERROR_LOG", str(tmp_path / "errors.log"))
    w = main_window(qtbot, tmp_path, size=(1400, 900))
    w.titles = []
    errors, titles = w.errors, w.titles
    w.show_error = lambda title, text: (titles.append(title), errors.append(text))
    previous = w.install_excepthook()
    yield w
    sys.excepthook = previous


def test_a_panel_that_fails_is_named_and_the_advice_is_not_to_undo(window, tmp_path,
                                                                    monkeypatch):
    def broken(marks):                   # (called by the canvas's slot for the verdicts)
        raise RuntimeError("libshiboken: Internal C++ object (_Overlay) already deleted.")
    window.files.open_example(example_paths()[0])
    monkeypatch.setattr(window.canvas.scene().check_marks, "show_marks", broken)
    window.show_probe()
    window.probe_panel.show_tab(CHECK)
    window.probe_panel.check_every_leaf()   # the panel's verdicts reach the canvas
    QApplication.processEvents()
    assert window.titles == ["The canvas failed"]       # once: then the status bar
    (text,) = window.errors
    assert text.startswith("The canvas could not show the graph (RuntimeError: libshiboken: "
                           "Internal C++ object (_Overlay) already deleted); your graph is "
                           "safe and unchanged, so close and reopen the panel")
    assert ".." not in text and "undo" not in text.lower()
    assert str(tmp_path / "errors.log") in text
    assert "show_gradient_checks" in (tmp_path / "errors.log").read_text(encoding="utf-8")
    window.probe_panel.check_every_leaf()            # the same failure again
    assert len(window.errors) == 1
    assert window.statusBar().currentMessage() == \
        "The canvas failed again, with the same error as the message before."


def test_an_edit_that_fails_is_told_to_undo(window, monkeypatch):
    window.files.open_example(example_paths()[0])
    window.edits.add_node("ones")

    def broken(self, node_id):           # (called by the undo command)
        raise ValueError("the node could not be taken out.")
    monkeypatch.setattr(Document, "remove_node", broken)
    window.undo_action.trigger()            # (Ctrl+Z: the undo stack calls the command)
    assert window.titles == ["The edit failed"]
    (text,) = window.errors
    assert text.startswith("The last edit failed (ValueError: the node could not be taken "
                           "out); the graph is still open, so undo the last step")
    assert ".." not in text


def test_the_cause_is_read_from_the_traceback():
    def raise_in(module_file):
        code = compile("raise KeyError('n3')", module_file, "exec")
        try:
            exec(code, {})
        except KeyError:
            return sys.exc_info()[2]
    assert error_report.cause_of(raise_in("/x/gradstudio/ui/timeline.py")) == \
        ("view", "The Timeline panel")
    assert error_report.cause_of(raise_in("/x/gradstudio/ui/canvas/scene.py")) == \
        ("view", "The canvas")
    assert error_report.cause_of(raise_in("/x/gradstudio/ui/commands.py"))[0] == "edit"
    assert error_report.cause_of(raise_in("/x/gradstudio/document/model.py"))[0] == "other"
    title, text = error_report.uncaught_message(KeyError, KeyError("n3"),
                                                raise_in("/x/gradstudio/engine/x.py"))
    assert "undo" not in text and ".." not in text and "printed" in text
