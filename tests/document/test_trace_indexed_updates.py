"""An indexed in-place update keyed by tensors (``confusion[t, p] += 1``, counting per
class in an evaluation loop) is drawn (issue 32, item 2): Python runs it as
``v = x[t, p]; v += 1; x[t, p] = v``, and the tensors of the key are inputs of both the
read and the write. The documents and their exports print what the programs printed
(torch is the oracle); an in-place update of a real view is still cut, in words."""
import pytest

from trace_jobs import check_refused, check_round_trip, dedent, traced_documents

PROGRAMS = {
    "a_confusion_matrix": """
        import torch
        pred = torch.tensor([0, 1, 1, 2, 2, 0])
        true = torch.tensor([0, 1, 2, 2, 1, 0])
        confusion = torch.zeros(3, 3, dtype=torch.long)
        for t, p in zip(true, pred):
            confusion[t, p] += 1
        print(confusion)
        print(confusion.diag().sum().item() / confusion.sum().item())
    """,
    "counts_per_class_of_a_model": """
        import torch
        torch.manual_seed(3)
        X = torch.randn(12, 2)
        model = torch.nn.Linear(2, 3)
        with torch.no_grad():
            predicted = model(X).argmax(1)
        counts = torch.zeros(3)
        for c in predicted:
            counts[c] += 1.0
        print(predicted, counts)
    """,
}


@pytest.fixture(scope="module")
def traced():
    return dict(zip(PROGRAMS, traced_documents(list(PROGRAMS.values()))))


def test_each_is_drawn_whole(traced):
    for name, doc in traced.items():
        assert doc.trace_note is None, (name, doc.trace_note)
        assert any(doc.node(n).kind == "setitem" for n in doc.node_ids), name


def test_the_documents_and_their_exports_print_what_the_programs_printed(traced):
    check_round_trip(list(traced.values()), list(PROGRAMS.values()))


def test_an_in_place_update_of_a_view_is_still_cut_in_words():
    check_refused(dedent("""
        import torch
        x = torch.zeros(4)
        v = x[1:]
        v += 5
        print(x)
    """), "an in-place update of a view", 4)
