"""The timeline's menus: Add (every action kind, from its record: its title, in its
group) and the action list's context menu (insert, duplicate, move and delete the action
under the pointer, each one undo step)."""
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from gradstudio.timeline import ACTIONS
from gradstudio.ui import commands
from gradstudio.ui.document_words import document_word
from gradstudio.ui.i18n import translate

__all__ = ["add_menu", "context_menu", "GROUPS"]

# the Add menu's sections: the autograd lesson's steps, then training's
GROUPS = ("autograd", "training")


def add_menu(menu, add, prefix="add_"):
    """Fills ``menu`` with one entry per action kind, section by section (each named
    ``prefix + kind``); ``add(kind)`` is called when one is chosen. Returns
    ``{kind: QAction}``."""
    entries = {}
    for group in GROUPS:
        for kind in [k for k in ACTIONS.values() if k.group == group]:
            act = QAction(document_word(kind.title), menu)
            act.setObjectName(prefix + kind.name)
            act.triggered.connect(lambda _=False, k=kind.name: add(k))
            menu.addAction(act)
            entries[kind.name] = act
        menu.addSeparator()
    return entries


def context_menu(panel, row):
    """The context menu of the timeline ``panel``'s list at ``row`` (-1: below the last
    action): insert an action after it (entries named ``insert_<kind>``), duplicate it,
    move it up or down, delete it (``duplicate``, ``up``, ``down``, ``delete``). The row is
    selected first, so every entry acts on it."""
    menu = QMenu(panel.list)
    if row >= 0:
        panel.list.setCurrentRow(row)
    else:
        panel.list.setCurrentRow(-1)
    insert = menu.addMenu(translate("TimelineMenu", "Insert after") if row >= 0 else translate("TimelineMenu", "Add"))
    add_menu(insert, panel.add_action, "insert_")
    action_id = panel.current_action_id
    doc = panel.session.document
    action = doc.action(action_id) if action_id is not None else None
    count = panel.list.count()
    entries = (
        ("duplicate", translate("TimelineMenu", "Duplicate"), lambda: _duplicate(panel, action_id),
         action is not None and ACTIONS[action.kind].loop is None),
        ("up", translate("TimelineMenu", "Move up"), lambda: panel.move_selected(-1), action is not None and row > 0),
        ("down", translate("TimelineMenu", "Move down"), lambda: panel.move_selected(+1),
         action is not None and row < count - 1),
        ("delete", translate("TimelineMenu", "Delete"), lambda: panel.remove_action(action_id), action is not None),
    )
    menu.addSeparator()
    for key, text, do, enabled in entries:
        act = menu.addAction(text)
        act.setObjectName(key)
        act.setEnabled(enabled)
        act.triggered.connect(do)
    return menu


def _duplicate(panel, action_id):
    """A copy of the action right after it (a loop marker is not copied alone)."""
    doc = panel.session.document
    action = doc.action(action_id)
    params = {k: list(v) if isinstance(v, list) else v for k, v in action.params.items()}
    command = commands.AddAction(doc, action.kind, params,
                                 doc.timeline.index(action) + 1)
    panel.session.push(command)
    panel.select_action(command.action_id)
