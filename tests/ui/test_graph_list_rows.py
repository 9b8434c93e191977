"""The Graph as a List after an edit: its rows, updated in place (each line's words kept
from the last time the line was said, ``spoken_code``'s cache), are the rows a list made
fresh on the new run gives, and they say the new state."""
from gradstudio.document import Document
from gradstudio.document.spoken import spoken_code
from gradstudio.ui.commands import SetParam
from gradstudio.ui.graph_list import GraphList
from gradstudio.ui.session import Session


def _chain(n=40):
    doc = Document()
    ids = [doc.add_node("rand", {"shape": (2, 2), "requires_grad": True}),
           doc.add_node("rand", {"shape": (2, 2), "requires_grad": True})]
    while len(ids) < n:
        k = doc.add_node(("add", "mul", "sub")[len(ids) % 3])
        doc.connect(ids[-1], k, "self")
        doc.connect(ids[-2], k, "other")
        ids.append(k)
    doc.add_node("ones", {"shape": (2,)})          # (a node no other node reads)
    return doc


def test_rows_after_an_edit_are_a_fresh_lists_rows(qtbot):
    session = Session(_chain())
    panel = GraphList(session)
    qtbot.addWidget(panel)
    before = panel.rows()
    assert [r[0] for r in before] == list(session.result.order) + [
        n for n in session.document.node_ids if n not in set(session.result.order)]
    first = session.document.node_ids[0]
    session.push(SetParam(session.document, first, "requires_grad", False))
    fresh = GraphList(session)
    qtbot.addWidget(fresh)
    assert panel.rows() == fresh.rows() != before
    row = next(r for r in panel.rows() if r[0] == first)
    assert row[2] == f"{spoken_code(row[1])}, does not require grad, no grad_fn, has no grad"
