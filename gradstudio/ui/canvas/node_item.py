"""A node on the canvas: a titled header, input ports on the left, the output port on the
right, and a body showing the tensor at the viewed step (compact value, shape and dtype,
and badges for requires_grad, leaf/non-leaf, grad_fn and .grad). A node in error is red
and shows its message on hover.

Painting is level-of-detail: zoomed far out a node is one filled rectangle, a little
closer a card showing only its name, in a font that stays readable at that zoom, and
only near 1:1 are the value, ports and badges drawn. Text layouts are
``QStaticText`` objects prepared once per state change; pens and brushes come from
``theme``."""
import re
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QStaticText, QTextOption
from PySide6.QtWidgets import QGraphicsItem, QStyle

from gradstudio.document.catalogue import CATALOGUE

from . import theme

__all__ = ["NodeItem", "WIDTH", "HEADER", "PORT_ROW", "PORT_RADIUS"]

WIDTH = 216.0
HEADER = 26.0
PORT_ROW = 20.0
PORT_TOP = HEADER + 4.0
PORT_RADIUS = 5.5
PAD = 9.0
LINE = 14.0
BADGE_H = 16.0
BADGE_GAP = 4.0
MAX_CHARS = 28
LOD_CARD = 0.3      # below: one filled rectangle
LOD_TEXT = 0.55     # below: a card with its name only
CARD_NAME_PX = 12.0  # the name's height on screen on a card, whatever the zoom

_SUFFIX = re.compile(r",\s*(requires_grad=True|grad_fn=<\w+>|dtype=[\w.]+)")


def _static(text, role, width=None):
    st = QStaticText(text)
    st.setTextFormat(Qt.PlainText)
    st.setPerformanceHint(QStaticText.AggressiveCaching)
    if width is not None:
        st.setTextWidth(width)
        opt = QTextOption()
        opt.setWrapMode(QTextOption.WrapAtWordBoundaryOrAnywhere)
        st.setTextOption(opt)
    st.prepare(font=theme.font(role))
    return st


@lru_cache(maxsize=512)
def _badge(text):
    """A badge's prepared text and width, shared by every node showing it."""
    return _static(text, "badge"), theme.metrics("badge").horizontalAdvance(text) + 12


def _elide(text, n=MAX_CHARS):
    return text if len(text) <= n else text[:n - 1] + "…"


def compact_value(text):
    """The body's preview of PyTorch's print text: without ``tensor(`` and the
    requires_grad/grad_fn suffix (the badges say it), dedented."""
    if text.startswith("tensor("):
        text = _SUFFIX.sub("", text[len("tensor("):])
        if text.endswith(")"):
            text = text[:-1]
        text = "\n".join(line[7:] if line.startswith(" " * 7) else line
                         for line in text.split("\n"))
    return text


def preview_lines(shape):
    """How many value lines a tensor of ``shape`` gets (decided without formatting)."""
    if shape is None or len(shape) <= 1:
        return 1
    if len(shape) == 2:
        return max(1, min(shape[0], 3))
    return 3


class NodeItem(QGraphicsItem):
    """Mirrors one document node (by id). The scene keeps it in step with the document
    and the run; it never edits anything itself."""

    def __init__(self, data, in_no_grad=False):
        super().__init__()
        self.node_id = data.id
        self.setFlags(QGraphicsItem.ItemIsSelectable | QGraphicsItem.ItemSendsGeometryChanges)
        self.setCacheMode(QGraphicsItem.NoCache)
        self.setZValue(2)
        self.edges = []               # EdgeItems touching this node
        self.connected = set()        # connected input ports
        self.hot_port = None          # port highlighted during a connection drag
        self.in_no_grad = in_no_grad
        self.state = None
        self.moved_callback = None
        self._text_dirty = True
        self._card_name = None        # (font pixels, font, QStaticText) of the card's name
        self.set_data(data)

    # ------------------------------------------------------------------ model
    def set_data(self, data):
        """Takes the node's kind, params, label and position from the document."""
        self.data = data
        self.spec = CATALOGUE[data.kind]
        self.ports = list(self.spec.input_names(data.params))
        self._title = _static(_elide(data.label or data.kind, 22), "title")
        self._subtitle = _static(data.kind if data.label else data.id, "small")
        self._port_texts = [_static(p, "small") for p in self.ports]
        self._card_name = None
        self._relayout()
        if self.pos() != QPointF(*data.position):
            self.setPos(QPointF(*data.position))

    def set_state(self, state, in_no_grad=False):
        """The tensor's state at the viewed step (a ``TensorState``); cheap: the value's
        text is formatted when the node is next painted close up."""
        self.state = state
        self.in_no_grad = in_no_grad
        self._text_dirty = True
        self._relayout()
        tip = self._tooltip()
        if tip != self.toolTip():
            self.setToolTip(tip)

    @property
    def has_error(self):
        return self.state is not None and self.state.error is not None

    def _tooltip(self):
        if self.has_error:
            return f"{self.data.kind}: {self.state.error}"
        return f"{self.data.kind} — {self.spec.doc}"

    # ------------------------------------------------------------------ geometry
    def _relayout(self):
        rows = max(1, len(self.ports))
        self._ports_bottom = PORT_TOP + rows * PORT_ROW
        st = self.state
        if st is None:
            self._value_lines, self._badges = 0, []
        elif st.error is not None:
            chars = theme.metrics("small").horizontalAdvance(st.error) / (WIDTH - 2 * PAD)
            self._value_lines, self._badges = min(5, int(chars * 1.15) + 1), []
        else:
            self._value_lines = preview_lines(st.shape)
            self._badges = self._badge_list()
        self._badge_rects = self._layout_badges(self._ports_bottom + 4 +
                                                (self._value_lines + 1) * LINE + 6)
        meta = 1 if st is not None and st.error is None else 0
        bottom = (self._badge_rects[-1][0].bottom() + PAD if self._badge_rects
                  else self._ports_bottom + 4 + (self._value_lines + meta) * LINE + PAD)
        height = max(bottom, self._ports_bottom + 6)
        if getattr(self, "_height", None) != height:
            self.prepareGeometryChange()
            self._height = height
            self._rect = QRectF(0, 0, WIDTH, height)
            self._bounds = self._rect.adjusted(-PORT_RADIUS - 2, -2, PORT_RADIUS + 2, 2)

    def _badge_list(self):
        st = self.state
        out = []
        if st.requires_grad:
            out.append(("requires_grad", "requires_grad"))
        out.append(("leaf", "leaf") if st.is_leaf else ("non-leaf", "non-leaf"))
        if st.grad_fn:
            out.append(("grad_fn", st.grad_fn))
        if st.retains_grad:
            out.append(("retains_grad", "retain_grad"))
        if st.grad is not None:
            out.append(("grad", ".grad ✓"))
        if self.in_no_grad:
            out.append(("no_grad", "no_grad"))
        if self.data.kind == "detach":
            out.append(("cut", "✂ gradient cut"))
        return out

    def _layout_badges(self, top):
        rects, x, y = [], PAD, top
        for key, text in self._badges:
            st, w = _badge(text)
            if x + w > WIDTH - PAD and x > PAD:
                x, y = PAD, y + BADGE_H + BADGE_GAP
            rects.append((QRectF(x, y, w, BADGE_H), key, st))
            x += w + BADGE_GAP
        return rects

    def boundingRect(self):
        return self._bounds

    def input_pos(self, port):
        """A port's position in scene coordinates."""
        i = self.ports.index(port) if port in self.ports else 0
        return self.mapToScene(QPointF(0, PORT_TOP + (i + 0.5) * PORT_ROW))

    def output_pos(self):
        return self.mapToScene(QPointF(WIDTH, PORT_TOP + 0.5 * PORT_ROW))

    def port_at(self, scene_pos, slack=5.0):
        """``("out", None)``, ``("in", port)`` or None for a point in scene coordinates."""
        p = self.mapFromScene(scene_pos)
        r = PORT_RADIUS + slack
        out = QPointF(WIDTH, PORT_TOP + 0.5 * PORT_ROW)
        if abs(p.x() - out.x()) <= r and abs(p.y() - out.y()) <= r + 3:
            return ("out", None)
        if abs(p.x()) <= r:
            for i, port in enumerate(self.ports):
                if abs(p.y() - (PORT_TOP + (i + 0.5) * PORT_ROW)) <= PORT_ROW / 2:
                    return ("in", port)
        return None

    def itemChange(self, change, value):
        if change == QGraphicsItem.ItemPositionHasChanged and self.moved_callback:
            self.moved_callback(self)
        return super().itemChange(change, value)

    # ------------------------------------------------------------------ painting
    def _ensure_text(self):
        if not self._text_dirty:
            return
        self._text_dirty = False
        st = self.state
        self._value_texts, self._meta, self._error_text = [], None, None
        if st is None:
            return
        if st.error is not None:
            self._error_text = _static(st.error, "small", WIDTH - 2 * PAD)
            return
        lines = compact_value(st.text).split("\n")
        n = self._value_lines
        if len(lines) > n:
            lines = lines[:n - 1] + ["…"] if n > 1 else [lines[0].rstrip(",") + " …"]
        self._value_texts = [_static(_elide(line), "mono") for line in lines]
        shape = "(" + ", ".join(map(str, st.shape)) + ")" if st.shape is not None else "?"
        self._meta = _static(f"{shape}   {st.dtype}", "small")

    def paint(self, painter, option, widget=None):
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        selected = bool(option.state & QStyle.State_Selected)
        error = self.has_error
        rect = self._rect
        if lod < LOD_CARD:
            painter.fillRect(rect, theme.NODE_SELECTED if selected else
                             theme.header_color(self.spec.category) if not error
                             else theme.NODE_ERROR)
            return
        header = QRectF(0, 0, WIDTH, HEADER)
        painter.setPen(theme.NO_PEN)
        painter.setBrush(theme.ERROR_BODY_BRUSH if error else theme.BODY_BRUSH)
        painter.drawRoundedRect(rect, 7, 7)
        painter.setBrush(theme.header_brush(self.spec.category, error))
        painter.drawRoundedRect(header, 7, 7)
        painter.drawRect(QRectF(0, HEADER - 8, WIDTH, 8))
        painter.setBrush(Qt.NoBrush)
        painter.setPen(theme.SELECTED_PEN if selected else
                       theme.ERROR_PEN if error else theme.BORDER_PEN)
        painter.drawRoundedRect(rect, 7, 7)
        if lod < LOD_TEXT:
            self._paint_card_name(painter, lod)
            return
        self._paint_text(painter)
        self._paint_ports(painter)

    def _paint_card_name(self, painter, lod):
        """The node's name across the card, as big on screen as at 1:1: at a zoom that
        is too small for the node's text the card still says what it is. The layout is
        kept per font size (one size per zoom level)."""
        pixels = max(1, round(CARD_NAME_PX / lod))
        if self._card_name is None or self._card_name[0] != pixels:
            font, metrics = theme.scaled_font("title", pixels)
            text = metrics.elidedText(self.data.label or self.data.kind, Qt.ElideRight,
                                      WIDTH - 2 * PAD)
            st = QStaticText(text)
            st.setTextFormat(Qt.PlainText)
            st.prepare(font=font)
            self._card_name = (pixels, font, st)
        _, font, st = self._card_name
        size = st.size()
        centre = self._rect.center()
        painter.setFont(font)
        painter.setPen(theme.TEXT)
        painter.drawStaticText(QPointF(centre.x() - size.width() / 2,
                                       centre.y() - size.height() / 2), st)

    def _paint_text(self, painter):
        self._ensure_text()
        painter.setPen(theme.TEXT)
        painter.setFont(theme.font("title"))
        painter.drawStaticText(QPointF(PAD, 5), self._title)
        painter.setPen(theme.TEXT_DIM if not self.has_error else theme.TEXT)
        painter.setFont(theme.font("small"))
        sub = self._subtitle.size().width()
        painter.drawStaticText(QPointF(WIDTH - PAD - sub, 6.5), self._subtitle)
        painter.setPen(theme.TEXT_DIM)
        for i, st in enumerate(self._port_texts):
            painter.drawStaticText(QPointF(PAD + 2, PORT_TOP + i * PORT_ROW + 3), st)
        out_label = "out"
        painter.drawText(QRectF(WIDTH - PAD - 60, PORT_TOP, 58, PORT_ROW),
                         Qt.AlignRight | Qt.AlignVCenter, out_label)
        y = self._ports_bottom + 4
        if self._error_text is not None:
            painter.setPen(theme.NODE_ERROR.lighter(140))
            painter.drawStaticText(QPointF(PAD, y), self._error_text)
            return
        painter.setFont(theme.font("mono"))
        painter.setPen(theme.TEXT_VALUE)
        for st in self._value_texts:
            painter.drawStaticText(QPointF(PAD, y), st)
            y += LINE
        if self._meta is not None:
            painter.setFont(theme.font("small"))
            painter.setPen(theme.TEXT_DIM)
            painter.drawStaticText(QPointF(PAD, y + 1), self._meta)
        painter.setFont(theme.font("badge"))
        for r, key, st in self._badge_rects:
            fill, ink = theme.BADGE.get(key, (theme.NODE_ERROR.darker(220), theme.NODE_ERROR
                                              .lighter(130)))
            painter.setPen(theme.NO_PEN)
            painter.setBrush(fill)
            painter.drawRoundedRect(r, BADGE_H / 2, BADGE_H / 2)
            painter.setPen(ink)
            painter.drawStaticText(QPointF(r.x() + 6, r.y() + 1.5), st)

    def _paint_ports(self, painter):
        for i, port in enumerate(self.ports):
            c = QPointF(0, PORT_TOP + (i + 0.5) * PORT_ROW)
            hot = port == self.hot_port
            painter.setPen(theme.PORT_HOT_PEN if hot else theme.PORT_PEN)
            painter.setBrush(theme.PORT_HOT_BRUSH if hot else theme.PORT_CONNECTED_BRUSH
                             if port in self.connected else theme.PORT_BRUSH)
            painter.drawEllipse(c, PORT_RADIUS, PORT_RADIUS)
        c = QPointF(WIDTH, PORT_TOP + 0.5 * PORT_ROW)
        painter.setPen(theme.PORT_PEN)
        painter.setBrush(theme.PORT_CONNECTED_BRUSH if self._has_consumers()
                         else theme.PORT_BRUSH)
        painter.drawEllipse(c, PORT_RADIUS, PORT_RADIUS)

    def _has_consumers(self):
        return any(e.source is self for e in self.edges)
