"""The canvas's right-click menus: on a node (for one node: call backward() on it, insert
detach() after it, tick or untick requires_grad on a source, keep its .grad with
retain_grad(), rename it; for the selection: wrap in no_grad, take out of its no_grad
region, copy, delete), on a no-grad region's frame (remove the region, keeping its
nodes; select its nodes) and on empty space (add a node there). Every entry is one undo
step."""
from PySide6.QtWidgets import QMenu

from gradstudio.document.catalogue import CATALOGUE
from gradstudio.ui.commands import (AddAction, AddRegion, RemoveRegion, SetParam,
                                   SetRetainsGrad)
from gradstudio.ui.inspector_fields import retain_grad_choice
from gradstudio.ui.i18n import translate

from .regions import take_out

__all__ = ["build_menu"]


def build_menu(canvas, view_pos):
    """The menu for a right-click at ``view_pos`` (viewport coordinates), or None."""
    scene = canvas.scene()
    scene_pos = canvas.mapToScene(view_pos)
    node = scene.node_at(scene_pos)
    if node is not None:
        if not node.isSelected():
            canvas.session.select([node.node_id])
        return _node_menu(canvas)
    region = scene.region_at(scene_pos)
    if region is not None:
        return _region_menu(canvas, region)
    menu = QMenu(canvas)
    menu.addAction(translate("ContextMenu", "Add node here…"), lambda: canvas.open_quick_add(view_pos))
    return menu


def _node_menu(canvas):
    session = canvas.session
    doc = session.document
    ids = canvas.scene().selected_ids()
    name = doc.display_name(ids[0]) if len(ids) == 1 else f"{len(ids)} nodes"
    menu = QMenu(canvas)
    if len(ids) == 1:
        _one_node_entries(canvas, menu, ids[0], name)
        marked = doc.node(ids[0]).retains_grad
        usable, _, tip = retain_grad_choice(session.state(ids[0]), marked)
        keep = menu.addAction(translate("ContextMenu", "Keep .grad: {name}.retain_grad()").format(name=name), lambda: session.push(
            SetRetainsGrad(doc, ids[0], not marked)))
        keep.setCheckable(True)
        keep.setChecked(marked)
        keep.setEnabled(usable)
        keep.setToolTip(tip)
        keep.setStatusTip(tip)
        menu.setToolTipsVisible(True)
        menu.addAction(translate("ContextMenu", "Rename…"), lambda: canvas.rename_requested.emit(ids[0])) \
            .setStatusTip(translate("ContextMenu", "Give the node a name (its variable in the code)"))
        menu.addSeparator()
    outside = [n for n in ids if not doc.in_no_grad(n)]
    if outside:
        menu.addAction(translate("ContextMenu", "Wrap {name} in no_grad").format(name=name),
                       lambda: session.push(AddRegion(doc, ids))).setStatusTip(
            translate("ContextMenu", "Evaluate these nodes inside torch.no_grad()"))
    if len(outside) < len(ids):
        menu.addAction(translate("ContextMenu", "Remove from no_grad region"), lambda: take_out(session, ids)) \
            .setStatusTip(translate("ContextMenu", "Evaluate these nodes with gradients tracked again"))
    menu.addSeparator()
    menu.addAction(translate("ContextMenu", "Copy"), canvas.copy_selection)
    menu.addAction(translate("ContextMenu", "Delete {name}").format(name=name), canvas.delete_selection)
    return menu


def _one_node_entries(canvas, menu, node_id, name):
    """backward(), detach() after it and, on a source, requires_grad."""
    session = canvas.session
    doc = session.document
    menu.addAction(translate("ContextMenu", "{name}.backward()").format(name=name), lambda: session.push(
        AddAction(doc, "backward", {"target": node_id}))).setStatusTip(
        translate("ContextMenu", "Append {name}.backward() to the timeline").format(name=name))
    menu.addAction(translate("ContextMenu", "Insert detach() after {name}").format(name=name), lambda: canvas.insert_detach(node_id)) \
        .setStatusTip(translate("ContextMenu", "Cut the graph: what uses it gets a detached copy"))
    spec = CATALOGUE.get(doc.node(node_id).kind)
    if spec is not None and spec.is_source and "requires_grad" in doc.node(node_id).params:
        tracked = bool(doc.node(node_id).params["requires_grad"])
        toggle = menu.addAction(translate("ContextMenu", "requires_grad: {name}").format(name=name), lambda: session.push(
            SetParam(doc, node_id, "requires_grad", not tracked)))
        toggle.setCheckable(True)
        toggle.setChecked(tracked)
        toggle.setStatusTip(translate("ContextMenu", "Track operations on this leaf for autograd"))
    menu.addSeparator()


def _region_menu(canvas, region):
    session = canvas.session
    rid = region.region_id
    members = [n.node_id for n in region.nodes]   # (ids: the menu must not hold items)
    menu = QMenu(canvas)
    menu.addAction(translate("ContextMenu", "Remove no_grad region"),
                   lambda: session.push(RemoveRegion(session.document, rid))).setStatusTip(
        translate("ContextMenu", "Its nodes stay and are evaluated with gradients tracked again"))
    menu.addAction(translate("ContextMenu", "Select its nodes"),
                   lambda: session.select(members))
    return menu
