"""A sample taken from a drawn ``random_split`` subset (``val_ds[i]``, a negative ``i``,
``for x, t in val_ds``) is row ``i`` of the subset's tensors, drawn (issue 32: it was a
recorded part, the row number the split read from its permutation used as a number read
from a tensor). Torch is the oracle: the export prints what the program printed."""
from trace_jobs import check_round_trip, traced_documents

PROGRAM = """
import torch
from torch.utils.data import TensorDataset, random_split
torch.manual_seed(1)
X = torch.linspace(-2, 2, 12).unsqueeze(1)
y = 3 * X - 1
train_ds, val_ds = random_split(TensorDataset(X, y), [8, 4],
                                generator=torch.Generator().manual_seed(42))
val_x = torch.stack([val_ds[i][0] for i in range(len(val_ds))])
print(val_x.flatten(), val_ds[-1][1] * 2, val_ds[0])
print(sum(t for _, t in val_ds))
try:
    val_ds[4]
except IndexError as e:
    print("IndexError:", e)
"""


def test_a_sample_of_a_drawn_subset_is_drawn_as_its_rows():
    (doc,) = traced_documents([PROGRAM])
    assert doc.trace_note is None
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    # row i of the subset's rows of X (X[rows] taken where the split was made)
    rows = [n for n in doc.node_ids if doc.node(n).kind == "index" and
            doc.node(doc.source_of(n, "self")).kind == "index" and
            doc.node(n).params["key"] in ("0", "1", "2", "3", "-1")]
    assert {doc.node(n).params["key"] for n in rows} == {"0", "1", "2", "3", "-1"}
    check_round_trip([doc], [PROGRAM])
