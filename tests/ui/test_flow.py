"""The issue's whole story in the real main window, driven through its widgets: build the
autograd tutorial graph from the palette, run backward from the timeline, read the
inspector, meet PyTorch's retain_graph error, cut the graph with detach and no_grad, undo
everything, and save / reopen byte for byte."""
import weakref

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from gradstudio.ui.commands import Connect, RemoveRegion

from driving import main_window


@pytest.fixture
def window(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path)
    w.asked = 0
    window_ref = weakref.ref(w)       # the window holds ask: ask must not hold the window

    def ask():
        window_ref().asked += 1
        return QMessageBox.StandardButton.Discard
    w.ask_save_changes = ask
    return w


def palette_add(w, kind):
    """Double-click-equivalent on the palette row of ``kind``: the node it adds."""
    tree = w.palette.tree
    items = tree.findItems(kind, Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive)
    assert items, f"{kind} is not in the palette"
    before = set(w.session.document.node_ids)
    tree.itemActivated.emit(items[0], 0)
    (new,) = set(w.session.document.node_ids) - before
    return new


def set_param(w, node, name, value):
    """Types into the inspector's editor for ``name`` of ``node``."""
    w.session.select([node])
    editor = w.inspector.editor(name)
    editor.setText(value)
    editor.editingFinished.emit()


def inspect(w, node):
    w.session.select([node])
    return w.inspector


def grad_fn_text(w, node):
    return inspect(w, node).grad_fn.text()


def x_grad(w, x):
    return w.session.state(x).grad


def undo_all(w):
    while w.undo_action.isEnabled():
        w.undo_action.trigger()


def test_the_autograd_tutorial_story(window, tmp_path):
    w = window
    s = w.session
    w.new_action.trigger()
    start = tmp_path / "start.gsg"
    assert w.files.save_as(start)

    # x = torch.ones(2, 2, requires_grad=True); y = x + 2; z = y * y * 3; out = z.mean()
    x = palette_add(w, "ones")
    inspect(w, x).requires_grad.click()
    y = palette_add(w, "add")
    s.push(Connect(s.document, x, y, "self"))
    set_param(w, y, "other", "2")
    yy = palette_add(w, "mul")
    s.push(Connect(s.document, y, yy, "self"))
    s.push(Connect(s.document, y, yy, "other"))
    z = palette_add(w, "mul")
    s.push(Connect(s.document, yy, z, "self"))
    set_param(w, z, "other", "3")
    out = palette_add(w, "mean")
    s.push(Connect(s.document, z, out, "self"))
    assert w.errors == []
    assert s.state(out).text == "tensor(27., grad_fn=<MeanBackward0>)"
    assert grad_fn_text(w, z) == "<MulBackward0>"
    assert grad_fn_text(w, out) == "<MeanBackward0>"
    badges = [t for _, t in w.canvas.item(z).badges]
    assert "MulBackward0" in badges
    assert "MeanBackward0" in [t for _, t in w.canvas.item(out).badges]
    built = tmp_path / "built.gsg"
    assert w.files.save_as(built)
    built_index = s.undo_stack.index()

    # out.backward(): x.grad is 4.5 everywhere, in the inspector as PyTorch prints it
    s.select([out])
    w.timeline.add_actions["backward"].trigger()
    assert len(s.document.timeline) == 1
    assert np.allclose(x_grad(w, x), 4.5)
    assert inspect(w, x).grad_text.toPlainText() == "tensor([[4.5000, 4.5000],\n" \
                                                     "        [4.5000, 4.5000]])"

    # a second backward: PyTorch's error at that step, grads unchanged
    s.select([out])
    w.timeline.list.setCurrentRow(0)
    w.timeline.add_actions["backward"].trigger()
    assert "backward through the graph a second time" in w.timeline.row_error(1)
    assert w.timeline.row_error(0) == ""
    assert np.allclose(x_grad(w, x), 4.5)

    # retain_graph=True on the first backward: the second one accumulates, grad doubles
    w.timeline.list.setCurrentRow(0)
    w.timeline.details.param_editors["retain_graph"].click()
    assert s.document.timeline[0].params["retain_graph"] is True
    assert w.timeline.row_error(1) == ""
    assert np.allclose(x_grad(w, x), 9.0)
    # scrubbing to step 1 shows the first backward's 4.5 again
    w.timeline.slider.setValue(1)
    assert np.allclose(s.state(x).grad, 4.5)
    w.timeline.slider.setValue(w.timeline.slider.maximum())
    assert s.step == -1

    # untick requires_grad on x: every grad_fn disappears, backward says why
    inspect(w, x).requires_grad.click()
    for n in (y, yy, z, out):
        assert s.state(n).grad_fn is None
        assert grad_fn_text(w, n) == "None"
    assert "does not require grad" in w.timeline.row_error(0)
    w.undo_action.trigger()
    assert np.allclose(x_grad(w, x), 9.0)

    # insert a detach after y: the graph is cut there
    s.select([y])
    w.detach_action.trigger()
    d = s.selection[0]
    assert s.document.node(d).kind == "detach"
    assert s.state(y).grad_fn == "AddBackward0"
    assert s.state(d).grad_fn is None and not s.state(d).requires_grad
    assert s.state(z).grad_fn is None
    assert "✂ gradient cut" in [t for _, t in w.canvas.item(d).badges]
    assert "does not require grad" in w.timeline.row_error(0)
    w.undo_action.trigger()                 # the whole insertion is one undo step
    assert d not in s.document.graph and s.state(z).grad_fn == "MulBackward0"

    # wrap y and y*y in no_grad: no grad_fn there, nor downstream
    s.select([y, yy])
    w.no_grad_action.trigger()
    assert s.state(y).grad_fn is None and s.state(yy).grad_fn is None
    assert s.state(out).grad_fn is None
    assert "no_grad" in [t for _, t in w.canvas.item(y).badges]

    # undo everything: back to the built graph, then to the empty start, byte for byte
    from gradstudio.document import files
    while s.undo_stack.index() > built_index:
        w.undo_action.trigger()
    assert files.dumps(s.document).encode() == built.read_bytes()
    assert not w.isWindowModified()         # built.gsg was the last save
    undo_all(w)
    assert files.dumps(s.document).encode() == start.read_bytes()

    # redo it all, save, reopen, compare
    while w.redo_action.isEnabled():
        w.redo_action.trigger()
    assert s.state(out).grad_fn is None
    final = tmp_path / "final.gsg"
    assert w.files.save_as(final)
    assert w.files.open_file(final)
    again = tmp_path / "again.gsg"
    assert w.files.save_as(again)
    assert final.read_bytes() == again.read_bytes()
    # the reopened graph runs the same: no_grad around y leaves nothing to differentiate
    assert s.state(x).grad is None
    assert "does not require grad" in w.timeline.row_error(0)
    s.push(RemoveRegion(s.document, next(iter(s.document.regions))))
    assert np.allclose(s.state(x).grad, 9.0)
    assert w.errors == [] and w.asked == 0
