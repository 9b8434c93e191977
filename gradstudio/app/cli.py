"""The ``gradstudio`` command."""
import sys


def main(argv=None) -> int:
    print("gradstudio: the desktop window is not built yet; the engine is usable as "
          "'import gradstudio.engine as torch'.", file=sys.stderr)
    return 1
