"""The layering contract: the engine knows nothing of Qt or networkx, nor of the layers
above it; the tracer (which runs in a child process) knows only the engine and the timeline's action
records (which know only the engine); the document
nothing of Qt. Checked statically (every import statement) and dynamically (what a fresh
interpreter has loaded after importing the package). networkx, the document's graph
store, is imported by nothing at start-up: the window starts its import in the background
before building itself, and a document makes its graph at its first node."""
import ast
import os
import pathlib
import subprocess
import sys

import pytest
import gradstudio

from source_trees import parsed

ROOT = pathlib.Path(gradstudio.__file__).resolve().parent      # (installed or not)
FORBIDDEN = {
    "engine": {"PySide6", "shiboken6", "pyqtgraph", "networkx", "torch", "gradstudio.document",
               "gradstudio.trace", "gradstudio.ui", "gradstudio.app"},
    "trace": {"PySide6", "shiboken6", "pyqtgraph", "networkx", "torch", "gradstudio.document",
              "gradstudio.ui", "gradstudio.app"},
    "timeline": {"PySide6", "shiboken6", "pyqtgraph", "networkx", "torch",
                 "gradstudio.document", "gradstudio.trace", "gradstudio.ui", "gradstudio.app"},
    "document": {"PySide6", "shiboken6", "pyqtgraph", "torch", "gradstudio.ui"},
}


def _imported_modules(path):
    tree = parsed(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


def _violations(layer):
    bad = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        for name in _imported_modules(path):
            if any(name == f or name.startswith(f + ".") for f in FORBIDDEN[layer]):
                bad.append(f"{path.relative_to(ROOT)} imports {name}")
    return bad


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_no_forbidden_import_statements(layer):
    assert _violations(layer) == []


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_forbidden_modules_not_loaded(layer):
    code = (
        "import sys, importlib; importlib.import_module('gradstudio.%s'); "
        "print(' '.join(sorted(m for m in sys.modules)))" % layer
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(out.stdout.split())
    hits = sorted(m for m in loaded for f in FORBIDDEN[layer] if m == f or m.startswith(f + "."))
    assert hits == []


def test_networkx_is_imported_only_by_the_graph_store():
    """One module imports networkx (``document.graph_store``), inside a function: what
    imports the package or the window's modules does not wait for networkx's import."""
    where = sorted({str(path.relative_to(ROOT)) for path in sorted(ROOT.rglob("*.py"))
                    for name in _imported_modules(path)
                    if name == "networkx" or name.startswith("networkx.")})
    assert where == ["document/graph_store.py"]
    tree = parsed(ROOT / "document" / "graph_store.py")
    assert not [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom)) and
                any(a.name.startswith("networkx") for a in n.names)]


def test_an_empty_document_and_the_window_modules_load_no_networkx():
    code = ("import sys; import gradstudio.ui.main_window; from gradstudio.document import "
            "Document; d = Document(); d.has_node('n1'); d.edges(); d.topological_order(); "
            "d.nodes(); d.clear(); assert 'networkx' not in sys.modules, 'early'; "
            "d.add_node('ones'); print('networkx' in sys.modules)")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["True"]           # (the first node made the graph)


def test_a_window_on_an_empty_document_builds_without_networkx():
    """Building the window and its panels on a new, empty document asks the graph store
    nothing it must import networkx for (``has_node``, not ``in document.graph``): the
    import stays in the background until a file with nodes needs it."""
    code = ("import sys; from PySide6.QtWidgets import QApplication; "
            "from gradstudio.ui.main_window import MainWindow; app = QApplication([]); "
            "w = MainWindow(); w.show(); app.processEvents(); "
            "print('networkx' in sys.modules)")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split()[-1] == "False"


# The window as ``gradstudio`` starts it (the tutorial opened and run, every dock laid out),
# its event loop replaced by one that paints, steps through the backward pass, arranges
# the graph and closes the window; then it prints the modules loaded.
_STARTED = r"""
import sys
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
from gradstudio.ui import main_window

class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and isinstance(obj, main_window.MainWindow):
            # networkx at the first frame, and the tutorial's nodes
            print("networkx" in sys.modules, len(obj.session.document.node_ids))
            QApplication.instance().removeEventFilter(self)
        return False


def exec_a_while(self=None):
    app = QApplication.instance()
    first_paint = FirstPaint()          # (the window is shown, not painted yet)
    app.installEventFilter(first_paint)
    window = next(w for w in app.topLevelWidgets() if isinstance(w, main_window.MainWindow))
    for _ in range(20):
        app.processEvents()
    session = window.session
    session.select([session.document.node_ids[-1]])
    window.step_through()
    window.edits.arrange()
    for _ in range(20):
        app.processEvents()
    assert session.current_walk() is not None and window.autograd_view.items
    session.mark_saved()            # (closing asks nothing)
    window.close()
    return 0

QApplication.exec = exec_a_while
main_window.main([])
print(" ".join(sorted(sys.modules)))
"""


def test_the_window_paints_before_networkx_is_imported_then_opens_the_tutorial(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CACHE_HOME=str(tmp_path / "cache"))
    out = subprocess.run([sys.executable, "-c", _STARTED], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    first, modules = out.stdout.splitlines()[-2:]
    assert first == "False 0"           # the first frame: no networkx yet, no tutorial
    loaded = set(modules.split())
    assert "networkx" in loaded         # (then the tutorial opened, stepped, arranged)
    assert "gradstudio.ui.autograd_view" in loaded and "gradstudio.document.walk" in loaded


def test_checker_catches_a_violation(tmp_path, monkeypatch):
    """The static checker is not vacuous: a planted Qt import is reported."""
    fake = tmp_path / "gradstudio"
    (fake / "engine").mkdir(parents=True)
    (fake / "engine" / "bad.py").write_text("from PySide6 import QtCore\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", fake)
    assert _violations("engine") == ["engine/bad.py imports PySide6"]


# ----------------------------------------------------------------------------- contracts
def _module_name(path, root):
    rel = path.relative_to(root.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(package_dir):
    """Module -> the modules of the same package it imports, from every import statement
    anywhere in the file (function-level ones too), relative ones resolved."""
    modules = {_module_name(p, package_dir): p for p in package_dir.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = pkg.split(".")[:len(pkg.split(".")) - node.level + 1]
                    mod = ".".join(base + ([node.module] if node.module else []))
                else:
                    mod = node.module or ""
                for alias in node.names:
                    sub = f"{mod}.{alias.name}"
                    found.add(sub if sub in modules else mod)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[name] = sorted(m for m in found if m in modules and m != name)
    return graph


def find_cycle(graph):
    """One import cycle as a list of modules, or None."""
    state, stack = {}, []

    def visit(m):
        state[m] = "open"
        stack.append(m)
        for n in graph[m]:
            if state.get(n) == "open":
                return stack[stack.index(n):] + [n]
            if n not in state:
                cycle = visit(n)
                if cycle:
                    return cycle
        state[m] = "done"
        stack.pop()
        return None

    for m in sorted(graph):
        if m not in state:
            cycle = visit(m)
            if cycle:
                return cycle
    return None


def test_the_engine_has_no_import_cycle():
    cycle = find_cycle(import_graph(ROOT / "engine"))
    assert cycle is None, " -> ".join(cycle)


def test_the_cycle_finder_finds_a_planted_cycle(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .a import x\n")
    assert find_cycle(import_graph(pkg)) == ["pkg.a", "pkg.b", "pkg.a"]


def _engine_private_names():
    from gradstudio.engine import Tensor
    names = set()
    for cls in Tensor.__mro__:
        names.update(getattr(cls, "__slots__", ()))
        names.update(vars(cls))
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def _private_module(name):
    parts = name.split(".")
    return parts[:2] == ["gradstudio", "engine"] and any(p.startswith("_") for p in parts[2:])


def private_engine_uses(root, private_names):
    """``file: line: what`` for each import of a private engine module and each read of a
    private attribute of a tensor (``x._data``) outside ``gradstudio/engine``; ``self._x``
    and ``cls._x`` are a class's own fields and not counted."""
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[0] == "engine":
            continue
        tree = parsed(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module] if _private_module(node.module) else \
                    [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                names = []
            for name in names:
                if _private_module(name):
                    found.append(f"{rel}:{node.lineno}: imports {name}")
            if isinstance(node, ast.Attribute) and node.attr in private_names and not (
                    isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(f"{rel}:{node.lineno}: reads .{node.attr}")
    return found


def test_nothing_outside_the_engine_uses_its_private_parts():
    assert private_engine_uses(ROOT, _engine_private_names()) == []


def test_the_private_use_checker_sees_a_planted_use(tmp_path):
    fake = tmp_path / "gradstudio"
    (fake / "document").mkdir(parents=True)
    (fake / "document" / "bad.py").write_text(
        "from gradstudio.engine._ops.record import OPS\n"
        "from gradstudio.engine import _ops\n"
        "def f(t):\n    return t._data, self._data\n")
    assert private_engine_uses(fake, _engine_private_names()) == [
        "document/bad.py:1: imports gradstudio.engine._ops.record",
        "document/bad.py:2: imports gradstudio.engine._ops",
        "document/bad.py:4: reads ._data"]
