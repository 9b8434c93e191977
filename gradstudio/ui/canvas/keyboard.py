"""Every canvas action without a mouse.

``CanvasKeys`` filters the canvas's keys (installed by ``ui/classroom.py``):

- the arrow keys move the selection to the nearest node in that direction (with nothing
  selected, to the top-left node);
- Graph ▸ Connect Output To… (Ctrl+K) opens the port picker: a list of the inputs the selected node's output can
  feed (each ``node.port``, those already fed say by what); choosing one connects it;
- Return puts the keyboard in the selected node's first parameter in the inspector
  (``Esc`` there comes back to the canvas);
- Tab (quick add, the canvas's own) adds the chosen kind wired to the selected node.

While the canvas has the keyboard focus, the selected node is ringed (``FocusRing``), so
a keyboard user sees where they are. The filter and the ring keep no Python reference to
the canvas (a Qt child reaches its parent by ``parent()``).
"""
import math
import weakref

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QPen, QColor
from PySide6.QtWidgets import QGraphicsRectItem, QMenu

from gradstudio.document.catalogue import CATALOGUE
from gradstudio.document.spoken import spoken_state
from gradstudio.ui.commands import Connect
from gradstudio.ui.i18n import Number, translate

__all__ = ["CanvasKeys", "nearest_in_direction", "feedable_ports", "PORT_PICKER_KEY"]

PORT_PICKER_KEY = "Ctrl+K"
RING_PAD = 5.0
_DIRECTIONS = {Qt.Key_Right: (1, 0), Qt.Key_Left: (-1, 0), Qt.Key_Down: (0, 1),
               Qt.Key_Up: (0, -1)}


def nearest_in_direction(centres, current, direction):
    """The id in ``centres`` (id -> (x, y)) nearest to ``current``'s centre within 60° of
    ``direction`` ((dx, dy) unit), favouring nodes straight ahead; None if none."""
    cx, cy = centres[current]
    dx, dy = direction
    best, best_cost = None, math.inf
    for node, (x, y) in centres.items():
        if node == current:
            continue
        ahead = (x - cx) * dx + (y - cy) * dy
        aside = abs((x - cx) * dy - (y - cy) * dx)
        if ahead <= 0 or aside > ahead * math.tan(math.radians(60)):
            continue
        cost = ahead + 2 * aside
        if cost < best_cost:
            best, best_cost = node, cost
    return best


def feedable_ports(doc, source):
    """``[(target, port, fed by or None)]``: every input of another node that ``source``
    could feed without making a cycle, in document order."""
    out = []
    for target in doc.node_ids:
        if target == source or doc.has_path(target, source):
            continue
        data = doc.node(target)
        for port in CATALOGUE[data.kind].input_names(data.params):
            fed = doc.source_of(target, port)
            if fed != source:
                out.append((target, port, fed))
    return out


class FocusRing(QGraphicsRectItem):
    """The dashed ring around the selected node while the canvas has the keyboard."""

    def __init__(self):
        super().__init__()
        pen = QPen(QColor("#ffd54f"), 2, Qt.DashLine)
        pen.setCosmetic(True)
        self.setPen(pen)
        self.setZValue(50)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.node_id = None


class CanvasKeys(QObject):
    """The canvas's keyboard paths (an event filter and a child of the canvas)."""

    def __init__(self, canvas, inspector=None):
        super().__init__(canvas)
        self._inspector_ref = None if inspector is None else weakref.ref(inspector)
        self.ring = FocusRing()
        self.ring.hide()
        self.picker = None
        canvas.scene().addItem(self.ring)
        canvas.scene().about_to_clear.connect(self._on_scene_clearing)
        canvas.installEventFilter(self)
        canvas.setAccessibleName(translate("Keyboard", "Graph canvas"))
        canvas.session.selection_changed.connect(self.update_ring)
        canvas.session.run_finished.connect(self.update_ring)

    @property
    def canvas(self):
        return self.parent()

    def _on_scene_clearing(self):
        scene = self.canvas.scene()
        if self.ring.scene() is scene:
            scene.removeItem(self.ring)      # kept: added again once the scene is built
        self.ring.hide()

    # ------------------------------------------------------------------ the ring
    def update_ring(self, *_):
        canvas = self.canvas
        scene = canvas.scene()
        if self.ring.scene() is None:
            scene.addItem(self.ring)
        has = canvas.session.document.has_node     # (the scene may not have caught up)
        sel = [n for n in canvas.session.selection if n in scene.nodes and has(n)]
        self._describe(sel)
        if not sel or not canvas.hasFocus():
            self.ring.hide()
            return
        item = scene.nodes[sel[-1]]
        self.ring.node_id = sel[-1]
        self.ring.setRect(item.sceneBoundingRect().adjusted(-RING_PAD, -RING_PAD,
                                                            RING_PAD, RING_PAD))
        self.ring.show()

    def _describe(self, sel):
        """The canvas's accessible description: what is selected, in words."""
        session = self.canvas.session
        doc = session.document
        count = len(doc.node_ids)
        said = "; ".join(f"{doc.display_name(n)}, {spoken_state(session.state(n))}"
                         for n in sel[:3])
        self.canvas.setAccessibleDescription(
            (translate("Keyboard", "{count} nodes. ") if count != 1 else translate("Keyboard", "{count} node. ")).format(count=Number(count)) +
            (translate("Keyboard", "Selected: {said}. ").format(said=said) if said else translate("Keyboard", "Nothing selected. ")) +
            translate("Keyboard", "Arrow keys move between nodes, Tab adds one, Ctrl+K connects; the Graph as "
            "a List panel reads every node."))

    # ------------------------------------------------------------------ keys
    def eventFilter(self, obj, event):
        if not hasattr(self.canvas, "session"):     # (the canvas is going: at exit, Qt's
            return False                           # focus-out reaches a bare QWidget)
        t = event.type()
        if t in (QEvent.FocusIn, QEvent.FocusOut):
            self.update_ring()
            return False
        if t != QEvent.KeyPress or self.canvas.mode is not None:
            return False
        key, mods = event.key(), event.modifiers()
        plain = not (mods & (Qt.ControlModifier | Qt.AltModifier | Qt.MetaModifier))
        if key in _DIRECTIONS and plain and not self.canvas.space_held:
            self.move_selection(_DIRECTIONS[key])
            return True
        if key in (Qt.Key_Return, Qt.Key_Enter) and plain:
            return self.edit_parameters()
        return False

    def move_selection(self, direction):
        """Selects the nearest node in ``direction`` and keeps it in sight."""
        canvas = self.canvas
        scene, session = canvas.scene(), canvas.session
        centres = {n: (i.sceneBoundingRect().center().x(), i.sceneBoundingRect().center().y())
                   for n, i in scene.nodes.items()}
        if not centres:
            return None
        sel = [n for n in session.selection if n in centres]
        if not sel:
            target = min(centres, key=lambda n: (centres[n][0] + centres[n][1], n))
        else:
            target = nearest_in_direction(centres, sel[-1], direction)
            if target is None:
                return None
        session.select([target])
        canvas.ensureVisible(scene.nodes[target], 40, 40)
        return target

    def open_port_picker(self):
        """The list of inputs the selected node can feed; choosing one connects it."""
        canvas = self.canvas
        session = canvas.session
        doc = session.document
        sel = [n for n in session.selection if doc.has_node(n)]
        if not sel:
            return None
        source = sel[-1]
        menu = QMenu(canvas)
        menu.setAccessibleName(translate("Keyboard", "Connect {v} to an input").format(v=doc.display_name(source)))
        menu.setTitle(translate("Keyboard", "Connect {v} to").format(v=doc.display_name(source)))
        for target, port, fed in feedable_ports(doc, source):
            text = f"{doc.display_name(target)}.{port}"
            if fed is not None:
                text += translate("Keyboard", "   (now {v})").format(v=doc.display_name(fed))
            action = menu.addAction(text)
            action.setData((target, port))
        if menu.isEmpty():
            menu.addAction(translate("Keyboard", "No input can take it")).setEnabled(False)
        ref = weakref.ref(self)             # (the menu holds its filter weakly)
        menu.triggered.connect(lambda a: ref() is not None and ref()._connect(source, a.data()))
        item = canvas.scene().nodes.get(source)
        at = canvas.mapFromScene(item.sceneBoundingRect().topRight()) if item else \
            canvas.viewport().rect().center()
        if self.picker is not None:
            self.picker.deleteLater()
        self.picker = menu
        menu.popup(canvas.viewport().mapToGlobal(at))
        if menu.actions() and menu.actions()[0].isEnabled():
            menu.setActiveAction(menu.actions()[0])
        return menu

    def _connect(self, source, data):
        if not data:
            return
        target, port = data
        session = self.canvas.session
        session.push(Connect(session.document, source, target, port))
        self.canvas.setFocus()

    def edit_parameters(self):
        """Puts the keyboard in the selected node's first parameter in the inspector."""
        inspector = self._inspector_ref() if self._inspector_ref else None
        if inspector is None or not self.canvas.session.selection:
            return False
        return inspector.start_param_edit()
