"""Notes on the canvas: a teacher's Markdown next to the graph.

``NotesLayer`` mirrors the document's notes (``Document.notes``) as ``NoteItem``s in the
canvas's scene, by note id, and follows the document's ``note_changed`` events, its
reset and the nodes that pinned notes follow. A note is rendered with Qt's Markdown
support in a ``SafeDocument`` (nothing is loaded from the disk or the web). Drag it to
move it, drag its corner to resize it, double-click it to edit its text; its header
has a pin (pin to the selected node, or unpin) and a close button (delete). Every
change is an undo step (``SetNote``). Items keep their note's id, not the note.
"""
from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen, QUndoCommand
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QGraphicsTextItem, QInputDialog

from gradstudio.document.notes import DEFAULT_SIZE, MAX_SIDE, MIN_SIDE, Note
from gradstudio.ui.lesson_markdown import SafeDocument
from gradstudio.ui.i18n import translate

__all__ = ["NotesLayer", "NoteItem", "SetNote", "ask_note_text", "add_note"]

HEAD = 18.0          # the header strip with the pin and close buttons
PAD = 6.0
GRIP = 12.0          # the resize corner
NOTE_Z = 5.0         # above edges and cards
FILL = QColor("#fff4b8")
HEAD_FILL = QColor("#f2d95c")
INK = QColor("#3a3000")
PIN_OFFSET = QPointF(0.0, -130.0)   # a new pinned note: above its node


class SetNote(QUndoCommand):
    """Adds, changes or removes one note (``old``/``new``: a ``Note`` or None)."""

    def __init__(self, doc, note_id, old, new, text):
        super().__init__(text)
        self.doc, self.note_id, self.old, self.new = doc, note_id, old, new
        self.refused = None

    def redo(self):
        self.doc.set_note(self.note_id, self.new)

    def undo(self):
        self.doc.set_note(self.note_id, self.old)


def ask_note_text(parent, text):
    """Asks for a note's Markdown; returns it, or None when cancelled. (Tests replace
    this function.)"""
    value, ok = QInputDialog.getMultiLineText(
        parent, translate("Notes", "Note"), translate("Notes", "Markdown text of the note (**bold**, *italic*, `code`, lists, # "
        "headings):"), text)
    return value if ok else None


def add_note(session, parent=None, centre=QPointF(0, 0)):
    """Asks for a text and adds a note: pinned above the selected node if there is one,
    else free at ``centre`` (a scene point). Returns the new note's id or None."""
    text = ask_note_text(parent, "")
    if text is None or not text.strip():
        return None
    doc = session.document
    sel = [n for n in session.selection if doc.has_node(n)]
    note_id = doc.new_id("note")
    if sel:
        note = Note(note_id, text, (PIN_OFFSET.x(), PIN_OFFSET.y()), DEFAULT_SIZE, sel[-1])
    else:
        note = Note(note_id, text, (centre.x() - DEFAULT_SIZE[0] / 2,
                                    centre.y() - DEFAULT_SIZE[1] / 2))
    session.push(SetNote(doc, note_id, None, note, translate("Notes", "Add note")))
    return note_id


def note_origin(doc, note):
    """Where a note's top-left corner is on the canvas."""
    if note.node is not None and doc.has_node(note.node):
        x, y = doc.node(note.node).position
        return QPointF(x + note.position[0], y + note.position[1])
    return QPointF(*note.position)


class NoteItem(QGraphicsRectItem):
    """One note: a yellow card with a header (pin, close) and its rendered Markdown."""

    def __init__(self, note_id):
        super().__init__()
        self.note_id = note_id
        self.setFlags(QGraphicsItem.ItemIsMovable | QGraphicsItem.ItemIsSelectable |
                      QGraphicsItem.ItemClipsChildrenToShape |
                      QGraphicsItem.ItemSendsGeometryChanges)
        self.setZValue(NOTE_Z)
        self.setBrush(QBrush(FILL))
        self.setPen(QPen(HEAD_FILL.darker(130), 1))
        self.text_item = QGraphicsTextItem(self)
        self.text_item.setDocument(SafeDocument(self.text_item))
        self.text_item.setDefaultTextColor(INK)
        self.text_item.setPos(PAD, HEAD)
        self.text_item.setAcceptedMouseButtons(Qt.NoButton)   # the note takes the clicks
        self.pinned = False
        self._press = None                                     # (kind, scene pos, rect, pos)

    # ------------------------------------------------------------------ showing
    def show_note(self, note, origin):
        self.pinned = note.node is not None
        self.setRect(QRectF(0, 0, *note.size))
        self.setPos(origin)
        doc = self.text_item.document()
        if getattr(self, "_markdown", None) != note.text:
            doc.setMarkdown(note.text)
            self._markdown = note.text
        self.text_item.setTextWidth(max(10.0, note.size[0] - 2 * PAD))
        self.setToolTip(translate("Notes", "A note: drag to move, drag the corner to resize, double-click to "
                        "edit; ◉/○ in its header pins it to the selected node or frees it; × deletes it."))

    def shown_text(self):
        """The note's text as rendered (plain)."""
        return self.text_item.document().toPlainText()

    def _buttons(self):
        w = self.rect().width()
        return {"close": QRectF(w - HEAD, 0, HEAD, HEAD),
                "pin": QRectF(w - 2 * HEAD, 0, HEAD, HEAD)}

    def paint(self, painter, option, widget=None):
        super().paint(painter, option, widget)
        r = self.rect()
        painter.fillRect(QRectF(0, 0, r.width(), HEAD), HEAD_FILL)
        painter.setPen(INK)
        b = self._buttons()
        painter.drawText(b["close"], Qt.AlignCenter, "×")
        painter.drawText(b["pin"], Qt.AlignCenter, "◉" if self.pinned else "○")
        painter.drawText(QRectF(PAD, 0, r.width() - 2 * HEAD - PAD, HEAD),
                         Qt.AlignVCenter | Qt.AlignLeft, "pinned" if self.pinned else "note")
        painter.drawLine(QPointF(r.width() - GRIP, r.height()), QPointF(r.width(),
                                                                       r.height() - GRIP))
        if self.isSelected():
            painter.setPen(QPen(QColor("#2b7bd6"), 2))
            painter.drawRect(r.adjusted(1, 1, -1, -1))

    # ------------------------------------------------------------------ editing
    def _layer(self):
        scene = self.scene()
        return None if scene is None else getattr(scene, "notes_layer", None)

    def mousePressEvent(self, event):
        p = event.pos()
        for name, rect in self._buttons().items():
            if rect.contains(p):
                self._press = (name, None, None, None)
                event.accept()
                return
        r = self.rect()
        corner = QRectF(r.width() - GRIP, r.height() - GRIP, GRIP, GRIP)
        kind = "resize" if corner.contains(p) else "move"
        self._press = (kind, event.scenePos(), QRectF(r), QPointF(self.pos()))
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event):
        if self._press is None or self._press[0] != "resize":
            if self._press is not None and self._press[0] == "move":
                super().mouseMoveEvent(event)
            return
        _, start, rect, _ = self._press
        d = event.scenePos() - start
        w = min(MAX_SIDE, max(MIN_SIDE, rect.width() + d.x()))
        h = min(MAX_SIDE, max(MIN_SIDE, rect.height() + d.y()))
        self.setRect(QRectF(0, 0, w, h))
        self.text_item.setTextWidth(max(10.0, w - 2 * PAD))

    def mouseReleaseEvent(self, event):
        press, self._press = self._press, None
        layer = self._layer()
        if press is None or layer is None:
            return
        kind = press[0]
        if kind in ("close", "pin"):
            if self._buttons()[kind].contains(event.pos()):
                layer.remove(self.note_id) if kind == "close" else layer.toggle_pin(self.note_id)
            return
        super().mouseReleaseEvent(event)
        if kind == "resize" and self.rect() != press[2]:
            layer.resized(self.note_id, self.rect().width(), self.rect().height())
        elif kind == "move" and self.pos() != press[3]:
            layer.moved(self.note_id, self.pos())

    def mouseDoubleClickEvent(self, event):
        layer = self._layer()
        if layer is not None:
            layer.edit(self.note_id)
        event.accept()


class NotesLayer(QObject):
    """The notes of the session's document in a canvas scene (a child of the scene,
    which it reaches as ``parent()``; it keeps no Python reference to it)."""

    def __init__(self, scene, session):
        super().__init__(scene)
        self.items = {}          # note id -> NoteItem
        scene.notes_layer = self
        session.document_changed.connect(self._on_document_changed)
        session.document_replaced.connect(self.rebuild)
        scene.about_to_clear.connect(self._forget)
        self.rebuild()

    @property
    def session(self):
        return self.parent().session

    def _forget(self):
        self.items = {}          # (the scene's clear() deletes the items themselves)

    def rebuild(self):
        scene = self.parent()
        for item in self.items.values():
            if item.scene() is scene:
                scene.removeItem(item)
        self.items = {}
        for note_id in self.session.document.notes:
            self._show(note_id)

    def _show(self, note_id):
        doc = self.session.document
        note = doc.notes.get(note_id)
        item = self.items.get(note_id)
        if note is None:
            if item is not None:
                self.parent().removeItem(item)
                del self.items[note_id]
            return
        if item is None:
            item = self.items[note_id] = NoteItem(note_id)
            self.parent().addItem(item)
        item.show_note(note, note_origin(doc, note))

    def _on_document_changed(self, change):
        if change.kind == "note_changed":
            self._show(change.target)
        elif change.kind == "reset":
            self.rebuild()
        elif change.kind in ("node_changed", "node_removed", "node_added"):
            doc = self.session.document
            for note_id, note in doc.notes.items():   # pinned notes follow their node
                if note.node == change.target:
                    self._show(note_id)

    # ------------------------------------------------------------------ edits
    def _push(self, note_id, new, text):
        s = self.session
        s.push(SetNote(s.document, note_id, s.document.notes.get(note_id), new, text))

    def moved(self, note_id, pos):
        doc = self.session.document
        note = doc.notes[note_id]
        base = note_origin(doc, note) - QPointF(*note.position)
        offset = pos - base
        self._push(note_id, _with(note, position=(offset.x(), offset.y())), translate("Notes", "Move note"))

    def resized(self, note_id, width, height):
        note = self.session.document.notes[note_id]
        self._push(note_id, _with(note, size=(width, height)), translate("Notes", "Resize note"))

    def remove(self, note_id):
        self._push(note_id, None, translate("Notes", "Delete note"))

    def edit(self, note_id):
        note = self.session.document.notes[note_id]
        views = self.parent().views()
        text = ask_note_text(views[0] if views else None, note.text)
        if text is not None and text != note.text:
            self._push(note_id, _with(note, text=text), translate("Notes", "Edit note"))

    def toggle_pin(self, note_id):
        """Pins the note to the selected node (keeping where it is on the canvas), or
        unpins a pinned one."""
        doc = self.session.document
        note = doc.notes[note_id]
        where = note_origin(doc, note)
        sel = [n for n in self.session.selection if doc.has_node(n)]
        if note.node is not None or not sel:
            new = _with(note, node=None, position=(where.x(), where.y()))
            if note.node is None:
                return                     # nothing selected to pin to
            self._push(note_id, new, translate("Notes", "Unpin note"))
            return
        x, y = doc.node(sel[-1]).position
        self._push(note_id, _with(note, node=sel[-1], position=(where.x() - x, where.y() - y)),
                   translate("Notes", "Pin note"))


def _with(note, **changes):
    fields = dict(id=note.id, text=note.text, position=note.position, size=note.size,
                  node=note.node)
    fields.update(changes)
    return Note(**fields)
