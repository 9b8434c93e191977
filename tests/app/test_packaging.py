"""A real install, not only an editable one: the wheel carries the examples, the icon, the
desktop entry and the .gsg MIME type, and the package, unpacked from that wheel alone,
finds its examples and its version.

The wheel is built from a copy of the sources with the installed setuptools (no network,
no build isolation, a few seconds)."""
import configparser
import os
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from gradstudio.document.examples import EXAMPLES
from gradstudio.resources import DESKTOP_FILE, ICON_PNG, ICON_SVG, MIME_FILE

ROOT = Path(__file__).resolve().parents[2]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
    "version"]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """The project's wheel, built from a copy of its sources (so no build/ folder is left in
    the checkout and no stale one is packed)."""
    src = tmp_path_factory.mktemp("src")
    (src / "docs").mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE", "docs/description.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "gradstudio", src / "gradstudio",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--no-index", "-q", "-w", str(out), str(src)],
                   check=True, capture_output=True, timeout=300)
    (path,) = out.glob("gradstudio-*.whl")
    return path


def test_the_wheel_carries_the_examples_icon_and_desktop_entry(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    examples = {n for n in names if n.startswith("gradstudio/resources/examples/")}
    assert examples == {f"gradstudio/resources/examples/{name}.gsg" for name in EXAMPLES}
    for resource in ("gradstudio.svg", "gradstudio.png", "gradstudio.desktop",
                     "gradstudio-mime.xml"):
        assert f"gradstudio/resources/{resource}" in names
    assert not any(n.startswith(("resources/", "tests/")) for n in names)


def test_the_wheel_carries_the_mit_license(wheel):
    """The project says MIT: the licence text ships in the wheel and its metadata names it."""
    archive = zipfile.ZipFile(wheel)
    dist_info = f"gradstudio-{VERSION}.dist-info"
    license_text = archive.read(f"{dist_info}/licenses/LICENSE").decode("utf-8")
    assert license_text == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert license_text.startswith("MIT License\n")
    assert "Copyright (c) 2026 GradStudio contributors" in license_text
    metadata = archive.read(f"{dist_info}/METADATA").decode("utf-8").splitlines()
    assert "License-Expression: MIT" in metadata
    assert "License-File: LICENSE" in metadata


def test_the_wheels_long_description_is_short_and_names_no_local_picture(wheel):
    dist_info = f"gradstudio-{VERSION}.dist-info"
    metadata = zipfile.ZipFile(wheel).read(f"{dist_info}/METADATA").decode("utf-8")
    description = metadata.split("\n\n", 1)[1]
    assert description.startswith("# GradStudio") and len(description.splitlines()) < 60
    assert "![" not in description and "resources/" not in description


def test_the_unpacked_wheel_finds_its_examples_and_version(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)          # what pip does with a pure wheel
    code = (
        "import gradstudio, pathlib, sys\n"
        "from gradstudio.document import files, run\n"
        "from gradstudio.ui.window_files import example_paths\n"
        f"assert pathlib.Path(gradstudio.__file__).is_relative_to({str(site)!r})\n"
        "paths = example_paths()\n"
        "result = run(files.load(paths[0]))\n"
        "print(gradstudio.__version__, len(paths), paths[0].name, len(result.order))\n")
    env = dict(os.environ, PYTHONPATH=str(site), QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == [VERSION, str(len(EXAMPLES)), "01_autograd_tutorial.gsg",
                                   "5"]


def test_the_desktop_entry_opens_files_with_the_command_and_its_icon():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str                          # keys are case-sensitive
    entry.read(DESKTOP_FILE, encoding="utf-8")
    d = entry["Desktop Entry"]
    assert (d["Type"], d["Name"], d["Exec"], d["Terminal"]) == \
        ("Application", "GradStudio", "gradstudio %F", "false")
    assert d["Icon"] == ICON_SVG.stem == ICON_PNG.stem
    mime = ET.parse(MIME_FILE).getroot()
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    types = mime.findall("m:mime-type", ns)
    assert [t.get("type") for t in types] == [d["MimeType"].rstrip(";")]
    assert types[0].find("m:glob", ns).get("pattern") == "*.gsg"
    assert all(d[key].endswith(";") for key in ("Categories", "MimeType", "Keywords"))


def test_the_version_is_read_from_pyproject_not_written_twice(tmp_path):
    """A checkout whose pyproject.toml says 9.8.7 reports 9.8.7."""
    (tmp_path / "gradstudio").mkdir()
    shutil.copy(ROOT / "gradstudio" / "__init__.py", tmp_path / "gradstudio" / "__init__.py")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "gradstudio"\n'
                                             'version = "9.8.7"\n', encoding="utf-8")
    proc = subprocess.run([sys.executable, "-c", "import gradstudio; "
                           "print(gradstudio.__version__)"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(tmp_path)))
    assert proc.stdout == "9.8.7\n", proc.stderr
