"""Editing no-grad regions from the canvas: which region a dragged node joins or leaves,
and one undo step for a move together with the membership it changes (a region whose
last node leaves is removed in the same step)."""
from gradstudio.ui.commands import MoveNodes, RemoveRegion, SetRegionNodes
from gradstudio.ui.i18n import translate

__all__ = ["LEAVE_SLACK", "smallest_frame_at", "plan_membership", "push_region_edit",
           "take_out"]

LEAVE_SLACK = 24.0   # a member leaves once its centre is this far outside the frame


def smallest_frame_at(frames, point, exclude=()):
    """The id of the smallest frame (``{region id: QRectF}``) containing ``point``, or
    None: with nested or overlapping regions the innermost one."""
    best, area = None, None
    for rid, rect in frames.items():
        if rid in exclude or rect.isNull() or not rect.contains(point):
            continue
        a = rect.width() * rect.height()
        if area is None or a < area:
            best, area = rid, a
    return best


def plan_membership(regions, frames, centres, travelling=()):
    """The region memberships a drag changes: ``{region id: new set of nodes}`` for every
    region that gains or loses a node (an empty set: its last node left).

    ``regions`` maps region id to its current node set, ``frames`` to its frame as it was
    when the drag began, ``centres`` each dragged node id to ``(centre at the start,
    centre now)``. A dragged member whose centre is now clearly outside its region's frame
    leaves it; a dragged node whose centre entered a frame it was not in joins that region
    (the innermost, if several). Regions in ``travelling`` move with the drag and change
    nothing."""
    new = {}
    for node, (start, now) in centres.items():
        for rid, members in regions.items():
            if node not in members or rid in travelling or frames[rid].isNull():
                continue
            s = LEAVE_SLACK
            if not frames[rid].adjusted(-s, -s, s, s).contains(now):
                new.setdefault(rid, set(members)).discard(node)
        entered = {rid: rect for rid, rect in frames.items()
                   if node not in regions[rid] and rid not in travelling
                   and not rect.contains(start)}
        rid = smallest_frame_at(entered, now)
        if rid is not None:
            new.setdefault(rid, set(regions[rid])).add(node)
    return {rid: nodes for rid, nodes in new.items() if nodes != regions[rid]}


def push_region_edit(session, text, memberships, moves=None):
    """Pushes ``moves`` (``{node id: (x, y)}``) and the new ``memberships`` as one undo
    step named ``text``; a region left empty is removed."""
    doc, stack = session.document, session.undo_stack
    stack.beginMacro(text)
    try:
        if moves:
            stack.push(MoveNodes(doc, moves, merge=False))
        for rid, nodes in memberships.items():
            stack.push(SetRegionNodes(doc, rid, nodes) if nodes else RemoveRegion(doc, rid))
    finally:
        stack.endMacro()


def take_out(session, node_ids):
    """Takes nodes out of every no-grad region holding them (one undo step); returns
    whether anything changed."""
    doc = session.document
    chosen = set(node_ids)
    memberships = {rid: r.nodes - chosen for rid, r in doc.regions.items()
                   if r.nodes & chosen}
    if not memberships:
        return False
    names = [doc.display_name(n) for n in node_ids
             if any(n in doc.regions[rid].nodes for rid in memberships)]
    push_region_edit(session, translate("Regions", "Take {v} out of no_grad").format(v=_names(names)), memberships)
    return True


def _names(names):
    return names[0] if len(names) == 1 else f"{len(names)} nodes"
