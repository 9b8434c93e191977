import os

# Qt must never need a display: every test runs offscreen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
