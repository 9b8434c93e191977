"""A ``Dataset`` class of the student's own that only hands out rows of its tensors
(``return self.x[i], self.y[i]``) is batched as a ``TensorDataset`` of them is (issue 32):
the loader's batches are ``loader_batch`` nodes and ``x[idx]``, and a training loop of
more than 20 steps folds into one loop block, where it was recorded as text. A class
whose ``__getitem__`` does anything more (a transform, a noise draw, a property's rows,
rows of another length, its own ``__getitems__``) keeps the loader's own batches, as
before. Torch is the oracle: every export prints what the program printed."""
import pytest

from gradstudio.document.export import export_script

from script_runner import run_scripts, torch_available
from trace_jobs import dedent, outcomes

ORACLE = pytest.mark.skipif(not torch_available(), reason="torch is the oracle")

TRAIN = """
    loader = DataLoader(ds, batch_size=8, shuffle=SHUFFLE, generator=torch.Generator().manual_seed(3))
    w = torch.zeros(1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    opt = torch.optim.SGD([w, b], lr=0.1)
    for epoch in range(8):
        for xb, yb in loader:
            loss = ((xb * w + b - yb) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    print(w, b)
"""


def program(dataset, shuffle=True):
    return dedent("""
        import torch
        from torch.utils.data import Dataset, DataLoader
        torch.manual_seed(0)
    """) + dedent(dataset) + dedent(TRAIN).replace("SHUFFLE", str(shuffle))


ROWS = """
    class Line(Dataset):
        \"\"\"y = 3x + 1 at 30 random points\"\"\"
        def __init__(self, n):
            self.x = torch.randn(n, 1)
            self.y = 3 * self.x + 1
        def __len__(self):
            return len(self.x)
        def __getitem__(self, idx):
            \"\"\"one point\"\"\"
            return self.x[idx], self.y[idx]
    ds = Line(30)
"""

# a random_split of it is drawn as one of a TensorDataset (its rows chosen by randperm)
SPLIT = dedent("""
    import torch
    from torch.utils.data import Dataset, DataLoader, random_split
    torch.manual_seed(0)
    class Points(Dataset):
        def __init__(self, X, y):
            self.X, self.y = X, y
        def __len__(self):
            return len(self.X)
        def __getitem__(self, i):
            return self.X[i], self.y[i]
    X = torch.randn(20, 2)
    y = X.sum(1, keepdim=True)
    train_set, val_set = random_split(Points(X, y), [16, 4])
    w = torch.zeros(2, 1, requires_grad=True)
    for xb, yb in DataLoader(train_set, batch_size=8):
        loss = ((xb @ w - yb) ** 2).mean()
        loss.backward()
    print(w.grad)
""")

# drawn as a TensorDataset's batches: a folded loop of 8 epochs of 4 batches
DRAWN = {
    "rows_shuffled": program(ROWS),
    "rows_in_order": program(ROWS, shuffle=False),
    "random_split_of_it": SPLIT,
    "size_held_apart": program("""
        class Points(Dataset):
            def __init__(self, xs, ys):
                self.n = len(xs)
                self.inputs, self.targets = xs, ys
            def __len__(self):
                return self.n
            def __getitem__(self, i):
                return (self.inputs[i], self.targets[i])
        xs = torch.linspace(-1, 1, 28).unsqueeze(1)
        ds = Points(xs, 2 * xs - 1)
    """),
}

# each keeps the loader's own batches (never drawn as rows it does not hand out)
KEPT = {
    "a_transform": program(ROWS.replace("return self.x[idx], self.y[idx]",
                                        "return self.x[idx] * 2, self.y[idx]")),
    "a_noise_draw": program(ROWS.replace(
        "return self.x[idx], self.y[idx]",
        "return self.x[idx] + 0.01 * torch.randn(1), self.y[idx]")),
    "two_statements": program(ROWS.replace(
        "            return self.x[idx], self.y[idx]",
        "            x = self.x[idx]\n            return x, self.y[idx]")),
    "a_property": program(ROWS.replace(
        "        def __len__(self):",
        "        @property\n        def z(self):\n            return self.y\n"
        "        def __len__(self):").replace("self.y[idx]", "self.z[idx]")),
    "a_shorter_length": program(ROWS.replace("return len(self.x)", "return len(self.x) - 6")),
    "its_own_getitems": program(ROWS.replace(
        "        def __len__(self):",
        "        def __getitems__(self, idxs):\n"
        "            return [(self.x[i] * 0 + 1, self.y[i]) for i in idxs]\n"
        "        def __len__(self):")),
}


@pytest.fixture(scope="module")
def traced():
    names = list(DRAWN) + list(KEPT)
    return dict(zip(names, outcomes([DRAWN.get(n) or KEPT[n] for n in names])))


def kinds(doc):
    return [doc.node(n).kind for n in doc.node_ids]


@pytest.mark.parametrize("name", list(DRAWN))
def test_a_dataset_handing_out_rows_is_batched_as_a_tensor_dataset(traced, name):
    doc = traced[name]
    assert not isinstance(doc, Exception), doc
    assert doc.trace_note is None
    loops = [a.params["count"] for a in doc.timeline if a.kind == "loop"]
    found = kinds(doc)
    if name == "random_split_of_it":      # (two batches, drawn one after the other)
        assert loops == [] and found.count("randperm") == 1
    else:
        assert loops == [32] and found.count("loader_batch") == 1
    assert found.count("stack") == 0 and found.count("select") == 0


@pytest.mark.parametrize("name", list(KEPT))
def test_a_dataset_doing_more_keeps_the_loaders_own_batches(traced, name):
    doc = traced[name]
    assert not isinstance(doc, Exception), doc
    assert "loader_batch" not in kinds(doc)


@ORACLE
def test_every_export_prints_under_torch_what_the_program_printed(traced):
    names = list(DRAWN) + list(KEPT)
    codes = [export_script(traced[n]).text for n in names]
    sources = [DRAWN.get(n) or KEPT[n] for n in names]
    got = run_scripts(sources + codes, "torch")
    for (want, error), (out, export_error), code in zip(got, got[len(names):], codes):
        assert error is None and export_error is None, (error, export_error, code)
        assert want and out == want, code
