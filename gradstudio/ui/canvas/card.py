"""What a card shows of a run and how big it is, apart from drawing it: the layout's
measures, a run state's display key, the table of looks shared by every card that looks
the same (badges, width, height, value lines) and ``Card``, the plain object that holds
one card's state and look.

The scene sets every card's state after every run (5,000 cards after an edit of a big
graph). Reading or writing an attribute of a Qt item's Python wrapper costs several times
what it costs on a plain object, so that bookkeeping is done on ``Card`` objects, and a
card's Qt item (``node_item.NodeItem``) is only touched when its look or numbers
changed."""
import math
from functools import lru_cache

from PySide6.QtCore import QRectF

from gradstudio.document.run_state import TensorState

from gradstudio.ui.i18n import translate

from . import theme

__all__ = ["Card", "display_key", "card_look", "same_numbers", "FLOW_KEY", "REPAINT", "LOOK",
           "FLOW", "RESIZED", "WIDER"]

MIN_WIDTH = 120.0
MAX_WIDTH = 162.0    # layout.COLUMN_WIDTH leaves a gap for edges after the widest card
WIDTH = MIN_WIDTH    # the width of a node with nothing to show yet
WIDTH_STEP = (MAX_WIDTH - MIN_WIDTH) / 3
HEADER = 24.0
PORT_ROW = 18.0
PORT_TOP = HEADER + 3.0
PORT_RADIUS = 5.5
PAD = 8.0
LINE = 15.0
BADGE_H = 17.0
BADGE_GAP = 3.0
BADGE_PAD = 4.0      # text inset of a badge, each side
TITLE_GAP = 10.0     # between the title and the kind in the header


@lru_cache(maxsize=4096)
def _advance(text, role):
    return theme.metrics(role).horizontalAdvance(text)


@lru_cache(maxsize=512)
def badge_width(text):
    """A badge's width (its text and inset each side), shared by every card showing it."""
    return _advance(text, "badge") + 2 * BADGE_PAD


@lru_cache(maxsize=1024)
def _badge_places(badges, width):
    """Where each badge sits when the badges flow into rows of a card ``width`` wide:
    ``((x, row, badge width), ...)`` and the number of rows."""
    places, x, row = [], PAD, 0
    for _, text in badges:
        w = badge_width(text)
        if x + w > width - PAD and x > PAD:
            x, row = PAD, row + 1
        places.append((x, row, w))
        x += w + BADGE_GAP
    return tuple(places), (row + 1 if badges else 0)


def _badges_need(badges):
    """The width badges ask for: the widest badge, and the first two side by side."""
    widths = [badge_width(text) for _, text in badges]
    return max(max(widths, default=0.0), sum(widths[:2]) + BADGE_GAP)


def _value_width(shape, dtype):
    """About how wide a value's widest line is, from its shape and dtype alone (the
    numbers are not formatted until the card is painted): a row of ``shape[-1]``
    elements of the width PyTorch usually prints them with."""
    if not shape or not dtype:
        return 0.0
    each = 9 if dtype.startswith(("float", "complex")) else 6 if dtype == "bool" else 5
    chars = shape[-1] * each + 2 * (len(shape) - 1)
    return 2 * PAD + chars * theme.metrics("mono").horizontalAdvance("0")


def preview_lines(shape, dtype=""):
    """How many value lines a tensor of ``shape`` gets (decided without formatting): a
    long vector wraps onto two."""
    if shape is None or len(shape) == 0:
        return 1
    if len(shape) == 1:        # wraps when its one row would not fit the widest card
        return 1 if _value_width(shape, dtype) <= MAX_WIDTH else 2
    if len(shape) == 2:
        return max(1, min(shape[0], 3))
    return 3


def shape_text(shape):
    return "(" + ", ".join(map(str, shape)) + ")" if shape is not None else "?"


def _card_width(need):
    """The card width for a content width: ``MIN_WIDTH`` to ``MAX_WIDTH`` in a few steps,
    so that cards line up and a run that changes a badge seldom moves the edges."""
    steps = math.ceil(max(0.0, need - MIN_WIDTH) / WIDTH_STEP)
    return min(MAX_WIDTH, MIN_WIDTH + steps * WIDTH_STEP)


@lru_cache(maxsize=1024)
def _card_rects(width, height):
    """A card's rectangle and its bounds (with the ports), shared by same-sized cards
    (never modified: making them costs more than a lookup)."""
    rect = QRectF(0, 0, width, height)
    return rect, rect.adjusted(-PORT_RADIUS - 2, -2, PORT_RADIUS + 2, 2)


def display_key(state, in_no_grad, value):
    """Everything about a run's state that decides a card's look except the numbers
    (``value`` is the state's array): two states with the same key give a card of the
    same size, badges and shape line. Its first ``FLOW_KEY`` entries are what the
    gradient flow along the card's edges depends on. Run once per node per run."""
    if state is None:
        return (in_no_grad, "none", None, False)
    if state.error is not None:
        return (in_no_grad, "error", state.error, False)
    if type(state) is TensorState:      # (not an exercise's ``HiddenState``): one call
        return (in_no_grad, "ok", None, *state.flags(),
                None if value is None else value.shape, state.dtype, state.step,
                frozenset())
    return (in_no_grad, "ok", None, state.requires_grad, state.is_leaf, state.grad_fn,
            state.retains_grad, state.grad is not None,
            None if value is None else value.shape, state.dtype, state.step,
            getattr(state, "hidden", frozenset()))   # an exercise's unknowns (``?``)


FLOW_KEY = 4

@lru_cache(maxsize=4096)
def card_look(key, ports, need, detach, marked=False, recorded=None):
    """What a card shows and how big it is, from its display key, its number of input
    ports, the width its header and port names need, whether it is a detach, whether
    it is marked with retain_grad() and the script line a traced value was recorded at
    (or None): ``(badges, width, height, value lines, badge top)``. Shared by every card that looks the same, so a run that changes many cards
    costs a lookup each."""
    in_no_grad, shown, error = key[:3]
    ports_bottom = PORT_TOP + max(1, ports) * PORT_ROW
    body = ports_bottom + 3
    if shown == "none":
        return (), _card_width(need), ports_bottom + 6, 0, body
    if shown == "error":
        lines = min(5, int(_advance(error, "small") / (MAX_WIDTH - 2 * PAD) * 1.15) + 1)
        return (), MAX_WIDTH, body + lines * LINE + PAD, lines, body
    (_, _, _, requires_grad, is_leaf, grad_fn, retains_grad, has_grad, shape, dtype,
     step, hidden) = key
    badges = []
    if "requires_grad" in hidden:      # an exercise asks: "?" until checked
        badges.append(("hidden", "requires_grad ?"))
    elif requires_grad:
        badges.append(("requires_grad", "requires_grad"))
    if "is_leaf" not in hidden:
        badges.append(("leaf", "leaf") if is_leaf else ("non-leaf", "non-leaf"))
    if "grad_fn" in hidden:
        badges.append(("hidden", "grad_fn ?"))
    elif grad_fn:
        badges.append(("grad_fn", grad_fn))
    if retains_grad:
        badges.append(("retains_grad", "retain_grad"))
    elif marked:       # the mark does nothing here: say so rather than hide it
        badges.append(("retain_off", "retain_grad (leaf: no effect)" if requires_grad
                       else "retain_grad left out"))
    if "grad" in hidden:
        badges.append(("hidden", ".grad ?"))
    elif has_grad:
        badges.append(("grad", ".grad ✓"))
    if step is not None:      # computed by a compute step of the timeline, not the forward
        badges.append(("step", f"at step {step}"))
    if in_no_grad:
        badges.append(("no_grad", "no_grad"))
    if detach:
        badges.append(("cut", "✂ gradient cut"))
    if recorded is not None:      # its values are the script's, not the graph's
        badges.append(("recorded", translate("Card", "recorded · line {line}").format(
            line=recorded)))
    badges = tuple(badges)
    lines = preview_lines(shape, dtype)
    meta = _advance(f"{shape_text(shape)}   {dtype}", "small")
    need = max(need, 2 * PAD + meta, 2 * PAD + _badges_need(badges), _value_width(shape, dtype))
    width = _card_width(need)
    badge_top = body + (lines + 1) * LINE + 5
    rows = _badge_places(badges, width)[1]
    height = (badge_top + rows * (BADGE_H + BADGE_GAP) - BADGE_GAP + PAD if rows
              else body + (lines + 1) * LINE + PAD)
    return badges, width, height, lines, badge_top


@lru_cache(maxsize=4096)
def _look(key, ports, need, detach, marked, recorded):
    """``card_look`` and the card's two rectangles (``_card_rects``), in one lookup."""
    look = card_look(key, ports, need, detach, marked, recorded)
    return (*look, *_card_rects(look[1], look[2]))


STALE = object()     # a display key no state has: the next set_state counts as a change

# the most elements whose numbers a new run's array is compared for: beyond, a new array
# counts as new numbers (copying a big array's bytes after every run costs more than the
# text it might save, which is formatted only for a card painted close up)
SAME_NUMBERS_MOST = 4096


def same_numbers(old, new):
    """Whether arrays ``old`` and ``new`` (either may be None) hold the same numbers bit
    for bit, so that their text is the same: every run makes new arrays, and after an
    edit most of a big graph's tensors hold what they held. Compared for arrays of
    numbers up to ``SAME_NUMBERS_MOST`` elements (a bytes comparison, about a
    microsecond); anything else counts as different."""
    return (old is not None and new is not None and old.shape == new.shape and
            old.dtype == new.dtype and new.dtype.kind in "biufc" and
            new.size <= SAME_NUMBERS_MOST and old.tobytes() == new.tobytes())


# what ``Card.set_data`` and ``Card.set_state`` report, as flags
REPAINT = 1          # something the card shows changed: repaint it
LOOK = 2             # its display key changed (badges, error, shape line, ...)
FLOW = 4             # its gives_grad or takes_grad may have changed: re-check its edges
RESIZED = 8          # its size changed (prepareGeometryChange; frames around it follow)
WIDER = 16           # its width changed (its output port moved: edges leaving it follow)


class Card:
    """One card's run state and look, kept off its Qt item (see the module's doc): the
    state shown (``state``, ``in_no_grad``, its display ``key`` and array ``value``),
    the gradient flow flags of its edges, and its look (``badges``, ``width``,
    ``height``, ``value_lines``, ``badge_top``, ``rect``; ``bounds`` is the item's
    bounding rectangle for that look, ``shown_bounds`` the one Qt was last told of,
    which the item sets after telling Qt), the item's position (``at``: the overview and
    the scene's bounds read it without a Qt call per card) and what its item is to
    prepare again for painting (``text_dirty``, ``head_dirty``, ``card_name``)."""

    __slots__ = ("state", "in_no_grad", "key", "value", "text_dirty", "head_dirty",
                 "card_name", "gives_grad", "takes_grad", "detach", "look_args", "badges",
                 "width", "height", "value_lines", "badge_top", "rect", "bounds",
                 "shown_bounds", "at")

    def __init__(self, in_no_grad=False):
        self.state, self.in_no_grad, self.key, self.value = None, in_no_grad, STALE, None
        self.text_dirty = True            # the body's text is to be formatted again
        self.head_dirty = True            # ... the header's and ports' text
        self.card_name = None             # (zoom, font, QStaticText) of the zoomed-out name
        self.gives_grad = self.takes_grad = self.detach = False
        self.look_args = None
        self.badges, self.width, self.height = (), None, None
        self.value_lines, self.badge_top = 0, 0.0
        self.rect = self.bounds = self.shown_bounds = QRectF()
        self.at = (0.0, 0.0)              # the item's position (x, y), kept by the item

    def set_data(self, ports, need, detach, marked, recorded=None):
        """The node's side of its look: its number of input ports, the width its header
        and port names need, whether it is a detach, whether it is marked with
        retain_grad() and the line a traced value was recorded at. The next ``set_state`` counts as a change (e.g. a detach's edges
        are checked again). Returns ``RESIZED`` and ``WIDER`` flags, or 0."""
        self.detach = detach
        self.look_args = (ports, need, detach, marked, recorded)
        self.text_dirty = True
        key = display_key(self.state, self.in_no_grad, self.value)
        changed = self._relayout(key)
        self.key = STALE
        self._update_flow_flags(key)
        return changed

    def set_state(self, state, in_no_grad=False):
        """Shows a run's state at the viewed step (a ``TensorState``). Returns what the
        Qt item and the scene have to follow up, as flags: 0 when nothing changed (a new
        run's array holding the same numbers, ``same_numbers``, is no change);
        ``REPAINT`` alone when only the numbers did (their text is formatted when the
        card is next painted close up); with ``LOOK`` when the display key changed (the
        look comes from a table shared by every card), ``FLOW`` when the card's
        ``gives_grad`` or ``takes_grad`` changed or ``set_data`` asked for a re-check,
        ``RESIZED`` and ``WIDER`` when its size and its width changed."""
        value = state.value if state is not None else None
        key = display_key(state, in_no_grad, value)
        self.state, self.in_no_grad = state, in_no_grad
        if key == self.key:
            if value is not self.value:
                same = same_numbers(self.value, value)
                self.value = value
                if not same:
                    self.text_dirty = True
                    return REPAINT
            return 0
        old, self.key, self.value = self.key, key, value
        self.text_dirty = True
        changed = REPAINT | LOOK | self._relayout(key)
        ok = key[1] == "ok"                     # (``_update_flow_flags``, inlined)
        gives = ok and key[3]
        takes = not self.detach and not key[0] and (not ok or gives)
        if old is STALE or gives != self.gives_grad or takes != self.takes_grad:
            self.gives_grad, self.takes_grad = gives, takes
            changed |= FLOW
        return changed

    def _update_flow_flags(self, key):
        """``gives_grad``: gradient can flow back out of this card's tensor (it computed
        and requires grad); ``takes_grad``: this card passes gradient back to its inputs
        (not a detach, not in a no-grad region, and not a result that needs no grad). An
        edge carries gradient when its source gives and its target takes; the scene
        asks for 10,000 edges after a run, so the flags are kept, not recomputed. Read
        from the display ``key`` (its first ``FLOW_KEY`` entries)."""
        ok = key[1] == "ok"
        self.gives_grad = requires_grad = bool(ok and key[3])
        self.takes_grad = not self.detach and not key[0] and (not ok or requires_grad)

    def _relayout(self, key):
        """Badges, width and height for the node's data and a display key."""
        width, height = self.width, self.height
        (self.badges, self.width, self.height, self.value_lines, self.badge_top, self.rect,
         self.bounds) = _look(key, *self.look_args)
        if width != self.width:
            return RESIZED | WIDER
        return RESIZED if height != self.height else 0

    @property
    def has_error(self):
        """(A node computed at a later timeline step says so, but is not in error.)"""
        return self.state is not None and self.state.error is not None and \
            not self.state.pending
