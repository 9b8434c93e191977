"""Issue 29, big graphs in the window: a document of more than ``EAGER_NODES`` nodes is
drawn a batch at a time, the event loop turning between batches, with a progress bar and
a Cancel button in the status bar; Cancel closes the graph and leaves its file alone.
(The limits are lowered here so that a few hundred nodes stand for a hundred thousand.)"""
import pytest

import gradstudio.ui.canvas.batch_build as batch_build
from gradstudio.document import Document, files
from gradstudio.ui.canvas import Canvas
from gradstudio.ui.commands import AddNode, SetParam
from gradstudio.ui.session import Session

from driving import main_window, shown

NODES = 400


@pytest.fixture(autouse=True)
def small_batches(monkeypatch):
    monkeypatch.setattr(batch_build, "EAGER_NODES", 100)
    monkeypatch.setattr(batch_build, "BATCH", 50)


def chain(n=NODES):
    doc = Document()
    prev = doc.add_node("ones", {"shape": (2,)}, (0.0, 0.0))
    for i in range(1, n):
        node = doc.add_node("add", {"other": 1.0}, ((i % 20) * 220.0, (i // 20) * 160.0))
        doc.connect(prev, node, "self")
        prev = node
    return doc


def test_a_big_graph_is_drawn_a_batch_at_a_time(qtbot):
    session = Session(chain())
    canvas = shown(qtbot, Canvas(session), (800, 600))
    scene = canvas.scene()
    assert scene.building and len(scene.nodes) < NODES      # back to the event loop
    progress = []
    scene.build_progressed.connect(lambda done, total: progress.append((done, total)))
    with qtbot.waitSignal(scene.build_finished, timeout=60000):
        pass
    assert not scene.building and len(scene.nodes) == NODES
    assert len(scene.edges) == NODES - 1
    assert progress and progress[-1][1] == 2 * NODES - 1
    last = session.document.node_ids[-1]
    assert scene.nodes[last].state.value is not None       # the run is shown on every card


def test_edits_made_while_a_graph_is_drawn_all_reach_it(qtbot):
    session = Session(chain())
    canvas = shown(qtbot, Canvas(session), (800, 600))
    scene, doc = canvas.scene(), session.document
    assert scene.building
    late, gone = doc.node_ids[-1], doc.node_ids[-2]         # not drawn yet
    session.push(AddNode(doc, "ones", {"shape": (2,)}, (0.0, -300.0)))
    doc.remove_node(gone)
    with qtbot.waitSignal(scene.build_finished, timeout=60000):
        pass
    assert set(scene.nodes) == set(doc.node_ids) and late in scene.nodes
    assert gone not in scene.nodes and len(scene.nodes) == NODES
    assert set(scene.edges) == {(u, v, k) for u, v, k in doc.edges()}


def test_a_run_arriving_while_a_graph_is_drawn_reaches_every_card(qtbot):
    session = Session(chain())
    canvas = shown(qtbot, Canvas(session), (800, 600))
    scene, doc = canvas.scene(), session.document
    qtbot.waitUntil(lambda: len(scene.nodes) > 100)
    assert scene.building
    session.push(SetParam(doc, doc.node_ids[1], "other", 2.0))     # every value + 1
    with qtbot.waitSignal(scene.build_finished, timeout=60000):
        pass
    values = {n: float(item.state.value[0]) for n, item in scene.nodes.items()}
    assert values == {n: float(session.state(n).value[0]) for n in doc.node_ids}
    assert values[doc.node_ids[-1]] == NODES + 1


def test_cancel_closes_the_graph_being_drawn_and_leaves_its_file(qtbot, tmp_path):
    path = tmp_path / "big.gsg"
    files.save(chain(), path)
    before = path.read_bytes()
    w = main_window(qtbot, tmp_path)
    w.files.open_file(path)
    scene = w.canvas.scene()
    assert scene.building
    qtbot.waitUntil(lambda: w.busy.cancel_button.isVisible())
    w.busy.cancel_button.click()
    assert not scene.building and not scene.nodes and not w.session.document.node_ids
    assert w.session.path == "" and path.read_bytes() == before
    assert not w.busy.cancel_button.isVisible()


def test_the_code_panel_does_not_write_out_a_huge_graph(qtbot, monkeypatch):
    import gradstudio.ui.code_view as code_view
    monkeypatch.setattr(code_view, "MAX_SHOWN_NODES", NODES - 1)
    panel = shown(qtbot, code_view.CodePanel(Session(chain())), (600, 400))
    assert panel.editor.toPlainText() == "" and panel.notice.isVisibleTo(panel)
    assert f"{NODES:,} nodes" in panel.notice.text()
    assert "Export to PyTorch" in panel.notice.text()
    monkeypatch.setattr(code_view, "MAX_SHOWN_NODES", NODES)
    panel.refresh()
    assert panel.editor.toPlainText().count("torch.ones") == 1


def test_a_big_graph_opened_in_the_window_is_all_in_view_once_drawn(qtbot, tmp_path):
    path = tmp_path / "big.gsg"
    files.save(chain(), path)
    w = main_window(qtbot, tmp_path)
    w.files.open_file(path)
    scene, view = w.canvas.scene(), w.canvas               # (a QGraphicsView)
    assert scene.building                  # in view from the start: where nodes will be
    places = [d.position for d in w.session.document.nodes()]
    shown_rect = view.mapToScene(view.viewport().rect()).boundingRect()
    assert all(shown_rect.contains(*p) for p in places)
    with qtbot.waitSignal(scene.build_finished, timeout=60000):
        pass
    shown_rect = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown_rect.contains(scene.nodes_rect())
    assert w.busy.progress.isHidden() and w.busy.cancel_button.isHidden()


def test_the_overview_is_made_again_only_as_the_cards_double_while_drawn(qtbot, monkeypatch):
    # the zoomed-out overview walks every card when it is made: made again after every
    # batch, drawing 100,000 cards would take time growing with the square of their number
    from gradstudio.ui.canvas.drawing import SceneDrawing
    monkeypatch.setattr(batch_build, "BATCH", 20)
    session = Session(chain())
    canvas = shown(qtbot, Canvas(session), (800, 600))
    scene = canvas.scene()
    scene.set_overview(True)
    builder = scene._builder
    builder.cancel()                       # driven by hand below, a paint after each batch
    made = []
    real = SceneDrawing.lists

    def counted(self, scene):
        if self.batch is None:
            made.append(len(scene.nodes))
        return real(self, scene)

    monkeypatch.setattr(SceneDrawing, "lists", counted)
    while scene.building:
        builder._step()
        scene.drawing.lists(scene)
    assert len(scene.nodes) == NODES and made[-1] == NODES
    assert all(b >= 2 * a for a, b in zip(made[1:-2], made[2:-1])), made
    assert len(made) <= 8, made


def test_a_new_run_is_shown_on_a_big_graph_a_slice_at_a_time(qtbot, monkeypatch):
    session = Session(chain())
    canvas = shown(qtbot, Canvas(session), (800, 600))
    scene, doc = canvas.scene(), session.document
    with qtbot.waitSignal(scene.build_finished, timeout=60000):
        pass
    monkeypatch.setattr(batch_build, "BATCH", 10)    # (BatchApply takes 4 x BATCH)
    last = doc.node_ids[-1]
    session.push(SetParam(doc, doc.node_ids[1], "other", 2.0))     # every value + 1
    assert scene.applying                           # back to the event loop meanwhile
    assert float(scene.nodes[last].state.value[0]) == NODES
    session.push(SetParam(doc, doc.node_ids[1], "other", 3.0))     # supersedes it
    qtbot.waitUntil(lambda: not scene.applying, timeout=60000)
    values = {n: float(item.state.value[0]) for n, item in scene.nodes.items()}
    assert values == {n: float(session.state(n).value[0]) for n in doc.node_ids}
    assert values[last] == NODES + 2
