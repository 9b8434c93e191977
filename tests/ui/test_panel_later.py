"""A panel that follows a signal *later* (an analysis: the Jacobian, a whole backward
pass explained) updates once the emissions have settled, once for many, and not at all
while hidden (it catches up when shown)."""
from PySide6.QtCore import QObject, Signal

from gradstudio.ui.panel import LATER_MS, SessionPanel


class _Source(QObject):
    changed = Signal()


class _Panel(SessionPanel):
    def __init__(self, source):
        super().__init__(None)
        self.calls = 0
        self.refreshes = 0
        self.follow(source.changed, self.update_later, later=True)

    def update_later(self):
        self.calls += 1

    def refresh(self):
        self.refreshes += 1


def test_many_emissions_one_update_after_they_settle(qtbot):
    source = _Source()
    panel = _Panel(source)
    qtbot.addWidget(panel)
    for _ in range(5):
        source.changed.emit()
    assert panel.calls == 0
    qtbot.waitUntil(lambda: panel.calls == 1, timeout=LATER_MS * 10)
    qtbot.wait(LATER_MS * 2)
    assert panel.calls == 1


def test_hidden_it_waits_for_being_shown(qtbot):
    source = _Source()
    panel = _Panel(source)
    qtbot.addWidget(panel)
    panel.set_shown(False)
    source.changed.emit()
    qtbot.wait(LATER_MS * 2)
    assert panel.calls == 0
    panel.set_shown(True)
    assert panel.refreshes == 1
