import gc
import os
import sys
import tempfile

import pytest


def _bytecode_written():
    """A machine that sets ``PYTHONDONTWRITEBYTECODE`` (as the test machine does) made every
    run rewrite every test module's asserts (about 6 s of a run's collection) and every
    interpreter the suite starts compile the GradStudio modules it imports from source
    again (about 1 s for the window's). The suite writes that bytecode, beside the sources
    in ``__pycache__`` (git-ignored), as the start-up benchmark already did, for itself and
    the interpreters it starts, so a file is compiled once and not again until it changes
    (issue 30). (A ``sys.pycache_prefix`` elsewhere would also compile every library again
    into it, torch's included, on its first run.)"""
    sys.dont_write_bytecode = False
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


_bytecode_written()


def _no_huge_pages():
    """numpy asks the kernel for transparent huge pages for every array of 4 MB or more
    (``madvise``), and this machine's kernel then compacts memory to find them at the
    first touch of each page (``defrag`` = ``madvise``): the engine's square root of a
    64 MB array took 2.9 s of system time instead of 0.9 s, and the kernels' bit-for-bit
    checks over millions of floats made a module spend more CPU in the kernel than in
    Python (``tests/engine/test_kernels.py``: 9 s of system time). The values are the
    same either way; the suite and the interpreters it starts ask for ordinary pages
    (issue 30)."""
    os.environ["NUMPY_MADVISE_HUGEPAGE"] = "0"
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy._core.multiarray._set_madvise_hugepage(False)


_no_huge_pages()

# Qt must never need a display: every test runs offscreen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Windows autosave unsaved work for crash recovery: never into the user's own folder.

os.environ.setdefault("GRADSTUDIO_RECOVERY_DIR", tempfile.mkdtemp(prefix="gradstudio-recovery-"))
# ... and the details of an uncaught exception are logged there too, not in the user's.
os.environ.setdefault("GRADSTUDIO_ERROR_LOG",
                      os.path.join(os.environ["GRADSTUDIO_RECOVERY_DIR"], "errors.log"))

# What the user allowed to run (ui/trust.py): never the user's own list either.
os.environ.setdefault("GRADSTUDIO_TRUST_FILE", os.path.join(
    tempfile.mkdtemp(prefix="gradstudio-trust-"), "trusted.json"))


@pytest.fixture(autouse=True)
def _runs_shown_in_place(monkeypatch):
    """A document run is shown in the same turn as its edit unless a test says otherwise
    (a busy machine would otherwise leave an ordinary run pending off the GUI thread, and
    a test reading ``session.result`` right after an edit would see the previous one).
    tests/ui/test_runs_off_thread.py checks the runs that do not finish in time."""
    worker = sys.modules.get("gradstudio.ui.run_worker")
    if worker is not None:
        monkeypatch.setattr(worker, "WAIT_SECONDS", 600.0)


_MODULE = [None]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """At each test module's first test (before its fixtures are made), what is alive is
    frozen out of the cyclic collector's generations, once its garbage is collected: the
    collected test items of the whole suite, the imported modules, torch's and the
    earlier modules' caches (hundreds of thousands of objects: 246,000 for the modules
    of tests/document and tests/engine with torch, before any test item).
    A full collection (``gc.collect()`` in the ownership and dead-item checks, the
    automatic ones, pytest's own at the end) then walks what this module made, not all
    of that again: it cost a few milliseconds or over a second depending on which tests
    ran before (issue 30: test_ownership.py 5.6 -> 1.9 s of CPU after collecting
    tests/document and tests/engine). What a test frees among its own objects is freed as
    before; a cycle through an object older than its module is left alone."""
    module = getattr(item, "module", None)
    if module is not _MODULE[0]:
        _MODULE[0] = module
        gc.collect()
        gc.freeze()
