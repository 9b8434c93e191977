import pytest

from gradstudio.document.examples import autograd_tutorial
from gradstudio.ui.session import Session


@pytest.fixture
def session():
    """A session on the autograd tutorial (x = ones(2, 2), y = x + 2, y * y * 3, mean)."""
    return Session(autograd_tutorial())
