"""Mouse modes of the canvas, one small class each (orange-canvas-core style): the view
picks a mode when a button goes down, feeds it moves, and ends or cancels it. A mode
edits the document only by pushing one undo command on the session when it ends."""
from PySide6.QtCore import QPointF, QRectF, Qt

from gradstudio.document.catalogue_function import OUTPUT_KIND, outputs_taken
from gradstudio.ui.commands import AddNode, Connect, Disconnect, MoveNodes
from gradstudio.ui.i18n import Number, translate

from .edge_item import DraftEdge
from .region_item import DragHint
from .regions import plan_membership, push_region_edit
from .scene import GRID

__all__ = ["Mode", "PanMode", "MoveMode", "ConnectMode", "mode_for_press", "can_connect"]

DRAG_START = 3.0   # pixels the cursor travels before a press becomes a drag


class Mode:
    """A mouse interaction: ``start`` (button down), ``move``, ``end`` (button up) or
    ``cancel`` (Escape, focus lost). Positions are in scene coordinates."""

    def __init__(self, canvas):
        self.canvas = canvas
        self.scene = canvas.scene()
        self.session = canvas.session

    def start(self, scene_pos, event):
        pass

    def move(self, scene_pos, event):
        pass

    def end(self, scene_pos, event):
        pass

    def cancel(self):
        pass


class PanMode(Mode):
    """Middle-button drag, or left drag with Space held: scrolls the view."""

    def start(self, scene_pos, event):
        self._last = event.position()
        self.canvas.viewport().setCursor(Qt.ClosedHandCursor)

    def move(self, scene_pos, event):
        delta = event.position() - self._last
        self._last = event.position()
        h, v = self.canvas.horizontalScrollBar(), self.canvas.verticalScrollBar()
        h.setValue(h.value() - round(delta.x()))
        v.setValue(v.value() - round(delta.y()))

    def end(self, scene_pos, event):
        self.cancel()

    def cancel(self):
        self.canvas.viewport().setCursor(Qt.OpenHandCursor if self.canvas.space_held
                                         else Qt.ArrowCursor)


class MoveMode(Mode):
    """Press on a node: selects it (Ctrl/Shift toggles), and dragging moves the selection.
    Items follow the cursor live; one ``MoveNodes`` is pushed on release (one undo
    step per drag). With snapping on, positions snap to the grid.

    Dragging also edits no-grad regions: a node released with its centre inside a
    region's frame joins it, a member released clearly outside its frame leaves it (the
    frames stay where they were while the drag lasts, and the region that would change is
    lit up); the move and the membership are one undo step. A region travels with the
    drag instead when all its members move and the drag moves more than one node, or when
    it was grabbed by its title (``region``)."""

    def __init__(self, canvas, item, region=None):
        super().__init__(canvas)
        self.item = item
        self.region = region
        self.dragging = False
        self._frames = None

    def start(self, scene_pos, event):
        self._press = scene_pos
        self._press_view = event.position()
        toggle = bool(event.modifiers() & (Qt.ControlModifier | Qt.ShiftModifier))
        self._was_selected = self.item.isSelected()
        if self.region is not None:
            if not toggle:
                self.scene.clearSelection()
            for n in self.region.nodes:
                n.setSelected(True)
        elif toggle:
            self.item.setSelected(not self.item.isSelected())
        elif not self.item.isSelected():
            self.scene.clearSelection()
            self.item.setSelected(True)
        self._toggle = toggle
        self.moving = [i for i in self.scene.selectedItems() if i in self.scene.nodes.values()]
        self._origin = {i: i.pos() for i in self.moving}

    def move(self, scene_pos, event):
        if not self.moving:
            return
        if not self.dragging:
            d = event.position() - self._press_view
            if abs(d.x()) + abs(d.y()) < DRAG_START:
                return
            self.dragging = True
            for i in self.moving:
                i.setZValue(i.zValue() + 1)       # above the nodes it passes over
            self._begin_regions()
        delta = scene_pos - self._press
        if self.canvas.snapping:
            anchor = self._origin[self.item] + delta
            snapped = QPointF(round(anchor.x() / GRID) * GRID, round(anchor.y() / GRID) * GRID)
            delta = snapped - self._origin[self.item]
        for i in self.moving:
            i.setPos(self._origin[i] + delta)
        self._show_plan(self._plan())

    # ------------------------------------------------------------------ regions
    def _begin_regions(self):
        """Freezes the frames as they are when the drag begins (judged against them)."""
        doc = self.session.document
        if not doc.regions:
            return
        ids = {i.node_id for i in self.moving}
        self._members = {rid: set(r.nodes) for rid, r in doc.regions.items()}
        self._frames = {rid: self.scene.regions[rid].frame if rid in self.scene.regions
                        else QRectF() for rid in self._members}
        grouped = self.region is not None or len(ids) > 1
        self._travelling = {rid for rid, m in self._members.items() if m and m <= ids
                            and grouped}
        self._starts = {i.node_id: i.sceneBoundingRect().center() for i in self.moving}
        for rid, item in self.scene.regions.items():
            item.freeze(rid not in self._travelling)
        self._hint = DragHint()
        self.scene.addItem(self._hint)

    def _plan(self):
        if self._frames is None:
            return {}
        centres = {i.node_id: (self._starts[i.node_id], i.sceneBoundingRect().center())
                   for i in self.moving}
        return plan_membership(self._members, self._frames, centres, self._travelling)

    def _show_plan(self, plan):
        if self._frames is None:
            return
        for rid, item in self.scene.regions.items():
            new = plan.get(rid)
            item.set_highlight(None if new is None else
                               "join" if new - self._members[rid] else "leave")
        self._hint.set_text(self._plan_text(plan, hint=True) if plan else "")
        self._hint.setPos(self.item.sceneBoundingRect().topLeft() + QPointF(0, -6))

    def _end_regions(self):
        if self._frames is None:
            return
        for item in self.scene.regions.values():
            item.set_highlight(None)
            item.freeze(False)
        self.scene.removeItem(self._hint)
        self._frames = self._hint = None

    def end(self, scene_pos, event):
        if not self.dragging:
            if not self._toggle and self._was_selected and self.region is None:
                self.scene.clearSelection()
                self.item.setSelected(True)
            return
        plan = self._plan()
        self._end_drag()
        moves = {i.node_id: (i.pos().x(), i.pos().y()) for i in self.moving
                 if i.pos() != self._origin[i]}
        if plan:
            push_region_edit(self.session, self._plan_text(plan), plan, moves)
        elif moves:
            self.session.push(MoveNodes(self.session.document, moves, merge=False))

    def _plan_text(self, plan, hint=False):
        """"Move y into no_grad" (the undo step's text) or, as the drag's ``hint``,
        "Release to add y to no_grad"; "… y between no_grad regions" when nodes both join
        and leave regions."""
        name = self.session.document.display_name
        joined = set().union(*(new - self._members[r] for r, new in plan.items()))
        left = set().union(*(self._members[r] - new for r, new in plan.items()))
        nodes = joined | left
        who = name(next(iter(nodes))) if len(nodes) == 1 else translate(
            "Canvas", "{count} nodes").format(count=Number(len(nodes)))
        if joined and left:
            text = translate("Canvas", "Release to move {who} between no_grad regions") \
                if hint else translate("Canvas", "Move {who} between no_grad regions")
        elif joined:
            text = translate("Canvas", "Release to add {who} to no_grad") if hint else \
                translate("Canvas", "Move {who} into no_grad")
        else:
            text = translate("Canvas", "Release to take {who} out of no_grad") if hint else \
                translate("Canvas", "Move {who} out of no_grad")
        return text.format(who=who)

    def _end_drag(self):
        if self.dragging:
            for i in self.moving:
                i.setZValue(i.zValue() - 1)
        self._end_regions()

    def cancel(self):
        self._end_drag()
        for i, p in self._origin.items():
            i.setPos(p)


def can_connect(document, source, target):
    """Whether ``source``'s output may feed ``target`` (no self-loop, no cycle)."""
    return source != target and not document.has_path(target, source)


class ConnectMode(Mode):
    """Drag from an output port to an input port: pushes ``Connect`` (replacing whatever
    fed that input). Started from a connected input port, it picks up that edge's input
    end: dropping it on another input moves the edge, on empty space ``Disconnect``s it.
    Dropping a new connection on empty space does nothing."""

    def __init__(self, canvas, source_item, detached=None, output=0):
        super().__init__(canvas)
        self.source = source_item
        self.detached = detached       # (target NodeItem, port) picked up, or None
        self.output = output           # a Function's output port k (0: its own tensor)
        self.hot = None

    def start(self, scene_pos, event):
        self.draft = DraftEdge(self.source.output_pos(self.output))
        self.scene.addItem(self.draft)
        self.draft.set_end(scene_pos)
        if self.detached is not None:
            edge = self.scene.edges.get((self.source.node_id, self.detached[0].node_id,
                                         self.detached[1]))
            if edge is not None:
                edge.setOpacity(0.25)
                self._faded = edge
        self.canvas.viewport().setCursor(Qt.CrossCursor)

    def target_at(self, scene_pos):
        """``(NodeItem, port)`` of a valid input under the point, or None."""
        hit = self.scene.port_at(scene_pos)
        if hit is None:
            node = self.scene.node_at(scene_pos)
            if node is None or not node.ports:
                return None
            # dropped on a node's body: its first free input, else its first input
            free = [p for p in node.ports if p not in node.connected]
            hit = (node, "in", (free or node.ports)[0])
        node, side, port = hit
        if side != "in":
            return None
        if not can_connect(self.session.document, self.source.node_id, node.node_id):
            return None
        return node, port

    def move(self, scene_pos, event):
        target = self.target_at(scene_pos)
        self._set_hot(target)
        self.draft.set_end(target[0].input_pos(target[1]) if target else scene_pos)

    def _set_hot(self, target):
        if self.hot == target:
            return
        if self.hot is not None:
            self.hot[0].hot_port = None
            self.hot[0].update()
        self.hot = target
        if target is not None:
            target[0].hot_port = target[1]
            target[0].update()

    def end(self, scene_pos, event):
        target = self.target_at(scene_pos)
        self.cancel()
        doc = self.session.document
        src = self.source.node_id
        if self.detached is not None:
            old_node, old_port = self.detached[0].node_id, self.detached[1]
            if target is not None and (target[0].node_id, target[1]) == (old_node, old_port):
                return
            stack = self.session.undo_stack
            stack.beginMacro("Move connection" if target else f"Disconnect "
                             f"{doc.display_name(old_node)}.{old_port}")
            try:
                stack.push(Disconnect(doc, old_node, old_port))
                if target is not None:
                    stack.push(Connect(doc, src, target[0].node_id, target[1]))
            finally:
                stack.endMacro()
            return
        if target is None:
            return
        node_id, port = target[0].node_id, target[1]
        if self.output:
            self._connect_output(node_id, port)
            return
        if doc.source_of(node_id, port) == src:
            return
        self.session.push(Connect(doc, src, node_id, port))

    def _connect_output(self, node_id, port):
        """From output k of a Function of several outputs: through the
        ``function_output`` node of output k (made beside the Function when it has none),
        in one undo step."""
        doc, src, k = self.session.document, self.source.node_id, self.output
        taken = outputs_taken(doc, src).get(k)
        if taken is not None and (taken == node_id or doc.source_of(node_id, port) == taken):
            return
        stack = self.session.undo_stack
        stack.beginMacro(translate("Canvas", "Connect output {k} of {name}").format(
            k=k, name=doc.display_name(src)))
        try:
            if taken is None:
                x, y = doc.node(src).position
                add = AddNode(doc, OUTPUT_KIND, {"index": k},
                              (x + self.source.width + 40, y + 60 * k), inputs={"function": src})
                stack.push(add)
                taken = add.node_id
            stack.push(Connect(doc, taken, node_id, port))
        finally:
            stack.endMacro()

    def cancel(self):
        self._set_hot(None)
        if getattr(self, "_faded", None) is not None:
            self._faded.setOpacity(1.0)
            self._faded = None
        if self.draft.scene() is not None:
            self.scene.removeItem(self.draft)
        self.canvas.viewport().setCursor(Qt.ArrowCursor)


def mode_for_press(canvas, scene_pos, event):
    """The mode a button press starts, or None to let the view handle it (rubber band)."""
    button = event.button()
    if button == Qt.MiddleButton or (button == Qt.LeftButton and canvas.space_held):
        return PanMode(canvas)
    if button != Qt.LeftButton:
        return None
    scene = canvas.scene()
    hit = scene.port_at(scene_pos)
    if hit is not None:
        node, side, port = hit
        if side == "out":
            return ConnectMode(canvas, node, output=port or 0)
        source = canvas.session.document.source_of(node.node_id, port)
        if source is not None and source in scene.nodes:
            return ConnectMode(canvas, scene.nodes[source], detached=(node, port))
    node = scene.node_at(scene_pos)
    if node is not None:
        return MoveMode(canvas, node)
    region = scene.region_title_at(scene_pos)
    if region is not None and region.nodes:
        return MoveMode(canvas, region.nodes[0], region=region)
    return None

