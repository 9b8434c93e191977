"""The causes the fifth corpus (``corpus5_programs.py``) found, each on a program of its
own: it opens drawn whole (or, where the graph cannot show a part, with that part said),
and its export prints under real torch exactly what the program printed under torch."""
import re

import pytest
import script_runner
from trace_jobs import dedent, outcomes

from gradstudio.document import Document, export

ADDRESS = re.compile(r"0x[0-9a-fA-F]+")

JACREV = """
    import torch
    from torch.func import jacrev, vmap

    w = torch.tensor([0.5, -1.0, 2.0])
    def features(v):
        return torch.stack([v.sin().sum(), (v ** 2).sum(), v.prod()])
    J = jacrev(features)(w)
    print(J)
    print(vmap(jacrev(lambda v: v.cos()))(torch.ones(2, 2)))
    print(jacrev(lambda v: (v ** 3).sum())(w))
"""

SOURCES = {"jacrev": JACREV}


@pytest.fixture(scope="module")
def traced():
    return dict(zip(SOURCES, outcomes(list(SOURCES.values()))))


@pytest.fixture(scope="module")
def printed(traced):
    if not script_runner.torch_available():
        pytest.skip("torch (the oracle) is not installed")
    names = [n for n in SOURCES if isinstance(traced[n], Document)]
    codes = [export.export_script(traced[n]).text for n in names]
    results = script_runner.run_scripts([dedent(SOURCES[n]) for n in names] + codes)
    return {n: (results[i], results[len(names) + i]) for i, n in enumerate(names)}


def _same_print(printed, name):
    (original, original_error), (out, error) = printed[name]
    assert original_error is None and error is None, (original_error, error)
    assert original and ADDRESS.sub("0x?", out) == ADDRESS.sub("0x?", original)


def test_a_jacobian_of_torch_func_is_drawn_whole(traced, printed):
    # jacrev wrote its basis vectors through a view of a new tensor
    # (zeros(...).view(-1)[j] = 1), which cut the program where it called them
    doc = traced["jacrev"]
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    _same_print(printed, "jacrev")
