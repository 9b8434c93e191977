"""The layering contract: the engine knows nothing of Qt or networkx, the document
nothing of Qt. Checked statically (every import statement) and dynamically (what a fresh
interpreter has loaded after importing the package)."""
import ast
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1] / "gradstudio"
FORBIDDEN = {
    "engine": {"PySide6", "shiboken6", "pyqtgraph", "networkx", "torch", "gradstudio.document",
               "gradstudio.ui", "gradstudio.app"},
    "document": {"PySide6", "shiboken6", "pyqtgraph", "torch", "gradstudio.ui"},
}


def _imported_modules(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
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


def test_checker_catches_a_violation(tmp_path, monkeypatch):
    """The static checker is not vacuous: a planted Qt import is reported."""
    fake = tmp_path / "gradstudio"
    (fake / "engine").mkdir(parents=True)
    (fake / "engine" / "bad.py").write_text("from PySide6 import QtCore\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", fake)
    assert _violations("engine") == ["engine/bad.py imports PySide6"]
