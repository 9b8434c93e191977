"""The main window's exports (File ▸ Export …): the graph as a PyTorch script (offering to
print its outputs when it would print nothing) or a Jupyter notebook, the canvas as a PNG
picture or an SVG drawing. Each asks where (a name suggested from the open file's), writes
atomically and says in the status bar how it went.

``WindowExports`` is an object of its own, made by the window with its collaborators: the
``session``, the ``canvas`` it draws, the window's ``WindowFiles`` (the suggested name, the
status bar) and the window itself (held weakly), for its questions and errors
(``ExportHost``)."""
import weakref
from pathlib import Path
from typing import Protocol

from gradstudio.document import export, files
from gradstudio.ui import export_prints
from gradstudio.ui.window_files import NOTEBOOK_FILTER, NOTEBOOK_SUFFIX, SCRIPT_FILTER
from gradstudio.ui.i18n import translate

__all__ = ["WindowExports", "ExportHost"]


def _notebook_exporter():
    """``export_notebook(doc, result)``, or None while this build has no notebook export."""
    try:
        from gradstudio.document.notebook_export import export_notebook
    except ImportError:
        return None
    return export_notebook


class ExportHost(Protocol):
    """What ``WindowExports`` asks of its window (``MainWindow`` is one; tests replace
    the questions); it is also the parent of the dialogs."""

    def ask_save_path(self, caption, file_filter, suggested): ...
    def show_error(self, title, text): ...


class WindowExports:
    """The export commands of the main window (see the module's docstring)."""

    def __init__(self, session, canvas, files, window: ExportHost):
        self.session = session
        self.canvas = canvas
        self.files = files
        self._window = weakref.ref(window)

    @property
    def window(self) -> ExportHost:
        """The window these are the export commands of."""
        return self._window()

    def export_script(self, path=None):
        """Writes the graph as a PyTorch script. One that would print nothing is said so
        first, with the choice to print the graph's outputs (``ask_print_outputs``)."""
        outputs = export_prints.outputs_to_print(self.session)
        if outputs:
            doc = self.session.document
            answer = self.ask_print_outputs([doc.display_name(n) for n in outputs])
            if answer is None:
                return False
            if answer == export_prints.PRINT:
                export_prints.watch(self.session, outputs)

        def write(target):
            script = export.export_script(self.session.document, self.session.result)
            files.write_atomically(target, script.text.encode("utf-8"))
        return self._export("script", translate("WindowExports", "Export PyTorch Script"), SCRIPT_FILTER, ".py", path, write)

    def ask_print_outputs(self, names):
        """"print", "as_is" or None for a script that would print nothing (tests
        replace this)."""
        return export_prints.ask_print_outputs(self.window, names)

    def export_notebook(self, path=None):
        """Writes the graph (with its lesson's text, if any) as a Jupyter notebook."""
        exporter = _notebook_exporter()
        if exporter is None:
            self.window.show_error(translate("WindowExports", "Could not export the notebook"),
                                   translate("WindowExports", "Export Notebook is not available in this build yet."))
            return False

        def write(target):
            text = exporter(self.session.document, self.session.result)
            files.write_atomically(target, text.encode("utf-8"))
        name = self.files.suggested_name()
        lesson = self.session.document.lesson
        if lesson is not None and Path(lesson.name).stem == name:   # not over the notebook
            name += "_gradstudio"
        return self._export("notebook", translate("WindowExports", "Export Notebook"), NOTEBOOK_FILTER, NOTEBOOK_SUFFIX,
                            path, write, name)

    def export_png(self, path=None):
        return self._export_canvas(path, "png", translate("WindowExports", "PNG images (*.png)"))

    def export_svg(self, path=None):
        return self._export_canvas(path, "svg", translate("WindowExports", "SVG drawings (*.svg)"))

    def _export_canvas(self, path, fmt, file_filter):
        def write(target):
            ok = getattr(self.canvas, f"render_{fmt}")(str(target))
            if ok is False or not Path(target).is_file() or Path(target).stat().st_size == 0:
                raise OSError(translate("WindowExports", "nothing could be written there"))
        return self._export("canvas", translate("WindowExports", "Export Canvas as {v}").format(v=fmt.upper()), file_filter,
                            f".{fmt}", path, write)

    def _export(self, what, caption, file_filter, suffix, path, write, name=None):
        """Asks where to write (unless ``path`` is given; the name ``name`` suggested),
        calls ``write(path)`` and says how it went; True when the file was written."""
        if path is None:
            path = self.window.ask_save_path(caption, file_filter,
                                             (name or self.files.suggested_name()) + suffix)
            if not path:
                return False
        try:
            write(path)
        except Exception as exc:  # noqa: BLE001
            self.window.show_error(translate("WindowExports", "Could not export the {what}").format(what=what),
                                   translate("WindowExports", "“{name}” was not written ({exc}); try another "
                                   "folder or name.").format(name=Path(path).name, exc=exc))
            return False
        self.files.status(translate("WindowExports", "Exported {name}").format(name=Path(path).name), 4000)
        return True
