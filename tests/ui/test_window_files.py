"""The window's file commands are an object of their own: ``WindowFiles`` works with the
collaborators it is given (a session, settings, a canvas, a host answering ``FileHost``)
and no main window at all, and holds its host weakly (the window holds it)."""
import weakref

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox, QStatusBar, QWidget

from gradstudio.document import Document, files
from gradstudio.document.examples import autograd_tutorial
from gradstudio.ui.session import Session
from gradstudio.ui.window_exports import WindowExports
from gradstudio.ui.window_files import WindowFiles


class Host(QWidget):
    """A FileHost with nothing of a main window (a bare widget, the parent of what the
    files open): answers recorded, messages kept."""

    def __init__(self, save_path=""):
        super().__init__()
        self.save_path = save_path
        self.errors, self.titles, self.bar = [], 0, QStatusBar()

    def ask_save_changes(self):
        return QMessageBox.StandardButton.Discard

    def ask_open_path(self, caption, file_filter):
        return ""

    def ask_save_path(self, caption, file_filter, suggested):
        return str(self.save_path)

    def show_error(self, title, text):
        self.errors.append(text)

    def statusBar(self):
        return self.bar

    def update_title(self, *_):
        self.titles += 1

    def show_lesson(self):
        pass

    def guard(self, slot, what):
        return slot


class Canvas:
    fitted = 0

    def fit_to_view(self):
        self.fitted += 1


def test_file_commands_work_with_their_collaborators_alone(tmp_path, qtbot):
    host, canvas = Host(save_path=tmp_path / "mine"), Canvas()
    session = Session(autograd_tutorial())
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    commands = WindowFiles(session, settings, canvas, host)
    commands.start_autosave()
    assert commands.document_name() == "Untitled" and commands.suggested_name() == "Untitled"
    assert commands.save()                                 # untitled: asks for a name
    saved = tmp_path / "mine.gsg"
    assert files.load(saved).node_ids == session.document.node_ids
    assert commands.document_name() == "mine.gsg" and host.bar.currentMessage() == \
        "Saved mine.gsg"
    assert commands.new_document() and session.document.node_ids == []
    assert commands.open_file(saved) and len(session.document.node_ids) > 0
    assert commands.recent_files() == [str(saved.resolve())]
    assert canvas.fitted == 2 and host.titles >= 3 and host.errors == []
    (tmp_path / "broken.gsg").write_text("{")
    assert not commands.open_file(tmp_path / "broken.gsg")
    assert len(host.errors) == 1 and "broken.gsg" in host.errors[0]
    commands.autosaver.close()


def test_exports_use_the_files_suggested_name_and_the_host(tmp_path, qtbot):
    host = Host(save_path=tmp_path / "lesson.py")
    session = Session(Document())
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    commands = WindowFiles(session, settings, Canvas(), host)
    exports = WindowExports(session, Canvas(), commands, host)
    assert exports.export_script()
    assert "import torch" in (tmp_path / "lesson.py").read_text()
    assert host.bar.currentMessage() == "Exported lesson.py"


def test_the_host_is_held_weakly(tmp_path, qtbot):
    host = Host()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    commands = WindowFiles(Session(Document()), settings, Canvas(), host)
    assert commands.window is host
    gone = weakref.ref(host)
    del host                         # (freed by reference counting alone)
    assert gone() is None and commands.window is None
