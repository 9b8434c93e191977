"""The Training and Data panels on traced mini-batch programs (issue 32, item 2): a loop
over a DataLoader's batches (or an epoch's randperm slices) opens as a loop, so the
Training panel shows the loss of every batch instead of saying there is no training
loop, and the Data panel shows every row of the data the batches come from."""
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from gradstudio.document.data_view import data_view
from gradstudio.document.trace import trace
from gradstudio.ui.data_panel import DataPanel
from gradstudio.ui.session import Session
from gradstudio.ui.training_panel import TrainingPanel

_DOCUMENT_TESTS = str(Path(__file__).resolve().parents[1] / "document")
if _DOCUMENT_TESTS not in sys.path:
    sys.path.insert(0, _DOCUMENT_TESTS)
from batch_programs import FOLDED  # noqa: E402


@pytest.mark.parametrize("name", list(FOLDED))
def test_the_training_panel_shows_the_loss_of_every_batch(qtbot, name):
    source, iterations = FOLDED[name]
    doc = trace(textwrap.dedent(source))
    session = Session(doc)
    panel = TrainingPanel(session)
    qtbot.addWidget(panel)
    panel.resize(900, 500)
    loop = next(a for a in doc.timeline if a.kind == "loop")
    assert loop.params["count"] == iterations
    qtbot.waitUntil(lambda: panel.loop_id == loop.id)
    assert panel.empty_text() == ""
    backward = next(a for a in doc.timeline if a.kind == "backward")
    loss = backward.params["target"]
    assert doc.display_name(loss) in panel.curve_names()
    x, y = panel.curve_data(doc.display_name(loss))
    assert np.array_equal(x, np.arange(iterations))
    assert np.array_equal(y, panel.history.scalar(loss)) and np.all(np.isfinite(y))


def test_the_data_panel_shows_every_row_of_the_data(qtbot):
    doc = trace(textwrap.dedent(FOLDED["shuffle_generator"][0]))
    session = Session(doc)
    panel = DataPanel(session)
    qtbot.addWidget(panel)
    panel.resize(500, 450)
    want = data_view(session.document, session.result)
    qtbot.waitUntil(lambda: len(panel.points()[0]) == 64)
    x, y = panel.points()
    assert np.array_equal(x, want.inputs[:, 0]) and np.array_equal(y, want.inputs[:, 1])
    assert panel.image_values() is not None
