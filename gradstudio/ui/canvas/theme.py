"""Colours, pens, brushes and fonts of the canvas (a dark theme), made once and shared by
every item so that painting never allocates them."""
from functools import lru_cache

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPen

BACKGROUND = QColor("#1b1d21")
GRID_DOT = QColor("#30353d")
GRID_MAJOR = QColor("#363b44")

NODE_BODY = QColor("#272a30")
NODE_BORDER = QColor("#3b4049")
NODE_SELECTED = QColor("#5aa9ff")
NODE_ERROR = QColor("#e5484d")
NODE_ERROR_BODY = QColor("#3a2326")
TEXT = QColor("#e8eaed")
TEXT_DIM = QColor("#9aa1ab")
TEXT_VALUE = QColor("#c9d4e3")
PORT_FILL = QColor("#1b1d21")
PORT_RING = QColor("#8a93a0")
PORT_HOT = QColor("#ffd166")

EDGE_GRAD = QColor("#ff9f43")
EDGE_PLAIN = QColor("#6e7581")
EDGE_DRAFT = QColor("#ffd166")
CUT = QColor("#e5484d")

REGION_FILL = QColor(90, 169, 255, 22)
REGION_FRAME = QColor("#4f7db3")
REGION_TEXT = QColor("#8fb6e6")

# header colours per palette category
CATEGORY = {
    "sources": QColor("#2f6f5e"),
    "arithmetic": QColor("#3d5a99"),
    "elementwise": QColor("#2f6487"),
    "reduction": QColor("#7a4d94"),
    "linear algebra": QColor("#8a5a2b"),
    "convolution": QColor("#6b4f8a"),
    "shape": QColor("#50606e"),
    "autograd": QColor("#9b3d5a"),
    "comparison": QColor("#5a6b2f"),
    "datasets": QColor("#8a6d1f"),
}
CATEGORY_DEFAULT = QColor("#4a5361")

# badge (fill, text) colours
BADGE = {
    "requires_grad": (QColor("#5c3a17"), QColor("#ffb469")),
    "leaf": (QColor("#17423b"), QColor("#62d6bd")),
    "non-leaf": (QColor("#33373f"), QColor("#b8bfc9")),
    "grad_fn": (QColor("#3b2d5c"), QColor("#c4a8ff")),
    "grad": (QColor("#1f4724"), QColor("#7ee08a")),
    "no_grad": (QColor("#33373f"), QColor("#8c949f")),
    "retains_grad": (QColor("#1c3b57"), QColor("#8cc8ff")),
    "retain_off": (QColor("#2a2f36"), QColor("#7d8fa3")),
    "step": (QColor("#3d3a17"), QColor("#e6d36a")),
    "hidden": (QColor("#0f3a4d"), QColor("#7fd4f5")),     # an exercise's unknown
    "recorded": (QColor("#4a2f1c"), QColor("#f2b27a")),   # the script's value, as data
}


def header_color(category):
    return CATEGORY.get(category, CATEGORY_DEFAULT)


def pen(color, width=1.0, style=Qt.SolidLine, cosmetic=False):
    p = QPen(color, width, style)
    p.setCapStyle(Qt.RoundCap)
    p.setJoinStyle(Qt.RoundJoin)
    p.setCosmetic(cosmetic)
    return p


NO_PEN = QPen(Qt.NoPen)
BODY_BRUSH = QBrush(NODE_BODY)
ERROR_BODY_BRUSH = QBrush(NODE_ERROR_BODY)
BORDER_PEN = pen(NODE_BORDER, 1.0)
SELECTED_PEN = pen(NODE_SELECTED, 2.0)
ERROR_PEN = pen(NODE_ERROR, 2.0)
PORT_PEN = pen(PORT_RING, 1.5)
PORT_HOT_PEN = pen(PORT_HOT, 2.0)
PORT_BRUSH = QBrush(PORT_FILL)
PORT_CONNECTED_BRUSH = QBrush(PORT_RING)
PORT_HOT_BRUSH = QBrush(PORT_HOT)
EDGE_GRAD_PEN = pen(EDGE_GRAD, 2.4)
EDGE_PLAIN_PEN = pen(EDGE_PLAIN, 1.3, Qt.DashLine)
EDGE_GRAD_LOD_PEN = pen(EDGE_GRAD, 1.0, cosmetic=True)
EDGE_PLAIN_LOD_PEN = pen(EDGE_PLAIN, 1.0, cosmetic=True)
EDGE_DRAFT_PEN = pen(EDGE_DRAFT, 2.0, Qt.DashLine)
CUT_PEN = pen(CUT, 3.0)
REGION_PEN = pen(REGION_FRAME, 1.5, Qt.DashLine)
REGION_BRUSH = QBrush(REGION_FILL)
HEADER_BRUSHES = {}


def header_brush(category, error=False):
    key = "!error" if error else category
    brush = HEADER_BRUSHES.get(key)
    if brush is None:
        brush = HEADER_BRUSHES[key] = QBrush(NODE_ERROR if error else header_color(category))
    return brush


@lru_cache(maxsize=None)
def font(role):
    """Fonts by role: title, small, mono, badge, region."""
    if role == "mono":
        f = QFont("DejaVu Sans Mono")
        f.setStyleHint(QFont.Monospace)
        f.setPixelSize(12)
    else:
        f = QFont("DejaVu Sans")
        f.setPixelSize({"title": 14, "small": 11, "badge": 12, "region": 13}[role])
        if role in ("title", "region"):
            f.setBold(True)
    f.setHintingPreference(QFont.PreferNoHinting)
    return f


@lru_cache(maxsize=None)
def metrics(role):
    return QFontMetricsF(font(role))


@lru_cache(maxsize=64)
def _scaled_font(role, pixels):
    f = QFont(font(role))
    f.setPixelSize(pixels)
    return f, QFontMetricsF(f)


def scaled_font(role, pixels):
    """A role's font at another whole pixel size, with its metrics (made once, shared)."""
    return _scaled_font(role, int(pixels))
