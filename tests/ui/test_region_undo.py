"""No-grad regions under undo: a removed region comes back in its place (the file is the
same byte for byte), and a region whose last node is deleted goes in the same step."""
from gradstudio.document import Document, files
from gradstudio.ui.commands import RemoveNodes, RemoveRegion
from gradstudio.ui.session import Session


def _three_regions():
    doc = Document()
    nodes = [doc.add_node("ones", {"shape": (2,)}, position=(i * 200.0, 0.0)) for i in range(3)]
    regions = [doc.add_region([n]) for n in nodes]
    return doc, nodes, regions


def test_undoing_the_removal_of_a_region_restores_the_file_byte_for_byte():
    doc, _, regions = _three_regions()
    session = Session(doc)
    before = files.dumps(doc)
    for rid in regions:
        session.push(RemoveRegion(doc, rid))
        assert rid not in doc.regions
        session.undo_stack.undo()
        assert files.dumps(doc) == before


def test_deleting_a_region_s_last_node_removes_the_region_in_the_same_step():
    doc, nodes, regions = _three_regions()
    session = Session(doc)
    before = files.dumps(doc)
    session.push(RemoveNodes(doc, [nodes[1]]))
    assert regions[1] not in doc.regions and len(doc.regions) == 2
    assert session.undo_stack.count() == 1
    session.undo_stack.undo()
    assert files.dumps(doc) == before
    session.undo_stack.redo()
    assert regions[1] not in doc.regions


def test_deleting_every_node_of_several_regions_at_once_undoes_exactly():
    doc, nodes, regions = _three_regions()
    session = Session(doc)
    before = files.dumps(doc)
    session.push(RemoveNodes(doc, [nodes[2], nodes[0]]))
    assert list(doc.regions) == [regions[1]]
    session.undo_stack.undo()
    assert files.dumps(doc) == before
