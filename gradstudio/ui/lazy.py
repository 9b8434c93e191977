"""Modules imported when first used. pyqtgraph takes a fifth of a second to import and
only the plots need it; the panels name it through ``pyqtgraph`` here, which imports it
at the first attribute read (a class that subclasses a pyqtgraph class lives in its own
module, imported where the first such widget is made)."""
import importlib

__all__ = ["pyqtgraph"]


class LazyModule:
    """Stands for the module ``name``; the first attribute read imports it."""

    def __init__(self, name):
        self._name = name

    def __getattr__(self, attr):
        module = importlib.import_module(self._name)
        return getattr(module, attr)


pyqtgraph = LazyModule("pyqtgraph")
