"""The window opens without importing pyqtgraph (a fifth of a second of its start-up):
the plots are made, and pyqtgraph imported, when a panel first draws one. Pygments too
waits: the code panel shows its script uncoloured in the first frame and colours it
just after."""
import os
import subprocess
import sys

_PROGRAM = r"""
import sys, tempfile
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gradstudio.ui import main_window as mw
settings = QSettings(tempfile.mkdtemp() + "/s.ini", QSettings.Format.IniFormat)
w = mw.MainWindow(settings=settings)
w.files.open_example(mw.example_paths()[0])
w.show()
for _ in range(20):
    app.processEvents()
print("at start", "pyqtgraph" in sys.modules)
w.session.select([w.session.document.node_ids[0]])       # the inspector plots x
for _ in range(5):
    app.processEvents()
print("after selecting", "pyqtgraph" in sys.modules, w.inspector.plot.isVisible())
"""


def test_the_window_opens_without_pyqtgraph_and_imports_it_for_the_first_plot():
    proc = subprocess.run([sys.executable, "-c", _PROGRAM], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:2] == ["at start False", "after selecting True True"]


_PYGMENTS = r"""
import sys, tempfile
from PySide6.QtCore import QEvent, QObject, QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gradstudio.ui import main_window as mw
settings = QSettings(tempfile.mkdtemp() + "/s.ini", QSettings.Format.IniFormat)
w = mw.MainWindow(settings=settings)
w.files.open_example(mw.example_paths()[0])
painted = []

class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and not painted:
            painted.append("pygments" in sys.modules)
        return False

first_paint = FirstPaint()
w.code_panel.editor.viewport().installEventFilter(first_paint)
print("made", "pygments" in sys.modules)
w.show()
for _ in range(20):
    app.processEvents()
docstring = w.code_panel.editor.document().firstBlock()
coloured = bool(docstring.layout().formats())
print("first frame", painted[0])
print("after it", "pygments" in sys.modules, w.code_panel.highlighter is not None, coloured)
"""


def test_the_code_panel_is_painted_before_pygments_is_imported_and_coloured_after():
    proc = subprocess.run([sys.executable, "-c", _PYGMENTS], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:3] == ["made False", "first frame False",
                                           "after it True True True"]
