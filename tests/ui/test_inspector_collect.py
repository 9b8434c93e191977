"""A collect node in the window (issue 32): added as one undo step (undo gives back the
very same file), its inspector line says what its list held at the end of the run
(count, first and last value), and a node of another kind has no such line."""
import sys
from pathlib import Path

from gradstudio.document.files import dumps
from gradstudio.ui import commands
from gradstudio.ui.inspector import Inspector
from gradstudio.ui.session import Session

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "document"))
from test_collect import collecting_doc  # noqa: E402


def test_a_collect_node_is_one_undo_step_and_its_list_is_summed_up(qtbot):
    doc, keep, curve = collecting_doc("item", "tensor", count=4)
    session = Session(doc)
    inspector = Inspector(session)
    qtbot.addWidget(inspector)
    inspector.show()
    if session.result is None:
        qtbot.waitSignal(session.run_finished, timeout=20000).wait()
    session.select([curve])
    assert inspector.collected.text().startswith(
        "losses at the end of the run: 4 values: 21.61 … ")
    assert inspector.collected.isVisible()

    before = dumps(doc)
    loss = doc.source_of(keep, "self")
    add = commands.AddNode(doc, "collect", position=(0, 500))
    with qtbot.waitSignal(session.run_finished, timeout=20000):
        session.push(add)
    with qtbot.waitSignal(session.run_finished, timeout=20000):
        session.push(commands.Connect(doc, loss, add.node_id, "self"))
    assert doc.node(add.node_id).params == {"into": "losses", "form": "item"}
    session.select([loss])
    assert not inspector.collected.isVisible()
    with qtbot.waitSignal(session.run_finished, timeout=20000):
        session.undo_stack.undo()
    with qtbot.waitSignal(session.run_finished, timeout=20000):
        session.undo_stack.undo()
    assert dumps(doc) == before
