"""The ``gradstudio`` command: with no arguments (or a ``FILE.gsg``) it opens the window."""
import sys


def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or (len(args) == 1 and args[0].endswith(".gsg")):
        from gradstudio.ui.main_window import main as gui_main
        return gui_main(args)
    print("usage: gradstudio [FILE.gsg]", file=sys.stderr)
    return 2
