"""A node on the canvas: a titled header, input ports on the left, the output port on the
right, and a body showing the tensor at the viewed step (compact value, shape and dtype,
and badges for requires_grad, leaf/non-leaf, grad_fn and .grad). A node in error is red
and shows its message on hover. The header gives the name and, when it fits, the node's
expression as the exported code spells it (``x + 2``), else its kind; an unconnected port
that falls back to a number shows it (``other = 2``).

A card is as wide as its header, port names, shape line, badges and value need (the
value's width estimated from its shape and dtype), in four steps from ``MIN_WIDTH`` to
``MAX_WIDTH``; the value preview wraps or is elided to that width. Its size follows what
it shows (badge rows, value lines), never the numbers themselves, so a new run costs
each item a comparison of a few flags: an item whose look did not change keeps its
geometry, and one whose numbers changed is only marked to re-format its text the next
time it is painted close up.

Painting is level-of-detail: zoomed far out a node is one filled rectangle, a little
closer a card showing only its name, in a font that stays readable at that zoom, and
only near 1:1 are the value, ports and badges drawn. Text layouts are ``QStaticText``
objects prepared at paint time, after a change; pens and brushes come from ``theme``."""
import math
import re
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QStaticText, QTextOption
from PySide6.QtWidgets import QGraphicsItem, QStyle

from gradstudio.document.catalogue import CATALOGUE, returns_input
from gradstudio.document.recorded import recorded_words
from gradstudio.document.spelling import brief_literals, number
from gradstudio.ui.plain import plain_tooltip
from gradstudio.document.op_words import kind_doc

from . import theme
from .card import STALE as _STALE
from .card import (BADGE_GAP, BADGE_H, BADGE_PAD, HEADER, LINE, LOOK, MAX_WIDTH, MIN_WIDTH,
                   PAD, PORT_RADIUS, PORT_ROW, PORT_TOP, RESIZED, SAME_NUMBERS_MOST,
                   TITLE_GAP, WIDTH, Card, _advance, _badge_places, badge_width, same_numbers,
                   shape_text)

__all__ = ["NodeItem", "WIDTH", "MIN_WIDTH", "MAX_WIDTH", "HEADER", "PORT_ROW",
           "PORT_RADIUS"]

LOD_CARD = 0.3       # below: one filled rectangle
LOD_TEXT = 0.55      # below: a card with its name only
CARD_NAME_PX = 12.0  # the name's height on screen on a card, whatever the zoom,
CARD_NAME_MIN_PX = 9.0   # ... or down to this for a long name
CARD_NAME_PAD = 4.0

# Qt's methods, looked up once: looking one up on a Qt item's wrapper walks its type's
# bases each time, which thousands of cards after every run notice
_update = QGraphicsItem.update
_prepare_geometry_change = QGraphicsItem.prepareGeometryChange

_SUFFIX = re.compile(r",\s*(requires_grad=True|grad_fn=<\w+>|dtype=[\w.]+|"
                     r"requires_grad=\?|grad_fn=\?)")     # (an exercise's unknowns: "?")


def output_labels(spec, params):
    """The labels of a node's output ports: ``out``; for a custom Function of several
    outputs one per output, its number and what its forward returns there (``0: x * 2``,
    ``1: x ** 2``); for a ``function_output`` node the output it is (``out 1``)."""
    if spec.output_of:
        return (f"out {params.get('index', '?')}",)
    names = spec.outputs(params) if spec.outputs is not None else ()
    if len(names) < 2:
        return ("out",)
    return tuple(f"{k}: {name}" for k, name in enumerate(names))


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


@lru_cache(maxsize=1024)
def _shared(text, role):
    """A prepared one-line text shared by every node showing it (port names, "out")."""
    return _static(text, role)


@lru_cache(maxsize=512)
def _badge(text):
    """A badge's prepared text and width, shared by every node showing it."""
    return _static(text, "badge"), badge_width(text)


def elide_row(line, avail, metrics):
    """``line`` if it fits in ``avail``, else cut after a whole element: ``[1., 2.,…``."""
    if metrics.horizontalAdvance(line) <= avail:
        return line
    end = line.rfind(",")
    while end > 0:
        cut = line[:end + 1] + "…"
        if metrics.horizontalAdvance(cut) <= avail:
            return cut
        end = line.rfind(",", 0, end)
    return metrics.elidedText(line, Qt.ElideRight, avail)


def wrap_row(line, n, avail, metrics):
    """A one-row preview on at most ``n`` lines of ``avail`` width, broken after whole
    elements; what does not fit is elided."""
    out = []
    while line and len(out) < n - 1 and metrics.horizontalAdvance(line) > avail:
        end = line.rfind(",")
        while end > 0 and metrics.horizontalAdvance(line[:end + 1]) > avail:
            end = line.rfind(",", 0, end)
        if end <= 0:
            break
        out.append(line[:end + 1])
        line = " " + line[end + 1:].lstrip()
    out.append(elide_row(line, avail, metrics))
    return out


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


def _code_name(doc, node_id):
    """A node's name in the exported code: an unlabelled requires_grad_ node (or write
    made in place) is its input's tensor and goes by its input's name."""
    data = doc.node(node_id)
    while returns_input(data) and data.label is None:
        source = doc.source_of(node_id, "self")
        if source is None:
            break
        node_id, data = source, doc.node(source)
    return doc.display_name(node_id)


class NodeItem(QGraphicsItem):
    """Mirrors one document node (by id). The scene keeps it in step with the document
    and the run; it never edits anything itself."""

    def __init__(self, data, in_no_grad=False, name=None):
        super().__init__()
        self.node_id = data.id
        self.setFlags(QGraphicsItem.ItemIsSelectable | QGraphicsItem.ItemSendsGeometryChanges)
        self.setCacheMode(QGraphicsItem.NoCache)
        self.setZValue(2)
        self.connected = set()        # connected input ports
        self.consumers = 0            # edges leaving the output port
        self.hot_port = None          # port highlighted during a connection drag
        self.card = Card(in_no_grad)  # the run's state and the look: see ``card``
        self._value_texts = []        # the value's prepared lines (``_ensure_text``),
        self._numbers_shown = None    # ... made for (array, dtype, width, lines)
        self.set_data(data, name)

    # ------------------------------------------------------------------ model
    def set_data(self, data, name=None):
        """Takes the node's kind, params, label and position from the document. The
        header shows ``name`` (the document's ``display_name``: the label, else kind and
        id, as the code, inspector and timeline call it), then the kind."""
        self.data = data
        self.spec = CATALOGUE[data.kind]
        self.ports = list(self.spec.input_names(data.params))
        self.out_labels = output_labels(self.spec, data.params)
        self._title_text = name or data.label or data.kind
        self._subtitle_text = data.kind
        # a port that falls back to a number when unconnected shows it: "other = 2"
        self._constants = {}
        for port in self.spec.inputs:
            value = data.params.get(port.fallback) if port.fallback else None
            if value is not None:
                self._constants[port.name] = f"{port.name} = {number(value)}"
        self._code_key = _STALE        # the inputs' names the code line was made for
        self._code_text = None
        ports = max((_advance(self._constants.get(p, p), "small") for p in self.ports),
                    default=0.0)
        header = (2 * PAD + _advance(self._title_text, "title") + TITLE_GAP +
                  _advance(self._subtitle_text, "small"))
        self._need = math.ceil(max(header, 2 * PAD + 2 + ports + TITLE_GAP +
                                   max(_advance(o, "small") for o in self.out_labels)))
        rows = max(len(self.ports), len(self.out_labels))
        self._ports_bottom = PORT_TOP + max(1, rows) * PORT_ROW
        self.card.head_dirty = True
        self.card.card_name = None
        # (the next run counts as a change: e.g. a detach's edges are checked again)
        if self.card.set_data(rows, self._need, data.kind == "detach",
                              data.retains_grad, data.recorded) & RESIZED:
            self._resized()
        self._tip = None
        self._set_tooltip()
        self.update()
        if self.pos() != QPointF(*data.position):
            self.setPos(QPointF(*data.position))

    def set_state(self, state, in_no_grad=False):
        """Shows a run's state at the viewed step (a ``TensorState``) and returns what
        changed, as ``Card.set_state`` flags (``card.FLOW``: the gradient flow along the
        card's edges may have changed). The scene, which does this for every card after
        every run, calls ``card.set_state`` itself and ``follow`` for a changed card."""
        changed = self.card.set_state(state, in_no_grad)
        if changed:
            self.follow(changed)
        return changed

    def follow(self, changed, repaint=True):
        """Brings the Qt item in step with its card after ``card.set_state`` reported
        ``changed`` (not 0): its geometry, tooltip and a repaint (``repaint`` False: the
        caller updates the scene once instead, as a run shown zoomed out does). (The
        scene calls it for thousands of cards after a run: Qt's methods are looked up
        once, not on the item.)"""
        if changed & RESIZED:
            self._resized()
        elif repaint:
            _update(self)
        if changed & LOOK and (self._tip is not None or self.card.key[1] == "error"):
            self._set_tooltip()

    def _resized(self):
        """The card's size changed: Qt is told before the bounds change (a resized item
        is repainted with them; no ``update`` needed)."""
        card = self.card
        _prepare_geometry_change(self)
        card.shown_bounds = card.bounds
        card.head_dirty = True
        card.card_name = None

    # what the card shows, for the scene and the tests
    state = property(lambda self: self.card.state)
    in_no_grad = property(lambda self: self.card.in_no_grad)
    gives_grad = property(lambda self: self.card.gives_grad)
    takes_grad = property(lambda self: self.card.takes_grad)
    _badges = property(lambda self: self.card.badges)

    @property
    def has_error(self):
        return self.card.has_error

    def _set_tooltip(self):
        """The node's doc on hover, or its error (kept in ``_tip``)."""
        self._tip = self.state.error if self.has_error else None
        if self._tip is not None:
            self.setToolTip(plain_tooltip(f"{self.data.kind}: {self._tip}"))
        else:
            recorded = "" if self.data.recorded is None else \
                "\n\n" + recorded_words(self.data.recorded)
            self.setToolTip(plain_tooltip(f"{self.data.kind} — {kind_doc(self.spec)}{recorded}"))

    # ------------------------------------------------------------------ geometry
    @property
    def badges(self):
        """The card's badges, ``((kind, text), ...)``: requires_grad, leaf or non-leaf,
        the grad_fn's name, retain_grad, .grad, no_grad, gradient cut."""
        return self.card.badges

    @property
    def name(self):
        """The name in the header (the node's name in the code, inspector and timeline)."""
        return self._title_text

    @property
    def port_labels(self):
        """The text drawn beside each input port: its name, or for an unconnected port
        that falls back to a number, the name and the number (``other = 2``)."""
        return tuple(self._constants[p] if p in self._constants and p not in self.connected
                     else p for p in self.ports)

    @property
    def code_text(self):
        """The node's expression as the exported code spells it, with its inputs' names
        (``x + 2``; ``?`` for a missing input), shown in the header beside the name when
        it fits, else the kind is. None until the card is in a scene."""
        self._update_code()
        return self._code_text

    def _update_code(self):
        """Spells the expression again when the inputs' names changed (an edge or a
        rename elsewhere); the params' changes come through ``set_data``."""
        doc = getattr(self.scene(), "document", None)
        if doc is None or not doc.has_node(self.node_id):
            return
        inputs = doc.inputs_of(self.node_id)
        key = tuple(sorted((port, _code_name(doc, src)) for port, src in inputs.items()))
        if key == self._code_key:
            return
        self._code_key = key
        names = dict(key)
        for port in self.ports:
            if port not in names and self.spec.port(port).fallback is None:
                names[port] = "?"
        try:
            with brief_literals():      # (a big literal as torch prints it: bounded)
                # a write or a hook reads as what it does to its input: x[0] = 5 (an
                # arithmetic kind has such lines only when made in place: y.add_(1))
                then = self.spec.then(self.data.params, names, names["self"]) \
                    if self.spec.then is not None and "self" in names else None
                self._code_text = "; ".join(then) if then else \
                    self.spec.code(self.data.params, names)
        except Exception:   # a param the run refuses too: the header shows the kind
            self._code_text = None
        self.card.head_dirty = True

    @property
    def width(self):
        """The card's width in scene units (it follows what the card shows)."""
        return self.card.width

    def boundingRect(self):
        return self.card.shown_bounds

    def input_pos(self, port):
        """A port's position in scene coordinates."""
        i = self.ports.index(port) if port in self.ports else 0
        return self.mapToScene(QPointF(0, PORT_TOP + (i + 0.5) * PORT_ROW))

    def output_pos(self, output=0):
        """Output port ``output``'s position (a custom Function of several outputs has
        one port per output, 0 its own tensor's) in scene coordinates."""
        k = output if 0 <= output < len(self.out_labels) else 0
        return self.mapToScene(QPointF(self.card.width, PORT_TOP + (k + 0.5) * PORT_ROW))

    def port_at(self, scene_pos, slack=5.0):
        """``("out", None)`` (the node's own tensor), ``("out", k)`` (output k of a
        Function of several), ``("in", port)`` or None for a point in scene
        coordinates."""
        p = self.mapFromScene(scene_pos)
        r = PORT_RADIUS + slack
        for k in range(len(self.out_labels)):
            out = QPointF(self.card.width, PORT_TOP + (k + 0.5) * PORT_ROW)
            if abs(p.x() - out.x()) <= r and abs(p.y() - out.y()) <= min(r + 3, PORT_ROW / 2):
                return ("out", k or None)
        if abs(p.x()) <= r:
            for i, port in enumerate(self.ports):
                if abs(p.y() - (PORT_TOP + (i + 0.5) * PORT_ROW)) <= PORT_ROW / 2:
                    return ("in", port)
        return None

    def itemChange(self, change, value):
        # the scene routes the edges and frames that follow a moved card; the card keeps
        # no callback or edge list of its own (no Python cycle between Qt wrappers)
        if change == QGraphicsItem.ItemPositionHasChanged:
            self.card.at = (value.x(), value.y())
            scene = self.scene()
            if scene is not None:
                scene.node_moved(self)
        return super().itemChange(change, value)

    # ------------------------------------------------------------------ text (lazy)
    def _ensure_head(self):
        """The header's and ports' text, fitted to the card's width."""
        if not self.card.head_dirty:
            return
        self.card.head_dirty = False
        avail = self.card.width - 2 * PAD
        title_w = _advance(self._title_text, "title")
        fits = [t for t in (self._code_text, self._subtitle_text)      # code, else kind
                if t and len(t) <= avail    # (no glyph is under a unit wide: not measured)
                and title_w + TITLE_GAP + _advance(t, "small") <= avail]
        if fits:                                           # both fit
            title, sub = self._title_text, fits[0]
        elif title_w <= avail:                             # the name first
            title, sub = self._title_text, None
        else:
            title = theme.metrics("title").elidedText(self._title_text, Qt.ElideRight, avail)
            sub = None
        self._title = _static(title, "title")
        self._subtitle = _shared(sub, "small") if sub else None

    def _ensure_text(self):
        """The body's text for the current state, fitted to the card's width. The value's
        lines are kept when the numbers, dtype, width and number of lines are those they
        were made for (a new run's badges changed, not its numbers)."""
        if not self.card.text_dirty:
            return
        self.card.text_dirty = False
        st = self.state
        value_texts, self._value_texts = self._value_texts, []
        shown, self._numbers_shown = self._numbers_shown, None
        self._meta, self._error_text, self._badge_rects = None, None, []
        if st is None:
            return
        avail = self.card.width - 2 * PAD
        if st.error is not None:
            self._error_text = _static(st.error, "small", avail)
            return
        fitted = (st.dtype, self.card.width, self.card.value_lines)
        if shown is not None and shown[1:] == fitted and same_numbers(shown[0], st.value):
            self._value_texts = value_texts
        else:
            self._value_texts = self._value_lines(st, avail)
        if st.value is not None and st.value.size <= SAME_NUMBERS_MOST:
            self._numbers_shown = (st.value, *fitted)
        self._meta = _shared(f"{shape_text(st.shape)}   {st.dtype}", "small")
        places, _ = _badge_places(self.card.badges, self.card.width)
        self._badge_rects = [
            (QRectF(x, self.card.badge_top + row * (BADGE_H + BADGE_GAP), w, BADGE_H), key,
             _badge(text)[0])
            for (x, row, w), (key, text) in zip(places, self.card.badges)]

    def _value_lines(self, st, avail):
        """A state's value as prepared lines: PyTorch's print text without its suffixes,
        wrapped or elided to ``avail`` and the card's number of value lines."""
        lines = compact_value(st.text).split("\n")
        n, mono = self.card.value_lines, theme.metrics("mono")
        if st.shape is not None and len(st.shape) <= 1:     # one row, wrapped
            lines = wrap_row(" ".join(line.strip() for line in lines), n, avail, mono)
        else:
            if len(lines) > n:
                lines = lines[:n - 1] + ["…"] if n > 1 else [lines[0] + "…"]
            lines = [elide_row(line, avail, mono) for line in lines]
        return [_static(line, "mono") for line in lines]

    # ------------------------------------------------------------------ painting
    def paint(self, painter, option, widget=None):
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        selected = bool(option.state & QStyle.State_Selected)
        error = self.has_error
        rect = self.card.rect
        if lod < LOD_CARD:
            painter.fillRect(rect, theme.NODE_SELECTED if selected else
                             theme.header_color(self.spec.category) if not error
                             else theme.NODE_ERROR)
            return
        header = QRectF(0, 0, self.card.width, HEADER)
        painter.setPen(theme.NO_PEN)
        painter.setBrush(theme.ERROR_BODY_BRUSH if error else theme.BODY_BRUSH)
        painter.drawRoundedRect(rect, 6, 6)
        painter.setBrush(theme.header_brush(self.spec.category, error))
        painter.drawRoundedRect(header, 6, 6)
        painter.drawRect(QRectF(0, HEADER - 8, self.card.width, 8))
        painter.setBrush(Qt.NoBrush)
        painter.setPen(theme.SELECTED_PEN if selected else
                       theme.ERROR_PEN if error else theme.BORDER_PEN)
        painter.drawRoundedRect(rect, 6, 6)
        if lod < LOD_TEXT:
            self._paint_card_name(painter, lod)
            return
        self._paint_text(painter)
        self._paint_ports(painter)

    def _paint_card_name(self, painter, lod):
        """The node's name across the card, as big on screen as at 1:1: at a zoom that
        is too small for the node's text the card still says what it is. A long name
        takes a smaller font (down to ``CARD_NAME_MIN_PX``) before it is elided. The
        layout is kept per zoom level."""
        if self.card.card_name is None or self.card.card_name[0] != lod:
            avail = self.card.width - 2 * CARD_NAME_PAD
            for px in range(int(CARD_NAME_PX), int(CARD_NAME_MIN_PX) - 1, -1):
                font, metrics = theme.scaled_font("title", max(1, round(px / lod)))
                if metrics.horizontalAdvance(self._title_text) <= avail:
                    break
            text = metrics.elidedText(self._title_text, Qt.ElideRight, avail)
            st = QStaticText(text)
            st.setTextFormat(Qt.PlainText)
            st.prepare(font=font)
            self.card.card_name = (lod, font, st)
        _, font, st = self.card.card_name
        size = st.size()
        centre = self.card.rect.center()
        painter.setFont(font)
        painter.setPen(theme.TEXT)
        painter.drawStaticText(QPointF(centre.x() - size.width() / 2,
                                       centre.y() - size.height() / 2), st)

    def _paint_text(self, painter):
        self._update_code()
        self._ensure_head()
        self._ensure_text()
        width = self.card.width
        painter.setPen(theme.TEXT)
        painter.setFont(theme.font("title"))
        painter.drawStaticText(QPointF(PAD, (HEADER - self._title.size().height()) / 2),
                               self._title)
        painter.setFont(theme.font("small"))
        if self._subtitle is not None:
            painter.setPen(theme.TEXT_DIM if not self.has_error else theme.TEXT)
            size = self._subtitle.size()
            painter.drawStaticText(QPointF(width - PAD - size.width(),
                                           (HEADER - size.height()) / 2 + 0.5), self._subtitle)
        for i, label in enumerate(self.port_labels):
            painter.setPen(theme.TEXT if label not in self.ports else theme.TEXT_DIM)
            st = _shared(label, "small")
            painter.drawStaticText(
                QPointF(PAD + 2, PORT_TOP + i * PORT_ROW + (PORT_ROW - st.size().height()) / 2),
                st)
        painter.setPen(theme.TEXT_DIM)
        for k, label in enumerate(self.out_labels):
            out = _shared(label, "small")
            size = out.size()
            painter.drawStaticText(QPointF(width - PAD - size.width(), PORT_TOP + k * PORT_ROW
                                           + (PORT_ROW - size.height()) / 2), out)
        y = self._ports_bottom + 3
        if self._error_text is not None:
            painter.setPen(theme.NODE_ERROR.lighter(140) if self.has_error else theme.TEXT_DIM)
            painter.save()          # (a message longer than the card's lines stays inside)
            painter.setClipRect(self.card.rect)
            painter.drawStaticText(QPointF(PAD, y), self._error_text)
            painter.restore()
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
            painter.drawStaticText(QPointF(r.x() + BADGE_PAD,
                                           r.y() + (BADGE_H - st.size().height()) / 2), st)

    def _paint_ports(self, painter):
        for i, port in enumerate(self.ports):
            c = QPointF(0, PORT_TOP + (i + 0.5) * PORT_ROW)
            hot = port == self.hot_port
            painter.setPen(theme.PORT_HOT_PEN if hot else theme.PORT_PEN)
            painter.setBrush(theme.PORT_HOT_BRUSH if hot else theme.PORT_CONNECTED_BRUSH
                             if port in self.connected else theme.PORT_BRUSH)
            painter.drawEllipse(c, PORT_RADIUS, PORT_RADIUS)
        painter.setPen(theme.PORT_PEN)
        painter.setBrush(theme.PORT_CONNECTED_BRUSH if self.consumers else theme.PORT_BRUSH)
        for k in range(len(self.out_labels)):
            c = QPointF(self.card.width, PORT_TOP + (k + 0.5) * PORT_ROW)
            painter.drawEllipse(c, PORT_RADIUS, PORT_RADIUS)
