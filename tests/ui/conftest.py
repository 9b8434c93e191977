import pytest

from gradstudio.document.examples import autograd_tutorial
from gradstudio.ui.session import Session


@pytest.fixture
def session():
    """A session on the autograd tutorial (x = ones(2, 2), y = x + 2, y * y * 3, mean)."""
    return Session(autograd_tutorial())


@pytest.fixture(autouse=True)
def trust_answers(monkeypatch, tmp_path):
    """The "Run this notebook?" question (ui/trust.py) never opens a dialog in a test:
    each test starts with nothing trusted and the question answered Run; the names asked
    about are listed. A test that checks the question sets ``answers.reply``."""
    from gradstudio.ui import trust

    class Answers(list):
        reply = True

    answers = Answers()
    answers.dialog = trust.ask_to_run          # (the real one, for the test of the dialog)
    monkeypatch.setenv("GRADSTUDIO_TRUST_FILE", str(tmp_path / "trusted-contents.json"))
    monkeypatch.setattr(trust, "ask_to_run",
                        lambda parent, path: answers.append(str(path)) or answers.reply)
    return answers


@pytest.fixture(autouse=True)
def _no_idle_collection(monkeypatch):
    """A window's idle collection (``gc_policy.settle`` once nothing has happened for
    ``main_window.HEAP_IDLE_MS``) waits out the tests: it is wall-clock driven, so on a
    loaded machine it fired inside most window tests, each time a full collection of the
    whole test process (half a second of CPU once torch is loaded) that also froze every
    object alive for the rest of the session. The test of the idle collection asks for
    ``idle_collection``, which gives the window its real interval back."""
    from gradstudio.ui import main_window
    real = main_window.HEAP_IDLE_MS
    monkeypatch.setattr(main_window, "HEAP_IDLE_MS", _IDLE_NEVER)
    return real


_IDLE_NEVER = 2 ** 31 - 1       # ms (a QTimer's longest interval: 24 days)


@pytest.fixture
def idle_collection(monkeypatch, _no_idle_collection):
    """Windows made after this fixture collect after the app's real idle interval."""
    from gradstudio.ui import main_window
    monkeypatch.setattr(main_window, "HEAP_IDLE_MS", _no_idle_collection)
    return _no_idle_collection
