import os
import sys

import pytest

# Qt must never need a display: every test runs offscreen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Windows autosave unsaved work for crash recovery: never into the user's own folder.
import tempfile  # noqa: E402

os.environ.setdefault("GRADSTUDIO_RECOVERY_DIR", tempfile.mkdtemp(prefix="gradstudio-recovery-"))


@pytest.fixture(autouse=True)
def _runs_shown_in_place(monkeypatch):
    """A document run is shown in the same turn as its edit unless a test says otherwise
    (a busy machine would otherwise leave an ordinary run pending off the GUI thread, and
    a test reading ``session.result`` right after an edit would see the previous one).
    tests/ui/test_runs_off_thread.py checks the runs that do not finish in time."""
    worker = sys.modules.get("gradstudio.ui.run_worker")
    if worker is not None:
        monkeypatch.setattr(worker, "WAIT_SECONDS", 600.0)
