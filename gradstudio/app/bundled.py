"""The bundled examples by name, for the command line: ``gradstudio examples`` lists them
and ``run``, ``explain`` and ``export`` take an example's name (``01_autograd_tutorial``,
with or without ``.gsg``, or without its number: ``retain_graph``) wherever no such file
exists in the current folder, so the README's commands work right after ``pip install``."""
from pathlib import Path

from gradstudio.resources import EXAMPLES_DIR

__all__ = ["example_files", "example_file", "listing"]

SUFFIX = ".gsg"


def example_files():
    """Every bundled example's path, in the order of their numbers."""
    return sorted(Path(EXAMPLES_DIR).glob(f"*{SUFFIX}"))


def _short(stem):
    """``05_retain_graph`` -> ``retain_graph``."""
    return stem.lstrip("0123456789").lstrip("_")


def example_file(word):
    """The path of the bundled example ``word`` names, or None. A file ``word`` in the
    current folder (or anywhere it points) always wins: callers ask only when it is
    missing."""
    if not word or "/" in word or "\\" in word:
        return None
    stem = word[:-len(SUFFIX)] if word.lower().endswith(SUFFIX) else word
    for path in example_files():
        if stem in (path.stem, _short(path.stem)):
            return path
    return None


def listing():
    """``gradstudio examples``' text: each example's file name and title, then how to use
    one."""
    from gradstudio.document.examples import TITLES
    paths = example_files()
    width = max((len(p.name) for p in paths), default=0)
    lines = [f"{p.name:<{width}}  {TITLES.get(p.stem, _short(p.stem).replace('_', ' '))}"
             for p in paths]
    lines += ["", f"(in {EXAMPLES_DIR})",
              "run, explain and export take a name where a file goes "
              "('gradstudio run 01_autograd_tutorial.gsg',",
              "'gradstudio explain retain_graph'); a file of that name in the current "
              "folder comes first."]
    return "\n".join(lines) + "\n"
