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
