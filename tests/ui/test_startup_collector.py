"""Python's cyclic garbage collector waits while the window starts (``gc_policy.hold``): what
the start makes lives as long as the window, and the collections it would trigger (some
50 ms) walk it for nothing. Once the window is shown the collector runs again, what the
start made frozen out of its sight (``gc_policy.release``); a start that fails leaves the
collector as it found it."""
import gc
import sys
import types

from gradstudio.app import cli
from gradstudio import gc_policy

from driving import started

# ``gradstudio`` as a user starts it, its event loop replaced by one that reports the
# collections since the command began and the collector's state, then closes the window
_STARTED = r"""
import gc, sys
from PySide6.QtWidgets import QApplication
from gradstudio.app.cli import main
from gradstudio.ui import main_window

collections = []
gc.callbacks.append(lambda phase, info: phase == "start" and collections.append(info))

def exec_and_report(self=None):
    print("collections", len(collections))
    print("enabled", gc.isenabled(), "frozen", gc.get_freeze_count() > 0)
    app = QApplication.instance()
    for _ in range(5):
        app.processEvents()
    window = next(w for w in app.topLevelWidgets() if isinstance(w, main_window.MainWindow))
    window.session.mark_saved()
    window.close()
    return 0

QApplication.exec = exec_and_report
code = main([])
print("after", gc.isenabled())
sys.exit(code)
"""


def test_the_window_starts_without_a_collection_and_then_collects_again(tmp_path):
    assert started(tmp_path, _STARTED).splitlines() == ["collections 0", "enabled True frozen True",
                                        "after True"]


def test_a_start_that_fails_leaves_the_collector_as_it_was(monkeypatch):
    seen = []

    def fail(args):
        seen.append(gc.isenabled())
        raise RuntimeError("no window today")
    fake = types.ModuleType("gradstudio.ui.main_window")
    fake.main = fail
    monkeypatch.setitem(sys.modules, "gradstudio.ui.main_window", fake)
    frozen = gc.get_freeze_count()
    assert gc.isenabled()
    assert cli.main([]) == 1                        # an internal error, in one line
    assert seen == [False]                          # held while the window was starting
    assert gc.isenabled() and gc.get_freeze_count() == frozen


def test_hold_and_release_keep_a_collector_that_was_off_off():
    gc.disable()
    try:
        gc_policy.hold()
        gc_policy.hold()                                 # (one hold)
        gc_policy.release(freeze=False)
        assert not gc.isenabled()
        gc_policy.release()                              # nothing held: nothing done
        assert not gc.isenabled()
    finally:
        gc.enable()
