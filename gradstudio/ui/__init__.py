"""The desktop studio (PySide6 + pyqtgraph). Every widget takes the ``Session`` and reads
the document and its latest run from it; edits go through ``commands``."""
