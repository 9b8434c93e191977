import os
import sys

import pytest

# Qt must never need a display: every test runs offscreen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Windows autosave unsaved work for crash recovery: never into the user's own folder.
import tempfile  # noqa: E402

os.environ.setdefault("GRADSTUDIO_RECOVERY_DIR", tempfile.mkdtemp(prefix="gradstudio-recovery-"))
# ... and the details of an uncaught exception are logged there too, not in the user's.
os.environ.setdefault("GRADSTUDIO_ERROR_LOG",
                      os.path.join(os.environ["GRADSTUDIO_RECOVERY_DIR"], "errors.log"))

# What the user allowed to run (ui/trust.py): never the user's own list either.
os.environ.setdefault("GRADSTUDIO_TRUST_FILE", os.path.join(
    tempfile.mkdtemp(prefix="gradstudio-trust-"), "trusted.json"))


@pytest.fixture(autouse=True)
def _runs_shown_in_place(monkeypatch):
    """A document run is shown in the same turn as its edit unless a test says otherwise
    (a busy machine would otherwise leave an ordinary run pending off the GUI thread, and
    a test reading ``session.result`` right after an edit would see the previous one).
    tests/ui/test_runs_off_thread.py checks the runs that do not finish in time."""
    worker = sys.modules.get("gradstudio.ui.run_worker")
    if worker is not None:
        monkeypatch.setattr(worker, "WAIT_SECONDS", 600.0)
