"""The canvas widget: the view over the scene plus editing — Delete, copy/paste of the
selected subgraph, quick add (Tab), finding a node (Ctrl+F), drops from the palette,
right-click menus, rendering to PNG/SVG. Every edit is one undo command pushed on the
session. A node added by quick add (or by the window's commands, through ``free_corner``)
is moved down until it covers no other card."""
import atexit
import functools
import json
import math

from PySide6.QtCore import (QEvent, QPoint, QPointF, QRectF, QSize, Qt, QTimer, QMimeData,
                            Signal)
from PySide6.QtGui import QCursor, QGuiApplication, QImage, QPainter
from PySide6.QtWidgets import QLabel
from PySide6.QtSvg import QSvgGenerator

from gradstudio.document import DocumentError
from gradstudio.document.catalogue import CATALOGUE
from gradstudio.document.layout import ROW_HEIGHT
from gradstudio.ui.commands import AddNode, Connect, Paste, RemoveNodes
from gradstudio.ui.node_search import NodeSearch
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, translate

from . import theme
from .context_menu import build_menu
from .drawing import detailed
from .node_item import HEADER, WIDTH
from .quick_add import QuickAdd
from .scene import GRID, CanvasScene
from .view import CanvasView

__all__ = ["Canvas", "KIND_MIME", "SUBGRAPH_MIME", "NEW_CARD"]

KIND_MIME = "application/x-gradstudio-kind"
SUBGRAPH_MIME = "application/x-gradstudio-subgraph"
_clipboard = {"nodes": [], "edges": []}   # the in-app copy, also put on the system clipboard
MAX_IMAGE_SIDE = 12_000
# the room a new node needs (a card with a value and two badge rows), and how far a new
# card is moved down at a time until it covers no other
NEW_CARD = QRectF(0.0, 0.0, WIDTH, 150.0)
FREE_STEP = ROW_HEIGHT / 4
# what the empty canvas's hint says when the canvas is too small for all of it
EMPTY_HINT_SHORT = QT_TRANSLATE_NOOP("Canvas", "An empty graph: press Tab to add a node, or open File\u00a0▸\u00a0Examples.")
HINT_MARGIN = 20
QWIDGETSIZE_MAX = (1 << 24) - 1
EMPTY_HINT = (QT_TRANSLATE_NOOP("Canvas", "An empty graph. Double-click a kind in the Palette, drag it here, or press "
              "Tab for quick add; then drag from an output port to an input port to connect "
              "them. File ▸ Examples has the autograd tutorial."))


@functools.cache
def _release_clipboard_at_exit():
    """The clipboard owns the QMimeData a copy gives it, and Qt would free it only after
    Python has shut down, when PySide's wrapper of it can no longer be destroyed safely
    (the process then crashes on its way out). So, once something was copied, the
    clipboard is cleared while Python still runs."""
    def release():
        app = QGuiApplication.instance()
        if app is not None:
            app.clipboard().clear()
    atexit.register(release)


class Canvas(CanvasView):
    """The graph editor over a ``Session``: mirrors its document and run, and edits it
    only through ``session.push(command)``. ``rename_requested(node id)``: its node
    menu's Rename (the window starts the rename in the Inspector)."""

    rename_requested = Signal(str)

    def __init__(self, session, parent=None):
        scene = CanvasScene(session)
        super().__init__(scene, parent)
        self.session = session
        scene.setParent(self)
        self._scene = scene          # keep the Python wrapper (and its slots) alive
        self.setAcceptDrops(True)
        self.quick_add = QuickAdd(self)
        self.quick_add.kind_chosen.connect(self._on_kind_chosen)
        self._quick_add_pos = QPointF()
        self.node_search = NodeSearch(self)
        self.node_search.node_chosen.connect(self._on_node_chosen)
        self._paste_count = 0
        self.context_menu = None     # the last right-click menu (open until chosen)
        # an empty canvas says how to start; the hint lets clicks and drops through
        self.empty_hint = QLabel(translate("Canvas", EMPTY_HINT), self.viewport())
        self.empty_hint.setAlignment(Qt.AlignCenter)
        self.empty_hint.setWordWrap(True)
        self.empty_hint.setAttribute(Qt.WA_TransparentForMouseEvents)
        self.empty_hint.setStyleSheet(f"color: {theme.TEXT_DIM.name()};")
        font = self.empty_hint.font()    # set here, not in the style sheet: the hint is
        font.setPixelSize(14)            # measured before the style sheet is applied
        self.empty_hint.setFont(font)
        scene.about_to_clear.connect(self._on_scene_clearing)
        session.document_replaced.connect(self._on_document_replaced)
        session.document_changed.connect(self._update_empty_hint)
        self._update_empty_hint()

    def item(self, node_id):
        """The NodeItem mirroring a node id (or None); of a big document (``sparse``),
        made now if it was not in view yet."""
        scene = self.scene()
        if scene.sparse and node_id not in scene.nodes:
            scene.realize([node_id])
        return scene.nodes.get(node_id)

    def _on_scene_clearing(self):
        """Every item is about to go (a new document): a drag in progress (it holds
        items) ends, and an open right-click menu (its entries edit the old document)
        and node search (it lists the old document's nodes) close."""
        self.cancel_mode()
        self.node_search.hide()
        if self.context_menu is not None:
            self.context_menu.close()
            self.context_menu.deleteLater()
            self.context_menu = None

    def _on_document_replaced(self):
        self._update_empty_hint()
        QTimer.singleShot(0, self.fit_to_view)

    def _update_empty_hint(self, *_):
        empty = not self.session.document.node_ids
        if empty:
            self._place_empty_hint()         # (scrolled away while it was hidden, say)
        self.empty_hint.setVisible(empty)

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self._place_empty_hint()

    def scrollContentsBy(self, dx, dy):
        super().scrollContentsBy(dx, dy)    # (which moves the viewport's child widgets)
        if self.empty_hint.isVisible():
            self._place_empty_hint()

    def _place_empty_hint(self):
        """Centres the hint, wrapped to at most 460 px and as tall as its lines; on a
        canvas too small for the whole text it says the short version."""
        hint, rect = self.empty_hint, self.viewport().rect()
        width = max(min(rect.width() - 2 * HINT_MARGIN, 460), 60)
        hint.setMinimumSize(0, 0)           # (a fixed size would bound heightForWidth)
        hint.setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX)
        for text in (translate("Canvas", EMPTY_HINT), translate("Canvas", EMPTY_HINT_SHORT)):
            hint.setText(text)
            height = hint.heightForWidth(width)
            if height <= rect.height() - 2 * HINT_MARGIN:
                break
        hint.setFixedSize(width, height)
        hint.move(rect.center() - hint.rect().center())

    # ------------------------------------------------------------------ editing
    def add_node_at(self, kind, scene_pos, source=None, free=False):
        """Adds a node of ``kind`` with its header centred on ``scene_pos`` and selects
        it; returns its id. ``source`` (a node id) feeds its first input, in the same
        undo step; with ``free`` the card is moved down until it covers no other."""
        x, y = scene_pos.x() - WIDTH / 2, scene_pos.y() - HEADER / 2
        if self.snapping:
            x, y = round(x / GRID) * GRID, round(y / GRID) * GRID
        if free:
            corner = self.free_corner(QPointF(x, y))
            x, y = corner.x(), corner.y()
        spec = CATALOGUE.get(kind)      # (an unknown kind is refused by the document)
        ports = spec.input_names() if spec is not None and source is not None else ()
        command = AddNode(self.session.document, kind, position=(x, y),
                          inputs={ports[0]: source} if ports else None)
        self.session.push(command)
        self.session.select([command.node_id])
        return command.node_id

    def card_rects(self):
        """Where the cards are (scene rectangles)."""
        return [item.sceneBoundingRect() for item in self.scene().nodes.values()]

    def free_corner(self, corner, taken=None):
        """The top-left corner for a new card (``NEW_CARD``'s size) put at ``corner`` and
        moved down until it covers none of ``taken`` (the cards by default; a given list
        is joined by the new card, so that several new cards do not cover each other).
        With snapping on, a moved card stays on the grid."""
        taken = self.card_rects() if taken is None else taken
        card = NEW_CARD.translated(corner)
        while any(card.intersects(rect) for rect in taken):
            card.translate(0, FREE_STEP)
            if self.snapping:
                card.moveTop(math.ceil(card.top() / GRID) * GRID)
        taken.append(card)
        return card.topLeft()

    def insert_detach(self, source):
        """Puts ``.detach()`` between node ``source`` and everything that uses it (one
        undo step) and selects it; returns its id."""
        doc = self.session.document
        consumers = doc.consumers_of(source)
        x, y = doc.node(source).position
        corner = self.free_corner(QPointF(x + 60.0, y + 60.0), self.card_rects())
        stack = self.session.undo_stack
        stack.beginMacro(translate("Canvas", "Insert detach after {v}").format(v=doc.display_name(source)))
        try:
            add = AddNode(doc, "detach", position=(corner.x(), corner.y()))
            self.session.push(add)
            self.session.push(Connect(doc, source, add.node_id, "self"))
            for target, port in consumers:
                self.session.push(Connect(doc, add.node_id, target, port))
        finally:
            stack.endMacro()
        self.session.select([add.node_id])
        return add.node_id

    def delete_selection(self):
        ids = self.scene().selected_ids()
        if ids:
            self.session.push(RemoveNodes(self.session.document, ids))

    def select_all(self):
        self.session.select(self.session.document.node_ids)

    def copy_selection(self):
        """Copies the selected nodes and the edges between them."""
        doc = self.session.document
        ids = self.scene().selected_ids()
        if not ids:
            return False
        chosen = set(ids)
        nodes = []
        for n in ids:
            d = doc.node(n)
            nodes.append([n, d.kind, _jsonable(d.params), list(d.position), d.label,
                          d.watched, d.retains_grad])
        edges = [[u, v, k] for u, v, k in doc.edges() if u in chosen and v in chosen]
        _clipboard.update(nodes=nodes, edges=edges)
        self._paste_count = 0
        mime = QMimeData()
        mime.setData(SUBGRAPH_MIME, json.dumps(_clipboard).encode("utf-8"))
        _release_clipboard_at_exit()
        QGuiApplication.clipboard().setMimeData(mime)
        return True

    def paste(self):
        """Pastes the copied subgraph, offset from the original, and selects it."""
        data = self._clipboard_data()
        if data is None:
            return []
        if not data.get("nodes"):
            return []
        self._paste_count += 1
        off = 30.0 * self._paste_count
        try:
            command = Paste(self.session.document, [tuple(n) for n in data["nodes"]],
                            [tuple(e) for e in data["edges"]], offset=(off, off))
        except (DocumentError, KeyError, TypeError, ValueError):
            return []
        self.session.push(command)
        new_ids = [command.ids[n[0]] for n in data["nodes"]]
        self.session.select(new_ids)
        return new_ids

    def _clipboard_data(self):
        # the system clipboard decides: after copying other text, paste does nothing
        mime = QGuiApplication.clipboard().mimeData()
        if mime is None or not mime.hasFormat(SUBGRAPH_MIME):
            return None
        try:
            data = json.loads(bytes(mime.data(SUBGRAPH_MIME)).decode("utf-8"))
        except ValueError:
            return None
        return data if isinstance(data, dict) and data.get("nodes") else None

    # ------------------------------------------------------------------ keys
    def event(self, event):
        # Tab would move focus to the next widget: on the canvas it opens quick add
        if event.type() == QEvent.KeyPress and event.key() == Qt.Key_Tab:
            self.open_quick_add()
            return True
        return super().event(event)

    def keyPressEvent(self, event):
        key, ctrl = event.key(), bool(event.modifiers() & Qt.ControlModifier)
        if key in (Qt.Key_Delete, Qt.Key_Backspace) and self.mode is None:
            self.delete_selection()
        elif ctrl and key == Qt.Key_C:
            self.copy_selection()
        elif ctrl and key == Qt.Key_V:
            self.paste()
        elif ctrl and key == Qt.Key_A:
            self.select_all()
        elif ctrl and key == Qt.Key_F:
            self.open_node_search()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def open_quick_add(self, view_pos=None):
        """Opens the quick-add popup at the cursor (or at ``view_pos`` in the viewport)."""
        if view_pos is None:
            view_pos = self.viewport().mapFromGlobal(QCursor.pos())
            if not self.viewport().rect().contains(view_pos):
                view_pos = self.viewport().rect().center()
        self._quick_add_pos = self.mapToScene(view_pos)
        # one node selected: the new node takes it as its first input
        sel = [n for n in self.session.selection if n in self.scene().nodes]
        self._quick_add_source = sel[0] if len(sel) == 1 else None
        self.quick_add.open_at(self.viewport().mapToGlobal(view_pos))

    def _on_kind_chosen(self, kind):
        item = self.item(self.add_node_at(kind, self._quick_add_pos, free=True,
                                          source=getattr(self, "_quick_add_source", None)))
        if item is not None and not item.sceneBoundingRect().contains(self._quick_add_pos):
            self.ensureVisible(item, 24, 24)    # moved off other cards, maybe out of sight
        self.setFocus()

    def open_node_search(self):
        """Opens the node search (Ctrl+F) at the top of the canvas."""
        left = self.viewport().rect().center().x() - self.node_search.width() // 2
        self.node_search.open_at(self.viewport().mapToGlobal(QPoint(max(left, 0), 12)))

    def _on_node_chosen(self, node_id):
        """Selects a node found by the node search and centres the canvas on it."""
        self.session.select([node_id])
        item = self.item(node_id)
        if item is not None:
            self.centerOn(item)
        self.setFocus()

    # ------------------------------------------------------------------ right click
    def mousePressEvent(self, event):
        if event.button() == Qt.RightButton and self.mode is None:
            event.accept()           # the context menu follows; the selection stays
            return
        super().mousePressEvent(event)

    def contextMenuEvent(self, event):
        if self.mode is not None:
            event.ignore()
            return
        menu = build_menu(self, event.pos())
        if menu is None:
            event.ignore()
            return
        if self.context_menu is not None:
            self.context_menu.deleteLater()
        self.context_menu = menu
        menu.popup(event.globalPos())
        event.accept()

    # ------------------------------------------------------------------ drops
    def dragEnterEvent(self, event):
        if event.mimeData().hasFormat(KIND_MIME):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event):
        if event.mimeData().hasFormat(KIND_MIME):
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event):
        mime = event.mimeData()
        if not mime.hasFormat(KIND_MIME):
            super().dropEvent(event)
            return
        kind = bytes(mime.data(KIND_MIME)).decode("utf-8").strip()
        try:
            self.add_node_at(kind, self.mapToScene(event.position().toPoint()))
        except DocumentError:
            event.ignore()
            return
        event.acceptProposedAction()
        self.setFocus()

    # ------------------------------------------------------------------ rendering
    def _export_rect(self):
        rect = self.scene().nodes_rect()
        if rect.isNull():
            rect = QRectF(-200, -150, 400, 300)
        return rect.adjusted(-40, -40, 40, 40)

    def render_image(self, scale=2.0):
        """The whole graph as a QImage (``scale`` pixels per scene unit)."""
        rect = self._export_rect()
        scale = min(scale, MAX_IMAGE_SIDE / max(rect.width(), rect.height()))
        size = QSize(math.ceil(rect.width() * scale), math.ceil(rect.height() * scale))
        image = QImage(size, QImage.Format_ARGB32_Premultiplied)
        image.fill(theme.BACKGROUND)
        painter = QPainter(image)
        painter.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing |
                               QPainter.SmoothPixmapTransform)
        with detailed(self.scene()), self.scene().marks.hidden():
            self.scene().render(painter, QRectF(image.rect()), rect)
        painter.end()
        return image

    def render_png(self, path, scale=2.0):
        """Saves the whole graph as a PNG; returns True on success."""
        return self.render_image(scale).save(str(path), "PNG")

    def render_svg(self, path):
        """Saves the whole graph as an SVG (vector text and shapes)."""
        rect = self._export_rect()
        gen = QSvgGenerator()
        gen.setFileName(str(path))
        gen.setSize(QSize(math.ceil(rect.width()), math.ceil(rect.height())))
        gen.setViewBox(QRectF(0, 0, rect.width(), rect.height()))
        gen.setTitle(translate("Canvas", "GradStudio graph"))
        painter = QPainter(gen)
        painter.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        with detailed(self.scene()), self.scene().marks.hidden():
            self.scene().render(painter, QRectF(0, 0, rect.width(), rect.height()), rect)
        return painter.end()


def _jsonable(params):
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in params.items()}
