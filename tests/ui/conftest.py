"""Qt objects caught in Python reference cycles (a card and its edges, pyqtgraph's plot
menus) must be collected while the QApplication and their widgets' C++ side still exist:
collected at interpreter exit instead, after thousands of engine tests have grown the heap,
PySide can crash the process after every test has passed. So each UI test module ends with
a collection."""
import gc

import pytest

from gradstudio.document.examples import autograd_tutorial
from gradstudio.ui.session import Session


@pytest.fixture(autouse=True, scope="module")
def _collect_qt_cycles_while_qt_lives():
    yield
    gc.collect()


@pytest.fixture
def session():
    """A session on the autograd tutorial (x = ones(2, 2), y = x + 2, y * y * 3, mean)."""
    return Session(autograd_tutorial())
