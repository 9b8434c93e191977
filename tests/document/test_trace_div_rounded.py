"""``torch.div(x, y, rounding_mode=...)`` in a traced script, with a tensor or a number as
the divisor: one ``div_rounded`` node, its 'other' port falling back to a number as add's
does, exported as the call the script made (it was refused with a number: "give it a
tensor")."""
import pytest
from trace_jobs import check_round_trip, traced_documents

from gradstudio.document import export, run

DIVIDED = """
    import torch
    a = torch.tensor([-7, -3, 3, 7])
    print(torch.div(a, 2, rounding_mode="floor"), a.div(2, rounding_mode="trunc"))
    x = torch.tensor([-2.5, 1.5, 4.0], requires_grad=True)
    q = torch.div(x * 3, 2.0, rounding_mode="floor")
    r = torch.div(x, torch.tensor([2.0, -2.0, 3.0]), rounding_mode="trunc")
    print(q, r)
    (q + r + x).sum().backward()
    print(x.grad)
"""


@pytest.fixture(scope="module")
def traced():
    return traced_documents([DIVIDED])


def test_a_number_divisor_is_the_nodes_param_and_a_tensor_its_port(traced):
    (doc,) = traced
    assert doc.trace_note is None, doc.trace_note
    ids = [n for n in doc.node_ids if doc.node(n).kind == "div_rounded"]
    numbers = sorted(doc.node(n).params["other"] for n in ids
                     if doc.source_of(n, "other") is None)
    modes = sorted(doc.node(n).params["rounding_mode"] for n in ids)
    assert modes == ["floor", "floor", "trunc", "trunc"]
    code = export.export_script(doc).text
    assert "torch.div(a, 2, rounding_mode='floor')" in code
    assert "rounding_mode='trunc')" in code
    assert numbers == [2, 2, 2.0]
    assert all(run(doc).state(n).value is not None for n in doc.node_ids)


def test_the_export_prints_under_torch_what_the_script_printed(traced):
    check_round_trip(traced, (DIVIDED,))
