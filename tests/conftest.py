import os

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
