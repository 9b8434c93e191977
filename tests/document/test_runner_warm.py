"""The session's torch runners (``tests/child_pool.py``) import before they fork what
PyTorch imports lazily on first use, so a script with an optimizer does not pay that
import again in every fork (issue 30); the engine's runner stays the engine alone."""
import pytest

import script_runner

_SHOW = ("import sys\n"
         "print('torch._dynamo' in sys.modules, sys.modules['torch'].__name__)\n")


def test_a_torch_runners_fork_starts_with_what_an_optimizer_imports():
    pytest.importorskip("torch")
    assert script_runner.run_scripts([_SHOW], backend="torch") == [("True torch\n", None)]


def test_the_engines_runner_warms_nothing_of_torch():
    assert script_runner.run_scripts([_SHOW], backend="engine") == [
        ("False gradstudio.engine\n", None)]
