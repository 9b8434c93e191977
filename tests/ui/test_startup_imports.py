"""The window opens without importing pyqtgraph (a fifth of a second of its start-up):
the plots are made, and pyqtgraph imported, when a panel first draws one."""
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
w.open_example(mw.example_paths()[0])
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
