"""What the README tells a new user to type and where it says things are: every path it
names exists, every module it runs with ``python -m`` is there, its CPU-only PyTorch
command is the one CI's script points to, and its command-line table lists every
command the ``gradstudio`` command has."""
import importlib.util
import re
from pathlib import Path

from gradstudio.app import cli

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CPU_TORCH = ("python -m pip install torch==2.13.0 --index-url "
             "https://download.pytorch.org/whl/cpu")


def _named_paths(text):
    """Paths in inline code (``gradstudio/ui/lazy.py``), image links and ``python
    benchmarks/x.py`` commands."""
    found = set(re.findall(r"`([\w.-]+(?:/[\w.-]+)+/?)`", text))
    found |= set(re.findall(r"\]\(([\w./-]+)\)", text))
    found |= set(re.findall(r"python (benchmarks/[\w.]+\.py)", text))
    return found


def test_every_path_the_readme_names_exists():
    paths = _named_paths(README)
    assert "gradstudio/resources/examples/" in paths and len(paths) > 10   # (not vacuous)
    missing = sorted(p for p in paths if not (ROOT / p).exists())
    assert not missing, f"the README names paths that do not exist: {missing}"


def test_the_path_check_catches_a_folder_that_is_gone():
    assert _named_paths("`resources/examples/` holds ...") == {"resources/examples/"}
    assert not (ROOT / "resources" / "examples").exists()


def test_every_module_the_readme_runs_exists():
    modules = set(re.findall(r"python -m (gradstudio[\w.]*)", README))
    assert {"gradstudio.document.examples", "gradstudio.ui.screenshots"} <= modules
    assert all(importlib.util.find_spec(m) is not None for m in modules), modules


def test_the_cpu_only_torch_command_is_in_the_readme_and_ci_points_to_it():
    assert CPU_TORCH in README
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "--index-url https://download.pytorch.org/whl/cpu" in ci
    # CI itself installs from this machine's own wheels, never from another index
    installs = [line for line in ci.splitlines()
                if "pip install" in line and not line.lstrip().startswith("#")]
    assert installs and not any("--index-url" in line for line in installs)


def test_the_command_line_section_lists_every_command_and_option():
    section = README.split("## The command line", 1)[1].split("\n## ", 1)[0]
    for command in cli.COMMANDS:
        assert f"gradstudio {command}" in section, command
    for option in ("--install-desktop", "--uninstall-desktop", "--lang"):
        assert f"gradstudio {option}" in section
    assert "gradstudio [FILE.gsg|NOTEBOOK.ipynb|SCRIPT.py]" in section
