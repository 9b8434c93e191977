"""What the graph cannot draw is said in the words of the call the script wrote, never as
one of the engine's inner operations (issue 32: a refusal naming something the student
did not write): ``BCEWithLogitsLoss(pos_weight=...)`` is not "the operation
'_bce_logits_weighted'"; the plain loss is still drawn."""
from trace_jobs import dedent, outcomes

from gradstudio.document import Document

BCE = dedent("""
    import torch
    import torch.nn as nn
    torch.manual_seed(14)
    X = torch.randn(6, 2)
    y = (X[:, :1] > 0).float()
    model = nn.Linear(2, 1)
    plain = nn.BCEWithLogitsLoss()(model(X), y)
    print(plain)
    loss = nn.BCEWithLogitsLoss(pos_weight=torch.tensor([3.0]))(model(X), y)
    loss.backward()
    print(loss, model.bias.grad)
""")


def test_a_weighted_bce_with_logits_is_said_as_the_script_wrote_it():
    (doc,) = outcomes([BCE])
    assert isinstance(doc, Document), doc
    note = doc.trace_note
    assert note.startswith("Drawn up to line 9;"), note
    assert "binary_cross_entropy_with_logits (BCEWithLogitsLoss) with weight= or " \
           "pos_weight= cannot be drawn yet" in note, note
    assert "_bce" not in note, note
    assert [n.label for n in doc.nodes() if n.kind == "binary_cross_entropy_with_logits"] \
        == ["plain"]
