"""The Data dock, put into the main window by one call (``install_data_dock``) so the
window's own module only names it: a late dock (``docks``) tabbed with the inspector,
its panel (``data_panel.DataPanel``) built when first shown, and brought to the front
when a document with a dataset node is opened or first gets one; and the window's
``ask_import_data`` (File ▸ Import Data…'s dialog, ``import_data``)."""
import weakref

from PySide6.QtCore import Qt

from gradstudio.document.catalogue_data import has_dataset
from gradstudio.ui.i18n import translate

__all__ = ["install_data_dock"]


def install_data_dock(window, beside="inspector"):
    """Adds the dock ``data`` ("Data") to ``window`` (a ``MainWindow`` while it builds
    its panels), tabbed with the dock ``beside``. The window keeps no reference to
    itself through it: the panel maker and the slot hold it weakly."""
    ref = weakref.ref(window)

    def make_panel():
        from gradstudio.ui.data_panel import DataPanel
        return DataPanel(ref().session)

    def ask_import_data(path):
        """What the Import Data dialog read, None when cancelled (tests answer it)."""
        from gradstudio.ui.import_data import ask_import_data
        return ask_import_data(ref(), path)

    window._make_data_panel = make_panel
    window.ask_import_data = ask_import_data
    window._late_dock("data", translate("DataDock", "Data"), Qt.DockWidgetArea.RightDockWidgetArea)
    window.tabifyDockWidget(window.docks[beside], window.docks["data"])
    shown = {"before": False}

    def on_run_finished(_result):
        w = ref()
        if w is None:
            return
        now = has_dataset(w.session.document)
        if now and not shown["before"]:
            w.docks["data"].raise_()
        shown["before"] = now

    def on_document_replaced():
        shown["before"] = False

    window.session.run_finished.connect(on_run_finished)
    window.session.document_replaced.connect(on_document_replaced)
