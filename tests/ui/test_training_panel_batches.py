"""The Training panel on a traced mini-batch program (issue 32, item 2): a loop over a
DataLoader's batches opens as a loop, so the panel shows the loss of every batch
instead of saying there is no training loop."""
import textwrap

import numpy as np

from gradstudio.document.trace import trace
from gradstudio.ui.session import Session
from gradstudio.ui.training_panel import TrainingPanel

PROGRAM = """
import torch
from torch.utils.data import TensorDataset, DataLoader
torch.manual_seed(0)
X = torch.randn(32, 2); y = (X[:, 0] > 0).float().unsqueeze(1)
model = torch.nn.Linear(2, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader(TensorDataset(X, y), batch_size=8, shuffle=True,
                    generator=torch.Generator().manual_seed(1))
for epoch in range(3):
    for xb, yb in loader:
        opt.zero_grad()
        loss = torch.nn.functional.binary_cross_entropy_with_logits(model(xb), yb)
        loss.backward()
        opt.step()
    print(epoch, loss.item())
"""


def test_the_training_panel_shows_the_loss_of_every_batch(qtbot):
    doc = trace(textwrap.dedent(PROGRAM))
    session = Session(doc)
    panel = TrainingPanel(session)
    qtbot.addWidget(panel)
    panel.resize(900, 500)
    loop = next(a for a in doc.timeline if a.kind == "loop")
    assert loop.params["count"] == 12
    qtbot.waitUntil(lambda: panel.loop_id == loop.id)
    assert panel.empty_text() == ""
    assert panel.curve_names() == ["loss"]
    x, y = panel.curve_data("loss")
    assert np.array_equal(x, np.arange(12))
    loss = next(n for n in doc.node_ids if doc.node(n).label == "loss")
    assert np.array_equal(y, panel.history.scalar(loss)) and np.all(np.isfinite(y))
