"""The graph canvas: nodes with titled headers and ports, curved edges that show where
gradient flows, no-grad regions as framed groups, and the editing and navigation of a
node editor. ``Canvas(session, parent=None)`` is the widget.

Modules by responsibility: ``scene`` mirrors the document by node id; ``node_item``,
``edge_item`` and ``region_item`` draw; ``view`` navigates; ``interactions`` holds the
mouse modes; ``quick_add`` is the Tab search popup; ``canvas`` edits; ``theme`` holds
colours, pens and fonts."""
from .canvas import KIND_MIME, SUBGRAPH_MIME, Canvas
from .scene import CanvasScene

__all__ = ["Canvas", "CanvasScene", "KIND_MIME", "SUBGRAPH_MIME"]
