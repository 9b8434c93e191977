"""A notebook or script runs only once the user allows it, as Jupyter's trust does: one
opened from the command line or Open Recent asks "Run it?" the first time its content
is seen; one picked in File ▸ Open or Import Script just now runs; declining opens
nothing, runs nothing and leaves the window as it was. The answer is remembered by the
SHA-256 of the file's bytes, so a changed file asks again. (The question is answered by
``trust_answers`` in conftest.py, which stands in for the dialog.)"""
import json
from pathlib import Path

from PySide6.QtCore import QStandardPaths, Qt
from PySide6.QtWidgets import QApplication

from gradstudio.ui import main_window as mw
from gradstudio.ui import recovery, trust

from driving import main_window, menu_action

TRACE_MS = 60_000


def notebook(path, marker, factor=2):
    """A notebook whose code leaves ``marker`` behind when it runs."""
    code = (f"import torch\nopen({str(marker)!r}, 'w').write('ran')\n"
            f"x = torch.ones(2, requires_grad=True)\ny = (x * {factor}).sum()\ny.backward()")
    path.write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {},
                                "cells": [{"cell_type": "code", "metadata": {},
                                           "execution_count": 1, "outputs": [],
                                           "source": code}]}), encoding="utf-8")
    return path


def script(path, marker):
    path.write_text(f"import torch\nopen({str(marker)!r}, 'w').write('ran')\n"
                    "x = torch.ones(2, requires_grad=True)\ny = (x * 3).sum()\n",
                    encoding="utf-8")
    return path


def finish(qtbot, task):
    assert task is not None and task.running
    qtbot.waitUntil(lambda: not task.running, timeout=TRACE_MS)
    QApplication.processEvents()


def opened_example(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path)
    w.files.open_example(mw.example_paths()[0])
    return w


# ---------------------------------------------------------------------- the store
def test_contents_are_remembered_by_hash_and_a_change_asks_again(tmp_path):
    store = tmp_path / "t.json"
    assert not trust.is_trusted(b"print(1)\n", store)
    assert trust.remember(b"print(1)\n", store)
    assert trust.is_trusted(b"print(1)\n", store)
    assert not trust.is_trusted(b"print(2)\n", store)
    saved = json.loads(store.read_text())
    assert saved["sha256"] == [trust.content_hash(b"print(1)\n")]
    assert "print" not in store.read_text()          # hashes only, no names or code


def test_a_broken_store_trusts_nothing_and_is_mended(tmp_path):
    store = tmp_path / "t.json"
    for broken in (b"not json", b"[1, 2]", b'{"kind": "other", "sha256": []}', b"\xff"):
        store.write_bytes(broken)
        assert not trust.is_trusted(b"x", store)
    assert trust.remember(b"x", store) and trust.is_trusted(b"x", store)


def test_the_store_lives_in_the_applications_data_folder(monkeypatch):
    monkeypatch.delenv("GRADSTUDIO_TRUST_FILE")
    data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    assert trust.trust_file() == Path(data) / "trusted.json"
    monkeypatch.delenv("GRADSTUDIO_RECOVERY_DIR", raising=False)
    assert trust.trust_file().parent == recovery.recovery_dir().parent


# ---------------------------------------------------------------------- notebooks
def test_a_notebook_from_the_command_line_asks_and_declining_runs_nothing(
        qtbot, tmp_path, trust_answers):
    marker = tmp_path / "ran.txt"
    path = notebook(tmp_path / "lesson.ipynb", marker)
    w = opened_example(qtbot, tmp_path)
    doc, title = w.session.document, w.windowTitle()
    trust_answers.reply = False
    assert not w.files.open_file(path)                           # as `gradstudio lesson.ipynb`
    assert trust_answers == [str(path)]
    assert w.files.task is None and not marker.exists()          # nothing ran
    assert w.session.document is doc and w.windowTitle() == title
    assert "lesson.ipynb was not run" in w.statusBar().currentMessage()
    assert str(path.resolve()) not in w.files.recent_files()
    assert w.isEnabled() and w.files.new_document()              # the window is usable


def test_an_allowed_notebook_is_not_asked_about_again_until_it_changes(
        qtbot, tmp_path, trust_answers):
    marker = tmp_path / "ran.txt"
    path = notebook(tmp_path / "lesson.ipynb", marker)
    w = main_window(qtbot, tmp_path)
    finish(qtbot, w.files.open_file(path))
    assert trust_answers == [str(path)] and marker.exists()
    assert w.session.document.lesson is not None and not w.errors
    marker.unlink()
    finish(qtbot, w.files.open_file(path))                       # the same bytes: no question
    assert trust_answers == [str(path)] and marker.exists()
    notebook(path, marker, factor=5)                       # changed: asked again
    trust_answers.reply = False
    assert not w.files.open_file(path)
    assert trust_answers == [str(path)] * 2


def test_open_recent_asks_and_the_file_dialog_does_not(qtbot, tmp_path, trust_answers):
    marker = tmp_path / "ran.txt"
    picked = notebook(tmp_path / "picked.ipynb", marker)
    w = main_window(qtbot, tmp_path)
    w.ask_open_path = lambda caption, flt: str(picked)
    menu_action(w, "File", "Open…").trigger()              # chosen in the dialog: runs
    finish(qtbot, w.files.task)
    assert trust_answers == [] and marker.exists()
    other = notebook(tmp_path / "other.ipynb", tmp_path / "other.txt", factor=7)
    w.files.add_recent(other)
    trust_answers.reply = False
    recent = [a for a in w.recent_menu.actions() if a.data() == str(other.resolve())]
    recent[0].trigger()
    assert trust_answers == [str(other.resolve())]
    assert not (tmp_path / "other.txt").exists()
    picked_again = [a for a in w.recent_menu.actions() if a.data() == str(picked.resolve())]
    picked_again[0].trigger()                              # picked (and run) before: runs
    finish(qtbot, w.files.task)
    assert trust_answers == [str(other.resolve())]


def test_the_gradstudio_command_asks_before_running_a_notebook(qtbot, tmp_path,
                                                               trust_answers):
    from PySide6.QtCore import QSettings
    marker = tmp_path / "ran.txt"
    path = notebook(tmp_path / "given.ipynb", marker)
    trust_answers.reply = False
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    _app, w, hook = mw._shown_window([str(path)], settings)
    try:
        qtbot.addWidget(w)
        assert trust_answers == [str(path)]
        assert w.files.task is None and not marker.exists() and w.isVisible()
    finally:
        import sys
        sys.excepthook = hook


# ---------------------------------------------------------------------- scripts
def test_a_script_from_the_command_line_asks_and_declining_runs_nothing(
        qtbot, tmp_path, trust_answers):
    marker = tmp_path / "ran.txt"
    path = script(tmp_path / "lesson.py", marker)
    w = opened_example(qtbot, tmp_path)
    doc = w.session.document
    trust_answers.reply = False
    assert not w.files.open_file(path)                           # as `gradstudio lesson.py`
    assert trust_answers == [str(path)] and w.files.task is None and not marker.exists()
    assert w.session.document is doc
    trust_answers.reply = True
    finish(qtbot, w.files.open_file(path))                       # allowed: imported
    assert marker.exists() and w.windowTitle().startswith("lesson (imported)")


def test_a_script_picked_in_import_script_runs_without_a_question(qtbot, tmp_path,
                                                                 trust_answers):
    marker = tmp_path / "ran.txt"
    path = script(tmp_path / "mine.py", marker)
    w = main_window(qtbot, tmp_path)
    w.ask_open_path = lambda caption, flt: str(path)
    menu_action(w, "File", "Import PyTorch Script…").trigger()
    finish(qtbot, w.files.task)
    assert trust_answers == [] and marker.exists()
    assert trust.is_trusted(path.read_bytes())             # later opens do not ask


def test_the_question_defaults_to_cancel_and_shows_the_name_as_plain_text(qtbot, tmp_path,
                                                                          monkeypatch,
                                                                          trust_answers):
    shown = []

    def press(name):
        def exec_(box):
            shown.append((box.text(), box.textFormat(), box.defaultButton().text()))
            for button in box.buttons():
                if name in button.text():
                    button.click()
            return 0
        return exec_
    w = main_window(qtbot, tmp_path)
    odd = tmp_path / "<img src=x.png>.ipynb"
    monkeypatch.setattr(trust.QMessageBox, "exec", press("Cancel"))
    assert trust_answers.dialog(w, odd) is False
    monkeypatch.setattr(trust.QMessageBox, "exec", press("Run the notebook"))
    assert trust_answers.dialog(w, odd) is True
    text, text_format, default = shown[0]
    assert "“<img src=x.png>.ipynb” runs its code" in text
    assert text_format == Qt.TextFormat.PlainText and default == "Cancel"


def test_a_script_picked_in_file_open_is_traced_without_a_question(qtbot, tmp_path,
                                                                  trust_answers):
    """(File ▸ Open of a .py read it as a graph file: "this is not valid JSON"; issue 32
    asks for scripts there too.) Picked in the dialog just now, it runs as Import PyTorch
    Script runs it; the dialog offers scripts."""
    marker = tmp_path / "ran.txt"
    picked = script(tmp_path / "lesson.py", marker)
    w = main_window(qtbot, tmp_path)
    filters = []
    w.ask_open_path = lambda caption, flt: filters.append(flt) or str(picked)
    menu_action(w, "File", "Open…").trigger()
    finish(qtbot, w.files.task)
    assert trust_answers == [] and marker.exists() and not w.errors
    assert "*.py" in filters[0]
    assert [w.session.document.node(n).label for n in w.session.document.node_ids][-1] == "y"
    assert w.windowTitle().startswith("lesson (imported)")
