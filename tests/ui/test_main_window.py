"""The main window driven as a user drives it: menus, files, the title, the close prompt,
errors, exports, recent files and the panel layout. Dialogs are answered by replacing
the window's ``show_error`` / ``ask_*`` methods; settings live in a temporary ini file."""
import importlib.util
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMessageBox

from gradstudio.document import Document, files
from gradstudio.ui import main_window as mw
from gradstudio.ui.commands import AddNode, Connect, MoveNodes, SetParam
from gradstudio.ui.main_window import MainWindow

from driving import menu_action

SAVE, DISCARD, CANCEL = (QMessageBox.StandardButton.Save, QMessageBox.StandardButton.Discard,
                         QMessageBox.StandardButton.Cancel)


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


class Answers:
    """What the user answers; what the window told them."""

    def __init__(self):
        self.errors = []
        self.save_changes = DISCARD
        self.asked = 0
        self.open_path = ""
        self.save_path = ""
        self.print_outputs = "as_is"     # a script that prints nothing: exported as is
        self.outputs_offered = []


def make_window(qtbot, settings, answers):
    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    w.show_error = lambda title, text: answers.errors.append((title, text))

    def ask():
        answers.asked += 1
        return answers.save_changes
    w.ask_save_changes = ask
    w.ask_open_path = lambda caption, flt: answers.open_path
    w.ask_save_path = lambda caption, flt, suggested: answers.save_path

    def ask_print_outputs(names):
        answers.outputs_offered.append(names)
        return answers.print_outputs
    w.exports.ask_print_outputs = ask_print_outputs
    return w


@pytest.fixture
def answers():
    return Answers()


@pytest.fixture
def window(qtbot, settings, answers):
    w = make_window(qtbot, settings, answers)
    w.resize(1500, 940)             # (the first size fits the screen: offscreen, 800 × 800)
    w.show()
    qtbot.waitExposed(w)
    return w


def build_small_graph(w):
    """x = ones(2, 2, requires_grad=True); y = x + 2 (through undo commands)."""
    s = w.session
    x = AddNode(s.document, "ones", {"requires_grad": True}, (0, 0), "x")
    s.push(x)
    y = AddNode(s.document, "add", {"other": 2.0}, (150, 0), "y")
    s.push(y)
    s.push(Connect(s.document, x.node_id, y.node_id, "self"))
    return x.node_id, y.node_id



def test_menus_have_the_issue_commands_with_standard_shortcuts(window):
    K = QKeySequence.StandardKey
    for menu, text, key in [("File", "New", K.New), ("File", "Open…", K.Open),
                            ("File", "Save", K.Save), ("File", "Save As…", K.SaveAs),
                            ("Edit", "Copy", K.Copy), ("Edit", "Paste", K.Paste),
                            ("Edit", "Cut", K.Cut), ("Edit", "Delete", K.Delete)]:
        act = menu_action(window, menu, text)
        assert act.shortcuts() == QKeySequence.keyBindings(key)
    for text in ("Import PyTorch Script…", "Export PyTorch Script…",
                 "Export Canvas as PNG…", "Export Canvas as SVG…"):
        menu_action(window, "File", text)
    assert "run" in window.import_action.statusTip().lower()
    edit = [a.text() for a in window.menuBar().actions()[1].menu().actions()]
    assert edit[0].startswith("&Undo") and edit[1].startswith("&Redo")
    assert window.undo_action.shortcuts() == QKeySequence.keyBindings(K.Undo)


def test_ctrl_0_is_100_percent_and_f_fits_as_the_readme_says(window, qtbot):
    window.files.open_example(mw.example_paths()[0])
    canvas = window.canvas
    canvas.setFocus()
    canvas.set_zoom(2.0)
    qtbot.keyClick(canvas, mw.Qt.Key.Key_0, mw.Qt.KeyboardModifier.ControlModifier)
    assert canvas.zoom == pytest.approx(1.0)
    qtbot.keyClick(canvas, mw.Qt.Key.Key_F)
    visible = canvas.visible_scene_rect()
    assert all(visible.contains(i.sceneBoundingRect()) for i in canvas.scene().nodes.values())
    assert canvas.zoom < 1.0
    window.palette.search.setFocus()
    qtbot.keyClick(window.palette.search, mw.Qt.Key.Key_F)   # F is a letter elsewhere
    assert window.palette.search.text() == "f"
    assert menu_action(window, "View", "Actual Size").shortcut().toString() == "Ctrl+0"
    assert menu_action(window, "View", "Fit Graph in View").shortcut().toString() == "F"


def test_title_marks_unsaved_changes_and_clears_after_save(window, tmp_path, answers):
    assert "[*]" in window.windowTitle() and not window.isWindowModified()
    build_small_graph(window)
    assert window.isWindowModified()
    answers.save_path = str(tmp_path / "lesson")        # extension added
    menu_action(window, "File", "Save As…").trigger()
    assert answers.errors == []
    assert (tmp_path / "lesson.gsg").is_file()
    assert not window.isWindowModified()
    assert window.windowTitle().startswith("lesson.gsg[*]")
    window.session.undo_stack.undo()                     # back past the clean point
    assert window.isWindowModified()
    window.session.undo_stack.redo()
    assert not window.isWindowModified()


def test_new_save_save_as_reopen_is_byte_identical(window, tmp_path, answers):
    menu_action(window, "File", "New").trigger()
    x, y = build_small_graph(window)
    window.session.push(SetParam(window.session.document, y, "other", 3.5))
    first, second = tmp_path / "a.gsg", tmp_path / "b.gsg"
    answers.save_path = str(first)
    menu_action(window, "File", "Save").trigger()         # untitled: Save asks for a name
    assert first.is_file() and not window.isWindowModified()
    answers.open_path = str(first)
    menu_action(window, "File", "Open…").trigger()
    assert window.session.document.node(y).params["other"] == 3.5
    answers.save_path = str(second)
    menu_action(window, "File", "Save As…").trigger()
    assert first.read_bytes() == second.read_bytes()
    assert answers.errors == []


def test_closing_with_unsaved_changes_asks(window, answers):
    build_small_graph(window)
    answers.save_changes = CANCEL
    assert not window.close()
    assert answers.asked == 1 and window.isVisible()
    answers.save_changes = DISCARD
    assert window.close()
    assert answers.asked == 2


def test_closing_and_choosing_save_writes_the_file(window, answers, tmp_path):
    build_small_graph(window)
    answers.save_changes = SAVE
    answers.save_path = str(tmp_path / "kept.gsg")
    assert window.close()
    assert (tmp_path / "kept.gsg").is_file()


def test_new_with_unsaved_changes_asks_and_cancel_keeps_everything(window, answers):
    build_small_graph(window)
    answers.save_changes = CANCEL
    menu_action(window, "File", "New").trigger()
    assert len(window.session.document.node_ids) == 2 and window.isWindowModified()


def test_a_broken_file_shows_one_error_and_keeps_the_document(window, answers, tmp_path):
    x, y = build_small_graph(window)
    good = tmp_path / "good.gsg"
    assert window.files.save_as(good)
    bad = tmp_path / "broken.gsg"
    bad.write_text('{"format_version": 2, "nodes": [{"kind": "no_such_op"}]', encoding="utf-8")
    answers.open_path = str(bad)
    menu_action(window, "File", "Open…").trigger()
    assert len(answers.errors) == 1 and "broken.gsg" in answers.errors[0][1]
    assert answers.errors[0][1].count("broken.gsg") == 1 and str(tmp_path) not in \
        answers.errors[0][1]
    assert window.session.path == str(good.resolve())
    assert window.session.document.node_ids == [x, y]
    assert window.session.state(y).value.tolist() == [[3.0, 3.0], [3.0, 3.0]]
    window.session.push(SetParam(window.session.document, y, "other", 1.0))   # still usable
    assert window.session.state(y).value.tolist() == [[2.0, 2.0], [2.0, 2.0]]


def test_a_failing_save_says_so_and_nothing_is_lost(window, answers, tmp_path):
    build_small_graph(window)
    target = tmp_path / "no_such_folder" / "x.gsg"
    assert not window.files.save_as(target)
    assert len(answers.errors) == 1 and window.isWindowModified()
    assert answers.errors[0][1].count("x.gsg") == 1
    assert len(window.session.document.node_ids) == 2


def test_saving_is_atomic(window, tmp_path, monkeypatch):
    build_small_graph(window)
    path = tmp_path / "g.gsg"
    assert window.files.save_as(path)
    before = path.read_bytes()
    monkeypatch.setattr(files, "dumps", lambda doc: 1 / 0)
    window.session.push(AddNode(window.session.document, "zeros"))
    assert not window.files.save()
    assert path.read_bytes() == before


def test_saving_keeps_the_previous_file_as_bak_as_the_command_line_does(window, tmp_path):
    build_small_graph(window)
    path = tmp_path / "g.gsg"
    assert window.files.save_as(path)
    first = path.read_bytes()
    window.session.push(AddNode(window.session.document, "zeros"))
    assert window.files.save()
    assert (tmp_path / "g.gsg.bak").read_bytes() == first != path.read_bytes()


def test_a_save_that_fails_before_the_file_is_replaced_leaves_it_and_no_debris(
        window, answers, tmp_path, monkeypatch):
    build_small_graph(window)
    folder = tmp_path / "graphs"
    folder.mkdir()
    path = folder / "g.gsg"
    assert window.files.save_as(path)
    before = path.read_bytes()

    def refuse(p):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(files, "keep_backup", refuse)
    window.session.push(AddNode(window.session.document, "zeros"))
    assert not window.files.save()
    assert path.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["g.gsg"]
    assert "Permission denied" in answers.errors[-1][1] and window.session.is_modified


def test_saving_through_a_symbolic_link_replaces_its_file_and_keeps_the_link(window, tmp_path):
    build_small_graph(window)
    real = tmp_path / "real.gsg"
    assert window.files.save_as(real)
    link = tmp_path / "link.gsg"
    link.symlink_to(real)
    window.session.push(AddNode(window.session.document, "zeros"))
    assert window.files.save_as(link)
    assert link.is_symlink() and real.read_bytes() == files.dumps(window.session.document).encode()


def test_menu_commands_never_let_an_exception_escape(window, answers, monkeypatch):
    monkeypatch.setattr(files, "load", lambda path: (_ for _ in ()).throw(RuntimeError("boom")))
    answers.open_path = "/nowhere/x.gsg"
    menu_action(window, "File", "Open…").trigger()
    assert len(answers.errors) == 1 and "boom" in answers.errors[0][1]


def test_excepthook_guard_shows_an_error(window, answers):
    previous = window.install_excepthook()
    try:
        try:
            raise ValueError("broken slot")
        except ValueError:
            sys.excepthook(*sys.exc_info())
    finally:
        sys.excepthook = previous
    assert len(answers.errors) == 1 and "broken slot" in answers.errors[0][1]


def test_export_script_writes_a_file(window, answers, tmp_path):
    build_small_graph(window)
    answers.save_path = str(tmp_path / "lesson.py")
    menu_action(window, "File", "Export PyTorch Script…").trigger()
    text = (tmp_path / "lesson.py").read_text(encoding="utf-8")
    assert "import torch" in text and "ones" in text
    assert answers.errors == []


def _printed_under_torch(*scripts):
    """What each script prints under real PyTorch (skipped without it), from the test
    session's one torch runner child (``tests/document/script_runner.py``), so neither
    this process nor a new one starts torch for it."""
    runner = sys.modules.get("script_runner")
    if runner is None:
        path = Path(__file__).resolve().parents[1] / "document" / "script_runner.py"
        spec = importlib.util.spec_from_file_location("script_runner", path)
        runner = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(runner)
    if not runner.torch_available():
        pytest.skip("torch is not installed")
    results = runner.run_scripts(list(scripts))
    assert [error for _, error in results] == [None] * len(scripts), results
    return [out for out, _ in results]


@pytest.mark.parametrize("answer", ["print", "as_is", None])
def test_exporting_a_graph_that_prints_nothing_offers_to_print_its_outputs(
        window, answers, tmp_path, answer):
    build_small_graph(window)                 # x = ones(2, 2); y = x + 2; nothing watched
    doc = window.session.document
    answers.print_outputs = answer
    answers.save_path = str(tmp_path / "graph.py")
    menu_action(window, "File", "Export PyTorch Script…").trigger()
    assert answers.outputs_offered == [["y"]]
    written = (tmp_path / "graph.py").exists()
    assert written == (answer is not None)
    watched = [doc.display_name(n) for n in doc.node_ids if doc.node(n).watched]
    assert watched == (["y"] if answer == "print" else [])
    if answer is None:
        return
    text = (tmp_path / "graph.py").read_text(encoding="utf-8")
    assert ("print(y)" in text) == (answer == "print")
    if answer == "print":
        out, expected = _printed_under_torch(
            text, "import torch\nprint(torch.ones(2, 2, requires_grad=True) + 2)\n")
        assert out == expected
        answers.outputs_offered.clear()       # it prints now: exported without asking
        menu_action(window, "File", "Export PyTorch Script…").trigger()
        assert answers.outputs_offered == []
        window.session.undo_stack.undo()      # one undo step takes the print back
        assert not any(doc.node(n).watched for n in doc.node_ids)


def test_the_node_menus_rename_starts_the_rename_in_the_inspector(window):
    build_small_graph(window)
    s = window.session
    y = s.document.node_ids[-1]
    s.select([y])
    window.canvas.rename_requested.emit(y)           # (the menu's Rename…)
    assert window.inspector.name.edit.selectedText() == "y"


def test_the_status_bar_says_the_new_name_after_a_rename(window):
    from gradstudio.ui.commands import SetLabel
    build_small_graph(window)
    s = window.session
    x, y = s.document.node_ids
    s.push(SetParam(s.document, x, "requires_grad", False))
    assert window.statusBar().currentMessage() == "y lost its grad_fn"
    s.push(SetLabel(s.document, y, "w"))
    assert window.statusBar().currentMessage() == "w lost its grad_fn"


@pytest.mark.parametrize("fmt", ["PNG", "SVG"])
def test_export_canvas_writes_a_non_empty_file(window, answers, tmp_path, fmt):
    build_small_graph(window)
    answers.save_path = str(tmp_path / f"canvas.{fmt.lower()}")
    menu_action(window, "File", f"Export Canvas as {fmt}…").trigger()
    assert answers.errors == []
    assert (tmp_path / f"canvas.{fmt.lower()}").stat().st_size > 100


def test_recent_files_persist_across_windows(qtbot, settings, answers, tmp_path):
    first = make_window(qtbot, settings, answers)
    build_small_graph(first)
    paths = [tmp_path / "one.gsg", tmp_path / "two.gsg"]
    for p in paths:
        assert first.files.save_as(p)
    assert first.close()
    second = make_window(qtbot, settings, answers)
    assert second.files.recent_files() == [str(paths[1].resolve()), str(paths[0].resolve())]
    entries = [a for a in second.recent_menu.actions() if a.data()]
    assert [a.data() for a in entries] == second.files.recent_files()
    entries[1].trigger()
    assert second.session.path == str(paths[0].resolve())
    assert answers.errors == []


def test_dock_layout_is_restored(qtbot, settings, answers):
    first = make_window(qtbot, settings, answers)
    first.show()
    qtbot.waitExposed(first)
    assert {d.objectName() for d in first.docks.values()} >= {
        "palette_dock", "inspector_dock", "timeline_dock", "autograd_dock", "code_dock"}
    first.docks["code"].toggleViewAction().trigger()
    assert not first.docks["code"].isVisible()
    assert first.close()
    second = make_window(qtbot, settings, answers)
    second.show()
    qtbot.waitExposed(second)
    assert not second.docks["code"].isVisible()
    assert second.docks["palette"].isVisible()
    second.reset_layout()
    assert second.docks["code"].isVisible()


def test_a_panel_tabbed_away_does_no_work_until_it_is_shown(window, qtbot, monkeypatch):
    view = window.autograd_view                    # behind the inspector's tab at first
    qtbot.waitUntil(lambda: not view.shown)
    redraws = []
    redraw = type(view).redraw

    def counted(self):             # patched on the class: an instance attribute holding
        redraws.append(1)          # the view's own bound method would be a cycle
        return redraw(self)
    monkeypatch.setattr(type(view), "redraw", counted)
    x, y = build_small_graph(window)
    window.session.select([y])
    assert redraws == []
    window.docks["autograd"].raise_()
    qtbot.waitUntil(lambda: view.shown)
    assert len(redraws) == 1                       # once, for everything it missed
    assert view.root == y and len(view.item_named("AddBackward0")) == 1


def test_copy_paste_delete_of_a_subgraph(window):
    x, y = build_small_graph(window)
    s = window.session
    s.select([x, y])
    menu_action(window, "Edit", "Copy").trigger()
    assert window.paste_action.isEnabled()
    menu_action(window, "Edit", "Paste").trigger()
    doc = s.document
    assert len(doc.node_ids) == 4
    new = [n for n in doc.node_ids if n not in (x, y)]
    assert sorted(s.selection) == sorted(new)
    assert len(doc.edges()) == 2                      # the edge inside the copy came too
    assert s.state(new[1]).value.tolist() == [[3.0, 3.0], [3.0, 3.0]]
    menu_action(window, "Edit", "Delete").trigger()
    assert doc.node_ids == [x, y]
    s.undo_stack.undo()
    assert len(doc.node_ids) == 4


def test_paste_of_foreign_clipboard_text_does_nothing(window, answers):
    QGuiApplication.clipboard().setText("not a graph")
    assert not window.paste_action.isEnabled()
    window.edits.paste()
    assert window.session.document.node_ids == [] and answers.errors == []


def test_palette_activation_adds_a_node(window):
    window.palette.kind_activated.emit("ones")
    assert [window.session.document.node(n).kind for n in window.session.document.node_ids] \
        == ["ones"]


def test_open_recent_of_a_missing_file_says_so_and_forgets_it(window, answers, tmp_path):
    p = tmp_path / "gone.gsg"
    window.session.set_document(Document())
    build_small_graph(window)
    assert window.files.save_as(p)
    p.unlink()
    assert not window.files.open_file(p)
    assert len(answers.errors) == 1
    assert window.files.recent_files() == []


def test_main_opens_the_tutorial_or_the_given_file_and_returns_on_close(qtbot, settings,
                                                                        tmp_path):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from gradstudio.ui.main_window import main

    seen = []

    def close_all():       # the window main() shows (earlier tests' closed ones linger)
        for top in QApplication.topLevelWidgets():
            if isinstance(top, MainWindow) and top.isVisible():
                seen.append((top.windowTitle(), list(top.session.document.node_ids)))
                top.close()

    p = tmp_path / "given.gsg"
    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    build_small_graph(w)
    assert w.files.save_as(p)
    w.close()
    QTimer.singleShot(0, close_all)
    assert main([str(p)], settings=settings) == 0
    assert seen[-1][0].startswith("given.gsg") and len(seen[-1][1]) == 2


def distinct_colours(image):
    import numpy as np
    from PySide6.QtGui import QImage
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint32, image.width() * image.height())
    return len(np.unique(pixels))


def test_every_bundled_example_opens_and_renders(window, answers, qtbot):
    examples = mw.example_paths()
    assert len(examples) >= 5 and "tutorial" in examples[0].name
    titles = [a.text() for a in window.examples_menu.actions()]
    assert len(titles) == len(examples)
    for action, path in zip(window.examples_menu.actions(), examples):
        action.trigger()
        assert answers.errors == [], path.name
        doc = window.session.document
        assert doc.node_ids, path.name
        assert not window.isWindowModified()
        assert "(example)" in window.windowTitle()
        assert window.session.path == ""                   # Save asks for a new name
        window.canvas.fit_to_view()
        image = window.grab().toImage()
        assert distinct_colours(image) > 8, path.name
        canvas_image = window.canvas.grab().toImage()
        assert distinct_colours(canvas_image) > 3, path.name


def test_import_script_runs_it_in_the_background_and_opens_the_graph(window, answers, qtbot,
                                                                     tmp_path):
    script = tmp_path / "lesson.py"
    script.write_text("import torch\nx = torch.ones(2, 2, requires_grad=True)\n"
                      "y = x + 2\nout = (y * y * 3).mean()\nout.backward()\n",
                      encoding="utf-8")
    answers.open_path = str(script)
    menu_action(window, "File", "Import PyTorch Script…").trigger()
    task = window.files.task
    assert task is not None
    with qtbot.waitSignal(task.finished, timeout=30000):
        pass
    assert answers.errors == []
    doc = window.session.document
    labels = {doc.node(n).label for n in doc.node_ids}
    assert {"x", "y", "out"} <= labels
    x = next(n for n in doc.node_ids if doc.node(n).label == "x")
    assert window.session.state(x).grad.tolist() == [[4.5, 4.5], [4.5, 4.5]]
    assert window.windowTitle().startswith("lesson (imported)")


def test_import_script_can_be_cancelled_and_nothing_changes(window, answers, qtbot, tmp_path):
    x, y = build_small_graph(window)
    script = tmp_path / "forever.py"
    script.write_text("while True:\n    pass\n", encoding="utf-8")
    answers.save_changes = DISCARD      # the question comes before the script runs
    task = window.files.import_script(script)
    assert task.running
    assert window.isEnabled()                              # the GUI thread is free
    with qtbot.waitSignal(task.cancelled, timeout=20000):
        task.dialog.canceled.emit()                        # the user presses Cancel
    assert answers.errors == []
    assert not task.running
    assert window.session.document.node_ids == [x, y]


def test_a_failing_script_import_shows_one_error(window, answers, qtbot, tmp_path):
    script = tmp_path / "bad.py"
    script.write_text("import torch\nraise ValueError('nope')\n", encoding="utf-8")
    task = window.files.import_script(script)
    with qtbot.waitSignal(task.finished, timeout=30000):
        pass
    assert len(answers.errors) == 1 and "bad.py" in answers.errors[0][1]
    assert window.session.document.node_ids == []


def test_the_gradstudio_command_opens_the_tutorial_window(qtbot, monkeypatch):
    from gradstudio.app import cli
    from gradstudio.ui import main_window
    calls = []
    monkeypatch.setattr(main_window, "main", lambda argv=None: calls.append(argv) or 0)
    assert cli.main([]) == 0 and cli.main(["lesson.gsg"]) == 0
    assert calls == [[], ["lesson.gsg"]]


def test_main_without_a_file_opens_the_autograd_tutorial(qtbot, settings):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    seen = []

    def close_all():
        shown = [top for top in QApplication.topLevelWidgets()
                 if isinstance(top, MainWindow) and top.isVisible()]
        if not any(top.session.document.node_ids for top in shown):
            QTimer.singleShot(10, close_all)    # (it opens once the first frame is up)
            return
        for top in shown:
            seen.append((top.windowTitle(), top.session.is_modified,
                         len(top.session.document.node_ids)))
            top.close()
    QTimer.singleShot(0, close_all)
    assert mw.main([], settings=settings) == 0
    title, modified, nodes = seen[-1]
    assert "tutorial" in title.lower() and not modified and nodes >= 4


def test_arrange_graph_lays_the_nodes_out_in_one_undo_step(window):
    x, y = build_small_graph(window)
    doc = window.session.document
    window.session.push(MoveNodes(doc, {x: (500.0, 300.0), y: (-40.0, 900.0)}, merge=False))
    before = files.dumps(doc)
    menu_action(window, "Graph", "Arrange Graph").trigger()
    assert doc.node(y).position[0] > doc.node(x).position[0]       # inputs on the left
    assert doc.node(y).position[1] == doc.node(x).position[1]      # a chain is one row
    assert min(doc.node(n).position for n in (x, y)) == (-40.0, 300.0)
    assert window.session.undo_stack.undoText() == "Arrange graph"
    window.session.undo_stack.undo()
    assert files.dumps(doc) == before


def test_snap_to_grid_is_a_view_setting_that_is_remembered(qtbot, settings, answers):
    first = make_window(qtbot, settings, answers)
    assert not first.canvas.snapping
    menu_action(first, "View", "Snap to Grid").trigger()
    assert first.canvas.snapping and first.snap_action.isChecked()
    second = make_window(qtbot, settings, answers)
    assert second.canvas.snapping and second.snap_action.isChecked()


def test_f2_puts_the_selected_node_s_name_under_the_keyboard(window, qtbot):
    x, _ = build_small_graph(window)
    window.docks["autograd"].raise_()               # the inspector is tabbed away
    window.session.select([x])
    window.canvas.setFocus()
    qtbot.keyClick(window.canvas, Qt.Key.Key_F2)
    field = window.inspector.name.edit
    assert window.inspector.isVisible() and field.hasFocus() and field.selectedText() == "x"
    qtbot.keyClicks(field, "inputs")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert window.session.document.node(x).label == "inputs"
    window.session.select([])
    assert not menu_action(window, "Graph", "Rename…").isEnabled()


def test_the_status_bar_says_what_unticking_requires_grad_changed(window):
    window.files.open_example(mw.example_paths()[0])          # the autograd tutorial
    doc = window.session.document
    x = next(n for n in doc.node_ids if doc.node(n).label == "x")
    window.session.select([x])
    window.inspector.requires_grad.click()
    message = window.statusBar().currentMessage()
    assert "y, y_times_y, z and out lost their grad_fn" in message and "x" in message
    window.session.undo_stack.undo()
    assert "y, y_times_y, z and out gained a grad_fn" in window.statusBar().currentMessage()


def test_arrange_graph_wraps_a_chain_too_long_for_the_canvas(window):
    doc = window.session.document
    prev = None
    for i in range(12):
        add = AddNode(doc, "ones" if prev is None else "exp", position=(i * 10.0, 0.0))
        window.session.push(add)
        if prev is not None:
            window.session.push(Connect(doc, prev, add.node_id, "self"))
        prev = add.node_id
    menu_action(window, "Graph", "Arrange Graph").trigger()
    xs = sorted({doc.node(n).position[0] for n in doc.node_ids})
    ys = sorted({doc.node(n).position[1] for n in doc.node_ids})
    assert 4 <= len(xs) < 12 and len(ys) >= 2
    assert window.canvas.transform().m11() >= 0.5         # readable after the fit


def test_an_open_document_is_kept_out_of_full_collections_and_freed_when_replaced(
        idle_collection, window, qtbot):
    """gc_policy.settle: after a pause, what lives with the document is frozen out of the
    cyclic collector's full passes; opening another brings it back, so the old document
    (and its run) is freed, not leaked."""
    import gc
    import weakref
    window.files.open_example(mw.example_paths()[0])
    gc.unfreeze()
    doc = window.session.document
    cycle = [doc]
    cycle.append(cycle)          # held in a reference cycle: only the collector frees it
    old = weakref.ref(doc)
    old_run = weakref.ref(window.session.result)
    del doc, cycle
    qtbot.waitUntil(lambda: gc.get_freeze_count() > 0, timeout=mw.HEAP_IDLE_MS + 3000)
    window.files.open_example(mw.example_paths()[1])
    qtbot.waitUntil(lambda: old() is None and old_run() is None,
                    timeout=mw.HEAP_IDLE_MS + 3000)
    assert gc.get_freeze_count() > 0
    window.session.set_step(0)                  # moving about waits for a pause too
    assert window._heap_timer.isActive() and window._heap_timer.interval() == mw.HEAP_IDLE_MS
    gc.unfreeze()                               # (the other tests' objects: as before)
