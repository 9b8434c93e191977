"""Every seed notebook runs under the engine and prints exactly what it prints in PyTorch.

``seeds/`` holds the code cells of each notebook in ``../shared/seeds`` verbatim, and
``seeds/notebooks/`` the notebooks' text themselves, both vendored so that a clone alone runs
every test; ``test_vendored_cells_are_verbatim`` checks the cells against the vendored
notebooks, and ``test_vendored_notebooks_match_the_shared_ones`` those against
``../shared/seeds`` when the repository sits beside it. No cell is excluded: none
needs anything the engine lacks. The notebooks draw random numbers without seeding, so
each run seeds the generator first (with several seeds, since the printed gradients
depend on the values drawn). A cell's trailing expression is displayed as IPython
displays it (``<AddBackward0 at 0x...>``).
"""
from pathlib import Path

import pytest

import parity

SEEDS_DIR = Path(__file__).parent / "seeds"
NOTEBOOK_TEXT_DIR = SEEDS_DIR / "notebooks"
SHARED_DIR = Path(__file__).resolve().parents[3] / "shared" / "seeds"
NOTEBOOKS = sorted(SEEDS_DIR.glob("*.py"))
RUN_SEEDS = (0, 1, 1234)
PROGRAMS = [parity.Program(f"{nb.stem}-seed{s}", nb.read_text(encoding="utf-8"), cells=True,
                           seed=s) for nb in NOTEBOOKS for s in RUN_SEEDS]

results, test_notebook_prints_the_same = parity.parity_tests(PROGRAMS)


def test_every_notebook_is_vendored():
    assert [p.stem for p in NOTEBOOKS] == [
        "000_7533cae79749410f", "001_0400395b4afc2d20", "002_6260b20a9b8b3ca4",
        "003_062b1e8a1bc57c72", "004_50bcd5f43ff40d79"]
    assert sorted(p.stem for p in NOTEBOOK_TEXT_DIR.glob("*.txt")) == \
        [p.stem for p in NOTEBOOKS]


def test_vendored_notebooks_match_the_shared_ones():
    """Where the repository sits beside ``shared/`` (a developer's machine, CI), the
    vendored notebook texts are byte for byte the shared ones; a clone alone has only
    the vendored copies, which the other tests use."""
    shared = sorted(SHARED_DIR.glob("*.txt")) if SHARED_DIR.is_dir() else []
    for original in shared:
        vendored = NOTEBOOK_TEXT_DIR / original.name
        assert vendored.read_bytes() == original.read_bytes(), original.name
    assert not shared or len(shared) == len(NOTEBOOKS)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_vendored_cells_are_verbatim(notebook):
    original = NOTEBOOK_TEXT_DIR / (notebook.stem + ".txt")
    text = original.read_text(encoding="utf-8") + "\n"
    cells = notebook.read_text(encoding="utf-8").split("\n# %% ")[1:]
    assert cells
    for cell in cells:
        marker, code = cell.split("\n", 1)
        assert f"{marker}\n{code.rstrip()}\n" in text, f"cell {marker} differs from the notebook"
    assert len(cells) == text.count("In [")

