"""Qt objects caught in Python reference cycles (a card and its edges, pyqtgraph's plot
menus) must be collected while the QApplication and their widgets' C++ side still exist:
collected at interpreter exit instead, after thousands of engine tests have grown the heap,
PySide can crash the process after every test has passed. So each UI test module ends with
a collection."""
import gc

import pytest


@pytest.fixture(autouse=True, scope="module")
def _collect_qt_cycles_while_qt_lives():
    yield
    gc.collect()
