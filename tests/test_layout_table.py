"""The layout table (in CONTRIBUTING.md, for contributors) matches the tree: every path
it names exists, and every package and top-level module of ``gradstudio`` has a row."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _layout_rows():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([^`]+)` \|", section, flags=re.M)


def test_every_path_in_the_layout_table_exists():
    rows = _layout_rows()
    assert len(rows) >= 6
    missing = [r for r in rows if not (ROOT / r).exists()]
    assert not missing, missing


def test_every_package_and_module_of_gradstudio_has_a_row():
    rows = {r.rstrip("/") for r in _layout_rows()}
    parts = [p for p in (ROOT / "gradstudio").iterdir()
             if (p.is_dir() and (p / "__init__.py").exists())
             or (p.suffix == ".py" and p.name not in ("__init__.py", "__main__.py"))]
    unlisted = [p.name for p in parts if str(p.relative_to(ROOT)) not in rows]
    assert not unlisted, f"not in CONTRIBUTING's layout table: {unlisted}"
