"""The timeline list's context menu (GitHub issue 30): right-click an action to insert one
after it, duplicate it, move it up or down or delete it; each is one undo step, and the
entries that cannot apply are greyed out."""
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMenu

from gradstudio.document import Document
from gradstudio.ui.session import Session
from gradstudio.ui.timeline import TimelinePanel
from gradstudio.ui.timeline_menu import context_menu

from driving import shown


def _panel(qtbot):
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, 2.0], "requires_grad": True}, label="x")
    s = doc.add_node("sum", None, label="s")
    doc.connect(x, s, "self")
    doc.add_action("backward", {"target": s})
    doc.add_action("zero_grad", {"tensor": x})
    session = Session(doc)
    return shown(qtbot, TimelinePanel(session), (900, 420)), doc, session


def _entry(menu, name):
    return menu.findChild(QAction, name)


def _texts(doc):
    return [a.kind for a in doc.timeline]


def test_each_entry_edits_the_timeline_in_one_undo_step(qtbot):
    panel, doc, session = _panel(qtbot)
    first, second = (a.id for a in doc.timeline)
    menu = context_menu(panel, 0)
    _entry(menu, "insert_set_grad_none").trigger()          # Insert after ▸
    assert _texts(doc) == ["backward", "set_grad_none", "zero_grad"]
    session.undo_stack.undo()
    assert _texts(doc) == ["backward", "zero_grad"]

    menu = context_menu(panel, 1)
    _entry(menu, "duplicate").trigger()
    assert _texts(doc) == ["backward", "zero_grad", "zero_grad"]
    assert doc.timeline[2].params == doc.timeline[1].params and doc.timeline[2].id != second
    session.undo_stack.undo()

    menu = context_menu(panel, 1)
    _entry(menu, "up").trigger()
    assert [a.id for a in doc.timeline] == [second, first]
    assert panel.current_action_id == second
    session.undo_stack.undo()
    menu = context_menu(panel, 0)
    _entry(menu, "down").trigger()
    assert [a.id for a in doc.timeline] == [second, first]
    session.undo_stack.undo()

    menu = context_menu(panel, 0)
    _entry(menu, "delete").trigger()
    assert [a.id for a in doc.timeline] == [second]
    session.undo_stack.undo()
    assert [a.id for a in doc.timeline] == [first, second]
    assert panel.list.count() == 2


def test_entries_that_cannot_apply_are_greyed_out(qtbot):
    panel, doc, _ = _panel(qtbot)
    menu = context_menu(panel, 0)
    enabled = {k: _entry(menu, k).isEnabled() for k in ("duplicate", "up", "down", "delete")}
    assert enabled == {"duplicate": True, "up": False, "down": True, "delete": True}
    menu = context_menu(panel, -1)              # below the last action: only Add
    assert not any(_entry(menu, k).isEnabled() for k in ("duplicate", "up", "down", "delete"))
    _entry(menu, "insert_backward").trigger()
    assert _texts(doc)[-1] == "backward"
    panel.add_actions["loop"].trigger()          # a loop marker is not duplicated alone
    row = next(i for i, a in enumerate(doc.timeline) if a.kind == "loop")
    menu = context_menu(panel, row)
    assert not _entry(menu, "duplicate").isEnabled()


def test_right_click_opens_the_menu_on_the_row(qtbot):
    panel, doc, _ = _panel(qtbot)
    shown_menus = []

    def close_menu():
        menu = QApplication.activePopupWidget()
        if not isinstance(menu, QMenu):       # (not open yet: look again)
            QTimer.singleShot(10, close_menu)
            return
        shown_menus.append([a.text() for a in menu.actions()])
        menu.close()
    QTimer.singleShot(0, close_menu)
    rect = panel.list.visualItemRect(panel.list.item(1))
    panel.list.customContextMenuRequested.emit(rect.center())
    assert panel.current_action_id == doc.timeline[1].id
    assert shown_menus and shown_menus[0][0] == "Insert after"
    assert [t for t in shown_menus[0] if t][-4:] == ["Duplicate", "Move up", "Move down",
                                                     "Delete"]
