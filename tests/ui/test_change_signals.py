"""Each document change reaches the views as its own typed session signal (``node_added(id)``,
``edge_added(source, target, port)`` ...), after ``document_changed``; the scene connects
one handler to each instead of comparing the change's kind in an ``if`` chain."""
import ast
import pathlib

from gradstudio.document import Document
from gradstudio.ui.session import CHANGE_SIGNALS, Session
import gradstudio

from source_trees import parsed

ROOT = pathlib.Path(gradstudio.__file__).resolve().parent      # (installed or not)


def _emitted_kinds():
    """Every kind ``Document._emit`` is called with in the model."""
    kinds = set()
    for name in ("model.py", "model_classroom.py"):      # (the document and its parts)
        tree = parsed(ROOT / "document" / name)
        kinds |= {node.args[0].value for node in ast.walk(tree)
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr == "_emit" and isinstance(node.args[0], ast.Constant)}
    return kinds


def test_every_kind_the_document_emits_has_its_signal():
    kinds = _emitted_kinds()
    assert {"node_added", "edge_removed", "reset", "timeline_changed"} <= kinds
    assert set(CHANGE_SIGNALS) == kinds


def test_each_change_arrives_typed_after_document_changed(qtbot):
    session = Session(Document())
    heard = []
    session.document_changed.connect(lambda change: heard.append(("change", change.kind)))
    for kind, name in CHANGE_SIGNALS.items():
        getattr(session, name).connect(lambda *args, name=name: heard.append((name, args)))
    doc = session.document
    x = doc.add_node("ones", {"shape": (2,), "requires_grad": True}, (0, 0), "x")
    y = doc.add_node("exp", {}, (300, 0), "y")
    del heard[:]
    doc.connect(x, y, "self")
    doc.disconnect(y, "self")
    r = doc.add_region([y])
    doc.set_seed(3)
    doc.clear()
    assert heard == [("change", "edge_added"), ("edge_added", (x, y, "self")),
                     ("change", "edge_removed"), ("edge_removed", (x, y, "self")),
                     ("change", "region_changed"), ("region_changed", (r,)),
                     ("change", "settings_changed"), ("settings_changed", ("seed",)),
                     ("change", "reset"), ("document_reset", ())]


def test_the_scene_mirrors_without_comparing_change_kinds(qtbot):
    from gradstudio.ui.canvas.scene import CanvasScene
    session = Session(Document())
    scene = CanvasScene(session)
    doc = session.document
    x = doc.add_node("ones", {"shape": (2,), "requires_grad": True}, (0, 0), "x")
    y = doc.add_node("exp", {}, (300, 0), "y")
    doc.connect(x, y, "self")
    r = doc.add_region([y])
    assert set(scene.nodes) == {x, y} and set(scene.edges) == {(x, y, "self")}
    assert set(scene.regions) == {r}
    doc.remove_node(y)
    assert set(scene.nodes) == {x} and scene.edges == {} and scene.regions == {}
    doc.clear()
    assert scene.nodes == {}
    source = (ROOT / "ui" / "canvas" / "scene.py").read_text(encoding="utf-8")
    assert ".kind ==" not in source and "document_changed.connect(self._on_document_" \
        "edited)" in source
