"""``warn(message)``: a UserWarning at the caller's line outside the engine, where
PyTorch's C++ code reports it (however many engine frames, observed wrappers included,
sit in between)."""
import os
import sys
import warnings

# (the engine's directory: this module sits in its ``_messages`` package)
_ENGINE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def warn(message, category=UserWarning):
    frame, level = sys._getframe(1), 2
    while frame is not None and frame.f_code.co_filename.startswith(_ENGINE_DIR):
        frame, level = frame.f_back, level + 1
    warnings.warn(message, category, stacklevel=level)
