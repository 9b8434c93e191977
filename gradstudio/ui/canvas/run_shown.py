"""The run on the canvas: each card shows its node's state at the step viewed (value,
badges, size), each edge whether gradient flows along it. ``show_run`` does it in place
on a scene's cards, following up only what changed: 10,000 cards take one call each."""
from PySide6.QtWidgets import QGraphicsItem

from gradstudio.document.explain import why_no_graph
from gradstudio.document.walk import flow_text, grad_fn_summary
from gradstudio.ui.plain import plain_tooltip
from gradstudio.ui.i18n import translate
from gradstudio.document.op_words import kind_doc

from .card import FLOW, REPAINT, RESIZED, WIDER
from .node_item import NodeItem

__all__ = ["show_run", "node_tooltip", "walk_marks", "check_marks"]


def show_run(scene, node_ids=None):
    """``CanvasScene.apply_run``: the session's run at the viewed step on every card
    and edge of ``scene`` (or on the cards of ``node_ids``), in place, following up
    only what changed."""
    session, doc = scene.session, scene.document
    if node_ids is None or len(scene.nodes) >= 2 * scene.drawing.batch_nodes:
        # (while a big graph is drawn, the overview is made again only each time the
        # cards have doubled: making it walks every card)
        scene.drawing.batch = None
    if session.result is None:
        return
    nodes = scene.nodes
    chosen = scene.cards if node_ids is None else \
        {n: scene.cards[n] for n in node_ids if n in scene.cards}
    states = session.states(chosen)
    no_grad = set().union(*(r.nodes for r in doc.regions.values()))  # doc.in_no_grad
    flowed, wider, resized = [], [], []
    # the cards are plain objects (see ``card``); Qt's methods are looked up once.
    # The cards and edges to repaint are collected, and many of them (or any, zoomed
    # out: the items draw nothing there, the overview is drawn again whole) are one
    # scene update at the end: each ``QGraphicsItem.update`` costs Qt a pass over that
    # item in the next frame, visible or not (``_repainted``)
    update, follow = QGraphicsItem.update, NodeItem.follow
    repaint = []
    again, changed = repaint.append, False
    for node_id, card in chosen.items():
        change = card.set_state(states.get(node_id), node_id in no_grad)
        if change == REPAINT:                     # new numbers, same look
            again(nodes[node_id])
            changed = True
        elif change:
            changed = True
            follow(nodes[node_id], change, False)
            if not change & RESIZED:      # (a resized card is repainted with its bounds)
                again(nodes[node_id])
            if change & FLOW:
                flowed.append(node_id)
            if change & RESIZED:
                resized.append(node_id)
                if change & WIDER:
                    wider.append(node_id)
    edges, edges_of = scene.edges, scene.edge_keys
    for node_id in wider:          # the output port moved with the width
        for key in edges_of[node_id]:
            if key[0] == node_id:
                scene.route(edges[key])
    if flowed:
        _flow_edges(scene, flowed, again)
    if resized and scene.regions_of:
        frames = {}
        for node_id in resized:    # node heights follow their badges
            for region in scene.regions_of.get(node_id, ()):
                frames[id(region)] = region
        for region in frames.values():
            region.update_frame()
    _repainted(scene, repaint, changed, update)


def _flow_edges(scene, flowed, again):
    """The edges at the cards of ``flowed`` (whose gradient flow changed) carry a
    gradient or not as their ends now do; ``again(edge)`` repaints each that changed."""
    edges, cards, edges_of = scene.edges, scene.cards, scene.edge_keys
    if 2 * len(flowed) > len(cards):     # (most cards: every edge, no set made)
        pairs = edges.items()
    else:
        keys = set()
        for node_id in flowed:
            keys.update(edges_of[node_id])
        pairs = ((key, edges[key]) for key in keys)
    for key, edge in pairs:    # (``_set_flow``, inlined: 10,000 edges a run)
        flow = cards[key[0]].gives_grad and cards[key[1]].takes_grad
        if flow != edge.carries_grad:
            edge.carries_grad = flow       # (``EdgeItem.set_flow``)
            again(edge)


BATCH_UPDATES = 2000    # items to repaint from which one scene update costs less


def _repainted(scene, items, changed, update):
    """Repaints ``items`` after a run: zoomed out (the overview), or when there are at
    least ``BATCH_UPDATES``, with one update of the whole scene (``changed``: whether
    the run changed anything shown); else one ``update`` each."""
    if scene.overview or len(items) >= BATCH_UPDATES:
        if changed or items:
            scene.update()
        return
    for item in items:
        update(item)


def node_tooltip(doc, result, item, step):
    """A card's tooltip: its kind and doc, and what its grad_fn computes in backward (its
    rule, in the document's names) at ``step``, or why it has none
    (``explain.why_no_graph``)."""
    lines = grad_fn_summary(doc, result, item.node_id, step)
    return plain_tooltip(f"{item.data.kind} — {kind_doc(item.spec)}" + (
        translate("RunShown", "\n\ngrad_fn: ") + "\n".join(lines) if lines else
        translate("RunShown", "\n\nWhy no grad_fn: ") + why_no_graph(doc, result, item.node_id, step)))


def walk_marks(session):
    """The marks of the step-through's node (the leaf, for an AccumulateGrad), tagged
    with the grad_fn running and the gradient it received; None when no step runs."""
    walk, at = session.current_walk(), session.walk
    if walk is None or not at[1]:
        return None
    step = walk.steps[at[1] - 1]
    tags = [(step.name, "running"), ("grad " + flow_text(step.received), "running")]
    return [(n, "running", tags) for n in step.highlighted if n is not None]


def check_marks(verdicts):
    """``{node id: passed}`` as marks: "gradcheck ✓" (green) or "gradcheck ✗" (amber)."""
    return [(n, "gained" if ok else "lost",
             [(translate("RunShown", "gradcheck ✓") if ok else translate("RunShown", "gradcheck ✗"), "gained" if ok else "lost")])
            for n, ok in verdicts.items()]
